"""Time labyrinth-pnp commands in fresh processes and report peak memory.

Run: `make bench` (or `python benchmarks/run.py [--runs N]`). Prints one line per command:
median and best wall time over N runs, and the peak resident memory of the slowest run.
Figures are recorded in docs/benchmarks.md; nothing here asserts a target.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_once(args: list[str], cwd: Path) -> tuple[float, float]:
    """Run the CLI once; return (seconds, peak RSS in MB)."""
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", *args], cwd=cwd,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"command failed: labyrinth-pnp {' '.join(args)}\n"
                         f"{proc.stderr.read().decode() if proc.stderr else ''}")
    return elapsed, usage.ru_maxrss / 1024


PLAN = str(ROOT / "content" / "paper-labyrinth" / "plans" / "plan_4x5_river_and_gully.txt")

CASES = [
    ("--help", ["--help"], 0.15),
    ("build magic-labyrinth --lang all", ["build", "magic-labyrinth", "--lang", "all"], 1.0),
    ("  the same, pieces only (no rulebooks)",
     ["build", "magic-labyrinth", *[f"--part={p}" for p in
                                    ("tokens", "formulas", "counters", "score-sheet", "tiles")]],
     1.0),
    ("build goblin-slayer", ["build", "goblin-slayer"], 2.0),
    ("build paper-labyrinth", ["build", "paper-labyrinth"], 2.0),
    ("build --part rules (six rulebooks)", ["build", "--part", "rules"], 1.5),
    ("build (every game, every part)", ["build"], 2.0),
    ("plan check (one 4x5 plan)", ["plan", "check", PLAN], 0.3),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--only", help="run only cases whose name contains this")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, {args.runs} runs each")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        for name, argv, target in CASES:
            if args.only and args.only not in name:
                continue
            runs = [run_once(argv, cwd) for _ in range(args.runs)]
            times = [t for t, _ in runs]
            peak = max(m for _, m in runs)
            median = statistics.median(times)
            verdict = "ok" if median <= target else "OVER"
            print(f"{name:45s} median {median:6.3f} s  best {min(times):6.3f} s  "
                  f"peak {peak:6.1f} MB  target ≤ {target:g} s {verdict}")


if __name__ == "__main__":
    main()

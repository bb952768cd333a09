"""Print throughput figures of the plan checker: check, random generation, one CLI call.

Run: `.venv/bin/python benchmarks/bench_plan.py`. Targets: checking 4×5 plans >= 5,000 plans/s
in process; `plan random` >= 200 valid plans/s; one `plan check FILE` CLI call in a fresh
process <= 0.3 s of wall time.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.plan.check import check_plan  # noqa: E402
from generator.plan.gridtext import write_grid  # noqa: E402
from generator.plan.randomplan import random_plan  # noqa: E402


def bench_check(count: int = 5000) -> float:
    """Return plans checked per second on random 4×5 plans."""
    texts = [write_grid(random_plan(4, 5, seed=i)) for i in range(200)]
    start = time.perf_counter()
    for i in range(count):
        report = check_plan(texts[i % len(texts)], "bench.txt")
        assert report.valid
    return count / (time.perf_counter() - start)


def bench_random(count: int = 1000) -> float:
    """Return valid 4×5 random plans made (and written as grid text) per second."""
    start = time.perf_counter()
    for i in range(count):
        write_grid(random_plan(4, 5, seed=10_000 + i))
    return count / (time.perf_counter() - start)


def bench_cli(runs: int = 5) -> float:
    """Return the best wall time of one `plan check FILE` call in a fresh process."""
    plan = ROOT / "content" / "paper-labyrinth" / "plans" / "plan_4x5_river_and_gully.txt"
    script = shutil.which("labyrinth-pnp", path=str(Path(sys.executable).parent))
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "plan.txt"
        target.write_bytes(plan.read_bytes())
        command = [sys.executable, "-m", "generator.plan.cli", "check", str(target)]
        if script and _has_plan_group(script):
            command = [script, "plan", "check", str(target)]
        best = float("inf")
        for _ in range(runs):
            start = time.perf_counter()
            result = subprocess.run(command, capture_output=True, cwd=ROOT, check=False)
            best = min(best, time.perf_counter() - start)
            assert result.returncode == 0, result.stderr.decode()
    print(f"  (command: {' '.join(command[:4])} …)")
    return best


def _has_plan_group(script: str) -> bool:
    result = subprocess.run([script, "plan", "--help"], capture_output=True, check=False)
    return result.returncode == 0


def main() -> None:
    """Run every benchmark and print the figures next to their targets."""
    check_rate = bench_check()
    print(f"check, 4×5 plans in process: {check_rate:8.0f} plans/s (target >= 5000)")
    random_rate = bench_random()
    print(f"plan random, 4×5:            {random_rate:8.0f} plans/s (target >= 200)")
    cli_time = bench_cli()
    print(f"plan check FILE, fresh CLI:  {cli_time:8.3f} s       (target <= 0.3)")


if __name__ == "__main__":
    main()

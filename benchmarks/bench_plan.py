"""Print throughput figures of the plan checker: check, random generation, one CLI call.

Run: `.venv/bin/python benchmarks/bench_plan.py` (about 10 s; `--help` for the options).
Targets: checking random valid 4×5 plans >= 20× as fast as the naive reference checker, run
alternately (12,000 plans/s on a good day: an absolute rate misses on a busy day); `plan
random` >= 200 valid plans/s; one `plan check FILE` CLI call in a fresh process is timed, its
target is the 'plan check' case of run.py (against the yardstick).

The check figure is what `plan check` does with each file: `check_plan` on its bytes (decode,
read the grid text, run every rule), here on distinct random valid 4×5 plans. Since the speed
of the machine varies from day to day, each round also times the straightforward reference
checker of `naive_plan_check.py` (same verdict, one search per cell for reachability) on the
same plans, alternating with the checker; the ratio of the two is the figure to compare
across days. Rates are the best round of each; the ratio is the median of the rounds' ratios.
For scale: before its speed-up (commit 8e2e739) the checker ran at about 10× the naive
reference (4,900-7,700 plans/s, depending on the day); since, at about 25×.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from naive_plan_check import naive_valid  # noqa: E402

from generator.plan.checker.check import check_plan  # noqa: E402
from generator.plan.making.randomplan import random_plan  # noqa: E402
from generator.plan.text.gridtext import write_grid  # noqa: E402

CHECK_TARGET = 20.0  # × the naive reference, run alternately (12,000 plans/s on a good day)
RANDOM_TARGET = 200


def sample_plans(count: int, seed: int = 0) -> list[bytes]:
    """Return the UTF-8 grid text of count distinct random valid 4×5 plans."""
    return [write_grid(random_plan(4, 5, seed=seed + i)).encode("utf-8") for i in range(count)]


def _rate(check: Callable[[bytes], bool], plans: list[bytes], passes: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(passes):
        for data in plans:
            if not check(data):
                raise AssertionError("a random plan was found invalid")
    return passes * len(plans) / (time.perf_counter() - start)


def _checker(data: bytes) -> bool:
    return check_plan(data, "bench.txt").valid


def bench_check(plans: list[bytes], rounds: int) -> tuple[float, float, float]:
    """Return plans/s of the checker and of the naive reference, and their ratio.

    Rounds alternate the two, each taking about as long: the checker goes over all the plans
    three times, the naive reference (some 25 times slower) over every eighth plan once.
    """
    ours, naive, ratios = [], [], []
    for _ in range(rounds):
        ours.append(_rate(_checker, plans, passes=3))
        naive.append(_rate(naive_valid, plans[::8]))
        ratios.append(ours[-1] / naive[-1])
    return max(ours), max(naive), statistics.median(ratios)


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
        command = [sys.executable, "-m", "generator.plan.commands.cli", "check", str(target)]
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


def main(argv: list[str] | None = None) -> None:
    """Run every benchmark and print the figures next to their targets."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plans", type=int, default=1000, help="distinct plans (default 1000)")
    parser.add_argument("--rounds", type=int, default=9, help="rounds of checks (default 9)")
    parser.add_argument("--no-cli", action="store_true", help="skip the fresh-process CLI call")
    args = parser.parse_args(argv)
    plans = sample_plans(args.plans)
    ours, naive, ratio = bench_check(plans, args.rounds)
    print(f"check, 4×5 plans in process: {ours:8.0f} plans/s")
    print(f"  naive reference checker:   {naive:8.0f} plans/s, checker/naive {ratio:.2f}× "
          f"(target >= {CHECK_TARGET:g}×: {'PASS' if ratio >= CHECK_TARGET else 'MISS'}; best "
          f"of {args.rounds} alternating rounds; ratio: their median)")
    random_rate = bench_random()
    print(f"plan random, 4×5:            {random_rate:8.0f} plans/s (target >= {RANDOM_TARGET}: "
          f"{'PASS' if random_rate >= RANDOM_TARGET else 'MISS'})")
    if not args.no_cli:
        cli_time = bench_cli()
        print(f"plan check FILE, fresh CLI:  {cli_time:8.3f} s       (its target, against the "
              "yardstick: the 'plan check' case of run.py)")


if __name__ == "__main__":
    main()

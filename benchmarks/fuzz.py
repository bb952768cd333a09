"""The long content fuzz run: `make fuzz` (10,000 cases with a random seed, not part of CI).

Run: `python benchmarks/fuzz.py [--cases N] [--seed S] [--timeout SECONDS] [--save DIR]`.
Prints the seed first, progress every 500 cases, then each distinct failure class with its
smallest case (reduced by reverting the edits it does not need), the case count, failures and
time. `--save DIR` also writes one folder per class with the mutated file and the commands.
Exit status 1 when any case failed. Re-run a report with the same `--seed` and `--cases`.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzz_content import (  # noqa: E402
    STEP_SECONDS,
    FuzzReport,
    minimize,
    run_case,
    run_fuzz,
    save_case,
)


def parse_args() -> argparse.Namespace:
    """Read the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=int(os.environ.get("FUZZ_CASES", "10000")))
    parser.add_argument("--seed", type=int, default=None, help="default: a random seed")
    parser.add_argument("--timeout", type=float, default=STEP_SECONDS,
                        help="seconds each step may take")
    parser.add_argument("--save", type=Path, default=None,
                        help="write one reproduction folder per failure class here")
    parser.add_argument("--no-minimize", action="store_true",
                        help="report the smallest failing case as found, without reducing it")
    return parser.parse_args()


_SHOWN: set[tuple[str, str]] = set()


def progress(report: FuzzReport) -> None:
    """Print one progress line, and each failure class found since the last one."""
    print(f"  {report.cases} cases, {report.failing} failing, {len(report.classes)} classes, "
          f"{report.seconds:.0f} s", flush=True)
    for key in report.classes:
        if key not in _SHOWN:
            _SHOWN.add(key)
            print(f"    new failure class: {' / '.join(key)}", flush=True)


def reduce_classes(report: FuzzReport, seconds: float) -> None:
    """Replace each class's smallest case by a reduced one that still fails the same way."""
    for failure_class in report.classes.values():
        case = minimize(failure_class.best.case, failure_class.key, seconds)
        outcome = run_case(case, seconds)
        same = [f for f in outcome.failures if f.key == failure_class.key]
        if same:
            failure_class.best, failure_class.failure = outcome, same[0]


def main() -> int:
    """Run the fuzz cases and print the report; return the exit status."""
    args = parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"content fuzz: {args.cases} cases, seed {seed}, step bound {args.timeout:g} s",
          flush=True)
    start = time.perf_counter()
    report = run_fuzz(args.cases, seed, args.timeout, progress)
    if report.classes and not args.no_minimize:
        print(f"reducing {len(report.classes)} failure classes…", flush=True)
        reduce_classes(report, args.timeout)
    if args.save is not None:
        for n, failure_class in enumerate(report.classes.values(), 1):
            slug = re.sub(r"[^\w.-]+", "-", "-".join(failure_class.key)).strip("-")[:60]
            save_case(failure_class.best.case, args.save / f"{n:02d}-{slug}")
    print()
    print(report.summary())
    total = time.perf_counter() - start
    print(f"\ncases: {report.cases}  failing cases: {report.failing}  failure classes: "
          f"{len(report.classes)}  time: {total:.1f} s  seed: {seed}")
    return 1 if report.failing else 0


if __name__ == "__main__":
    sys.exit(main())

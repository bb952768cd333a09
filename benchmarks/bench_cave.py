"""Time the Goblin Slayer cave check (every legal assembly of the bundled tiles, 5,040).

Run: `.venv/bin/python benchmarks/bench_cave.py [PAIRS]` (5 pairs by default, a few seconds).
Each pair times the ReportLab yardstick (benchmarks/yardstick_reportlab.py, in a fresh
process) and then the cave check on the bundled content in this process, best of three.
Target: ≤ 1× the yardstick (the old absolute target, 0.2 s, is about 1.35× the yardstick on
an idle 2-core machine); the ratio is the figure to compare across days. This used to be a
timed test (best of three under 0.2 s), which a loaded test machine failed at 0.202 s.
2026-12-03: 0.019 s, yardstick 0.148 s, 0.13×.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from yardstick import yardstick_seconds  # noqa: E402

from generator.content.goblin_files import load_goblin  # noqa: E402
from generator.content.paths import ContentRoots  # noqa: E402
from generator.goblin.cave import check_cave  # noqa: E402

RATIO_TARGET = 1.0


def main(pairs: int) -> None:
    """Print the cave check's seconds and its ratio to the yardstick."""
    bundle, problems = load_goblin(ContentRoots.with_user(None))
    if bundle is None:
        raise SystemExit("\n".join(p.format() for p in problems))
    content = bundle.content
    check_cave(content)  # warm-up: imports and first-use caches
    ours: list[float] = []
    yard: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(pairs):
            yard.append(yardstick_seconds(Path(tmp)))
            best = float("inf")
            for _ in range(3):
                start = time.perf_counter()
                found = check_cave(content)
                best = min(best, time.perf_counter() - start)
                if found:
                    raise SystemExit("the bundled content fails the cave check")
            ours.append(best)
    ratio = statistics.median(o / y for o, y in zip(ours, yard))
    verdict = "PASS" if ratio <= RATIO_TARGET else "MISS"
    print(f"cave check: {statistics.median(ours):.3f} s, yardstick "
          f"{statistics.median(yard):.3f} s, ratio {ratio:.2f}× (target ≤ {RATIO_TARGET}×) "
          f"{verdict}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

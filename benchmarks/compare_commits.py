"""Time the same build at two commits, alternately, in fresh processes: is a change faster?

    python benchmarks/compare_commits.py NEW OLD [--pairs 12] [--cpu] [-- BUILD ARGS...]

Each commit's `generator/`, `content/` and `templates/` are taken with `git archive` into a
folder of their own and run with this venv's Python (so both use the same libraries). The
default build is case (b26) of benchmarks/run.py: every part but the print guides, in ru and
en. The machines vary 2x in speed from minute to minute, so the figure printed is the median
of the per-pair ratios NEW / OLD, with its range. `--cpu` times the build with `--jobs 1` and
compares CPU seconds (user + system) instead of wall time: steadier for changes that remove
work, blind to changes in how work is shared between processes.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from run import CASES  # noqa: E402  (the case list lives beside this script)

B26 = next(case for case in CASES if case.label.startswith("(b26)")).argv


def export(commit: str, into: Path) -> Path:
    """The package, content and templates of commit, unpacked into a new folder."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "generator", "content",
                              "templates"], check=True, capture_output=True).stdout
    tree = into / commit.replace("/", "_")
    tree.mkdir()
    with tempfile.TemporaryFile() as handle:
        handle.write(archive)
        handle.seek(0)
        with tarfile.open(fileobj=handle) as tar:
            try:
                tar.extractall(tree, filter="data")
            except TypeError:  # Python before 3.10.12 / 3.11.4: our own git archive, trusted
                tar.extractall(tree)
    subprocess.run([sys.executable, "-m", "compileall", "-q", "generator"], cwd=tree,
                   check=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})
    return tree


def run_once(tree: Path, argv: list[str], scratch: Path, cpu: bool) -> float:
    """Wall seconds (or CPU seconds with cpu) of one build by the tree, into a fresh folder."""
    out = tempfile.mkdtemp(dir=scratch)
    command = [sys.executable, "-m", "generator.cli", *argv, "--out", out]
    command += ["--jobs", "1"] if cpu else []
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    shutil.rmtree(out)
    return (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) if cpu else wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("new", help="the commit to judge, e.g. HEAD")
    parser.add_argument("old", help="the commit to compare it with")
    parser.add_argument("--pairs", type=int, default=12, help="timed pairs (default 12)")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds with --jobs 1")
    parser.add_argument("build", nargs="*", help="build arguments after -- (default: b26)")
    args = parser.parse_args()
    argv = args.build or list(B26)
    with tempfile.TemporaryDirectory(prefix="compare-") as scratch:
        trees = [export(args.new, Path(scratch)), export(args.old, Path(scratch))]
        times: list[list[float]] = [[], []]
        for n in range(args.pairs + 1):  # a warm-up pair first
            order = (0, 1) if n % 2 else (1, 0)
            for i in order:
                spent = run_once(trees[i], argv, Path(scratch), args.cpu)
                if n:
                    times[i].append(spent)
    ratios = [a / b for a, b in zip(*times)]
    what = "CPU seconds, --jobs 1" if args.cpu else "wall seconds"
    print(f"labyrinth-pnp {' '.join(argv)}")
    print(f"{args.new} / {args.old}: {statistics.median(ratios):.3f}x, median of {args.pairs} "
          f"pairs (range {min(ratios):.2f}-{max(ratios):.2f}); medians "
          f"{statistics.median(times[0]):.3f} and {statistics.median(times[1]):.3f} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

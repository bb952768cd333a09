"""Time labyrinth-pnp commands side by side with a bare ReportLab yardstick, in fresh processes.

Run: `make bench` (or `python benchmarks/run.py [--pairs N] [--only SUBSTR]`). Our 2-core
machines vary 2× in speed from day to day, so every case runs alternately with the yardstick
(benchmarks/yardstick_reportlab.py: the two sheets of case (a) drawn with canvas calls only):
ours, yardstick, ours, yardstick, … for N pairs after one warm-up pair. Each case prints the
median of the per-pair ratios (ours / yardstick), the median wall times of both, and peak RSS
(os.wait4 ru_maxrss: the largest of the process and its drawing workers). Every build writes
to a fresh temporary folder. A final table gives ratio, target and PASS/MISS: every target is
a ratio to the yardstick (absolute seconds meant the machine's mood; see docs/benchmarks.md),
set for an idle machine, and the table says so when the machine is busy. The plan checker
throughput lines of benchmarks/bench_plan.py follow when that file exists. Nothing here fails
on a MISS. `make bench` runs 3 pairs a case (about 2 minutes, indicative); `make bench-full`
the default 9, for figures worth recording.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
YARDSTICK = ROOT / "benchmarks" / "yardstick_reportlab.py"
BENCH_PLAN = ROOT / "benchmarks" / "bench_plan.py"
PLAN = str(ROOT / "content" / "paper-labyrinth" / "plans" / "plan_4x5_river_and_gully.txt")
PIECES = ("tokens", "formulas", "counters", "score-sheet", "tiles")


@dataclass(frozen=True)
class Case:
    """One command of ours, timed against the yardstick, with its targets."""

    name: str
    label: str  # short name for the final table
    argv: list[str]
    ratio_target: float | None = None  # ours / yardstick, median of pairs
    seconds_target: float | None = None  # absolute median wall time, when no ratio target
    rss_target_mb: float | None = None  # peak RSS of ours
    # untimed, before each timed run of ours: (scratch folder, our --out folder) -> extra argv
    prepare: Callable[[Path, Path], list[str]] | None = None
    # run as a user does, by the `labyrinth-pnp` script, with a build helper made ready
    # (untimed) before the first run (generator/helper/); the other cases never use one
    helper: bool = False


@dataclass
class Result:
    """Timings of one case: per-pair wall times and peak RSS of both commands."""

    case: Case
    ours: list[float] = field(default_factory=list)
    yard: list[float] = field(default_factory=list)
    ours_rss: float = 0.0
    yard_rss: float = 0.0
    helper_mb: tuple[float, float] | None = None  # a helper's RSS, waiting and at its peak

    @property
    def ratios(self) -> list[float]:
        """Return ours / yardstick for each pair."""
        return [o / y for o, y in zip(self.ours, self.yard)]


# `export --format png` per game, one language, at the default 300 dpi: every piece face
# rasterised from its one-up PDF and written as a PNG (no target yet: figures to watch).
EXPORT_CASES = [
    Case(f"export {game} --format png --lang en (300 dpi)", f"export png, {game}",
         ["export", game, "--format", "png", "--lang", "en"])
    for game in ("magic-labyrinth", "goblin-slayer", "paper-labyrinth")
]

def rebuilt(scratch: Path, out: Path) -> list[str]:
    """A default build into out, so that the timed one finds everything up to date."""
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "--out", str(out)],
                   cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    return []


def edited(scratch: Path, out: Path) -> list[str]:
    """A default build over a content folder of its own, then one English word of
    magic-labyrinth changed in it (text/en.yaml), as a designer's edit."""
    mine = Path(tempfile.mkdtemp(prefix="content-", dir=scratch))
    text = mine / "magic-labyrinth" / "text" / "en.yaml"
    text.parent.mkdir(parents=True)
    shutil.copy(ROOT / "content" / "magic-labyrinth" / "text" / "en.yaml", text)
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "--content", str(mine),
                    "--out", str(out)], cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    words = text.read_text(encoding="utf-8")
    text.write_text(words.replace("\nwand: Wand\n", "\nwand: Magic wand\n"), encoding="utf-8")
    return ["--content", str(mine)]


INCREMENTAL_CASES = [
    Case("(n) build again with nothing changed (37 PDFs up to date)", "(n) nothing changed",
         ["build"], ratio_target=0.6, prepare=rebuilt),
    Case("(e) build again after editing magic-labyrinth text/en.yaml, with a build helper "
         "ready (the script, as a user runs it)", "(e) one text edited",
         ["build"], ratio_target=2.0, prepare=edited, helper=True),
    Case("  the same, loading the tool itself (no helper: the first build, or one after "
         "15 idle minutes)", "  the same, no helper", ["build"], prepare=edited),
    Case("  (n) with a build helper ready", "  (n) with a helper", ["build"], prepare=rebuilt,
         helper=True),
]

CASES = [
    Case("(a) build magic-labyrinth --part tokens --part formulas --lang ru",
         "(a) tokens + formulas, ru",
         ["build", "magic-labyrinth", "--part", "tokens", "--part", "formulas", "--lang", "ru"],
         ratio_target=1.5),
    Case("(b) build (every game, part and language: 37 PDFs)", "(b) build everything",
         ["build"], ratio_target=11.0, rss_target_mb=100.0),  # 8× for 26 files, scaled
    # The workload the ≤ 8× target was set for: the 26 PDFs a default build made then (every
    # part of the three games in ru and en); print guides and Ukrainian came later.
    Case("(b26) build --lang ru,en, every part but the print guides (26 PDFs)",
         "(b26) the 26 PDFs of the target",
         ["build", "--lang", "ru,en", *[f"--part={p}" for p in (
             *PIECES, "rules", "player-sheet", "host-sheets", "locations", "counters",
             "player-aid")]], ratio_target=8.0, rss_target_mb=100.0),
    Case("(c) --help", "(c) --help", ["--help"], ratio_target=0.7),
    Case("build magic-labyrinth --lang all", "magic-labyrinth, all languages",
         ["build", "magic-labyrinth", "--lang", "all"],
         ratio_target=6.0, rss_target_mb=100.0),
    Case("  the same, pieces only (no rulebooks)", "  the same, pieces only",
         ["build", "magic-labyrinth", *[f"--part={p}" for p in PIECES]], ratio_target=2.5),
    Case("build goblin-slayer", "goblin-slayer", ["build", "goblin-slayer"],
         ratio_target=7.5),
    Case("build paper-labyrinth", "paper-labyrinth", ["build", "paper-labyrinth"],
         ratio_target=6.0),
    Case("build --part rules (seven rulebooks)", "seven rulebooks",
         ["build", "--part", "rules"], ratio_target=9.5),
    Case("plan check (one 4x5 plan)", "plan check, one 4x5 plan", ["plan", "check", PLAN],
         ratio_target=0.6),
    Case("build magic-labyrinth --pack --lang ru (guide + every piece)", "magic-labyrinth --pack",
         ["build", "magic-labyrinth", "--pack", "--lang", "ru"], ratio_target=2.0),
    Case("build goblin-slayer --pack --lang ru (guide + every piece)", "goblin-slayer --pack",
         ["build", "goblin-slayer", "--pack", "--lang", "ru"], ratio_target=2.0),
    Case("build magic-labyrinth --pieces token-14,formula-9 --lang ru", "--pieces, 2 pieces",
         ["build", "magic-labyrinth", "--pieces", "token-14,formula-9", "--lang", "ru"],
         ratio_target=1.5),
    *INCREMENTAL_CASES,
    *EXPORT_CASES,
]


def run_once(command: list[str], cwd: Path, env: dict[str, str] | None = None
             ) -> tuple[float, float]:
    """Run one command in a fresh process; return (wall seconds, peak RSS in MB)."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err,
                                env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"command failed ({proc.returncode}): {' '.join(command)}\n"
                             f"{err.read().decode(errors='replace')}")
    return elapsed, usage.ru_maxrss / 1024


def ours_command(case: Case, scratch: Path) -> list[str]:
    """Return our CLI command; a build or export gets a fresh folder under scratch, which
    the case prepares (untimed) when it has to."""
    argv = case.argv
    command = [*(_script() if case.helper else [sys.executable, "-m", "generator.cli"]),
               *argv]
    if argv and argv[0] in ("build", "export"):
        out = Path(tempfile.mkdtemp(prefix="ours-", dir=scratch))
        extra = case.prepare(scratch, out) if case.prepare is not None else []
        command += [*extra, "--out", str(out)]
    return command


def yardstick_command(scratch: Path) -> list[str]:
    """Return the yardstick command, writing to a fresh empty folder under scratch."""
    return [sys.executable, str(YARDSTICK), tempfile.mkdtemp(prefix="yard-", dir=scratch)]


def _script() -> list[str]:
    """The `labyrinth-pnp` script of this Python, as a user runs it."""
    return [str(Path(sys.executable).parent / "labyrinth-pnp")]


def ready_helper(place: Path, scratch: Path) -> dict[str, str]:
    """Start a build helper for this tool with its socket in place, wait until it is ready
    (untimed); return the environment that reaches it."""
    env = {**os.environ, "LABYRINTH_PNP_HELPER_DIR": str(place)}
    env.pop("LABYRINTH_PNP_HELPER", None)
    subprocess.run([*_script(), "build", "goblin-slayer", "--part", "counters", "--lang", "en",
                    "--out", str(scratch / "helper-start")], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while "is ready" not in subprocess.run([*_script(), "helper"], env=env, text=True,
                                           capture_output=True).stdout:
        if time.monotonic() > deadline:
            raise SystemExit("the build helper did not become ready in 120 s")
        time.sleep(0.2)
    return env


def measure(case: Case, pairs: int, scratch: Path) -> Result:
    """Time a case and the yardstick alternately: one warm-up pair, then `pairs` pairs."""
    result = Result(case)
    env = None
    place = Path(tempfile.mkdtemp(prefix="lh-", dir="/tmp")) if case.helper else None
    try:
        if place is not None:
            env = ready_helper(place, scratch)
        _pairs(case, pairs, scratch, result, env)
        if env is not None:
            result.helper_mb = helper_memory(env)
    finally:
        if place is not None:
            subprocess.run([*_script(), "helper", "--stop"], env=env, capture_output=True)
            shutil.rmtree(place, ignore_errors=True)
    return result


def helper_memory(env: dict[str, str]) -> tuple[float, float]:
    """The waiting helper's resident memory now and at its peak, in MB (/proc, Linux)."""
    text = subprocess.run([*_script(), "helper"], env=env, text=True,
                          capture_output=True).stdout
    try:
        pid = int(text.split("(process ")[1].split(")")[0])
        fields = dict(line.split(":", 1) for line in
                      Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
        return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)
    except (IndexError, ValueError, KeyError, OSError):
        return (0.0, 0.0)


def _pairs(case: Case, pairs: int, scratch: Path, result: Result,
           env: dict[str, str] | None) -> None:
    for i in range(pairs + 1):
        ours_time, ours_rss = run_once(ours_command(case, scratch), scratch, env)
        yard_time, yard_rss = run_once(yardstick_command(scratch), scratch)
        for entry in scratch.iterdir():
            if entry.is_dir():
                shutil.rmtree(entry)
        if i == 0:
            continue
        result.ours.append(ours_time)
        result.yard.append(yard_time)
        result.ours_rss = max(result.ours_rss, ours_rss)
        result.yard_rss = max(result.yard_rss, yard_rss)


def verdict(ok: bool) -> str:
    """Return PASS or MISS."""
    return "PASS" if ok else "MISS"


def print_case(result: Result) -> None:
    """Print one case's figures under its name."""
    ratios = result.ratios
    print(result.case.name)
    print(f"    ours / yardstick {statistics.median(ratios):.2f}×, median of {len(ratios)} "
          f"pairs (range {min(ratios):.2f}–{max(ratios):.2f})")
    print(f"    median ours {statistics.median(result.ours):.3f} s, yardstick "
          f"{statistics.median(result.yard):.3f} s; peak RSS ours {result.ours_rss:.1f} MB, "
          f"yardstick {result.yard_rss:.1f} MB", flush=True)
    if result.helper_mb is not None:
        print(f"    the build helper (not counted above): {result.helper_mb[0]:.0f} MB resident "
              f"while it waits, {result.helper_mb[1]:.0f} MB at its peak", flush=True)


def summary_rows(result: Result) -> list[tuple[str, ...]]:
    """Return the table rows of one case: label, ours, yardstick, ratio, target, verdict."""
    case = result.case
    ratio = statistics.median(result.ratios)
    ours = statistics.median(result.ours)
    first = [case.label, f"{ours:.3f} s", f"{statistics.median(result.yard):.3f} s",
             f"{ratio:.2f}×"]
    if case.ratio_target is not None:
        first += [f"≤ {case.ratio_target:g}×", verdict(ratio <= case.ratio_target)]
    elif case.seconds_target is not None:
        first += [f"≤ {case.seconds_target:g} s", verdict(ours <= case.seconds_target)]
    else:
        first += ["—", ""]
    rows = [tuple(first)]
    if case.rss_target_mb is not None:
        ok = result.ours_rss <= case.rss_target_mb
        rows.append(("  peak RSS", f"{result.ours_rss:.0f} MB", "", "",
                     f"≤ {case.rss_target_mb:g} MB", verdict(ok)))
    return rows


def print_summary(results: list[Result]) -> None:
    """Print the final table: times, ratio, target (ratio, else seconds) and PASS/MISS."""
    header = ("case", "ours", "yardstick", "ratio", "target", "verdict")
    rows = [header, *[row for result in results for row in summary_rows(result)]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    print()
    load, cores = os.getloadavg()[0], os.cpu_count() or 1
    if load > cores:  # our builds use every core, the yardstick one: contention is ours
        print(f"the machine is busy (load average {load:.1f} on {cores} cores): the targets are "
              "for an idle machine, so these verdicts are indicative only")
    for row in rows:
        cells = [f"{row[0]:<{widths[0]}}", *[f"{cell:>{w}}" for cell, w in
                                            zip(row[1:5], widths[1:5])], row[5]]
        print("  ".join(cells))


def run_bench_plan() -> None:
    """Run benchmarks/bench_plan.py in its own process and print what it prints."""
    print("\nplan checker throughput (benchmarks/bench_plan.py):", flush=True)
    try:
        done = subprocess.run([sys.executable, str(BENCH_PLAN)], cwd=ROOT, text=True,
                              capture_output=True, timeout=900, check=False)
    except subprocess.TimeoutExpired:
        print("    timed out after 900 s")
        return
    for line in done.stdout.splitlines():
        print(f"    {line}")
    if done.returncode != 0:
        print(f"    failed with exit status {done.returncode}:")
        for line in done.stderr.splitlines()[-10:]:
            print(f"    {line}")


def _with_bytecode() -> None:
    """Time what a user runs: modules loaded from their cached bytecode. With
    PYTHONDONTWRITEBYTECODE set (some shells and tools set it), every run of ours would compile
    the package from source while the yardstick's ReportLab loads from the bytecode pip wrote:
    measured here, 15-30 % on the small cases. So the package is compiled first and the
    variable is left out of the timed commands' environment (they inherit os.environ)."""
    import compileall

    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        print("note: PYTHONDONTWRITEBYTECODE is set in this shell; the timed commands run "
              "without it, as a user's would")
    compileall.compile_dir(str(ROOT / "generator"), quiet=1)


def main() -> None:
    """Parse options, time every selected case alternately with the yardstick, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=9,
                        help="timed (ours, yardstick) pairs per case; at least 7 for figures "
                             "worth recording (default 9)")
    parser.add_argument("--only", metavar="SUBSTR",
                        help="run only cases whose name contains this (\"plan checker\" "
                             "selects the bench_plan.py lines)")
    args = parser.parse_args()
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    _with_bytecode()
    now = datetime.datetime.now().astimezone().isoformat(sep=" ", timespec="seconds")
    print(f"labyrinth-pnp benchmarks, {now}")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"python {sys.version.split()[0]} ({sys.executable}), {os.cpu_count()} cores, "
          f"load average {load}")
    print(f"command line: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"{args.pairs} timed pairs per case after a warm-up pair, ours then yardstick "
          f"({YARDSTICK.relative_to(ROOT)})")
    if args.pairs < 7:
        print("fewer than 7 pairs: figures are indicative only")
    print(flush=True)
    results = []
    with tempfile.TemporaryDirectory(prefix="labyrinth-bench-") as tmp:
        for case in CASES:
            if args.only and args.only not in case.name:
                continue
            results.append(measure(case, args.pairs, Path(tmp)))
            print_case(results[-1])
    if results:
        print_summary(results)
    if BENCH_PLAN.exists() and (not args.only or args.only in "plan checker throughput"):
        run_bench_plan()


if __name__ == "__main__":
    main()

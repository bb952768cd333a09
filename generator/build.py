"""The orchestrator: load and check every input, impose, draw, then write files atomically.

Nothing is written until every game asked for has loaded and validated without errors.
The stages live in `generator/pipeline/` (see docs/architecture.md); this module runs them,
and names their functions for callers (imported on first use, so `build` starts light).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

from .pipeline.options import BuildOptions, BuildReport

# name -> the stage module that defines it, for `from generator.build import NAME`
STAGE_NAMES = {
    "select": ["select_games"],
    "load": ["Loaded", "load_content", "settle", "load_games", "side_problems",
             "with_side_problems", "plan_content"],
    "plan": ["Job", "plan_jobs", "jobs_for", "unfinished_languages"],
    "impose": ["sheet_options", "impose_job", "iter_layout"],
    "draw": ["draw_job", "Task", "Outcome", "make_tasks", "default_workers"],
    "write": ["write_atomically"],
}
_WHERE = {name: stage for stage, names in STAGE_NAMES.items() for name in names}

__all__ = ["BuildOptions", "BuildReport", "run_build", *_WHERE]


def __getattr__(name: str) -> Any:
    """Return a stage's function or type by name, importing its stage on first use."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".pipeline.{_WHERE[name]}", __package__), name)


def run_build(options: BuildOptions, progress: Callable[[str], None] = lambda _: None,
              up_to_date: Callable[[str], None] = lambda _: None) -> BuildReport:
    """Build every PDF asked for into options.out; report progress one line per file.

    The library's entry point: safe to call many times in one process. Returns the files
    written and those left as they were (up to date, see pipeline/skip.py), with every
    warning; raises ContentError (every problem), UsageError or OutputError instead.

    Every file is drawn to a temporary name first; only when all are drawn, every check has
    passed (and, with strict, no text had to be shrunk below its minimum) are they renamed
    into place, then the manifest is written. The rulebook checks run beside the drawing (see
    _run_all); when the content already has errors without them, they run at once, so that
    one run reports everything.
    """
    from .pipeline.skip import Skipper, in_report_order

    skipper = Skipper(options)
    replayed = skipper.replay()  # the same build again, every file intact: nothing to load
    if replayed is not None:
        for path in replayed.skipped:
            up_to_date(str(path))
        return replayed
    from .atomic import sweep_output
    from .errors import ContentError, OutputError, Problem, errors_only, shared_errors
    from .pipeline.draw import _run_all, default_workers
    from .pipeline.load import plan_content, settle, side_problems
    from .pipeline.plan import jobs_for
    from .pipeline.write import _missing_folders, _temp_beside

    side = side_problems(options.content, options.templates)
    loaded = plan_content(options, kept=skipper.kept_games())  # those unchanged: not loaded
    jobs = jobs_for(options, loaded) if not shared_errors(loaded.problems({}) + side) else []
    cached = skipper.cached_checks(loaded)
    if errors_only(loaded.problems({}) + side, options.strict):
        found = {game_id: cached.get(game_id) or loaded.run_slow_checks(game_id)
                 for game_id in loaded.slow}
        stopping = errors_only(loaded.problems(found), options.strict)
        raise ContentError(stopping + side if stopping else side)
    shrunk = {id(job): skipper.fresh(job) for job in jobs}  # None: the file is to be drawn
    stale = [job for job in jobs if shrunk[id(job)] is None]
    _known_books(options, [job for job in jobs if shrunk[id(job)] is not None])
    temps: list[tuple[Path, Path]] = []
    reserved: list[Path] = []  # every temporary name, known before its file is made
    made = _missing_folders([options.out / job.relative for job in stale])
    done = False
    try:
        pending = []
        for job in stale:
            target = options.out / job.relative
            temp = _temp_beside(target, reserved)
            temps.append((temp, target))
            pending.append((job, options, temp))
        sweep_output(options.out, {target.parent for _, target in temps})  # killed runs' temps
        loaded.slow = [game_id for game_id in loaded.slow if game_id not in cached]
        found, overflows, keys = _run_all(loaded, pending, options.strict,
                                          options.jobs or default_workers(), skipper.data_key)
        skipper.keep_checks(loaded, found)
        try:
            warnings = settle(loaded, {**cached, **found}, options.strict)
        except ContentError as exc:
            raise ContentError(exc.problems + side) from None
        report = BuildReport(warnings=warnings + [p for p in side if p.severity == "warning"])
        for i, (job, _, temp) in enumerate(pending):
            shrunk[id(job)] = overflows.get(i, [])
            skipper.wrote(job, temp, overflows.get(i, []), keys.get(i))
        listed = in_report_order(loaded, jobs)  # every file; None for a game kept's
        for rel, each in listed:
            texts = shrunk[id(each)] if each is not None else skipper.shrunk(rel)
            report.warnings.extend(Problem(str(options.out / rel), 1, 1, text, "warning")
                                   for text in texts or [])
        if options.strict and report.warnings:
            raise ContentError(report.warnings)
        for temp, target in temps:
            os.replace(temp, target)
            report.written.append(target)
            progress(str(target))  # only once the file is in place
        if options.cutter:  # beside each PDF, the cut files of its pages (see cutfile.py)
            _write_cut_files(options, stale, temps, report, progress)
        for rel, each in listed:
            if each is None or not any(each is other for other in stale):
                report.skipped.append(options.out / rel)
                up_to_date(str(options.out / rel))
        done = True
        # after the files: a build killed before leaves the old manifest
        skipper.finish(loaded, listed, {**cached, **found}, report)
    except OSError as exc:
        raise OutputError(f"cannot write {exc.filename or options.out}: {exc.strerror}") from exc
    finally:
        for temp in reserved:  # a Ctrl-C in the loop above: the file it was making too
            temp.unlink(missing_ok=True)
        if not done:  # a failed build leaves no trace, not even the folders it made
            for folder in made:
                with contextlib.suppress(OSError):
                    folder.rmdir()
    return report


def _known_books(options: BuildOptions, fresh: list[Any]) -> None:
    """Count the pages of the rulebooks that are up to date, for the print guides."""
    from .pipeline.impose import BOOK_PAGES, remember_book

    BOOK_PAGES.clear()  # a long-lived process builds again: nothing known from before
    for job in fresh:
        if job.part.name == "rules":
            remember_book(job, options.out / job.relative)


def _write_cut_files(options: BuildOptions, jobs: list[Any], temps: list[tuple[Path, Path]],
                     report: BuildReport, progress: Callable[[str], None]) -> None:
    """Write the SVG and DXF cut files of each drawn sheet PDF beside it (--cutter)."""
    from .cutfile import write_cut_files
    from .pipeline.impose import impose_job

    for job, (_, target) in zip(jobs, temps):
        if job.part.render is None:
            for path in write_cut_files(target, impose_job(job, options)):
                report.written.append(path)
                progress(str(path))

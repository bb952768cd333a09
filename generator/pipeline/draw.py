"""Stage 5, draw: one job to one PDF, and the slow checks beside them, in workers."""

from __future__ import annotations

import gc
import os
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content.placeholders import fill
from ..draw.kit import Style
from ..draw.sheet import DocInfo, Furniture, render_pages
from ..errors import Problem, errors_only
from .impose import SheetInput, remember_book, sheet_input
from .load import Loaded
from .options import BuildOptions
from .plan import Job
from .workers import MOST_TASKS, run_forked


def draw_job(job: Job, options: BuildOptions, path: Path) -> list[str]:
    """Draw one PDF to path; return the texts that had to be shrunk below the minimum."""
    if job.part.render is not None:
        shrunk = job.part.render(job.content, job.roots, job.lang, job.paper, path, job.draft)
        if job.part.name == "rules":
            remember_book(job, path)  # the print guide, drawn after it, counts its pages
        return shrunk
    return draw_sheet(sheet_input(job, options), job.part.painters(), options.templates, path)


def draw_sheet(sheet: SheetInput, painters: dict[str, Any], templates: Path | None,
               path: Path) -> list[str]:
    """Draw a sheet's PDF from its input alone; return the texts shrunk below the minimum."""
    from ..render import render_line

    texts = sheet.texts

    def footer(page: int, total: int) -> str:
        label = fill(texts.page, page=page, pages=total)
        line = render_line("footer.txt.j2", templates, game=sheet.game_name,
                           part=sheet.part_title, language=texts.language, page_label=label)
        return f"{line}  ·  {texts.draft}" if sheet.draft and texts.draft else line

    style = Style(bleed=sheet.bleed * 72 / 25.4, ink_saver=sheet.ink_saver)
    title = render_line("document-title.txt.j2", templates, game=sheet.game_name,
                        part=sheet.part_title, language=texts.language, paper=sheet.paper)
    furniture = Furniture(texts.ruler, texts.print_at_100, footer, texts.fold, sheet.accent)
    render_pages(path, sheet.pages, painters, furniture, style,
                 DocInfo(title, sheet.part_title, sheet.lang), sheet.margin)
    return style.overflows


@dataclass
class Task:
    """Work for one process: a game's slow checks first (if any), then some files.

    A task that checks a game's rulebooks also draws them, so the check's parsed rulebooks
    are reused; when the check stops the build, its files are not drawn.
    """

    check: str | None  # game id
    files: list[int]  # indexes into the pending files


@dataclass
class Outcome:
    """What a task found: its slow checks' problems, files refused, texts shrunk per file."""

    check: list[Problem] | None
    refused: dict[Any, Problem]
    overflows: dict[int, list[str]]
    keys: dict[int, str | None] = field(default_factory=dict)  # what keyer said per file


_WORK: list[Any] = []  # (loaded, pending, tasks, strict, keyer), inherited by forked workers


def _run_task(index: int) -> Outcome:
    loaded, pending, tasks, strict, keyer = _WORK
    task: Task = tasks[index]
    found = None
    if task.check is not None:
        found = loaded.run_slow_checks(task.check)
        if errors_only(found, strict):
            return Outcome(found, dict(loaded.roots.refused), {})
    overflows, keys = {}, {}
    for i in task.files:
        job, options, temp = pending[i]
        overflows[i] = draw_job(job, options, temp)
        if keyer is not None:
            keys[i] = keyer(job)  # after the drawing, which worked out what it reads
    return Outcome(found, dict(loaded.roots.refused), overflows, keys)


def make_tasks(loaded: Loaded, pending: list[tuple[Job, BuildOptions, Path]],
               workers: int = 1) -> list[Task]:
    """The slow checks with their games' rulebooks first (the longest work), then each other
    part in all its languages, the heaviest parts first (Part.weight) so that the workers
    finish together: one process draws a part in all its languages, so what they share (the
    QR code of a host sheet's plan, a picture read from its file) is made once.

    With at most two files per worker (a rebuild after a small edit), a rulebook is drawn in
    a task of its own beside its check instead of after it: the check's parsed rulebooks are
    not reused, but the other workers would otherwise have too little to do meanwhile."""
    tasks: list[Task] = []
    alone: list[Task] = []
    for game_id in loaded.slow:
        files = [i for i, (job, _, _) in enumerate(pending)
                 if job.game.id == game_id and job.part.name == "rules"]
        if 1 < workers and len(pending) <= 2 * workers:
            tasks.append(Task(game_id, []))
            alone.extend(Task(None, [i]) for i in files)
        else:
            tasks.append(Task(game_id, files))
    tasks += alone
    taken = {i for task in tasks for i in task.files}
    parts: dict[tuple[str, str], list[int]] = {}
    for i, (job, _, _) in enumerate(pending):
        if i not in taken:
            parts.setdefault((job.game.id, job.part.name), []).append(i)
    heaviest = sorted(parts.values(), key=lambda files: -pending[files[0]][0].part.weight)
    return _guides_after_books(tasks + [Task(None, files) for files in heaviest], pending)


def _guides_after_books(tasks: list[Task], pending: list[tuple[Job, BuildOptions, Path]]
                        ) -> list[Task]:
    """Move each print guide into the task that draws its rulebook, after it: the guide counts
    the book's pages, which that process then knows (a guide whose book is not drawn in this
    build counts them from the book's file, or typesets it)."""
    def book(job: Job) -> tuple[str, str, str, bool]:
        return (job.game.id, job.lang, job.paper, job.draft)

    drawn_in = {book(pending[i][0]): task for task in tasks for i in task.files
                if pending[i][0].part.name == "rules"}
    for task in tasks:
        for i in list(task.files):
            target = drawn_in.get(book(pending[i][0]))
            if (pending[i][0].part.special == "guide" and target is not None
                    and target is not task):
                task.files.remove(i)
                target.files.append(i)
    return [task for task in tasks if task.files or task.check is not None]


def _run_all(loaded: Loaded, pending: list[tuple[Job, BuildOptions, Path]], strict: bool,
             workers: int, keyer: Callable[[Job], str | None] | None = None
             ) -> tuple[dict[str, list[Problem]], dict[int, list[str]], dict[int, str | None]]:
    """Run the rulebook checks and draw every pending file; in forked workers when that helps.

    Workers inherit the loaded content through fork, so nothing is pickled but an index and
    the findings. Each file is drawn by exactly one process, so the output is the same bytes
    as a sequential run. Returns the rulebook checks' problems by game, and the texts each
    file had to shrink, and what keyer (skip.py) said of each file drawn, in the process that
    drew it. Once every check is in and one stops the build, drawing stops.
    """
    tasks = make_tasks(loaded, pending, workers)
    _WORK[:] = [loaded, pending, tasks, strict, keyer]
    found: dict[str, list[Problem]] = {}
    overflows: dict[int, list[str]] = {}
    keys: dict[int, str | None] = {}
    checks = sum(1 for task in tasks if task.check is not None)

    def collect(results: Iterator[tuple[int, Outcome]]) -> None:
        checked = 0
        for index, outcome in results:
            task = tasks[index]
            if task.check is not None:
                found[task.check] = outcome.check or []
                checked += 1
            for key, problem in outcome.refused.items():  # a worker's finds, reported here
                loaded.roots.refused.setdefault(key, problem)
            overflows.update(outcome.overflows)
            keys.update(outcome.keys)
            if (task.check is not None and checked == checks
                    and any(errors_only(f, strict) for f in found.values())):
                return  # every check is in and one stops the build: nothing more to draw

    try:
        if workers < 2 or len(tasks) < 2 or not _can_fork() or len(tasks) > MOST_TASKS:
            collect((i, _run_task(i)) for i in range(len(tasks)))
        else:
            gc.freeze()  # what the workers inherit is never scanned (nor copied) by collections
            try:
                answers = run_forked(_run_task, len(tasks), workers, _worker_gc)
                try:
                    collect(answers)
                finally:
                    answers.close()  # stops the workers still drawing, if collect stopped
            finally:
                gc.unfreeze()
    finally:
        _WORK.clear()
    return found, overflows, keys


def _can_fork() -> bool:
    return hasattr(os, "fork")


def _worker_gc() -> None:
    """Collect cycles less often in a drawing worker: drawing makes many short-lived objects
    and few cycles, and a worker lives for one build (about 3 % of its time otherwise)."""
    gc.set_threshold(10_000, 20, 20)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def default_workers() -> int:
    """Worker processes for a build: one per core, at most four."""
    return max(1, min(4, os.cpu_count() or 1))

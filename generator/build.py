"""The orchestrator: load and check every input, impose, draw, then write files atomically.

Nothing is written until every game asked for has loaded and validated without errors.
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing as mp
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .atomic import sweep_output, temp_beside
from .atomic import write_atomically as atomic_write
from .content.paths import ContentRoots
from .content.placeholders import fill
from .draw.kit import Style
from .draw.sheet import DocInfo, Furniture, render_pages
from .errors import ContentError, OutputError, Problem, UsageError, errors_only, shared_errors
from .games.base import Game, Part
from .games.registry import all_games, game_ids, get_game
from .layout.imposition import PAPERS, Page, SheetOptions, impose


@dataclass(frozen=True)
class BuildOptions:
    """Everything `labyrinth-pnp build` can be told."""

    games: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    lang: str = "all"
    paper: str = "a4"
    out: Path = Path("output")
    content: Path | None = None
    templates: Path | None = None
    duplex: str = "long"
    bleed: float = 0.0
    ink_saver: bool = False
    strict: bool = False
    jobs: int = 0  # worker processes; 0 = one per core (at most four)
    gutter: float = 0.0  # mm between pieces for scissors users
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm; what `calibrate` reads off a printer
    one_up: bool = False  # one piece a page with TrimBox and BleedBox, for print shops
    pieces: tuple[str, ...] = ()  # --pieces selectors (see generator/pieces.py)
    pack: bool = False  # every cut-out piece of each game in one file, on the fewest sheets

    @property
    def languages(self) -> tuple[str, ...]:
        """Return the codes in the comma list `lang`, each once; empty means every language."""
        codes = tuple(dict.fromkeys(c.strip() for c in self.lang.split(",") if c.strip()))
        return () if "all" in codes else codes


@dataclass
class Job:
    """One PDF to make."""

    game: Game
    part: Part
    content: Any
    lang: str
    paper: str
    roots: ContentRoots = field(default_factory=ContentRoots)
    draft: bool = False  # an unfinished translation: "draft translation" in every footer

    @property
    def relative(self) -> Path:
        name = f"{self.game.id}-{self.part.name}-{self.lang}-{self.paper}.pdf"
        return Path(self.game.id) / name


@dataclass
class BuildReport:
    written: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def select_games(names: tuple[str, ...], parts: tuple[str, ...] = ()) -> list[Game]:
    """Return the games named, or all having one of parts, once each; raise UsageError if not."""
    unknown = [n for n in names if n not in game_ids()]
    if unknown:
        raise UsageError(f"unknown game '{unknown[0]}': choose from {', '.join(game_ids())}")
    games = [get_game(n) for n in dict.fromkeys(names)] if names else all_games()
    wanted = tuple(dict.fromkeys(parts))
    for part in wanted:
        if not any(part in g.parts for g in games):
            known = sorted({p for g in games for p in g.parts})
            raise UsageError(f"unknown part '{part}': choose from {', '.join(known)}")
    having = [g for g in games if not wanted or any(part in g.parts for part in wanted)]
    lacking = [g for g in games if g not in having]
    if names and lacking:  # a game the user named would silently build nothing
        asked = " or ".join(f"'{part}'" for part in wanted)
        raise UsageError(f"{lacking[0].id} has no part {asked}: its parts are "
                         f"{', '.join(lacking[0].parts)}")
    return having


@dataclass
class Loaded:
    """Every game's content, its problems in report order, and the slow checks to run.

    The slow checks (rulebooks, the cave) are the slow part of loading; a build runs them in
    its drawing workers beside the other drawings (see run_build) and slots their problems
    back in here, so the report reads the same whichever process found them.
    """

    content: dict[str, Any]
    games: list[Game]
    roots: ContentRoots
    # per game: problems before its slow checks, and those of its extra checks after them
    found: dict[str, tuple[list[Problem], list[Problem]]]
    slow: list[str]  # the games whose slow checks are due: rulebooks (when `with_rules`), cave
    refusals: list[Problem] = field(default_factory=list)
    # per game, the languages a build makes (None: `check`, every problem counts)
    building: dict[str, set[str]] | None = None
    skipped: list[Problem] = field(default_factory=list)  # languages left out, and why
    offered: dict[str, set[str]] = field(default_factory=dict)  # per game, its languages
    with_rules: bool = True  # whether the slow checks include the rulebooks

    def problems(self, rules_found: dict[str, list[Problem]]) -> list[Problem]:
        """All problems in report order, given the rulebook checks' findings so far; in a
        build, those of languages it does not make are left out."""
        out: list[Problem] = []
        for game in self.games:
            before, after = self.found[game.id]
            found = before + rules_found.get(game.id, []) + after
            if self.building is not None:
                langs = self.building.get(game.id, set())
                found = [p for p in found if not p.lang or p.lang in langs]
            out += found
        self.refusals += self.roots.take_refusals()  # links out of the folder found by glob
        return out + self.refusals + self.skipped

    def run_slow_checks(self, game_id: str) -> list[Problem]:
        """Run one game's slow checks: its rulebooks' (when they are built) and its own
        (Goblin Slayer's cave, over every assembly), in a drawing worker during a build."""
        game = next(g for g in self.games if g.id == game_id)
        content = self.content[game_id]
        # a build checks the rulebooks it makes (and the ones they were translated from)
        langs = self.building.get(game_id, set()) if self.building is not None else None
        found = game.check_rules(self.roots, content, langs) if self.with_rules else []
        return found + [p for check in game.slow_checks for p in check(content)]


def load_content(games: list[Game], roots: ContentRoots, rules: bool = True) -> Loaded:
    """Load every game's content; leave the slow checks (rulebooks when `rules`) to the caller."""
    loaded = Loaded({}, games, roots, {}, [], with_rules=rules)
    for game in games:
        content, found = game.load(roots)
        after = [p for check in game.extra_checks for p in check(roots)]
        loaded.content[game.id] = content
        loaded.found[game.id] = (list(found), after)
        if content is not None and ((rules and game.rules_context is not None)
                                    or game.slow_checks):
            loaded.slow.append(game.id)
    return loaded


def settle(loaded: Loaded, rules_found: dict[str, list[Problem]], strict: bool
           ) -> list[Problem]:
    """Raise ContentError if any error (or warning when strict); return the warnings."""
    problems = loaded.problems(rules_found)
    stopping = errors_only(problems, strict)
    if stopping:
        raise ContentError(stopping)
    return [p for p in problems if p.severity == "warning"]


def load_games(games: list[Game], roots: ContentRoots, strict: bool, rules: bool = True
               ) -> tuple[dict[str, Any], list[Problem]]:
    """Load every game's content; raise ContentError if any error (or warning when strict).

    The rulebooks are rendered and compared only with `rules` (a build of other parts does not
    pay for them; `check` always does).
    """
    loaded = load_content(games, roots, rules)
    found = {game_id: loaded.run_slow_checks(game_id) for game_id in loaded.slow}
    return loaded.content, settle(loaded, found, strict)


def side_problems(content: Path | None, templates: Path | None) -> list[Problem]:
    """Problems beside the games' content: templates, and user files nothing reads."""
    from .content.inventory import unread_content, unread_templates
    from .render import check_templates, templates_in_use

    if templates is None:  # the bundled templates: tested with the tool, checked by `check`
        return unread_content(content)
    return (check_templates(templates) + unread_content(content)
            + unread_templates(templates, templates_in_use(templates)))


def with_side_problems(load: Callable[[], Any], content: Path | None,
                       templates: Path | None, strict: bool) -> tuple[Any, list[Problem]]:
    """Run load() and the side checks; raise one ContentError holding the problems of both."""
    side = side_problems(content, templates)
    try:
        result, warnings = load()
    except ContentError as exc:  # side warnings too: they often explain the errors
        raise ContentError(exc.problems + side) from None
    if errors_only(side, strict):
        raise ContentError(side)
    return result, list(warnings) + [p for p in side if p.severity == "warning"]


def plan_jobs(options: BuildOptions, drawing: bool = True) -> tuple[list[Job], list[Problem]]:
    """Validate options and content; return the PDFs to make and the content warnings.

    Only what the parts asked for use is checked: the rulebooks when a `rules` part is drawn.
    """
    loaded = plan_content(options, drawing)
    jobs = jobs_for(options, loaded) if not shared_errors(loaded.problems({})) else []
    found = {game_id: loaded.run_slow_checks(game_id) for game_id in loaded.slow}
    warnings = settle(loaded, found, options.strict)
    return jobs, warnings


def _refill_template_budget() -> None:
    """Refill the templates' work budget (budget.py) when the sandbox is loaded; a first
    import starts full, so a build that renders no template never imports Jinja for it."""
    sandbox = sys.modules.get("generator.sandbox")
    if sandbox is not None:
        sandbox.new_build()


def plan_content(options: BuildOptions, drawing: bool = True) -> Loaded:
    """Validate the options and load the content the build needs; slow checks not yet run."""
    _refill_template_budget()
    if options.paper not in PAPERS:
        raise UsageError(f"unknown paper '{options.paper}': choose a4 or letter")
    sets = bool(options.pieces or options.pack)
    if options.pieces and options.pack:
        raise UsageError("--pieces and --pack do not go together: --pieces prints the pieces "
                         "you name, --pack every piece")
    if sets and options.parts:
        raise UsageError("--part does not go with --pieces or --pack: they choose the pieces "
                         "themselves")
    if options.pieces and len(set(options.games)) != 1:
        raise UsageError("--pieces needs one game, e.g. "
                         "`labyrinth-pnp build magic-labyrinth --pieces token-14,formula-9`")
    games = select_games(options.games, options.parts)
    roots = ContentRoots.with_user(options.content)
    rules = drawing and not sets and (not options.parts or "rules" in options.parts)
    return load_content(games, roots, rules)


def jobs_for(options: BuildOptions, loaded: Loaded) -> list[Job]:
    """The PDFs to make: each part asked for, in each language asked for and offered."""
    wanted = options.languages  # empty: every language
    jobs: list[Job] = []
    for game in loaded.games:
        content = loaded.content[game.id]
        if content is None:
            continue
        if options.pieces or options.pack:
            jobs.extend(_set_jobs(options, loaded, game))
            continue
        parts = [p for p in game.parts.values() if not options.parts or p.name in options.parts]
        offered = {p.name: (p.languages(content, loaded.roots) if p.languages
                            else game.languages(content)) for p in parts}
        # a language whose own files have errors is still a language of the game: its
        # errors are reported, not a false "has no language" (security review F9)
        broken = {p.lang for p in sum(loaded.found[game.id], []) if p.lang and
                  p.severity == "error" and (p.lang in wanted if wanted else False)}
        known = sorted({lang for langs in offered.values() for lang in langs} | broken)
        if not _offers_languages(options, loaded, game, known):
            continue
        drafts = _leave_out_drafts(loaded, game, known, wanted)
        assert loaded.building is not None  # set by _leave_out_drafts
        building = loaded.building.setdefault(game.id, set())
        building.update(broken)
        for part in parts:
            langs = [lang for lang in offered[part.name] if (lang in wanted if wanted else
                                                             lang not in drafts)]
            building.update(langs)
            jobs.extend(Job(game, part, content, lang, options.paper, loaded.roots,
                            lang in drafts) for lang in langs)
    _check_some_game_has(options, loaded)
    return jobs


def unfinished_languages(loaded: Loaded, game: Game) -> set[str]:
    """The languages of a game whose translation has gaps: texts still marked TODO» or left
    out (found while loading), or a rulebook with a TODO» mark (read here, cheaply)."""
    from .content.translation import MARKER
    from .games.base import rules_files

    found = {p.lang for p in loaded.found[game.id][0] if p.gap and p.lang}
    if game.rules_context is not None:
        for lang, path in rules_files(loaded.roots, game.id).items():
            try:
                if lang not in found and MARKER in path.read_text(encoding="utf-8"):
                    found.add(lang)
            except (OSError, UnicodeDecodeError):
                pass  # reported by the rulebook check
    return found


def _leave_out_drafts(loaded: Loaded, game: Game, known: list[str], wanted: tuple[str, ...]
                      ) -> set[str]:
    """The unfinished languages of a game; when no language was asked for, note each one
    left out of the build (a draft is built only when asked for by name)."""
    if loaded.building is None:
        loaded.building = {}
    drafts = unfinished_languages(loaded, game) & set(known)
    if not wanted:
        for lang in sorted(drafts):
            loaded.skipped.append(Problem(
                f"content/{game.id}", 1, 1, f"the '{lang}' translation is not finished, so it "
                f"was not built: `labyrinth-pnp lang status {lang}` lists what is left, "
                f"`build {game.id} --lang {lang}` makes a draft", "warning"))
    return drafts


def _offers_languages(options: BuildOptions, loaded: Loaded, game: Game, known: list[str]
                      ) -> bool:
    """Whether a game is built in the languages asked for. A game named on the command line
    must have them all (a usage error if not); of the games built because none was named,
    one lacking a language asked for is built in the others, with a warning, so that
    `build --lang uk` makes every game there is in Ukrainian."""
    wanted = options.languages
    loaded.offered.setdefault(game.id, set()).update(known)
    if options.games or not wanted:
        _check_languages(game, wanted, known)
        return True
    lacking = [lang for lang in wanted if lang not in known]
    having = [lang for lang in wanted if lang in known]
    if lacking:
        built = f"built in {', '.join(having)} only" if having else "not built"
        loaded.skipped.append(Problem(
            f"content/{game.id}", 1, 1, f"{game.id} has no '{lacking[0]}' texts, so it was "
            f"{built}: `labyrinth-pnp lang new {lacking[0]} --content DIR --game {game.id}` "
            "starts a translation", "warning"))
    return bool(having)


def _check_some_game_has(options: BuildOptions, loaded: Loaded) -> None:
    """A usage error when no game has a language asked for (games named or not)."""
    known = sorted(set().union(*loaded.offered.values())) if loaded.offered else []
    for lang in options.languages:
        start = _starting(lang)
        if loaded.offered and not known:
            raise UsageError(f"no game has the language '{lang}' nor any other: {start}")
        if known and lang not in known:
            raise UsageError(f"no game has the language '{lang}': available are "
                             f"{', '.join(known)} ({start})")


def _starting(lang: str) -> str:
    """How to start a language, for messages about a language a build lacks."""
    return f"`labyrinth-pnp lang new {lang} --content DIR` writes the files a language needs"


def _check_languages(game: Game, wanted: tuple[str, ...], known: list[str]) -> None:
    missing = [lang for lang in wanted if lang not in known]
    start = _starting(missing[0]) if missing else ""
    if missing and known:
        raise UsageError(f"{game.id} has no language '{missing[0]}': available are "
                         f"{', '.join(known)} ({start})")
    if missing:
        raise UsageError(f"{game.id} has no language '{missing[0]}' nor any other: {start}")


def _set_jobs(options: BuildOptions, loaded: Loaded, game: Game) -> list[Job]:
    """The `--pieces` or `--pack` file of a game, in each language asked for."""
    from .games.sets import has_pieces, pack_part, pieces_part
    from .pieces import split_selectors

    content = loaded.content[game.id]
    known = game.languages(content)
    if not _offers_languages(options, loaded, game, known):
        return []
    drafts = _leave_out_drafts(loaded, game, known, options.languages)
    langs = [lang for lang in known if (lang in options.languages if options.languages
                                        else lang not in drafts)]
    loaded.building.setdefault(game.id, set()).update(langs)  # type: ignore[union-attr]
    if options.pack and not (langs and has_pieces(game, content, langs[0])):
        if options.games:
            raise UsageError(f"{game.id} has no pieces to cut out: its parts are sheets, "
                             "built one file each by `labyrinth-pnp build`")
        return []
    part = pieces_part(game, split_selectors(options.pieces)) if options.pieces else (
        pack_part(game))
    if options.pieces:
        if not split_selectors(options.pieces):
            raise UsageError("--pieces needs at least one piece id, e.g. --pieces token-14")
        for lang in langs:
            part.pieces(content, lang)  # an unknown id stops here, before anything is drawn
    return [Job(game, part, content, lang, options.paper, loaded.roots, lang in drafts)
            for lang in langs]


def sheet_options(job: Job, options: BuildOptions) -> SheetOptions:
    return SheetOptions(PAPERS[job.paper], margin=job.part.margin, bleed=options.bleed,
                        duplex=options.duplex, gutter=options.gutter,  # type: ignore[arg-type]
                        back_offset=options.back_offset, one_up=options.one_up)


def impose_job(job: Job, options: BuildOptions) -> list[Page]:
    """Impose the job's pieces on pages (the print guide and the pack: see games/sets.py)."""
    sheet = sheet_options(job, options)
    if job.part.special == "guide":
        return _guide_pages(job, options, sheet)
    pages = impose(job.part.pieces(job.content, job.lang), sheet)
    if job.part.special == "pack":
        from .games.sets import pack_guide, with_guide

        first = next((p.spec.id for p in pages[0].pieces), "ID") if pages else "ID"
        guide = pack_guide(job.game, job.content, job.lang, pages, options.duplex,
                           _reprint_command(job, first))
        return with_guide(guide, pages, sheet)
    return pages


def _reprint_command(job: Job, piece_id: str) -> str:
    paper = f" --paper {job.paper}" if job.paper != "a4" else ""
    return f"labyrinth-pnp build {job.game.id} --pieces {piece_id} --lang {job.lang}{paper}"


def _guide_pages(job: Job, options: BuildOptions, sheet: SheetOptions) -> list[Page]:
    """The default build's print guide: every other file of the game, sheet by sheet."""
    from .games.sets import files_guide, guide_piece, has_pieces, packable

    files = []
    for part in job.game.parts.values():
        if part.special:
            continue
        sibling = Job(job.game, part, job.content, job.lang, job.paper, job.roots)
        pages = [] if part.render is not None else impose_job(sibling, options)
        files.append((sibling.relative.name, part, pages))
    command = (_reprint_command(job, packable(job.game, job.content, job.lang)[0].id)
               if has_pieces(job.game, job.content, job.lang) else "")  # the paper game: none
    guide = files_guide(job.game, job.content, job.lang, files, options.duplex, command)
    return impose([guide_piece(guide, sheet)], sheet) if guide is not None else []


def draw_job(job: Job, options: BuildOptions, path: Path) -> list[str]:
    """Draw one PDF to path; return the texts that had to be shrunk below the minimum."""
    if job.part.render is not None:
        return job.part.render(job.content, job.roots, job.lang, job.paper, path, job.draft)
    from .render import render_line

    pages = impose_job(job, options)
    texts = job.game.sheet_texts(job.content, job.lang)
    game_name = job.game.name(job.content, job.lang)
    part_title = job.part.title(job.content, job.lang)

    def footer(page: int, total: int) -> str:
        label = fill(texts.page, page=page, pages=total)
        line = render_line("footer.txt.j2", options.templates, game=game_name, part=part_title,
                           language=texts.language, page_label=label)
        return f"{line}  ·  {texts.draft}" if job.draft and texts.draft else line

    style = Style(bleed=options.bleed * 72 / 25.4, ink_saver=options.ink_saver)
    title = render_line("document-title.txt.j2", options.templates, game=game_name,
                        part=part_title, language=texts.language, paper=job.paper)
    furniture = Furniture(texts.ruler, texts.print_at_100, footer, texts.fold,
                          job.game.accent(job.content))
    render_pages(path, pages, job.part.painters(), furniture, style,
                 DocInfo(title, part_title, job.lang), job.part.margin)
    return style.overflows


def _temp_beside(target: Path) -> Path:
    try:
        return temp_beside(target)
    except OSError as exc:
        raise OutputError(f"cannot write to {target.parent}: {exc.strerror}") from exc


def write_atomically(target: Path, make: Callable[[Path], Any]) -> Any:
    """Call make(temp_path) in the target's folder, then rename over target; clean up on error."""
    try:
        return atomic_write(target, make)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror}") from exc


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


_WORK: list[Any] = []  # (loaded, pending, tasks, strict), inherited by forked workers


def _run_task(index: int) -> Outcome:
    loaded, pending, tasks, strict = _WORK
    task: Task = tasks[index]
    found = None
    if task.check is not None:
        found = loaded.run_slow_checks(task.check)
        if errors_only(found, strict):
            return Outcome(found, dict(loaded.roots.refused), {})
    overflows = {}
    for i in task.files:
        job, options, temp = pending[i]
        overflows[i] = draw_job(job, options, temp)
    return Outcome(found, dict(loaded.roots.refused), overflows)


def make_tasks(loaded: Loaded, pending: list[tuple[Job, BuildOptions, Path]]) -> list[Task]:
    """The slow checks with their games' rulebooks first (the longest work), then each other
    part in all its languages, the heaviest parts first (Part.weight) so that the workers
    finish together: one process draws a part in all its languages, so what they share (the
    QR code of a host sheet's plan, a picture read from its file) is made once."""
    tasks = []
    for game_id in loaded.slow:
        files = [i for i, (job, _, _) in enumerate(pending)
                 if job.game.id == game_id and job.part.name == "rules"]
        tasks.append(Task(game_id, files))
    taken = {i for task in tasks for i in task.files}
    parts: dict[tuple[str, str], list[int]] = {}
    for i, (job, _, _) in enumerate(pending):
        if i not in taken:
            parts.setdefault((job.game.id, job.part.name), []).append(i)
    heaviest = sorted(parts.values(), key=lambda files: -pending[files[0]][0].part.weight)
    return tasks + [Task(None, files) for files in heaviest]


def _run_all(loaded: Loaded, pending: list[tuple[Job, BuildOptions, Path]], strict: bool,
             workers: int) -> tuple[dict[str, list[Problem]], dict[int, list[str]]]:
    """Run the rulebook checks and draw every pending file; in forked workers when that helps.

    Workers inherit the loaded content through fork, so nothing is pickled but an index and
    the findings. Each file is drawn by exactly one process, so the output is the same bytes
    as a sequential run. Returns the rulebook checks' problems by game, and the texts each
    file had to shrink. Once every check is in and one stops the build, drawing stops.
    """
    tasks = make_tasks(loaded, pending)
    _WORK[:] = [loaded, pending, tasks, strict]
    found: dict[str, list[Problem]] = {}
    overflows: dict[int, list[str]] = {}
    checks = sum(1 for task in tasks if task.check is not None)

    def collect(results: Iterator[Outcome]) -> None:
        for n, (task, outcome) in enumerate(zip(tasks, results), 1):
            if task.check is not None:
                found[task.check] = outcome.check or []
            for key, problem in outcome.refused.items():  # a worker's finds, reported here
                loaded.roots.refused.setdefault(key, problem)
            overflows.update(outcome.overflows)
            if n == checks and any(errors_only(f, strict) for f in found.values()):
                return  # the checks come first: nothing more is worth drawing

    try:
        if workers < 2 or len(tasks) < 2 or "fork" not in mp.get_all_start_methods():
            collect(map(_run_task, range(len(tasks))))
        else:
            gc.freeze()  # what the workers inherit is never scanned (nor copied) by collections
            try:
                with mp.get_context("fork").Pool(min(workers, len(tasks)),
                                                 initializer=_worker_gc) as pool:
                    collect(pool.imap(_run_task, range(len(tasks))))
            finally:
                gc.unfreeze()
    finally:
        _WORK.clear()
    return found, overflows


def _worker_gc() -> None:
    """Collect cycles less often in a drawing worker: drawing makes many short-lived objects
    and few cycles, and a worker lives for one build (about 3 % of its time otherwise)."""
    gc.set_threshold(10_000, 20, 20)
    __import__("generator.interrupts").interrupts.quiet_worker()  # Ctrl-C, kill: no tracebacks


def default_workers() -> int:
    """Worker processes for a build: one per core, at most four."""
    return max(1, min(4, os.cpu_count() or 1))


def run_build(options: BuildOptions, progress: Callable[[str], None] = lambda _: None
              ) -> BuildReport:
    """Build every PDF asked for into options.out; report progress one line per file.

    Every file is drawn to a temporary name first; only when all are drawn, every check has
    passed (and, with strict, no text had to be shrunk below its minimum) are they renamed
    into place. The rulebook checks run beside the drawing (see _run_all); when the content
    already has errors without them, they run at once, so that one run reports everything.
    """
    side = side_problems(options.content, options.templates)
    loaded = plan_content(options)
    jobs = jobs_for(options, loaded) if not shared_errors(loaded.problems({}) + side) else []
    if errors_only(loaded.problems({}) + side, options.strict):
        found = {game_id: loaded.run_slow_checks(game_id) for game_id in loaded.slow}
        stopping = errors_only(loaded.problems(found), options.strict)
        raise ContentError(stopping + side if stopping else side)
    temps: list[tuple[Path, Path]] = []
    made = _missing_folders([options.out / job.relative for job in jobs])
    done = False
    try:
        pending = []
        for job in jobs:
            target = options.out / job.relative
            temp = _temp_beside(target)
            temps.append((temp, target))
            pending.append((job, options, temp))
        sweep_output(options.out, {target.parent for _, target in temps})  # killed runs' temps
        found, overflows = _run_all(loaded, pending, options.strict,
                                    options.jobs or default_workers())
        try:
            warnings = settle(loaded, found, options.strict)
        except ContentError as exc:
            raise ContentError(exc.problems + side) from None
        report = BuildReport(warnings=warnings + [p for p in side if p.severity == "warning"])
        for i, (_, target) in enumerate(temps):
            report.warnings.extend(Problem(str(target), 1, 1, text, "warning")
                                   for text in overflows.get(i, []))
        if options.strict and report.warnings:
            raise ContentError(report.warnings)
        for temp, target in temps:
            os.replace(temp, target)
            report.written.append(target)
            progress(str(target))  # only once the file is in place
        done = True
    except OSError as exc:
        raise OutputError(f"cannot write {exc.filename or options.out}: {exc.strerror}") from exc
    finally:
        for temp, _ in temps:
            temp.unlink(missing_ok=True)
        if not done:  # a failed build leaves no trace, not even the folders it made
            for folder in made:
                with contextlib.suppress(OSError):
                    folder.rmdir()
    return report


def _missing_folders(targets: list[Path]) -> list[Path]:
    """The folders that writing targets will create, deepest first."""
    missing: set[Path] = set()
    for target in targets:
        folder = target.parent
        while not folder.exists() and folder not in missing and folder != folder.parent:
            missing.add(folder)
            folder = folder.parent
    return sorted(missing, key=lambda f: len(f.parts), reverse=True)


def iter_layout(options: BuildOptions) -> Iterator[tuple[Job, list[Page]]]:
    """Yield each job with its imposed pages, without drawing anything."""
    jobs, _ = plan_jobs(options, drawing=False)
    for job in jobs:
        if job.part.render is None:
            yield job, impose_job(job, options)

"""`plan print` and `plan sheets`: draw the host sheets or the player sheets of plan files.

Every plan is read and checked before anything is drawn; the PDF is written to a temporary
file and renamed into place (the same input gives byte-identical files).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .content.paper import ExamplePlan, PaperBundle, read_plan_file
from .content.paths import ContentRoots, display_path
from .draw.papersheets import HostSheet
from .draw.sheet import Painter
from .errors import ContentError, Problem, UsageError
from .games.base import Part
from .games.paper import (
    HOST_PART,
    PAPER_LABYRINTH,
    PLAYER_PART,
    host_pieces,
    player_sheet_pieces,
)
from .layout.imposition import PieceSpec
from .pipeline.draw import draw_job
from .pipeline.options import BuildOptions
from .pipeline.plan import Job
from .pipeline.write import write_atomically
from .plan.text.model import Plan, Pos


class PlanError(ContentError):
    """Plans that cannot be drawn: unreadable, or breaking rules (unless forced)."""

    def __init__(self, problems: list[Problem], readable: bool) -> None:
        super().__init__(problems)
        self.readable = readable


def default_output(plans: list[Path], lang: str, paper: str, what: str = "host") -> Path:
    """Where `plan print` / `plan sheets` write when no --out is given: the working folder."""
    stem = plans[0].stem if len(plans) == 1 else "booklet"
    return Path(f"{stem}-{what}-{lang}-{paper}.pdf")


def _load(lang: str, content: Path | None) -> PaperBundle:
    bundle, found = PAPER_LABYRINTH.load(ContentRoots.with_user(content))
    if bundle is None:
        raise ContentError(found)
    if lang not in bundle.languages:
        from .languages import language_error

        raise language_error(lang, list(bundle.languages), found, "the «Лабиринт» sheets",
                             f" --content {content}" if content else " --content my-content")
    return bundle


def _players(bundle: PaperBundle, players: int | None) -> int:
    low, high = bundle.player_range()
    count = bundle.players if players is None else players
    if not low <= count <= high:
        raise UsageError(f"--players {count}: the game has {low} to {high} players besides "
                         "the host")
    return count


def message_language(lang: str) -> str:
    """The plan checker speaks Russian and English (generator/plan/commands/language.py)."""
    from .plan.commands.language import message_language as plan_message_language

    return plan_message_language(lang)


def _read_plans(paths: list[Path], lang: str) -> tuple[list[ExamplePlan], list[Problem]]:
    """Read and check every plan; raise ContentError when one cannot be read at all."""
    plans: list[ExamplePlan] = []
    problems: list[Problem] = []
    for path in paths:
        plan, found = read_plan_file(path, message_language(lang))
        problems += found
        if plan is not None:
            plans.append(ExamplePlan(path.stem, plan))
    if len(plans) < len(paths):
        raise PlanError(problems, readable=False)
    return plans, problems


def _target(out: Path | None, paths: list[Path], lang: str, paper: str, what: str) -> Path:
    """Return the PDF to write (plan/commands/pdftarget.py decides if a file there may go)."""
    return out or default_output(paths, lang, paper, what)


def _write(target: Path, job: Job, paper: str, lang: str) -> list[Problem]:
    options = BuildOptions(paper=paper, lang=lang)
    overflows = write_atomically(target, lambda tmp: draw_job(job, options, tmp))
    return [Problem(str(target), 1, 1, o, "warning") for o in overflows]


def print_host_sheets(paths: list[Path], lang: str = "ru", paper: str = "a4",
                      out: Path | None = None, force: bool = False,
                      content: Path | None = None, players: int | None = None,
                      trace: Path | None = None) -> tuple[Path, list[Problem]]:
    """Check the plans, then write one host sheet per plan into one PDF (a booklet).

    With trace (a `plan play` transcript or moves script, for one plan), the game is replayed
    and every player's path is drawn over the plan.
    """
    plans, problems = _read_plans(paths, lang)
    if not force and any(p.severity == "error" for p in problems):
        raise PlanError(problems, readable=True)
    warnings = list(problems)  # errors only when forced: shown as errors, the sheet marked
    broken = {p.file for p in problems if p.severity == "error"}
    plans = [replace(p, invalid=display_path(path) in broken)
             for p, path in zip(plans, paths)]
    bundle = _load(lang, content)
    walks, destroyed = _trace_paths(plans, trace, lang, content) if trace else ([], ())
    count = _players(bundle, players if players is not None or not walks else len(walks))
    target = _target(out, paths, lang, paper, "host")
    booklet = replace(bundle, plans=tuple(plans))
    part = replace(HOST_PART, pieces=lambda b, code: host_pieces(b, code, count))
    if walks:
        part = replace(part, pieces=lambda b, code: _traced(host_pieces(b, code, count), walks,
                                                             destroyed),
                       painters=lambda: HOST_PART.painters() | {"host-sheet-traced": Painter(
                           _draw_traced, outline=False)})
    return target, warnings + _write(target, Job(PAPER_LABYRINTH, part, booklet, lang, paper),
                                     paper, lang)


@dataclass(frozen=True)
class TracedSheet:
    """A host sheet with the players' paths of a played game drawn over its plan."""

    sheet: HostSheet
    walks: list[tuple[str, tuple[Pos, ...]]]
    destroyed: tuple[tuple[Pos, Pos], ...] = ()


def _trace_paths(plans: list[ExamplePlan], trace: Path, lang: str, content: Path | None
                 ) -> tuple[list[tuple[str, tuple[Pos, ...]]], tuple[tuple[Pos, Pos], ...]]:
    """Replay a transcript on the one plan; return each player's path, and the walls blown up."""
    from .plan.game.answers import load_play_texts
    from .plan.game.playscript import replay_transcript

    if len(plans) != 1:
        raise UsageError("--trace draws one game: give exactly one PLAN with it")
    try:
        text = trace.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError([Problem(str(trace), 1, 1, f"not UTF-8 text (byte {exc.start + 1}): "
                                    "save the transcript as UTF-8")]) from exc
    except OSError as exc:
        raise UsageError(f"cannot read {trace}: {exc.strerror or exc}") from exc
    texts, languages = load_play_texts(lang, content)
    session = replay_transcript(plans[0].plan, text, str(trace), texts, languages)
    return ([(p.name, p.path) for p in session.state.players],
            tuple(sorted(session.state.destroyed)))


def _traced(specs: list[PieceSpec], walks: list[tuple[str, tuple[Pos, ...]]],
            destroyed: tuple[tuple[Pos, Pos], ...]) -> list[PieceSpec]:
    """The host sheet pieces, the first one carrying the paths to draw."""
    return [replace(s, kind="host-sheet-traced", front=TracedSheet(s.front, walks, destroyed))
            if s.kind == "host-sheet" else s for s in specs]


def _draw_traced(c: Any, box: Any, payload: TracedSheet, style: Any) -> None:
    """The host sheet, then the paths over its plan."""
    from .draw.papersheets import draw_host_sheet, sheet_layout
    from .draw.plan import draw_trace
    from .draw.sheetblocks import to_box
    from .units import mm

    draw_host_sheet(c, box, payload.sheet, style)
    lay = sheet_layout(payload.sheet, box.w)
    frame = to_box(box, lay.plan)
    draw_trace(c, frame.x, frame.y + frame.h, mm(lay.cell), payload.sheet.plan, payload.walks,
               payload.destroyed)


def print_host_sheet(plan_path: Path, lang: str = "ru", paper: str = "a4",
                     out: Path | None = None, force: bool = False,
                     content: Path | None = None) -> tuple[Path, list[Problem]]:
    """Check one plan, then write its host sheet; refuse an invalid plan unless force."""
    return print_host_sheets([plan_path], lang, paper, out, force, content)


def print_player_sheets(plan_path: Path, lang: str = "ru", paper: str = "a4",
                        out: Path | None = None, content: Path | None = None,
                        players: int | None = None) -> tuple[Path, list[Problem]]:
    """Write the player sheets for the plan's size: one set per player, in seat order.

    Only the plan's size is used, so a plan with rule errors still gets its sheets; the
    errors are returned as warnings.
    """
    plans, found = _read_plans([plan_path], lang)
    plan: Plan = plans[0].plan
    bundle = _load(lang, content)
    count = _players(bundle, players)
    target = _target(out, [plan_path], lang, paper, "players")
    seats: list[int | None] = list(range(1, count + 1))
    part: Part = replace(PLAYER_PART, pieces=lambda b, code: player_sheet_pieces(
        b, code, plan.rows, plan.cols, count, seats))
    job = Job(PAPER_LABYRINTH, part, bundle, lang, paper)
    notes = list(found)  # rule errors do not change the sheets: only the size is used
    return target, notes + _write(target, job, paper, lang)

"""«Лабиринт» (the pen-and-paper game): the player sheet and the host sheets of example plans.

The example plans under `content/paper-labyrinth/plans/` are checked with the plan checker when
content loads; an invalid example is a content error like any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ..content.common import GameInfo, SheetTexts, load_language_texts, load_model
from ..content.modeling import Strict
from ..content.paths import ContentRoots, display_path
from ..content.placeholders import fill, uses
from ..draw.kit import Box, Style
from ..draw.papersheets import HostSheet, PlayerSheet, draw_host_sheet, draw_player_sheet
from ..draw.sheet import Painter
from ..errors import Problem
from ..layout.imposition import PieceSpec
from ..plan.check import load_plan, read_source, to_problem
from ..plan.gridtext import write_grid
from ..plan.model import MAX_SIZE, MIN_SIZE, Plan
from ..plan.report import PlanReadError
from ..sourceyaml import SourceDoc
from .base import Game, Part, part_title

GAME = "paper-labyrinth"
SHEET_W, SHEET_H = 185.0, 245.0


class Legend(Strict):
    frame: str
    wall: str
    exit: str
    river: str
    mouth: str
    swamp: str
    hole: str
    arsenal: str
    medpost: str
    real: str
    false: str


class PaperTexts(Strict):
    parts: dict[str, str]
    host_title: str
    size: Annotated[str, uses("rows", "cols")]
    legend_title: str
    legend: Legend
    qr: str
    player_title: str
    name: str
    grids_title: str
    log_title: str
    log_columns: list[str]
    exit_label: str


@dataclass(frozen=True)
class ExamplePlan:
    name: str
    plan: Plan
    title: str


@dataclass(frozen=True)
class PaperBundle:
    game: GameInfo
    texts: dict[str, PaperTexts]
    sheet_texts: dict[str, SheetTexts]
    plans: tuple[ExamplePlan, ...]

    @property
    def languages(self) -> list[str]:
        return sorted(set(self.texts) & set(self.sheet_texts))


def plan_title(plan: Plan, fallback: str) -> str:
    """The plan's first comment line, or the fallback (its file name)."""
    for line in plan.before:
        text = line.strip().lstrip("#").strip()
        if text:
            return text
    return fallback


def read_plan_file(path: Path, lang: str = "en") -> tuple[Plan | None, list[Problem]]:
    """Read and check one plan file; its problems, worded in lang, become content problems."""
    shown = display_path(path)
    plan: Plan | None
    try:
        plan, found = load_plan(read_source(path), shown, lang)
    except PlanReadError as exc:  # unreadable: report each located finding, not their count
        findings = sorted(exc.findings, key=lambda f: (f.line, f.column))
        found = [to_problem(f, lang) for f in findings]
        plan = None
    except OSError as exc:
        return None, [Problem(shown, 1, 1, f"cannot read plan: {exc.strerror}")]
    problems = [Problem(shown, p.line, p.column, f"{p.severity}[{p.rule}]: {p.message}",
                        "error" if p.severity == "error" else "warning") for p in found]
    return plan, problems


def _check_sheet_size(doc: SourceDoc, game: GameInfo, problems: list[Problem]) -> None:
    """The player sheet's default plan size must be one the checker accepts."""
    for key in ("default_rows", "default_cols"):
        value = game.facts.get(key)
        if value is not None and not MIN_SIZE <= value <= MAX_SIZE:
            problems.append(doc.problem(("facts", key), f"'{key}' is {value}: plans have "
                                        f"{MIN_SIZE} to {MAX_SIZE} rows and columns"))


def load_paper(roots: ContentRoots) -> tuple[PaperBundle | None, list[Problem]]:
    """Load the game's facts, sheet wording and example plans."""
    problems: list[Problem] = []
    game, gdoc = load_model(roots, f"{GAME}/game.yaml", GameInfo, problems)
    texts = load_language_texts(roots, f"{GAME}/text", PaperTexts, problems)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    plans = []
    for name, path in roots.glob(f"{GAME}/plans", "*.txt").items():
        plan, found = read_plan_file(path)
        problems.extend(found)
        if plan is not None:
            plans.append(ExamplePlan(name.removesuffix(".txt"), plan,
                                     plan_title(plan, name)))
    if game is not None and gdoc is not None:
        _check_sheet_size(gdoc, game, problems)
    if game is None or any(p.severity == "error" for p in problems):
        return None, problems
    return PaperBundle(game, texts, sheet, tuple(plans)), problems


def host_sheet(plan: Plan, title: str, texts: PaperTexts) -> HostSheet:
    """The host sheet of one plan, in the language of texts."""
    return HostSheet(plan, write_grid(plan), f"{texts.host_title}: {title}",
                     fill(texts.size, rows=plan.rows, cols=plan.cols), texts.legend_title,
                     texts.legend.model_dump(), texts.qr, texts.exit_label)


def host_pieces(bundle: PaperBundle, lang: str) -> list[PieceSpec]:
    """One host sheet per example plan."""
    texts = bundle.texts[lang]
    return [PieceSpec("host-sheet", f"host-{p.name}", "rect", SHEET_W, SHEET_H,
                      host_sheet(p.plan, p.title, texts), cut=False, alone=True)
            for p in bundle.plans]


def player_pieces(bundle: PaperBundle, lang: str) -> list[PieceSpec]:
    """The player sheet: draft grids of the default plan size, legend, move log."""
    t = bundle.texts[lang]
    facts = bundle.game.facts
    sheet = PlayerSheet(facts.get("default_rows", 4), facts.get("default_cols", 5),
                        t.player_title, t.name, t.grids_title, t.log_title,
                        tuple(t.log_columns), t.legend_title, t.legend.model_dump())
    return [PieceSpec("player-sheet", "player-sheet", "rect", SHEET_W, SHEET_H, sheet,
                      cut=False, alone=True)]


def paper_rules_context(bundle: PaperBundle, lang: str) -> dict[str, Any]:
    """What the rulebook's Jinja sees: names, players, minutes and the shared facts."""
    game = bundle.game
    context: dict[str, Any] = {"lang": lang, "names": dict(game.names),
                               "players": game.players.model_dump(), "minutes": game.minutes,
                               "facts": dict(game.facts)}
    texts = bundle.texts.get(lang) or bundle.texts.get("en")
    if texts is not None:  # the words printed on the sheets, for the plan diagrams
        context.update(exit_label=texts.exit_label, legend_title=texts.legend_title,
                       legend=texts.legend.model_dump())
    return context


def _host(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_host_sheet(c, box, payload, style)


def _player(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_player_sheet(c, box, payload, style)


HOST_PART = Part("host-sheets", host_pieces,
                 lambda: {"host-sheet": Painter(_host, outline=False)}, part_title("host-sheets"))

PAPER_LABYRINTH = Game(
    id=GAME,
    load=load_paper,
    parts={
        "player-sheet": Part("player-sheet", player_pieces,
                             lambda: {"player-sheet": Painter(_player, outline=False)},
                             part_title("player-sheet")),
        "host-sheets": HOST_PART,
    },
    name=lambda bundle, lang: bundle.game.names.get(lang, GAME),
    languages=lambda bundle: bundle.languages,
    sheet_texts=lambda bundle, lang: bundle.sheet_texts[lang],
    rules_context=paper_rules_context,
)

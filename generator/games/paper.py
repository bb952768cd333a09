"""«Лабиринт» (the pen-and-paper game): the player sheets and the host sheets of example plans.

The example plans under `content/paper-labyrinth/plans/` are checked with the plan checker when
content loads; an invalid example is a content error like any other. `plan sheets` and
`plan print` use the same pieces for a plan of the user's (see `generator/hostsheet.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from ..content.common import GameInfo, SheetTexts, load_language_texts, load_model
from ..content.modeling import Strict
from ..content.paths import ContentRoots, display_path
from ..content.placeholders import fill, uses
from ..content.schema import After, Field
from ..content.translation import usable
from ..draw.kit import Box, Style
from ..draw.paperlayout import MAX_PLAYERS, MIN_HOST_ROUNDS, SHEET_H, SHEET_W, player_pages
from ..draw.papersheets import (
    HostPositions,
    HostSheet,
    draw_host_positions,
    draw_host_sheet,
    host_rounds,
)
from ..draw.plan import ravine_order
from ..draw.playersheets import PlayerPagePayload, draw_player_page
from ..draw.sheet import Painter
from ..errors import Problem, shared_errors
from ..layout.imposition import PieceSpec
from ..plan.check import load_plan, read_source, to_problem
from ..plan.codes import HOLE_EXCLUDED
from ..plan.comments import alphabet_of, script, sheet_comments
from ..plan.gridtext import write_grid
from ..plan.model import HOLE, MAX_SIZE, MIN_SIZE, Plan
from ..plan.randomplan import MAX_TREASURE_MOVES
from ..plan.report import PlanReadError
from ..plan.stats import plan_stats, summary_line
from ..sourceyaml import SourceDoc
from ..units import mm
from .base import Game, Part, part_title

GAME = "paper-labyrinth"
MAX_TITLE = 70  # a longer first comment line is printed as a note, under the file's name


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


class Tracker(Strict):
    title: str
    hint: str
    player: str
    you: str
    start: str
    bullets: str
    bombs: str
    wounded: str
    treasure: str


class Answer(Strict):
    say: str
    when: str


class LogTexts(Strict):
    round: str
    player: Annotated[str, uses("seat")]
    you: str
    direction: str
    answer: str
    notation: str


def _hole_letters(text: str) -> str:
    """Ravine letters: at least six distinct letters of one alphabet, none starting a code."""
    letters = text.strip()
    bad = [ch for ch in letters if not ch.isalpha() or ch.upper() in HOLE_EXCLUDED]
    if bad:
        raise ValueError(f"'hole_letters': '{bad[0]}' cannot name a ravine: use letters that "
                         "start no other cell code (not С А М У Р К L A H O R T)")
    if len(set(letters.upper())) != len(letters) or len(letters) < 6:
        raise ValueError("'hole_letters' needs at least 6 different letters")
    if len({script(ch) for ch in letters}) != 1:
        raise ValueError("'hole_letters' must all be letters of one alphabet")
    return letters.upper()


class PaperNames(Strict):
    """The names printed in one language: the game's."""

    game: str = Field(min_length=1)


class PaperTexts(Strict):
    """text/LANG.yaml: every word of the sheets in one language, and the game's name."""

    names: PaperNames
    parts: dict[str, str]
    host_title: str
    size: Annotated[str, uses("rows", "cols")]
    legend_title: str
    legend: Legend
    qr: str
    exit_label: str
    hole_letters: Annotated[str, After(_hole_letters)]
    summary: Annotated[str, uses("rivers", "holes", "ravines", "swamps")]
    summary_moves: Annotated[str, uses("moves")]
    summary_no_treasure: str
    comments_hidden: Annotated[str, uses("count")]
    player_title: str
    seat: Annotated[str, uses("seat", "players")]
    name: str
    grids_title: str
    tracker: Tracker
    answers_title: str
    answers: list[Answer] = Field(min_length=1, max_length=12)
    log_title: str
    log: LogTexts
    host_players_title: str
    host_hint: str
    treasures_now: str
    positions_title: str
    # captions under the rulebook's diagrams, by diagram name (and `name:detail`)
    captions: dict[str, str] = Field(default_factory=dict)


@dataclass(frozen=True)
class ExamplePlan:
    name: str
    plan: Plan


@dataclass(frozen=True)
class PaperBundle:
    game: GameInfo
    texts: dict[str, PaperTexts]
    sheet_texts: dict[str, SheetTexts]
    plans: tuple[ExamplePlan, ...]

    @property
    def languages(self) -> list[str]:
        return sorted(set(self.texts) & set(self.sheet_texts))

    def fact(self, key: str, default: int) -> int:
        """Return a number of game.yaml's facts, or default when it is not there."""
        return int(self.game.facts.get(key, default))

    @property
    def players(self) -> int:
        """Return how many players the sheets are made for unless told otherwise."""
        low, high = self.player_range()
        return min(max(self.fact("default_players", 3), low), high)

    @property
    def ammo(self) -> tuple[int, int]:
        """Return the bullets and bombs each player starts with."""
        return self.fact("bullets", 3), self.fact("bombs", 3)

    def player_range(self) -> tuple[int, int]:
        """Return the fewest and most players (the host not counted)."""
        return max(1, self.game.players.min - 1), max(1, self.game.players.max - 1)


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


def _check_facts(doc: SourceDoc, game: GameInfo, problems: list[Problem]) -> None:
    """The sheets' default plan size, players and the random plans' treasure distance."""
    for key in ("default_rows", "default_cols"):
        value = game.facts.get(key)
        if value is not None and not MIN_SIZE <= value <= MAX_SIZE:
            problems.append(doc.problem(("facts", key), f"'{key}' is {value}: plans have "
                                        f"{MIN_SIZE} to {MAX_SIZE} rows and columns"))
    low, high = max(1, game.players.min - 1), max(1, game.players.max - 1)
    value = game.facts.get("default_players")
    if value is not None and not low <= value <= high:
        problems.append(doc.problem(("facts", "default_players"), f"'default_players' is "
                                    f"{value}: the game has {low} to {high} players besides "
                                    "the host ('players' less one)"))
    value = game.facts.get("treasure_exit_moves")
    if value is not None and not 0 <= value <= MAX_TREASURE_MOVES:
        problems.append(doc.problem(("facts", "treasure_exit_moves"), f"'treasure_exit_moves' "
                                    f"is {value}: use 0 to {MAX_TREASURE_MOVES} moves"))
    if game.players.max - 1 > MAX_PLAYERS:
        problems.append(doc.problem(("players", "max"), f"the sheets have room for "
                                    f"{MAX_PLAYERS} players besides the host: 'max' "
                                    f"can be {MAX_PLAYERS + 1} at most"))



def load_paper(roots: ContentRoots) -> tuple[PaperBundle | None, list[Problem]]:
    """Load the game's facts, sheet wording and example plans."""
    problems: list[Problem] = []
    game, gdoc = load_model(roots, f"{GAME}/game.yaml", GameInfo, problems)
    texts = load_language_texts(roots, f"{GAME}/text", PaperTexts, problems)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    _check_play_texts(roots, problems)
    plans = []
    for name, path in roots.glob(f"{GAME}/plans", "*.txt").items():
        plan, found = read_plan_file(path)
        problems.extend(found)
        if plan is not None:
            plans.append(ExamplePlan(name.removesuffix(".txt"), plan))
    if game is not None and gdoc is not None:
        _check_facts(gdoc, game, problems)
    if game is None or shared_errors(problems):
        return None, problems
    texts, sheet = usable(texts, problems), usable(sheet, problems)
    return PaperBundle(game, texts, sheet, tuple(plans)), problems


def _check_play_texts(roots: ContentRoots, problems: list[Problem]) -> None:
    """Check what `plan play` says as the host (play/LANG.yaml), as `check` checks all content."""
    from ..plan.answers import FOLDER, PlayTexts

    load_language_texts(roots, FOLDER, PlayTexts, problems)


def ravine_letters(plan: Plan, letters: str) -> dict[str, str]:
    """Map each ravine's letter as written to the letter a sheet shows for it.

    A letter of the sheet's alphabet is kept; one of another alphabet gets the first of the
    sheet's letters that no ravine uses yet, in the order the ravines are met.
    """
    alphabet = alphabet_of(letters)
    written: dict[str, str] = {}
    for row in plan.cells:
        for cell in row:
            if cell.kind == HOLE and cell.cycle is not None:
                written.setdefault(cell.cycle, cell.code[:1].upper())
    ordered = [written[c] for c in ravine_order(plan) if c in written]
    shown = {w: w for w in ordered if script(w) == alphabet}
    spare = iter(ch for ch in letters if ch not in shown.values())
    for w in ordered:
        if w not in shown:
            shown[w] = next(spare, w)
    return shown


def host_sheet(plan: Plan, name: str, texts: PaperTexts, players: int,
               ammo: tuple[int, int], lang: str) -> HostSheet:
    """The host sheet of one plan, in the language of texts; name is the plan's file name."""
    comments = sheet_comments(plan, lang, texts.hole_letters)
    generated = {summary_line(plan_stats(plan), code) for code in ("ru", "en")}
    notes = [line for line in comments.shown if line not in generated]
    title = notes.pop(0) if notes and len(notes[0]) <= MAX_TITLE else name
    if comments.hidden:
        notes.append(fill(texts.comments_hidden, count=comments.hidden))
    return HostSheet(plan, write_grid(plan), f"{texts.host_title}: {title}", tuple(notes),
                     texts, ravine_letters(plan, texts.hole_letters), players, ammo)


def host_pieces(bundle: PaperBundle, lang: str, players: int | None = None) -> list[PieceSpec]:
    """One host sheet per plan of the bundle (two pages when the first holds too few rounds)."""
    texts = bundle.texts[lang]
    count = players or bundle.players
    specs = []
    for p in bundle.plans:
        sheet = host_sheet(p.plan, p.name, texts, count, bundle.ammo, lang)
        specs.append(PieceSpec("host-sheet", f"host-{p.name}", "rect", SHEET_W, SHEET_H, sheet,
                               cut=False, alone=True))
        rows = host_rounds(sheet, mm(SHEET_W))  # the start and rounds 1 … rows - 1
        if rows - 1 < MIN_HOST_ROUNDS:
            specs.append(PieceSpec("host-positions", f"host-{p.name}-positions", "rect",
                                   SHEET_W, SHEET_H, HostPositions(sheet, rows), cut=False,
                                   alone=True))
    return specs


def player_sheet_pieces(bundle: PaperBundle, lang: str, rows: int, cols: int, players: int,
                        seats: list[int | None]) -> list[PieceSpec]:
    """The pages of the player sheets for a rows × cols plan, one set per seat."""
    texts = bundle.texts[lang]
    pages = player_pages(rows, cols, players)
    specs = []
    for seat in seats:
        for k, page in enumerate(pages):
            payload = PlayerPagePayload(page, rows, cols, players, seat, texts, bundle.ammo)
            specs.append(PieceSpec("player-sheet", f"player-{seat or 0}-{k + 1}", "rect",
                                   SHEET_W, SHEET_H, payload, cut=False, alone=True))
    return specs


def player_pieces(bundle: PaperBundle, lang: str) -> list[PieceSpec]:
    """The player sheet of the default plan size, for any seat at the table."""
    return player_sheet_pieces(bundle, lang, bundle.fact("default_rows", 4),
                               bundle.fact("default_cols", 5), bundle.players, [None])


def paper_rules_context(bundle: PaperBundle, lang: str) -> dict[str, Any]:
    """What the rulebook's Jinja sees: names, players, minutes and the shared facts."""
    game = bundle.game
    names = {code: text.names.game for code, text in bundle.texts.items()}
    context: dict[str, Any] = {"lang": lang, "names": names, "name": names.get(lang, GAME),
                               "players": game.players.model_dump(), "minutes": game.minutes,
                               "facts": dict(game.facts)}
    texts = bundle.texts.get(lang) or bundle.texts.get("en")
    if texts is not None:  # the words printed on the sheets, for the plan diagrams
        context.update(exit_label=texts.exit_label, legend_title=texts.legend_title,
                       legend=texts.legend.model_dump(), captions=dict(texts.captions))
    return context


def _host(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_host_sheet(c, box, payload, style)


def _player(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_player_page(c, box, payload, style)


def _positions(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_host_positions(c, box, payload, style)


def host_painters() -> dict[str, Painter]:
    """How host sheets are drawn."""
    return {"host-sheet": Painter(_host, outline=False),
            "host-positions": Painter(_positions, outline=False)}


def player_painters() -> dict[str, Painter]:
    """How player sheet pages are drawn."""
    return {"player-sheet": Painter(_player, outline=False)}


HOST_PART = Part("host-sheets", host_pieces, host_painters, part_title("host-sheets"))
PLAYER_PART = Part("player-sheet", player_pieces, player_painters, part_title("player-sheet"))

PAPER_LABYRINTH = Game(
    id=GAME,
    load=load_paper,
    parts={"player-sheet": PLAYER_PART, "host-sheets": HOST_PART},
    name=lambda bundle, lang: bundle.texts[lang].names.game,
    languages=lambda bundle: bundle.languages,
    sheet_texts=lambda bundle, lang: bundle.sheet_texts[lang],
    rules_context=paper_rules_context,
)

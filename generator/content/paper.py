"""«Лабиринт» content: the sheets' words per language, the example plans, the loader.

The example plans under `content/paper-labyrinth/plans/` are checked with the plan checker when
content loads; an invalid example is a content error like any other. What `plan play` says as
the host is checked here too (its model: content/play.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from ..draw.paperlayout import MAX_PLAYERS
from ..errors import Problem, shared_errors
from ..plan.checker.check import load_plan, read_source, to_problem
from ..plan.checker.report import PlanReadError
from ..plan.making.randomplan import MAX_TREASURE_MOVES
from ..plan.text.codes import HOLE_EXCLUDED
from ..plan.text.comments import script
from ..plan.text.model import MAX_SIZE, MIN_SIZE, Plan
from ..sourceyaml import SourceDoc
from .art import register, resolve_refs
from .common import GameInfo, GameTexts, SheetTexts, Worded, load_language_texts, load_model
from .modeling import Strict
from .paper_game import GAME, ICONS, PaperGame
from .paths import ContentRoots, display_path
from .placeholders import uses
from .schema import After, Field
from .translation import usable

MAX_TITLE = 70  # a longer first comment line is printed as a note, under the file's name


class Legend(Strict):
    frame: str
    wall: str
    open: str = ""  # the dotted border between cells; optional for content made before it
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


class PaperTexts(GameTexts):
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
    invalid_mark: str = "INVALID PLAN"  # the title's prefix on a plan printed with --force
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


@dataclass(frozen=True)
class ExamplePlan:
    name: str
    plan: Plan
    invalid: bool = False  # breaks rules: printed only with --force, and marked so


@dataclass(frozen=True)
class PaperBundle(Worded):
    game: GameInfo
    texts: dict[str, PaperTexts]
    sheet_texts: dict[str, SheetTexts]
    plans: tuple[ExamplePlan, ...]

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
    game, gdoc = load_model(roots, f"{GAME}/game.yaml", PaperGame, problems)
    texts = load_language_texts(roots, f"{GAME}/text", PaperTexts, problems)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    _check_play_texts(roots, problems)
    plans = []
    for name, path in roots.glob(f"{GAME}/plans", "*.txt").items():
        plan, found = read_plan_file(path)
        problems.extend(found)
        if plan is not None:
            plans.append(ExamplePlan(name.removesuffix(".txt"), plan))
    pictures = {}
    if game is not None and gdoc is not None:
        _check_facts(gdoc, game, problems)
        given = game.art.model_dump()
        pictures = resolve_refs(roots, GAME, "game.yaml", [
            (key.replace("_", "-"), ("art", key) if given[key].strip() else ("art",),
             None if given[key].strip() else default) for key, default in ICONS.items()],
            problems)
    if game is None or shared_errors(problems):
        return None, problems
    register(GAME, pictures)
    texts, sheet = usable(texts, problems), usable(sheet, problems)
    return PaperBundle(game, texts, sheet, tuple(plans)), problems


def _check_play_texts(roots: ContentRoots, problems: list[Problem]) -> None:
    """Check what `plan play` says as the host (play/LANG.yaml), as `check` checks all content."""
    from .play import FOLDER, PlayTexts

    load_language_texts(roots, FOLDER, PlayTexts, problems)

"""«Волшебный лабиринт» content: tokens, formula cards, counters, sizes and labels."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Annotated

from ..errors import Problem, shared_errors
from ..layout.maze import GLYPHS, edge_walls, square_name
from ..sourceyaml import SourceDoc
from ..units import parse_length
from .art import Picture, register, resolve
from .common import (
    GameInfo,
    GameTexts,
    HexColor,
    Length,
    SheetTexts,
    Worded,
    load_items,
    load_language_texts,
    load_model,
)
from .modeling import Strict
from .paths import ContentRoots
from .placeholders import uses
from .schema import Before, Field
from .translation import usable

GAME = "magic-labyrinth"
TOKEN_NUMBERS = tuple(range(1, 21)) + (25,)


def _overprint(value: object) -> float:
    mm = parse_length(value)  # type: ignore[arg-type]
    if not 0 <= mm <= 5:
        raise ValueError(f"overprint {mm:g} mm is out of range: 0–5 mm (2mm suits home duplex "
                         "printers)")
    return mm


class Sizes(Strict):
    token: Length
    card_width: Length
    card_height: Length
    counter: Length
    tile: Length
    corridor: Length
    # the radius a cutting machine cuts the cards' corners to (--cutter); 3 mm by default, as
    # on poker cards
    card_corner: Length = 3.0
    # How far back art reaches past the cut line: home duplex printers shift backs 0.5–2 mm.
    overprint: Annotated[float, Before(_overprint)] = 2.0


class TileCounts(Strict):
    straight: int = Field(ge=0, le=100)
    corner: int = Field(ge=0, le=100)
    t: int = Field(ge=0, le=100)


class Board(Strict):
    fixed: list[str]
    starts: dict[str, str]


class GameArt(Strict):
    """Pictures of the whole set, besides each token's and counter's (files below the game)."""

    token_back: str = ""
    card_back: str = ""
    flask: str = ""


class MagicGame(GameInfo):
    sizes: Sizes
    tiles: TileCounts
    board: Board
    art: GameArt = Field(default_factory=GameArt)

    @property
    def fixed_rows(self) -> list[list[str]]:
        return [row.split() for row in self.board.fixed]


class Token(Strict):
    number: int
    value: int = Field(ge=0, le=1000)
    art: str = ""  # the ingredient's picture, a file below the game's folder (art/…)


class Formula(Strict):
    card: int = Field(ge=1, le=999)
    ingredients: list[int]


class CounterGroup(Strict):
    count: int = Field(ge=0, le=60)
    color: HexColor
    art: str = ""  # the pictogram; its black is drawn in the counter's ink


class Pawn(Strict):
    id: str
    color: HexColor
    art: str = ""


class CounterFile(Strict):
    wands: CounterGroup
    pawns: list[Pawn]
    markers: CounterGroup


class ScoreTexts(Strict):
    title: str
    player: str
    tokens: str
    formula: Annotated[str, uses("bonus")]
    wands: Annotated[str, uses("bonus")]
    total: str
    values: Annotated[str, uses("last")]


class SetupTexts(Strict):
    title: str
    fixed: str
    loose: str
    token: str
    insert: str


class MagicNames(Strict):
    """The names printed in one language: the game's, each token's by number, each pawn's."""

    game: str = Field(min_length=1)
    tokens: dict[int, str]
    pawns: dict[str, str]


class MagicTexts(GameTexts):
    """Labels printed on the pieces, in one language."""

    names: MagicNames
    parts: dict[str, str]
    formula_title: str
    formula_hint: Annotated[str, uses("bonus")]
    card: Annotated[str, uses("card")]
    back_title: str
    wand: str
    marker: str
    score: ScoreTexts
    setup: SetupTexts


@dataclass(frozen=True)
class MagicContent(Worded):
    """Everything needed to print «Волшебный лабиринт», validated."""

    game: MagicGame
    tokens: list[Token]
    formulas: list[Formula]
    counters: CounterFile
    texts: dict[str, MagicTexts]
    sheet_texts: dict[str, SheetTexts]
    # by key: ingredient-N, wands, markers, pawn-I (I: the pawn's place in the list),
    # token-back, card-back, flask
    pictures: dict[str, Picture] = field(default_factory=dict)

    def token(self, number: int) -> Token:
        return next(t for t in self.tokens if t.number == number)

    def token_name(self, number: int, lang: str) -> str:
        """The ingredient's name on token `number` in lang."""
        return self.texts[lang].names.tokens[number]

    def pawn_name(self, pawn_id: str, lang: str) -> str:
        return self.texts[lang].names.pawns[pawn_id]

    def name(self, lang: str) -> str:
        """The game's name in lang."""
        return self.texts[lang].names.game


def load_magic(roots: ContentRoots) -> tuple[MagicContent | None, list[Problem]]:
    """Load and validate the game's content; return it with every problem found."""
    problems: list[Problem] = []
    game, gdoc = load_model(roots, f"{GAME}/game.yaml", MagicGame, problems)
    tokens, tdoc = load_items(roots, f"{GAME}/tokens.yaml", "tokens", Token, problems)
    formulas, fdoc = load_items(roots, f"{GAME}/formulas.yaml", "formulas", Formula, problems)
    counters, cdoc = load_model(roots, f"{GAME}/counters.yaml", CounterFile, problems)
    text_docs: dict[str, SourceDoc] = {}
    texts = load_language_texts(roots, f"{GAME}/text", MagicTexts, problems, text_docs)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    languages = sorted(texts)
    for lang in languages:
        if lang not in sheet and roots.find(f"common/text/{lang}.yaml") is None:
            problems.append(Problem(f"content/common/text/{lang}.yaml", 1, 1,
                                    f"language '{lang}' has piece labels but no sheet wording: "
                                    f"add common/text/{lang}.yaml", lang=lang))
    numbers: set[int] = set()
    if tdoc is not None:
        numbers = _check_tokens(tokens, tdoc, languages, problems)
    if fdoc is not None and game is not None:
        tokens_clean = tdoc is not None and not any(p.file == tdoc.file for p in problems)
        known = numbers if tokens_clean else set(TOKEN_NUMBERS)
        _check_formulas(formulas, fdoc, known, game.facts.get("ingredients_per_formula", 3),
                        problems)
    if game is not None and gdoc is not None:
        _check_board(game, gdoc, problems)
        pawn_ids = {p.id for p in counters.pawns} if counters else set()
        for corner, pawn_id in game.board.starts.items():
            if counters and pawn_id not in pawn_ids:
                problems.append(gdoc.problem(("board", "starts", corner), f"unknown pawn "
                                             f"'{pawn_id}': use one of "
                                             f"{', '.join(sorted(pawn_ids))}"))
    _check_names(text_docs, texts, [t.number for _, t in tokens if t.number in TOKEN_NUMBERS],
                 [p.id for p in counters.pawns] if counters else [], problems)
    pictures = _pictures(roots, tokens, tdoc, counters, cdoc, problems)
    if game is not None and gdoc is not None:
        for name, ref in game.art.model_dump().items():
            picture = resolve(roots, GAME, gdoc, ("art", name), problems) if ref else None
            if picture is not None:
                pictures[name.replace("_", "-")] = picture
    if shared_errors(problems):
        return None, problems
    texts, sheet = usable(texts, problems), usable(sheet, problems)
    assert game and counters
    ordered = sorted((t for _, t in tokens), key=lambda t: t.number)
    cards = [f for _, f in formulas]
    register(GAME, pictures)
    return MagicContent(game, ordered, cards, counters, texts, sheet,
                        pictures=pictures), problems


def _pictures(roots: ContentRoots, tokens: list[tuple[int, Token]], tdoc: SourceDoc | None,
              counters: CounterFile | None, cdoc: SourceDoc | None,
              problems: list[Problem]) -> dict[str, Picture]:
    """Resolve and check every `art:` of the tokens and counters, by picture key."""
    wanted: list[tuple[str, SourceDoc, tuple[object, ...]]] = []
    if tdoc is not None:
        wanted += [(f"ingredient-{t.number}", tdoc, ("tokens", i, "art"))
                   for i, t in tokens if t.art]
    if counters is not None and cdoc is not None:
        wanted += [(key, cdoc, (key, "art")) for key in ("wands", "markers")
                   if getattr(counters, key).art]
        wanted += [(f"pawn-{i}", cdoc, ("pawns", i, "art"))
                   for i, p in enumerate(counters.pawns) if p.art]
    found: dict[str, Picture] = {}
    for key, doc, where in wanted:
        picture = resolve(roots, GAME, doc, where, problems)
        if picture is not None:
            found[key] = picture
    return found


def _check_names(docs: dict[str, SourceDoc], texts: dict[str, MagicTexts], numbers: list[int],
                 pawns: list[str], problems: list[Problem]) -> None:
    """Every token and pawn has a name in every language (names: in text/LANG.yaml)."""
    for lang, text in texts.items():
        for key, wanted, have in (("tokens", numbers, text.names.tokens),
                                  ("pawns", pawns, text.names.pawns)):
            lacking = [str(w) for w in wanted if not have.get(w, "").strip()]  # type: ignore
            if lacking:
                problems.append(dataclasses.replace(docs[lang].problem(
                    ("names", key), f"no name for {key[:-1]} {', '.join(lacking)}: add "
                    f"`{lacking[0]}: …` here", key=True), lang=lang))


def _check_tokens(tokens: list[tuple[int, Token]], doc: SourceDoc, languages: list[str],
                  problems: list[Problem]) -> set[int]:
    seen: dict[int, int] = {}
    for i, token in tokens:
        path = ("tokens", i, "number")
        if token.number not in TOKEN_NUMBERS:
            problems.append(doc.problem(path, f"token number {token.number} is not allowed: "
                                        "tokens are numbered 1–20 and 25"))
        elif token.number in seen:
            first = doc.where(("tokens", seen[token.number], "number"))[0]
            problems.append(doc.problem(path, f"duplicate token number {token.number} (first at "
                                        f"line {first}): each number appears once"))
        else:
            seen[token.number] = i
    items = doc.data.get("tokens")
    broken = not isinstance(items, list) or len(tokens) != len(items)
    missing = [n for n in TOKEN_NUMBERS if n not in seen]
    if missing and not broken:
        listed = ", ".join(map(str, missing))
        what = f"tokens {listed} are" if len(missing) > 1 else f"token {listed} is"
        problems.append(doc.problem(("tokens",), f"{what} missing: the set is 1–20 and 25, "
                                    "one token each", key=True))
    return set(seen)


def _check_formulas(formulas: list[tuple[int, Formula]], doc: SourceDoc, numbers: set[int],
                    per_card: int, problems: list[Problem]) -> None:
    seen: dict[int, int] = {}
    for i, card in formulas:
        if card.card in seen:
            first = doc.where(("formulas", seen[card.card], "card"))[0]
            problems.append(doc.problem(("formulas", i, "card"), f"duplicate formula card "
                                        f"{card.card} (first at line {first}): renumber it"))
        seen.setdefault(card.card, i)
        if len(card.ingredients) != per_card or len(set(card.ingredients)) != per_card:
            problems.append(doc.problem(("formulas", i, "ingredients"), f"formula card "
                                        f"{card.card} needs {per_card} different ingredients"))
        for j, number in enumerate(card.ingredients):
            if number not in numbers:
                problems.append(doc.problem(("formulas", i, "ingredients", j),
                                            f"formula card {card.card} names ingredient "
                                            f"{number}, which is not a token"))
    if len(numbers) == len(TOKEN_NUMBERS):
        _warn_unbalanced(formulas, doc, numbers, problems)


def _warn_unbalanced(formulas: list[tuple[int, Formula]], doc: SourceDoc, numbers: set[int],
                     problems: list[Problem]) -> None:
    uses = Counter(n for _, card in formulas for n in set(card.ingredients))
    usual = Counter(uses[n] for n in numbers).most_common(1)[0][0] if numbers else 0
    for number in sorted(numbers):
        if uses[number] != usual:
            problems.append(doc.problem(
                ("formulas",), f"ingredient {number} is on {uses[number]} formula cards, most "
                f"others on {usual}: a balanced list puts every ingredient on the same number "
                "of cards", key=True, severity="warning"))
    for (_, a), (j, b) in combinations(formulas, 2):
        shared = sorted(set(a.ingredients) & set(b.ingredients))
        if len(shared) > 1:
            problems.append(doc.problem(
                ("formulas", j, "ingredients"), f"formula cards {a.card} and {b.card} share "
                f"{len(shared)} ingredients ({', '.join(map(str, shared))}): change one so "
                "that no two cards share more than one", severity="warning"))


def _check_board(game: MagicGame, doc: SourceDoc, problems: list[Problem]) -> None:
    """The fixed layout: 4 rows of 4 known glyphs, no opening off the board; sizes that fit."""
    sizes = game.sizes
    if not sizes.token + 2 <= sizes.corridor <= sizes.tile - 6:
        problems.append(doc.problem(("sizes", "corridor"), f"corridor {sizes.corridor:g}mm must "
                                    f"be at least the token ({sizes.token:g}mm) plus 2mm and at "
                                    f"most the tile ({sizes.tile:g}mm) minus 6mm"))
    rows = game.fixed_rows
    if len(rows) != 4:
        problems.append(doc.problem(("board", "fixed"), f"the fixed layout needs 4 rows (board "
                                    f"rows 1, 3, 5, 7), not {len(rows)}", key=True))
        return
    corners = {"A1", "G1", "A7", "G7"}
    for i, row in enumerate(rows):
        if len(row) != 4:
            problems.append(doc.problem(("board", "fixed", i), f"row {2 * i + 1} needs 4 glyphs "
                                        f"separated by spaces, not {len(row)}"))
            continue
        for j, glyph in enumerate(row):
            r, c = 2 * i + 1, 2 * j + 1
            name = square_name(r, c)
            if glyph not in GLYPHS:
                problems.append(doc.problem(("board", "fixed", i), f"square {name}: unknown glyph "
                                            f"'{glyph}': use one of {' '.join(GLYPHS)}"))
                continue
            off_board = sorted(GLYPHS[glyph] & edge_walls(r, c))
            if off_board:
                problems.append(doc.problem(("board", "fixed", i), f"square {name}: '{glyph}' "
                                            f"opens off the board to the {'/'.join(off_board)}: "
                                            "turn it so its wall faces the edge"))
    for corner in game.board.starts:
        if corner not in corners:
            problems.append(doc.problem(("board", "starts", corner), f"starting square "
                                        f"'{corner}' is not a board corner: use A1, G1, A7, G7",
                                        key=True))

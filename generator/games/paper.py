"""«Лабиринт» (the pen-and-paper game): the player sheets and the host sheets of example plans.

The example plans under `content/paper-labyrinth/plans/` are checked with the plan checker when
content loads; an invalid example is a content error like any other. `plan sheets` and
`plan print` use the same pieces for a plan of the user's (see `generator/hostsheet.py`).
"""

from __future__ import annotations

from typing import Any

from ..content.paper import (
    GAME,
    MAX_TITLE,
    PaperBundle,
    PaperTexts,
    load_paper,
)
from ..content.placeholders import fill
from ..draw.kit import Box, Style
from ..draw.paperlayout import MIN_HOST_ROUNDS, SHEET_H, SHEET_W, player_pages
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
from ..layout.imposition import PieceSpec
from ..plan.checker.stats import plan_stats, summary_line
from ..plan.text.comments import alphabet_of, script, sheet_comments
from ..plan.text.gridtext import write_grid
from ..plan.text.model import HOLE, Plan
from ..units import mm
from .base import Game, Part, part_title
from .standard import with_standard_parts


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
               ammo: tuple[int, int], lang: str, invalid: bool = False) -> HostSheet:
    """The host sheet of one plan, in the language of texts; name is the plan's file name."""
    comments = sheet_comments(plan, lang, texts.hole_letters)
    generated = {summary_line(plan_stats(plan), code) for code in ("ru", "en")}
    notes = [line for line in comments.shown if line not in generated]
    title = notes.pop(0) if notes and len(notes[0]) <= MAX_TITLE else name
    if comments.hidden:
        notes.append(fill(texts.comments_hidden, count=comments.hidden))
    mark = f"{texts.invalid_mark} · " if invalid else ""
    return HostSheet(plan, write_grid(plan), f"{mark}{texts.host_title}: {title}", tuple(notes),
                     texts, ravine_letters(plan, texts.hole_letters), players, ammo)


def host_pieces(bundle: PaperBundle, lang: str, players: int | None = None) -> list[PieceSpec]:
    """One host sheet per plan of the bundle (two pages when the first holds too few rounds)."""
    texts = bundle.texts[lang]
    count = players or bundle.players
    specs = []
    for p in bundle.plans:
        sheet = host_sheet(p.plan, p.name, texts, count, bundle.ammo, lang, p.invalid)
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
                               # the cover counts people, host included, with no upper limit
                               # (the rules set none); 'max' is only what the sheets provide for
                               "cover_players": {"min": game.players.min},
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


HOST_PART = Part("host-sheets", host_pieces, host_painters, part_title("host-sheets"),
                 weight=4.0)  # a plan, its QR code and the rounds' tables per sheet
PLAYER_PART = Part("player-sheet", player_pieces, player_painters, part_title("player-sheet"),
                   per_player=True)

PAPER_LABYRINTH = with_standard_parts(Game(
    id=GAME,
    load=load_paper,
    parts={"player-sheet": PLAYER_PART, "host-sheets": HOST_PART},
    name=lambda bundle, lang: bundle.texts[lang].names.game,
    accent=lambda bundle: bundle.game.accent,
    languages=lambda bundle: bundle.languages,
    sheet_texts=lambda bundle, lang: bundle.sheet_texts[lang],
    rules_context=paper_rules_context,
))

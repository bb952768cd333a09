"""The «Лабиринт» host sheet: the plan with its legend, counts, comments and a QR code of its
text above; below, the players' tracker (start cell, bullets, bombs, wound, the treasure each
carries, where the treasures lie now), their positions from the start round by round, and the
host's answers with what triggers each. A second page continues the positions when the first
holds fewer than `MIN_HOST_ROUNDS` rounds. Geometry comes from `paperlayout`; every word comes
from the content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..content.placeholders import fill
from ..plan.text.model import Plan
from ..units import mm
from . import textruns
from .kit import INK, Box, Style
from .paperlayout import (
    BLOCK_TITLE,
    HOST_LEGEND_ROW,
    NOTE_LINE,
    POSITION_GAP,
    POSITION_ROUND_W,
    POSITION_ROW,
    HostLayout,
    Rect,
    host_layout,
    host_right,
    position_blocks,
)
from .plan import draw_plan, plan_margins
from .qr import draw_qr, qr_matrix
from .sheetblocks import (
    LEGEND_KEYS,
    MUTED,
    TITLE,
    block_title,
    draw_answers,
    draw_legend,
    draw_tracker,
    fitted_line,
    legend_keys,
    table_lines,
    to_box,
)

__all__ = ["LEGEND_KEYS", "HostPositions", "HostSheet", "draw_host_positions", "draw_host_sheet",
           "draw_legend", "legend_keys", "host_rounds", "qr_side", "sheet_layout"]

QR_MODULE_MM = 0.5  # printed size of one QR module: the code grows with the plan's text
QR_MIN_MM, QR_MAX_MM = 30.0, 72.0  # 0.5 mm modules up to version 31 (a 12×12 plan)


@dataclass(frozen=True)
class HostSheet:
    """What the host sheet of one plan shows."""

    plan: Plan
    grid_text: str
    title: str
    notes: tuple[str, ...]
    texts: Any  # the game's PaperTexts in the sheet's language
    letters: dict[str, str]  # a hole code's letter -> the letter shown for its ravine
    players: int
    ammo: tuple[int, int]


def qr_side(text: str) -> float:
    """Return the printed side of the QR code of text in mm: it grows with the plan's text."""
    return min(QR_MAX_MM, max(QR_MIN_MM, len(qr_matrix(text)) * QR_MODULE_MM))


def _subtitle(sheet: HostSheet) -> str:
    from ..plan.checker.stats import plan_stats

    t = sheet.texts
    stats = plan_stats(sheet.plan)
    parts = [fill(t.size, rows=sheet.plan.rows, cols=sheet.plan.cols),
             fill(t.summary, rivers=stats.rivers, holes=stats.holes, ravines=stats.ravines,
                  swamps=stats.swamps)]
    if stats.treasure_moves is None and any(c.treasure == "real" for row in sheet.plan.cells
                                            for c in row):
        parts.append(fill(t.summary_moves, moves="—"))  # no single way out to count to
    elif stats.treasure_moves is None:
        parts.append(t.summary_no_treasure)
    else:
        parts.append(fill(t.summary_moves, moves=stats.treasure_moves))
    return " · ".join(parts)


def draw_host_sheet(c: Canvas, box: Box, sheet: HostSheet, style: Style) -> None:
    """One plan per page: the map, legend and QR code; trackers and answers below."""
    t = sheet.texts
    plan = sheet.plan
    lay = sheet_layout(sheet, box.w)
    head = to_box(box, lay.header)
    notes = _note_lines(sheet, head.w)
    cut = len(_all_note_lines(sheet, head.w)) - len(notes)
    if cut:
        style.overflows.append(f"plan comments: {cut} wrapped line(s) after the first "
                               f"{MAX_NOTE_LINES} do not fit on the host sheet; shorten them")
    top = head.y + head.h
    c.setFillColor(TITLE)
    fitted_line(c, sheet.title, head.cx, top - mm(6.5), "Serif-Bold", 15, head.w, style,
                "host sheet title", "centre")
    c.setFillColor(INK)
    fitted_line(c, _subtitle(sheet), head.cx, top - mm(11.5), "Sans", 8.5, head.w, style,
                "host sheet summary", "centre")
    c.setFillColor(HexColor("#333333"))
    for i, line in enumerate(notes):
        fitted_line(c, line, head.x, top - mm(15.2) - i * mm(NOTE_LINE), "Sans", 7.5, head.w,
                    style, "plan comment")
    frame = to_box(box, lay.plan)
    draw_plan(c, frame.x, frame.y + frame.h, mm(lay.cell), plan, style, t.exit_label,
              sheet.letters)
    legend = to_box(box, lay.legend)
    draw_legend(c, legend.x, legend.y + legend.h, legend.w, t.legend_title,
                t.legend.model_dump(), style, columns=1, sample=mm(HOST_LEGEND_ROW - 1.2),
                hole_label=_first_letter(sheet) + "1", size=7.5)
    qr_box = to_box(box, lay.qr)
    draw_qr(c, qr_box.x, qr_box.y, qr_box.w, sheet.grid_text)
    caption = to_box(box, lay.caption)
    style.lines_centred(c, t.qr, caption.cx, caption.y + caption.h - mm(3), "Sans", 6.5,
                        caption.w, "qr caption", max_lines=3)
    draw_tracker(c, to_box(box, lay.players), t, sheet.players, sheet.ammo, style, host=True)
    _positions(c, to_box(box, lay.positions), lay.positions, t, sheet.players, style)
    draw_answers(c, to_box(box, lay.answers), t, style, columns=1)


def sheet_layout(sheet: HostSheet, width: float) -> HostLayout:
    """Return where the parts of sheet go on a piece width points wide (see host_layout)."""
    plan = sheet.plan
    qr = qr_side(sheet.grid_text)
    notes = _note_lines(sheet, width - mm(host_right(qr) + 4.0))
    return host_layout(plan.rows, plan.cols, plan_margins(plan), sheet.players, len(notes),
                       len(legend_keys(sheet.texts.legend.model_dump())), qr)


def _first_letter(sheet: HostSheet) -> str:
    letters = sheet.texts.hole_letters
    return letters[0] if letters else "X"


MAX_NOTE_LINES = 12


def _all_note_lines(sheet: HostSheet, width: float) -> list[str]:
    lines: list[str] = []
    for note in sheet.notes:
        lines += textruns.wrap(note, "Sans", 7.5, width)
    return lines


def _note_lines(sheet: HostSheet, width: float) -> list[str]:
    """The comment lines printed under the title, wrapped to width, at most MAX_NOTE_LINES."""
    return _all_note_lines(sheet, width)[:MAX_NOTE_LINES]


def _positions(c: Canvas, b: Box, r: Rect, texts: Any, players: int, style: Style,
               first: int = 0) -> None:
    """Blocks of rows — round, then each player's cell — side by side, from round first.

    Round 0 is the start: where each player stands once the current has carried him.
    """
    blocks, rounds, block_w = position_blocks(players, r)
    if rounds < 1:
        return
    block_title(c, b, texts.positions_title, style)
    top = b.y + b.h - mm(BLOCK_TITLE)
    row_h = mm(POSITION_ROW)
    for k in range(blocks):
        x0 = b.x + k * mm(block_w + POSITION_GAP)
        xs = [x0, x0 + mm(POSITION_ROUND_W)]
        xs += [xs[1] + (j + 1) * mm(block_w - POSITION_ROUND_W) / players for j in range(players)]
        c.setFillColor(INK)
        fitted_line(c, texts.log.round, (xs[0] + xs[1]) / 2, top - row_h + mm(1.5), "Sans-Bold",
                    7, xs[1] - xs[0] - mm(1), style, "positions round", "centre")
        for j in range(players):
            c.drawCentredString((xs[j + 1] + xs[j + 2]) / 2, top - row_h + mm(1.5), str(j + 1))
        c.setFillColor(MUTED)
        for n in range(rounds):
            number = first + k * rounds + n  # round 0: where the players start
            label = texts.tracker.start if number == 0 else str(number)
            fitted_line(c, label, (xs[0] + xs[1]) / 2, top - (n + 2) * row_h + mm(1.5), "Sans",
                        6.5, xs[1] - xs[0] - mm(1), style, "positions round", "centre")
        table_lines(c, xs, top, top - (rounds + 1) * row_h, row_h, row_h, rounds)


def host_rounds(sheet: HostSheet, width: float) -> int:
    """Return how many rows (the start, then rounds) the host sheet's first page holds."""
    blocks, rounds, _ = position_blocks(sheet.players, sheet_layout(sheet, width).positions)
    return blocks * rounds


@dataclass(frozen=True)
class HostPositions:
    """The host sheet's second page: the positions table, from round `first` on."""

    sheet: HostSheet
    first: int


def draw_host_positions(c: Canvas, box: Box, page: HostPositions, style: Style) -> None:
    """A page of positions by round, for a host sheet whose first page holds too few."""
    sheet, t = page.sheet, page.sheet.texts
    top = box.y + box.h
    c.setFillColor(TITLE)
    fitted_line(c, sheet.title, box.cx, top - mm(6.5), "Serif-Bold", 13, box.w, style,
                "host sheet title", "centre")
    area = Rect(0.0, 12.0, box.w / mm(1), box.h / mm(1) - 12.0)
    _positions(c, to_box(box, area), area, t, sheet.players, style, page.first)

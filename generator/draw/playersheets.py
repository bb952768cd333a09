"""The «Лабиринт» player sheets: notes with the tracker and draft grids, and the move log.

One payload per page (`PlayerPagePayload`), placed by `paperlayout.player_pages`. A sheet made
for one seat of the table shades that player's row of the tracker and column of the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..content.placeholders import fill
from ..plan.text.model import COLUMN_LETTERS
from ..units import mm
from .fonts import font
from .kit import INK, Box, Style
from .paperlayout import BLOCK_TITLE, LEGEND_ROW, LOG_HEAD, Drafts, LogTable, PlayerPage
from .sheetblocks import (
    GRID,
    MUTED,
    SHADE,
    TITLE,
    block_title,
    draw_answers,
    draw_legend,
    draw_tracker,
    fitted_line,
    to_box,
)


@dataclass(frozen=True)
class PlayerPagePayload:
    """One page of a player's sheets and what it needs to be drawn."""

    page: PlayerPage
    rows: int
    cols: int
    players: int
    seat: int | None  # the player this copy is for, or None for a copy anyone can take
    texts: Any  # the game's PaperTexts in the sheet's language
    ammo: tuple[int, int]  # bullets and bombs at the start


def draw_player_page(c: Canvas, box: Box, p: PlayerPagePayload, style: Style) -> None:
    """Draw one page of a player's sheets."""
    page = p.page
    _header(c, to_box(box, page.header), p, style)
    t = p.texts
    if page.tracker is not None:
        draw_tracker(c, to_box(box, page.tracker), t, p.players, p.ammo, style, p.seat)
    if page.answers is not None:
        draw_answers(c, to_box(box, page.answers), t, style)
    if page.legend is not None:
        b = to_box(box, page.legend)
        draw_legend(c, b.x, b.y + b.h, b.w, t.legend_title, t.legend.model_dump(), style,
                    columns=3, sample=mm(LEGEND_ROW - 1.3), gap=mm(1.3),
                    hole_label=(t.hole_letters or "X")[0] + "1", size=7.5)
    if page.drafts is not None and page.drafts.origins:
        _drafts(c, box, page.drafts, t.grids_title, style)
    if page.log is not None:
        _log(c, box, page.log, p, style)


def _header(c: Canvas, b: Box, p: PlayerPagePayload, style: Style) -> None:
    t = p.texts
    top = b.y + b.h
    title = t.log_title if p.page.kind == "log" else t.player_title
    c.setFillColor(TITLE)
    fitted_line(c, title, b.x, top - mm(6), "Serif-Bold", 15, b.w * 0.45, style,
                "player sheet title")
    c.setFillColor(INK)
    under = [fill(t.size, rows=p.rows, cols=p.cols)]
    if p.seat is not None:
        under.insert(0, fill(t.seat, seat=p.seat, players=p.players))
    fitted_line(c, " · ".join(under), b.x, top - mm(11), "Sans", 8.5, b.w * 0.45, style,
                "player sheet seat")
    name_x = b.x + b.w * 0.5
    fitted_line(c, t.name, name_x, top - mm(6), "Sans", 10, b.w * 0.12, style, "name label")
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.line(name_x + b.w * 0.13, top - mm(6.5), b.x + b.w, top - mm(6.5))


def blank_grid(c: Canvas, x: float, y_top: float, cell: float, rows: int, cols: int) -> None:
    """An empty plan of rows × cols cells with its column letters and row numbers."""
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for r in range(1, rows):
        c.line(x, y_top - r * cell, x + cols * cell, y_top - r * cell)
    for k in range(1, cols):
        c.line(x + k * cell, y_top, x + k * cell, y_top - rows * cell)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.rect(x, y_top - rows * cell, cols * cell, rows * cell, stroke=1, fill=0)
    c.setFillColor(HexColor("#555555"))
    c.setFont(font("Sans"), 7)
    for k in range(cols):
        c.drawCentredString(x + (k + 0.5) * cell, y_top + mm(1.3), COLUMN_LETTERS[k])
    for r in range(rows):
        c.drawRightString(x - mm(1.3), y_top - (r + 0.5) * cell - 2.5, str(r + 1))


def _drafts(c: Canvas, box: Box, drafts: Drafts, title: str, style: Style) -> None:
    first_y = min(y for _, y in drafts.origins)
    title_box = Box(box.x, box.y + box.h - mm(first_y - 4.5), box.w, mm(BLOCK_TITLE))
    block_title(c, title_box, title, style)
    cell = mm(drafts.cell)
    for x, y in drafts.origins:
        blank_grid(c, box.x + mm(x), box.y + box.h - mm(y), cell, drafts.rows, drafts.cols)


def _log(c: Canvas, box: Box, log: LogTable, p: PlayerPagePayload, style: Style) -> None:
    """The move log: round number, then a direction and an answer column per player."""
    t = p.texts.log
    top_y = box.y + box.h
    c.setFillColor(MUTED)
    fitted_line(c, t.notation, box.x + box.w, top_y - mm(11), "Sans-Italic", 7.5, box.w * 0.5,
                style, "log notation", "right")
    xs = [box.x + mm(x) for x in log.columns]
    top = top_y - mm(log.box.y)
    head1, head2 = mm(LOG_HEAD[0]), mm(LOG_HEAD[1])
    body = top - head1 - head2
    row_h = mm(log.row_h)
    bottom = body - log.rows * row_h
    if p.seat is not None:
        c.setFillColor(SHADE)
        left, right = xs[2 * p.seat - 1], xs[2 * p.seat + 1]
        c.rect(left, bottom, right - left, top - bottom, stroke=0, fill=1)
    c.setFillColor(INK)
    fitted_line(c, t.round, (xs[0] + xs[1]) / 2, top - head1 - head2 + mm(1.6), "Sans-Bold", 8,
                xs[1] - xs[0] - mm(1), style, "log round", "centre")
    for k in range(p.players):
        left, mid, right = xs[2 * k + 1], xs[2 * k + 2], xs[2 * k + 3]
        name = fill(t.player, seat=k + 1) + (f" — {t.you}" if p.seat == k + 1 else "")
        fitted_line(c, name, left + mm(1.2), top - head1 + mm(2.2), "Sans-Bold", 8,
                    right - left - mm(2.4), style, "log player")
        fitted_line(c, t.direction, (left + mid) / 2, top - head1 - head2 + mm(1.4), "Sans", 7,
                    mid - left - mm(1), style, "log direction", "centre")
        fitted_line(c, t.answer, (mid + right) / 2, top - head1 - head2 + mm(1.4), "Sans", 7,
                    right - mid - mm(1), style, "log answer", "centre")
    c.setFillColor(MUTED)
    c.setFont(font("Sans"), 7)
    for n in range(log.rows):
        c.drawCentredString((xs[0] + xs[1]) / 2, body - (n + 1) * row_h + mm(1.6),
                            str(log.first + n))
    _log_lines(c, xs, top, head1, body, bottom, row_h, log.rows)


def _log_lines(c: Canvas, xs: list[float], top: float, head1: float, body: float,
               bottom: float, row_h: float, rows: int) -> None:
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    c.line(xs[0], top, xs[-1], top)
    c.line(xs[1], top - head1, xs[-1], top - head1)
    for n in range(rows + 1):
        c.line(xs[0], body - n * row_h, xs[-1], body - n * row_h)
    for i, x in enumerate(xs):
        player_edge = i % 2 == 1 or i == len(xs) - 1 or i == 0
        c.setStrokeColor(INK if player_edge and i else GRID)
        c.setLineWidth(0.8 if player_edge and i else 0.4)
        c.line(x, top if player_edge else top - head1, x, bottom)

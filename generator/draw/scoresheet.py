"""The «Волшебный лабиринт» score sheet: a pad page with two score tables for 2–4 players."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..units import mm
from .fonts import font, text_width
from .kit import INK, Box, Style
from .magic import GOLD, PARCHMENT, VIOLET, _star

SHADE = HexColor("#efe6f5")


@dataclass(frozen=True)
class ScoreForm:
    title: str
    game: str
    player: str
    rows: tuple[str, ...]  # tokens, formula bonus, wand bonus
    total: str
    values: str
    players: int = 4
    tables: int = 2
    # per row: the points one counted thing is worth (a count box × factor = points box),
    # or None for a row of points
    factors: tuple[int | None, ...] = ()


def draw_score_sheet(c: Canvas, box: Box, form: ScoreForm, style: Style) -> None:
    """Fill the box with form.tables score tables stacked vertically, a dashed cut line
    between each two (a page makes two pads' sheets)."""
    gap = mm(10)
    table_h = (box.h - gap * (form.tables - 1)) / form.tables
    for i in range(form.tables):
        top = box.y + box.h - i * (table_h + gap)
        _score_table(c, Box(box.x, top - table_h, box.w, table_h), form, style)
        if i:
            _cut_line(c, box.x, box.x + box.w, top + gap / 2)


def _cut_line(c: Canvas, x0: float, x1: float, y: float) -> None:
    """A dashed line to cut along, with a small pair of open blades at its start."""
    c.saveState()
    c.setStrokeColor(HexColor("#8a8a8a"))
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    c.line(x0 + mm(6), y, x1, y)
    c.setDash()
    c.setLineWidth(0.6)
    for dy in (mm(1.2), -mm(1.2)):  # blades crossing at the line, handles to the left
        c.line(x0 + mm(5), y - dy * 0.6, x0 + mm(1.5), y + dy)
        c.circle(x0 + mm(1), y + dy * 1.25, mm(0.8), stroke=1, fill=0)
    c.restoreState()


def _score_table(c: Canvas, box: Box, form: ScoreForm, style: Style) -> None:
    top = box.y + box.h
    size = style.text_centred(c, f"{form.game} — {form.title}", box.cx, top - mm(7),
                              "Serif-Bold", 15, box.w - mm(20), "score sheet title",
                              color=VIOLET)
    half = min(text_width(f"{form.game} — {form.title}", "Serif-Bold", size) / 2,
               (box.w - mm(20)) / 2)
    c.setFillColor(GOLD)
    for side in (-1, 1):  # a star each side of the centred title
        _star(c, box.cx + side * (half + mm(5)), top - mm(5.6), mm(2.6))
    label_w = box.w * 0.34
    col_w = (box.w - label_w) / form.players
    grid_top = top - mm(13)
    names = [form.player, *form.rows, form.total]
    heights = [mm(14)] + [mm(16)] * len(form.rows) + [mm(18)]
    grid_bottom = grid_top - sum(heights)
    y = grid_top
    for i, (name, h) in enumerate(zip(names, heights)):
        if i in (0, len(names) - 1) and style.fill(c, SHADE if i == 0 else PARCHMENT):
            c.rect(box.x, y - h, box.w, h, stroke=0, fill=1)
        face = "Sans-Bold" if i in (0, len(names) - 1) else "Sans"
        style.lines_centred(c, name, box.x + label_w / 2, y - h / 2, face, 9.5, label_w - mm(4),
                            f"score row {name}")
        factor = form.factors[i - 1] if 0 < i <= len(form.factors) else None
        if factor is not None:
            for p in range(form.players):
                _count_times(c, box.x + label_w + p * col_w, y - h / 2, col_w, factor)
        if i == 0:
            for p in range(form.players):
                c.setFillColor(HexColor("#9a8aa8"))
                c.setFont(font("Sans"), 7)
                c.drawString(box.x + label_w + p * col_w + mm(1.5), y - mm(3.2), str(p + 1))
        y -= h
    c.setStrokeColor(INK)
    c.setLineWidth(mm(0.25))
    y = grid_top
    for h in [0.0, *heights]:
        y -= h
        c.line(box.x, y, box.x + box.w, y)
    c.setLineWidth(mm(0.6))
    c.line(box.x, grid_bottom + heights[-1], box.x + box.w, grid_bottom + heights[-1])
    c.setLineWidth(mm(0.25))
    for k in range(form.players + 1):
        x = box.x + label_w + k * col_w
        c.line(x, grid_top, x, grid_bottom)
    c.line(box.x, grid_top, box.x, grid_bottom)
    c.setStrokeColor(VIOLET)
    c.setLineWidth(mm(0.6))
    c.rect(box.x, grid_bottom, box.w, grid_top - grid_bottom, stroke=1, fill=0)
    style.lines_centred(c, form.values, box.cx, grid_bottom - mm(6), "Sans-Italic", 8.5,
                        box.w - mm(10), "score sheet values")


def _count_times(c: Canvas, x: float, cy: float, width: float, factor: int) -> None:
    """In a player's cell: a small box for the count, "× factor =", a box for the points."""
    c.saveState()
    small, big = mm(6.5), mm(9)
    sign = f"× {factor} ="
    c.setFont(font("Sans"), 8)
    room = width - small - big - text_width(sign, "Sans", 8)
    pad = max(room / 4, mm(0.8))
    c.setStrokeColor(HexColor("#9a8aa8"))
    c.setLineWidth(0.5)
    c.rect(x + pad, cy - small / 2, small, small, stroke=1, fill=0)
    c.setFillColor(INK)
    c.drawString(x + 2 * pad + small, cy - 8 * 0.35, sign)
    c.rect(x + width - pad - big, cy - small / 2 - mm(0.5), big, small + mm(1), stroke=1,
           fill=0)
    c.restoreState()

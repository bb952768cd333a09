"""The «Волшебный лабиринт» score sheet: a pad page with two score tables for 2–4 players."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..units import mm
from .fonts import font
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


def draw_score_sheet(c: Canvas, box: Box, form: ScoreForm, style: Style) -> None:
    """Fill the box with form.tables score tables stacked vertically."""
    gap = mm(10)
    table_h = (box.h - gap * (form.tables - 1)) / form.tables
    for i in range(form.tables):
        top = box.y + box.h - i * (table_h + gap)
        _score_table(c, Box(box.x, top - table_h, box.w, table_h), form, style)


def _score_table(c: Canvas, box: Box, form: ScoreForm, style: Style) -> None:
    top = box.y + box.h
    c.setFillColor(GOLD)
    _star(c, box.x + mm(4), top - mm(5), mm(3.2))
    style.text_centred(c, f"{form.game} — {form.title}", box.cx, top - mm(7), "Serif-Bold", 15,
                       box.w - mm(20), "score sheet title", color=VIOLET)
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

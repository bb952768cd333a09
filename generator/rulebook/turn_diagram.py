"""The worked turn of «Волшебный лабиринт»: rows 1–3 of the board before and after one shift.

Panel 1 shows the spare tile about to go into row 2 from the left, two pawns and three tokens;
panel 2 the row after the shift (the pushed-out tile waiting as the next spare, its end of the
row barred), the pawn that rode off the board back on the tile just pushed in, and the path of
the pawn that walked to the token it takes. The tiles are the printed ones (`draw_tile`); the
fixed tiles of rows 1 and 3 are those of the real board. Every word comes from the game's captions
(turn-example:first, :second, :before, :after) or the call.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..draw.fonts import font
from ..draw.kit import Box, Style, draw_mark
from ..draw.plan import _arrow
from ..draw.tiles import TileFace, draw_tile
from ..layout.maze import Tile
from .flowables import PainterFlowable

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
PAWNS = (colors.HexColor("#c0392b"), colors.HexColor("#2e5fa8"))  # the first player, the second
TOKEN = colors.HexColor("#f3e6c4")

FIXED = {(0, 0): "ES", (0, 2): "EWS", (0, 4): "EWS", (0, 6): "WS",
         (2, 0): "NES", (2, 2): "NES", (2, 4): "EWS", (2, 6): "NWS"}
LOOSE = {(0, 1): "EW", (0, 3): "SW", (0, 5): "EW", (2, 1): "NE", (2, 3): "EW", (2, 5): "NS"}
ROW2 = ["EW", "EW", "WS", "NS", "ES", "EW", "NW"]  # before the shift, columns A–G
SPARE = "NES"
TOKENS = {2: 6, 4: 8}  # row-2 column -> token number, before the shift
TOKEN_B3 = 12


def turn_example(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """Two panels, one above the other: the shift about to happen, then the move and the take."""
    names = [str(kwargs.get(k) or "") for k in ("first", "second")]
    if not all(names):
        raise ValueError("turn-example needs the players' names (first=, second=)")
    titles = [str(kwargs.get(k) or "") for k in ("before", "after")]
    given = kwargs.get("board") or {}
    ratio = float(kwargs.get("corridor_ratio") or given.get("corridor_ratio") or 28 / 45)
    fixed = dict(FIXED)
    rows = given.get("fixed_rows") or []
    for r, row in ((0, rows[0] if rows else None), (2, rows[1] if len(rows) > 1 else None)):
        for i, sides in enumerate(row or []):
            fixed[(r, 2 * i)] = str(sides).upper()  # the real board's tiles of rows 1 and 3
    s = min(13 * mm, width / 10.5)
    gap = s * 0.75
    head = 13.0
    panel = 3 * s + head + 8
    total_w = 9 * s + 2 * gap

    def tile(c: Canvas, x: float, y: float, sides: str, square: str | None = None) -> None:
        face = TileFace(Tile("turn", frozenset(sides), square=square), ratio * s / mm)
        draw_tile(c, Box(x, y, s, s), face, Style())

    def token(c: Canvas, x: float, y: float, number: int) -> None:
        c.setFillColor(TOKEN)
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        c.circle(x, y, s * 0.2, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(font("Sans-Bold"), s * 0.2)
        c.drawCentredString(x, y - s * 0.07, str(number))

    def pawn(c: Canvas, x: float, y: float, who: int, left: bool = False) -> None:
        c.setFillColor(PAWNS[who])
        draw_mark(c, x, y, s * 0.16, who)
        name = names[who] if who < len(names) else ""
        width = c.stringWidth(name, font("Sans-Bold"), 7)
        nx = x - s * 0.17 - width if left else x + s * 0.17  # left: a pawn by the board's edge
        c.setFillColor(colors.HexColor("#fbf8f2"))  # a patch of paper: the name reads over walls
        c.rect(nx - 1, y + s * 0.12 - 2, width + 2, 8.5, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(font("Sans-Bold"), 7)
        c.drawString(nx, y + s * 0.12, name)

    def board(c: Canvas, x0: float, top: float, row2: list[str]) -> None:
        for (r, col), sides in fixed.items():
            tile(c, x0 + col * s, top - (r + 1) * s, sides, f"{'ABCDEFG'[col]}{r + 1}")
        for (r, col), sides in LOOSE.items():
            tile(c, x0 + col * s, top - (r + 1) * s, sides)
        for col, sides in enumerate(row2):
            tile(c, x0 + col * s, top - 2 * s, sides)
        c.setStrokeColor(INK)
        c.setLineWidth(1.0)
        c.rect(x0 - 1, top - 3 * s - 1, 7 * s + 2, 3 * s + 2, stroke=1, fill=0)
        token(c, x0 + 1.7 * s, top - 2.7 * s, TOKEN_B3)

    def title(c: Canvas, x: float, y: float, text: str) -> None:
        c.setFillColor(ACCENT)
        c.setFont(font("Sans-Bold"), 8.5)
        c.drawString(x, y, text)

    def paint(c: Canvas, box: Box) -> None:
        x0 = box.x + s + gap
        top = box.y + 2 * panel - head  # panel 1: before the shift
        title(c, box.x, top + 4, titles[0])
        board(c, x0, top, ROW2)
        for col, number in TOKENS.items():
            token(c, x0 + (col + 0.5) * s, top - 1.5 * s, number)
        pawn(c, x0 + 0.5 * s, top - 0.5 * s, 0)
        pawn(c, x0 + 6.5 * s, top - 1.5 * s, 1, left=True)
        tile(c, box.x, top - 2 * s, SPARE)
        c.setFillColor(ACCENT)
        c.setStrokeColor(ACCENT)
        _arrow(c, box.x + s + gap / 2, top - 1.5 * s, gap - 3, 0, 1.6, 5)
        _arrow(c, x0 + 7 * s + gap / 2, top - 1.5 * s, gap - 3, 0, 1.6, 5)
        top -= panel  # panel 2: after the shift, the move and the take
        title(c, box.x, top + 4, titles[1])
        board(c, x0, top, [SPARE] + ROW2[:-1])
        token(c, x0 + 5.5 * s, top - 1.5 * s, TOKENS[4])
        tile(c, x0 + 7 * s + gap, top - 2 * s, ROW2[-1])
        c.setStrokeColor(ACCENT)  # the barred end: no tile goes back in here
        c.setLineWidth(2)
        cx, cy, d = x0 + 7 * s + gap / 2, top - 1.5 * s, gap * 0.25
        c.line(cx - d, cy - d, cx + d, cy + d)
        c.line(cx - d, cy + d, cx + d, cy - d)
        c.setStrokeColor(PAWNS[0])  # the path A1 -> A2 -> D2
        c.setLineWidth(1.8)
        c.setDash(3, 2)
        path = c.beginPath()
        path.moveTo(x0 + 0.5 * s, top - 0.5 * s)
        path.lineTo(x0 + 0.5 * s, top - 1.5 * s)
        path.lineTo(x0 + 3.3 * s, top - 1.5 * s)
        c.drawPath(path, stroke=1, fill=0)
        c.setDash()
        c.setFillColor(PAWNS[0])
        _arrow(c, x0 + 3.25 * s, top - 1.5 * s, s * 0.2, 0, 1.8, 4)
        token(c, x0 + 3.5 * s, top - 1.5 * s, TOKENS[2])
        pawn(c, x0 + 3.5 * s, top - 1.2 * s, 0)
        pawn(c, x0 + 0.3 * s, top - 1.8 * s, 1)

    return PainterFlowable(total_w, 2 * panel, paint)

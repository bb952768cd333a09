"""Maze tiles of «Волшебный лабиринт» and the board set-up diagram.

A tile is drawn as hedge walls with a sandy corridor of fixed width running from the centre to
each open side, so any two open sides that meet line up exactly. Fixed tiles have stone-grey
walls and their board square (e.g. C3) in a gold badge; starting corners carry a ring in the
pawn's colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..layout.maze import BOARD, Tile, insertion_points, square_name, token_squares
from ..units import mm
from .fonts import font
from .kit import INK, Box, Style, draw_mark
from .magic import GOLD, PARCHMENT, VIOLET

HEDGE = HexColor("#3f6b3a")
HEDGE_LIGHT = HexColor("#5b8a4f")
STONE = HexColor("#5d6670")
STONE_LIGHT = HexColor("#7b858f")
FLOOR = HexColor("#efe0b9")
EDGE = HexColor("#2a2a2a")


@dataclass(frozen=True)
class TileFace:
    tile: Tile
    corridor: float  # mm
    start_color: str | None = None
    start_mark: int | None = None  # the player's shape (see kit.draw_mark), besides the colour


@dataclass(frozen=True)
class SetupFace:
    tiles: tuple[Tile, ...]  # the fixed tiles
    corridor_ratio: float
    start_colors: tuple[tuple[str, str, int], ...]  # square, pawn colour, pawn's mark
    title: str
    legend: tuple[str, str, str, str]  # fixed tile, loose tile, token square, insertion point


def _floor_outline(t: float, a: float, open_sides: frozenset[str], out: float
                   ) -> list[tuple[float, float, bool]]:
    """Corners of the corridor polygon (tile-local points); flag True for inner edges after."""
    lo, hi = a, t - a
    pts: list[tuple[float, float, bool]] = []
    arms = {
        "N": [(lo, hi, True), (lo, t + out, False), (hi, t + out, True)],
        "E": [(hi, hi, True), (t + out, hi, False), (t + out, lo, True)],
        "S": [(hi, lo, True), (hi, -out, False), (lo, -out, True)],
        "W": [(lo, lo, True), (-out, lo, False), (-out, hi, True)],
    }
    corner = {"N": (lo, hi), "E": (hi, hi), "S": (hi, lo), "W": (lo, lo)}
    for side in ("N", "E", "S", "W"):
        if side in open_sides:
            pts.extend(arms[side])
        else:
            pts.append((*corner[side], True))
    return pts


def draw_tile(c: Canvas, box: Box, face: TileFace, style: Style) -> None:
    """One square maze tile."""
    tile = face.tile
    t = box.w
    a = (t - mm(face.corridor)) / 2
    wall, light = (STONE, STONE_LIGHT) if tile.fixed else (HEDGE, HEDGE_LIGHT)
    c.saveState()
    c.translate(box.x, box.y)
    out = style.bleed
    if style.fill(c, wall):
        c.rect(-out, -out, t + 2 * out, t + 2 * out, stroke=0, fill=1)
        c.setFillColor(light)
        for cx, cy in ((a / 2, a / 2), (t - a / 2, a / 2), (a / 2, t - a / 2),
                       (t - a / 2, t - a / 2)):
            c.circle(cx, cy, a * 0.22, stroke=0, fill=1)
    pts = _floor_outline(t, a, tile.open, out)
    path = c.beginPath()
    path.moveTo(pts[0][0], pts[0][1])
    for x, y, _ in pts[1:]:
        path.lineTo(x, y)
    path.close()
    if style.fill(c, FLOOR):
        c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColor(EDGE)
    c.setLineWidth(mm(0.5))
    for (x1, y1, _), (x2, y2, _) in zip(pts, pts[1:] + pts[:1]):
        on_edge = (x1 == x2 and x1 in (-out, t + out)) or (y1 == y2 and y1 in (-out, t + out))
        if not on_edge:
            c.line(x1, y1, x2, y2)
    if face.start_color:
        c.setStrokeColor(HexColor(face.start_color))
        c.setLineWidth(mm(2.2))
        ring = mm(face.corridor) * 0.3
        c.circle(t / 2, t / 2, ring, stroke=1, fill=0)
        if face.start_mark is not None:
            c.setFillColor(HexColor(face.start_color))
            draw_mark(c, t / 2, t / 2, ring * 0.5, face.start_mark)
    if tile.square:
        _badge(c, a / 2, t - a / 2, a * 0.42, tile.square)
    c.restoreState()


def _badge(c: Canvas, x: float, y: float, r: float, text: str) -> None:
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColor(INK)
    size = r * 0.95
    c.setFont(font("Sans-Bold"), size)
    c.drawCentredString(x, y - size * 0.35, text)


def draw_setup(c: Canvas, box: Box, face: SetupFace, style: Style) -> None:
    """The 7×7 board: fixed tiles in place, loose squares, token squares, insertion points."""
    cell = min(box.w, box.h - mm(46)) / (BOARD + 1.4)
    size = cell * BOARD
    x0 = box.cx - size / 2
    y_top = box.y + box.h - mm(14) - cell * 0.7
    style.text_centred(c, face.title, box.cx, box.y + box.h - mm(6), "Serif-Bold", 15,
                       box.w, "set-up title", color=VIOLET)
    fixed = {t.square: t for t in face.tiles}
    starts = {square: (color, mark) for square, color, mark in face.start_colors}
    tokens = set(token_squares())
    inner = Style(ink_saver=style.ink_saver)
    for r in range(1, BOARD + 1):
        for col in range(1, BOARD + 1):
            name = square_name(r, col)
            cell_box = Box(x0 + (col - 1) * cell, y_top - r * cell, cell, cell)
            if name in fixed:
                color, mark = starts.get(name, (None, None))
                draw_tile(c, cell_box, TileFace(fixed[name], face.corridor_ratio * cell / mm(1),
                                                color, mark), inner)
            else:
                c.setFillColor(HexColor("#f3f0e8"))
                c.setStrokeColor(HexColor("#b9b2a0"))
                c.setLineWidth(0.5)
                c.rect(cell_box.x + 1.5, cell_box.y + 1.5, cell - 3, cell - 3, stroke=1, fill=1)
            if (r, col) in tokens:
                c.setFillColor(PARCHMENT)
                c.setStrokeColor(VIOLET)
                c.setLineWidth(1.2)
                c.circle(cell_box.cx, cell_box.cy, cell * 0.27, stroke=1, fill=1)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.rect(x0, y_top - size, size, size, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(font("Sans-Bold"), 9)
    for i in range(BOARD):
        c.drawCentredString(x0 + (i + 0.5) * cell, y_top + cell * 0.55, chr(ord("A") + i))
        c.drawRightString(x0 - cell * 0.55, y_top - (i + 0.5) * cell - 3, str(i + 1))
    for edge, n in insertion_points():
        _insertion_arrow(c, x0, y_top, cell, edge, n)
    _legend(c, box, face, cell)


def _insertion_arrow(c: Canvas, x0: float, y_top: float, cell: float, edge: str, n: int) -> None:
    """An orange triangle outside the board, pointing in at row or column n."""
    size = cell * BOARD
    h, gap = cell * 0.26, cell * 0.08
    if edge == "N":
        x, y = x0 + (n - 0.5) * cell, y_top + gap
        pts = [(x - h, y + 1.6 * h), (x + h, y + 1.6 * h), (x, y)]
    elif edge == "S":
        x, y = x0 + (n - 0.5) * cell, y_top - size - gap
        pts = [(x - h, y - 1.6 * h), (x + h, y - 1.6 * h), (x, y)]
    elif edge == "W":
        x, y = x0 - gap, y_top - (n - 0.5) * cell
        pts = [(x - 1.6 * h, y + h), (x - 1.6 * h, y - h), (x, y)]
    else:
        x, y = x0 + size + gap, y_top - (n - 0.5) * cell
        pts = [(x + 1.6 * h, y + h), (x + 1.6 * h, y - h), (x, y)]
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.setFillColor(HexColor("#d9822b"))
    c.drawPath(p, stroke=0, fill=1)


def _legend(c: Canvas, box: Box, face: SetupFace, cell: float) -> None:
    fixed_label, loose_label, token_label, insert_label = face.legend
    y = box.y + mm(34)
    items = [("fixed", fixed_label), ("loose", loose_label), ("token", token_label),
             ("insert", insert_label)]
    for i, (kind, label) in enumerate(items):
        x = box.x + mm(30)
        yy = y - i * mm(9)
        s = mm(7)
        if kind == "fixed":
            c.setFillColor(STONE)
            c.rect(x, yy - s / 2, s, s, stroke=0, fill=1)
        elif kind == "loose":
            c.setFillColor(HexColor("#f3f0e8"))
            c.setStrokeColor(HexColor("#b9b2a0"))
            c.rect(x, yy - s / 2, s, s, stroke=1, fill=1)
        elif kind == "token":
            c.setFillColor(PARCHMENT)
            c.setStrokeColor(VIOLET)
            c.setLineWidth(1.2)
            c.circle(x + s / 2, yy, s * 0.4, stroke=1, fill=1)
        else:
            p = c.beginPath()
            p.moveTo(x, yy + s / 2)
            p.lineTo(x + s, yy + s / 2)
            p.lineTo(x + s / 2, yy - s / 2)
            p.close()
            c.setFillColor(HexColor("#d9822b"))
            c.drawPath(p, stroke=0, fill=1)
        c.setFillColor(INK)
        c.setFont(font("Sans"), 9.5)
        c.drawString(x + s + mm(3), yy - 3.3, label)


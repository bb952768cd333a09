"""Maze tiles of «Волшебный лабиринт» and the board set-up diagram.

A tile is drawn as hedge walls with a sandy corridor of fixed width running from the centre to
each open side, so any two open sides that meet line up exactly. Fixed tiles have stone-grey
walls and their board square (e.g. C3) in a gold badge; starting corners carry a ring in the
pawn's colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..layout.maze import BOARD, Tile, insertion_points, square_name, token_squares
from ..units import mm
from .fonts import font, text_width
from .kit import INK, Box, Style, draw_mark
from .magic import GOLD, PARCHMENT, VIOLET

HEDGE = HexColor("#3f6b3a")
HEDGE_LIGHT = HexColor("#5b8a4f")
STONE = HexColor("#5d6670")
STONE_LIGHT = HexColor("#7b858f")
FLOOR = HexColor("#efe0b9")
EDGE = HexColor("#2a2a2a")
INSERT = HexColor("#d9822b")

# Stroke widths are drawn for a tile of TILE_DESIGN and scale with the tile's side, so a tile
# drawn smaller (the set-up diagram, the rulebooks) looks like the printed one, only smaller.
TILE_DESIGN = mm(45)
EDGE_STROKE = mm(0.5)
RING_STROKE = mm(2.2)
RING_RADIUS = 0.3  # of the corridor's width
BADGE_STROKE = 0.4
HATCH_STROKE, HATCH_STEP, HATCH_EDGE = 0.35, mm(1.6), mm(0.35)

# The set-up diagram: strokes as fractions of a board square, so they scale with the diagram.
SETUP_TITLE = mm(14)  # from the box's top to the letters above the board
SETUP_RESERVE = mm(52)  # height besides the board's 8.4 squares: title, legend, gaps
LEGEND_PITCH, LEGEND_SWATCH, LEGEND_GAP = mm(9), mm(7), mm(3)
LEGEND_FONT = 9.5
FRAME_STROKE = 0.036  # the board's frame
SPOT_RADIUS, SPOT_STROKE = 0.27, 0.036  # token squares
LOOSE_INSET, LOOSE_STROKE = 0.044, 0.015  # loose squares
ARROW_HALF, ARROW_LENGTH, ARROW_GAP = 0.26, 1.6 * 0.26, 0.08  # insertion triangles


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


@dataclass(frozen=True)
class SetupGeometry:
    """Where draw_setup puts the board, its insertion triangles and its legend (points)."""

    cell: float  # side of one board square
    x0: float  # left edge of the board
    y_top: float  # top edge of the board
    arrow_bottom: float  # lowest point of the triangles under the board
    legend_rows: tuple[float, ...]  # the middle of each legend line, top to bottom
    legend_top: float  # the top of the first legend line

    @property
    def board_bottom(self) -> float:
        return self.y_top - self.cell * BOARD


def setup_geometry(box: Box, legend_lines: int = 4) -> SetupGeometry:
    """Lay out the set-up diagram in box: the board under the title, the legend under the
    board's bottom triangles, LEGEND_GAP apart."""
    cell = min(box.w, box.h - SETUP_RESERVE) / (BOARD + 1.4)
    y_top = box.y + box.h - SETUP_TITLE - cell * 0.7
    arrow_bottom = y_top - cell * BOARD - cell * (ARROW_GAP + ARROW_LENGTH)
    first = arrow_bottom - LEGEND_GAP - LEGEND_SWATCH / 2
    rows = tuple(first - i * LEGEND_PITCH for i in range(legend_lines))
    return SetupGeometry(cell, box.cx - cell * BOARD / 2, y_top, arrow_bottom, rows,
                         first + LEGEND_SWATCH / 2)


def ring_path(c: Canvas, x: float, y: float, r: float) -> PDFPathObject:
    """A circle as one closed path, so a thick stroke joins where it starts (no notch)."""
    path = c.beginPath()
    path.circle(x, y, r)
    path.close()
    return path


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
    k = t / TILE_DESIGN  # strokes scale with the tile
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
    if style.ink_saver:
        _hatch_walls(c, t, pts, wall, cross=tile.fixed)
    c.setStrokeColor(EDGE)
    c.setLineWidth(EDGE_STROKE * k)
    for (x1, y1, _), (x2, y2, _) in zip(pts, pts[1:] + pts[:1]):
        on_edge = (x1 == x2 and x1 in (-out, t + out)) or (y1 == y2 and y1 in (-out, t + out))
        if not on_edge:
            c.line(x1, y1, x2, y2)
    if face.start_color:
        c.setStrokeColor(HexColor(face.start_color))
        c.setLineWidth(RING_STROKE * k)
        ring = mm(face.corridor) * RING_RADIUS
        c.drawPath(ring_path(c, t / 2, t / 2, ring), stroke=1, fill=0)
        if face.start_mark is not None:
            c.setFillColor(HexColor(face.start_color))
            draw_mark(c, t / 2, t / 2, ring * 0.5, face.start_mark)
    if tile.square:
        _badge(c, a / 2, t - a / 2, a * 0.42, tile.square, BADGE_STROKE * k)
    c.restoreState()


def _hatch_walls(c: Canvas, t: float, floor: list[tuple[float, float, bool]], color: Color,
                 cross: bool) -> None:
    """Ink saver: the walls as light hatching (crossed on fixed tiles) inside the tile's edge,
    which is drawn, so the tile reads as a tile and its walls as walls, with little ink."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(0, 0, t, t)
    clip.moveTo(floor[0][0], floor[0][1])
    for x, y, _ in floor[1:]:
        clip.lineTo(x, y)
    clip.close()
    c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    k = t / TILE_DESIGN
    c.setStrokeColor(color)
    c.setLineWidth(HATCH_STROKE * k)
    step = HATCH_STEP * k
    n = int(2 * t / step) + 2
    for i in range(-n, n):
        c.line(i * step, 0, i * step + t, t)
        if cross:
            c.line(i * step, t, i * step + t, 0)
    c.restoreState()
    c.setStrokeColor(color)
    c.setLineWidth(HATCH_EDGE * k)
    c.rect(0, 0, t, t, stroke=1, fill=0)


def _badge(c: Canvas, x: float, y: float, r: float, text: str, stroke: float) -> None:
    c.setFillColor(GOLD)
    c.setStrokeColor(INK)
    c.setLineWidth(stroke)
    c.drawPath(ring_path(c, x, y, r), stroke=1, fill=1)
    size = r * 0.95
    if size < 6.0:  # a tile drawn small (set-up board, legend): its row and column name it
        return
    c.setFillColor(INK)
    c.setFont(font("Sans-Bold"), size)
    c.drawCentredString(x, y - size * 0.35, text)


def draw_setup(c: Canvas, box: Box, face: SetupFace, style: Style) -> None:
    """The 7×7 board: fixed tiles in place, loose squares, token squares, insertion points."""
    g = setup_geometry(box, len(face.legend))
    cell, x0, y_top = g.cell, g.x0, g.y_top
    size = cell * BOARD
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
                _loose_square(c, cell_box, inner)
            if (r, col) in tokens:
                _token_spot(c, cell_box.cx, cell_box.cy, cell * SPOT_RADIUS)
    c.setStrokeColor(INK)
    c.setLineWidth(cell * FRAME_STROKE)
    c.rect(x0, y_top - size, size, size, stroke=1, fill=0)
    c.setFillColor(INK)
    c.setFont(font("Sans-Bold"), 9)
    for i in range(BOARD):
        c.drawCentredString(x0 + (i + 0.5) * cell, y_top + cell * 0.55, chr(ord("A") + i))
        c.drawRightString(x0 - cell * 0.55, y_top - (i + 0.5) * cell - 3, str(i + 1))
    for edge, n in insertion_points():
        _triangle(c, insertion_triangle(x0, y_top, cell, edge, n))
    _legend(c, box, face, g, inner)


def _loose_square(c: Canvas, cell: Box, style: Style) -> None:
    """A square of the board that a loose tile will fill (outlined only with the ink saver)."""
    filled = style.fill(c, HexColor("#f3f0e8"))
    inset = cell.w * LOOSE_INSET
    c.setStrokeColor(HexColor("#b9b2a0"))
    c.setLineWidth(cell.w * LOOSE_STROKE)
    c.rect(cell.x + inset, cell.y + inset, cell.w - 2 * inset, cell.h - 2 * inset, stroke=1,
           fill=int(filled))


def _token_spot(c: Canvas, x: float, y: float, r: float) -> None:
    """Where an ingredient token starts."""
    c.setFillColor(PARCHMENT)
    c.setStrokeColor(VIOLET)
    c.setLineWidth(r * SPOT_STROKE / SPOT_RADIUS)
    c.drawPath(ring_path(c, x, y, r), stroke=1, fill=1)


def insertion_triangle(x0: float, y_top: float, cell: float, edge: str, n: int
                       ) -> list[tuple[float, float]]:
    """The corners of the triangle outside the board that points in at row or column n."""
    size = cell * BOARD
    h, length, gap = cell * ARROW_HALF, cell * ARROW_LENGTH, cell * ARROW_GAP
    if edge == "N":
        x, y = x0 + (n - 0.5) * cell, y_top + gap
        return [(x - h, y + length), (x + h, y + length), (x, y)]
    if edge == "S":
        x, y = x0 + (n - 0.5) * cell, y_top - size - gap
        return [(x - h, y - length), (x + h, y - length), (x, y)]
    if edge == "W":
        x, y = x0 - gap, y_top - (n - 0.5) * cell
        return [(x - length, y + h), (x - length, y - h), (x, y)]
    x, y = x0 + size + gap, y_top - (n - 0.5) * cell
    return [(x + length, y + h), (x + length, y - h), (x, y)]


def _triangle(c: Canvas, pts: list[tuple[float, float]]) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    p.close()
    c.setFillColor(INSERT)
    c.drawPath(p, stroke=0, fill=1)


def _legend(c: Canvas, box: Box, face: SetupFace, g: SetupGeometry, style: Style) -> None:
    """The legend under the board, centred, its swatches drawn by the same code as the board
    (ink saver included)."""
    s = LEGEND_SWATCH
    widest = max(text_width(label, "Sans", LEGEND_FONT) for label in face.legend)
    size = LEGEND_FONT * min(1.0, (box.w - s - mm(3)) / widest) if widest else LEGEND_FONT
    block = s + mm(3) + widest * size / LEGEND_FONT
    x = max(box.x, box.cx - block / 2)
    kinds = ("fixed", "loose", "token", "insert")
    for kind, label, yy in zip(kinds, face.legend, g.legend_rows):
        if kind == "fixed":  # a fixed tile with its four sides closed: walls only
            draw_tile(c, Box(x, yy - s / 2, s, s),
                      TileFace(Tile("legend", frozenset(), "A1"), face.corridor_ratio * s / mm(1)),
                      style)
        elif kind == "loose":
            outer = s / (1 - 2 * LOOSE_INSET)  # the drawn square is s wide
            d = (outer - s) / 2
            _loose_square(c, Box(x - d, yy - s / 2 - d, outer, outer), style)
        elif kind == "token":
            _token_spot(c, x + s / 2, yy, s * 0.4)
        else:
            _triangle(c, [(x, yy + s / 2), (x + s, yy + s / 2), (x + s / 2, yy - s / 2)])
        c.setFillColor(INK)
        c.setFont(font("Sans"), size)
        c.drawString(x + s + mm(3), yy - size * 0.35, label)

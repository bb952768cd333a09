"""Drawings of «Лабиринт» plans: the host's map, its legend symbols and blank note grids.

Symbols, all drawn shapes (no glyph that a font might lack): capital walls (the frame) thick,
simple walls thinner, the exit a gap with an arrow standing beyond the row and column labels,
rivers pale blue with an arrow along the current, the mouth a deep-blue disc, swamps a green
arrow across the border into the mouth, holes a pit in their ravine's own colour with the label
above it, the arsenal a crate of cartridges, the medpost a red cross, the real treasure a gold
coin with a star, the false treasure a hollow grey ring crossed by a bar.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from ..plan.text.model import ARSENAL, COLUMN_LETTERS, HOLE, MEDPOST, MOUTH, RIVER, Plan, Pos, Side
from .fonts import font
from .kit import INK, Style

RIVER_BLUE = HexColor("#bfdcf2")
MOUTH_BLUE = HexColor("#2f6fa8")
SWAMP = HexColor("#4b8a3a")
PIT = HexColor("#7a5230")
RED = HexColor("#c8102e")
GRID = HexColor("#b8b8b8")
ANGLE = {"right": 0.0, "up": 90.0, "left": 180.0, "down": 270.0}
# One colour per ravine, in the order the ravines are met (they repeat after the last).
RAVINE_COLOURS = (HexColor("#7a5230"), HexColor("#7b3f9e"), HexColor("#0f7c7c"),
                  HexColor("#c25e00"), HexColor("#55702a"), HexColor("#b0306a"))
LABEL_ROOM = 0.5  # cells of room the row numbers and column letters take outside the frame
EXIT_ROOM = {"top": 1.45, "left": 1.45, "right": 1.05, "bottom": 1.05}  # cells on the exit's
# side: the labels (top and left), then the arrow, then its word
OUTWARD = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}


def _arrow(c: Canvas, x: float, y: float, length: float, angle: float, width: float,
           head: float) -> None:
    """An arrow centred on (x, y) pointing at angle degrees."""
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.setLineWidth(width)
    c.setLineCap(1)
    c.line(-length / 2, 0, length / 2 - head * 0.6, 0)
    p = c.beginPath()
    p.moveTo(length / 2, 0)
    p.lineTo(length / 2 - head, head * 0.55)
    p.lineTo(length / 2 - head, -head * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def swamp_arrow(c: Canvas, x: float, y: float, length: float, angle: float, width: float,
                head: float) -> None:
    """A swamp's arrow: two heads one behind the other, so that it differs from a river's
    arrow by its shape too, not only by its colour (greyscale printing)."""
    _arrow(c, x, y, length, angle, width, head)
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    tip = length / 2 - head * 0.75
    p = c.beginPath()
    p.moveTo(tip, 0)
    p.lineTo(tip - head, head * 0.55)
    p.lineTo(tip - head, -head * 0.55)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def ravine_colour(index: int) -> Color:
    """Return the colour of the index-th ravine of a plan (counted from 0)."""
    return RAVINE_COLOURS[index % len(RAVINE_COLOURS)]


def icon(c: Canvas, key: str, cx: float, cy: float, s: float, style: Style | None = None
         ) -> None:
    """Draw the game's picture `key` (arsenal, medpost, treasure-real, treasure-false) over
    the s × s cell centred on (cx, cy): the loaded content's file, or the bundled one when no
    content was loaded (art/icons/, a 100 × 100 viewBox that is the cell)."""
    from ..content.art import bundled_picture, registered
    from ..content.paper_game import GAME, ICONS
    from .art import draw_picture

    picture = (registered(GAME, key)
               or bundled_picture(GAME, ICONS[key.replace("-", "_")]))
    draw_picture(c, picture, cx, cy, s, s, ink_saver=bool(style and style.ink_saver))


def treasure_mark(c: Canvas, which: str, cx: float, cy: float, s: float,
                  style: Style | None = None) -> None:
    """The real treasure (a gold coin with a star) or the false one (a grey ring with a bar),
    from art/icons/; s is the cell."""
    icon(c, f"treasure-{which}", cx, cy, s, style)


def _hole(c: Canvas, cx: float, cy: float, s: float, colour: Color, label: str) -> None:
    """A pit in its ravine's colour, its label above it in the same colour."""
    c.setFillColor(colour)
    c.ellipse(cx - s * 0.28, cy - s * 0.27, cx + s * 0.28, cy - s * 0.03, stroke=0, fill=1)
    c.setFillColor(HexColor("#2a1a0e"))
    c.ellipse(cx - s * 0.18, cy - s * 0.22, cx + s * 0.18, cy - s * 0.08, stroke=0, fill=1)
    if label:  # between the pit and any swamp arrow poking in from the top side
        c.setFillColor(colour)
        c.setFont(font("Sans-Bold"), max(6.0, s * 0.26))  # readable in a small cell too
        c.drawCentredString(cx, cy + s * 0.02, label)


def symbol(c: Canvas, kind: str, x: float, y: float, s: float, label: str = "",
           flow: str = "right", style: Style | None = None, colour: Color = PIT) -> None:
    """Draw the symbol of a cell kind in the s×s square whose bottom-left is (x, y)."""
    cx, cy = x + s / 2, y + s / 2
    fills = style is None or not style.ink_saver
    c.saveState()
    if kind in (RIVER, MOUTH) and fills:
        c.setFillColor(RIVER_BLUE)
        c.rect(x, y, s, s, stroke=0, fill=1)
    if kind == RIVER:
        c.setFillColor(MOUTH_BLUE)
        c.setStrokeColor(MOUTH_BLUE)
        _arrow(c, cx, cy, s * 0.62, ANGLE[flow], s * 0.07, s * 0.22)
    elif kind == MOUTH:
        c.setFillColor(MOUTH_BLUE)
        c.circle(cx, cy, s * 0.3, stroke=0, fill=1)
        c.setStrokeColor(white)
        c.setLineWidth(s * 0.035)
        for k in (-1, 0, 1):
            c.bezier(cx - s * 0.18, cy + k * s * 0.1, cx - s * 0.06, cy + k * s * 0.1 + s * 0.05,
                     cx + s * 0.06, cy + k * s * 0.1 - s * 0.05, cx + s * 0.18, cy + k * s * 0.1)
    elif kind == HOLE:
        _hole(c, cx, cy, s, colour, label)
    elif kind in (ARSENAL, MEDPOST):
        icon(c, "arsenal" if kind == ARSENAL else "medpost", cx, cy, s, style)
    elif kind in ("real", "false"):
        treasure_mark(c, kind, cx, cy, s, style)
    c.restoreState()


def plan_margins(plan: Plan) -> dict[str, float]:
    """Return the room, in cells, that draw_plan uses outside the frame on each side."""
    room = {"top": LABEL_ROOM, "left": LABEL_ROOM, "right": 0.12, "bottom": 0.12}
    for _, side in plan.exits[:1]:
        room[side] = EXIT_ROOM[side]
    return room


def hole_label(code: str, letters: dict[str, str]) -> str:
    """Return a hole's label: its code with the letter its ravine shows on this sheet."""
    letter = code[:1]
    return letters.get(letter.upper(), letter.upper()) + code[1:]


def ravine_order(plan: Plan) -> list[str]:
    """Return the ravines' cycle keys in the order they are first met, row by row."""
    seen: list[str] = []
    for row in plan.cells:
        for cell in row:
            if cell.kind == HOLE and cell.cycle is not None and cell.cycle not in seen:
                seen.append(cell.cycle)
    return seen


def draw_plan(c: Canvas, x: float, y_top: float, cell: float, plan: Plan, style: Style,
              exit_label: str, letters: dict[str, str] | None = None) -> None:
    """Draw the whole plan with its top-left corner at (x, y_top), cells of side cell.

    letters maps a hole code's letter (upper case) to the letter shown for its ravine.
    """
    rows, cols = plan.rows, plan.cols
    letters = letters or {}
    ravines = ravine_order(plan)

    def origin(pos: Pos) -> tuple[float, float]:
        return x + pos[1] * cell, y_top - (pos[0] + 1) * cell

    for pos in plan.positions():
        data = plan.cell(pos)
        cx, cy = origin(pos)
        if data.kind == HOLE:
            colour = ravine_colour(ravines.index(data.cycle) if data.cycle in ravines else 0)
            symbol(c, HOLE, cx, cy, cell, hole_label(data.code, letters), style=style,
                   colour=colour)
        else:
            symbol(c, data.kind, cx, cy, cell, "", data.flow or "right", style)
        if data.treasure:
            treasure_mark(c, data.treasure, cx + cell / 2, cy + cell / 2, cell * 0.75)
    _grid_lines(c, x, y_top, cell, rows, cols)
    c.setStrokeColor(INK)
    c.setLineCap(1)
    c.setLineWidth(cell * 0.06)
    for a, b in sorted(plan.walls):
        _border_line(c, a, b, origin, cell)
    for (a, b), target in sorted(plan.swamps.items()):
        _swamp(c, a, b, target, origin, cell)
    _frame(c, x, y_top, cell, plan)
    _labels(c, x, y_top, cell, rows, cols)
    for pos, side in plan.exits[:1]:
        _exit_arrow(c, x, y_top, cell, pos, side, exit_label)


def _grid_lines(c: Canvas, x: float, y_top: float, cell: float, rows: int, cols: int) -> None:
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    c.setDash(1.5, 2)
    for r in range(1, rows):
        c.line(x, y_top - r * cell, x + cols * cell, y_top - r * cell)
    for k in range(1, cols):
        c.line(x + k * cell, y_top, x + k * cell, y_top - rows * cell)
    c.setDash()


def _labels(c: Canvas, x: float, y_top: float, cell: float, rows: int, cols: int) -> None:
    """Column letters above the frame and row numbers left of it, within LABEL_ROOM."""
    c.setFillColor(INK)
    c.setFont(font("Sans-Bold"), max(6.0, cell * 0.22))
    for k in range(cols):
        c.drawCentredString(x + (k + 0.5) * cell, y_top + cell * 0.16, COLUMN_LETTERS[k])
    for r in range(rows):
        c.drawRightString(x - cell * 0.16, y_top - (r + 0.58) * cell, str(r + 1))


def _border_line(c: Canvas, a: Pos, b: Pos, origin: Callable[[Pos], tuple[float, float]],
                 cell: float) -> None:
    bx, by = origin(b)
    if a[0] == b[0]:  # left-right neighbours: vertical line on b's left side
        c.line(bx, by, bx, by + cell)
    else:  # a above b: horizontal line on b's top side
        c.line(bx, by + cell, bx + cell, by + cell)


def _swamp(c: Canvas, a: Pos, b: Pos, target: Pos,
           origin: Callable[[Pos], tuple[float, float]], cell: float) -> None:
    bx, by = origin(b)
    if a[0] == b[0]:
        mx, my = bx, by + cell / 2
        angle = 0.0 if target == b else 180.0
    else:
        mx, my = bx + cell / 2, by + cell
        angle = 270.0 if target == b else 90.0
    c.saveState()
    c.setFillColor(SWAMP)
    c.setStrokeColor(SWAMP)
    swamp_arrow(c, mx, my, cell * 0.42, angle, cell * 0.06, cell * 0.16)
    c.restoreState()


def _frame(c: Canvas, x: float, y_top: float, cell: float, plan: Plan) -> None:
    rows, cols = plan.rows, plan.cols
    gaps = set(plan.exits)
    c.setStrokeColor(INK)
    c.setLineWidth(cell * 0.11)
    c.setLineCap(2)
    for k in range(cols):
        if ((0, k), "top") not in gaps:
            c.line(x + k * cell, y_top, x + (k + 1) * cell, y_top)
        if ((rows - 1, k), "bottom") not in gaps:
            c.line(x + k * cell, y_top - rows * cell, x + (k + 1) * cell, y_top - rows * cell)
    for r in range(rows):
        if ((r, 0), "left") not in gaps:
            c.line(x, y_top - r * cell, x, y_top - (r + 1) * cell)
        if ((r, cols - 1), "right") not in gaps:
            c.line(x + cols * cell, y_top - r * cell, x + cols * cell, y_top - (r + 1) * cell)


def exit_arrow_span(side: Side) -> tuple[float, float]:
    """Return where the exit arrow starts and ends, in cells outwards from the frame."""
    start = LABEL_ROOM + 0.05 if side in ("top", "left") else 0.15
    return start, start + 0.5


def _exit_arrow(c: Canvas, x: float, y_top: float, cell: float, pos: Pos, side: Side,
                label: str) -> None:
    """The exit: an arrow pointing out, beyond the labels of that side, and its word."""
    r, k = pos
    cx, cy = x + (k + 0.5) * cell, y_top - (r + 0.5) * cell
    dx, dy = OUTWARD[side]
    edge = 0.5  # from the cell's centre to the frame, in cells
    start, end = exit_arrow_span(side)
    mid = edge + (start + end) / 2
    c.saveState()
    c.setFillColor(RED)
    c.setStrokeColor(RED)
    _arrow(c, cx + dx * cell * mid, cy + dy * cell * mid, cell * (end - start),
           math.degrees(math.atan2(dy, dx)), cell * 0.06, cell * 0.2)
    c.setFont(font("Sans-Bold"), max(6.0, cell * 0.2))  # never under 6 pt
    far = edge + end + 0.12
    lx, ly = cx + dx * cell * far, cy + dy * cell * far
    if dx:
        c.translate(lx, ly)
        c.rotate(90)  # reads bottom to top on either side, as rotated words do on a sheet
        c.drawCentredString(0, -cell * 0.16 if dx > 0 else cell * 0.02, label)
    else:
        c.drawCentredString(lx, ly + (0 if dy > 0 else -cell * 0.16), label)
    c.restoreState()


# One colour per player of a traced game (`plan print --trace`), in turn order.
TRACE_COLOURS = (HexColor("#d7263d"), HexColor("#1b998b"), HexColor("#3f51b5"),
                 HexColor("#f49d37"), HexColor("#8e3b9e"), HexColor("#2e7d32"),
                 HexColor("#795548"), HexColor("#e91e63"))


def _trace_point(plan: Plan, pos: Pos, x: float, y_top: float, cell: float,
                 shift: float) -> tuple[float, float]:
    """The centre of pos shifted for one player; off the plan: just beyond the frame."""
    r = min(max(pos[0], -1), plan.rows)
    k = min(max(pos[1], -1), plan.cols)
    cx, cy = x + (k + 0.5) * cell, y_top - (r + 0.5) * cell
    if not plan.inside(pos):  # the land outside: half a cell beyond the frame
        cx -= (k - min(max(k, 0), plan.cols - 1)) * cell * 0.5
        cy += (r - min(max(r, 0), plan.rows - 1)) * cell * 0.5
    return cx + shift, cy - shift


def draw_trace(c: Canvas, x: float, y_top: float, cell: float, plan: Plan,
               paths: list[tuple[str, tuple[Pos, ...]]],
               destroyed: tuple[tuple[Pos, Pos], ...] = ()) -> None:
    """Each player's path over a drawn plan: a line per player, jumps dashed, name at the start.

    A step to a side neighbour is a solid line; a fall through a hole or a drift down a river
    (cells that are not neighbours) is dashed. The start is a ring with the player's name,
    the end a dot. A wall a bomb destroyed is crossed out in red.
    """
    count = max(1, len(paths))
    for k, (name, path) in enumerate(paths):
        if not path:
            continue
        colour = TRACE_COLOURS[k % len(TRACE_COLOURS)]
        shift = (k - (count - 1) / 2) * cell * 0.09
        points = [_trace_point(plan, pos, x, y_top, cell, shift) for pos in path]
        c.saveState()
        c.setStrokeColor(colour)
        c.setFillColor(colour)
        c.setLineWidth(cell * 0.035)
        c.setLineCap(1)
        c.setLineJoin(1)
        for (a, pa), (b, pb) in zip(zip(path, points), zip(path[1:], points[1:])):
            if a == b:
                continue
            near = abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            c.setDash() if near else c.setDash(cell * 0.08, cell * 0.06)
            c.line(pa[0], pa[1], pb[0], pb[1])
        c.setDash()
        sx, sy = points[0]
        c.circle(sx, sy, cell * 0.07, stroke=1, fill=0)
        ex, ey = points[-1]
        c.circle(ex, ey, cell * 0.06, stroke=0, fill=1)
        size = max(6.0, cell * 0.15)
        c.setFont(font("Sans-Bold"), size)
        same = sum(1 for _, other in paths[:k] if other[:1] == path[:1])
        lx, ly = sx + cell * 0.09, sy + cell * (0.05 - 0.16 * same)
        c.setFillColor(white)  # a patch of paper under the name, over walls and arrows
        c.rect(lx - size * 0.1, ly - size * 0.25, c.stringWidth(name[:12], font("Sans-Bold"),
               size) + size * 0.2, size * 1.1, stroke=0, fill=1)
        c.setFillColor(colour)
        c.drawString(lx, ly, name[:12])
        c.restoreState()
    c.saveState()
    c.setStrokeColor(RED)
    c.setLineWidth(cell * 0.04)
    c.setLineCap(1)
    for a, b in sorted(destroyed):
        mx = x + (a[1] + b[1] + 1) / 2 * cell
        my = y_top - (a[0] + b[0] + 1) / 2 * cell
        arm = cell * 0.12
        c.line(mx - arm, my - arm, mx + arm, my + arm)
        c.line(mx - arm, my + arm, mx + arm, my - arm)
    c.restoreState()

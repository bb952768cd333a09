"""Drawings of «Лабиринт» plans: the host's map, its legend symbols and blank note grids.

Symbols: capital walls (the frame) thick, simple walls thinner, the exit as a gap with an arrow,
rivers pale blue with an arrow along the current, the mouth a deep-blue disc, swamps a green
arrow across the border into the mouth, holes a brown pit with their label, the arsenal crossed
arrows, the medpost a red cross, treasures gold coins marked + (real) or − (false).
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor, white
from reportlab.pdfgen.canvas import Canvas

from ..plan.model import ARSENAL, HOLE, MEDPOST, MOUTH, RIVER, Plan, Pos
from .fonts import font
from .kit import INK, Style

RIVER_BLUE = HexColor("#bfdcf2")
MOUTH_BLUE = HexColor("#2f6fa8")
SWAMP = HexColor("#4b8a3a")
PIT = HexColor("#7a5230")
GOLD = HexColor("#d4a017")
RED = HexColor("#c8102e")
GRID = HexColor("#b8b8b8")
ANGLE = {"right": 0.0, "up": 90.0, "left": 180.0, "down": 270.0}


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


def symbol(c: Canvas, kind: str, x: float, y: float, s: float, label: str = "",
           flow: str = "right", style: Style | None = None) -> None:
    """Draw the symbol of a cell kind in the s×s square whose bottom-left is (x, y)."""
    cx, cy = x + s / 2, y + s / 2
    fills = style is None or not style.ink_saver
    c.saveState()
    if kind == RIVER:
        if fills:
            c.setFillColor(RIVER_BLUE)
            c.rect(x, y, s, s, stroke=0, fill=1)
        c.setFillColor(MOUTH_BLUE)
        c.setStrokeColor(MOUTH_BLUE)
        _arrow(c, cx, cy, s * 0.62, ANGLE[flow], s * 0.07, s * 0.22)
    elif kind == MOUTH:
        if fills:
            c.setFillColor(RIVER_BLUE)
            c.rect(x, y, s, s, stroke=0, fill=1)
        c.setFillColor(MOUTH_BLUE)
        c.circle(cx, cy, s * 0.3, stroke=0, fill=1)
        c.setStrokeColor(white)
        c.setLineWidth(s * 0.035)
        for k in (-1, 0, 1):
            c.bezier(cx - s * 0.18, cy + k * s * 0.1, cx - s * 0.06, cy + k * s * 0.1 + s * 0.05,
                     cx + s * 0.06, cy + k * s * 0.1 - s * 0.05, cx + s * 0.18, cy + k * s * 0.1)
    elif kind == HOLE:
        c.setFillColor(PIT)
        c.ellipse(cx - s * 0.3, cy - s * 0.2, cx + s * 0.3, cy + s * 0.12, stroke=0, fill=1)
        c.setFillColor(HexColor("#3b2413"))
        c.ellipse(cx - s * 0.2, cy - s * 0.12, cx + s * 0.2, cy + s * 0.06, stroke=0, fill=1)
    elif kind == ARSENAL:
        c.setStrokeColor(INK)
        c.setLineWidth(s * 0.06)
        c.setLineCap(1)
        for sign in (-1, 1):
            c.line(cx - sign * s * 0.22, cy - s * 0.22, cx + sign * s * 0.22, cy + s * 0.22)
        c.setFillColor(INK)
        c.circle(cx, cy, s * 0.07, stroke=0, fill=1)
    elif kind == MEDPOST:
        c.setFillColor(RED)
        w, h = s * 0.16, s * 0.5
        c.rect(cx - w / 2, cy - h / 2, w, h, stroke=0, fill=1)
        c.rect(cx - h / 2, cy - w / 2, h, w, stroke=0, fill=1)
    elif kind in ("real", "false"):
        c.setFillColor(GOLD)
        c.setStrokeColor(HexColor("#8a6a00"))
        c.setLineWidth(s * 0.03)
        c.circle(cx, cy, s * 0.26, stroke=1, fill=1)
        c.setFillColor(INK)
        c.setFont(font("Sans-Bold"), s * 0.38)
        c.drawCentredString(cx, cy - s * 0.13, "+" if kind == "real" else "−")
    if label:
        c.setFillColor(INK)
        size = s * 0.2
        c.setFont(font("Sans-Bold"), size)
        c.drawString(x + s * 0.07, y + s - size * 1.05, label)
    c.restoreState()


def draw_plan(c: Canvas, x: float, y_top: float, cell: float, plan: Plan, style: Style,
              exit_label: str) -> None:
    """Draw the whole plan with its top-left corner at (x, y_top), cells of side cell."""
    rows, cols = plan.rows, plan.cols

    def origin(pos: Pos) -> tuple[float, float]:
        return x + pos[1] * cell, y_top - (pos[0] + 1) * cell

    for pos in plan.positions():
        data = plan.cell(pos)
        cx, cy = origin(pos)
        label = data.code if data.kind == HOLE else ""
        symbol(c, data.kind, cx, cy, cell, label, data.flow or "right", style)
        if data.treasure:
            symbol(c, data.treasure, cx + cell * 0.2, cy + cell * 0.2, cell * 0.6, style=style)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    c.setDash(1.5, 2)
    for r in range(1, rows):
        c.line(x, y_top - r * cell, x + cols * cell, y_top - r * cell)
    for k in range(1, cols):
        c.line(x + k * cell, y_top, x + k * cell, y_top - rows * cell)
    c.setDash()
    c.setStrokeColor(INK)
    c.setLineCap(1)
    c.setLineWidth(cell * 0.06)
    for a, b in sorted(plan.walls):
        _border_line(c, a, b, origin, cell)
    for (a, b), target in sorted(plan.swamps.items()):
        _swamp(c, a, b, target, origin, cell)
    _frame(c, x, y_top, cell, plan, exit_label)
    c.setFillColor(INK)
    c.setFont(font("Sans-Bold"), cell * 0.22)
    for k in range(cols):
        c.drawCentredString(x + (k + 0.5) * cell, y_top + cell * 0.18, "ABCDEFGHIJKL"[k])
    for r in range(rows):
        c.drawRightString(x - cell * 0.2, y_top - (r + 0.58) * cell, str(r + 1))


def _border_line(c: Canvas, a: Pos, b: Pos, origin, cell: float) -> None:  # type: ignore[no-untyped-def]
    bx, by = origin(b)
    if a[0] == b[0]:  # left-right neighbours: vertical line on b's left side
        c.line(bx, by, bx, by + cell)
    else:  # a above b: horizontal line on b's top side
        c.line(bx, by + cell, bx + cell, by + cell)


def _swamp(c: Canvas, a: Pos, b: Pos, target: Pos, origin, cell: float) -> None:  # type: ignore[no-untyped-def]
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
    _arrow(c, mx, my, cell * 0.42, angle, cell * 0.06, cell * 0.18)
    c.restoreState()


def _frame(c: Canvas, x: float, y_top: float, cell: float, plan: Plan, label: str) -> None:
    rows, cols = plan.rows, plan.cols
    gaps = set(plan.exits)
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
    for (r, k), side in plan.exits:
        cx, cy = x + (k + 0.5) * cell, y_top - (r + 0.5) * cell
        dx, dy = {"top": (0, 1), "bottom": (0, -1), "left": (-1, 0), "right": (1, 0)}[side]
        ax, ay = cx + dx * cell * 0.72, cy + dy * cell * 0.72
        c.setFillColor(RED)
        c.setStrokeColor(RED)
        _arrow(c, ax, ay, cell * 0.45, math.degrees(math.atan2(dy, dx)), cell * 0.06,
               cell * 0.2)
        c.setFont(font("Sans-Bold"), cell * 0.2)
        lx, ly = cx + dx * cell * 1.15, cy + dy * cell * 1.15
        if dx:
            c.saveState()
            c.translate(lx, ly)
            c.rotate(90 if dx > 0 else -90)
            c.drawCentredString(0, -cell * 0.07, label)
            c.restoreState()
        else:
            c.drawCentredString(lx, ly - cell * 0.07, label)

"""Diagrams of the paper labyrinth: a plan, the legend of its symbols, a move.

The plan is parsed with the plan package's own reader and drawn by `generator/draw/plan.py`,
the legend by the host sheet's `draw_legend`; only the path of a move is drawn here, on top.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..draw.fonts import font
from ..draw.kit import Box, Style
from ..draw.papersheets import LEGEND_KEYS, draw_legend, legend_keys
from ..draw.plan import TRACE_COLOURS, _arrow, draw_plan, plan_margins
from ..plan.text.gridtext import parse_grid
from ..plan.text.model import Plan, Pos
from .flowables import PainterFlowable

ACCENT = colors.HexColor("#7a2e1d")

SAMPLE_PLAN = """\
+--+--+--+--+--+
|С  Р> Рv|Ар Я1|
+  +  +  +  +  +
|Я2 С |У <С  Кн|
+  +--+--+  +  +
|М  Кл|С  С  Я3
+  +  +  +--+  +
|С  С  С  С  С |
+--+--+--+--+--+
"""

# Default paths on the sample plan: a step into the river, and a step into a hole.
CASES = {"river": ["A1", "B1", "C1", "C2"], "hole": ["D1", "E1", "A2"]}


def sample_plan(kwargs: dict[str, Any], lang: str) -> Plan:
    """The plan of plan=, or the sample (holes X1, X2… outside Russian, as the rules name them)."""
    text = str(kwargs.get("plan") or SAMPLE_PLAN)
    if "plan" not in kwargs and lang != "ru":
        text = text.replace("Я", "X")
    return parse_grid(text)


def _cell_name(name: str) -> Pos:
    name = name.strip().upper()
    if len(name) < 2 or not ("A" <= name[0] <= "L") or not name[1:].isdigit():
        raise ValueError(f"not a cell name: {name!r}")
    return int(name[1:]) - 1, ord(name[0]) - ord("A")


class PlanLayout:
    """Where draw_plan puts a plan inside a flowable: cell size and room around the frame."""

    def __init__(self, plan: Plan, width: float, big: float = 14 * mm) -> None:
        room = plan_margins(plan)  # in cells: labels, and the exit arrow with its word
        self.cell = min(big, width / (plan.cols + room["left"] + room["right"]))
        self.left = room["left"] * self.cell
        self.top = room["top"] * self.cell
        self.width = (plan.cols + room["left"] + room["right"]) * self.cell
        self.height = (plan.rows + room["top"] + room["bottom"]) * self.cell

    def centre(self, box: Box, pos: Pos) -> tuple[float, float]:
        return (box.x + self.left + (pos[1] + 0.5) * self.cell,
                box.y + box.h - self.top - (pos[0] + 0.5) * self.cell)


def plan_sample(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A plan drawn as the host sheet draws it (plan= grid text, or the sample plan); with
    starts={"Anya": "B3", …} each player's start cell gets a dot and the name."""
    plan = sample_plan(kwargs, lang)
    lay = PlanLayout(plan, width)
    label = str(kwargs.get("exit_label", ""))
    starts = kwargs.get("starts") or {}
    if not isinstance(starts, dict):
        raise ValueError("starts= must map each player's name to a cell, e.g. {\"Anya\": \"B3\"}")
    paths: list[tuple[str, tuple[Pos, ...]]] = [(str(name), (_cell_name(str(cell)),))
                                              for name, cell in starts.items()]
    for _, (pos, *_rest) in paths:
        if not (0 <= pos[0] < plan.rows and 0 <= pos[1] < plan.cols):
            raise ValueError(f"starts=: cell {pos} is not on the plan")

    def paint(c: Canvas, box: Box) -> None:
        x, y_top = box.x + lay.left, box.y + box.h - lay.top
        draw_plan(c, x, y_top, lay.cell, plan, Style(), label)
        for k, (name, (pos, *_)) in enumerate(paths):
            _start_mark(c, lay.centre(box, pos), lay.cell, name,
                        TRACE_COLOURS[k % len(TRACE_COLOURS)])

    return PainterFlowable(lay.width, lay.height, paint)


def _start_mark(c: Canvas, centre: tuple[float, float], s: float, name: str,
                colour: colors.Color) -> None:
    """A player's start: a dot in the lower left of the cell and the name beside it, along
    the cell's bottom, clear of the icon or arrow in the cell's middle."""
    x, y = centre[0] - s * 0.3, centre[1] - s * 0.3
    size = max(6.0, s * 0.15)
    c.saveState()
    c.setFillColor(colour)
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.8)
    c.circle(x, y, s * 0.08, stroke=1, fill=1)
    c.setFont(font("Sans-Bold"), size)
    c.drawString(x + s * 0.12, y - size * 0.35, name[:12])
    c.restoreState()


def _leg(c: Canvas, a: tuple[float, float], b: tuple[float, float], trim: float,
         width: float, head: float) -> None:
    """A straight arrow from a to b, shortened by trim at both ends."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))
    _arrow(c, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, length - 2 * trim, angle, width, head)


def _jump(c: Canvas, a: tuple[float, float], b: tuple[float, float], bulge: float,
          width: float, head: float) -> None:
    """A curved arrow from a to b (a fall through a hole), bulging upwards."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    if ny < 0:
        nx, ny = -nx, -ny
    ctrl = ((a[0] + b[0]) / 2 + nx * bulge, (a[1] + b[1]) / 2 + ny * bulge)

    def at(t: float) -> tuple[float, float]:
        return ((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * ctrl[0] + t * t * b[0],
                (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * ctrl[1] + t * t * b[1])

    pts = [at(i / 24) for i in range(25)]
    pts = [p for p in pts if math.hypot(p[0] - a[0], p[1] - a[1]) > bulge * 0.2
           and math.hypot(p[0] - b[0], p[1] - b[1]) > bulge * 0.3]
    path = c.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:-1]:
        path.lineTo(*p)
    c.setLineWidth(width)
    c.drawPath(path, stroke=1, fill=0)
    c.setDash()
    _leg(c, pts[-3], pts[-1], 0, width, head)


def movement(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A move on a plan: path=["A1", "B1", …]; the first `steps` legs are the player's own."""
    plan = sample_plan(kwargs, lang)
    default = CASES.get(str(kwargs.get("case", "river")), CASES["river"])
    path = [_cell_name(str(n)) for n in kwargs.get("path", default)]
    for r, col in path:
        if not (0 <= r < plan.rows and 0 <= col < plan.cols):
            raise ValueError("the path leaves the plan")
    steps = int(kwargs.get("steps", 1))
    lay = PlanLayout(plan, width)
    s = lay.cell
    label = str(kwargs.get("exit_label", ""))

    def legs(c: Canvas, pts: list[tuple[float, float]], halo: float) -> None:
        for i, (a, b) in enumerate(zip(pts, pts[1:])):
            own = i < steps
            if own or halo:
                c.setDash()
            else:
                c.setDash(2.5, 1.8)
            if own or math.hypot(b[0] - a[0], b[1] - a[1]) < 1.5 * s:
                _leg(c, a, b, s * 0.18, s * (0.05 if own else 0.04) + halo, s * 0.2 + halo)
            else:
                _jump(c, a, b, s * 0.9, s * 0.04 + halo, s * 0.2 + halo)

    def paint(c: Canvas, box: Box) -> None:
        draw_plan(c, box.x + lay.left, box.y + box.h - lay.top, s, plan, Style(), label)
        pts = [lay.centre(box, pos) for pos in path]
        if pts:  # the start dot in a corner of its cell, clear of the cell's own icon
            pts[0] = (pts[0][0] - s * 0.35, pts[0][1] - s * 0.35)
        c.saveState()
        c.setLineCap(1)
        for color, halo in ((colors.white, 2.2), (ACCENT, 0.0)):  # a white halo, then the path
            c.setFillColor(color)
            c.setStrokeColor(color)
            legs(c, pts, halo)
        c.setDash()
        if pts:
            c.setFillColor(ACCENT)
            c.setStrokeColor(colors.white)
            c.setLineWidth(1)
            c.circle(pts[0][0], pts[0][1], s * 0.12, stroke=1, fill=1)
            c.setStrokeColor(ACCENT)
            c.setLineWidth(1.4)
            c.setDash(1.5, 1.2)
            c.circle(pts[-1][0], pts[-1][1], s * 0.22, stroke=1, fill=0)
        c.restoreState()

    return PainterFlowable(lay.width, lay.height, paint)


def plan_legend(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The legend printed on the host and player sheets, with their words (legend={…})."""
    labels = kwargs.get("legend")
    if not isinstance(labels, dict) or not all(k in labels for k in LEGEND_KEYS
                                               if k != "open"):  # "open" came later: optional
        raise ValueError("plan-legend needs the sheet's legend texts from the context")
    columns = 2
    rows = -(-len(legend_keys(labels)) // columns)
    w = min(width, 150 * mm)
    h = rows * (7 + 1.2) * mm + 1 * mm

    def paint(c: Canvas, box: Box) -> None:
        # draw_legend keeps 6 mm for its title at the top; the caption names it here instead.
        draw_legend(c, box.x, box.y + box.h + 6 * mm, box.w, "",
                    {k: str(v) for k, v in labels.items()}, Style(), columns,
                    hole_label=str(kwargs.get("hole_label") or ""))

    return PainterFlowable(w, h, paint)

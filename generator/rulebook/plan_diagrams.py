"""Diagrams of the paper labyrinth: a plan, the legend of its symbols, a move."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
PAPER = colors.HexColor("#fbf8f2")
GRID = colors.HexColor("#c9d3dc")
WATER = colors.HexColor("#d3e6f4")
MOUTH = colors.HexColor("#9fc6e6")
FLOW = colors.HexColor("#2e6da4")
SWAMP = colors.HexColor("#5d7a1f")

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

_ARROWS = {">": (1, 0), "→": (1, 0), "<": (-1, 0), "←": (-1, 0), "^": (0, -1), "↑": (0, -1),
           "v": (0, 1), "↓": (0, 1)}
_KINDS = {"С": "land", "": "land", ".": "land", "L": "land", "Ар": "arsenal", "А": "arsenal",
          "A": "arsenal", "М": "medpost", "H": "medpost", "У": "mouth", "Ус": "mouth",
          "O": "mouth", "Кн": "real", "T+": "real", "Кл": "false", "T-": "false"}
_SHOWN = {"ru": {"arsenal": "Ар", "medpost": "М", "mouth": "У", "real": "Кн", "false": "Кл"},
          "en": {"arsenal": "A", "medpost": "H", "mouth": "O", "real": "T+", "false": "T−"}}


@dataclass
class Plan:
    """A plan read from the grid text: cell kinds, walls, swamps and the exit."""

    rows: int
    cols: int
    cells: dict[tuple[int, int], tuple[str, Any]] = field(default_factory=dict)
    # wall above cell (r, c), r = rows for the bottom; wall left of (r, c), c = cols for the right
    hwalls: set[tuple[int, int]] = field(default_factory=set)
    vwalls: set[tuple[int, int]] = field(default_factory=set)
    swamps: list[tuple[int, int, int, int]] = field(default_factory=list)  # from cell -> into cell


def read_plan(text: str) -> Plan:
    """Read the grid text format of docs/plan-format.md (enough of it to draw a plan)."""
    lines = [ln.rstrip("\n") for ln in text.split("\n")
             if ln.strip() and not ln.lstrip().startswith("#")]
    first = lines[0]
    w = first.index("+", 1) - 1
    cols = (len(first) - 1) // (w + 1)
    rows = (len(lines) - 1) // 2
    plan = Plan(rows, cols)
    full = 1 + cols * (w + 1)
    for r in range(rows + 1):
        border = lines[2 * r].ljust(full)
        for c in range(cols):
            seg = border[1 + c * (w + 1): 1 + c * (w + 1) + w]
            if seg.strip("-=") == "" and seg:
                plan.hwalls.add((r, c))
            elif seg.strip() in ("v", "^") or set(seg) <= {"v", " "} and "v" in seg:
                down = "v" in seg
                plan.swamps.append((r - 1, c, r, c) if down else (r, c, r - 1, c))
    for r in range(rows):
        line = lines[2 * r + 1].ljust(full)
        for c in range(cols + 1):
            ch = line[c * (w + 1)]
            if ch in "|‖":
                plan.vwalls.add((r, c))
            elif ch in "><":
                plan.swamps.append((r, c - 1, r, c) if ch == ">" else (r, c, r, c - 1))
            if c < cols:
                code = line[c * (w + 1) + 1: c * (w + 1) + 1 + w].strip()
                plan.cells[(r, c)] = _cell(code)
    return plan


def _cell(code: str) -> tuple[str, Any]:
    if code in _KINDS:
        return _KINDS[code], None
    if len(code) == 2 and code[0] in "РR" and code[1] in _ARROWS:
        return "river", _ARROWS[code[1]]
    m = re.fullmatch(r"([^\W\d_])(\d+)", code)
    if m:
        return "hole", (m.group(1).upper(), int(m.group(2)))
    return "land", code


def _cell_name(name: str) -> tuple[int, int]:
    m = re.fullmatch(r"([A-Za-z])(\d+)", name.strip())
    if not m:
        raise ValueError(f"not a cell name: {name!r}")
    return int(m.group(2)) - 1, ord(m.group(1).upper()) - ord("A")


def _hole_label(letter: str, n: int, lang: str, order: list[str]) -> str:
    if lang == "ru" or letter.isascii():
        return f"{letter}{n}"
    if letter not in order:
        order.append(letter)
    return f"{'XYZUVW'[order.index(letter) % 6]}{n}"


def _arrow(g: Group | Drawing, x0: float, y0: float, x1: float, y1: float, color: colors.Color,
           width: float = 1.2, head: float = 4.5, dash: list[float] | None = None) -> None:
    ang = math.atan2(y1 - y0, x1 - x0)
    bx, by = x1 - head * math.cos(ang), y1 - head * math.sin(ang)
    g.add(Line(x0, y0, bx, by, strokeColor=color, strokeWidth=width, strokeDashArray=dash))
    px, py = -math.sin(ang) * head * 0.5, math.cos(ang) * head * 0.5
    g.add(Polygon([x1, y1, bx + px, by + py, bx - px, by - py], fillColor=color,
                  strokeColor=color, strokeWidth=0.1))


def _arc_arrow(d: Drawing, x0: float, y0: float, x1: float, y1: float, s: float,
               color: colors.Color, width: float, dash: list[float] | None) -> None:
    """A curved arrow from (x0, y0) to (x1, y1), bulging to the left of the direction."""
    from reportlab.graphics.shapes import Path

    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length, (x1 - x0) / length
    if ny < 0:
        nx, ny = -nx, -ny
    cx, cy = mx + nx * s * 0.9, my + ny * s * 0.9
    n = 16
    pts = []
    for i in range(n + 1):
        t = i / n
        pts.append(((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1,
                    (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1))
    trim = [p for p in pts if math.hypot(p[0] - x1, p[1] - y1) > s * 0.3 and
            math.hypot(p[0] - x0, p[1] - y0) > s * 0.2]
    path = Path(strokeColor=color, strokeWidth=width, strokeDashArray=dash, fillColor=None)
    path.moveTo(*trim[0])
    for p in trim[1:-1]:
        path.lineTo(*p)
    d.add(path)
    _arrow(d, trim[-2][0], trim[-2][1], trim[-1][0], trim[-1][1], color, width, 5)


def _draw_plan(plan: Plan, lang: str, s: float, pad: float,
               quiet: frozenset[tuple[int, int]] = frozenset()) -> tuple[Drawing, Any]:
    w, h = plan.cols * s + 2 * pad, plan.rows * s + 2 * pad
    d = Drawing(w, h)

    def xy(r: float, c: float) -> tuple[float, float]:
        return pad + c * s, h - pad - r * s

    shown = _SHOWN.get(lang, _SHOWN["en"])
    order: list[str] = []
    for (r, c), (kind, extra) in plan.cells.items():
        x, y = xy(r + 1, c)
        fill = {"river": WATER, "mouth": MOUTH}.get(kind, PAPER)
        d.add(Rect(x, y, s, s, fillColor=fill, strokeColor=GRID, strokeWidth=0.4))
        cx, cy = x + s / 2, y + s / 2
        if kind == "river" and (r, c) not in quiet:
            dx, dy = extra
            _arrow(d, cx - dx * s * 0.3, cy + dy * s * 0.3, cx + dx * s * 0.34,
                   cy - dy * s * 0.34, FLOW, 1.3, 4)
        elif kind == "hole":
            d.add(Circle(cx, cy, s * 0.34, fillColor=colors.HexColor("#e9e2d6"),
                         strokeColor=MUTED, strokeWidth=0.5))
            label = _hole_label(extra[0], extra[1], lang, order)
            d.add(String(cx, cy - s * 0.11, label, fontName="Sans-Bold", fontSize=s * 0.3,
                         fillColor=INK, textAnchor="middle"))
        elif kind in shown:
            color = {"real": ACCENT, "false": MUTED, "mouth": FLOW}.get(kind, INK)
            d.add(String(cx, cy - s * 0.12, shown[kind], fontName="Sans-Bold",
                         fontSize=s * 0.34, fillColor=color, textAnchor="middle"))
    thick, frame = max(1.6, s * 0.06), max(2.4, s * 0.09)
    for r, c in plan.hwalls:
        x, y = xy(r, c)
        edge = r in (0, plan.rows)
        d.add(Line(x, y, x + s, y, strokeColor=INK, strokeWidth=frame if edge else thick,
                   strokeLineCap=2))
    for r, c in plan.vwalls:
        x, y = xy(r, c)
        edge = c in (0, plan.cols)
        d.add(Line(x, y, x, y - s, strokeColor=INK, strokeWidth=frame if edge else thick,
                   strokeLineCap=2))
    for r0, c0, r1, c1 in plan.swamps:
        ax, ay = xy(r0 + 0.5, c0 + 0.5)
        bx, by = xy(r1 + 0.5, c1 + 0.5)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        ux, uy = (bx - ax) / s, (by - ay) / s
        _arrow(d, mx - ux * s * 0.22, my - uy * s * 0.22, mx + ux * s * 0.22,
               my + uy * s * 0.22, SWAMP, 2.0, 5)
    _mark_exit(d, plan, xy, s, lang)
    return d, xy


def _mark_exit(d: Drawing, plan: Plan, xy: Any, s: float, lang: str) -> None:
    label = {"ru": "выход", "en": "exit"}.get(lang, "exit")
    for r in range(plan.rows):
        for c, dx in ((0, -1), (plan.cols, 1)):
            if (r, c) not in plan.vwalls:
                x, y = xy(r + 0.5, c)
                _arrow(d, x - dx * 2, y, x + dx * s * 0.45, y, ACCENT, 1.3, 4)
                d.add(String(x + dx * s * 0.3, y + 4, label, fontName="Sans", fontSize=6.5,
                             fillColor=ACCENT, textAnchor="start" if dx > 0 else "end"))
    for c in range(plan.cols):
        for r, dy in ((0, 1), (plan.rows, -1)):
            if (r, c) not in plan.hwalls:
                x, y = xy(r, c + 0.5)
                _arrow(d, x, y - dy * 2, x, y + dy * s * 0.45, ACCENT, 1.3, 4)


def _cell_size(plan: Plan, width: float, big: float = 13 * mm) -> float:
    return min(big, (width - 16 * mm) / plan.cols)


def plan_sample(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A plan drawn as the host draws it (plan= grid text, or the sample plan)."""
    plan = read_plan(str(kwargs.get("plan") or SAMPLE_PLAN))
    d, _ = _draw_plan(plan, lang, _cell_size(plan, width), 7 * mm)
    return d


# Default paths on the sample plan: a step into the river, and a step into a hole.
CASES = {"river": ["A1", "B1", "C1", "C2"], "hole": ["D1", "E1", "A2"]}


def movement(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A move on a plan: path=["A1", "B1", …]; the first `steps` legs are the player's own."""
    plan = read_plan(str(kwargs.get("plan") or SAMPLE_PLAN))
    default = CASES.get(str(kwargs.get("case", "river")), CASES["river"])
    path = [_cell_name(n) for n in kwargs.get("path", default)]
    steps = int(kwargs.get("steps", 1))
    s = _cell_size(plan, width)
    d, xy = _draw_plan(plan, lang, s, 7 * mm, frozenset(path))
    pts = [xy(r + 0.5, c + 0.5) for r, c in path]
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        own = i < steps
        color, lw, dash = (ACCENT, 1.8, None) if own else (FLOW, 1.4, [2.5, 1.8])
        if own or math.hypot(x1 - x0, y1 - y0) < 1.5 * s:
            ang = math.atan2(y1 - y0, x1 - x0)
            k = s * 0.18
            _arrow(d, x0 + k * math.cos(ang), y0 + k * math.sin(ang),
                   x1 - k * math.cos(ang), y1 - k * math.sin(ang), color, lw, 5, dash)
        else:  # a jump (hole to hole): a dashed arc above the cells
            _arc_arrow(d, x0, y0, x1, y1, s, color, lw, dash)
    if pts:
        d.add(Circle(pts[0][0], pts[0][1], s * 0.16, fillColor=ACCENT, strokeColor=INK,
                     strokeWidth=0.5))
        d.add(Circle(pts[-1][0], pts[-1][1], s * 0.16, fillColor=None, strokeColor=ACCENT,
                     strokeWidth=1.2, strokeDashArray=[1.5, 1.2]))
    return d


LEGEND = {
    "ru": ["стенка (можно взорвать)", "капитальная стена, выход", "река и её течение",
           "устье реки", "болото: в устье можно, из устья нельзя", "ямы одного круга: Я1, Я2, Я3…",
           "арсенал, медпункт", "клад настоящий и ложный"],
    "en": ["wall (a bomb can destroy it)", "outer wall and the exit", "river and its current",
           "river mouth", "swamp: into the mouth, not out of it", "holes of one cycle: X1, X2, X3…",
           "arsenal, medpost", "real and false treasure"],
}


def plan_legend(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The symbols of a plan, each with a short explanation, in two columns."""
    texts = LEGEND.get(lang, LEGEND["en"])
    s = 8 * mm
    row_h = s + 3 * mm
    col_w = min(width / 2, 85 * mm)
    rows = (len(texts) + 1) // 2
    d = Drawing(col_w * 2, rows * row_h)
    shown = _SHOWN.get(lang, _SHOWN["en"])
    for i, text in enumerate(texts):
        col, row = divmod(i, rows)
        x, y = col * col_w, d.height - (row + 1) * row_h + 1.5 * mm
        d.add(Rect(x, y, s, s, fillColor=PAPER, strokeColor=GRID, strokeWidth=0.4))
        cx, cy = x + s / 2, y + s / 2
        if i == 0:
            d.add(Line(x + s, y, x + s, y + s, strokeColor=INK, strokeWidth=1.8))
        elif i == 1:
            d.add(Line(x, y + s, x + s, y + s, strokeColor=INK, strokeWidth=2.6))
            d.add(Line(x, y, x, y + s, strokeColor=INK, strokeWidth=2.6))
            _arrow(d, x + s - 2, cy, x + s + 3.5 * mm, cy, ACCENT, 1.2, 3.5)
        elif i == 2:
            d.add(Rect(x, y, s, s, fillColor=WATER, strokeColor=GRID, strokeWidth=0.4))
            _arrow(d, cx - s * 0.3, cy, cx + s * 0.34, cy, FLOW, 1.2, 3.5)
        elif i == 3:
            d.add(Rect(x, y, s, s, fillColor=MOUTH, strokeColor=GRID, strokeWidth=0.4))
            d.add(String(cx, cy - 3, shown["mouth"], fontName="Sans-Bold", fontSize=9,
                         fillColor=FLOW, textAnchor="middle"))
        elif i == 4:
            _arrow(d, x + s + 2 - 3.5 * mm, cy, x + s + 2, cy, SWAMP, 1.8, 4)
        elif i == 5:
            d.add(Circle(cx, cy, s * 0.36, fillColor=colors.HexColor("#e9e2d6"),
                         strokeColor=MUTED, strokeWidth=0.5))
            d.add(String(cx, cy - 2.6, "Я1" if lang == "ru" else "X1", fontName="Sans-Bold",
                         fontSize=7.5, fillColor=INK, textAnchor="middle"))
        elif i == 6:
            d.add(String(cx, cy - 3, f"{shown['arsenal']} {shown['medpost']}",
                         fontName="Sans-Bold", fontSize=7.5, fillColor=INK, textAnchor="middle"))
        else:
            d.add(String(cx, cy - 3, f"{shown['real']} {shown['false']}", fontName="Sans-Bold",
                         fontSize=7, fillColor=ACCENT, textAnchor="middle"))
        d.add(String(x + s + 5 * mm, cy - 3, text, fontName="Sans", fontSize=8.6, fillColor=INK))
    return d

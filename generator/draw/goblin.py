"""Draw Goblin Slayer pieces: hex location tiles, round counters and the player aid.

Locations are drawn from `generator.goblin.hexgrid` geometry (pointy-top small hexes, a
location's own frame, the name upright). The small hexes are sized so a counter fits inside
one with 1 mm to spare on every side.
"""

from __future__ import annotations

import math
import zlib

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..goblin.hexgrid import (
    LOCATION_HEXES,
    SQRT3,
    Edge,
    Hex,
    corner_mm,
    edge,
    neighbour,
    outline,
    side_mm,
)
from ..goblin.model import AidSection, AidSymbols, AidTexts, GoblinContent, Location
from ..units import mm
from .fonts import font, text_width
from .kit import CUT, INK, Box, Style, wrap_greedy

FLOOR = (HexColor("#d9d0bf"), HexColor("#d1c6b2"), HexColor("#ded6c8"))
GRID = HexColor("#a0937d")
PEBBLE = HexColor("#b8ab95")
WALL = HexColor("#3a3028")
WALL_TOP = HexColor("#6b5d50")
HOLE = (HexColor("#8a7a66"), HexColor("#4a3d31"), HexColor("#1c1612"))
WOOD = HexColor("#8b5a2b")
WOOD_DARK = HexColor("#4e3118")
IRON = HexColor("#2b2b2b")
THRESHOLD = HexColor("#efe6d2")
NAME_BAND = HexColor("#f3eee4")

CLEARANCE_MM = 1.0  # around a counter inside a small hex
WALL_MM = 3.0  # thickness of an inner wall
BORDER_WALL_MM = 3.2  # visible thickness of a wall on the location's outline


def hex_across_mm(counter_mm: float) -> float:
    """Return the flat-to-flat width of a small hex that holds a counter of this diameter."""
    return counter_mm + 2 * CLEARANCE_MM


def location_size_mm(content: GoblinContent) -> tuple[float, float]:
    """Return (width, height) in mm of a location's bounding box (its cut outline)."""
    size = hex_across_mm(content.counter_size_mm) / SQRT3
    return (5 * SQRT3 * size, 8 * size)


class _Frame:
    """Map a location's mm geometry (y down, centred) into points inside a box."""

    def __init__(self, box: Box) -> None:
        self.size = min(box.w / (5 * SQRT3), box.h / 8.0)  # hex circumradius in points
        self.cx, self.cy = box.cx, box.cy

    def pt(self, p: tuple[float, float]) -> tuple[float, float]:
        return (self.cx + p[0], self.cy - p[1])

    def centre(self, h: Hex) -> tuple[float, float]:
        return self.pt(_centre(h, self.size))

    def corners(self, h: Hex, grow: float = 0.0) -> list[tuple[float, float]]:
        x, y = _centre(h, self.size)
        k = (self.size + grow) / self.size
        return [self.pt((x + (cx - x) * k, y + (cy - y) * k))
                for cx, cy in (corner_mm(h, self.size, i) for i in range(6))]

    def side(self, h: Hex, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = side_mm(h, self.size, d)
        return self.pt(a), self.pt(b)


def _centre(h: Hex, size: float) -> tuple[float, float]:
    q, r = h
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def _hex_path(c: Canvas, f: _Frame, hexes: list[Hex], grow: float = 0.0) -> PDFPathObject:
    path = c.beginPath()
    for h in hexes:
        pts = f.corners(h, grow)
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
    return path


def _rand(*key: object) -> float:
    """Return a stable pseudo-random number in [0, 1) for a key (deterministic drawings)."""
    return (zlib.crc32(repr(key).encode()) % 10007) / 10007.0


def draw_location(c: Canvas, box: Box, location: Location, lang: str, style: Style,
                  name: bool = True, pebbles: bool = True) -> None:
    """Draw one location tile inside box: floor, walls, tunnel or door, name, cut outline
    (name=False leaves the name out, for a cave diagram that prints names upright;
    pebbles=False leaves out the floor's pebbles, too small to see in a diagram)."""
    f = _Frame(box)
    grow = style.bleed * 2 / SQRT3
    hexes = list(LOCATION_HEXES)
    c.saveState()
    if style.fill(c, FLOOR[0]):
        c.drawPath(_hex_path(c, f, hexes, grow + 0.3), stroke=0, fill=1,
                   fillMode=FILL_NON_ZERO)
        for h in hexes:
            c.setFillColor(FLOOR[int(_rand(location.id, h) * 3)])
            c.drawPath(_hex_path(c, f, [h], -0.6), stroke=0, fill=1)
            if pebbles:
                _pebbles(c, f, location.id, h)
    clip = _hex_path(c, f, hexes, grow)
    c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.6)
    c.setLineJoin(1)
    c.drawPath(_hex_path(c, f, hexes), stroke=1, fill=0)
    for h in location.hexes_with("tunnel"):
        _tunnel(c, f, h)
    for h in location.hexes_with("door"):
        _door(c, f, location.doorway, h)
    _walls(c, f, location, style)
    c.restoreState()
    if name:
        _name(c, f, location, lang, style)
    c.setStrokeColor(CUT)
    c.setLineWidth(0.3)
    c.setLineJoin(0)
    path = c.beginPath()
    for h, d in outline(hexes):
        a, b = f.side(h, d)
        path.moveTo(*a)
        path.lineTo(*b)
    c.drawPath(path, stroke=1, fill=0)


def _pebbles(c: Canvas, f: _Frame, seed: str, h: Hex) -> None:
    x, y = f.centre(h)
    c.setFillColor(PEBBLE)
    for i in range(4):
        a = _rand(seed, h, i, "a") * 2 * math.pi
        d = f.size * (0.35 + 0.45 * _rand(seed, h, i, "d"))
        r = mm(0.35 + 0.5 * _rand(seed, h, i, "r"))
        c.ellipse(x + d * math.cos(a) - r * 1.3, y + d * math.sin(a) - r,
                  x + d * math.cos(a) + r * 1.3, y + d * math.sin(a) + r, stroke=0, fill=1)


def _walls(c: Canvas, f: _Frame, location: Location, style: Style) -> None:
    hexes = set(LOCATION_HEXES)
    border = {edge(h, d): (h, d) for h, d in outline(hexes)}
    inner = sorted(e for e in location.walls if e not in border and e[0] in hexes)
    outer = sorted(border[e] for e in location.walls if e in border)
    c.setLineCap(1)
    for width, colour in ((1.0, WALL), (0.4, WALL_TOP)):
        c.setStrokeColor(colour)
        # Border walls straddle the cut line: half of the stroke shows inside, the rest is bleed.
        c.setLineWidth(2 * mm(BORDER_WALL_MM * width) + 2 * style.bleed if width == 1.0
                       else mm(BORDER_WALL_MM * width))
        path = c.beginPath()
        for h, d in outer:
            a, b = f.side(h, d)
            if width < 1.0:
                a, b = _toward(a, b, f.centre(h), mm(BORDER_WALL_MM) * 0.55)
            path.moveTo(*a)
            path.lineTo(*b)
        c.drawPath(path, stroke=1, fill=0)
        c.setLineWidth(mm(WALL_MM * width))
        path = c.beginPath()
        for h, d in inner:
            a, b = f.side(h, d)
            path.moveTo(*a)
            path.lineTo(*b)
        c.drawPath(path, stroke=1, fill=0)


def _toward(a: tuple[float, float], b: tuple[float, float], centre: tuple[float, float],
            dist: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Shift segment ab by dist toward centre (perpendicular to ab)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    vx, vy = centre[0] - mx, centre[1] - my
    n = math.hypot(vx, vy) or 1.0
    dx, dy = vx / n * dist, vy / n * dist
    return (a[0] + dx, a[1] + dy), (b[0] + dx, b[1] + dy)


def _tunnel(c: Canvas, f: _Frame, h: Hex) -> None:
    x, y = f.centre(h)
    s = f.size
    for k, colour in zip((0.78, 0.62, 0.44), HOLE):
        c.setFillColor(colour)
        path = c.beginPath()
        for i in range(14):
            a = 2 * math.pi * i / 14
            rr = s * k * (0.9 + 0.16 * _rand("tunnel", h, k, i))
            px, py = x + rr * math.cos(a), y + rr * 0.78 * math.sin(a)
            path.moveTo(px, py) if i == 0 else path.lineTo(px, py)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    # a few rocks around the mouth
    c.setFillColor(WALL_TOP)
    for i in range(5):
        a = math.radians(200 + 28 * i)
        rx, ry = x + s * 0.8 * math.cos(a), y + s * 0.62 * math.sin(a)
        r = s * (0.07 + 0.04 * _rand("rock", h, i))
        c.circle(rx, ry, r, stroke=0, fill=1)


def _door(c: Canvas, f: _Frame, doorway: frozenset[Edge], h: Hex) -> None:
    # threshold: the doorway edges in a light colour
    for e in sorted(doorway):
        hh, d = e if e[0] == h else (neighbour(*e), e[1] + 3)
        a, b = f.side(hh, d % 6)
        c.setStrokeColor(THRESHOLD)
        c.setLineWidth(mm(1.6))
        c.line(*a, *b)
    x, y = f.centre(h)
    s = f.size
    w, body = s * 0.95, s * 0.75
    y0 = y - s * 0.62
    c.setFillColor(WOOD_DARK)
    _arch(c, x, y0, w + s * 0.16, body + s * 0.08)
    c.setFillColor(WOOD)
    _arch(c, x, y0, w, body)
    c.setStrokeColor(WOOD_DARK)
    c.setLineWidth(0.8)
    for i in (-1, 0, 1):
        c.line(x + i * w / 4, y0, x + i * w / 4, y0 + body + w / 2 * 0.8 - abs(i) * w * 0.1)
    c.setStrokeColor(IRON)
    c.setLineWidth(1.6)
    for yy in (y0 + body * 0.25, y0 + body * 0.85):
        c.line(x - w / 2, yy, x + w / 2, yy)
    c.setFillColor(IRON)
    c.circle(x + w * 0.3, y0 + body * 0.55, s * 0.06, stroke=0, fill=1)


def _arch(c: Canvas, x: float, y0: float, w: float, body: float) -> None:
    path = c.beginPath()
    path.moveTo(x - w / 2, y0)
    path.lineTo(x - w / 2, y0 + body)
    path.arcTo(x - w / 2, y0 + body - w / 2, x + w / 2, y0 + body + w / 2, 180, -180)
    path.lineTo(x + w / 2, y0)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def name_spot(location: Location) -> Hex:
    """Return the hex a location's name is printed on: the free hex nearest its centre."""
    taken = set(location.features)
    return min((h for h in LOCATION_HEXES if h not in taken),
               key=lambda h: (abs(h[0]) + abs(h[1]) + abs(h[0] + h[1]), h[1], h[0]))


def _name(c: Canvas, f: _Frame, location: Location, lang: str, style: Style) -> None:
    x, y = f.centre(name_spot(location))
    text = location.name.get(lang)
    width = f.size * SQRT3 * 0.86
    size = mm(3.4)
    c.saveState()
    if not style.ink_saver:
        c.setFillColor(NAME_BAND)
        c.setFillAlpha(0.85)
        c.roundRect(x - width / 2 - mm(0.8), y - mm(4.4), width + mm(1.6), mm(8.8), mm(1.5),
                    stroke=0, fill=1)
    c.restoreState()
    style.lines_centred(c, text, x, y, "Serif-Bold", size, width,
                        f"location '{location.id}' name", max_lines=2)


# --- counters ------------------------------------------------------------------------------

COUNTER_BG = {
    "dwarf": HexColor("#dce7f2"),
    "goblin": HexColor("#e1eed6"),
    "ogre": HexColor("#efe2c8"),
    "widget": HexColor("#ebe1f4"),
    "stone": HexColor("#e4e4e0"),
}
COUNTER_RIM = {
    "dwarf": HexColor("#3d5f86"),
    "goblin": HexColor("#4f7a33"),
    "ogre": HexColor("#8a5a1e"),
    "widget": HexColor("#6d4596"),
    "stone": HexColor("#5f6366"),
}


def draw_counter(c: Canvas, box: Box, kind: str, name: str, style: Style, cut: bool = True
                 ) -> None:
    """Draw a round counter in box: background, the picture of its kind, its name, cut line."""
    r = min(box.w, box.h) / 2
    x, y = box.cx, box.cy
    c.saveState()
    if style.fill(c, COUNTER_BG.get(kind, PAPER_TINT)):
        c.circle(x, y, r + style.bleed, stroke=0, fill=1)
    c.setStrokeColor(COUNTER_RIM.get(kind, INK))
    c.setLineWidth(r * 0.06)
    c.circle(x, y, r * 0.93, stroke=1, fill=0)
    PICTURES.get(kind, _picture_unknown)(c, x, y + r * 0.2, r * 0.56)
    c.restoreState()
    if name:
        style.lines_centred(c, name, x, y - r * 0.56, "Sans-Bold", r * 0.19, r * 1.3,
                            f"counter '{name}'", max_lines=2)
    if cut:
        c.setStrokeColor(CUT)
        c.setLineWidth(0.3)
        c.circle(x, y, r, stroke=1, fill=0)


PAPER_TINT = HexColor("#f2f2f2")
SKIN = HexColor("#f0c8a0")
BEARD = HexColor("#c2551f")
BEARD_DARK = HexColor("#8a3410")
STEEL = HexColor("#9aa3ab")
STEEL_DARK = HexColor("#59626b")
GOBLIN = HexColor("#6fa43a")
GOBLIN_DARK = HexColor("#3f6a1c")
OGRE = HexColor("#a38a6a")
OGRE_DARK = HexColor("#6a5438")
EYE = HexColor("#f4d21c")
TOOTH = HexColor("#fbf6e4")
GEM = (HexColor("#7fe3f0"), HexColor("#2aa7c4"), HexColor("#1a6f9e"), HexColor("#c3f5fb"))
GLOW = HexColor("#fff1a8")
STONE = (HexColor("#8d9196"), HexColor("#6d7176"), HexColor("#b4b8bc"))
RUNE = HexColor("#2f7fd6")


def _poly(c: Canvas, pts: list[tuple[float, float]], fill: Color,
          stroke: Color | None = None, width: float = 0.5) -> None:
    path = c.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    c.setFillColor(fill)
    if stroke is not None:
        c.setStrokeColor(stroke)
        c.setLineWidth(width)
    c.drawPath(path, stroke=1 if stroke is not None else 0, fill=1)


def _picture_dwarf(c: Canvas, x: float, y: float, s: float) -> None:
    # the axe behind him
    c.setStrokeColor(WOOD_DARK)
    c.setLineWidth(s * 0.09)
    c.setLineCap(1)
    c.line(x + s * 0.55, y - s * 0.75, x + s * 0.8, y + s * 0.7)
    blade = [(x + s * 0.72, y + s * 0.25), (x + s * 1.05, y + s * 0.1), (x + s * 1.1, y + s * 0.55),
             (x + s * 1.0, y + s * 0.95), (x + s * 0.8, y + s * 0.7)]
    _poly(c, blade, STEEL, STEEL_DARK, s * 0.05)
    # face
    c.setFillColor(SKIN)
    c.circle(x, y + s * 0.05, s * 0.45, stroke=0, fill=1)
    # helmet with horns
    _poly(c, [(x - s * 0.5, y + s * 0.3), (x - s * 0.85, y + s * 0.55),
          (x - s * 0.55, y + s * 0.45)],
          TOOTH, STEEL_DARK, s * 0.03)
    _poly(c, [(x + s * 0.5, y + s * 0.3), (x + s * 0.85, y + s * 0.55),
          (x + s * 0.55, y + s * 0.45)],
          TOOTH, STEEL_DARK, s * 0.03)
    path = c.beginPath()
    path.moveTo(x - s * 0.52, y + s * 0.22)
    path.arcTo(x - s * 0.52, y - s * 0.2, x + s * 0.52, y + s * 0.84, 180, -180)
    path.close()
    c.setFillColor(STEEL)
    c.setStrokeColor(STEEL_DARK)
    c.setLineWidth(s * 0.04)
    c.drawPath(path, stroke=1, fill=1)
    c.setFillColor(STEEL_DARK)
    c.rect(x - s * 0.07, y - s * 0.05, s * 0.14, s * 0.3, stroke=0, fill=1)
    # eyes
    c.setFillColor(INK)
    for dx in (-0.2, 0.2):
        c.circle(x + s * dx, y + s * 0.08, s * 0.055, stroke=0, fill=1)
    # beard
    beard = [(x - s * 0.45, y + s * 0.02), (x - s * 0.55, y - s * 0.4),
             (x - s * 0.35, y - s * 0.85),
             (x - s * 0.15, y - s * 0.7), (x, y - s * 1.0), (x + s * 0.15, y - s * 0.7),
             (x + s * 0.35, y - s * 0.85), (x + s * 0.55, y - s * 0.4),
              (x + s * 0.45, y + s * 0.02),
             (x + s * 0.2, y - s * 0.12), (x - s * 0.2, y - s * 0.12)]
    _poly(c, beard, BEARD, BEARD_DARK, s * 0.04)
    c.setStrokeColor(BEARD_DARK)
    c.setLineWidth(s * 0.035)
    for dx in (-0.25, 0.0, 0.25):
        c.line(x + s * dx, y - s * 0.25, x + s * dx * 1.2, y - s * 0.65)
    # nose
    c.setFillColor(HexColor("#e0a27a"))
    c.circle(x, y - s * 0.06, s * 0.11, stroke=0, fill=1)


def _picture_goblin(c: Canvas, x: float, y: float, s: float) -> None:
    for side in (-1, 1):
        _poly(c, [(x + side * s * 0.45, y + s * 0.25), (x + side * s * 1.15, y + s * 0.55),
                  (x + side * s * 0.5, y - s * 0.2)], GOBLIN, GOBLIN_DARK, s * 0.05)
    c.setFillColor(GOBLIN)
    c.setStrokeColor(GOBLIN_DARK)
    c.setLineWidth(s * 0.05)
    c.ellipse(x - s * 0.6, y - s * 0.75, x + s * 0.6, y + s * 0.7, stroke=1, fill=1)
    for side in (-1, 1):
        _poly(c, [(x + side * s * 0.08, y + s * 0.2), (x + side * s * 0.42, y + s * 0.3),
                  (x + side * s * 0.36, y + s * 0.02)], EYE, GOBLIN_DARK, s * 0.03)
        c.setFillColor(INK)
        c.circle(x + side * s * 0.28, y + s * 0.16, s * 0.05, stroke=0, fill=1)
    _poly(c, [(x - s * 0.06, y + s * 0.02), (x + s * 0.06, y + s * 0.02), (x, y - s * 0.18)],
          GOBLIN_DARK)
    path = c.beginPath()
    path.moveTo(x - s * 0.38, y - s * 0.32)
    path.curveTo(x - s * 0.2, y - s * 0.5, x + s * 0.2, y - s * 0.5, x + s * 0.38, y - s * 0.32)
    path.curveTo(x + s * 0.2, y - s * 0.62, x - s * 0.2, y - s * 0.62, x - s * 0.38, y - s * 0.32)
    c.setFillColor(HexColor("#3a1a12"))
    c.drawPath(path, stroke=0, fill=1)
    for dx in (-0.18, 0.14):
        _poly(c, [(x + s * dx, y - s * 0.41), (x + s * (dx + 0.08), y - s * 0.41),
                  (x + s * (dx + 0.04), y - s * 0.52)], TOOTH)


def _picture_ogre(c: Canvas, x: float, y: float, s: float) -> None:
    s *= 0.85
    y += s * 0.1
    c.setFillColor(OGRE)
    c.setStrokeColor(OGRE_DARK)
    c.setLineWidth(s * 0.05)
    c.roundRect(x - s * 0.85, y - s * 0.85, s * 1.7, s * 1.7, s * 0.55, stroke=1, fill=1)
    for side in (-1, 1):
        c.setFillColor(OGRE)
        c.circle(x + side * s * 0.9, y + s * 0.05, s * 0.18, stroke=1, fill=1)
    # heavy brow
    c.setFillColor(OGRE_DARK)
    c.roundRect(x - s * 0.6, y + s * 0.22, s * 1.2, s * 0.16, s * 0.08, stroke=0, fill=1)
    c.setFillColor(INK)
    for dx in (-0.3, 0.3):
        c.circle(x + s * dx, y + s * 0.1, s * 0.07, stroke=0, fill=1)
    c.setFillColor(OGRE_DARK)
    c.ellipse(x - s * 0.17, y - s * 0.2, x + s * 0.17, y + s * 0.05, stroke=0, fill=1)
    c.setFillColor(HexColor("#3a1a12"))
    c.roundRect(x - s * 0.5, y - s * 0.6, s * 1.0, s * 0.22, s * 0.1, stroke=0, fill=1)
    for dx in (-0.35, 0.27):
        _poly(c, [(x + s * dx, y - s * 0.5), (x + s * (dx + 0.12), y - s * 0.5),
                  (x + s * (dx + 0.06), y - s * 0.22)], TOOTH, OGRE_DARK, s * 0.02)


def _picture_widget(c: Canvas, x: float, y: float, s: float) -> None:
    c.setStrokeColor(EYE)
    c.setLineCap(1)
    for i in range(12):
        a = math.pi * i / 6
        c.setLineWidth(s * (0.08 if i % 2 == 0 else 0.04))
        k = 1.05 if i % 2 == 0 else 0.85
        c.line(x + s * 0.6 * math.cos(a), y + s * 0.6 * math.sin(a),
               x + s * k * math.cos(a), y + s * k * math.sin(a))
    c.setFillColor(GLOW)
    c.circle(x, y, s * 0.7, stroke=0, fill=1)
    top, mid, low = y + s * 0.5, y + s * 0.18, y - s * 0.6
    w = s * 0.55
    _poly(c, [(x - w, mid), (x - w * 0.5, top), (x + w * 0.5, top), (x + w, mid), (x, low)],
          GEM[1], GEM[2], s * 0.05)
    _poly(c, [(x - w * 0.5, top), (x + w * 0.5, top), (x + w * 0.3, mid),
          (x - w * 0.3, mid)], GEM[0])
    _poly(c, [(x - w, mid), (x - w * 0.3, mid), (x, low)], GEM[0])
    _poly(c, [(x + w, mid), (x + w * 0.3, mid), (x, low)], GEM[2])
    _poly(c, [(x - w * 0.3, mid), (x + w * 0.3, mid), (x, low)], GEM[1])
    _sparkle(c, x + s * 0.55, y + s * 0.55, s * 0.22)
    _sparkle(c, x - s * 0.62, y - s * 0.35, s * 0.14)


def _sparkle(c: Canvas, x: float, y: float, r: float) -> None:
    _poly(c, [(x, y + r), (x + r * 0.22, y + r * 0.22), (x + r, y), (x + r * 0.22, y - r * 0.22),
              (x, y - r), (x - r * 0.22, y - r * 0.22), (x - r, y), (x - r * 0.22, y + r * 0.22)],
          GEM[3], GEM[1], r * 0.08)


def _picture_stone(c: Canvas, x: float, y: float, s: float) -> None:
    outline_pts = [(x - s * 0.7, y - s * 0.55), (x - s * 0.8, y + s * 0.1),
                   (x - s * 0.45, y + s * 0.7),
                   (x + s * 0.3, y + s * 0.8), (x + s * 0.8, y + s * 0.3),
                    (x + s * 0.75, y - s * 0.5),
                   (x + s * 0.1, y - s * 0.8)]
    _poly(c, outline_pts, STONE[0], STONE[1], s * 0.06)
    _poly(c, [(x - s * 0.45, y + s * 0.6), (x + s * 0.25, y + s * 0.68),
          (x - s * 0.1, y + s * 0.35),
              (x - s * 0.6, y + s * 0.15)], STONE[2])
    c.setStrokeColor(RUNE)
    c.setLineWidth(s * 0.12)
    c.setLineCap(1)
    c.setLineJoin(1)
    path = c.beginPath()  # a rune of our own: a staff with two crossed branches
    path.moveTo(x - s * 0.1, y - s * 0.5)
    path.lineTo(x - s * 0.1, y + s * 0.45)
    path.moveTo(x - s * 0.1, y + s * 0.4)
    path.lineTo(x + s * 0.3, y + s * 0.05)
    path.lineTo(x - s * 0.1, y - s * 0.1)
    path.moveTo(x + s * 0.05, y - s * 0.05)
    path.lineTo(x + s * 0.35, y - s * 0.45)
    c.drawPath(path, stroke=1, fill=0)


def _picture_unknown(c: Canvas, x: float, y: float, s: float) -> None:
    c.setFillColor(INK)
    c.circle(x, y, s * 0.3, stroke=0, fill=1)


PICTURES = {
    "dwarf": _picture_dwarf,
    "goblin": _picture_goblin,
    "ogre": _picture_ogre,
    "widget": _picture_widget,
    "stone": _picture_stone,
}


# --- player aid ----------------------------------------------------------------------------

AID_ACCENT = HexColor("#7a3b1d")
AID_MIN_PT = 6.0  # the smallest body text the aid may shrink to


def _wrap(text: str, face: str, size: float, width: float) -> list[str]:
    return wrap_greedy(text, lambda line: text_width(line, face, size) <= width)


def draw_player_aid(c: Canvas, box: Box, aid: AidTexts, game_name: str, style: Style) -> None:
    """Draw the player aid in box: its sections in two columns, then the symbol key."""
    body = 12.0
    while True:
        height = _aid_layout(None, box, aid, game_name, body)
        if height <= box.h or body <= AID_MIN_PT:
            break
        body = max(AID_MIN_PT, body * 0.96)
    if height > box.h:
        style.overflows.append(f"player aid: text does not fit its box even at {body:.1f} pt; "
                               "shorten the texts in text/LANG.yaml")
    _aid_layout(c, box, aid, game_name, body)


def _aid_heading(c: Canvas, text: str, x: float, y: float, width: float, body: float) -> None:
    """A section's heading of the player aid, ruled underneath, its baseline at y."""
    c.setFillColor(AID_ACCENT)
    c.setFont(font("Serif-Bold"), body * 1.3)
    c.drawString(x, y, text)
    c.setStrokeColor(AID_ACCENT)
    c.setLineWidth(0.6)
    c.line(x, y - body * 0.4, x + width, y - body * 0.4)


def _aid_section(c: Canvas | None, section: AidSection, x: float, y: float, width: float,
                 body: float) -> float:
    """Draw (or only measure) one section with its top at y; return its height."""
    top = y
    y -= body * 2.1
    if c is not None:
        _aid_heading(c, section.heading, x, y, width, body)
    y -= body * 0.5
    indent = body * (2.2 if section.marks != "bullets" else 1.1)
    for n, item in enumerate(section.items, start=1):
        lines = []
        if item.title:
            lines.append(("Sans-Bold", item.title))
        lines += [("Sans", line) for line in _wrap(item.text, "Sans", body, width - indent)]
        first = True
        for face, line in lines:
            y -= body * (1.5 if first else 1.24)
            if c is not None:
                if first:
                    _aid_mark(c, section.marks, n, x, y, body)
                c.setFillColor(INK)
                c.setFont(font(face), body)
                c.drawString(x + indent, y, line)
            first = False
        y -= body * 0.15
    return top - y


def _aid_mark(c: Canvas, marks: str, n: int, x: float, y: float, body: float) -> None:
    mark_x, mark_y = x + body * 0.8, y + body * 0.35
    c.setFillColor(AID_ACCENT)
    if marks == "numbers":
        c.circle(mark_x, mark_y, body * 0.72, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        c.setFont(font("Sans-Bold"), body * 0.9)
        c.drawCentredString(mark_x, mark_y - body * 0.32, str(n))
    elif marks == "stones":
        _picture_stone(c, mark_x, mark_y, body * 0.7)
    else:
        c.circle(x + body * 0.3, mark_y, body * 0.17, stroke=0, fill=1)


def _aid_symbols(c: Canvas | None, symbols: AidSymbols, x: float, y: float, width: float,
                 body: float, style: Style | None = None) -> float:
    """Draw (or measure) the symbol key in two columns; return its height."""
    top = y
    y -= body * 2.1
    if c is not None:
        _aid_heading(c, symbols.heading, x, y, width, body)
    y -= body * 0.6
    cell = body * 2.6
    half = width / 2
    rows = (len(symbols.items) + 1) // 2
    for i, item in enumerate(symbols.items):
        col, row = divmod(i, rows)
        cx = x + col * half + cell / 2
        cy = y - row * cell - cell / 2
        if c is not None:
            draw_symbol(c, item.symbol, cx, cy, cell * 0.86, style or Style())
            c.setFillColor(INK)
            c.setFont(font("Sans"), body)
            label = _wrap(item.label, "Sans", body, half - cell - body * 0.5)
            for k, line in enumerate(label[:2]):
                c.drawString(x + col * half + cell + body * 0.4,
                             cy - body * 0.35 + (len(label[:2]) - 1) * body * 0.6 - k * body * 1.2,
                             line)
    return top - (y - rows * cell)


def _aid_layout(c: Canvas | None, box: Box, aid: AidTexts, game_name: str, body: float) -> float:
    """Lay out (and draw when c is given) the aid at body size; return the height used."""
    pad = body * 1.4
    gap = body * 1.6
    x0, top = box.x + pad, box.y + box.h - pad
    width = box.w - 2 * pad
    col_w = (width - gap) / 2
    y = top - body * 2.0
    if c is not None:
        c.setStrokeColor(AID_ACCENT)
        c.setLineWidth(1.2)
        c.roundRect(box.x, box.y, box.w, box.h, body, stroke=1, fill=0)
        Style().text_centred(c, f"{game_name} — {aid.title}", box.cx, y, "Serif-Bold",
                             body * 1.8, width, "player aid title", AID_ACCENT)
    y -= body * 0.8
    heights = [_aid_section(None, sec, 0, 0, col_w, body) for sec in aid.sections]
    sym_h = _aid_symbols(None, aid.symbols, 0, 0, col_w, body)
    # split the sections into two columns as evenly as the order allows; the key goes last
    total = sum(heights) + sym_h
    best, split = float("inf"), len(heights)
    for k in range(1, len(heights) + 1):
        left = sum(heights[:k])
        worst = max(left, total - left)
        if worst < best:
            best, split = worst, k
    for col, sections in enumerate((aid.sections[:split], aid.sections[split:])):
        yy = y
        xx = x0 + col * (col_w + gap)
        for sec in sections:
            yy -= _aid_section(c, sec, xx, yy, col_w, body)
        if col == 1:
            yy -= _aid_symbols(c, aid.symbols, xx, yy, col_w, body)
    return top - (y - best) + pad * 2


# --- symbols (the player aid's key and the cave diagram's legend) ----------------------------

BORDER = HexColor("#b2342a")  # location borders in the cave diagram


def draw_symbol(c: Canvas, symbol: str, x: float, y: float, size: float, style: Style) -> None:
    """Draw one symbol of the key centred on (x, y), about size points across."""
    c.saveState()
    s = size / 2  # the circumradius of a small hex that just fits
    if symbol in ("door", "tunnel", "wall"):
        f = _Frame(Box(x - 2.5 * SQRT3 * s, y - 4 * s, 5 * SQRT3 * s, 8 * s))
        c.setFillColor(FLOOR[0])
        c.setStrokeColor(GRID)
        c.setLineWidth(0.4)
        c.drawPath(_hex_path(c, f, [(0, 0)]), stroke=1, fill=1)
        if symbol == "door":
            _door(c, f, frozenset(), (0, 0))
        elif symbol == "tunnel":
            _tunnel(c, f, (0, 0))
        else:
            c.setLineCap(1)
            for width, colour in ((1.0, WALL), (0.4, WALL_TOP)):
                c.setStrokeColor(colour)
                c.setLineWidth(s * 0.28 * width)
                a, b = f.side((0, 0), 0)
                c.line(a[0], a[1], b[0], b[1])
    elif symbol == "border":
        c.setStrokeColor(BORDER)
        c.setLineWidth(max(0.8, s * 0.12))
        c.setDash(s * 0.3, s * 0.18)
        c.line(x - s, y - s * 0.5, x, y + s * 0.1)
        c.line(x, y + s * 0.1, x + s, y - s * 0.5)
    elif symbol in PICTURES:
        draw_counter(c, Box(x - s, y - s, 2 * s, 2 * s), symbol, "", style, cut=False)
    c.restoreState()

"""Draw Goblin Slayer pieces: hex location tiles and round counters (the player aid: goblin_aid.py).

Locations are drawn from `generator.goblin.hexgrid` geometry (pointy-top small hexes, a
location's own frame, the name upright). The small hexes are sized so a counter fits inside
one with 1 mm to spare on every side. Every picture (the counters, the door, the tunnels, each
location's decoration) is a content file under `goblin-slayer/art/`, placed here by geometry.
"""

from __future__ import annotations

import math
import zlib

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..content.art import Picture, bundled_picture, registered
from ..content.goblin import GoblinContent, Location
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
from ..units import mm
from .art import draw_picture
from .fonts import font
from .kit import CUT, INK, Box, Style

FLOOR = (HexColor("#d9d0bf"), HexColor("#d1c6b2"), HexColor("#ded6c8"))
GRID = HexColor("#a0937d")
PEBBLE = HexColor("#b8ab95")
WALL = HexColor("#3a3028")
WALL_TOP = HexColor("#6b5d50")
THRESHOLD = HexColor("#efe6d2")
NAME_BAND = HexColor("#f3eee4")

GAME = "goblin-slayer"
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
                  name: bool = True, pebbles: bool = True,
                  marks: tuple[str, str] = ("", "")) -> None:
    """Draw one location tile inside box: floor, walls, tunnel or door, name, cut outline
    (name=False leaves the name out, for a cave diagram that prints names upright;
    pebbles=False leaves out the floor's pebbles, too small to see in a diagram). marks:
    the words of the tile's role, (variant, centre): a tag under the name of a variant-only
    tile, and beside a mark on the side that faces the centre (see `_roles`)."""
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
    decor = registered(GAME, f"decor-{location.id}")
    for h in decor_spots(location) if decor is not None else []:
        x, y = f.centre(h)
        draw_picture(c, decor, x, y, f.size * 1.25, f.size * 1.25, ink_saver=style.ink_saver)
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
        _roles(c, f, location, marks, style)
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
    """A tunnel's pit; on the outer ring a little smaller and nudged toward the middle, so
    that it stays clear of the rim wall."""
    x, y = f.centre(h)
    side = 2 * f.size
    if _ring(h) == 2:
        side *= 0.8
        x += (f.cx - x) * 0.06
        y += (f.cy - y) * 0.06
    draw_picture(c, location_picture("tunnel"), x, y, side, side)


def _door(c: Canvas, f: _Frame, doorway: frozenset[Edge], h: Hex) -> None:
    # threshold: the doorway edges in a light colour
    for e in sorted(doorway):
        hh, d = e if e[0] == h else (neighbour(*e), e[1] + 3)
        a, b = f.side(hh, d % 6)
        c.setStrokeColor(THRESHOLD)
        c.setLineWidth(mm(1.6))
        c.line(*a, *b)
    x, y = f.centre(h)
    draw_picture(c, location_picture("door"), x, y, 2 * f.size, 2 * f.size)


def location_picture(kind: str) -> Picture | None:
    """The door's or a tunnel's picture: the loaded content's file, else the bundled one."""
    return registered(GAME, kind) or bundled_picture(GAME, f"art/locations/{kind}.svg")


def decor_spots(location: Location) -> list[Hex]:
    """The two floor hexes of a location's decoration: on its outer ring, away from its door,
    tunnel and name, and apart from each other (the same two in every build)."""
    taken = set(location.features) | {name_spot(location)}
    ring = sorted((h for h in LOCATION_HEXES if _ring(h) == 2 and h not in taken),
                  key=lambda h: (_rand(location.id, h, "decor"), h))
    if not ring:
        return []
    first = ring[0]
    rest = sorted(ring[1:], key=lambda h: (-_distance(first, h), _rand(location.id, h), h))
    return [first] + rest[:1]


def _ring(h: Hex) -> int:
    return max(abs(h[0]), abs(h[1]), abs(h[0] + h[1]))


def _distance(a: Hex, b: Hex) -> int:
    return _ring((a[0] - b[0], a[1] - b[1]))


def name_spot(location: Location) -> Hex:
    """Return the hex a location's name is printed on: the free hex nearest its centre."""
    taken = set(location.features)
    return min((h for h in LOCATION_HEXES if h not in taken),
               key=lambda h: (abs(h[0]) + abs(h[1]) + abs(h[0] + h[1]), h[1], h[0]))


def _name(c: Canvas, f: _Frame, location: Location, lang: str, style: Style) -> None:
    x, y = f.centre(name_spot(location))
    text = location.name.get(lang, location.id)
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


VARIANT_KINDS = ("open-centre", "blocked-edge")  # in the variant only (locations.yaml)
FACING_KINDS = ("entrance", "edge", "blocked-edge")  # their 12 o'clock side meets the centre
FACING_HEX: Hex = (1, -2)  # the middle hex of the 12 o'clock side
ROLE_INK = HexColor("#5a4632")


def _roles(c: Canvas, f: _Frame, location: Location, marks: tuple[str, str],
           style: Style) -> None:
    """A variant-only tile's tag under its name, and on an entrance or edge tile a triangle
    pointing at the side laid against the centre tile, with its word under it."""
    variant, centre = marks
    c.saveState()
    c.setFillColor(ROLE_INK)
    if variant and location.kind in VARIANT_KINDS:
        x, y = f.centre(name_spot(location))
        size = 6.5
        width = min(f.size * SQRT3 * 0.8, c.stringWidth(variant, font("Sans-Bold"), size)
                    + mm(2.4))
        top = y - mm(4.4) - mm(0.7)
        c.setStrokeColor(ROLE_INK)
        c.setLineWidth(0.5)
        if not style.ink_saver:
            c.setFillColor(NAME_BAND)
            c.roundRect(x - width / 2, top - mm(3.4), width, mm(3.4), mm(1.2), stroke=1, fill=1)
        else:
            c.roundRect(x - width / 2, top - mm(3.4), width, mm(3.4), mm(1.2), stroke=1, fill=0)
        c.setFillColor(ROLE_INK)
        style.lines_centred(c, variant, x, top - mm(1.7), "Sans-Bold", size, width - mm(1.2),
                            f"location '{location.id}' variant tag", max_lines=1,
                            color=ROLE_INK)
    if centre and location.kind in FACING_KINDS:
        x, y = f.centre(FACING_HEX)
        tip, half = y + f.size * 0.62, f.size * 0.2
        path = c.beginPath()
        path.moveTo(x, tip)
        path.lineTo(x - half, tip - half * 1.2)
        path.lineTo(x + half, tip - half * 1.2)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
        style.lines_centred(c, centre, x, tip - half * 1.2 - mm(2.0), "Sans-Bold", 6.5,
                            f.size * SQRT3 * 0.8, f"location '{location.id}' centre mark",
                            max_lines=1, color=ROLE_INK)
    c.restoreState()


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


def counter_picture(kind: str) -> Picture | None:
    """The picture of a kind of counter: the loaded content's file, else the bundled one."""
    return registered(GAME, kind) or bundled_picture(GAME, f"art/counters/{kind}.svg")


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
    # the art's viewBox spans 2.4 picture units; one unit is 0.56 of the radius
    draw_picture(c, counter_picture(kind), x, y + r * 0.24, r * 1.24, r * 1.24,
                 ink_saver=style.ink_saver)
    c.restoreState()
    if name:  # high enough that the chord there is wider than the name: clear of the rim
        style.lines_centred(c, name, x, y - r * 0.5, "Sans-Bold", r * 0.19, r * 1.3,
                            f"counter '{name}'", max_lines=2)
    if cut:
        c.setStrokeColor(CUT)
        c.setLineWidth(0.3)
        c.circle(x, y, r, stroke=1, fill=0)


PAPER_TINT = HexColor("#f2f2f2")
COUNTER_KINDS = ("dwarf", "goblin", "ogre", "widget", "stone")


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
    elif symbol in COUNTER_KINDS:
        draw_counter(c, Box(x - s, y - s, 2 * s, 2 * s), symbol, "", style, cut=False)
    c.restoreState()

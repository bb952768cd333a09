"""Goblin Slayer diagrams: one location of 19 hexes, and the cave of 7 locations.

Locations use the format of `content/goblin-slayer/locations.yaml`: pointy-top hexes "q,r"
(q to the east, r to the south-east), `walls` {"q,r": "NE E"}, `features` {"q,r": door|tunnel},
`closed_sides` as clock hours of the outline ([4, 6, 8]). Without data a neat generic location
is drawn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Path, Rect
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
PAPER = colors.HexColor("#fbf8f2")
CENTRE = colors.HexColor("#e4dbcf")
ENTRANCE = colors.HexColor("#f1e3d3")
ROCK = colors.HexColor("#6e6259")

Hex = tuple[int, int]
# Neighbour directions, counter-clockwise from east; names as in locations.yaml.
HEX_DIRS: list[Hex] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
DIR_NAMES = {"E": 0, "NE": 1, "NW": 2, "W": 3, "SW": 4, "SE": 5}

GENERIC = {"walls": {"0,0": "E NE", "-1,1": "SE", "1,1": "NW", "-2,1": "NE"},
           "features": {"1,-2": "tunnel"}, "closed_sides": []}


def location_cells(radius: int = 2) -> list[Hex]:
    """Axial coordinates of the small hexes of one location (19 for radius 2)."""
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if abs(q + r) <= radius]


# The six clusters around the centre, clockwise from 6 o'clock; side hour i faces SLOTS[i].
# (The same geometry as generator/goblin/hexgrid.py: SLOT_OFFSETS and SIDE_HOURS.)
SLOTS: list[Hex] = [(-2, 5), (-5, 3), (-3, -2), (2, -5), (5, -3), (3, 2)]
SIDE_HOURS = (6, 8, 10, 12, 2, 4)


def cave_offsets() -> list[Hex]:
    """Axial offsets of the centre location and the 6 around it, clockwise from the bottom."""
    return [(0, 0), *SLOTS]


def _rotate(h: Hex, k: int) -> Hex:
    """Turn h by k × 60° clockwise on the page."""
    q, r = h
    for _ in range(k % 6):
        q, r = -r, q + r
    return q, r


def _turn_dir(d: int, k: int) -> int:
    return HEX_DIRS.index(_rotate(HEX_DIRS[d], k))


def _xy(q: float, r: float, size: float = 1.0) -> tuple[float, float]:
    return size * math.sqrt(3) * (q + r / 2), -size * 1.5 * r


def _key(text: str) -> Hex:
    q, r = (int(v) for v in str(text).split(","))
    return q, r


@dataclass
class Placed:
    """One location placed in the picture: absolute hexes, walls and features."""

    cells: list[Hex]
    fill: colors.Color
    walls: list[tuple[Hex, int]] = field(default_factory=list)
    features: dict[Hex, str] = field(default_factory=dict)
    closed: list[tuple[Hex, int]] = field(default_factory=list)


def place(loc: dict[str, Any], offset: Hex, turn: int, fill: colors.Color) -> Placed:
    """Turn a location by turn×60° and move it by offset."""
    def at(h: Hex) -> Hex:
        q, r = _rotate(h, turn)
        return q + offset[0], r + offset[1]

    cells = location_cells()
    placed = Placed([at(h) for h in cells], fill)
    for key, sides in (loc.get("walls") or {}).items():
        for name in str(sides).split():
            placed.walls.append((at(_key(key)), _turn_dir(DIR_NAMES[name.upper()], turn)))
    for key, kind in (loc.get("features") or {}).items():
        placed.features[at(_key(key))] = str(kind)
    door = [k for k, v in (loc.get("features") or {}).items() if v == "door"]
    own = set(cells)
    for hour in {int(h) for h in loc.get("closed_sides") or []}:
        if hour not in SIDE_HOURS:
            continue
        slot = SLOTS[SIDE_HOURS.index(hour)]
        other = {(q + slot[0], r + slot[1]) for q, r in cells}
        for h in cells:
            if door and f"{h[0]},{h[1]}" in door:
                continue  # the door's opening stays open
            for d, (dq, dr) in enumerate(HEX_DIRS):
                if (h[0] + dq, h[1] + dr) in other and (h[0] + dq, h[1] + dr) not in own:
                    placed.closed.append((at(h), _turn_dir(d, turn)))
    return placed


def _edge(x: float, y: float, size: float, d: int) -> tuple[float, float, float, float]:
    nx, ny = _xy(*HEX_DIRS[d])
    ang = math.atan2(ny, nx)
    a0, a1 = ang - math.radians(30), ang + math.radians(30)
    return (x + size * math.cos(a0), y + size * math.sin(a0), x + size * math.cos(a1),
            y + size * math.sin(a1))


def draw_locations(placed: list[Placed], width: float) -> Drawing:
    """Draw placed locations, scaled to width: hexes, outlines, rock, walls, door, tunnels."""
    raw = [_xy(q, r) for p in placed for q, r in p.cells]
    xs, ys = [p[0] for p in raw], [p[1] for p in raw]
    span_w, span_h = max(xs) - min(xs) + 2, max(ys) - min(ys) + 2.2
    size = width / span_w
    d = Drawing(span_w * size, span_h * size)
    ox, oy = -(min(xs) - 1) * size, -(min(ys) - 1.1) * size

    def centre(h: Hex) -> tuple[float, float]:
        x, y = _xy(h[0], h[1], size)
        return x + ox, y + oy

    owner = {c: i for i, p in enumerate(placed) for c in p.cells}
    for p in placed:
        path = Path(fillColor=p.fill, strokeColor=MUTED, strokeWidth=0.35)
        for h in p.cells:
            x, y = centre(h)
            pts = [(x + size * math.cos(math.radians(60 * k + 30)),
                    y + size * math.sin(math.radians(60 * k + 30))) for k in range(6)]
            path.moveTo(*pts[0])
            for pt in pts[1:]:
                path.lineTo(*pt)
            path.closePath()
        d.add(path)
    rock = Path(strokeColor=ROCK, strokeWidth=max(2.5, size * 0.3), strokeLineCap=1,
                fillColor=None)
    walls = Path(strokeColor=INK, strokeWidth=max(1.5, size * 0.13), strokeLineCap=1,
                 fillColor=None)
    outline = Path(strokeColor=MUTED, strokeWidth=1.0, strokeLineCap=1, fillColor=None,
                   strokeDashArray=[3, 1.5])
    for p in placed:
        for h, k in p.closed:
            x0, y0, x1, y1 = _edge(*centre(h), size, k)
            rock.moveTo(x0, y0)
            rock.lineTo(x1, y1)
        for h, k in p.walls:
            x0, y0, x1, y1 = _edge(*centre(h), size, k)
            walls.moveTo(x0, y0)
            walls.lineTo(x1, y1)
    for h, i in owner.items():
        for k, (dq, dr) in enumerate(HEX_DIRS):
            if owner.get((h[0] + dq, h[1] + dr)) != i:
                x0, y0, x1, y1 = _edge(*centre(h), size, k)
                outline.moveTo(x0, y0)
                outline.lineTo(x1, y1)
    d.add(rock)
    d.add(outline)
    d.add(walls)
    for p in placed:
        for h, kind in p.features.items():
            x, y = centre(h)
            if kind == "tunnel":
                d.add(Circle(x, y, size * 0.45, fillColor=INK, strokeColor=None))
            elif kind == "door":
                d.add(Rect(x - size * 0.33, y - size * 0.45, size * 0.66, size * 0.9,
                           rx=size * 0.3, ry=size * 0.3, fillColor=ACCENT, strokeColor=INK,
                           strokeWidth=0.5))
    return d


def hex_location(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """One location of 19 hexes (walls/features/closed_sides as in locations.yaml)."""
    loc = kwargs if any(k in kwargs for k in ("walls", "features")) else {
        **GENERIC, **kwargs,
        "features": {"0,2": "door"} if kwargs.get("kind", kwargs.get("id")) == "entrance"
        else GENERIC["features"]}
    fill = ENTRANCE if loc.get("kind") == "entrance" else (
        CENTRE if "centre" in str(loc.get("kind", "")) else PAPER)
    return draw_locations([place(loc, (0, 0), 0, fill)], min(width, 58 * mm))


def cave(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The cave: centre, the entrance at the bottom, five edges clockwise (locations=[…])."""
    locations = kwargs.get("locations")
    ring = SLOTS  # entrance at 6 o'clock, then the edges clockwise
    if isinstance(locations, list) and locations:
        by_kind: dict[str, list[dict[str, Any]]] = {}
        for loc in locations:
            by_kind.setdefault(str(loc.get("kind")), []).append(loc)
        centre_kind = "open-centre" if kwargs.get("open_centre") else "centre"
        centre_loc = (by_kind.get(centre_kind) or [GENERIC])[0]
        entrance = (by_kind.get("entrance") or [{**GENERIC, "features": {"0,2": "door"}}])[0]
        edges = by_kind.get("edge", [])[:5]
        edges += [GENERIC] * (5 - len(edges))
    else:
        centre_loc, entrance = GENERIC, {**GENERIC, "kind": "entrance",
                                         "features": {"0,2": "door"}, "closed_sides": [4, 6, 8]}
        edges = [{**GENERIC, "closed_sides": [4, 6, 8]}] * 5
    placed = [place(centre_loc, (0, 0), 0, CENTRE)]
    for i, (loc, off) in enumerate(zip([entrance] + edges, ring)):
        placed.append(place(loc, off, _turn_towards_centre(off), ENTRANCE if i == 0 else PAPER))
    return draw_locations(placed, min(width, 100 * mm))


def _turn_towards_centre(offset: Hex) -> int:
    """The turn that makes a location's 12 o'clock side face the cave's centre."""
    return SLOTS.index(offset)

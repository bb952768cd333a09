"""Axial hex coordinates, directions, rotation, shared edges and corner geometry.

Small hexes are **pointy-top**. A hex is `(q, r)`: q grows to the east, r grows to the
south-east (so "south" on the page is down). The third cube coordinate is `s = -q - r`.

Directions, clockwise from east (as seen on the page), with their axial steps:

    E (+1, 0)   SE (0, +1)   SW (-1, +1)   W (-1, 0)   NW (0, -1)   NE (+1, -1)

A location is the cluster of the 19 hexes with `max(|q|, |r|, |s|) <= 2`. Seven clusters tile
the plane around a centre cluster; the six neighbouring clusters sit at the rotations of
`SLOT_OFFSETS[0] = (-2, 5)`, which points almost straight down ("6 o'clock"). The six sides
of a cluster are named by the clock hour they face: 6, 8, 10, 12, 2 and 4 (each side is five
small-hex edges long).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

Hex = tuple[int, int]
# An edge between two hexes: (hex, direction index) with the direction index in 0..2
# (E, SE, SW), so the same wall seen from either side is the same value.
Edge = tuple[Hex, int]

DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTION_NAMES)}

RADIUS = 2
SLOT_OFFSETS: tuple[Hex, ...] = ((-2, 5), (-5, 3), (-3, -2), (2, -5), (5, -3), (3, 2))
SIDE_HOURS: tuple[int, ...] = (6, 8, 10, 12, 2, 4)  # side i faces the cluster at SLOT_OFFSETS[i]
SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    """Return the sum of two axial vectors."""
    return (a[0] + b[0], a[1] + b[1])


def neighbour(h: Hex, d: int) -> Hex:
    """Return the hex next to h in direction d (0..5, clockwise from east)."""
    return add(h, DIRECTIONS[d % 6])


def neighbours(h: Hex) -> list[Hex]:
    """Return the six hexes around h, clockwise from east."""
    return [neighbour(h, d) for d in range(6)]


def distance(a: Hex, b: Hex = (0, 0)) -> int:
    """Return the number of steps between two hexes."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate(h: Hex, steps: int = 1) -> Hex:
    """Rotate h about (0, 0) by steps × 60° clockwise (as seen on the page)."""
    q, r = h
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q, r)


def edge(h: Hex, d: int) -> Edge:
    """Return the identity of the side of h in direction d (shared with its neighbour)."""
    d %= 6
    if d < 3:
        return (h, d)
    return (neighbour(h, d), d - 3)


def edge_hexes(e: Edge) -> tuple[Hex, Hex]:
    """Return the two hexes an edge separates."""
    h, d = e
    return h, neighbour(h, d)


def rotate_edge(e: Edge, steps: int) -> Edge:
    """Rotate an edge about (0, 0) by steps × 60° clockwise."""
    h, d = e
    return edge(rotate(h, steps), d + steps)


def translate_edge(e: Edge, by: Hex) -> Edge:
    """Move an edge by an axial vector."""
    return (add(e[0], by), e[1])


def cluster(radius: int = RADIUS, centre: Hex = (0, 0)) -> list[Hex]:
    """Return the hexes within radius of centre, sorted by (q, r)."""
    return sorted(
        add(centre, (q, r))
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )


LOCATION_HEXES: tuple[Hex, ...] = tuple(cluster())
LOCATION_HEX_SET = frozenset(LOCATION_HEXES)


def side_edges(side: int) -> list[tuple[Hex, int]]:
    """Return (hex, direction) pairs of the location's hexes whose side lies on border `side`.

    `side` is an index into SLOT_OFFSETS / SIDE_HOURS; the five pairs run clockwise.
    """
    other = frozenset(add(h, SLOT_OFFSETS[side]) for h in LOCATION_HEXES)
    found = [(h, d) for h in LOCATION_HEXES for d in range(6) if neighbour(h, d) in other]
    angle = _angle(SLOT_OFFSETS[side])
    return sorted(found, key=lambda hd: (_angle(_edge_mid(hd)) - angle + 180) % 360)


def side_of_hour(hour: int) -> int:
    """Return the side index of a clock hour (2, 4, 6, 8, 10 or 12)."""
    return SIDE_HOURS.index(hour)


def outline(hexes: Iterable[Hex]) -> Iterator[tuple[Hex, int]]:
    """Yield (hex, direction) for every side of the hexes that borders a hex outside them."""
    hex_set = frozenset(hexes)
    for h in sorted(hex_set):
        for d in range(6):
            if neighbour(h, d) not in hex_set:
                yield h, d


# --- pixel geometry (millimetres, y pointing DOWN the page; flip for ReportLab) -------------

def centre_mm(h: Hex, size: float) -> tuple[float, float]:
    """Return the centre of hex h in mm for hexes of circumradius `size` (y down)."""
    q, r = h
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * r)


def corner_mm(h: Hex, size: float, k: int) -> tuple[float, float]:
    """Return corner k (0..5) of hex h: corner k sits between sides k and k+1 (y down)."""
    x, y = centre_mm(h, size)
    a = math.radians(60 * k + 30)
    return (x + size * math.cos(a), y + size * math.sin(a))


def side_mm(h: Hex, size: float, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return the two end points of side d of hex h (y down)."""
    return corner_mm(h, size, (d - 1) % 6), corner_mm(h, size, d)


def size_for_inscribed(diameter: float) -> float:
    """Return the circumradius of a hex whose inscribed circle has the given diameter."""
    return diameter / SQRT3


def _angle(v: tuple[float, float] | Hex) -> float:
    x, y = centre_mm((v[0], v[1]), 1.0) if isinstance(v[0], int) else v  # type: ignore[misc, arg-type]
    return math.degrees(math.atan2(y, x)) % 360


def _edge_mid(hd: tuple[Hex, int]) -> tuple[float, float]:
    (a, b) = side_mm(hd[0], 1.0, hd[1])
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)

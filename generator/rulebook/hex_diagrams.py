"""Goblin Slayer diagrams: one location tile, the cave of 7 tiles, the counters.

Every picture is the printed piece, drawn by `generator/draw/goblin.py` at its natural size and
shrunk; the cave lays the tiles out by the assembly geometry of `generator/goblin/cave.py`
(slot offsets and turns). The rules context carries the parsed locations as plain values
(`goblin_rules_context`); `to_location` turns one back into a `Location`.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..draw.goblin import draw_counter, draw_location, hex_across_mm
from ..draw.kit import Box, Style
from ..goblin.cave import EDGE_SLOTS, place_hex, placement
from ..goblin.hexgrid import LOCATION_HEXES, SQRT3, centre_mm, corner_mm
from ..goblin.model import Location, Names
from .flowables import PainterFlowable

DEFAULT_COUNTER_MM = 20.0


def location_data(locations: Any, kwargs: dict[str, Any]) -> dict[str, Any] | None:
    """The context's location with id= (or the first of kind=), or None."""
    if not isinstance(locations, list):
        return None
    for key in ("id", "kind"):
        if key in kwargs:
            for loc in locations:
                if isinstance(loc, dict) and loc.get(key) == kwargs[key]:
                    return loc
    return None


def to_location(data: dict[str, Any]) -> Location:
    """Turn a location of the rules context back into the model the painters draw."""
    names = data["name"]
    return Location(
        id=str(data["id"]), kind=str(data["kind"]),
        name=Names(ru=str(names["ru"]), en=str(names["en"])),
        walls=frozenset(((int(q), int(r)), int(d)) for q, r, d in data.get("walls", [])),
        features={(int(q), int(r)): str(f) for q, r, f in data.get("features", [])},
        file="", at=(0, 0), closed_sides=tuple(data.get("closed_sides", [])),
        doorway=frozenset(((int(q), int(r)), int(d)) for q, r, d in data.get("doorway", [])),
    )


def _hex_size(kwargs: dict[str, Any]) -> float:
    """Circumradius in points of a small hex of the printed tiles."""
    return hex_across_mm(float(kwargs.get("counter_mm") or DEFAULT_COUNTER_MM)) / SQRT3 * mm


def hex_location(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """One location tile as printed (its data from the context: id= or kind=)."""
    if "walls" not in kwargs or "name" not in kwargs:
        raise ValueError("hex-location needs a location of the game's context (id=…)")
    loc = to_location(kwargs)
    size = _hex_size(kwargs)
    w, h = 5 * SQRT3 * size, 8 * size
    scale = min(float(kwargs.get("scale", 0.6)), width / w)

    def paint(c: Canvas, box: Box) -> None:
        draw_location(c, box, loc, lang, Style())

    return PainterFlowable(w * scale, h * scale, paint, scale)


def _cave_tiles(locations: list[dict[str, Any]], open_centre: bool
                ) -> list[tuple[dict[str, Any], int | None]]:
    """(location, slot) of one legal assembly: the centre, the entrance, five edges in order."""
    def of_kind(kind: str) -> list[dict[str, Any]]:
        return [loc for loc in locations if isinstance(loc, dict) and loc.get("kind") == kind]

    centre = of_kind("open-centre" if open_centre else "centre")
    entrance = of_kind("entrance")
    edges = of_kind("edge") + (of_kind("blocked-edge") if open_centre else [])
    if not centre or not entrance or len(edges) < EDGE_SLOTS:
        raise ValueError("cave needs a centre, the entrance and five edge locations")
    tiles: list[tuple[dict[str, Any], int | None]] = [(centre[0], None), (entrance[0], 0)]
    return tiles + [(loc, k + 1) for k, loc in enumerate(edges[:EDGE_SLOTS])]


def cave(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The assembled cave: the real tiles placed and turned as the set-up rules lay them."""
    locations = kwargs.get("locations")
    if not isinstance(locations, list):
        raise ValueError("cave needs the locations of the game's context")
    tiles = [(to_location(data), slot) for data, slot in
             _cave_tiles(locations, bool(kwargs.get("open_centre")))]
    size = _hex_size(kwargs)
    corners = [corner_mm(place_hex(h, slot), size, k)
               for _, slot in tiles for h in LOCATION_HEXES for k in range(6)]
    x0, x1 = min(p[0] for p in corners), max(p[0] for p in corners)
    y0, y1 = min(p[1] for p in corners), max(p[1] for p in corners)
    w, h = x1 - x0, y1 - y0
    scale = min(width, float(kwargs.get("width_mm", 150)) * mm) / w

    def paint(c: Canvas, box: Box) -> None:
        style = Style()
        for loc, slot in tiles:
            steps, offset = placement(slot, 0)
            x, y = centre_mm(offset, size)  # y down, as the hex geometry counts it
            c.saveState()
            c.translate(box.x + x - x0, box.y + box.h - (y - y0))
            c.rotate(-60 * steps)  # the geometry turns clockwise on the page
            draw_location(c, Box(-5 * SQRT3 * size / 2, -4 * size, 5 * SQRT3 * size, 8 * size),
                          loc, lang, style)
            c.restoreState()

    return PainterFlowable(w * scale, h * scale, paint, scale)


def counters(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """One printed counter of each kind (counters=[{picture, name}, …] from the context)."""
    items = kwargs.get("counters")
    if not isinstance(items, list) or not items:
        raise ValueError("counters needs the counters of the game's context")
    pairs = [(str(i["picture"]), str(i.get("name", ""))) for i in items]
    size = float(kwargs.get("size_mm") or kwargs.get("counter_mm") or DEFAULT_COUNTER_MM) * mm
    gap = 5 * mm
    n = len(pairs)
    scale = min(1.0, width / (n * size + (n - 1) * gap))

    def paint(c: Canvas, box: Box) -> None:
        style = Style()
        for i, (picture, name) in enumerate(pairs):
            draw_counter(c, Box(box.x + i * (size + gap), box.y, size, size), picture, name,
                         style)

    return PainterFlowable((n * size + (n - 1) * gap) * scale, size * scale, paint, scale)

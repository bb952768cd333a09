"""Goblin Slayer diagrams: one location tile, the cave of 7 tiles (with a legend, and figures
for a worked example), the counters.

Every picture is the printed piece, drawn by `generator/draw/goblin.py` at its natural size and
shrunk; the cave lays the tiles out by the assembly geometry of `generator/goblin/cave.py`
(slot offsets and turns). The rules context carries the parsed locations as plain values
(`goblin_rules_context`); `to_location` turns one back into a `Location`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..content.goblin import Location
from ..draw.fonts import font, text_width
from ..draw.goblin import (
    BORDER,
    NAME_BAND,
    draw_counter,
    draw_location,
    draw_symbol,
    hex_across_mm,
    name_spot,
)
from ..draw.kit import Box, Style, wrap_balanced
from ..goblin.cave import EDGE_SLOTS, place_hex, placement
from ..goblin.hexgrid import (
    LOCATION_HEXES,
    SQRT3,
    centre_mm,
    corner_mm,
    distance,
    neighbour,
    side_mm,
)
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
        name={str(k): str(v) for k, v in dict(names).items()},
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
        draw_location(c, box, loc, lang, Style(), pebbles=False)

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


MAP_SYMBOLS = ("door", "tunnel", "wall", "border")
LEGEND_PT = 8.0  # legend text, printed size
NAME_PT = 7.0  # location names in the cave, printed size
BADGE = colors.HexColor("#7a2e1d")


def _legend(kwargs: dict[str, Any], figures: list[list[Any]]) -> list[tuple[str, str]]:
    """(symbol, label) of the legend: the map's symbols, then the pieces the diagram shows."""
    given = kwargs.get("legend")
    if not isinstance(given, list):
        return []
    pairs = [(str(item[0]), str(item[1])) for item in given
             if isinstance(item, (list, tuple)) and len(item) >= 2]
    if kwargs.get("legend_only"):
        return pairs
    shown = {str(f[0]) for f in figures}
    return [(sym, label) for sym, label in pairs if sym in MAP_SYMBOLS or sym in shown]


def _legend_rows(pairs: list[tuple[str, str]], width: float, pt: float
                 ) -> list[list[tuple[str, str, float]]]:
    """Lay the legend out in rows that fit width: (symbol, label, x) per entry."""
    cell, gap = pt * 2.4, pt * 1.6
    rows: list[list[tuple[str, str, float]]] = [[]]
    x = 0.0
    for sym, label in pairs:
        w = cell + pt * 0.4 + text_width(label, "Sans", pt)
        if rows[-1] and x + w > width:
            rows.append([])
            x = 0.0
        rows[-1].append((sym, label, x))
        x += w + gap
    return rows if rows[0] else []


def _draw_legend(c: Canvas, rows: list[list[tuple[str, str, float]]], x0: float, top: float,
                 pt: float) -> None:
    cell = pt * 2.4
    style = Style()
    for i, row in enumerate(rows):
        cy = top - (i + 0.5) * cell * 1.1
        for sym, label, x in row:
            draw_symbol(c, sym, x0 + x + cell / 2, cy, cell * 0.9, style)
            c.setFillColor(colors.HexColor("#1f1a17"))
            c.setFont(font("Sans"), pt)
            c.drawString(x0 + x + cell + pt * 0.4, cy - pt * 0.35, label)


def cave(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The assembled cave: the real tiles placed and turned as the set-up rules lay them, the
    location names upright, the borders between locations marked, and a legend (legend= from
    the context's `symbols`). figures=[[picture, q, r, label, from_q, from_r], …] puts counters
    on cave hexes with arrows from where they came ("tunnel" as a 7th item: dashed); focus=[q, r]
    with radius= shows only the hexes that close; legend_only=true draws just the legend."""
    figures = [f for f in kwargs.get("figures") or [] if isinstance(f, list) and len(f) >= 3]
    pairs = _legend(kwargs, figures)
    if kwargs.get("legend_only"):
        w = min(width, float(kwargs.get("width_mm", 150)) * mm)
        rows = _legend_rows(pairs, w, LEGEND_PT)
        h = len(rows) * LEGEND_PT * 2.4 * 1.1

        def paint_legend(c: Canvas, box: Box) -> None:
            _draw_legend(c, rows, box.x, box.y + box.h, LEGEND_PT)

        return PainterFlowable(w, h, paint_legend)
    locations = kwargs.get("locations")
    if not isinstance(locations, list):
        raise ValueError("cave needs the locations of the game's context")
    tiles = [(to_location(data), slot) for data, slot in
             _cave_tiles(locations, bool(kwargs.get("open_centre")))]
    size = _hex_size(kwargs)
    owner = {place_hex(h, slot): i for i, (_, slot) in enumerate(tiles) for h in LOCATION_HEXES}
    shown = list(owner)
    focus = kwargs.get("focus")
    if isinstance(focus, list) and len(focus) == 2:
        radius = int(kwargs.get("radius", 4))
        shown = [h for h in owner if distance(h, (int(focus[0]), int(focus[1]))) <= radius]
    corners = [corner_mm(h, size, k) for h in shown for k in range(6)]
    x0, x1 = min(p[0] for p in corners), max(p[0] for p in corners)
    y0, y1 = min(p[1] for p in corners), max(p[1] for p in corners)
    w, h = x1 - x0, y1 - y0
    scale = min(width, float(kwargs.get("width_mm", 150)) * mm) / w
    pt = LEGEND_PT / scale  # legend text at its printed size, in the drawing's units
    rows = _legend_rows(pairs, w, pt)
    legend_h = len(rows) * pt * 2.4 * 1.1 + (pt if rows else 0)

    def paint(c: Canvas, box: Box) -> None:
        style = Style()
        top = box.y + box.h

        def at(cell: tuple[int, int]) -> tuple[float, float]:
            x, y = centre_mm(cell, size)  # y down, as the hex geometry counts it
            return box.x + x - x0, top - (y - y0)

        c.saveState()
        clip = c.beginPath()
        clip.rect(box.x, top - h, w, h)
        c.clipPath(clip, stroke=0, fill=0)
        for loc, slot in tiles:
            steps, offset = placement(slot, 0)
            x, y = at(offset)
            c.saveState()
            c.translate(x, y)
            c.rotate(-60 * steps)  # the geometry turns clockwise on the page
            draw_location(c, Box(-5 * SQRT3 * size / 2, -4 * size, 5 * SQRT3 * size, 8 * size),
                          loc, lang, style, name=False, pebbles=False)
            c.restoreState()
        # borders between locations: the sides whose two hexes lie on different tiles
        c.setStrokeColor(BORDER)
        c.setLineWidth(1.4 / scale)
        c.setDash(4 / scale, 2.5 / scale)
        path = c.beginPath()
        for cell, tile in owner.items():
            for d in range(3):
                other = neighbour(cell, d)
                if other in owner and owner[other] != tile:
                    a, b = side_mm(cell, size, d)
                    path.moveTo(box.x + a[0] - x0, top - (a[1] - y0))
                    path.lineTo(box.x + b[0] - x0, top - (b[1] - y0))
        c.drawPath(path, stroke=1, fill=0)
        c.setDash()
        inside = set(shown)
        for loc, slot in tiles:  # a name the crop would cut is left out, from the text too
            spot = place_hex(name_spot(loc), slot)
            if all(h in inside for h in [spot, *(neighbour(spot, d) for d in range(6))]):
                _upright_name(c, at(spot), loc.name.get(lang, ""), NAME_PT / scale, size)
        _figures(c, figures, at, size, scale, style)
        c.restoreState()
        _draw_legend(c, rows, box.x, top - h - pt, pt)

    return PainterFlowable(w * scale, (h + legend_h) * scale, paint, scale)


def _upright_name(c: Canvas, xy: tuple[float, float], text: str, pt: float, size: float) -> None:
    """A location's name, upright on a light band, on its name hex."""
    x, y = xy
    lines = wrap_balanced(text, "Serif-Bold", pt, size * 2.6, 2)
    wide = max(text_width(line, "Serif-Bold", pt) for line in lines) + pt
    tall = len(lines) * pt * 1.2 + pt * 0.4
    c.saveState()
    c.setFillColor(NAME_BAND)
    c.setFillAlpha(0.9)
    c.roundRect(x - wide / 2, y - tall / 2, wide, tall, pt * 0.3, stroke=0, fill=1)
    c.restoreState()
    c.setFillColor(colors.HexColor("#1f1a17"))
    c.setFont(font("Serif-Bold"), pt)
    for i, line in enumerate(lines):
        c.drawCentredString(x, y + (len(lines) / 2 - i - 0.85) * pt * 1.2 + pt * 0.1, line)


def _figures(c: Canvas, figures: list[list[Any]], at: Callable[[tuple[int, int]], Any],
             size: float, scale: float, style: Style) -> None:
    """Counters on cave hexes, a letter badge on each, arrows from where they came."""
    r = size * 0.78
    c.setStrokeColor(BADGE)
    c.setFillColor(BADGE)
    c.setLineWidth(1.6 / scale)
    for fig in figures:
        if len(fig) >= 6:
            (ax, ay), (bx, by) = at((int(fig[4]), int(fig[5]))), at((int(fig[1]), int(fig[2])))
            dx, dy = bx - ax, by - ay
            n = math.hypot(dx, dy) or 1.0
            ux, uy = dx / n, dy / n
            ex, ey = bx - ux * r * 1.02, by - uy * r * 1.02
            if len(fig) >= 7 and fig[6] == "tunnel":  # not a walk: a trip through the tunnels
                c.setDash(4 / scale, 3 / scale)
            c.line(ax + ux * size * 0.3, ay + uy * size * 0.3, ex, ey)
            c.setDash()
            head = 7 / scale
            path = c.beginPath()
            path.moveTo(ex + ux * head * 0.3, ey + uy * head * 0.3)
            path.lineTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5)
            path.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5)
            path.close()
            c.drawPath(path, stroke=0, fill=1)
            c.circle(ax, ay, size * 0.18, stroke=0, fill=1)
    for fig in figures:
        x, y = at((int(fig[1]), int(fig[2])))
        draw_counter(c, Box(x - r, y - r, 2 * r, 2 * r), str(fig[0]), "", style, cut=False)
        label = str(fig[3]) if len(fig) > 3 else ""
        if label:
            b = 6 / scale
            bx, by = x + r * 0.72, y + r * 0.72
            c.setFillColor(BADGE)
            c.circle(bx, by, b, stroke=0, fill=1)
            c.setFillColor(colors.white)
            c.setFont(font("Sans-Bold"), b * 1.3)
            c.drawCentredString(bx, by - b * 0.45, label)


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

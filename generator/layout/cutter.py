"""Print-and-cut for cutting machines: the machine's registration marks on each front page, the
room they leave for pieces, and each piece's cut outline, all in millimetres (origin at the
page's top-left corner, y down, as everywhere in `layout`).

Silhouette (Cameo, Portrait, Curio) reads the marks of Silhouette Studio's "Type 1" style: a
filled square in the top-left corner and an L-shaped corner mark at the top-right and the
bottom-left, each `INSET` from the paper's edges. Studio draws the same marks on its own page
when its registration marks are on with the settings `SILHOUETTE` lists, so a sheet printed
from our PDF and the cut file opened in Studio meet: the machine finds the printed marks and
cuts the file's outlines relative to them. Pieces keep `ROOM` from the edges, clear of the
marks and of the hatched area Studio keeps free around them.

Nothing here imports ReportLab; `draw/sheet.py` draws the marks and `cutfile.py` writes the
outlines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sheets import Page, Placed

MACHINES = ("silhouette",)


@dataclass(frozen=True)
class Registration:
    """The marks' settings, as Silhouette Studio names them (mm)."""

    inset: float = 10.0  # from each paper edge to the mark's corner (the square's centre)
    length: float = 20.0  # of each arm of an L mark
    thickness: float = 0.5  # of the L marks' arms
    square: float = 5.0  # side of the filled square
    room: float = 18.0  # pieces keep this far from every paper edge


SILHOUETTE = Registration()

Rect = tuple[float, float, float, float]  # x, y, width, height (mm)


def registration_marks(machine: str, width: float, height: float) -> list[Rect]:
    """The filled rectangles that make up the machine's marks on a front page."""
    if machine != "silhouette":
        return []
    r = SILHOUETTE
    i, t, n, s = r.inset, r.thickness, r.length, r.square
    return [
        (i - s / 2, i - s / 2, s, s),  # the square, top-left
        (width - i - n, i, n, t), (width - i - t, i, t, n),  # L, top-right: arms left, down
        (i, height - i - t, n, t), (i, height - i - n, t, n),  # L, bottom-left: right, up
    ]


def room(machine: str | None) -> float:
    """How far pieces keep from the paper's edges for the machine (0 for none)."""
    return SILHOUETTE.room if machine == "silhouette" else 0.0


# --- cut outlines ----------------------------------------------------------------------------

Outline = tuple[str, tuple[float, ...]]
"""("circle", (cx, cy, r)), ("rect", (x, y, w, h, corner radius)) or ("polygon", (x0, y0,
x1, y1, ...)), in page millimetres."""


def outline(placed: Placed) -> Outline:
    """The cut outline of a placed piece: its shape, in page millimetres."""
    spec = placed.spec
    x, y, w, h = placed.x, placed.y, spec.width, spec.height
    if spec.shape == "circle":
        return "circle", (x + w / 2, y + h / 2, w / 2)
    if spec.shape == "hex":
        return "polygon", tuple(v for point in _hex_outline(x, y, w, h) for v in point)
    corner = min(spec.corner, w / 2, h / 2)
    return "rect", (x, y, w, h, corner)


def _hex_outline(x: float, y: float, w: float, h: float) -> list[tuple[float, float]]:
    """The outer boundary of a location's hexes, fitted to its box, as one closed polygon."""
    from ..goblin.hexgrid import LOCATION_HEXES, side_mm
    from ..goblin.hexgrid import outline as hex_sides

    size = min(w / (5 * math.sqrt(3)), h / 8.0)  # as draw/goblin.py fits a location
    cx, cy = x + w / 2, y + h / 2
    ends = {}
    for hx, d in hex_sides(LOCATION_HEXES):
        a, b = side_mm(hx, size, d)
        ends[_key(a)] = (cx + b[0], cy + b[1], _key(b))
    start = next(iter(sorted(ends)))
    points, key = [], start
    while True:
        px, py, key = ends[key]
        points.append((px, py))
        if key == start or len(points) > len(ends):
            return points


def _key(p: tuple[float, float]) -> tuple[int, int]:
    return round(p[0] * 1000), round(p[1] * 1000)


def page_registration(page: Page) -> list[Rect]:
    """The cutting machine's registration marks on a page (filled rectangles, mm): on the
    front of a sheet printed for a machine, none on a back or anywhere else."""
    if page.cutter is None or page.side == "back":
        return []
    return registration_marks(page.cutter, page.width, page.height)

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

Cricut (Explore, Maker, Joy Xtra) reads no marks printed by another program: Design Space
prints its own frame around an image uploaded as "Print Then Cut", and that image may be at
most `CRICUT_AREA` (6.75 x 9.25 in on Letter and on A4). So for Cricut the pieces are laid out
inside that area, centred on the paper, with no marks; `cricut.py` renders each page's pieces
as an image of their own shapes for Design Space to print and cut.

Nothing here imports ReportLab; `draw/sheet.py` draws the marks and `cutfile.py` writes the
outlines.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sheets import Page, Placed

MACHINES = ("silhouette", "cricut")

CRICUT_AREA = (6.75 * 25.4, 9.25 * 25.4)  # Design Space's largest Print Then Cut image (mm)


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


def machine_area(machine: str | None, width: float, height: float) -> Rect | None:
    """The rectangle pieces must stay in for the machine's software (x, y, w, h in mm), centred
    on the paper; None when only the margins limit them."""
    if machine != "cricut":
        return None
    w, h = CRICUT_AREA
    return (width - w) / 2, (height - h) / 2, w, h


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


# --- Cricut: Print Then Cut images ------------------------------------------------------------

CRICUT_DPI = 300  # the images' resolution: 300 pixels an inch


def cricut_box(page: Page) -> tuple[int, int, int, int] | None:
    """The pixels (left, top, right, bottom, at CRICUT_DPI, from the page's top-left corner) of
    the page's Cricut image: the pieces' cut shapes, widened to whole pixels; None for a page
    with nothing to cut. Design Space trims an image's transparent border on upload, so an
    image holds its pieces' block and nothing around it: its size is the size to keep."""
    cut = [p for p in page.pieces if p.spec.cut]
    if not cut:
        return None
    k = CRICUT_DPI / 25.4
    return (math.floor(min(p.x for p in cut) * k + 1e-6),
            math.floor(min(p.y for p in cut) * k + 1e-6),
            math.ceil(max(p.x + p.width for p in cut) * k - 1e-6),
            math.ceil(max(p.y + p.height for p in cut) * k - 1e-6))


def cricut_size(page: Page) -> tuple[float, float] | None:
    """The physical size of a page's Cricut image (mm): its pixels at CRICUT_DPI."""
    box = cricut_box(page)
    if box is None:
        return None
    return (box[2] - box[0]) * 25.4 / CRICUT_DPI, (box[3] - box[1]) * 25.4 / CRICUT_DPI


def cricut_image(page: Page) -> dict[str, list[float]]:
    """For `layout --format json`: a Cricut page's image box and Print Then Cut area (x, y,
    w, h in mm on the page); nothing for another page."""
    box = cricut_box(page) if page.cutter == "cricut" else None
    area = machine_area(page.cutter, page.width, page.height)
    if box is None or area is None:
        return {}
    k = 25.4 / CRICUT_DPI
    return {"cricut_image_mm": [round(v, 3) for v in (box[0] * k, box[1] * k,
                                                      (box[2] - box[0]) * k,
                                                      (box[3] - box[1]) * k)],
            "cricut_area_mm": [round(v, 3) for v in area]}

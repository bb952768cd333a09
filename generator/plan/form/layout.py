"""The geometry of the plan form, in millimetres from the page's top-left corner (y down).

One module places every marker, slot and box; the drawer (`draw.py`) prints them and the reader
(`scan.py`) measures them, so the two cannot drift apart. No OpenCV or ReportLab here.

A cell of side `s` holds a 5×4 block of mark boxes in its middle (objects, river arrows, hole
cycle letters and numbers) and, just inside each side shared with another cell, one swamp box:
filled, it means a swamp across that side pointing into this cell (a swamp always points into
its mouth). Every side of every cell is a wall slot: a dotted line the host traces to draw a
wall; a perimeter slot left untraced is the exit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from ..text.model import MAX_SIZE, MIN_SIZE, Pos

VERSION = 1
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARKER = 14.0  # side of an ArUco marker (6 modules: the 4×4 bits and a black border)
MARGIN = 8.0  # from the paper edge to a marker
MARKER_IDS = (0, 1, 2, 3)  # top-left, top-right, bottom-right, bottom-left
GRID_TOP = 30.0
FOOTER = 62.0  # room under the grid for the legend and the QR code
QR_SIDE = 30.0
MAX_CELL = 28.0

# The mark boxes of a cell: key -> (column, row) in its 5×4 block.
MARKS: dict[str, tuple[int, int]] = {
    "arsenal": (0, 0), "medpost": (1, 0), "real": (2, 0), "false": (3, 0), "mouth": (4, 0),
    "up": (0, 1), "down": (1, 1), "left": (2, 1), "right": (3, 1),
    "cycle1": (0, 2), "cycle2": (1, 2), "cycle3": (2, 2), "cycle4": (3, 2),
    "n1": (0, 3), "n2": (1, 3), "n3": (2, 3), "n4": (3, 3),
}
ARROW_KEYS = ("up", "down", "left", "right")
OBJECT_KEYS = ("arsenal", "medpost", "mouth")
TREASURE_KEYS = ("real", "false")
CYCLE_KEYS = ("cycle1", "cycle2", "cycle3", "cycle4")
NUMBER_KEYS = ("n1", "n2", "n3", "n4")
CYCLE_LETTERS = {"ru": "ЯЮЭЖ", "en": "XYZW"}
BLOCK = (0.19, 0.81)  # the part of the cell (both axes) the 5×4 block takes
BOX = 0.095  # side of a mark box, in cells
SWAMP_AT = 0.115  # from the side to the swamp box's centre, in cells
SLOT_SPAN = (0.2, 0.8)  # the part of a side a wall slot is measured over
SLOT_BAND = 0.05  # half the width of the band measured across a slot, in cells

Rect = tuple[float, float, float, float]  # x, y, width, height (mm, y down)
Slot = tuple[float, float, float, float]  # x0, y0, x1, y1 of the slot's centre line


class FormSizeError(ValueError):
    """A form size outside 2..12 or paper that is not known."""


@dataclass(frozen=True)
class Layout:
    """Every position on one form: paper, markers, QR code, grid, slots and boxes."""

    rows: int
    cols: int
    paper: str
    width: float
    height: float
    cell: float
    left: float
    top: float

    def qr_text(self) -> str:
        """Return the text of the form's QR code (size, paper and layout version)."""
        return f"LPNP-FORM/{VERSION}/{self.rows}X{self.cols}/{self.paper.upper()}"

    def markers(self) -> list[Rect]:
        """Return the four marker squares: top-left, top-right, bottom-right, bottom-left."""
        w, h, m, k = self.width, self.height, MARGIN, MARKER
        return [(m, m, k, k), (w - m - k, m, k, k), (w - m - k, h - m - k, k, k),
                (m, h - m - k, k, k)]

    def qr(self) -> Rect:
        """Return the square of the QR code (bottom right, left of the marker)."""
        return (self.width - MARGIN - MARKER - 4 - QR_SIDE, self.height - MARGIN - QR_SIDE,
                QR_SIDE, QR_SIDE)

    def legend(self) -> Rect:
        """Return the area of the legend (under the grid, left of the QR code)."""
        x = MARGIN + MARKER + 4
        y = self.height - FOOTER + 6
        return (x, y, self.qr()[0] - 4 - x, self.height - MARGIN - y)

    def cell_origin(self, pos: Pos) -> tuple[float, float]:
        """Return the top-left corner of the cell at pos."""
        return (self.left + pos[1] * self.cell, self.top + pos[0] * self.cell)

    def vertex(self, r: int, c: int) -> tuple[float, float]:
        """Return grid vertex (r, c), 0..rows and 0..cols."""
        return (self.left + c * self.cell, self.top + r * self.cell)

    def slot(self, pos: Pos, side: str) -> Slot:
        """Return the centre line of the wall slot on side of the cell at pos."""
        x, y = self.cell_origin(pos)
        s = self.cell
        return {"top": (x, y, x + s, y), "bottom": (x, y + s, x + s, y + s),
                "left": (x, y, x, y + s), "right": (x + s, y, x + s, y + s)}[side]

    def mark(self, pos: Pos, key: str) -> Rect:
        """Return the mark box key of the cell at pos."""
        x, y = self.cell_origin(pos)
        s = self.cell
        col, row = MARKS[key]
        pitch_x = (BLOCK[1] - BLOCK[0]) / 5
        pitch_y = (BLOCK[1] - BLOCK[0]) / 4
        cx = x + s * (BLOCK[0] + pitch_x * (col + 0.5))
        cy = y + s * (BLOCK[0] + pitch_y * (row + 0.5))
        b = s * BOX
        return (cx - b / 2, cy - b / 2, b, b)

    def swamp(self, pos: Pos, side: str) -> Rect:
        """Return the swamp box just inside side of the cell at pos."""
        x, y = self.cell_origin(pos)
        s, b, d = self.cell, self.cell * BOX, self.cell * SWAMP_AT
        cx, cy = {"top": (x + s / 2, y + d), "bottom": (x + s / 2, y + s - d),
                  "left": (x + d, y + s / 2), "right": (x + s - d, y + s / 2)}[side]
        return (cx - b / 2, cy - b / 2, b, b)

    def swamp_sides(self, pos: Pos) -> list[str]:
        """Return the sides of pos shared with another cell (where a swamp box is printed)."""
        r, c = pos
        out = []
        if r > 0:
            out.append("top")
        if r < self.rows - 1:
            out.append("bottom")
        if c > 0:
            out.append("left")
        if c < self.cols - 1:
            out.append("right")
        return out

    def positions(self) -> list[Pos]:
        """Return every cell position, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def slots(self) -> list[tuple[Pos, str]]:
        """Return every wall slot once: (cell, side), internal ones by their top/left cell."""
        out: list[tuple[Pos, str]] = []
        for r, c in self.positions():
            if r == 0:
                out.append(((r, c), "top"))
            if c == 0:
                out.append(((r, c), "left"))
            out.append(((r, c), "bottom"))
            out.append(((r, c), "right"))
        return out


@lru_cache(maxsize=64)
def layout(rows: int, cols: int, paper: str = "a4") -> Layout:
    """Return the layout of a rows×cols form on paper (raise FormSizeError if impossible)."""
    if paper not in PAPERS:
        raise FormSizeError(f"paper '{paper}' is not known: use a4 or letter")
    for name, n in (("rows", rows), ("columns", cols)):
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise FormSizeError(f"{n} {name}: a form has {MIN_SIZE} to {MAX_SIZE} {name}")
    width, height = PAPERS[paper]
    room_w = width - 2 * MARGIN - 12.0  # row numbers on the left
    room_h = height - GRID_TOP - FOOTER
    cell = math.floor(min(room_w / cols, room_h / rows, MAX_CELL) * 100) / 100
    left = MARGIN + 10.0 + (room_w - cell * cols) / 2
    top = GRID_TOP
    return Layout(rows, cols, paper, width, height, cell, round(left, 2), round(top, 2))


def parse_qr(text: str) -> tuple[int, int, str] | None:
    """Return (rows, cols, paper) from a form's QR text, or None when it is not one of ours."""
    parts = text.split("/")
    if len(parts) != 4 or parts[0] != "LPNP-FORM" or parts[1] != str(VERSION):
        return None
    size = parts[2].split("X")
    paper = parts[3].lower()
    if len(size) != 2 or not all(p.isdigit() for p in size) or paper not in PAPERS:
        return None
    return int(size[0]), int(size[1]), paper

"""The plan of the pen-and-paper «Лабиринт»: cells, walls, swamps and the exit, as plain data.

Positions are `(row, col)` pairs counted from 0 at the top-left; `cell_name()` turns them into
the names people use (`A1` = first column, first row). A border between two side-adjacent cells
is the ordered pair `(a, b)` with `a < b`. The outer frame is a wall everywhere except at the
gaps listed in `Plan.exits` (a valid plan has exactly one).

A `Plan` records what the file says, including mistakes that the rules report (two exits, a
swamp on a wall); only mistakes that make the file unreadable stop a `Plan` from being built.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Pos = tuple[int, int]
Border = tuple[Pos, Pos]
Side = Literal["top", "bottom", "left", "right"]
Direction = Literal["up", "down", "left", "right"]

LAND = "land"
ARSENAL = "arsenal"
MEDPOST = "medpost"
MOUTH = "mouth"
RIVER = "river"
HOLE = "hole"
KINDS = (LAND, ARSENAL, MEDPOST, MOUTH, RIVER, HOLE)

DIRECTIONS: tuple[Direction, ...] = ("up", "down", "left", "right")
DELTA: dict[str, Pos] = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
SIDES: tuple[Side, ...] = ("top", "bottom", "left", "right")
SIDE_OF: dict[str, Side] = {"up": "top", "down": "bottom", "left": "left", "right": "right"}
DIRECTION_OF: dict[str, Direction] = {v: k for k, v in SIDE_OF.items()}  # type: ignore[misc]

MIN_SIZE = 2
MAX_SIZE = 12
COLUMN_LETTERS = "ABCDEFGHIJKL"


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell: its kind, its code as written, and the details some kinds carry."""

    kind: str
    code: str
    flow: str | None = None
    cycle: str | None = None
    number: int | None = None
    treasure: str | None = None
    known: bool = True

    @property
    def is_river_or_mouth(self) -> bool:
        """Return True for river cells and mouths."""
        return self.kind == RIVER or self.kind == MOUTH


@dataclass(slots=True)
class Plan:
    """A whole plan: the cell grid, simple walls, swamps, exit gaps and surrounding comments."""

    rows: int
    cols: int
    cells: list[list[Cell]]
    walls: set[Border] = field(default_factory=set)
    swamps: dict[Border, Pos] = field(default_factory=dict)
    exits: list[tuple[Pos, Side]] = field(default_factory=list)
    cell_width: int = 2
    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)

    def cell(self, pos: Pos) -> Cell:
        """Return the cell at pos."""
        return self.cells[pos[0]][pos[1]]

    def positions(self) -> list[Pos]:
        """Return every position, row by row."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def inside(self, pos: Pos) -> bool:
        """Return True when pos is a cell of the plan."""
        return 0 <= pos[0] < self.rows and 0 <= pos[1] < self.cols

    def internal_borders(self) -> list[Border]:
        """Return every border between two cells of the plan."""
        out: list[Border] = []
        for r in range(self.rows):
            for c in range(self.cols):
                if c + 1 < self.cols:
                    out.append(((r, c), (r, c + 1)))
                if r + 1 < self.rows:
                    out.append(((r, c), (r + 1, c)))
        return out


def border(a: Pos, b: Pos) -> Border:
    """Return the border between a and b in its normal order."""
    return (a, b) if a < b else (b, a)


def step_pos(pos: Pos, direction: str) -> Pos:
    """Return the position next to pos in direction (it may lie off the plan)."""
    dr, dc = DELTA[direction]
    return (pos[0] + dr, pos[1] + dc)


def direction_between(a: Pos, b: Pos) -> str | None:
    """Return the direction from a to side-adjacent b, or None when they are not neighbours."""
    for name, (dr, dc) in DELTA.items():
        if (a[0] + dr, a[1] + dc) == b:
            return name
    return None


def perimeter_sides(rows: int, cols: int, pos: Pos) -> list[Side]:
    """Return the sides of pos that lie on the outer frame."""
    r, c = pos
    out: list[Side] = []
    if r == 0:
        out.append("top")
    if r == rows - 1:
        out.append("bottom")
    if c == 0:
        out.append("left")
    if c == cols - 1:
        out.append("right")
    return out


def cell_name(pos: Pos) -> str:
    """Return the name of pos, e.g. (2, 1) -> 'B3'."""
    name = _NAMES.get(pos)
    if name is not None:
        return name
    r, c = pos
    letter = COLUMN_LETTERS[c] if 0 <= c < len(COLUMN_LETTERS) else f"#{c + 1}:"
    return f"{letter}{r + 1}"


def parse_cell_name(name: str, rows: int, cols: int) -> Pos | None:
    """Return the position named by name (e.g. 'B3'), or None when it is not a cell."""
    if not isinstance(name, str) or len(name) < 2 or len(name) > 3:
        return None
    letter, digits = name[0].upper(), name[1:]
    if letter not in COLUMN_LETTERS or not digits.isascii() or not digits.isdigit():
        return None
    pos = (int(digits) - 1, COLUMN_LETTERS.index(letter))
    if 0 <= pos[0] < rows and 0 <= pos[1] < cols:
        return pos
    return None


_NAMES: dict[Pos, str] = {(r, c): f"{COLUMN_LETTERS[c]}{r + 1}"
                          for r in range(MAX_SIZE) for c in range(MAX_SIZE)}

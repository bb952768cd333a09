"""Tables of one plan size, built once and shared: cell indexes, names, neighbours, borders.

Cells are numbered `row * cols + col`, the order of `Plan.positions()`; for a fixed number of
columns this order is the order of the `(row, col)` pairs, so sorting indexes sorts positions.
Directions are numbered as in `model.DIRECTIONS` (up, down, left, right). The reader, the rules
and the move table look positions, borders and neighbours up here instead of building them anew
for every plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from .model import DELTA, DIRECTIONS, LAND, Border, Cell, Plan, Pos, cell_name

DIRECTION_INDEX: dict[str, int] = {name: i for i, name in enumerate(DIRECTIONS)}
OPPOSITE_INDEX = (1, 0, 3, 2)


@dataclass(frozen=True, slots=True)
class Geometry:
    """The tables of a rows × cols plan (see the module docstring for the numbering)."""

    rows: int
    cols: int
    positions: tuple[Pos, ...]
    names: tuple[str, ...]
    neighbours: tuple[tuple[int, int, int, int], ...]
    stay: tuple[tuple[int, int, int, int], ...]
    into: tuple[tuple[tuple[int, int], ...], ...]
    borders: tuple[tuple[int, int], ...]
    sides: dict[Border, tuple[int, int, int, int]]
    right_border: tuple[Border | None, ...]  # per cell: the border with its right neighbour
    below_border: tuple[Border | None, ...]  # per cell: the border with the cell below
    row_borders: tuple[tuple[Border, ...], ...]  # per row: its vertical borders, left to right
    line_borders: tuple[tuple[Border, ...], ...]  # per row but the last: the borders below it


@lru_cache(maxsize=256)
def geometry(rows: int, cols: int) -> Geometry:
    """Return the shared tables of a rows × cols plan."""
    n = rows * cols
    positions = tuple((r, c) for r in range(rows) for c in range(cols))
    neighbours: list[tuple[int, int, int, int]] = []
    into: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for i, (r, c) in enumerate(positions):
        row = []
        for d, name in enumerate(DIRECTIONS):
            dr, dc = DELTA[name]
            rr, cc = r + dr, c + dc
            inside = 0 <= rr < rows and 0 <= cc < cols
            row.append(rr * cols + cc if inside else -1)
            if inside:
                into[rr * cols + cc].append((i, d))
        neighbours.append((row[0], row[1], row[2], row[3]))
    stay = tuple(tuple(t if t >= 0 else i for t in row) for i, row in enumerate(neighbours))
    borders: list[tuple[int, int]] = []
    sides: dict[Border, tuple[int, int, int, int]] = {}
    right: list[Border | None] = [None] * n
    below: list[Border | None] = [None] * n
    for i, (r, c) in enumerate(positions):
        for d, table in ((3, right), (1, below)):
            j = neighbours[i][d]
            if j >= 0:
                borders.append((i, j))
                pair = (positions[i], positions[j])
                table[i] = pair
                sides[pair] = (i, d, j, OPPOSITE_INDEX[d])
    row_borders = tuple(tuple(right[r * cols:(r + 1) * cols - 1]) for r in range(rows))
    line_borders = tuple(tuple(below[r * cols:(r + 1) * cols]) for r in range(rows - 1))
    return Geometry(rows, cols, positions, tuple(cell_name(p) for p in positions),
                    tuple(neighbours), stay, tuple(tuple(t) for t in into), tuple(borders),
                    sides, tuple(right), tuple(below), row_borders,  # type: ignore[arg-type]
                    line_borders)  # type: ignore[arg-type]


def flat_cells(plan: Plan) -> list[Cell]:
    """Return the cells of plan row by row, one per position."""
    cells = list(chain.from_iterable(plan.cells))
    if len(cells) != plan.rows * plan.cols or set(map(len, plan.cells)) != {plan.cols}:
        cells = [plan.cells[r][c] for r in range(plan.rows) for c in range(plan.cols)]
    return cells


class PlanTables:
    """One plan's cells as a flat list, with their kinds and treasures, and its size's tables.

    The cells of every kind but land are indexed once, by one pass that skips land cells by
    identity (they are most of the plan); land cells are found only when asked for.
    """

    __slots__ = ("geo", "cells", "kinds", "treasures", "_of_kind")

    def __init__(self, plan: Plan) -> None:
        self.geo = geometry(plan.rows, plan.cols)
        self.cells = cells = flat_cells(plan)
        self.kinds = kinds = [cell.kind for cell in cells]
        self.treasures = [(i, cell.treasure) for i, cell in enumerate(cells) if cell.treasure]
        of_kind: dict[str, list[int]] = {}
        for i in [i for i, kind in enumerate(kinds) if kind is not LAND]:
            found = of_kind.get(kinds[i])
            if found is None:
                of_kind[kinds[i]] = [i]
            else:
                found.append(i)
        self._of_kind = of_kind

    def indexes(self, kind: str) -> list[int]:
        """Return the indexes of the cells of kind, in reading order (do not change the list)."""
        if kind == LAND:
            return [i for i, other in enumerate(self.kinds) if other == kind]
        return self._of_kind.get(kind, [])

    def count(self, kind: str) -> int:
        """Return the number of cells of kind."""
        return self.kinds.count(kind) if kind == LAND else len(self._of_kind.get(kind, ()))

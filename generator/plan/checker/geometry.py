"""Tables of one plan size, built once and shared, and the flat tables of one plan.

Cells are numbered `row * cols + col`, the order of `Plan.positions()`; for a fixed number of
columns this order is the order of the `(row, col)` pairs, so sorting indexes sorts positions.
Directions are numbered as in `model.DIRECTIONS`: 0 up, 1 down, 2 left, 3 right. The reader,
the rules and the move table look positions, neighbours and borders up here instead of
building them anew for every plan.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import chain

from ..text.model import DELTA, DIRECTIONS, LAND, Border, Cell, Plan, Pos

DIRECTION_INDEX: dict[str, int] = {name: i for i, name in enumerate(DIRECTIONS)}
OPPOSITE_INDEX = (1, 0, 3, 2)


@dataclass(frozen=True, slots=True)
class Geometry:
    """The tables of a rows × cols plan, by cell index and direction index."""

    rows: int
    cols: int
    positions: tuple[Pos, ...]  # (row, col) of each cell
    neighbours: tuple[tuple[int, ...], ...]  # per cell and direction: the neighbour, or -1
    stay: tuple[tuple[int, ...], ...]  # the same with the cell itself for -1
    into: tuple[tuple[tuple[int, int], ...], ...]  # per cell: (neighbour, direction towards it)
    sides: dict[Border, tuple[int, int, int, int]]  # border -> a, a's direction to b, b, b's
    row_borders: tuple[tuple[Border, ...], ...]  # per row: its vertical borders, left to right
    line_borders: tuple[tuple[Border, ...], ...]  # per row but the last: the borders below it


@lru_cache(maxsize=256)
def geometry(rows: int, cols: int) -> Geometry:
    """Return the shared tables of a rows × cols plan."""
    positions = tuple((r, c) for r in range(rows) for c in range(cols))
    neighbours: list[tuple[int, ...]] = []
    into: list[list[tuple[int, int]]] = [[] for _ in positions]
    for i, (r, c) in enumerate(positions):
        row = []
        for d, name in enumerate(DIRECTIONS):
            rr, cc = r + DELTA[name][0], c + DELTA[name][1]
            inside = 0 <= rr < rows and 0 <= cc < cols
            row.append(rr * cols + cc if inside else -1)
            if inside:
                into[rr * cols + cc].append((i, d))
        neighbours.append(tuple(row))
    sides: dict[Border, tuple[int, int, int, int]] = {}
    right: list[Border] = []
    below: list[Border] = []
    for i, around in enumerate(neighbours):
        for d, found in ((3, right), (1, below)):
            j = around[d]
            if j >= 0:
                pair = (positions[i], positions[j])
                found.append(pair)
                sides[pair] = (i, d, j, OPPOSITE_INDEX[d])
    return Geometry(
        rows, cols, positions, tuple(neighbours),
        tuple(tuple(j if j >= 0 else i for j in row) for i, row in enumerate(neighbours)),
        tuple(map(tuple, into)), sides,
        tuple(tuple(right[r * (cols - 1):(r + 1) * (cols - 1)]) for r in range(rows)),
        tuple(tuple(below[r * cols:(r + 1) * cols]) for r in range(rows - 1)))


def flat_cells(plan: Plan) -> list[Cell]:
    """Return the cells of plan row by row, one per position."""
    cells = list(chain.from_iterable(plan.cells))
    if (len(cells) != plan.rows * plan.cols or len(plan.cells) != plan.rows
            or max(map(len, plan.cells), default=plan.cols) != plan.cols):
        cells = [plan.cells[r][c] for r in range(plan.rows) for c in range(plan.cols)]
    return cells


class PlanTables:
    """One plan's cells as a flat list, their kinds and treasures, and its size's tables.

    One pass over the cells notes each kind and indexes the cells of every kind but land
    (land, most of the plan, is told apart by identity); land cells are found when asked for.
    Build it once per check and hand it to every rule.
    """

    __slots__ = ("geo", "cells", "kinds", "treasures", "_of_kind")

    def __init__(self, plan: Plan) -> None:
        self.geo = geometry(plan.rows, plan.cols)
        self.cells = cells = flat_cells(plan)
        self.kinds: list[str] = []
        self.treasures: list[tuple[int, str]] = []  # (index, "real" or "false")
        self._of_kind: dict[str, list[int]] = {}
        kinds, treasures, of_kind = self.kinds, self.treasures, self._of_kind
        for i, cell in enumerate(cells):
            kind = cell.kind
            kinds.append(kind)
            if kind is not LAND:
                found = of_kind.get(kind)
                if found is None:
                    of_kind[kind] = [i]
                else:
                    found.append(i)
            if cell.treasure:
                treasures.append((i, cell.treasure))

    def indexes(self, kind: str) -> list[int]:
        """Return the indexes of the cells of kind, in reading order (do not change the list)."""
        if kind == LAND:
            return [i for i, other in enumerate(self.kinds) if other == kind]
        return self._of_kind.get(kind, [])

    def count(self, kind: str) -> int:
        """Return the number of cells of kind."""
        return self.kinds.count(kind) if kind == LAND else len(self._of_kind.get(kind, ()))

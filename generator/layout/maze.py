"""Maze tiles of the 7×7 board: open sides, the fixed layout, the loose set. Pure data.

Sides are N, E, S, W (north = top of the board). Board squares are named like the rules do:
column letter A–G from the left, row number 1–7 from the top ("C3").
"""

from __future__ import annotations

from dataclasses import dataclass

SIDES = ("N", "E", "S", "W")
BOARD = 7
GLYPHS: dict[str, frozenset[str]] = {
    "┌": frozenset("ES"), "┐": frozenset("WS"), "└": frozenset("NE"), "┘": frozenset("NW"),
    "├": frozenset("NES"), "┤": frozenset("NSW"), "┬": frozenset("EWS"), "┴": frozenset("NEW"),
    "│": frozenset("NS"), "─": frozenset("EW"),
}
LOOSE_SHAPES = {"straight": frozenset("NS"), "corner": frozenset("NE"), "t": frozenset("NES")}


@dataclass(frozen=True)
class Tile:
    """One square maze tile: which sides are open, and where it is fixed (if it is)."""

    id: str
    open: frozenset[str]
    square: str | None = None  # e.g. "C3" for a fixed tile
    start: str | None = None  # pawn id of a starting corner

    @property
    def fixed(self) -> bool:
        return self.square is not None


def square_name(row: int, col: int) -> str:
    """Name a board square from 1-based row and column, e.g. (3, 3) -> 'C3'."""
    return f"{chr(ord('A') + col - 1)}{row}"


def fixed_squares() -> list[tuple[int, int]]:
    """The 16 squares with both coordinates odd, row by row."""
    return [(r, c) for r in range(1, BOARD + 1, 2) for c in range(1, BOARD + 1, 2)]


def token_squares() -> list[tuple[int, int]]:
    """The 21 squares of the inner 5×5 area that hold no fixed tile: where tokens start."""
    return [(r, c) for r in range(2, BOARD) for c in range(2, BOARD)
            if not (r % 2 and c % 2)]


def insertion_points() -> list[tuple[str, int]]:
    """The 12 places to push the spare tile in: (edge, row or column number)."""
    return [(edge, n) for edge in ("N", "E", "S", "W") for n in (2, 4, 6)]


def edge_walls(row: int, col: int) -> set[str]:
    """Sides of a square that lie on the board's edge."""
    sides = set()
    if row == 1:
        sides.add("N")
    if row == BOARD:
        sides.add("S")
    if col == 1:
        sides.add("W")
    if col == BOARD:
        sides.add("E")
    return sides


def fixed_tiles(rows: list[list[str]], starts: dict[str, str]) -> list[Tile]:
    """The fixed tiles from the content's glyph rows (assumed valid)."""
    tiles = []
    for (r, c), glyph in zip(fixed_squares(), [g for row in rows for g in row]):
        name = square_name(r, c)
        tiles.append(Tile(f"fixed-{name}", GLYPHS[glyph], name, starts.get(name)))
    return tiles


def loose_tiles(counts: dict[str, int]) -> list[Tile]:
    """The loose tiles: straight, corner and T counts from content."""
    return [Tile(f"{shape}-{i + 1}", LOOSE_SHAPES[shape])
            for shape in ("straight", "corner", "t") for i in range(counts[shape])]


def connects(a: Tile, side: str, b: Tile) -> bool:
    """True when tile a, with b on its `side`, shares an open passage with b."""
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}[side]
    return side in a.open and opposite in b.open

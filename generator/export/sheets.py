"""Texture sheets: equal pictures in a grid, the grid and cell size chosen to fit a limit.

Both virtual tables read cards from sheets: Tabletop Simulator at most 10 × 7 cells (the last
the hidden card), Tabletop Playground any grid. Either way a sheet stays within 4096 pixels a
side (what both load reliably); when the pictures would make it larger, they are scaled down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

MAX_SIDE = 4096


@dataclass(frozen=True)
class Grid:
    """Cells across and down, and each cell's size in pixels."""

    cols: int
    rows: int
    cell_w: int
    cell_h: int

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    @property
    def size(self) -> tuple[int, int]:
        return self.cols * self.cell_w, self.rows * self.cell_h


def choose_grid(count: int, width: int, height: int, max_cols: int = 10, max_rows: int = 7,
                min_cols: int = 1, min_rows: int = 1, max_side: int = MAX_SIDE) -> Grid:
    """The grid holding `count` cells of width × height that keeps them largest, then wastes
    the fewest cells, then is the squarest; ValueError when count exceeds the grid limits."""
    best: tuple[tuple[float, float, int], Grid] | None = None
    for cols in range(min_cols, max_cols + 1):
        rows = max(min_rows, math.ceil(count / cols))
        if rows > max_rows:
            continue
        scale = min(1.0, max_side / (cols * width), max_side / (rows * height))
        cell_w, cell_h = max(1, math.floor(width * scale)), max(1, math.floor(height * scale))
        grid = Grid(cols, rows, cell_w, cell_h)
        aspect = abs(math.log((cols * cell_w) / (rows * cell_h)))
        key = (-round(scale, 6), round(aspect, 1), cols * rows - count)
        if best is None or key < best[0]:
            best = (key, grid)
    if best is None:
        raise ValueError(f"{count} cells do not fit a {max_cols} × {max_rows} grid")
    return best[1]


def chunks(items: list, size: int) -> list[list]:
    """Items in consecutive runs of at most size."""
    return [items[i:i + size] for i in range(0, len(items), size)]


def compose(pictures: list[Path | None], grid: Grid, mode: str = "RGB",
            last: Path | None = None) -> Image.Image:
    """Paste pictures into the grid's cells in reading order (None leaves a cell empty), and
    `last` into the final cell; white (RGB) or transparent (RGBA) elsewhere."""
    background = (255, 255, 255) if mode == "RGB" else (0, 0, 0, 0)
    sheet = Image.new(mode, grid.size, background)
    cells: list[Path | None] = list(pictures)
    if last is not None:
        cells += [None] * (grid.cells - 1 - len(cells)) + [last]
    for index, path in enumerate(cells):
        if path is None:
            continue
        with Image.open(path) as opened:
            picture = opened.convert("RGBA")
        if picture.size != (grid.cell_w, grid.cell_h):
            picture = picture.resize((grid.cell_w, grid.cell_h), Image.Resampling.LANCZOS)
        x, y = (index % grid.cols) * grid.cell_w, (index // grid.cols) * grid.cell_h
        if mode == "RGB":
            sheet.paste(picture, (x, y), picture)
        else:
            sheet.paste(picture, (x, y))
    return sheet

"""Read a grid that has no problem at all in one pass over its joined lines: the fast path.

`read_clean()` returns the cells, walls, swamps and exits of a grid whose every `+` is in place,
whose borders are plain (uniform segments of `-`, spaces, `v` or `^`; `|`, spaces, `<` or `>`
between cells; `|` or a gap on the frame) and whose codes are all known to read cleanly; for
any other grid it returns None and the full reader (`gridtext._Reader`) reads it, reporting
every problem in column order. Every character of a clean grid is one of those, so it has no
blank, comment or control-character line either. Walls and swamps come out as the full reader
finds them; only the order in which walls enter their set differs, which nothing observes.

How: the border lines are joined with `W` spaces between them (`W` = cell width), the cell
lines likewise, so that in each joined string the `+` or separators of every line fall every
`W + 1` characters; extended slices then pick out all `+`, all segments' characters and all
separators at once, and one `itemgetter` cuts out every cell text.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import itemgetter

from ..checker.geometry import geometry
from .codes import EXACT
from .model import Border, Cell, Pos, Side

WALL_H = frozenset("-=")
WALL_V = frozenset("|‖")
FIRSTS = "-= v^"  # what the segments of the border lines may be made of
SEPARATORS = "|‖<> "  # and the separators of the cell lines
_V_MASK = bytes(1 if chr(i) in WALL_V else 0 for i in range(256))
_H_MASK = bytes(1 if chr(i) in WALL_H else 0 for i in range(256))
MAX_CACHED_TEXT = 8
MAX_CACHED = 4096

# A cell text as written, spaces kept, -> its cell, for the texts that read with no problem.
_CLEAN: dict[str, Cell] = {}
for _code, _cell in EXACT.items():
    for _width in (2, 3):
        _CLEAN[_code.ljust(_width)] = _CLEAN[_code.rjust(_width)] = _cell


def remember(text: str, cell: Cell) -> None:
    """Note that the cell text `text` (spaces kept) reads as cell with no problem."""
    if len(text) <= MAX_CACHED_TEXT and len(_CLEAN) < MAX_CACHED:
        _CLEAN[text] = cell


@dataclass(frozen=True, slots=True)
class Shape:
    """Where things are in the joined lines of a grid of one cell width and size."""

    rows: int
    cols: int
    width: int
    length: int  # of every grid line
    pluses: str  # what the `+` of all border lines must read
    codes: itemgetter  # the cell texts, row by row
    sep_borders: tuple[Border | None, ...]  # the border at each separator (None: the frame)
    line_borders: tuple[Border | None, ...]  # the border at each segment of the inner lines
    row_slices: tuple[slice, ...]  # each row's part of the cells, row by row


@lru_cache(maxsize=64)
def shape(width: int, rows: int, cols: int) -> Shape:
    """Return the shape of a grid of rows × cols cells width characters wide."""
    step, span = width + 1, cols + 1
    line = span * step  # a joined line with its padding
    geo = geometry(rows, cols)
    codes = itemgetter(*(slice(r * line + j * step + 1, r * line + j * step + step)
                         for r in range(rows) for j in range(cols)))
    sep_borders = tuple(b for row in geo.row_borders for b in (None, *row, None))
    line_borders = tuple(b for row in geo.line_borders for b in (*row, None))
    row_slices = tuple(slice(r * cols, (r + 1) * cols) for r in range(rows))
    return Shape(rows, cols, width, 1 + cols * step, "+" * (span * (rows + 1)), codes,
                 sep_borders, line_borders, row_slices)


Grid = tuple[list[list[Cell]], set[Border], dict[Border, Pos], list[tuple[Pos, Side]]]


def read_clean(grid: list[str], form: Shape) -> Grid | None:
    """Return the cells, walls, swamps and exits of grid, or None unless it is a clean one."""
    rows, cols, step, span = form.rows, form.cols, form.width + 1, form.cols + 1
    border_lines, cell_lines = grid[0::2], grid[1::2]
    if max(map(len, grid)) != form.length or min(map(len, border_lines)) != form.length:
        return None
    pad = " " * form.width
    joined = pad.join(border_lines) + pad
    if joined[::step] != form.pluses:
        return None
    firsts = joined[1::step]  # the first character of every segment (and of every pad)
    for i in range(2, step):
        if joined[i::step] != firsts:
            return None
    top, bottom = firsts[:cols], firsts[rows * span:rows * span + cols]
    if firsts.strip(FIRSTS) or top.strip("-= ") or bottom.strip("-= "):
        return None
    if min(map(len, cell_lines)) < form.length:  # an exit on the right, its spaces stripped
        cell_lines = [line.ljust(form.length) for line in cell_lines]
    if any(map(str.isspace, cell_lines)):  # a blank line
        return None
    joined = pad.join(cell_lines) + pad
    seps = joined[::step]
    lefts, rights = seps[::span], seps[cols::span]
    if seps.strip(SEPARATORS) or lefts.strip("| ") or rights.strip("| "):
        return None
    cells = list(map(_CLEAN.get, form.codes(joined)))
    if not all(cells):  # a None: a text not known to read cleanly
        return None
    inner_h = firsts[span:rows * span]
    if seps.isascii():  # "|" only: a mask of bytes, 1 for a wall
        walls = set(compress(form.sep_borders, seps.encode("ascii").translate(_V_MASK)))
    else:
        walls = set(compress(form.sep_borders, map(WALL_V.__contains__, seps)))
    walls.discard(None)  # the frame
    walls.update(compress(form.line_borders, inner_h.encode("ascii").translate(_H_MASK)))
    swamps = _swamps(form, seps, inner_h) if _has_swamp(seps, inner_h) else {}
    exits: list[tuple[Pos, Side]] = []  # in the order of the text
    if " " in top:
        exits += [((0, j), "top") for j in range(cols) if top[j] == " "]
    if " " in lefts or " " in rights:
        for r in range(rows):
            if lefts[r] == " ":
                exits.append(((r, 0), "left"))
            if rights[r] == " ":
                exits.append(((r, cols - 1), "right"))
    if " " in bottom:
        exits += [((rows - 1, j), "bottom") for j in range(cols) if bottom[j] == " "]
    return list(map(cells.__getitem__, form.row_slices)), walls, swamps, exits  # type: ignore


def _has_swamp(seps: str, inner_h: str) -> bool:
    return "<" in seps or ">" in seps or "v" in inner_h or "^" in inner_h


def _swamps(form: Shape, seps: str, inner_h: str) -> dict[Border, Pos]:
    """Return the swamps in the order of the text, each pointing into a cell."""
    span = form.cols + 1
    found: list[tuple[int, int, Border, bool]] = []  # line, column, border, points right/down
    for text, borders, first_line, marks in ((seps, form.sep_borders, 1, "><"),
                                             (inner_h, form.line_borders, 2, "v^")):
        for mark in marks:
            i = text.find(mark)
            while i >= 0:
                found.append((2 * (i // span) + first_line, i % span, borders[i],  # type: ignore
                              mark == marks[0]))
                i = text.find(mark, i + 1)
    found.sort()
    return {pair: pair[1] if forward else pair[0] for _, _, pair, forward in found}

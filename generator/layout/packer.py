"""Pack pieces of mixed shapes and sizes onto as few sheets as we can find, deterministically.

Plain geometry in millimetres, origin at the page's top-left corner, y growing downwards;
nothing here imports ReportLab. `imposition.impose` is the only caller.

How it works:
- Pieces of one shape and size that follow each other form a *group*. A group is laid out in
  *blocks*: grids of its pieces, rectangles edge to edge (or 2 x bleed apart: one straight
  cut serves two neighbours), round and hex pieces 3 mm + 2 x bleed apart.
- Every block keeps a clear border, its *footprint*: the crop marks of a rectangle block
  (bleed + 1 mm offset + 3 mm line), or half the round gap around round and hex pieces. Two
  footprints never overlap, so no mark or cut outline ever crosses a neighbour.
- A page is a set of free rectangles (guillotine packing). A block goes into the first free
  rectangle, in page order and then top to bottom, left to right, that holds at least one of
  its pieces, with as many pieces as fit there in full rows (a short last row becomes a block
  of its own: the straight cuts through a block must not cross anything in its corner); the
  rectangle is then cut into the strip right of the block and the strip below it. A new page
  is opened only when no free rectangle holds a piece. So later, smaller pieces fill the holes
  that earlier ones left.
- Each page's content is then centred in the room it may use.
- The furniture band (ruler, print note, footer) lies along the bottom of the page; when the
  band along the right edge lets a new page hold more pieces of the next group (Letter paper
  holds three rows of formula cards that way), the page takes a side band.
- A piece marked `alone` (a whole-page form) gets a page of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .sheets import Band, PieceSpec, SheetOptions

ROUND_GAP = 3.0  # between round or hex neighbours, before bleed
MARK_OFFSET = 1.0  # from the bleed edge to a crop mark
MARK_LENGTH = 3.0
BAND = 10.0  # the furniture band: calibration ruler, print note and footer
FURNITURE_CLEAR = 4.0  # the inner part of the band, which footprints (crop marks) may use
PRINT_EDGE = 5.0  # nothing is printed closer to the paper's edge: home printers cannot
MIN_MARK = 1.5  # the shortest a crop mark may become when cut back to PRINT_EDGE
ROOM_EDGE = PRINT_EDGE - MARK_LENGTH + MIN_MARK  # how near the edge a footprint may reach
EPS = 1e-9


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: left, top, right, bottom."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Limits:
    """Where a page lets pieces go (`pieces`) and their footprints reach (`room`)."""

    pieces: Rect
    room: Rect
    band: Band


@dataclass
class Block:
    """A grid of equal pieces, placed with its top-left piece corner at (x, y)."""

    specs: list[PieceSpec]
    cols: int
    gap: float
    clear: float
    marked: bool
    x: float = 0.0
    y: float = 0.0

    @property
    def rows(self) -> int:
        return -(-len(self.specs) // self.cols)

    @property
    def width(self) -> float:
        s = self.specs[0]
        n = min(self.cols, len(self.specs))
        return n * s.width + (n - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.specs[0].height + (self.rows - 1) * self.gap

    def footprint(self) -> Rect:
        return Rect(self.x - self.clear, self.y - self.clear, self.x + self.width + self.clear,
                    self.y + self.height + self.clear)

    def cells(self) -> list[tuple[PieceSpec, float, float]]:
        """Each piece with the top-left corner of its cut box."""
        s = self.specs[0]
        out = []
        for i, spec in enumerate(self.specs):
            r, c = divmod(i, self.cols)
            out.append((spec, self.x + c * (s.width + self.gap),
                        self.y + r * (s.height + self.gap)))
        return out


@dataclass
class Sheet:
    """One front page being filled."""

    limits: Limits
    free: list[Rect]
    blocks: list[Block] = field(default_factory=list)
    closed: bool = False  # a page for one `alone` piece takes nothing else


def gap_for(spec: PieceSpec, options: SheetOptions) -> float:
    """Space between neighbouring pieces of a block: none between rectangles (one cut serves
    two) unless a gutter asks for some, 3 mm between round and hex pieces; plus the bleed."""
    base = options.gutter if spec.shape == "rect" else max(ROUND_GAP, options.gutter)
    if options.cutter and spec.cut:  # a machine cuts each piece round its own outline
        base = max(base, MACHINE_GAP)
    return base + 2 * options.bleed


def clear_for(spec: PieceSpec, options: SheetOptions) -> float:
    """Width of a block's footprint border: its crop marks, or half the gap between pieces."""
    if spec.shape == "rect" and spec.cut and not options.cutter:
        return max(options.bleed + MARK_OFFSET + MARK_LENGTH, gap_for(spec, options) / 2)
    if spec.shape == "rect":
        return 0.0  # a whole-page form: no marks, no outline
    return gap_for(spec, options) / 2


MACHINE_GAP = 2.0  # between pieces a cutting machine cuts, before bleed
FOLD_CLEAR = 1.5  # mm kept free of pieces beside a fold line


def page_limits(options: SheetOptions, band: Band, fold: bool = False) -> Limits:
    """The piece area and the footprint room of a front page with the band at the bottom
    or along the right edge; for a fold page, the left half (the right half mirrors it)."""
    from .cutter import room as machine_room

    paper, e = options.paper, ROOM_EDGE
    m = max(options.margin, machine_room(options.cutter))  # clear of a cutting machine's marks
    if fold:
        inner = paper.height - m - BAND
        return Limits(Rect(m, m, paper.width / 2 - FOLD_CLEAR, inner),
                      Rect(e, e, paper.width / 2, inner + FURNITURE_CLEAR), "bottom")
    if band == "right":
        inner = paper.width - m - BAND
        return _in_area(options, Limits(Rect(m, m, inner, paper.height - m),
                                        Rect(e, e, inner + FURNITURE_CLEAR, paper.height - e),
                                        band))
    inner = paper.height - m - BAND
    return _in_area(options, Limits(Rect(m, m, paper.width - m, inner),
                                    Rect(e, e, paper.width - e, inner + FURNITURE_CLEAR), band))


def _in_area(options: SheetOptions, limits: Limits) -> Limits:
    """The limits, with the pieces kept inside the cutting machine's image area if it has one
    (Cricut's Print Then Cut); their footprints (half the gap) may reach past it."""
    from .cutter import machine_area

    area = machine_area(options.cutter, options.paper.width, options.paper.height)
    if area is None:
        return limits
    x, y, w, h = area
    p = limits.pieces
    return replace(limits, pieces=Rect(max(p.x0, x), max(p.y0, y), min(p.x1, x + w),
                                       min(p.y1, y + h)))


def _grid_room(spec: PieceSpec, free: Rect, limits: Limits, gap: float, clear: float
               ) -> tuple[float, float, int, int]:
    """Where a block of spec would start in free, and how many columns and rows fit."""
    x = max(free.x0 + clear, limits.pieces.x0)
    y = max(free.y0 + clear, limits.pieces.y0)
    right = min(free.x1 - clear, limits.pieces.x1)
    bottom = min(free.y1 - clear, limits.pieces.y1)
    cols = int((right - x + gap + EPS) // (spec.width + gap)) if right > x else 0
    rows = int((bottom - y + gap + EPS) // (spec.height + gap)) if bottom > y else 0
    return x, y, max(cols, 0), max(rows, 0)


def _try_place(sheet: Sheet, queue: list[PieceSpec], options: SheetOptions) -> Block | None:
    """Place as many of the queue's pieces as fit in the sheet's first roomy free rectangle."""
    spec = queue[0]
    gap, clear = gap_for(spec, options), clear_for(spec, options)
    for index, free in enumerate(sheet.free):
        x, y, cols, rows = _grid_room(spec, free, sheet.limits, gap, clear)
        if cols < 1 or rows < 1:
            continue
        take = min(len(queue), cols * rows)
        if take > cols and take % cols:
            # Full rows only: a ragged last row would leave a hole that the straight cuts
            # through the block cross; the rest becomes a block of its own.
            take -= take % cols
        cols = min(cols, take)
        block = Block(queue[:take], cols, gap, clear,
                      spec.shape == "rect" and spec.cut and not options.cutter, x, y)
        used = block.footprint()
        # Guillotine cut: the strip right of the block, as tall as it, and all below it.
        right = Rect(used.x1, free.y0, free.x1, min(used.y1, free.y1))
        below = Rect(free.x0, used.y1, free.x1, free.y1)
        sheet.free[index:index + 1] = [r for r in (right, below)
                                       if r.width > EPS and r.height > EPS]
        sheet.free.sort(key=lambda r: (r.y0, r.x0))
        sheet.blocks.append(block)
        return block
    return None


def _new_sheet(options: SheetOptions, queue: list[PieceSpec], fold: bool = False) -> Sheet:
    """An empty page; with the side band when that holds more of the queue's pieces."""
    if fold:
        limits = page_limits(options, "bottom", fold=True)
        return Sheet(limits, [limits.room])
    bottom = Sheet(page_limits(options, "bottom"), [page_limits(options, "bottom").room])
    side = Sheet(page_limits(options, "right"), [page_limits(options, "right").room])
    spec = queue[0]
    if spec.alone:
        return bottom
    gap, clear = gap_for(spec, options), clear_for(spec, options)
    fits = []
    for sheet in (bottom, side):
        _, _, cols, rows = _grid_room(spec, sheet.free[0], sheet.limits, gap, clear)
        fits.append(min(len(queue), cols * rows))
    return side if fits[1] > fits[0] else bottom


def _groups(pieces: list[PieceSpec]) -> list[list[PieceSpec]]:
    """Runs of pieces that share shape, size and cut; an `alone` piece is a run of its own."""
    groups: list[list[PieceSpec]] = []
    for spec in pieces:
        last = groups[-1][0] if groups else None
        if (last is not None and not spec.alone and not last.alone
                and (last.shape, last.width, last.height, last.cut)
                == (spec.shape, spec.width, spec.height, spec.cut)):
            groups[-1].append(spec)
        else:
            groups.append([spec])
    return groups


def pack(pieces: list[PieceSpec], options: SheetOptions, fold: bool = False) -> list[Sheet]:
    """Place every piece; return the filled front pages in order, content centred.

    With fold, pieces go on the left half of each page only (see imposition's fold pages)."""
    sheets: list[Sheet] = []
    machine = options
    for group in _groups(pieces):
        spec = group[0]
        queue = list(group)
        # a form is not machine-cut: its page keeps the usual margins and has no marks
        options = machine if spec.cut else replace(machine, cutter=None)
        _check_fits(spec, options, fold)
        while queue:
            block = None
            if not spec.alone:
                for sheet in sheets:
                    if sheet.closed:
                        continue
                    block = _try_place(sheet, queue, options)
                    if block is not None:
                        break
            if block is None:
                sheet = _new_sheet(options, queue, fold)
                sheets.append(sheet)
                block = _try_place(sheet, queue, options)
                if block is None:  # _check_fits makes this unreachable
                    raise ValueError(f"{spec.kind} {spec.id} does not fit on a page")
                sheet.closed = spec.alone
            queue = queue[len(block.specs):]
    for sheet in sheets:
        _centre(sheet)
    return sheets


def _check_fits(spec: PieceSpec, options: SheetOptions, fold: bool = False) -> None:
    gap, clear = gap_for(spec, options), clear_for(spec, options)
    for band in ("bottom",) if fold else ("bottom", "right"):
        limits = page_limits(options, band, fold)  # type: ignore[arg-type]
        _, _, cols, rows = _grid_room(spec, limits.room, limits, gap, clear)
        if cols >= 1 and rows >= 1:
            return
    where = "half a page (to fold)" if fold else options.paper.name
    raise ValueError(f"a {spec.width:g}×{spec.height:g} mm {spec.kind} does not fit on "
                     f"{where} with {options.margin:g} mm margins")


def _centre(sheet: Sheet) -> None:
    """Move the page's blocks together to the middle of the room they may use."""
    if not sheet.blocks:
        return
    lim = sheet.limits
    lo_x = max(max(lim.pieces.x0 - b.x, lim.room.x0 - b.footprint().x0) for b in sheet.blocks)
    hi_x = min(min(lim.pieces.x1 - b.x - b.width, lim.room.x1 - b.footprint().x1)
               for b in sheet.blocks)
    lo_y = max(max(lim.pieces.y0 - b.y, lim.room.y0 - b.footprint().y0) for b in sheet.blocks)
    hi_y = min(min(lim.pieces.y1 - b.y - b.height, lim.room.y1 - b.footprint().y1)
               for b in sheet.blocks)
    left = min(b.x for b in sheet.blocks)
    right = max(b.x + b.width for b in sheet.blocks)
    top = min(b.y for b in sheet.blocks)
    bottom = max(b.y + b.height for b in sheet.blocks)
    dx = (lim.pieces.x0 + lim.pieces.x1 - left - right) / 2
    dy = (lim.pieces.y0 + lim.pieces.y1 - top - bottom) / 2
    dx = min(max(dx, lo_x), hi_x)
    dy = min(max(dy, lo_y), hi_y)
    for b in sheet.blocks:
        b.x += dx
        b.y += dy

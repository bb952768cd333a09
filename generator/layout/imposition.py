"""Impose pieces on sheets: grids of equal pieces, cut marks, mirrored back pages.

Everything here is plain geometry in millimetres with the origin at the page's top-left corner
and y growing downwards; nothing imports ReportLab. The drawing stage converts to points.

Decisions:
- Rectangular pieces (cards, square tiles) are laid edge to edge (or 2 x bleed apart), so one
  straight cut separates neighbours; their crop marks are short lines in the space around the
  block, continuing each cut line, so they can never cross a piece's art.
- Round and hex pieces get a thin cut outline of their own and a gap of 3 mm + 2 x bleed.
- A back page follows each front page that holds pieces with a back. For long-edge duplex
  the back mirrors x (the sheet turns over its long side); for short-edge it mirrors y. With
  short-edge duplex the back page's footer moves to the top, so it stays clear of the pieces.
  Back pages carry no crop marks: pieces are cut from the front, and marks printed on the back
  would only show through misaligned.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

Shape = Literal["circle", "rect", "hex"]
Duplex = Literal["long", "short", "none"]
Side = Literal["front", "back"]

MIN_MARGIN = 5.0
ROUND_GAP = 3.0
BLOCK_GAP = 8.0
MARK_OFFSET = 1.0
MARK_LENGTH = 3.0
BAND = 10.0  # footer band: calibration ruler, note and footer text
FURNITURE_CLEAR = 4.0  # top part of the band that crop marks may use


@dataclass(frozen=True)
class Paper:
    """A sheet size in millimetres."""

    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class PieceSpec:
    """A piece to impose: its cut shape's bounding box, and what to draw on each side."""

    kind: str
    id: str
    shape: Shape
    width: float
    height: float
    front: Any = None
    back: Any = None
    cut: bool = True  # False for a whole-page form (score sheet): no crop marks
    alone: bool = False  # True: this piece gets a page of its own


@dataclass(frozen=True)
class Placed:
    """A piece placed on a page; (x, y) is the top-left of its cut shape's bounding box."""

    spec: PieceSpec
    x: float
    y: float

    @property
    def width(self) -> float:
        return self.spec.width

    @property
    def height(self) -> float:
        return self.spec.height


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line segment from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass
class Page:
    """One side of one sheet with its pieces and marks."""

    number: int
    side: Side
    width: float
    height: float
    pieces: list[Placed] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    footer_top: bool = False

    def trim_box(self) -> tuple[float, float, float, float] | None:
        """Return (left, top, right, bottom) around all cut shapes, or None for no pieces."""
        if not self.pieces:
            return None
        return (min(p.x for p in self.pieces), min(p.y for p in self.pieces),
                max(p.x + p.width for p in self.pieces), max(p.y + p.height for p in self.pieces))


@dataclass(frozen=True)
class SheetOptions:
    """How to impose: paper, margin, bleed and duplex mode."""

    paper: Paper
    margin: float = 10.0
    bleed: float = 0.0
    duplex: Duplex = "long"

    def __post_init__(self) -> None:
        if self.margin < MIN_MARGIN:
            raise ValueError(f"margin {self.margin:g} mm is below the {MIN_MARGIN:g} mm minimum")


@dataclass
class _Block:
    specs: list[PieceSpec]
    cols: int
    gap: float
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


def piece_gap(shape: Shape, bleed: float) -> float:
    """Space between neighbouring pieces of a shape."""
    return 2 * bleed if shape == "rect" else ROUND_GAP + 2 * bleed


def _groups(pieces: list[PieceSpec]) -> list[list[PieceSpec]]:
    groups: list[list[PieceSpec]] = []
    for spec in pieces:
        last = groups[-1][0] if groups else None
        if last and not spec.alone and (last.shape, last.width, last.height, last.kind) == (
            spec.shape, spec.width, spec.height, spec.kind
        ):
            groups[-1].append(spec)
        else:
            groups.append([spec])
    return groups


def impose(pieces: list[PieceSpec], options: SheetOptions) -> list[Page]:
    """Lay pieces out in grids over as many pages as needed; add back pages when asked."""
    paper = options.paper
    left, top = options.margin, options.margin
    right, bottom = paper.width - options.margin, paper.height - options.margin - BAND
    mark_room = options.bleed + MARK_OFFSET + MARK_LENGTH  # beside a rect block, per side
    fronts: list[list[_Block]] = [[]]
    y = top
    for group in _groups(pieces):
        spec = group[0]
        gap = piece_gap(spec.shape, options.bleed)
        marked = spec.shape == "rect" and spec.cut
        side_pad = max(0.0, mark_room - options.margin) if marked else 0.0
        floor = bottom - (max(0.0, mark_room - FURNITURE_CLEAR) if marked else 0.0)
        cols = int((right - left - 2 * side_pad + gap + 1e-9) // (spec.width + gap))
        if cols < 1 or spec.height > floor - top:
            raise ValueError(f"a {spec.width:g}×{spec.height:g} mm {spec.kind} does not fit on "
                             f"{paper.name} with {options.margin:g} mm margins")
        queue = list(group)
        if spec.alone and fronts[-1]:
            fronts.append([])
            y = top
        while queue:
            if fronts[-1]:
                y += BLOCK_GAP + (2 * mark_room if marked else 0.0)
            rows = int((floor - y + gap + 1e-9) // (spec.height + gap))
            if rows < 1:
                fronts.append([])
                y = top
                continue
            take, queue = queue[: rows * cols], queue[rows * cols:]
            block = _Block(take, cols, gap, y=y)
            block.x = left + (right - left - block.width) / 2
            fronts[-1].append(block)
            y += block.height
    return _pages(fronts, options, top, bottom)


def _pages(fronts: list[list[_Block]], options: SheetOptions, top: float,
           bottom: float) -> list[Page]:
    paper = options.paper
    pages: list[Page] = []
    for blocks in fronts:
        if not blocks:
            continue
        used = blocks[-1].y + blocks[-1].height - blocks[0].y
        shift = (bottom - top - used) / 2
        front = Page(len(pages) + 1, "front", paper.width, paper.height)
        for block in blocks:
            block.y += shift
            spec0 = block.specs[0]
            for i, spec in enumerate(block.specs):
                r, c = divmod(i, block.cols)
                front.pieces.append(Placed(spec, block.x + c * (spec0.width + block.gap),
                                           block.y + r * (spec0.height + block.gap)))
            if spec0.shape == "rect" and spec0.cut:
                front.marks.extend(_crop_marks(block, options.bleed))
        pages.append(front)
        if options.duplex != "none" and any(p.spec.back is not None for p in front.pieces):
            pages.append(_mirror(front, len(pages) + 1, options.duplex))
    return pages


def _crop_marks(block: _Block, bleed: float) -> list[Mark]:
    """Marks continuing every cut line outside the block, clear of all art."""
    s = block.specs[0]
    cols, rows = min(block.cols, len(block.specs)), block.rows
    xs = sorted({block.x + c * (s.width + block.gap) + dx for c in range(cols)
                 for dx in (0.0, s.width)})
    ys = sorted({block.y + r * (s.height + block.gap) + dy for r in range(rows)
                 for dy in (0.0, s.height)})
    x_lo, x_hi = block.x - bleed, block.x + block.width + bleed
    y_lo, y_hi = block.y - bleed, block.y + block.height + bleed
    off, length = MARK_OFFSET, MARK_LENGTH
    marks = []
    for x in xs:
        marks.append(Mark(x, y_lo - off - length, x, y_lo - off))
        marks.append(Mark(x, y_hi + off, x, y_hi + off + length))
    for y in ys:
        marks.append(Mark(x_lo - off - length, y, x_lo - off, y))
        marks.append(Mark(x_hi + off, y, x_hi + off + length, y))
    return marks


def _mirror(front: Page, number: int, duplex: Duplex) -> Page:
    """Return the back page of a front page, mirrored for the duplex mode."""
    w, h = front.width, front.height
    back = Page(number, "back", w, h, footer_top=(duplex == "short"))
    for p in front.pieces:
        if p.spec.back is None:
            continue
        if duplex == "long":
            back.pieces.append(replace(p, x=w - p.x - p.width))
        else:
            back.pieces.append(replace(p, y=h - p.y - p.height))
    return back

"""Impose pieces on sheets: packed grids of equal pieces, cut marks, mirrored back pages.

Everything here is plain geometry in millimetres with the origin at the page's top-left corner
and y growing downwards; nothing imports ReportLab. The drawing stage converts to points.

Decisions:
- Where pieces go is decided by the packer (`packer.py`): blocks of equal pieces, fitted into
  the free room of the pages in order, so that later pieces fill earlier pages' holes.
- Rectangular pieces (cards, square tiles) are laid edge to edge (or 2 x bleed apart), so one
  straight cut separates neighbours; their crop marks are short lines in the space around the
  block, continuing each cut line, so they can never cross a piece's art.
- Round and hex pieces get a thin cut outline of their own and a gap of 3 mm + 2 x bleed.
- The furniture band (ruler, print note, footer) runs along the bottom of a front page, or
  along its right edge when that makes room for more pieces.
- A back page follows each front page that holds pieces with a back. For long-edge duplex
  the back mirrors x (the sheet turns over its long side); for short-edge it mirrors y. With
  short-edge duplex the back page's footer moves to the top, so it stays clear of the pieces.
  Back pages carry no crop marks: pieces are cut from the front, and marks printed on the back
  would only show through misaligned.
"""

from __future__ import annotations

from dataclasses import replace

from .packer import BAND, FURNITURE_CLEAR, MARK_LENGTH, MARK_OFFSET, PRINT_EDGE, Block, pack
from .sheets import (
    PAPERS,
    Band,
    Duplex,
    Mark,
    Page,
    Paper,
    PieceSpec,
    Placed,
    SheetOptions,
)

__all__ = ["BAND", "FURNITURE_CLEAR", "Band", "Mark", "Page", "PAPERS", "Paper", "PieceSpec",
           "Placed", "SheetOptions", "impose", "mirror"]

def impose(pieces: list[PieceSpec], options: SheetOptions) -> list[Page]:
    """Pack pieces onto as few pages as the packer finds; add back pages when asked.

    With duplex "fold", pieces that have a back go on fold pages instead: their fronts on the
    left half, each back mirrored across the page's centre line, to fold, glue and cut; the
    pieces without a back follow on ordinary one-sided pages.
    """
    if options.one_up:
        return _one_up_pages(pieces, options)
    if options.duplex == "fold":
        backed = [p for p in pieces if p.back is not None]
        plain = [p for p in pieces if p.back is None]
        folded = _fold_pages(backed, options) if backed else []
        rest = impose(plain, replace(options, duplex="none")) if plain else []
        return [replace(p, number=i) for i, p in enumerate(folded + rest, 1)]
    pages: list[Page] = []
    for sheet in pack(pieces, options):
        cut = any(spec.cut for block in sheet.blocks for spec in block.specs)
        front = Page(len(pages) + 1, "front", options.paper.width, options.paper.height,
                     band=sheet.limits.band, cutter=options.cutter if cut else None)
        for block in sheet.blocks:
            front.pieces.extend(Placed(spec, x, y) for spec, x, y in block.cells())
            if block.marked:
                front.marks.extend(_crop_marks(block, options.bleed, options.paper))
        pages.append(front)
        if options.duplex != "none" and any(p.spec.back is not None for p in front.pieces):
            pages.append(mirror(front, len(pages) + 1, options.duplex, options.back_offset))
    return pages


def _one_up_pages(pieces: list[PieceSpec], options: SheetOptions) -> list[Page]:
    """Each piece on a page of its own size plus the bleed all round, its back (if it has one
    and backs are printed) on the next page: the form print-on-demand card printers take.
    No ruler or footer: nothing but the piece is on the page. Forms (pieces not cut out)
    keep their ordinary page, ruler and footer."""
    b = options.bleed
    pages: list[Page] = []
    sheet = replace(options, one_up=False)
    for spec in pieces:
        if not spec.cut:  # a form (score sheet, guide) is not trimmed: its usual page
            pages += [replace(p, number=len(pages) + 1) for p in impose([spec], sheet)]
            continue
        w, h = spec.width + 2 * b, spec.height + 2 * b
        pages.append(Page(len(pages) + 1, "front", w, h, [Placed(spec, b, b)], band="none"))
        if spec.back is not None and options.duplex in ("long", "short"):
            pages.append(Page(len(pages) + 1, "back", w, h, [Placed(spec, b, b, "back")],
                              band="none", flip=options.duplex))
    return pages


def _fold_pages(pieces: list[PieceSpec], options: SheetOptions) -> list[Page]:
    w, h = options.paper.width, options.paper.height
    pages: list[Page] = []
    for sheet in pack(pieces, options, fold=True):
        # the fold (and score) line: from the printable top down to the band, clear of its text
        page = Page(len(pages) + 1, "fold", w, h,
                    fold=(w / 2, PRINT_EDGE, w / 2, h - options.margin - BAND),
                    cutter=options.cutter)
        for block in sheet.blocks:
            cells = block.cells()
            page.pieces.extend(Placed(spec, x, y) for spec, x, y in cells)
            page.pieces.extend(Placed(spec, w - x - spec.width, y, "back")
                               for spec, x, y in cells)
            if block.marked:
                page.marks.extend(_crop_marks(block, options.bleed, options.paper))
        pages.append(page)
    return pages


def _crop_marks(block: Block, bleed: float, paper: Paper) -> list[Mark]:
    """Marks continuing every cut line outside the block, clear of all art, cut back to
    PRINT_EDGE from the paper's edge (the packer leaves at least MIN_MARK of each)."""
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
    lo, right, bottom = PRINT_EDGE, paper.width - PRINT_EDGE, paper.height - PRINT_EDGE
    return [Mark(max(m.x1, lo), max(m.y1, lo), min(m.x2, right), min(m.y2, bottom))
            for m in marks]


def mirror(front: Page, number: int, duplex: Duplex,
           offset: tuple[float, float] = (0.0, 0.0)) -> Page:
    """Return the back page of a front page, mirrored for the duplex mode, its pieces moved by
    offset (mm, in the back page's own x right, y down: `--back-offset` from `calibrate`)."""
    w, h = front.width, front.height
    dx, dy = offset
    flip = ({"right": "left", "left": "right"} if duplex == "long"
            else {"bottom": "top", "top": "bottom"})
    back = Page(number, "back", w, h, band=flip.get(front.band, front.band),  # type: ignore[arg-type]
                flip=duplex, cutter=front.cutter)
    for p in front.pieces:
        if p.spec.back is None:
            continue
        if duplex == "long":
            back.pieces.append(replace(p, x=w - p.x - p.width + dx, y=p.y + dy))
        else:
            back.pieces.append(replace(p, x=p.x + dx, y=h - p.y - p.height + dy))
    return back

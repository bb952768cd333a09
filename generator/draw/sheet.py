"""Draw imposed pages into a PDF: pieces through painters, cut guides, ruler and footer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..layout.cutter import room
from ..layout.imposition import Page, Placed
from ..units import mm
from .fonts import font, text_width
from .kit import CUT, INK, Box, Style
from .printprefs import set_print_preferences

PaintFn = Callable[[Canvas, Box, Any, Style], None]


@dataclass(frozen=True)
class Painter:
    """How to draw one kind of piece: its front, its back (if any), whether to outline it."""

    front: PaintFn
    back: PaintFn | None = None
    outline: bool = True
    cut_line: bool = False  # a rectangle whose cut must show over dark art and light alike


@dataclass(frozen=True)
class Furniture:
    """The words around the pieces: ruler label, print note, footer per page."""

    ruler_label: str
    note: str
    footer: Callable[[int, int], str]
    fold_note: str = ""  # on fold pages, beside the fold line
    accent: str | None = None  # the game's colour: a rule above the footer, the footer's ink


@dataclass(frozen=True)
class DocInfo:
    title: str
    subject: str
    language: str


def piece_box(page: Page, placed: Placed) -> Box:
    """Convert a placement (mm, top-left origin) to a box in points (bottom-left origin)."""
    return Box(mm(placed.x), mm(page.height - placed.y - placed.height),
               mm(placed.width), mm(placed.height))


def render_pages(path: Path, pages: list[Page], painters: dict[str, Painter],
                 furniture: Furniture, style: Style, info: DocInfo, margin: float) -> None:
    """Write all pages to a PDF at path (deterministic: ReportLab invariant mode)."""
    first = pages[0]
    c = Canvas(str(path), pagesize=(mm(first.width), mm(first.height)), invariant=1,
               pageCompression=1, initialFontName=font("Sans"))
    c.setTitle(info.title)
    c.setSubject(info.subject)
    c.setAuthor("labyrinth-pnp")
    c.setCreator("labyrinth-pnp")
    c.setKeywords(f"lang={info.language}")
    set_print_preferences(c, next((p.flip for p in pages if p.side == "back"), None))
    for page in pages:
        c.setPageSize((mm(page.width), mm(page.height)))
        _set_boxes(c, page, style)
        for placed in page.pieces:
            _draw_piece(c, page, placed, painters[placed.spec.kind], style)
        _draw_marks(c, page)
        _draw_registration(c, page)
        if page.fold is not None:
            _draw_fold(c, page, furniture.fold_note)
        if page.band != "none":  # clear of a cutting machine's marks
            band_margin = max(margin, room(page.cutter))
            _draw_furniture(c, page, len(pages), furniture, band_margin, style)
        c.showPage()
    c.save()


def _set_boxes(c: Canvas, page: Page, style: Style) -> None:
    box = page.trim_box()
    if not style.bleed or box is None or not any(p.spec.cut for p in page.pieces):
        return  # a form is not trimmed
    left, top, right, bottom = box
    h = page.height
    c.setTrimBox((mm(left), mm(h - bottom), mm(right), mm(h - top)))
    b = style.bleed / mm(1)
    c.setBleedBox((mm(left - b), mm(h - bottom - b), mm(right + b), mm(h - top + b)))


def _draw_piece(c: Canvas, page: Page, placed: Placed, painter: Painter, style: Style) -> None:
    box = piece_box(page, placed)
    front = page.side != "back" and placed.face == "front"
    paint = painter.front if front else painter.back
    c.saveState()
    if paint is not None:
        paint(c, box, placed.spec.front if front else placed.spec.back, style)
    c.restoreState()
    if painter.cut_line and front and not style.bleed:  # art that bleeds: the trim is the cut
        _draw_cut_line(c, box, style.ink_saver)
    if painter.outline and placed.spec.shape == "circle" and front and not style.bleed:
        # no cut outline on a back (its art overprints the cut line) nor on art that bleeds
        c.saveState()
        c.setStrokeColor(CUT)
        c.setLineWidth(0.35)
        c.circle(box.cx, box.cy, box.w / 2, stroke=1, fill=0)
        c.restoreState()


def _draw_cut_line(c: Canvas, box: Box, plain: bool = False) -> None:
    """The cut outline of a rectangle, two-tone: a light line under dark dashes, so it reads
    over dark walls and light floors alike (with the ink saver, whose art is light: a thin
    solid line)."""
    c.saveState()
    if plain:
        c.setLineWidth(0.4)
        c.setStrokeColor(INK)
        c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
        c.restoreState()
        return
    c.setLineWidth(0.9)
    c.setStrokeColor(HexColor("#ffffff"))
    c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    c.setLineWidth(0.45)
    c.setDash(2.2, 2.2)
    c.setStrokeColor(INK)
    c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    c.restoreState()


def _draw_fold(c: Canvas, page: Page, note: str) -> None:
    """The dashed fold line down the page, and how to fold and glue along it."""
    x1, y1, x2, y2 = page.fold  # type: ignore[misc]
    h = page.height
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.setDash(4, 3)
    c.line(mm(x1), mm(h - y1), mm(x2), mm(h - y2))
    if note:
        c.setFillColor(INK)
        c.setFont(font("Sans"), 7)
        c.translate(mm(x1) - 2, mm(h / 2))
        c.rotate(90)
        c.drawCentredString(0, 0, note)
    c.restoreState()


def _draw_marks(c: Canvas, page: Page) -> None:
    if not page.marks:
        return
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    h = page.height
    for m in page.marks:
        c.line(mm(m.x1), mm(h - m.y1), mm(m.x2), mm(h - m.y2))
    c.restoreState()


def _draw_registration(c: Canvas, page: Page) -> None:
    """A cutting machine's registration marks: solid black, as its optical sensor wants."""
    from ..layout.cutter import page_registration

    marks = page_registration(page)
    if not marks:
        return
    c.saveState()
    c.setFillColor(HexColor("#000000"))
    for x, y, w, h in marks:
        c.rect(mm(x), mm(page.height - y - h), mm(w), mm(h), stroke=0, fill=1)
    c.restoreState()


def _band_frame(c: Canvas, page: Page, margin: float) -> float:
    """Move the canvas so that the band runs along x from 0, its ruler's line on y = 0 and its
    ticks pointing up, into the page; return the band's length in points."""
    w, h = page.width, page.height
    if page.band == "top":
        c.translate(mm(margin), mm(h - margin - 6.0))
    elif page.band == "right":  # reads bottom to top, ticks pointing left
        c.translate(mm(w - margin - 3.0), mm(margin))
        c.rotate(90)
        return mm(h - 2 * margin)
    elif page.band == "left":  # reads top to bottom, ticks pointing right
        c.translate(mm(margin + 3.0), mm(h - margin))
        c.rotate(-90)
        return mm(h - 2 * margin)
    else:
        c.translate(mm(margin), mm(margin + 3.0))
    return mm(w - 2 * margin)


FOOTER_SIZES = (6.5, 6.25, 6.0)  # never smaller: the footer sorts loose pages


def _footer_place(footer: str, beside: float, below: float) -> tuple[bool, float, float]:
    """Where the footer goes: (beside the note, size, horizontal scale). Beside the print
    note when it fits there at 6 pt or more, else on the line below it (the ruler label's),
    narrowed if it must be (the caller warns)."""
    for on_line, space in ((True, beside), (False, below)):
        for size in FOOTER_SIZES:
            if text_width(footer, "Sans", size) <= space:
                return on_line, size, 1.0
    size = FOOTER_SIZES[-1]
    return False, size, below / text_width(footer, "Sans", size)


def draw_band(c: Canvas, page: Page, total: int, furniture: Furniture, margin: float,
              style: Style) -> None:
    """Draw the band (ruler, print note, footer) of a page drawn elsewhere (calibration)."""
    _draw_furniture(c, page, total, furniture, margin, style)


def _draw_furniture(c: Canvas, page: Page, total: int, furniture: Furniture,
                    margin: float, style: Style) -> None:
    """Draw the 50 mm calibration ruler, the print-at-100% note and the footer in the band."""
    c.saveState()
    right = _band_frame(c, page, margin)
    x0 = y = 0.0
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.35)
    c.line(x0, y, x0 + mm(50), y)
    for tick in range(51):
        length = 2.6 if tick % 10 == 0 else 1.8 if tick % 5 == 0 else 1.0
        c.setLineWidth(0.3 if tick % 5 else 0.4)
        c.line(x0 + mm(tick), y, x0 + mm(tick), y + mm(length))
    c.setFont(font("Sans"), 6.0)  # no type under 6 pt on any sheet
    c.drawString(x0, y - 7, "0")
    c.drawRightString(x0 + mm(50), y - 7, furniture.ruler_label)
    size = 8.0  # the one instruction every printer needs: large enough to be read
    c.setFont(font("Sans-Bold"), size)
    note_x = x0 + mm(53)
    c.drawString(note_x, y + 1.5, furniture.note)
    footer = furniture.footer(page.number, total)
    beside = right - (note_x + text_width(furniture.note, "Sans-Bold", size) + mm(4))
    on_line, fsize, squeeze = _footer_place(footer, beside, right - note_x)
    if squeeze < 1.0:
        style.overflows.append(f"page {page.number}: footer {footer!r} is too long for the "
                               f"band even at {fsize:g} pt; shorten the game's or the part's "
                               "name in the content")
    width = text_width(footer, "Sans", fsize) * squeeze
    ink = HexColor(furniture.accent) if furniture.accent else HexColor("#555555")
    if furniture.accent and on_line:  # the game's band: a rule in its colour over the footer
        c.setFillColor(ink)
        c.rect(right - width, y + mm(3.4), width, mm(0.6), stroke=0, fill=1)
    t = c.beginText()
    t.setFont(font("Sans"), fsize)
    t.setHorizScale(squeeze * 100)
    t.setFillColor(ink)
    t.setTextOrigin(right - width, y + 1.5 if on_line else y - 7)
    t.textOut(footer)
    c.drawText(t)
    c.restoreState()


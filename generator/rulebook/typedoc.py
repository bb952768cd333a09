"""The rulebook document: its page templates and footers, the record of where each block
landed, and the table of contents."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
)

from ..draw.printprefs import set_print_preferences
from .flowables import (
    Para,
    TitleFrame,
)
from .pagecheck import PageNotes
from .typestyle import FOOTER_GAP, MARGIN, MUTED, RULE, Heading, Styles


class PageNumberCanvas(Canvas):
    """A canvas that lets the document add what only the last page knows, just before saving."""

    before_save: Callable[[], None] | None = None
    contents: Contents | None = None

    def save(self) -> None:
        if self.before_save is not None:
            self.before_save()
        set_print_preferences(self, None)  # a rulebook is read one-sided, page by page
        super().save()


@dataclass
class LayoutRecord:
    """Where the body's flowables ended up, for the typesetting checks (tests read it).

    headings: (page, title, room left below the heading in points);
    last_y: page → (room left at the bottom after its last flowable, the frame's height).
    """

    headings: list[tuple[int, str, float]] = field(default_factory=list)
    last_y: dict[int, tuple[float, float]] = field(default_factory=dict)
    forced_breaks: set[int] = field(default_factory=set)  # pages ended by a forced break
    notes: PageNotes = field(default_factory=PageNotes)  # lines, tables, widths (pagecheck.py)


class RulebookDoc(BaseDocTemplate):
    """Doc template with title, body and back page templates, bookmarks and the contents.

    One pass: the contents list every heading before layout (their titles are known), and each
    page number in it is a form XObject that is defined once the heading's page is known.
    """

    def __init__(self, filename: str, pagesize: tuple[float, float], meta: dict[str, Any],
                 footer: str, styles: Styles, lang: str) -> None:
        super().__init__(filename, pagesize=pagesize, leftMargin=MARGIN, rightMargin=MARGIN,
                         topMargin=MARGIN, bottomMargin=MARGIN + FOOTER_GAP, invariant=1,
                         title=str(meta.get("title", "")), author="labyrinth-pnp",
                         subject=str(meta.get("subtitle", "")), creator="labyrinth-pnp",
                         lang=lang, initialFontName="Sans", initialFontSize=10,
                         initialLeading=12)
        self.footer = footer
        self.styles = styles
        self.contents: Contents | None = None
        self.record = LayoutRecord()
        width, height = pagesize
        body = Frame(MARGIN, MARGIN + FOOTER_GAP, width - 2 * MARGIN,
                     height - 2 * MARGIN - FOOTER_GAP, id="body", leftPadding=0,
                     rightPadding=0, topPadding=0, bottomPadding=0)
        inset = MARGIN + 14 * mm
        title = Frame(inset, inset, width - 2 * inset, height - 2 * inset, id="title",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        back = Frame(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN, id="back",
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([
            PageTemplate("title", [title], onPage=self._draw_title_page),
            PageTemplate("body", [body], onPage=self._draw_footer),
            PageTemplate("back", [back], onPage=self._draw_back_page),
        ])

    def beforeDocument(self) -> None:
        """Hook the contents' page numbers to this build's canvas."""
        if self.contents is not None:
            self.contents.attach(self.canv)  # type: ignore[arg-type]

    def afterFlowable(self, flowable: Flowable) -> None:
        """Register headings with the contents and the PDF outline; note where they end."""
        frame = self.frame
        if frame is not None and frame.id == "body":
            self.record.last_y[self.page] = (frame._y - frame._y1, frame._y2 - frame._y1)
            self.record.notes.note_flowable(self.page, flowable, frame._width)
        if isinstance(flowable, Heading) and frame is not None:
            self.record.headings.append((self.page, flowable.outline, frame._y - frame._y1))
            if flowable.new_page:
                self.record.forced_breaks.add(self.page - 1)
        if isinstance(flowable, Heading):
            canv = self.canv
            canv.bookmarkPage(flowable.key)
            canv.addOutlineEntry(flowable.outline, flowable.key, level=flowable.toc_level,
                                 closed=flowable.toc_level > 0)
            if self.contents is not None:
                self.contents.pages[flowable.key] = self.page

    def _draw_title_page(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        TitleFrame(self.pagesize, MARGIN).draw_on(canv)
        canv.showOutline()

    def _draw_back_page(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        pass

    def _draw_footer(self, canv: Canvas, doc: BaseDocTemplate) -> None:
        width, _ = self.pagesize
        y = MARGIN
        canv.saveState()
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(MARGIN, y + 11, width - MARGIN, y + 11)
        canv.setFillColor(MUTED)
        canv.setFont("Sans", 8)
        canv.drawString(MARGIN, y, self.footer)
        canv.setFont("Sans-Bold", 9)
        canv.drawRightString(width - MARGIN, y, str(canv.getPageNumber()))
        canv.restoreState()


class ContentsEntry(Para):
    """One line of the contents; its dots and page number follow its text in the PDF."""

    def draw(self) -> None:
        super().draw()
        contents = getattr(self.canv, "contents", None)
        if contents is not None:
            contents.draw_ends(self.canv)


class Contents:
    """The table of contents, laid out in the same single pass as the rest of the book.

    Each entry is a paragraph linking to its heading; an onDraw hook at its end draws a dot
    leader (dots on one grid for every line) up to a column of fixed width at the right, and
    places there a form XObject named for the entry. The forms, each holding one page number
    right-aligned, are defined when the canvas is saved, when every heading's page is known.
    """

    SLOT = 18.0  # points reserved for the page number: three digits
    GAP = 4.0  # points kept clear either side of the dots
    PITCH = 4.4  # points from one dot to the next

    def __init__(self, entries: list[tuple[int, str, str]], styles: list[ParagraphStyle],
                 width: float) -> None:
        self.entries = entries  # (level, markup, heading key)
        self.styles = styles
        self.width = width
        self.pages: dict[str, int] = {}
        self.ends: list[tuple[int, float, float]] = []  # entries drawn, not yet given dots
        self.wide: list[tuple[int, str, float]] = []  # page numbers wider than their slot

    def style(self, level: int) -> ParagraphStyle:
        return self.styles[min(level, len(self.styles) - 1)]

    def flowables(self) -> list[Flowable]:
        """One paragraph per entry, its text kept clear of the page-number column."""
        out: list[Flowable] = []
        for i, (level, markup, key) in enumerate(self.entries):
            base = self.style(level)
            style = ParagraphStyle(f"{base.name}-entry", parent=base,
                                   rightIndent=self.SLOT + 2 * self.GAP)
            out.append(ContentsEntry(f'<a href="#{key}">{markup}</a><onDraw name="contents_end" '
                            f'label="{i}"/>', style))
        return out

    def attach(self, canv: PageNumberCanvas) -> None:
        canv.setNamedCB("contents_end", self._note_end)
        canv.contents = self
        canv.before_save = lambda: self._define_numbers(canv)

    def _note_end(self, canv: Canvas, kind: str, label: str) -> None:
        """Remember where an entry's text ends (called while the paragraph is drawn)."""
        info = canv._curr_tx_info  # type: ignore[attr-defined]
        self.ends.append((int(label), info["cur_x"], info["cur_y"]))

    def draw_ends(self, canv: Canvas) -> None:
        """After an entry's text: the dots and the page number form (in reading order)."""
        for index, x, y in self.ends:
            style = self.style(self.entries[index][0])
            right = self.width - self.SLOT - self.GAP
            first = math.ceil((x + self.GAP) / self.PITCH)
            count = int(right // self.PITCH) - first + 1
            canv.saveState()
            if count > 0:
                dot = pdfmetrics.stringWidth(".", "Sans", style.fontSize)
                text = canv.beginText(first * self.PITCH, y)
                text.setFont("Sans", style.fontSize)  # light dots, also after bold entries
                text.setCharSpace(self.PITCH - dot)
                text.textOut("." * count)
                canv.setFillColor(MUTED)
                canv.drawText(text)
            canv.restoreState()  # the dots' character spacing must not reach the number
            canv.saveState()
            canv.translate(self.width - self.SLOT, y)
            canv.doForm(f"contents-page-{index}")
            canv.restoreState()
        self.ends.clear()

    def _define_numbers(self, canv: Canvas) -> None:
        """One form per entry: its page number as one string, right-aligned in the slot."""
        for index, (level, _, key) in enumerate(self.entries):
            style = self.style(level)
            number = str(self.pages.get(key, ""))
            canv.beginForm(f"contents-page-{index}", -self.SLOT, -style.fontSize * 0.3,
                           self.SLOT + self.GAP, style.fontSize)
            canv.setFillColor(style.textColor)
            text = canv.beginText(
                self.SLOT - pdfmetrics.stringWidth(number, style.fontName, style.fontSize), 0)
            text.setFont(style.fontName, style.fontSize)
            text.setCharSpace(0)  # whatever spacing the page had, digits sit side by side
            over = pdfmetrics.stringWidth(number, style.fontName, style.fontSize) - self.SLOT
            if over > 0:
                self.wide.append((self.pages.get(key, 0), "a contents page number", over))
            text.textOut(number)
            canv.drawText(text)
            canv.endForm()

"""Typeset rulebook blocks into a PDF with ReportLab Platypus.

Pages: a framed title page; the table of contents flowing into the numbered sections (with PDF
bookmarks, footers and page numbers); a back page with a vector QR code to the project's page.
The same input gives byte-identical output (`invariant=1`).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)

from ..draw.fonts import register_families
from ..draw.printprefs import set_print_preferences
from . import parse as P
from .flowables import (
    BackPage,
    CodeBlock,
    Figure,
    MazeOrnament,
    NoteBox,
    Para,
    RuleTable,
    TitleFrame,
    code_font,
    symbol_font,
)
from .hyphenate import KEEP_WHOLE, enable_yo, hyphenator
from .pagecheck import PageNotes

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN = 18 * mm
FOOTER_GAP = 8 * mm

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
RULE = colors.HexColor("#b9aea3")
SHADE = colors.HexColor("#ece5da")
ZEBRA = colors.HexColor("#f7f3ed")
NOTE_BG = colors.HexColor("#f6f1e7")



@dataclass(frozen=True)
class BookWords:
    """The words of a rulebook that are not its text, in its language.

    They come from the `rulebook:` section of `content/common/text/LANG.yaml`; the templates
    are checked there, and `counted` holds each counted word's forms by plural category.
    """

    label: str = ""  # beside the title in the footer: "Rules of play"
    contents: str = ""
    back: str = ""
    players_range: str = "{min}–{max} {players}"
    players_exact: str = "{n} {players}"
    players_from: str = "{n}+ {players}"
    minutes: str = "{n} {minutes}"
    counted: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    draft: str = ""  # set only for a draft translation: printed in every footer

    @classmethod
    def from_texts(cls, texts: Any, draft: str = "") -> BookWords:
        """The words from a RulebookTexts model; draft, when given, goes in every footer."""
        return cls(texts.label, texts.contents, texts.back, texts.players_range,
                   texts.players_exact, texts.players_from, texts.minutes,
                   {k: dict(v) for k, v in texts.counted.items()}, draft)


# Characters the bundled Noto fonts lack, and what is printed instead.
FALLBACKS = {"→": "—›", "←": "‹—", "↑": "^", "↓": "v", "↔": "‹—›", "⇒": "=>", "≤": "<=",
             "≥": ">=", "✓": "+", "✔": "+", "✗": "x", "●": "•", "○": "o", "■": "▪", "□": "[ ]",
             "▲": "^", "►": ">", "◄": "<", "\u2009": " ", "\u200b": ""}

DiagramFn = Callable[[dict[str, Any], str, float], Flowable]

_READY: list[bool] = []


def _prepare() -> None:
    """Register fonts and the ё-aware hyphenation once per process."""
    if not _READY:
        register_families()
        enable_yo()
        _READY.append(True)


def missing_glyphs(text: str) -> set[str]:
    """Return the characters of text that the body font cannot print."""
    _prepare()
    cmap = pdfmetrics.getFont("Serif").face.charToGlyph
    lacking = {ch for ch in set(text) if ord(ch) >= 32 and ord(ch) not in cmap}
    if not lacking:
        return lacking
    symbols = symbol_font()  # read only when the text fonts lack something (a big font)
    extra = symbols[1] if symbols else frozenset()
    return {ch for ch in lacking if ord(ch) not in extra}


# --- styles ---------------------------------------------------------------------------------

class Styles:
    """Every paragraph style of one rulebook (depends on the language for hyphenation)."""

    def __init__(self, lang: str) -> None:
        hy = hyphenator(lang) or ""
        # embeddedHyphenation=0: never break a word at a hyphen it has (Игрок-гоблин, code)
        common: dict[str, Any] = dict(hyphenationLang=hy, embeddedHyphenation=0,
                                      uriWasteReduce=0.3, textColor=INK)
        self.body = ParagraphStyle("body", fontName="Serif", fontSize=10.2, leading=14,
                                   alignment=TA_JUSTIFY, spaceAfter=5, allowWidows=0,
                                   allowOrphans=0, **common)
        self.item = ParagraphStyle("item", parent=self.body, spaceAfter=2)
        self.h2 = ParagraphStyle("h2", fontName="Sans-Bold", fontSize=15, leading=19,
                                 textColor=ACCENT, spaceBefore=14, spaceAfter=6, keepWithNext=1)
        self.h3 = ParagraphStyle("h3", fontName="Sans-Bold", fontSize=11.5, leading=15,
                                 textColor=INK, spaceBefore=9, spaceAfter=3, keepWithNext=1)
        self.h4 = ParagraphStyle("h4", fontName="Sans-Bold", fontSize=10.2, leading=14,
                                 textColor=INK, spaceBefore=6, spaceAfter=2, keepWithNext=1)
        self.cell = ParagraphStyle("cell", fontName="Sans", fontSize=8.8, leading=11.2,
                                   **common)
        self.head_cell = ParagraphStyle("head_cell", parent=self.cell, fontName="Sans-Bold")
        self.note = ParagraphStyle("note", fontName="Sans", fontSize=9.4, leading=12.8,
                                   spaceAfter=3, allowWidows=0, allowOrphans=0, **common)
        self.caption = ParagraphStyle("caption", fontName="Sans-Italic", fontSize=8.5,
                                      leading=11, alignment=TA_CENTER, textColor=MUTED,
                                      spaceBefore=2)
        self.title = ParagraphStyle("title", fontName="Serif-Bold", fontSize=34, leading=40,
                                    alignment=TA_CENTER, textColor=ACCENT)
        self.subtitle = ParagraphStyle("subtitle", fontName="Serif-Italic", fontSize=15,
                                       leading=20, alignment=TA_CENTER, textColor=INK,
                                       spaceBefore=10)
        self.facts = ParagraphStyle("facts", fontName="Sans", fontSize=11.5, leading=15,
                                    alignment=TA_CENTER, textColor=MUTED, spaceBefore=18)
        self.toc_title = ParagraphStyle("toc_title", parent=self.h2, spaceBefore=0,
                                        keepWithNext=0)
        self.toc = [
            ParagraphStyle("toc0", fontName="Sans-Bold", fontSize=10.2, leading=13.5,
                           leftIndent=16, firstLineIndent=-16, spaceBefore=8, spaceAfter=2,
                           textColor=INK),
            ParagraphStyle("toc1", fontName="Sans", fontSize=9.6, leading=12.5,
                           leftIndent=40, firstLineIndent=-24, spaceBefore=2, spaceAfter=2,
                           textColor=INK),
        ]
        self.back = ParagraphStyle("back", fontName="Sans", fontSize=10.5, leading=14,
                                   alignment=TA_CENTER, textColor=INK)
        self.footer_font = "Sans"


_ALIGN = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


class Heading(Para):
    """A numbered heading that the doc template turns into a TOC entry and a bookmark."""

    def __init__(self, text: str, style: ParagraphStyle, level: int, key: str,
                 outline: str) -> None:
        super().__init__(text, style)
        self.toc_level = level
        self.key = key
        self.outline = outline
        self.new_page = False  # starts a page of its own (see NEW_PAGE)
        self.toc_markup = text


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


# --- blocks to flowables -------------------------------------------------------------------

_DASH = re.compile(r" ([—–]) ")


_UNBREAKABLE = re.compile(r"<code>.*?</code>|«[^»]*»|“[^”]*”|\"[^\"]*\"")
_CODE_TAG = "backColor="


def typography(markup: str, lang: str = "ru") -> str:
    """Bind numbers and short words to the next word, dashes to the previous; swap glyphs;
    in English, typographic quotes and apostrophes (never inside code)."""
    parts = re.split(r"(<[^>]*>)", markup)
    in_code = False
    for i in range(0, len(parts)):
        if i % 2:
            tag = parts[i]
            if _CODE_TAG in tag:
                in_code = True
            elif tag.startswith("</font") and in_code:
                in_code = False
            continue
        text = parts[i]
        if in_code:
            continue
        if lang == "en":
            text = _smart_quotes(text)
        text = _DASH.sub("\u00a0\\1 ", text)
        text = re.sub(r"(?<=\d) (?=[^\W\d_])", "\u00a0", text)
        text = re.sub(r"(?:(?<=\s)|^)([^\W\d_]{1,2}) (?=\S|$)", "\\1\u00a0", text)
        parts[i] = _symbols(text)
    return "".join(parts)


def _smart_quotes(text: str) -> str:
    """Straight quotes to typographic ones: “…”, ‘…’, and ’ for an apostrophe."""
    text = text.replace("&quot;", '"')
    text = re.sub(r'(^|[\s(\[\u00a0])"', "\\1\u201c", text)
    text = text.replace('"', "\u201d")
    text = re.sub(r"(?<=\w)'(?=\w)", "\u2019", text)
    text = re.sub(r"(^|[\s(\[\u00a0])'", "\\1\u2018", text)
    return text.replace("'", "\u2019")


def _symbols(text: str) -> str:
    """Set characters the text fonts lack in the symbol font, or print a plain substitute."""
    if not any(ch in text for ch in FALLBACKS):
        return text
    symbols = symbol_font()
    out = []
    for ch in text:
        if ch in FALLBACKS:
            if symbols and ord(ch) in symbols[1]:
                out.append(f'<font name="{symbols[0]}">{ch}</font>')
            else:
                out.append(FALLBACKS[ch])
        else:
            out.append(ch)
    return "".join(out)


_TABLE_IDS = itertools.count()
NEW_PAGE = {"quick-reference", "credits"}  # sections that start a page of their own


class Builder:
    """Turns blocks into flowables for one document."""

    def __init__(self, styles: Styles, lang: str, width: float,
                 diagrams: Mapping[str, DiagramFn]) -> None:
        self.st = styles
        self.lang = lang
        self.width = width
        self.diagrams = diagrams
        self.section = 0
        self.subsection = 0
        self.toc_entries: list[tuple[int, str, str]] = []  # (level, markup, heading key)
        mono, size = code_font()
        self.code_open = f'<font name="{mono}" size="{size}" backColor="#ece8e1">'

    def inline(self, markup: str) -> str:
        for span in _UNBREAKABLE.findall(markup):
            KEEP_WHOLE.update(w.lower() for w in re.findall(r"[^\W\d_]+", span))
        return typography(markup.replace("<code>", self.code_open).replace("</code>", "</font>"),
                          self.lang)

    def para(self, markup: str, style: ParagraphStyle) -> Paragraph:
        return Para(self.inline(markup), style)

    def blocks(self, blocks: list[P.Block], note: bool = False) -> list[Flowable]:
        out: list[Flowable] = []
        for i, block in enumerate(blocks):
            flows = self.block(block, note)
            following = blocks[i + 1] if i + 1 < len(blocks) else None
            if isinstance(block, P.Paragraph) and (
                    isinstance(following, P.Table) or (
                        block.inline.text.rstrip().endswith(":")
                        and not isinstance(following, (P.Heading, P.Paragraph, type(None))))):
                flows[0].keepWithNext = 1  # "…as follows:" stays with its list or table
            after = blocks[i + 2] if i + 2 < len(blocks) else None
            if (isinstance(block, P.Paragraph) and isinstance(following, P.Paragraph)
                    and isinstance(after, (P.Heading, type(None)))):
                flows[0].keepWithNext = 1  # a section's last paragraph never stands alone
            out.extend(flows)
        return out

    def block(self, block: P.Block, note: bool) -> list[Flowable]:
        body = self.st.note if note else self.st.body
        if isinstance(block, P.Heading):
            heading = self.heading(block)
            style = heading.style
            # Room for the heading and three lines of what follows, or a new page: a heading
            # is never the last thing on a page (keepWithNext alone lets a split strand it).
            need = style.spaceBefore + style.leading + style.spaceAfter + 3 * self.st.body.leading
            if block.id in NEW_PAGE:
                heading.new_page = True
                return [PageBreak(), heading]
            return [CondPageBreak(need), heading]
        if isinstance(block, P.Paragraph):
            return [self.para(block.inline.markup, body)]
        if isinstance(block, (P.BulletList, P.OrderedList)):
            return [self.list_(block, body, 0)]
        if isinstance(block, P.Table):
            return [self.table(block)]
        if isinstance(block, P.Note):
            return [self.note(block)]
        if isinstance(block, P.Code):
            return [CodeBlock(block.text, self.width - (24 if note else 0))]
        if isinstance(block, P.Diagram):
            return [self.diagram(block)]
        return []

    def heading(self, block: P.Heading) -> Flowable:
        level = 2 if block.level <= 2 else block.level
        if level == 2:
            self.section += 1
            self.subsection = 0
            number = f"{self.section}"
            style, toc_level = self.st.h2, 0
        elif level == 3:
            self.subsection += 1
            number = f"{self.section}.{self.subsection}"
            style, toc_level = self.st.h3, 1
        else:
            return self.para(block.markup, self.st.h4)
        key = f"sec-{number}"
        markup = self.inline(block.markup)
        shown = (f'<font color="{ACCENT.hexval().replace("0x", "#")}">{number}</font>'
                 f"\u2002{markup}")
        text = _smart_quotes(block.text) if self.lang == "en" else block.text
        flowable = Heading(shown, style, toc_level, key, f"{number} {text}")
        flowable.toc_markup = f"{number}\u2002{markup}"
        self.toc_entries.append((toc_level, flowable.toc_markup, key))
        return flowable

    def list_(self, block: P.BulletList | P.OrderedList, body: ParagraphStyle,
              depth: int) -> Flowable:
        style = ParagraphStyle(f"li{depth}", parent=body, spaceAfter=2.5, alignment=TA_LEFT
                               if body.alignment == TA_LEFT else body.alignment)
        items = []
        for item in block.items:
            flows: list[Flowable] = [self.para(p.markup, style) for p in item.paragraphs]
            for child in item.children:
                if isinstance(child, (P.BulletList, P.OrderedList)):
                    flows.append(self.list_(child, body, depth + 1))
                else:
                    flows.extend(self.block(child, body is self.st.note))
            items.append(ListItem(flows or [Spacer(1, 0)]))
            if len(block.items) > 1 and len(items) == len(block.items) - 1 and flows:
                flows[-1].keepWithNext = 1  # the last item never stands alone atop a page
        if isinstance(block, P.OrderedList):
            return ListFlowable(items, bulletType="1", start=str(block.start),
                                bulletFormat="%s.", bulletFontName="Sans-Bold",
                                bulletFontSize=body.fontSize * 0.95, bulletColor=ACCENT,
                                leftIndent=16, bulletDedent=16, spaceBefore=0, spaceAfter=4)
        bullet = "•" if depth == 0 else "–"
        return ListFlowable(items, bulletType="bullet", start=bullet, bulletFontName="Sans",
                            bulletFontSize=body.fontSize, bulletColor=ACCENT, leftIndent=13,
                            bulletDedent=11, spaceBefore=0, spaceAfter=4,
                            bulletOffsetY=0)

    def table(self, block: P.Table) -> Flowable:
        ncols = max(len(block.header), 1)
        aligns = (block.aligns + ["left"] * ncols)[:ncols]
        cell_styles = [ParagraphStyle(f"c{i}", parent=self.st.cell, alignment=_ALIGN.get(a, 0))
                       for i, a in enumerate(aligns)]
        head_styles = [ParagraphStyle(f"h{i}", parent=self.st.head_cell,
                                      alignment=_ALIGN.get(a, 0)) for i, a in enumerate(aligns)]
        rows = [block.header] + block.rows
        widths = column_widths([[c.text for c in row] for row in rows], self.width,
                               self.st.cell.fontSize)
        for i in range(ncols):  # «вле-во» in a table cell looks amateur: no hyphens at all
            cell_styles[i] = ParagraphStyle(f"c{i}n", parent=cell_styles[i], hyphenationLang="")
            head_styles[i] = ParagraphStyle(f"h{i}n", parent=head_styles[i], hyphenationLang="")
        data = [[self.para(cell.markup, (head_styles if r == 0 else cell_styles)[c])
                 for c, cell in enumerate(row)] for r, row in enumerate(rows)]
        style = [
            ("FONT", (0, 0), (-1, -1), "Sans", 8.8),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, ACCENT),
            ("LINEBELOW", (0, -1), (-1, -1), 0.8, ACCENT),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3.5),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
        ]
        if len(rows) > 3:
            style.append(("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, ZEBRA]))
        if len(rows) > 2:
            style.append(("LINEBELOW", (0, 1), (-1, -2), 0.25, RULE))
        table = RuleTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT",
                      style=TableStyle(style), spaceBefore=3, spaceAfter=8)
        table.origin = next(_TABLE_IDS)  # the pieces of a split table share it
        return table

    def note(self, block: P.Note) -> Flowable:
        inner = self.blocks(block.blocks, note=True) or [Spacer(1, 0)]
        table = NoteBox([[inner]], colWidths=[self.width], splitInRow=1, style=TableStyle([
            ("FONT", (0, 0), (-1, -1), "Sans", 9.4),
            ("BACKGROUND", (0, 0), (-1, -1), NOTE_BG),
            ("BOX", (0, 0), (-1, -1), 0.5, RULE),
            ("LINEBEFORE", (0, 0), (0, -1), 2.5, ACCENT),
            ("LEFTPADDING", (0, 0), (-1, -1), 11),
            ("RIGHTPADDING", (0, 0), (-1, -1), 10),
            ("TOPPADDING", (0, 0), (-1, -1), 7),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
        ]), spaceBefore=4, spaceAfter=9)
        return table

    def diagram(self, block: P.Diagram) -> Flowable:
        from .diagrams import caption_for, placeholder

        caption = caption_for(block.name, block.kwargs, self.lang)
        fn = self.diagrams.get(block.name)
        try:
            if fn is None:
                raise KeyError(block.name)
            art = fn(dict(block.kwargs), self.lang, self.width)
            art.wrap(self.width, 10_000)
        except Exception:  # a diagram must never stop the rulebook
            art = placeholder(caption or block.name, self.width)
        cap = self.para(P.escape(caption), self.st.caption) if caption else None
        # A diagram that fails while it is drawn is replaced there (Figure.draw): drawing
        # each one twice to find out first cost a tenth of every book's time.
        return Figure(art, cap, self.width,
                      fallback=lambda: placeholder(caption or block.name, self.width))


def column_widths(rows: list[list[str]], avail: float, size: float) -> list[float]:
    """Share avail among columns: no column narrower than its longest word, the rest by need."""
    ncols = max((len(r) for r in rows), default=1)
    pad = 8.0
    need = [pad + 6.0] * ncols
    least = [pad + 6.0] * ncols
    for r, row in enumerate(rows):
        face = "Sans-Bold" if r == 0 else "Sans"
        for c, text in enumerate(row):
            text = " ".join(text.split())
            need[c] = max(need[c], pdfmetrics.stringWidth(text, face, size) + pad + 1)
            longest = max((pdfmetrics.stringWidth(w, face, size) for w in text.split()),
                          default=0)
            least[c] = max(least[c], min(longest, 80.0) + pad + 1)
    if sum(need) <= avail:
        return need
    if sum(least) >= avail:
        return [avail * w / sum(least) for w in least]
    spare = avail - sum(least)
    extra = [n - m for n, m in zip(need, least)]
    total = sum(extra) or 1.0
    return [m + spare * e / total for m, e in zip(least, extra)]


# --- title and back page ---------------------------------------------------------------------

def facts_line(meta: Mapping[str, Any], words: BookWords, lang: str) -> str:
    """Return "2–4 игрока · около 45 минут" from meta players/minutes, or ""."""
    from ..content.placeholders import fill
    from ..content.plurals import form

    def counted(word: str, n: int) -> str:
        forms = words.counted.get(word)
        return form(n, forms, lang) if forms else ""

    parts = []
    players = meta.get("players")
    if isinstance(players, int) and not isinstance(players, bool):
        players = {"min": players, "max": players}
    if isinstance(players, Mapping) and isinstance(players.get("min"), int):
        lo, hi = players["min"], players.get("max")
        if isinstance(hi, int) and hi != lo:
            parts.append(fill(words.players_range, min=lo, max=hi,
                              players=counted("players", hi)))
        elif isinstance(hi, int):
            parts.append(fill(words.players_exact, n=lo, players=counted("players", lo)))
        else:
            parts.append(fill(words.players_from, n=lo, players=counted("players_from", lo)))
    elif isinstance(players, str) and players.strip():
        parts.append(players.strip())
    minutes = meta.get("minutes")
    if isinstance(minutes, int):
        parts.append(fill(words.minutes, n=minutes, minutes=counted("minutes", minutes)))
    elif isinstance(minutes, str) and minutes.strip():
        parts.append(minutes.strip())
    return "  ·  ".join(p.strip() for p in parts)


def typeset_rulebook(meta: Mapping[str, Any], blocks: list[P.Block], lang: str, paper: str,
                     out_file: Path | str, diagrams: Mapping[str, DiagramFn] | None = None,
                     project_url: str = "", words: BookWords | None = None) -> LayoutRecord:
    """Write the rulebook PDF for blocks to out_file (paper "a4" or "letter"); return where
    the headings and page ends fell (see LayoutRecord)."""
    _prepare()
    if diagrams is None:
        from .diagrams import DIAGRAMS
        diagrams = DIAGRAMS
    pagesize = PAPERS[paper.lower()]
    st = Styles(lang)
    words = words or BookWords()
    KEEP_WHOLE.clear()  # filled again from this book's code spans and quoted names
    title = str(meta.get("title") or "")
    footer = "  ·  ".join(w for w in (title, words.label, words.draft) if w)
    doc = RulebookDoc(str(out_file), pagesize, dict(meta), footer, st, lang)
    width = pagesize[0] - 2 * MARGIN
    builder = Builder(st, lang, width, diagrams)

    story: list[Flowable] = [
        Spacer(1, (pagesize[1] - 2 * (MARGIN + 14 * mm)) * 0.22),
        Paragraph(P.escape(title), st.title),
    ]
    if meta.get("subtitle"):
        story.append(Paragraph(builder.inline(P.escape(str(meta["subtitle"]))), st.subtitle))
    facts = facts_line(meta, words, lang)
    if facts:
        story.append(Paragraph(P.escape(facts), st.facts))
    story += [Spacer(1, 14 * mm), MazeOrnament(title, 44 * mm)]
    story += [NextPageTemplate("body"), PageBreak()]

    body = builder.blocks(blocks)
    if builder.toc_entries:
        doc.contents = Contents(builder.toc_entries, st.toc, width)
        story += [Paragraph(P.escape(words.contents), st.toc_title), *doc.contents.flowables(),
                  Spacer(1, 6 * mm)]
    story += [CondPageBreak(40 * mm)] + body
    story += [NextPageTemplate("back"), PageBreak(),
              BackPage(project_url, Paragraph(P.escape(words.back), st.back), width,
                       pagesize[1] - 2 * MARGIN)]
    doc.build(story, canvasmaker=PageNumberCanvas)
    if doc.contents is not None:
        doc.record.notes.wide += doc.contents.wide
    return doc.record


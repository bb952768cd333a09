"""Typeset rulebook blocks into a PDF with ReportLab Platypus.

Pages: a framed title page; the table of contents flowing into the numbered sections (with PDF
bookmarks, footers and page numbers); a back page with a vector QR code to the project's page.
The same input gives byte-identical output (`invariant=1`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    TableStyle,
)

from . import parse as P
from .flowables import (
    BackPage,
    CodeBlock,
    Figure,
    MazeOrnament,
    NoteBox,
    Para,
    RuleTable,
    code_font,
)
from .hyphenate import KEEP_WHOLE
from .ornaments import HexOrnament
from .typedoc import Contents, LayoutRecord, PageNumberCanvas, RulebookDoc
from .typestyle import (
    _ALIGN,
    ACCENT,
    MARGIN,
    NOTE_BG,
    PAPERS,
    RULE,
    SHADE,
    ZEBRA,
    BookWords,
    DiagramFn,
    Heading,
    Styles,
    _prepare,
)
from .typography import _UNBREAKABLE, _smart_quotes, typography

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
    ornament = (HexOrnament(title, 44 * mm) if meta.get("ornament") == "hex"
                else MazeOrnament(title, 44 * mm))
    story += [Spacer(1, 14 * mm), ornament]
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

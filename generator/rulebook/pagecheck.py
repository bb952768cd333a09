"""What a publisher checks on every page of a rulebook, noted while the book is laid out.

`PageNotes` is filled by the document template after each flowable (`note_flowable`) and read by
the typesetting test: every line of text with the page it is on and whether it overflows, the
top-level flowables of each page in order (a heading must not end a page), the pages a table
was spread over, and anything drawn wider than its room. `problems()` turns the notes into
readable findings, one string per fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.platypus import Flowable, Paragraph, Table

SHORT_TABLE = 8  # body rows: a table this short is never split across pages
RUNT = 1 / 3  # a page filled less than this is a runt (unless it ends a chapter or the book)
ONE_LETTER = {"ru": None, "uk": None, "en": {"a", "A", "I"}}  # None: every one-letter word


@dataclass
class Line:
    """One set line: its page, text, whether it is the last of its paragraph, its overflow."""

    page: int
    text: str
    last: bool
    overflow: float  # points past the right edge of the paragraph's room (0 when it fits)
    cell: bool  # set in a table cell
    room: float = 0.0  # the width the line was set in


@dataclass
class PageNotes:
    """Everything the page checks need, noted during layout."""

    lines: list[Line] = field(default_factory=list)
    order: dict[int, list[str]] = field(default_factory=dict)  # page -> flowable kinds
    tables: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # id -> (page, rows)
    wide: list[tuple[int, str, float]] = field(default_factory=list)  # (page, what, overflow)

    def note_flowable(self, page: int, flowable: Flowable, room: float) -> None:
        """Note a top-level flowable just drawn on page, in a frame room points wide."""
        kind = type(flowable).__name__
        if kind in ("Spacer", "CondPageBreak", "PageBreak", "NextPageTemplate", "ActionFlowable"):
            return
        self.order.setdefault(page, []).append(kind)
        width = getattr(flowable, "_width", None)
        if isinstance(width, (int, float)) and width > room + 0.5:
            self.wide.append((page, kind, width - room))
        origin = getattr(flowable, "origin", None)
        if isinstance(flowable, Table) and origin is not None:
            self.tables.setdefault(origin, []).append((page, len(flowable._cellvalues)
                                                       - flowable.repeatRows))
        self._walk(page, flowable, cell=False)

    def _walk(self, page: int, flowable: Any, cell: bool) -> None:
        if isinstance(flowable, Paragraph):
            self._paragraph(page, flowable, cell)
            return
        if isinstance(flowable, Table):
            boxed = type(flowable).__name__ == "NoteBox"  # a boxed note is prose, not a table
            for row in flowable._cellvalues:
                for value in row:
                    for item in value if isinstance(value, (list, tuple)) else [value]:
                        self._walk(page, item, cell=cell or not boxed)
            return
        for name in ("_flowables", "_content"):
            for child in getattr(flowable, name, None) or []:
                self._walk(page, child, cell)

    def _paragraph(self, page: int, para: Paragraph, cell: bool) -> None:
        bl = getattr(para, "blPara", None)
        if bl is None:
            return
        lines = bl.lines
        justified = para.style.alignment == TA_JUSTIFY
        for i, line in enumerate(lines):
            if bl.kind == 0:
                extra, words = line
                text = " ".join(words)
            else:
                extra = line.extraSpace
                text = "".join(getattr(w, "text", "") for w in line.words)
            last = i == len(lines) - 1
            # a justified line may be set a little tight: its spaces shrink, it ends at the margin
            # (an overfull last line too)
            over = 0.0 if justified else max(0.0, -float(extra))
            self.lines.append(Line(page, text.replace("\u00a0", " ").rstrip(), last, over, cell,
                                   float(getattr(para, "width", 0) or 0)))

    def problems(self, lang: str, last_page: int, chapter_ends: set[int],
                 fill: dict[int, float], compounds: set[str]) -> list[str]:
        """Every fault, as 'p.N: what' strings; fill gives each page's used fraction."""
        found = [f"p.{page}: {what} drawn {over:.1f} pt past the margin"
                 for page, what, over in self.wide]
        found += [f"p.{page}: a heading is the last thing on the page"
                  for page, kinds in self.order.items() if kinds and kinds[-1] == "Heading"]
        for pieces in self.tables.values():
            pages = sorted({p for p, _ in pieces})
            rows = sum(r for _, r in pieces)
            if len(pages) > 1 and rows <= SHORT_TABLE:
                found.append(f"p.{pages[0]}: a table of {rows} rows split over pages {pages}")
        found += [f"p.{page}: only {share:.0%} full" for page, share in fill.items()
                  if share < RUNT and page != last_page and page not in chapter_ends]
        letters = ONE_LETTER.get(lang, set())
        for line, after in zip(self.lines, self.lines[1:] + [None]):
            if line.overflow > 1.0:  # a glyph's side bearing: no ink that far
                found.append(f"p.{line.page}: the line “{line.text}” overflows by "
                             f"{line.overflow:.1f} pt")
            if line.last or not line.text:
                continue
            word = line.text.split(" ")[-1]
            if len(word) == 1 and word.isalpha() and (letters is None or word in letters):
                found.append(f"p.{line.page}: the line “{line.text}” ends with “{word}”")
            if not word.endswith("-") or after is None:
                continue
            head = word[:-1].lstrip("«“„‘(")
            tail = re.split(r"[\s,.;:!?»”’)]", after.text, maxsplit=1)[0]
            if f"{head}-{tail}".lower() in compounds:
                continue  # a compound broken at its own hyphen
            if line.cell or "-" in head or "-" in tail:
                where = "a table cell" if line.cell else "a compound"
                found.append(f"p.{line.page}: “{head}-{tail}” hyphenated inside {where}"
)
        return found

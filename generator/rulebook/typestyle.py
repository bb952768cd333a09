"""The rulebooks' look: papers, margins, colours, paragraph styles, the words a book prints
itself (BookWords) and the fonts' fallbacks for missing glyphs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    Flowable,
)

from ..draw.fonts import register_families
from .flowables import (
    Para,
    symbol_font,
)
from .hyphenate import enable_yo, hyphenator

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

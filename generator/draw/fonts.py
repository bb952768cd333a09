"""Register the bundled Noto fonts with ReportLab (embedded and subset in every PDF)."""

from __future__ import annotations

from functools import cache

from reportlab.pdfbase import pdfmetrics

from . import streams  # noqa: F401  (our compression level for every PDF we write)
from .fontmetrics import FONT_DIR, bundled_font

# Logical name used by the drawing code -> file in generator/fonts/.
FONT_FILES = {
    "Sans": "NotoSans-Regular.ttf",
    "Sans-Bold": "NotoSans-Bold.ttf",
    "Sans-Italic": "NotoSans-Italic.ttf",
    "Sans-BoldItalic": "NotoSans-BoldItalic.ttf",
    "Serif": "NotoSerif-Regular.ttf",
    "Serif-Bold": "NotoSerif-Bold.ttf",
    "Serif-Italic": "NotoSerif-Italic.ttf",
    "Serif-BoldItalic": "NotoSerif-BoldItalic.ttf",
}


@cache
def font(name: str) -> str:
    """Register the named bundled font on first use and return its ReportLab name."""
    pdfmetrics.registerFont(bundled_font(name, FONT_DIR / FONT_FILES[name]))
    return name


def register_families() -> None:
    """Register all bundled fonts and the Sans/Serif families (for Platypus <b> and <i>)."""
    for family in ("Sans", "Serif"):
        for style in ("", "-Bold", "-Italic", "-BoldItalic"):
            font(family + style)
        pdfmetrics.registerFontFamily(
            family, normal=family, bold=f"{family}-Bold", italic=f"{family}-Italic",
            boldItalic=f"{family}-BoldItalic",
        )


def text_width(text: str, name: str, size: float) -> float:
    """Width in points of text set in a bundled font."""
    return pdfmetrics.stringWidth(text, font(name), size)

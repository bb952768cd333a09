"""Text whose characters the sheet's face lacks (arrows, minus): drawn in a symbol face instead.

Noto Sans has no arrows (← → ↑ ↓) and no minus sign; a plan's comments and a few sheet texts
use them. A line is split into runs, each drawn in the first face that has its characters:
the sheet's face, then Noto Sans Math. A character neither has becomes '?', so nothing silently
prints as an empty box.
"""

from __future__ import annotations

from functools import cache, lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from .fontmetrics import bundled_font
from .fonts import FONT_DIR, font
from .kit import wrap_greedy

SYMBOL_FACE = "PaperSymbols"
SYMBOL_FILE = "NotoSansMath-Regular.ttf"


@cache
def _chars(face: str) -> frozenset[int]:
    """Return the characters a registered face can draw."""
    return frozenset(pdfmetrics.getFont(face).face.charToGlyph)


@cache
def _drawable(face: str) -> frozenset[str]:
    """Return the characters a registered face draws itself, spaces included (see runs)."""
    return frozenset(map(chr, _chars(face))) | {" ", "\u00a0"}


@cache
def _symbol_face() -> str:
    pdfmetrics.registerFont(bundled_font(SYMBOL_FACE, FONT_DIR / SYMBOL_FILE))
    return SYMBOL_FACE


def runs(text: str, face: str) -> list[tuple[str, str]]:
    """Split text into (registered face, characters) runs that the faces can draw."""
    main = font(face)
    if text and _drawable(main).issuperset(text):  # the usual case, in one step
        return [(main, text)]
    have = _chars(main)
    out: list[tuple[str, str]] = []
    for ch in text:
        if ord(ch) in have or ch in " \u00a0":
            run_face, run_ch = main, ch
        elif ord(ch) in _chars(_symbol_face()):
            run_face, run_ch = SYMBOL_FACE, ch
        else:
            run_face, run_ch = main, "?"
        if out and out[-1][0] == run_face:
            out[-1] = (run_face, out[-1][1] + run_ch)
        else:
            out.append((run_face, run_ch))
    return out


def missing(text: str, face: str) -> str:
    """Return the characters of text that neither the face nor the symbol face can draw."""
    have, symbols = _chars(font(face)), _chars(_symbol_face())
    return "".join(dict.fromkeys(ch for ch in text if ord(ch) not in have
                                 and ord(ch) not in symbols and ch not in " \u00a0"))


@lru_cache(maxsize=4096)  # sheets measure the same labels and the same growing lines again
def width(text: str, face: str, size: float) -> float:
    """Return the width of text drawn with draw()."""
    return sum(pdfmetrics.stringWidth(chunk, name, size) for name, chunk in runs(text, face))


def draw(c: Canvas, x: float, y: float, text: str, face: str, size: float,
         align: str = "left") -> None:
    """Draw text at baseline y: from x (left), centred on x (centre) or ending at x (right)."""
    if align != "left":
        x -= width(text, face, size) / (2 if align == "centre" else 1)
    for name, chunk in runs(text, face):
        c.setFont(name, size)
        c.drawString(x, y, chunk)
        x += pdfmetrics.stringWidth(chunk, name, size)


def fit(text: str, face: str, size: float, room: float, minimum: float = 5.0) -> float:
    """Return size, shrunk so that text fits room (never below minimum)."""
    w = width(text, face, size)
    return size if w <= room or w == 0 else max(minimum, size * room / w)


def wrap(text: str, face: str, size: float, room: float) -> list[str]:
    """Break text at spaces into lines no wider than room (a long word stays whole)."""
    return wrap_greedy(text, lambda line: width(line, face, size) <= room)

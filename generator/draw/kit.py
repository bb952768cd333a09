"""Shared drawing vocabulary: boxes in points, the palette, ink-saver and bleed, fitted text.

Piece-drawing functions all have the shape `draw_x(c, box, thing, style)`: `c` is a ReportLab
canvas, `box` the piece's cut rectangle in points with ReportLab's bottom-left origin, `style`
the options of this build. They draw the background art out to `box` grown by `style.bleed`
(unless `style.ink_saver`), then outlines and text inside `box`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas

from .fonts import font, text_width

INK = HexColor("#1f1a17")
PAPER = HexColor("#ffffff")
CUT = HexColor("#8a8a8a")


@dataclass(frozen=True)
class Box:
    """A rectangle in points, origin bottom-left (ReportLab's convention)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def grown(self, d: float) -> Box:
        """Return the box grown by d on every side."""
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)


@dataclass
class Style:
    """Options of one build that every piece drawing honours, and what did not fit."""

    bleed: float = 0.0  # points
    ink_saver: bool = False
    overflows: list[str] = field(default_factory=list)

    def fill(self, c: Canvas, color: Color) -> bool:
        """Set a large background fill; return False when ink saver drops it."""
        if self.ink_saver:
            return False
        c.setFillColor(color)
        return True

    def fit_size(self, text: str, face: str, size: float, width: float, what: str,
                 min_size: float = 5.0) -> float:
        """Shrink size until text fits width; record an overflow when even min_size is too big."""
        w = text_width(text, face, size)
        if w <= width:
            return size
        fitted = size * width / w
        if fitted < min_size:
            self.overflows.append(
                f"{what}: text {text!r} is too long for its piece even at {min_size:g} pt; "
                "shorten it in the content"
            )
            return min_size
        return fitted

    def text_centred(self, c: Canvas, text: str, x: float, y: float, face: str, size: float,
                     width: float, what: str, color: Color = INK) -> float:
        """Draw one line centred on x at baseline y, shrunk to fit width; return the size used."""
        size = self.fit_size(text, face, size, width, what)
        c.setFillColor(color)
        c.setFont(font(face), size)
        c.drawCentredString(x, y, text)
        return size

    def lines_centred(self, c: Canvas, text: str, x: float, y: float, face: str, size: float,
                      width: float, what: str, max_lines: int = 2, color: Color = INK) -> None:
        """Draw text centred on x around y, wrapped into at most max_lines and shrunk to fit."""
        lines = wrap_balanced(text, face, size, width, max_lines)
        size = min(self.fit_size(line, face, size, width, what) for line in lines)
        lead = size * 1.15
        top = y + (len(lines) - 1) * lead / 2 - size * 0.35
        c.setFillColor(color)
        c.setFont(font(face), size)
        for i, line in enumerate(lines):
            c.drawCentredString(x, top - i * lead, line)


def wrap_balanced(text: str, face: str, size: float, width: float, max_lines: int) -> list[str]:
    """Split text at spaces into at most max_lines lines, preferring one line if it fits."""
    words = text.split()
    if text_width(text, face, size) <= width or len(words) < 2 or max_lines < 2:
        return [text]
    best: list[str] = [text]
    best_w = float("inf")
    for cut in range(1, len(words)):
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        widest = max(text_width(s, face, size) for s in lines)
        if widest < best_w:
            best, best_w = lines, widest
    return best

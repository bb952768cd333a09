"""Shared drawing vocabulary: boxes in points, the palette, ink-saver and bleed, fitted text.

Piece-drawing functions all have the shape `draw_x(c, box, thing, style)`: `c` is a ReportLab
canvas, `box` the piece's cut rectangle in points with ReportLab's bottom-left origin, `style`
the options of this build. They draw the background art out to `box` grown by `style.bleed`
(unless `style.ink_saver`), then outlines and text inside `box`.
"""

from __future__ import annotations

from collections.abc import Callable
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
                 min_size: float = 6.0) -> float:
        """The size of `fit`, for text drawn without narrowed letters."""
        size, squeeze = self.fit(text, face, size, width, what, min_size)
        return size * squeeze  # the same width as the narrowed letters would take

    def fit(self, text: str, face: str, size: float, width: float, what: str,
            min_size: float = 6.0) -> tuple[float, float]:
        """Return (size, horizontal scale) that fit text into width.

        The size shrinks first, down to min_size (6 pt: smaller print is hard to read); then the
        letters are narrowed, down to MIN_SQUEEZE of their width. When even that is too wide,
        the text is recorded as an overflow (a warning, an error with --strict).
        """
        size = max(size, min_size)
        w = text_width(text, face, size)
        if w <= width:
            return size, 1.0
        fitted = size * width / w
        if fitted >= min_size:
            return fitted, 1.0
        size = min(size, min_size)
        squeeze = width / text_width(text, face, size)
        if squeeze < MIN_SQUEEZE:
            self.overflows.append(
                f"{what}: text {text!r} is too long for its piece even at {size:g} pt; "
                "shorten it in the content"
            )
            return size, MIN_SQUEEZE
        return size, squeeze

    def text_centred(self, c: Canvas, text: str, x: float, y: float, face: str, size: float,
                     width: float, what: str, color: Color = INK) -> float:
        """Draw one line centred on x at baseline y, shrunk to fit width; return the size used."""
        size, squeeze = self.fit(text, face, size, width, what)
        c.setFillColor(color)
        _centred(c, text, x, y, face, size, squeeze)
        return size

    def lines_centred(self, c: Canvas, text: str, x: float, y: float, face: str, size: float,
                      width: float, what: str, max_lines: int = 2, color: Color = INK,
                      min_size: float = 6.0) -> None:
        """Draw text centred on x around y, wrapped into at most max_lines and shrunk to fit
        (down to min_size, then narrowed)."""
        lines = wrap_balanced(text, face, size, width, max_lines)
        fits = [self.fit(line, face, size, width, what, min_size) for line in lines]
        size = min(f[0] for f in fits)
        squeeze = min(f[1] for f in fits)
        lead = size * 1.15
        top = y + (len(lines) - 1) * lead / 2 - size * 0.35
        c.setFillColor(color)
        for i, line in enumerate(lines):
            _centred(c, line, x, top - i * lead, face, size, squeeze)


MIN_SQUEEZE = 0.8  # narrowest letters, as a share of their width


def _centred(c: Canvas, text: str, x: float, y: float, face: str, size: float,
             squeeze: float) -> None:
    """One line centred on x, its letters narrowed to squeeze of their width."""
    if squeeze >= 1.0:
        c.setFont(font(face), size)
        c.drawCentredString(x, y, text)
        return
    t = c.beginText()
    t.setFont(font(face), size)
    t.setHorizScale(squeeze * 100)
    t.setTextOrigin(x - text_width(text, face, size) * squeeze / 2, y)
    t.textOut(text)
    c.drawText(t)


def wrap_greedy(text: str, fits: Callable[[str], bool]) -> list[str]:
    """Break text at spaces, filling each line while fits(line) holds (a long word stays
    whole on its own line); no line for empty text. A one-letter word («в», «с», "a", "I")
    never ends a line: it goes down with the word after it."""
    lines: list[str] = []
    line = ""
    words: list[str] = []
    for word in text.split():
        if words and len(words[-1]) == 1 and words[-1].isalpha():
            words[-1] += " " + word
        else:
            words.append(word)
    for word in words:
        trial = f"{line} {word}" if line else word
        if line and not fits(trial):
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def wrap_balanced(text: str, face: str, size: float, width: float, max_lines: int) -> list[str]:
    """Split text at spaces into at most max_lines lines, preferring one line if it fits."""
    words = text.split()
    if text_width(text, face, size) <= width or len(words) < 2 or max_lines < 2:
        return [text]
    best: list[str] = [text]
    best_w = float("inf")
    for cut in range(1, len(words)):
        if len(words[cut - 1]) == 1 and words[cut - 1].isalpha():
            continue  # a one-letter word stays with the word after it
        lines = [" ".join(words[:cut]), " ".join(words[cut:])]
        widest = max(text_width(s, face, size) for s in lines)
        if widest < best_w:
            best, best_w = lines, widest
    return best


def draw_mark(c: Canvas, x: float, y: float, r: float, index: int) -> None:
    """A filled shape that tells players apart without colour: circle, square, triangle,
    diamond, then a five-pointed star; drawn in the current fill colour, centred on (x, y)."""
    import math

    shape = index % 5
    if shape == 0:
        c.circle(x, y, r * 0.85, stroke=0, fill=1)
        return
    if shape == 1:
        side = r * 1.5
        c.rect(x - side / 2, y - side / 2, side, side, stroke=0, fill=1)
        return
    if shape == 2:
        corners = [(x + r * math.cos(math.radians(90 + 120 * i)),
                    y - r * 0.15 + r * math.sin(math.radians(90 + 120 * i))) for i in range(3)]
    elif shape == 3:
        corners = [(x, y + r), (x + r * 0.8, y), (x, y - r), (x - r * 0.8, y)]
    else:
        corners = [(x + (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(90 + 36 * i)),
                    y + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(90 + 36 * i)))
                   for i in range(10)]
    path = c.beginPath()
    path.moveTo(*corners[0])
    for point in corners[1:]:
        path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=0, fill=1)

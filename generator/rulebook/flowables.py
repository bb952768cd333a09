"""Custom flowables of the rulebook: code, figures, notes, tables, title decoration, back page."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from functools import cache

from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table

from ..draw.fontmetrics import bundled_font
from ..draw.fonts import FONT_DIR
from ..draw.kit import Box
from ..draw.qr import draw_qr

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
CODE_BG = colors.HexColor("#f1ede6")
CODE_RULE = colors.HexColor("#cfc6bb")

MONO_FILE = "NotoSansMono-Regular.ttf"
MIN_CODE_SIZE = 7.2


def _wrap_code(line: str, width: int) -> list[str]:
    """Break a code line longer than width characters, at a space when there is one."""
    out: list[str] = []
    while len(line) > width:
        cut = line.rfind(" ", width // 2, width)
        cut = cut + 1 if cut > 0 else width
        out.append(line[:cut].rstrip())
        line = "    " + line[cut:].lstrip()
    out.append(line)
    return out


SYMBOL_FILES = ("NotoSansMath-Regular.ttf", "NotoSansSymbols2-Regular.ttf",
                "NotoSansSymbols-Regular.ttf")


@cache
def symbol_font() -> tuple[str, frozenset[int]] | None:
    """Return a bundled font for arrows and signs the Noto text fonts lack, and its characters."""
    for name in SYMBOL_FILES:
        path = FONT_DIR / name
        if path.exists():
            font = bundled_font("Symbols", path)
            pdfmetrics.registerFont(font)
            return "Symbols", frozenset(font.face.charToGlyph)
    return None


@cache
def code_font() -> tuple[str, float]:
    """Return the code face and size: Noto Sans Mono when bundled, else Sans (spaced evenly)."""
    path = FONT_DIR / MONO_FILE
    if path.exists():
        pdfmetrics.registerFont(bundled_font("Mono", path))
        return "Mono", 8.6
    return "Sans", 8.6


class Para(Paragraph):
    """A paragraph that remembers its line breaks per width (a split tries the same width twice)."""

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        cached = self.__dict__.get("_wrap_cache")
        if cached is not None and cached[0] == availWidth:
            _, self.width, self._wrapWidths, self.blPara, self.height = cached
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        self._wrap_cache = (availWidth, self.width, self._wrapWidths, self.blPara, self.height)
        return width, height


class NoteBox(Table):
    """A boxed note: kept whole when short, split between pages only when it is long."""

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        if getattr(self, "_height", 0) < 320 or availHeight < 90:
            return []
        return super().split(availWidth, availHeight)


class RuleTable(Table):
    """A table that is never split when it has at most 8 rows, nor leaves fewer than 3 rows
    before a page break or 2 after it."""

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        parts = self._split(availWidth, availHeight)
        for part in parts:
            part.origin = getattr(self, "origin", None)  # type: ignore[attr-defined]
        return parts

    def _split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        head = self.repeatRows
        body = len(self._cellvalues) - head
        if body <= 8:
            return []
        parts = super().split(availWidth, availHeight)
        while len(parts) == 2 and len(parts[1]._cellvalues) - head < 2:
            heights = self._rowHeights
            cut = len(parts[0]._cellvalues)
            availHeight -= heights[cut - 1] if cut - 1 < len(heights) else 0
            parts = super().split(availWidth, availHeight)
        if len(parts) == 2 and len(parts[0]._cellvalues) - head < 3:
            return []
        return parts


class CodeBlock(Flowable):
    """Preformatted text on a light panel, every character in a cell of the same width."""

    def __init__(self, text: str, width: float, lines: list[str] | None = None,
                 first: bool = True, last: bool = True, advance: float | None = None) -> None:
        super().__init__()
        self.text = text
        self.lines = lines if lines is not None else (text.expandtabs(4).split("\n") or [""])
        self.box_width = width
        self.first, self.last = first, last
        self.face, size = code_font()
        self.pad = 6.0
        fit = int((width - 2 * self.pad) / (MIN_CODE_SIZE * 0.6))
        if lines is None:
            self.lines = [part for line in self.lines for part in _wrap_code(line, fit)]
        longest = max((len(line) for line in self.lines), default=1) or 1
        # The parts of a split block keep the whole block's type size: a part with shorter
        # lines must not grow taller than the room it was cut for.
        self.advance = advance or min(size * 0.6, (width - 2 * self.pad) / longest)
        self.size = min(size, self.advance / 0.6)
        self.leading = self.size * 1.32
        self.spaceBefore = 3 if first else 0
        self.spaceAfter = 8 if last else 0

    def _height(self, n: int) -> float:
        return n * self.leading + (self.pad if self.first else 2) + (self.pad if self.last else 2)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.box_width
        self.height = self._height(len(self.lines))
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        n = int((availHeight - self.pad - 2) // self.leading)
        if n < 2 or len(self.lines) - n < 2:
            return []
        return [CodeBlock(self.text, self.box_width, self.lines[:n], self.first, False,
                          self.advance),
                CodeBlock(self.text, self.box_width, self.lines[n:], False, self.last,
                          self.advance)]

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.setFillColor(CODE_BG)
        c.setStrokeColor(CODE_RULE)
        c.setLineWidth(0.4)
        c.rect(0, 0, self.width, self.height, stroke=0, fill=1)
        c.line(0, 0, 0, self.height)
        c.setFillColor(INK)
        y = self.height - (self.pad if self.first else 2) - self.size
        mono = self.face != "Sans"
        for line in self.lines:
            if mono:
                c.setFont(self.face, self.size)
                c.drawString(self.pad, y, line)
            else:
                self._draw_spaced(c, line, y)
            y -= self.leading
        c.restoreState()

    def _draw_spaced(self, c: Canvas, line: str, y: float) -> None:
        t = c.beginText()
        t.setFont(self.face, self.size)
        for i, ch in enumerate(line):
            if ch == " ":
                continue
            w = pdfmetrics.stringWidth(ch, self.face, self.size)
            scale = min(1.0, self.advance * 0.96 / w) if w else 1.0
            x = self.pad + i * self.advance + (self.advance - w * scale) / 2
            t.setTextOrigin(x, y)
            t.setHorizScale(scale * 100)
            t.textOut(ch)
        c.drawText(t)


class PainterFlowable(Flowable):
    """A diagram drawn by a piece painter: `paint(c, box)` draws into a Box in local points.

    With `scale` below 1 the painter draws at its natural size (the box is width / scale by
    height / scale) and the result is shrunk, so pieces drawn in absolute millimetres keep
    their proportions.
    """

    def __init__(self, width: float, height: float, paint: Callable[[Canvas, Box], None],
                 scale: float = 1.0) -> None:
        super().__init__()
        self.width, self.height = width, height
        self.paint = paint
        self.scale = scale

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        self.paint(c, Box(0, 0, self.width / self.scale, self.height / self.scale))
        c.restoreState()


class Figure(Flowable):
    """A diagram centred on the column with its caption below; never split.

    A diagram a little too tall for the rest of the page is shrunk to fit it, down to `FIT`
    of its size, rather than leaving most of the page empty; a taller one goes to the next
    page at full size.

    If the diagram fails while it is drawn (content can make a painter fail), the canvas is
    brought back to the state it had (every saveState closed, so the page stays valid PDF),
    the partial drawing is covered, and the fallback (a framed placeholder) is drawn instead.
    """

    FIT = 0.8

    def __init__(self, art: Flowable, caption: Paragraph | None, width: float,
                 fallback: Callable[[], Flowable] | None = None) -> None:
        super().__init__()
        self.art = art
        self.caption = caption
        self.box_width = width
        self.fallback = fallback
        self.spaceBefore = 6
        self.spaceAfter = 10
        self.fit = 1.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.aw, self.ah = self.art.wrap(availWidth, availHeight)
        self.ch = self.caption.wrap(availWidth * 0.85, availHeight)[1] if self.caption else 0
        below = self.ch + 4 if self.caption else 0
        room = (availHeight - below) / self.ah if self.ah > 0 else 1.0
        self.fit = room if self.FIT <= room < 1.0 else 1.0
        self.aw, self.ah = self.aw * self.fit, self.ah * self.fit
        self.width = availWidth
        self.height = self.ah + below
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        x, y = (self.width - self.aw) / 2, self.height - self.ah
        depth = len(c.state_stack)
        try:
            c.saveState()
            c.translate(x, y)
            c.scale(self.fit, self.fit)
            self._draw_art(self.art, 0, 0)
            c.restoreState()
        except Exception:
            if self.fallback is None:
                raise
            while len(c.state_stack) > depth:
                c.restoreState()
            c.saveState()
            c.setFillColor(colors.white)
            c.rect(x - 2, y - 2, self.aw + 4, self.ah + 4, stroke=0, fill=1)
            c.restoreState()
            art = self.fallback()
            aw, ah = art.wrap(self.width, self.ah)
            self._draw_art(art, (self.width - aw) / 2, self.height - self.ah + (self.ah - ah) / 2)
        if self.caption:
            self.caption.drawOn(c, self.width * 0.075, 0)

    def _draw_art(self, art: Flowable, x: float, y: float) -> None:
        if isinstance(art, Drawing):  # no Helvetica default in the PDF
            art.initialFontName = "Sans"
        art.drawOn(self.canv, x, y)


class TitleFrame:
    """The decorative frame of the title page: double rule, a meander band, corner squares."""

    def __init__(self, pagesize: tuple[float, float], margin: float) -> None:
        self.w, self.h = pagesize
        self.m = margin

    def draw_on(self, c: Canvas) -> None:
        m, w, h = self.m, self.w, self.h
        band = 9 * mm
        c.saveState()
        c.setStrokeColor(ACCENT)
        c.setLineWidth(1.6)
        c.rect(m, m, w - 2 * m, h - 2 * m)
        c.setLineWidth(0.6)
        c.rect(m + band, m + band, w - 2 * (m + band), h - 2 * (m + band))
        c.setLineWidth(0.9)
        c.setLineJoin(0)
        x0, x1 = m + band, w - m - band
        y0, y1 = m + band, h - m - band
        self._meander(c, x0, x1, m, band, horizontal=True, flip=False)
        self._meander(c, x0, x1, h - m - band, band, horizontal=True, flip=True)
        self._meander(c, y0, y1, m, band, horizontal=False, flip=False)
        self._meander(c, y0, y1, w - m - band, band, horizontal=False, flip=True)
        for cx in (m, w - m - band):
            for cy in (m, h - m - band):
                self._corner(c, cx, cy, band)
        c.restoreState()

    @staticmethod
    def _meander(c: Canvas, a0: float, a1: float, b0: float, band: float, horizontal: bool,
                 flip: bool) -> None:
        g = band / 6
        n = max(1, int((a1 - a0) // (5 * g)))
        unit = (a1 - a0) / n
        k = unit / 5
        # one key per unit, drawn in (along, across) coordinates, across measured from the page edge
        key = [(0.5, 1), (4.5, 1), (4.5, 5), (1.5, 5), (1.5, 2.6), (3.3, 2.6), (3.3, 3.6),
               (2.6, 3.6)]
        path = c.beginPath()
        for i in range(n):
            pts = []
            for along, across in key:
                a = a0 + i * unit + along * k
                b = b0 + (band - across * g if flip else across * g)
                pts.append((a, b) if horizontal else (b, a))
            path.moveTo(*pts[0])
            for p in pts[1:]:
                path.lineTo(*p)
        c.drawPath(path, stroke=1, fill=0)

    @staticmethod
    def _corner(c: Canvas, x: float, y: float, band: float) -> None:
        c.setFillColor(colors.white)
        c.rect(x, y, band, band, stroke=1, fill=1)
        c.rect(x + band * 0.22, y + band * 0.22, band * 0.56, band * 0.56, stroke=1, fill=0)
        c.setFillColor(ACCENT)
        c.rect(x + band * 0.41, y + band * 0.41, band * 0.18, band * 0.18, stroke=0, fill=1)


class MazeOrnament(Flowable):
    """A small square maze, the same for the same seed text (crc32, not hash())."""

    def __init__(self, seed: str, size: float, cells: int = 11) -> None:
        super().__init__()
        self.seed = zlib.crc32(seed.encode("utf-8"))
        self.size = size
        self.n = cells
        self.hAlign = "CENTER"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = self.height = min(self.size, availWidth)
        return self.width, self.height

    def draw(self) -> None:
        n = self.n
        rng = random.Random(self.seed)
        right = [[True] * n for _ in range(n)]  # wall on the right of (x, y)
        down = [[True] * n for _ in range(n)]  # wall below (x, y)
        seen = [[False] * n for _ in range(n)]
        stack = [(0, 0)]
        seen[0][0] = True
        while stack:
            x, y = stack[-1]
            options = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                       if 0 <= x + dx < n and 0 <= y + dy < n and not seen[y + dy][x + dx]]
            if not options:
                stack.pop()
                continue
            nx, ny = rng.choice(options)
            if nx != x:
                right[y][min(x, nx)] = False
            else:
                down[min(y, ny)][x] = False
            seen[ny][nx] = True
            stack.append((nx, ny))
        s = self.width / n
        c = self.canv
        c.saveState()
        c.setStrokeColor(ACCENT)
        c.setLineWidth(max(0.8, s * 0.16))
        c.setLineCap(2)
        path = c.beginPath()

        def seg(x0: float, y0: float, x1: float, y1: float) -> None:
            path.moveTo(x0 * s, self.height - y0 * s)
            path.lineTo(x1 * s, self.height - y1 * s)

        seg(1, 0, n, 0)  # top, entrance at the top left
        seg(0, 0, 0, n)
        seg(0, n, n - 1, n)  # bottom, exit at the bottom right
        seg(n, 0, n, n)
        for y in range(n):
            for x in range(n):
                if right[y][x] and x < n - 1:
                    seg(x + 1, y, x + 1, y + 1)
                if down[y][x] and y < n - 1:
                    seg(x, y + 1, x + 1, y + 1)
        c.drawPath(path, stroke=1, fill=0)
        c.restoreState()


class BackPage(Flowable):
    """The last page: a line of text and a QR code with the project's address under it."""

    def __init__(self, url: str, text: Paragraph, width: float, height: float) -> None:
        super().__init__()
        self.url = url
        self.text = text
        self.box = (width, height)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        self.height = min(self.box[1], availHeight) - 1
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        qr = 48 * mm  # with its quiet zone of 4 modules
        top = self.height * 0.62
        if self.url:
            tw, th = self.text.wrap(self.width * 0.7, self.height)
            self.text.drawOn(c, (self.width - tw) / 2, top + qr / 2 + 7 * mm)
            draw_qr(c, (self.width - qr) / 2, top - qr / 2, qr, self.url)
            c.linkURL(self.url, ((self.width - qr) / 2, top - qr / 2, (self.width + qr) / 2,
                                 top + qr / 2), relative=1)
            c.setFont("Sans", 9.5)
            c.setFillColor(MUTED)
            c.drawCentredString(self.width / 2, top - qr / 2 - 5 * mm, self.url)
        c.setFont("Sans", 8)
        c.setFillColor(MUTED)
        c.drawCentredString(self.width / 2, 0, "labyrinth-pnp")

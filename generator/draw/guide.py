"""Draw the print guide page: a title, how to print, and a table of sheets or files."""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from .fonts import font, text_width
from .kit import INK, Box, Style, wrap_greedy

RULE = HexColor("#b9b1a6")
MUTED = HexColor("#555555")


def wrap(text: str, face: str, size: float, width: float) -> list[str]:
    """Greedy line breaking at spaces and at the line breaks in text (an empty line stays)."""
    return [line for para in text.split("\n")
            for line in (wrap_greedy(para, lambda s: text_width(s, face, size) <= width)
                         or [""])]


def _paragraph(c: Canvas, text: str, x: float, y: float, width: float, face: str,
               size: float) -> float:
    """Draw wrapped text from baseline y down; return the y below it."""
    c.setFont(font(face), size)
    for line in wrap(text, face, size, width):
        c.drawString(x, y, line)
        y -= size * 1.3
    return y


def draw_guide(c: Canvas, box: Box, guide: Any, style: Style) -> None:
    """Draw the guide (or, given a text, the note on the guide's blank back)."""
    c.setFillColor(INK)
    if isinstance(guide, str):
        c.setFont(font("Sans"), 9)
        c.setFillColor(MUTED)
        c.drawCentredString(box.cx, box.cy, guide)
        return
    x, width = box.x, box.w
    y = box.y + box.h - 20
    y = _paragraph(c, guide.title, x, y, width, "Sans-Bold", 17) - 4
    for text in (guide.intro, guide.duplex, guide.count):
        text = text() if callable(text) else text  # counted when drawn (a rulebook's pages)
        if text:
            y = _paragraph(c, text, x, y, width, "Sans", 10) - 5
    y -= 6
    y = _table(c, guide, x, y, width)
    if guide.reprint:
        c.setFillColor(INK)
        _paragraph(c, guide.reprint, x, y - 12, width, "Sans", 9.5)


def _table(c: Canvas, guide: Any, x: float, y: float, width: float) -> float:
    """Draw the head and the rows; return the y below the table."""
    pad = 4.0
    rows = [(guide.heads, "Sans-Bold", 9.0)] + [
        ((r.label, r.contents() if callable(r.contents) else r.contents, r.stock, r.sides,
          r.cut), "Sans", 9.0) for r in guide.rows]
    cols = _fitted([width * w for w in guide.widths], rows, pad)
    c.setLineWidth(0.5)
    c.setStrokeColor(RULE)
    for cells, face, size in rows:
        wrapped = [wrap(text, face, size, w - 2 * pad) for text, w in zip(cells, cols)]
        height = max(len(lines) for lines in wrapped) * size * 1.25 + 2 * pad
        c.line(x, y, x + width, y)
        cx = x
        c.setFillColor(INK)
        for lines, w in zip(wrapped, cols):
            c.setFont(font(face), size)
            ty = y - pad - size
            for line in lines:
                c.drawString(cx + pad, ty, line)
                ty -= size * 1.25
            cx += w
        y -= height
    c.line(x, y, x + width, y)
    return y


def _fitted(cols: list[float], rows: list[tuple[Any, str, float]], pad: float) -> list[float]:
    """The columns widened where a word of theirs (a head such as «Аркушів») would not fit,
    the room taken from the column with the most to spare."""
    need = [max((text_width(word, face, size) for cells, face, size in rows
                 for word in str(cells[i]).split()), default=0.0) + 2 * pad
            for i in range(len(cols))]
    cols = list(cols)
    for i, want in enumerate(need):
        short = want - cols[i]
        if short <= 0:
            continue
        spare = max(range(len(cols)), key=lambda j: (cols[j] - need[j], -j))
        if spare == i or cols[spare] - need[spare] < short:
            continue  # nothing to take from: the word keeps overflowing, as before
        cols[i] += short
        cols[spare] -= short
    return cols


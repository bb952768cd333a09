"""Draw Goblin Slayer's player aid: its sections in two columns, then the symbol key."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..content.goblin import AidSection, AidSymbols, AidTexts
from .art import draw_picture
from .fonts import font, text_width
from .goblin import counter_picture, draw_symbol
from .kit import INK, Box, Style, wrap_greedy

AID_ACCENT = HexColor("#7a3b1d")
AID_MIN_PT = 6.0  # the smallest body text the aid may shrink to


def _wrap(text: str, face: str, size: float, width: float) -> list[str]:
    return wrap_greedy(text, lambda line: text_width(line, face, size) <= width)


def draw_player_aid(c: Canvas, box: Box, aid: AidTexts, game_name: str, style: Style) -> None:
    """Draw the player aid in box: its sections in two columns, then the symbol key."""
    body = 12.0
    while True:
        height = _aid_layout(None, box, aid, game_name, body)
        if height <= box.h or body <= AID_MIN_PT:
            break
        body = max(AID_MIN_PT, body * 0.96)
    if height > box.h:
        style.overflows.append(f"player aid: text does not fit its box even at {body:.1f} pt; "
                               "shorten the texts in text/LANG.yaml")
    _aid_layout(c, box, aid, game_name, body)


def _aid_heading(c: Canvas, text: str, x: float, y: float, width: float, body: float) -> None:
    """A section's heading of the player aid, ruled underneath, its baseline at y."""
    c.setFillColor(AID_ACCENT)
    c.setFont(font("Serif-Bold"), body * 1.3)
    c.drawString(x, y, text)
    c.setStrokeColor(AID_ACCENT)
    c.setLineWidth(0.6)
    c.line(x, y - body * 0.4, x + width, y - body * 0.4)


def _aid_section(c: Canvas | None, section: AidSection, x: float, y: float, width: float,
                 body: float) -> float:
    """Draw (or only measure) one section with its top at y; return its height."""
    top = y
    y -= body * 2.1
    if c is not None:
        _aid_heading(c, section.heading, x, y, width, body)
    y -= body * 0.5
    indent = body * (2.2 if section.marks != "bullets" else 1.1)
    for n, item in enumerate(section.items, start=1):
        lines = []
        if item.title:
            lines.append(("Sans-Bold", item.title))
        lines += [("Sans", line) for line in _wrap(item.text, "Sans", body, width - indent)]
        first = True
        for face, line in lines:
            y -= body * (1.5 if first else 1.24)
            if c is not None:
                if first:
                    _aid_mark(c, section.marks, n, x, y, body)
                c.setFillColor(INK)
                c.setFont(font(face), body)
                c.drawString(x + indent, y, line)
            first = False
        y -= body * 0.15
    return top - y


def _aid_mark(c: Canvas, marks: str, n: int, x: float, y: float, body: float) -> None:
    mark_x, mark_y = x + body * 0.8, y + body * 0.35
    c.setFillColor(AID_ACCENT)
    if marks == "numbers":
        c.circle(mark_x, mark_y, body * 0.72, stroke=0, fill=1)
        c.setFillColor(HexColor("#ffffff"))
        c.setFont(font("Sans-Bold"), body * 0.9)
        c.drawCentredString(mark_x, mark_y - body * 0.32, str(n))
    elif marks == "stones":
        draw_picture(c, counter_picture("stone"), mark_x, mark_y, body * 1.68, body * 1.68)
    else:
        c.circle(x + body * 0.3, mark_y, body * 0.17, stroke=0, fill=1)


def _aid_symbols(c: Canvas | None, symbols: AidSymbols, x: float, y: float, width: float,
                 body: float, style: Style | None = None) -> float:
    """Draw (or measure) the symbol key in two columns; return its height."""
    top = y
    y -= body * 2.1
    if c is not None:
        _aid_heading(c, symbols.heading, x, y, width, body)
    y -= body * 0.6
    cell = body * 2.6
    half = width / 2
    rows = (len(symbols.items) + 1) // 2
    for i, item in enumerate(symbols.items):
        col, row = divmod(i, rows)
        cx = x + col * half + cell / 2
        cy = y - row * cell - cell / 2
        if c is not None:
            draw_symbol(c, item.symbol, cx, cy, cell * 0.86, style or Style())
            c.setFillColor(INK)
            c.setFont(font("Sans"), body)
            label = _wrap(item.label, "Sans", body, half - cell - body * 0.5)
            for k, line in enumerate(label[:2]):
                c.drawString(x + col * half + cell + body * 0.4,
                             cy - body * 0.35 + (len(label[:2]) - 1) * body * 0.6 - k * body * 1.2,
                             line)
    return top - (y - rows * cell)


def _aid_layout(c: Canvas | None, box: Box, aid: AidTexts, game_name: str, body: float) -> float:
    """Lay out (and draw when c is given) the aid at body size; return the height used."""
    pad = body * 1.4
    gap = body * 1.6
    x0, top = box.x + pad, box.y + box.h - pad
    width = box.w - 2 * pad
    col_w = (width - gap) / 2
    y = top - body * 2.0
    if c is not None:
        c.setStrokeColor(AID_ACCENT)
        c.setLineWidth(1.2)
        c.roundRect(box.x, box.y, box.w, box.h, body, stroke=1, fill=0)
        Style().text_centred(c, f"{game_name} — {aid.title}", box.cx, y, "Serif-Bold",
                             body * 1.8, width, "player aid title", AID_ACCENT)
    y -= body * 0.8
    heights = [_aid_section(None, sec, 0, 0, col_w, body) for sec in aid.sections]
    sym_h = _aid_symbols(None, aid.symbols, 0, 0, col_w, body)
    # split the sections into two columns as evenly as the order allows; the key goes last
    total = sum(heights) + sym_h
    best, split = float("inf"), len(heights)
    for k in range(1, len(heights) + 1):
        left = sum(heights[:k])
        worst = max(left, total - left)
        if worst < best:
            best, split = worst, k
    for col, sections in enumerate((aid.sections[:split], aid.sections[split:])):
        yy = y
        xx = x0 + col * (col_w + gap)
        for sec in sections:
            yy -= _aid_section(c, sec, xx, yy, col_w, body)
        if col == 1:
            yy -= _aid_symbols(c, aid.symbols, xx, yy, col_w, body)
    return top - (y - best) + pad * 2

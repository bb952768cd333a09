"""Pieces of «Волшебный лабиринт»: ingredient tokens, formula cards, counters, score sheet.

All art is our own simple vector design: a parchment face with a violet rim for tokens and
cards, a starry violet back, and plain pictograms on the counters.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import Canvas

from ..units import mm
from .fonts import font, text_width
from .kit import INK, Box, Style, draw_mark

VIOLET = HexColor("#4b2a6b")
VIOLET_DARK = HexColor("#2e1745")
GOLD = HexColor("#c9a227")
PARCHMENT = HexColor("#f4e8c8")
PARCHMENT_DEEP = HexColor("#e8d3a0")


@dataclass(frozen=True)
class TokenFace:
    number: int
    value: int
    name: str


@dataclass(frozen=True)
class CardFace:
    card: int
    title: str
    ingredients: tuple[TokenFace, ...]
    hint: str
    label: str


@dataclass(frozen=True)
class BackFace:
    title: str
    overprint: float = 2.0  # mm of back art past the cut line, for duplex misregistration


@dataclass(frozen=True)
class CounterFace:
    label: str
    color: str
    picture: str  # wand | pawn | marker
    mark: int | None = None  # a pawn's shape, the same as on its start corner (kit.draw_mark)


def _star(c: Canvas, x: float, y: float, r: float, points: int = 5, inner: float = 0.45,
          rotation: float = 90.0) -> None:
    path = c.beginPath()
    for i in range(points * 2):
        radius = r if i % 2 == 0 else r * inner
        angle = math.radians(rotation + i * 180.0 / points)
        px, py = x + radius * math.cos(angle), y + radius * math.sin(angle)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def draw_token_front(c: Canvas, box: Box, face: TokenFace, style: Style) -> None:
    """A round ingredient token: big number, ingredient name, violet rim.

    The rim keeps 2 mm clear of the cut, so a cut 1 mm off does not leave a lopsided border.
    """
    r = box.w / 2
    if style.fill(c, PARCHMENT):
        c.circle(box.cx, box.cy, r + style.bleed, stroke=0, fill=1)
    c.setStrokeColor(VIOLET)
    c.setLineWidth(mm(1.0))
    c.circle(box.cx, box.cy, r - mm(2.5), stroke=1, fill=0)
    size = box.w * (0.36 if face.number < 10 else 0.31)
    base = box.cy + box.h * 0.01
    size = style.text_centred(c, str(face.number), box.cx, base, "Serif-Bold", size,
                              box.w * 0.6, f"token {face.number}", color=VIOLET)
    if face.number in (6, 9):  # a round token is read from any side: 6 and 9 are underlined
        half = text_width(str(face.number), "Serif-Bold", size) / 2
        c.setStrokeColor(VIOLET)
        c.setLineWidth(mm(0.5))
        c.line(box.cx - half, base - mm(0.9), box.cx + half, base - mm(0.9))
    c.setFillColor(GOLD)
    _star(c, box.cx, box.cy + box.h * 0.31, box.w * 0.04)
    # the name: two lines of at least 6 pt inside the gold ring
    style.lines_centred(c, face.name, box.cx, box.cy - box.h * 0.17, "Sans-Bold",
                        6.0, box.w * 0.64, f"token {face.number} name", color=INK)
    if face.value != face.number:
        c.setFillColor(VIOLET)
        style.text_centred(c, f"={face.value}", box.cx + box.w * 0.26, box.cy + box.h * 0.2,
                           "Sans-Bold", box.w * 0.07, box.w * 0.2, f"token {face.number} value",
                           color=VIOLET)


def draw_token_back(c: Canvas, box: Box, face: BackFace, style: Style) -> None:
    """The common token back: a violet disc with a gold star and a ring of dots.

    The disc reaches `overprint` past the cut (or the bleed, if larger), so a back printed a
    little off its front still covers it; no line lies within 2 mm of the cut.
    """
    r = box.w / 2
    if style.fill(c, VIOLET):
        c.circle(box.cx, box.cy, r + max(style.bleed, mm(face.overprint)), stroke=0, fill=1)
    c.setStrokeColor(GOLD)
    c.setLineWidth(mm(0.4))
    c.circle(box.cx, box.cy, r - mm(2.6), stroke=1, fill=0)
    c.setFillColor(GOLD)
    _star(c, box.cx, box.cy, r * 0.42)
    for i in range(16):
        a = math.radians(i * 22.5)
        c.circle(box.cx + r * 0.68 * math.cos(a), box.cy + r * 0.68 * math.sin(a), r * 0.035,
                 stroke=0, fill=1)


def _mini_token(c: Canvas, x: float, y: float, r: float, number: int) -> None:
    c.setFillColor(PARCHMENT)
    c.setStrokeColor(VIOLET)
    c.setLineWidth(mm(0.6))
    c.circle(x, y, r, stroke=1, fill=1)
    c.setFillColor(VIOLET)
    size = r * (1.05 if number < 10 else 0.9)
    c.setFont(font("Serif-Bold"), size)
    c.drawCentredString(x, y - size * 0.35, str(number))


def _frame(c: Canvas, box: Box, inset: float, color: Color, width: float) -> None:
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.roundRect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset,
                mm(2.5), stroke=1, fill=0)


def draw_card_front(c: Canvas, box: Box, face: CardFace, style: Style) -> None:
    """A secret formula card: title, a flask, the three ingredients, the bonus hint."""
    if style.fill(c, PARCHMENT):
        bb = box.grown(style.bleed)
        c.rect(bb.x, bb.y, bb.w, bb.h, stroke=0, fill=1)
    _frame(c, box, mm(3), VIOLET, mm(0.9))
    _frame(c, box, mm(4.2), GOLD, mm(0.3))
    top = box.y + box.h
    style.text_centred(c, face.title, box.cx, top - mm(12), "Serif-Bold", 12.5, box.w - mm(14),
                       f"card {face.card} title", color=VIOLET)
    _flask(c, box.cx, top - mm(21), mm(4.6), style)
    row_h = mm(14)
    for i, ing in enumerate(face.ingredients):
        y = top - mm(34.5) - i * row_h
        if style.fill(c, PARCHMENT_DEEP):
            c.roundRect(box.x + mm(7), y - mm(6), box.w - mm(14), mm(12), mm(6), stroke=0, fill=1)
        _mini_token(c, box.x + mm(13), y, mm(5.2), ing.number)
        text_x = box.x + mm(20) + (box.w - mm(27)) / 2
        style.lines_centred(c, ing.name, text_x, y, "Sans-Bold", 9.0, box.w - mm(29),
                            f"card {face.card} ingredient {ing.number}")
    style.lines_centred(c, face.hint, box.cx, box.y + mm(13), "Sans-Italic", 7.0,
                        box.w - mm(14), f"card {face.card} hint")
    style.text_centred(c, face.label, box.cx, box.y + mm(6.2), "Sans", 6.0, box.w - mm(14),
                       f"card {face.card} label", color=HexColor("#6b5a7a"))


def _flask(c: Canvas, x: float, y: float, r: float, style: Style) -> None:
    c.setStrokeColor(VIOLET)
    c.setLineWidth(mm(0.5))
    c.setFillColor(HexColor("#8e6bb5") if not style.ink_saver else white)
    c.circle(x, y - r * 0.25, r * 0.8, stroke=1, fill=1)
    c.setFillColor(white)
    c.rect(x - r * 0.22, y + r * 0.45, r * 0.44, r * 0.55, stroke=1, fill=1)
    c.setFillColor(GOLD)
    for dx, dy, s in ((-0.25, -0.2, 0.16), (0.2, -0.45, 0.12), (0.1, 0.05, 0.09)):
        c.circle(x + dx * r, y + dy * r, s * r, stroke=0, fill=1)


def draw_card_back(c: Canvas, box: Box, face: BackFace, style: Style) -> None:
    """The common formula-card back: violet field, gold frame, title and star.

    The field reaches `overprint` past the cut (or the bleed, if larger); frames stay 3 mm in.
    """
    if style.fill(c, VIOLET):
        bb = box.grown(max(style.bleed, mm(face.overprint)))
        c.rect(bb.x, bb.y, bb.w, bb.h, stroke=0, fill=1)
    _frame(c, box, mm(3), GOLD, mm(0.7))
    _frame(c, box, mm(4.5), GOLD, mm(0.25))
    c.setFillColor(GOLD)
    _star(c, box.cx, box.cy + mm(8), mm(13))
    for i in range(12):
        a = math.radians(i * 30)
        c.circle(box.cx + mm(19) * math.cos(a), box.cy + mm(8) + mm(19) * math.sin(a), mm(0.8),
                 stroke=0, fill=1)
    color = GOLD if not style.ink_saver else VIOLET
    style.lines_centred(c, face.title, box.cx, box.cy - mm(22), "Serif-Bold", 13,
                        box.w - mm(14), "card back title", color=color)


def draw_counter(c: Canvas, box: Box, face: CounterFace, style: Style) -> None:
    """A round counter: coloured disc, a white pictogram, a small label."""
    r = box.w / 2
    color = HexColor(face.color)
    if style.fill(c, color):
        c.circle(box.cx, box.cy, r + style.bleed, stroke=0, fill=1)
        light = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.62
        ink = INK if light else white
    else:
        ink = color
    c.setStrokeColor(ink)
    c.setFillColor(ink)
    c.setLineWidth(mm(0.35))
    c.circle(box.cx, box.cy, r - mm(1.2), stroke=1, fill=0)
    cy = box.cy + r * 0.12
    if face.picture == "wand":
        c.setLineWidth(mm(1.3))
        c.setLineCap(1)
        c.line(box.cx - r * 0.42, cy - r * 0.32, box.cx + r * 0.2, cy + r * 0.18)
        _star(c, box.cx + r * 0.3, cy + r * 0.26, r * 0.24)
    elif face.picture == "pawn":
        c.circle(box.cx, cy + r * 0.28, r * 0.17, stroke=0, fill=1)
        p = c.beginPath()
        p.moveTo(box.cx - r * 0.14, cy + r * 0.12)
        p.lineTo(box.cx + r * 0.14, cy + r * 0.12)
        p.lineTo(box.cx + r * 0.3, cy - r * 0.3)
        p.lineTo(box.cx - r * 0.3, cy - r * 0.3)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
        if face.mark is not None:
            draw_mark(c, box.cx + r * 0.5, cy + r * 0.3, r * 0.16, face.mark)
    else:  # marker: an arrow pointing into the board
        p = c.beginPath()
        p.moveTo(box.cx - r * 0.36, cy + r * 0.26)
        p.lineTo(box.cx + r * 0.36, cy + r * 0.26)
        p.lineTo(box.cx, cy - r * 0.34)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    style.text_centred(c, face.label, box.cx, box.cy - r * 0.62, "Sans-Bold", 6.0, r * 1.3,
                       f"counter {face.label}", color=ink)

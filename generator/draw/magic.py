"""Pieces of «Волшебный лабиринт»: ingredient tokens, formula cards, counters, score sheet.

A parchment face with a violet rim for tokens and cards, a starry violet back. The pictures
(the 21 ingredients, the counters' pictograms) are content files, `art:` in tokens.yaml and
counters.yaml, drawn by `draw.art`; a piece whose picture is not registered is drawn without.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor, white
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from ..content.art import Picture, registered
from ..units import mm
from .art import draw_picture
from .fonts import font, text_width
from .kit import INK, Box, Style, draw_mark

GAME = "magic-labyrinth"

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


def _picture(key: str) -> Picture | None:
    """The picture the loaded content gives a key (ingredient-N, wands, markers, pawn-I)."""
    return registered(GAME, key)


def draw_token_front(c: Canvas, box: Box, face: TokenFace, style: Style) -> None:
    """A round ingredient token: the ingredient's picture, its number beside it, its name on a
    band across the lower half, a violet rim.

    The rim keeps 2 mm clear of the cut, so a cut 1 mm off does not leave a lopsided border;
    the band stops 0.9 mm inside the cut. The rest is laid out for a 25 mm token and scaled.
    """
    r = box.w / 2
    k = box.w / mm(25)  # everything below is laid out for the default 25 mm token
    if style.fill(c, PARCHMENT):
        c.circle(box.cx, box.cy, r + style.bleed, stroke=0, fill=1)
    band_top, band_bottom = box.cy - mm(1.5) * k, box.cy - mm(7.7) * k
    c.saveState()  # the rim stops at the band, so the name never sits on a line
    clip = c.beginPath()
    clip.rect(box.x - r, box.y - r, box.w + 2 * r, box.h + 2 * r)
    clip.rect(box.x - r, band_bottom, box.w + 2 * r, band_top - band_bottom)
    c.clipPath(clip, stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    c.setStrokeColor(VIOLET)
    c.setLineWidth(mm(1.0))
    c.circle(box.cx, box.cy, r - mm(2.5), stroke=1, fill=0)
    c.restoreState()
    _name_band(c, box, r - mm(0.9), band_top, band_bottom, style)
    draw_picture(c, _picture(f"ingredient-{face.number}"), box.cx + mm(3.3) * k,
                 box.cy + mm(3.5) * k, mm(10.0) * k, mm(10.0) * k, ink_saver=style.ink_saver)
    nx, base = box.cx - mm(4.7) * k, box.cy + mm(0.9) * k
    size = style.text_centred(c, str(face.number), nx, base, "Serif-Bold",
                              15.5 * k, mm(6.4) * k,  # one size, shrunk only to fit
                              f"token {face.number}", color=VIOLET)
    if face.number in (6, 9):  # a round token is read from any side: 6 and 9 are underlined
        half = text_width(str(face.number), "Serif-Bold", size) / 2
        c.setStrokeColor(VIOLET)
        c.setLineWidth(mm(0.45) * k)
        c.line(nx - half, base - mm(0.8) * k, nx + half, base - mm(0.8) * k)
    top = box.cy + mm(6.9) * k
    if face.value != face.number:
        style.text_centred(c, f"={face.value}", nx, top - mm(0.9) * k, "Sans-Bold", 6.5 * k,
                           mm(6) * k, f"token {face.number} value", color=VIOLET)
    else:
        c.setFillColor(GOLD)
        _star(c, nx, top, mm(1.1) * k)
    ink = INK if style.ink_saver else white
    style.lines_centred(c, face.name, box.cx, (band_top + band_bottom) / 2, "Sans-Bold",
                        NAME_PT * k, mm(17.2) * k, f"token {face.number} name", color=ink,
                        min_size=min(NAME_PT, max(6.0, NAME_PT * k)))  # 6 pt, then a warning


NAME_PT = 6.5  # the smallest type on a token: readable at arm's length


def _name_band(c: Canvas, box: Box, radius: float, top: float, bottom: float,
               style: Style) -> None:
    """The violet band the token's name is printed on (with the ink saver: its two edges)."""
    half = [math.sqrt(max(radius ** 2 - (y - box.cy) ** 2, 0.0)) for y in (top, bottom)]
    if style.ink_saver:
        c.setStrokeColor(VIOLET)
        c.setLineWidth(mm(0.3))
        for y, h in zip((top, bottom), half):
            c.line(box.cx - h, y, box.cx + h, y)
        return
    path = c.beginPath()
    a_top = math.degrees(math.asin((top - box.cy) / radius))
    a_bottom = math.degrees(math.asin((bottom - box.cy) / radius))
    path.moveTo(box.cx + half[0], top)
    path.arcTo(box.cx - radius, box.cy - radius, box.cx + radius, box.cy + radius, a_top,
               a_bottom - a_top)
    path.lineTo(box.cx - half[1], bottom)
    path.arcTo(box.cx - radius, box.cy - radius, box.cx + radius, box.cy + radius,
               180 - a_bottom, a_bottom - a_top)
    path.close()
    c.setFillColor(VIOLET)
    c.drawPath(path, stroke=0, fill=1)


def draw_token_back(c: Canvas, box: Box, face: BackFace, style: Style) -> None:
    """The common token back: a violet disc, a gold ring and the emblem (`art.token_back`).

    The disc reaches `overprint` past the cut (or the bleed, if larger), so a back printed a
    little off its front still covers it; no line lies within 2 mm of the cut.
    """
    r = box.w / 2
    if style.fill(c, VIOLET):
        c.circle(box.cx, box.cy, r + max(style.bleed, mm(face.overprint)), stroke=0, fill=1)
    c.setStrokeColor(GOLD)
    c.setLineWidth(mm(0.4))
    c.circle(box.cx, box.cy, r - mm(2.6), stroke=1, fill=0)
    draw_picture(c, _picture("token-back"), box.cx, box.cy, 2 * r, 2 * r,
                 ink_saver=style.ink_saver)


def _mini_token(c: Canvas, x: float, y: float, r: float, number: int) -> None:
    """A small violet disc with the token's number in white: the number beside a picture."""
    c.setFillColor(VIOLET)
    c.circle(x, y, r, stroke=0, fill=1)
    c.setFillColor(white)
    size = r * (1.25 if number < 10 else 1.05)
    c.setFont(font("Serif-Bold"), size)
    c.drawCentredString(x, y - size * 0.35, str(number))


def _frame(c: Canvas, box: Box, inset: float, color: Color, width: float) -> None:
    c.setStrokeColor(color)
    c.setLineWidth(width)
    c.roundRect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset,
                mm(2.5), stroke=1, fill=0)


def draw_card_front(c: Canvas, box: Box, face: CardFace, style: Style) -> None:
    """A secret formula card: title, a flask, the three ingredients (number, picture, name),
    the bonus hint."""
    if style.fill(c, PARCHMENT):
        bb = box.grown(style.bleed)
        c.rect(bb.x, bb.y, bb.w, bb.h, stroke=0, fill=1)
    _frame(c, box, mm(3), VIOLET, mm(0.9))
    _frame(c, box, mm(4.2), GOLD, mm(0.3))
    top = box.y + box.h
    style.text_centred(c, face.title, box.cx, top - mm(12), "Serif-Bold", 12.5, box.w - mm(14),
                       f"card {face.card} title", color=VIOLET)
    draw_picture(c, _picture("flask"), box.cx, top - mm(21), mm(10), mm(10),
                 ink_saver=style.ink_saver)
    row_h = mm(14)
    for i, ing in enumerate(face.ingredients):
        y = top - mm(34.5) - i * row_h
        if style.fill(c, PARCHMENT_DEEP):
            c.roundRect(box.x + mm(6), y - mm(6.2), box.w - mm(12), mm(12.4), mm(6.2), stroke=0,
                        fill=1)
        draw_picture(c, _picture(f"ingredient-{ing.number}"), box.x + mm(17.5), y, mm(11.6),
                     mm(11.6), ink_saver=style.ink_saver)
        _mini_token(c, box.x + mm(9.6), y + mm(2.6), mm(3.1), ing.number)
        text_x = box.x + mm(24.5) + (box.w - mm(31)) / 2
        style.lines_centred(c, ing.name, text_x, y, "Sans-Bold", 9.0, box.w - mm(32),
                            f"card {face.card} ingredient {ing.number}")
    style.lines_centred(c, face.hint, box.cx, box.y + mm(13), "Sans-Italic", 7.0,
                        box.w - mm(14), f"card {face.card} hint")
    style.text_centred(c, face.label, box.cx, box.y + mm(6.2), "Sans", 6.0, box.w - mm(14),
                       f"card {face.card} label", color=HexColor("#6b5a7a"))


def draw_card_back(c: Canvas, box: Box, face: BackFace, style: Style) -> None:
    """The common formula-card back: violet field, gold frame, title and the emblem
    (`art.card_back`).

    The field reaches `overprint` past the cut (or the bleed, if larger). The card is the
    secret piece, so its back must not show where it was cut or how its sheet registered: the
    gold frames lie 6 mm and more inside the cut, where a border 1-2 mm off is not seen.
    """
    if style.fill(c, VIOLET):
        bb = box.grown(max(style.bleed, mm(face.overprint)))
        c.rect(bb.x, bb.y, bb.w, bb.h, stroke=0, fill=1)
    _frame(c, box, mm(6.5), GOLD, mm(0.7))
    _frame(c, box, mm(8), GOLD, mm(0.25))
    draw_picture(c, _picture("card-back"), box.cx, box.cy + mm(8), mm(42), mm(42),
                 ink_saver=style.ink_saver)
    color = GOLD if not style.ink_saver else VIOLET
    style.lines_centred(c, face.title, box.cx, box.cy - mm(22), "Serif-Bold", 13,
                        box.w - mm(14), "card back title", color=color)


def draw_counter(c: Canvas, box: Box, face: CounterFace, style: Style) -> None:
    """A round counter: coloured disc, a white pictogram, a small label."""
    r = box.w / 2
    color = HexColor(face.color)
    light = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue > 0.62
    if style.fill(c, color):
        c.circle(box.cx, box.cy, r + style.bleed, stroke=0, fill=1)
        ink = INK if light else white
    else:  # on white paper a light colour (the yellow pawn) is drawn dark, its ring coloured
        ink = INK if light else color
    c.setStrokeColor(color if style.ink_saver else ink)
    c.setFillColor(ink)
    c.setLineWidth(mm(0.35) if not (style.ink_saver and light) else mm(0.8))
    c.circle(box.cx, box.cy, r - mm(1.2), stroke=1, fill=0)
    cy = box.cy + r * 0.12
    key = {"wand": "wands", "marker": "markers"}.get(face.picture, f"pawn-{face.mark}")
    draw_picture(c, _picture(key), box.cx, cy, r * 1.2, r * 1.2, tint=ink,
                 ink_saver=style.ink_saver)
    if face.picture == "pawn" and face.mark is not None:
        c.setFillColor(ink)
        draw_mark(c, box.cx + r * 0.5, cy + r * 0.3, r * 0.16, face.mark)
    style.text_centred(c, face.label, box.cx, box.cy - r * 0.62, "Sans-Bold", 6.5, r * 1.3,
                       f"counter {face.label}", color=ink)

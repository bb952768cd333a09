"""Blocks the «Лабиринт» host and player sheets share: titles, fitted text, the legend of
plan symbols, the players' tracker and the host's answers.

Every word comes from the content (`texts`: the game's `text/LANG.yaml`); text runs through
`textruns`, so arrows and other signs the text faces lack still print.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..plan.text.model import ARSENAL, HOLE, MEDPOST, MOUTH, RIVER
from ..units import mm
from . import textruns
from .fonts import font
from .kit import INK, Box, Style
from .paperlayout import BLOCK_TITLE, TRACKER_HEAD, TRACKER_ROW, Rect
from .plan import GRID, RED, SWAMP, _arrow, swamp_arrow, symbol, treasure_mark

TITLE = HexColor("#1d3b5a")
MUTED = HexColor("#666666")
SHADE = HexColor("#eef3f8")
LEGEND_KEYS = ("frame", "wall", "open", "exit", "river", "mouth", "swamp", "hole", "arsenal",
               "medpost", "real", "false")

def to_box(box: Box, r: Rect) -> Box:
    """Return the mm rectangle r (top-left origin, inside box) as a box in points."""
    return Box(box.x + mm(r.x), box.y + box.h - mm(r.y + r.h), mm(r.w), mm(r.h))


def block_title(c: Canvas, b: Box, text: str, style: Style, note: str = "") -> None:
    """A block's title at the top-left of b, and an optional small note at the top-right."""
    size = textruns.fit(text, "Sans-Bold", 9.5, b.w * 0.5)
    c.setFillColor(TITLE)
    textruns.draw(c, b.x, b.y + b.h - 10, text, "Sans-Bold", size)
    if note:
        room = b.w - textruns.width(text, "Sans-Bold", size) - mm(6)
        note_size = textruns.fit(note, "Sans-Italic", 7, room)
        if note_size < 5:
            style.overflows.append(f"note {note!r} is too long for its sheet: shorten it")
        c.setFillColor(MUTED)
        textruns.draw(c, b.x + b.w, b.y + b.h - 10, note, "Sans-Italic", note_size, "right")


def fitted_line(c: Canvas, text: str, x: float, y: float, face: str, size: float, room: float,
                style: Style, what: str, align: str = "left") -> None:
    """Draw one line of text shrunk to room (an overflow is recorded below 5 pt)."""
    fitted = textruns.fit(text, face, size, room)
    if textruns.width(text, face, fitted) > room + 0.5:
        style.overflows.append(f"{what}: text {text!r} is too long even at 5 pt; shorten it "
                               "in the content")
    textruns.draw(c, x, y, text, face, fitted, align)


def wrapped(c: Canvas, text: str, x: float, y_top: float, face: str, size: float, room_w: float,
            room_h: float, style: Style, what: str) -> None:
    """Draw text wrapped into room_w × room_h from y_top down, shrinking it until it fits."""
    while True:
        lines = textruns.wrap(text, face, size, room_w)
        lead = size * 1.18
        fits = len(lines) * lead <= room_h and all(
            textruns.width(line, face, size) <= room_w for line in lines)
        if fits or size <= 5:
            break
        size -= 0.25
    if not fits:
        style.overflows.append(f"{what}: text {text!r} does not fit its box even at 5 pt; "
                               "shorten it in the content")
    for i, line in enumerate(lines):
        textruns.draw(c, x, y_top - size - i * lead, line, face, size)


def circles(c: Canvas, x: float, cy: float, count: int, r: float) -> None:
    """count empty circles in a row from x, centred on cy: bullets, bombs, a wound."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    for k in range(count):
        c.circle(x + r + k * r * 2.7, cy, r, stroke=1, fill=0)


def _legend_sample(c: Canvas, key: str, x: float, y: float, s: float, style: Style,
                   hole_label: str) -> None:
    kinds = {"river": RIVER, "mouth": MOUTH, "hole": HOLE, "arsenal": ARSENAL,
             "medpost": MEDPOST, "real": "real", "false": "false"}
    c.saveState()
    if key in kinds:
        symbol(c, kinds[key], x, y, s, hole_label if key == "hole" else "", style=style)
    elif key in ("frame", "wall"):
        c.setStrokeColor(INK)
        c.setLineWidth(s * (0.11 if key == "frame" else 0.06))
        c.setLineCap(1)
        c.line(x + s * 0.1, y + s / 2, x + s * 0.9, y + s / 2)
    elif key == "open":  # as the plan draws a border with no wall
        c.setStrokeColor(GRID)
        c.setLineWidth(0.4)
        c.setDash(1.5, 2)
        c.line(x + s * 0.1, y + s / 2, x + s * 0.9, y + s / 2)
    elif key in ("exit", "swamp"):
        colour = RED if key == "exit" else SWAMP
        c.setFillColor(colour)
        c.setStrokeColor(colour)
        draw = _arrow if key == "exit" else swamp_arrow
        draw(c, x + s / 2, y + s / 2, s * 0.7, 0, s * 0.06, s * 0.2)
    c.restoreState()


def legend_keys(labels: dict[str, str]) -> list[str]:
    """The legend's entries in order, without those the content leaves empty."""
    return [key for key in LEGEND_KEYS if labels.get(key)]


def draw_legend(c: Canvas, x: float, y_top: float, width: float, title: str,
                labels: dict[str, str], style: Style, columns: int = 2,
                sample: float = mm(7), gap: float = mm(1.2), hole_label: str = "X1",
                size: float = 8.5) -> float:
    """Draw the symbol legend in columns under its title; return the y below it."""
    c.setFillColor(TITLE)
    c.setFont(font("Sans-Bold"), 9.5)
    c.drawString(x, y_top - 10, title)
    col_w = width / columns
    keys = legend_keys(labels)
    per_col = -(-len(keys) // columns)
    for i, key in enumerate(keys):
        col, row = divmod(i, per_col)
        lx = x + col * col_w
        ly = y_top - mm(6) - (row + 1) * (sample + gap)
        c.setStrokeColor(GRID)
        c.setLineWidth(0.3)
        c.rect(lx, ly, sample, sample, stroke=1, fill=0)
        _legend_sample(c, key, lx, ly, sample, style, hole_label)
        c.setFillColor(INK)
        fitted_line(c, labels[key], lx + sample + mm(2), ly + sample / 2 - size * 0.35, "Sans",
                    size, col_w - sample - mm(3.5), style, f"legend {key}")
    return y_top - mm(6) - per_col * (sample + gap)


def draw_tracker(c: Canvas, b: Box, texts: Any, players: int, ammo: tuple[int, int],
                 style: Style, seat: int | None = None, host: bool = False) -> None:
    """The players' table: name, start cell, bullets, bombs, wound, treasure; seat shaded.

    The host's table shows both treasure marks in each row, to circle the one a player
    carries, and under it a line for where the treasures lie now.
    """
    t = texts.tracker
    block_title(c, b, texts.host_players_title if host else t.title, style,
                texts.host_hint if host else t.hint)
    heads = [t.player, t.start, t.bullets, t.bombs, t.wounded, t.treasure]
    widths = [0.27, 0.14, 0.17, 0.17, 0.125, 0.125]
    xs = [b.x]
    for w in widths:
        xs.append(xs[-1] + w * b.w)
    top = b.y + b.h - mm(BLOCK_TITLE)
    row_h = mm(TRACKER_ROW)
    head_h = mm(TRACKER_HEAD)
    c.setFillColor(INK)
    for text, x0, x1 in zip(heads, xs, xs[1:]):
        fitted_line(c, text, (x0 + x1) / 2, top - head_h + mm(1.8), "Sans-Bold", 8,
                    x1 - x0 - mm(2), style, "tracker column", "centre")
    for k in range(players):
        y1 = top - head_h - k * row_h
        if seat == k + 1:
            c.setFillColor(SHADE)
            c.rect(b.x, y1 - row_h, b.w, row_h, stroke=0, fill=1)
        c.setFillColor(MUTED)
        label = f"{k + 1}" + (f" — {t.you}" if seat == k + 1 else "")
        fitted_line(c, label, xs[0] + mm(1.5), y1 - row_h + mm(1.9), "Sans", 7,
                    xs[1] - xs[0] - mm(3), style, "tracker seat")
        cy = y1 - row_h / 2
        for col, count in ((2, ammo[0]), (3, ammo[1]), (4, 1), (5, 0 if host else 1)):
            _ammo(c, xs[col], xs[col + 1], cy, count)
        if host:
            _both_treasures(c, (xs[5] + xs[6]) / 2, cy, row_h)
    bottom = top - head_h - players * row_h
    table_lines(c, xs, top, bottom, head_h, row_h, players)
    if host:
        _treasures_now(c, b.x, bottom - mm(5), b.w, texts.treasures_now, style)


def _ammo(c: Canvas, left: float, right: float, cy: float, count: int) -> None:
    """count circles centred between left and right, or the number when they do not fit."""
    r = mm(1.6)
    span = count * r * 2.7 - r * 0.7
    if span <= right - left - mm(2):
        circles(c, (left + right) / 2 - span / 2, cy, count, r)
    else:  # more than the column holds as circles: the number to count down from
        c.setFillColor(INK)
        c.setFont(font("Sans"), 8)
        c.drawString(left + mm(1.5), cy - 3, str(count))


def _both_treasures(c: Canvas, cx: float, cy: float, row_h: float) -> None:
    s = row_h * 0.95
    c.saveState()
    treasure_mark(c, "real", cx - s * 0.36, cy, s)
    treasure_mark(c, "false", cx + s * 0.36, cy, s)
    c.restoreState()


def _treasures_now(c: Canvas, x: float, y: float, width: float, label: str,
                   style: Style) -> None:
    """`The treasures lie in:` then each treasure's mark and a line to write a cell on."""
    c.setFillColor(INK)
    fitted_line(c, label, x, y, "Sans-Bold", 8, width * 0.4, style, "treasures now")
    start = x + textruns.width(label, "Sans-Bold", 8) + mm(3)
    room = (x + width - start) / 2
    s = mm(5)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    for k, which in enumerate(("real", "false")):
        left = start + k * room
        c.saveState()
        treasure_mark(c, which, left + s / 2, y + s * 0.2, s)
        c.restoreState()
        c.line(left + s * 1.1, y - mm(0.8), left + room - mm(3), y - mm(0.8))


def table_lines(c: Canvas, xs: list[float], top: float, bottom: float, head_h: float,
                 row_h: float, rows: int) -> None:
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for k in range(rows + 2):
        y = top if k == 0 else top - head_h - (k - 1) * row_h
        c.line(xs[0], y, xs[-1], y)
    for x in xs:
        c.line(x, top, x, bottom)


def draw_answers(c: Canvas, b: Box, texts: Any, style: Style, columns: int = 2,
                 rows: int | None = None) -> None:
    """The host's answers, each word with what triggers it, in columns."""
    block_title(c, b, texts.answers_title, style)
    items = texts.answers
    rows = rows or -(-len(items) // columns)
    col_w = b.w / columns
    row_h = (b.h - mm(BLOCK_TITLE)) / max(rows, 1)
    for i, item in enumerate(items):
        col, row = divmod(i, rows)
        x = b.x + col * col_w
        y_top = b.y + b.h - mm(BLOCK_TITLE) - row * row_h
        say_w = col_w * 0.36
        c.setFillColor(INK)
        wrapped(c, item.say, x, y_top, "Sans-Bold", 7.5, say_w - mm(2), row_h - mm(0.5), style,
                "answer")
        c.setFillColor(HexColor("#333333"))
        wrapped(c, item.when, x + say_w, y_top, "Sans", 7, col_w - say_w - mm(3),
                row_h - mm(0.5), style, "answer meaning")

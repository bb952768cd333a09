"""Rulebook diagrams, one function per name, drawn by the same painters as the printed pieces.

Every diagram is `fn(kwargs, lang, width_pt) -> Flowable` and depends only on its arguments,
which `enrich_kwargs` completes from the game's rules context (plain JSON values: token names,
card texts, the board, the locations…). The pictures come from `generator/draw/` through a
`PainterFlowable`, so the rules show exactly what players print. The typesetter puts the
caption (`caption=` or the default below) under it; a diagram that cannot be drawn from its
arguments becomes a framed placeholder instead of stopping the build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Drawing, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..draw.fonts import font
from ..draw.kit import Box, Style, wrap_balanced
from ..draw.magic import CardFace, CounterFace, TokenFace, draw_card_front, draw_token_front
from ..draw.magic import draw_counter as draw_magic_counter
from ..draw.plan import _arrow
from ..draw.tiles import SETUP_RESERVE, SetupFace, TileFace, draw_setup, draw_tile
from ..layout.maze import GLYPHS, Tile, fixed_tiles
from .flowables import PainterFlowable
from .hex_diagrams import cave, counters, hex_location, location_data
from .plan_diagrams import movement, plan_legend, plan_sample
from .turn_diagram import turn_example

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
PAPER = colors.HexColor("#fbf8f2")

DiagramFn = Callable[[dict[str, Any], str, float], Flowable]

def caption_for(name: str, kwargs: dict[str, Any], lang: str) -> str:
    """Return the caption under a diagram: caption= of the call, else the game's text file's
    `captions` entry (filled in by enrich_kwargs), else none."""
    given = kwargs.get("caption")
    return given if isinstance(given, str) else ""


def _captions(name: str, out: dict[str, Any], context: dict[str, Any]) -> None:
    """Put the game's words for this diagram (captions: in text/LANG.yaml) into its call."""
    captions = context.get("captions") or {}
    if "caption" not in out:
        text = captions.get(f"{name}:{out.get('case')}") or captions.get(name)
        if text:
            out["caption"] = text
    words = {"tile-shift": {"spare_label": "tile-shift:spare", "out_label": "tile-shift:out"},
             "plan-legend": {"hole_label": "plan-legend:hole"},
             "turn-example": {"first": "turn-example:first", "second": "turn-example:second",
                              "before": "turn-example:before", "after": "turn-example:after"}}
    for key, entry in words.get(name, {}).items():
        if key not in out and captions.get(entry):
            out[key] = captions[entry]


def _field(obj: Any, key: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(key)
    return getattr(obj, key, None)


# Context keys a diagram takes whole when its call does not give them.
_FROM_CONTEXT: dict[str, tuple[str, ...]] = {
    "board-setup": ("board",), "tile-shift": ("board",), "turn-example": ("board",),
    "plan-sample": ("exit_label",), "movement": ("exit_label",),
    "plan-legend": ("legend",),
    "counters": ("counters", "counter_mm"), "hex-location": ("counter_mm",),
    "magic-counters": ("counter_faces", "counter_mm"),
    "cave": ("locations", "counter_mm"),
}


def enrich_kwargs(name: str, kwargs: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """Fill in what a diagram call leaves out from the game's context (token names, cards…)."""
    out = dict(kwargs)
    tokens = {_field(t, "number"): t for t in context.get("tokens") or []}
    if name == "token" and "number" in out and out["number"] in tokens:
        token = tokens[out["number"]]
        out.setdefault("name", _field(token, "name"))
        out.setdefault("value", _field(token, "value"))
    if name in ("token", "formula-card") and "size_mm" not in out:
        sizes = context.get("sizes") or {}
        size = sizes.get("token_mm") if name == "token" else (
            [sizes["card_width_mm"], sizes["card_height_mm"]]
            if "card_width_mm" in sizes and "card_height_mm" in sizes else None)
        if size is not None:
            out["size_mm"] = size
    if name == "formula-card" and "card" in out:
        for f in context.get("formulas") or []:
            if _field(f, "card") == out["card"]:
                for key in ("ingredients", "title", "hint", "label"):
                    if _field(f, key) is not None and key not in out:
                        value = _field(f, key)
                        out[key] = list(value) if key == "ingredients" else value
        if "ingredients" in out and "names" not in out and tokens:
            out["names"] = [_field(tokens.get(n), "name") or "" for n in out["ingredients"]]
    if name == "hex-location" and "walls" not in out:
        found = location_data(context.get("locations"), out)
        if found is not None:
            out = {**found, **out}
    for key in _FROM_CONTEXT.get(name, ()):
        if key not in out and context.get(key) is not None:
            out[key] = context[key]
    _captions(name, out, context)
    return out


def placeholder(caption: str, width: float) -> Flowable:
    """A neat dashed frame with the caption, for a diagram that could not be drawn."""
    w, h = min(width, 120 * mm), 30 * mm
    d = Drawing(w, h)
    d.add(Rect(1, 1, w - 2, h - 2, strokeColor=MUTED, strokeWidth=0.8, fillColor=PAPER,
               strokeDashArray=[3, 2]))
    for i, line in enumerate(wrap_balanced(caption or "?", "Sans-Italic", 9, w - 16, 2)):
        d.add(String(w / 2, h / 2 + 2 - i * 12, line, fontName="Sans-Italic", fontSize=9,
                     fillColor=MUTED, textAnchor="middle"))
    return d


def _row_scale(n: int, size: float, gap: float, width: float) -> float:
    """The scale that fits n pieces of size with gaps between them into width (at most 1)."""
    return min(1.0, width / (n * size + (n - 1) * gap))


# --- «Волшебный лабиринт» ------------------------------------------------------------------

def _token_face(item: dict[str, Any]) -> TokenFace:
    number = int(item["number"])
    return TokenFace(number, int(item.get("value", number) or number), str(item.get("name") or ""))


MIN_TOKEN_SCALE = 0.7  # many tokens go in rows rather than shrink below this


def token(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """One ingredient token as printed (number, value, name), or several (tokens=[{…}, …]):
    one row, or rows of equal length when one row would shrink them below MIN_TOKEN_SCALE."""
    items = kwargs.get("tokens")
    if not isinstance(items, list):
        items = [kwargs]
    faces = [_token_face(item) for item in items]
    size = float(kwargs.get("size_mm", 25)) * mm
    gap = 4 * mm
    n = len(faces)
    fits = max(1, int((width / MIN_TOKEN_SCALE + gap) // (size + gap)))
    rows = -(-n // fits)
    per_row = -(-n // rows)
    scale = _row_scale(per_row, size, gap, width)
    step = size + gap

    def paint(c: Canvas, box: Box) -> None:
        style = Style()
        for i, face in enumerate(faces):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            x = box.x + (per_row - in_row) * step / 2 + col * step  # a short last row centred
            y = box.y + (rows - 1 - row) * step
            draw_token_front(c, Box(x, y, size, size), face, style)

    return PainterFlowable((per_row * step - gap) * scale, (rows * step - gap) * scale, paint,
                           scale)


def formula_card(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A formula card as printed: title, the ingredients (number and name), hint and label."""
    numbers = kwargs.get("ingredients") or kwargs.get("numbers")
    if not isinstance(numbers, list) or not numbers:
        raise ValueError("formula-card needs ingredients=[a, b, c]")
    names = list(kwargs.get("names") or []) + [""] * len(numbers)
    faces = tuple(TokenFace(int(n), int(n), str(name or "")) for n, name in zip(numbers, names))
    face = CardFace(int(kwargs.get("card", 0) or 0), str(kwargs.get("title", "")), faces,
                    str(kwargs.get("hint", "")), str(kwargs.get("label", "")))
    w_mm, h_mm = kwargs.get("size_mm") or (63, 88)
    w, h = float(w_mm) * mm, float(h_mm) * mm
    scale = min(float(kwargs.get("scale", 0.8)), width / w)

    def paint(c: Canvas, box: Box) -> None:
        draw_card_front(c, box, face, Style())
        c.setStrokeColor(INK)  # the cut line, as on the printed sheet
        c.setLineWidth(0.5)
        c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)

    return PainterFlowable(w * scale, h * scale, paint, scale)


def magic_counters(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The round counters as printed, one of each kind: a wand, the four pawns, a marker
    (counter_faces=[{label, color, picture, mark}, …] from the game's context)."""
    items = kwargs.get("counter_faces")
    if not isinstance(items, list) or not items:
        raise ValueError("magic-counters needs the counters of the game's context")
    faces = [CounterFace(str(i.get("label", "")), str(i["color"]), str(i["picture"]),
                         None if i.get("mark") is None else int(i["mark"])) for i in items]
    size = float(kwargs.get("size_mm") or kwargs.get("counter_mm") or 20) * mm
    gap = 4 * mm
    n = len(faces)
    scale = _row_scale(n, size, gap, width)

    def paint(c: Canvas, box: Box) -> None:
        style = Style()
        for i, face in enumerate(faces):
            draw_magic_counter(c, Box(box.x + i * (size + gap), box.y, size, size), face, style)

    return PainterFlowable((n * size + (n - 1) * gap) * scale, size * scale, paint, scale)


def _open_sides(shape: str) -> frozenset[str]:
    """Open sides of a tile from a glyph ("┬") or side letters ("ews")."""
    if shape in GLYPHS:
        return GLYPHS[shape]
    named = {"straight": "NS", "corner": "ES", "t": "EWS"}
    sides = frozenset(named.get(shape, shape).upper())
    if not sides <= frozenset("NESW"):
        raise ValueError(f"not a tile shape: {shape!r}")
    return sides


def _ratio(kwargs: dict[str, Any]) -> float:
    board = kwargs.get("board") or {}
    return float(kwargs.get("corridor_ratio") or board.get("corridor_ratio") or 28 / 45)


def tile_shift(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A row of 7 maze tiles, the spare tile pushed in from the left and the last one pushed out."""
    row = [_open_sides(str(s)) for s in
           kwargs.get("row") or ["ew", "es", "ns", "new", "ew", "nw", "ews"]][:7]
    spare = _open_sides(str(kwargs.get("spare", "ews")))
    ratio = _ratio(kwargs)
    s = min(14 * mm, width / 11)
    gap = s * 0.9
    labels = (str(kwargs.get("spare_label") or ""), str(kwargs.get("out_label") or ""))
    below = 12.0

    def tile(c: Canvas, x: float, y: float, sides: frozenset[str]) -> None:
        draw_tile(c, Box(x, y, s, s), TileFace(Tile("diagram", sides), ratio * s / mm), Style())

    def paint(c: Canvas, box: Box) -> None:
        y = box.y + below
        cy = y + s / 2
        tile(c, box.x, y, spare)
        x0 = box.x + s + gap
        c.setFillColor(ACCENT)
        c.setStrokeColor(ACCENT)
        _arrow(c, box.x + s + gap / 2, cy, gap - 4, 0, 1.6, 5)
        for i, sides in enumerate(row):
            tile(c, x0 + i * s, y, sides)
        c.setStrokeColor(PAPER)  # seven tiles, not one strip: a light seam between them
        c.setLineWidth(1.4)
        for i in range(1, len(row)):
            c.line(x0 + i * s, y, x0 + i * s, y + s)
        c.setStrokeColor(INK)
        c.setLineWidth(1.2)
        c.rect(x0 - 1.5, y - 1.5, len(row) * s + 3, s + 3, stroke=1, fill=0)
        out_x = x0 + len(row) * s + gap
        c.setFillColor(MUTED)
        c.setStrokeColor(MUTED)
        c.setDash(2, 2)
        _arrow(c, out_x - gap / 2, cy, gap - 4, 0, 1.2, 4.5)
        c.setDash()
        tile(c, out_x, y, row[-1])  # the tile pushed out: the row's last, faded under a wash
        c.saveState()
        c.setFillColor(PAPER)
        c.setFillAlpha(0.55)
        c.rect(out_x, y, s, s, stroke=0, fill=1)
        c.restoreState()
        c.setDash(2, 2)
        c.setLineWidth(0.6)
        c.rect(out_x, y, s, s, stroke=1, fill=0)
        c.setDash()
        c.setFillColor(MUTED)
        c.setFont(font("Sans"), 7)
        c.drawCentredString(box.x + s / 2, box.y + 3, labels[0])
        c.drawCentredString(out_x + s / 2, box.y + 3, labels[1])

    return PainterFlowable(s * 9 + gap * 2, s + below + 2, paint)


def board_setup(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The printed set-up sheet: the 7×7 board with the real fixed tiles, and its legend."""
    board = kwargs.get("board")
    if not isinstance(board, dict) or not board.get("fixed_rows"):
        raise ValueError("board-setup needs the board from the game's context")
    texts = board.get("setup") or {}
    glyph = {sides: g for g, sides in GLYPHS.items()}
    tiles = fixed_tiles([[glyph[_open_sides(str(t))] for t in row]
                         for row in board["fixed_rows"]], {})
    marks = board.get("start_marks") or {}
    face = SetupFace(tuple(tiles), _ratio(kwargs),
                     tuple(sorted((str(k), str(v), int(marks.get(k, i)))
                                  for i, (k, v) in enumerate(
                                      sorted((board.get("start_colors") or {}).items())))),
                     str(texts.get("title", "")),
                     (str(texts.get("fixed", "")), str(texts.get("loose", "")),
                      str(texts.get("token", "")), str(texts.get("insert", ""))))
    w = min(width, float(kwargs.get("width_mm", 100)) * mm)
    h = w + SETUP_RESERVE  # what draw_setup keeps for the title and the legend

    def paint(c: Canvas, box: Box) -> None:
        draw_setup(c, box, face, Style())

    return PainterFlowable(w, h, paint)


DIAGRAMS: dict[str, DiagramFn] = {
    "token": token,
    "formula-card": formula_card,
    "tile-shift": tile_shift,
    "board-setup": board_setup,
    "turn-example": turn_example,
    "plan-sample": plan_sample,
    "plan-legend": plan_legend,
    "movement": movement,
    "hex-location": hex_location,
    "cave": cave,
    "counters": counters,
    "magic-counters": magic_counters,
}

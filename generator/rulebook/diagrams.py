"""Rulebook diagrams drawn with our own vector code (ReportLab graphics), one function per name.

Every diagram is `fn(kwargs, lang, width_pt) -> Flowable` and depends only on its arguments;
the typesetter puts the caption (`caption=` or the default below) under it. A diagram that
cannot be drawn from its arguments becomes a framed placeholder instead of stopping the build.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Group, Line, Polygon, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from ..draw.kit import wrap_balanced
from .hex_diagrams import cave, hex_location
from .plan_diagrams import movement, plan_legend, plan_sample

INK = colors.HexColor("#1f1a17")
ACCENT = colors.HexColor("#7a2e1d")
MUTED = colors.HexColor("#6b625b")
PAPER = colors.HexColor("#fbf8f2")
TILE = colors.HexColor("#8c7a66")
PATH = colors.HexColor("#f3ead8")
FIXED = colors.HexColor("#5e4f41")
PAWNS = [colors.HexColor(c) for c in ("#c0392b", "#2e6da4", "#d4a017", "#3c8d40")]

DiagramFn = Callable[[dict[str, Any], str, float], Flowable]

CAPTIONS: dict[str, dict[str, str]] = {
    "token": {"ru": "Жетон ингредиента", "en": "An ingredient token"},
    "formula-card": {"ru": "Карта тайной формулы", "en": "A secret formula card"},
    "tile-shift": {"ru": "Сдвиг ряда: лишний квадрат вдвигается слева, крайний справа выпадает",
                   "en": "Shifting a row: the spare tile goes in on the left, the last one "
                         "drops out on the right"},
    "board-setup": {"ru": "Поле 7×7: закреплённые квадраты (тёмные), 12 мест для сдвига "
                          "(треугольники) и 21 место для жетонов (кружки)",
                    "en": "The 7×7 board: fixed tiles (dark), the 12 insertion points "
                          "(triangles) and the 21 token squares (circles)"},
    "plan-sample": {"ru": "Пример плана", "en": "A sample plan"},
    "plan-legend": {"ru": "Обозначения на плане", "en": "Plan symbols"},
    "movement": {"ru": "Шаг в реку: течение уносит игрока вниз по реке, здесь — до устья",
                 "en": "A step into the river: the current carries the player downstream, "
                       "here as far as the mouth"},
    "movement:hole": {"ru": "Шаг в яму Я1: игрок сразу оказывается в яме Я2",
                      "en": "A step into hole X1: the player is at once in hole X2"},
    "hex-location": {"ru": "Локация: большой шестиугольник из 19 клеток",
                     "en": "A location: a large hexagon of 19 hexes"},
    "cave": {"ru": "Пещера из 7 локаций", "en": "The cave: 7 locations"},
    "counters": {"ru": "Фишки", "en": "Counters"},
}


def caption_for(name: str, kwargs: dict[str, Any], lang: str) -> str:
    """Return the caption under a diagram: caption= if given, else the default for lang."""
    given = kwargs.get("caption")
    if isinstance(given, str):
        return given
    texts = CAPTIONS.get(f"{name}:{kwargs.get('case')}") or CAPTIONS.get(name, {})
    return texts.get(lang) or texts.get("en", "")


def _field(obj: Any, key: str) -> Any:
    if isinstance(obj, dict):
        return obj.get(key)
    return getattr(obj, key, None)


def _plain(value: Any) -> Any:
    """Turn context values (pydantic models, objects) into JSON-friendly data."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def enrich_kwargs(name: str, kwargs: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    """Fill in what a diagram call leaves out from the game's context (token names, cards…)."""
    out = dict(kwargs)
    tokens = context.get("tokens") or []
    names = {_field(t, "number"): _field(t, "name") for t in tokens}
    if name == "token" and "number" in out and "name" not in out and out["number"] in names:
        out["name"] = names[out["number"]]
    if name == "formula-card" and "ingredients" not in out and "card" in out:
        for f in context.get("formulas") or []:
            if _field(f, "card") == out["card"]:
                out["ingredients"] = list(_field(f, "ingredients") or [])
        if "ingredients" in out and "names" not in out and names:
            out["names"] = [names.get(n, "") for n in out["ingredients"]]
    locations = context.get("locations")
    if name == "hex-location" and "id" in out and isinstance(locations, (list, tuple)):
        for loc in locations:
            if _field(loc, "id") == out["id"]:
                out = {**_plain(loc), **out}
    if name == "cave" and "locations" not in out and isinstance(locations, (list, tuple)):
        out["locations"] = _plain(list(locations))
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


def _text(g: Group | Drawing, x: float, y: float, text: str, size: float, bold: bool = False,
          color: colors.Color = INK, anchor: str = "middle") -> None:
    g.add(String(x, y, text, fontName="Sans-Bold" if bold else "Sans", fontSize=size,
                 fillColor=color, textAnchor=anchor))


def _name_lines(g: Group | Drawing, x: float, y: float, name: str, size: float,
                width: float) -> None:
    lines = wrap_balanced(name, "Sans", size, width, 2)
    for i, line in enumerate(lines):
        _text(g, x, y - i * size * 1.1, line, size)


def _token(g: Group | Drawing, cx: float, cy: float, r: float, number: Any, name: str) -> None:
    g.add(Circle(cx, cy, r, fillColor=PAPER, strokeColor=INK, strokeWidth=0.9))
    g.add(Circle(cx, cy, r * 0.88, fillColor=None, strokeColor=ACCENT, strokeWidth=0.5))
    size = r * (0.95 if len(str(number)) < 2 else 0.85)
    _text(g, cx, cy - size * 0.12 + (r * 0.12 if name else -size * 0.25), str(number), size,
          bold=True, color=ACCENT)
    if name:
        _name_lines(g, cx, cy - r * 0.42, name, r * 0.2, r * 1.45)


def token(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """One 25 mm ingredient token (number, name), or a row of them (tokens=[{number, name}])."""
    items = kwargs.get("tokens")
    if not isinstance(items, list):
        items = [{"number": kwargs["number"], "name": kwargs.get("name", "")}]
    size = float(kwargs.get("size_mm", 25)) * mm
    n = len(items)
    gap = 4 * mm
    scale = min(1.0, width / (n * size + (n - 1) * gap + 4))
    r = size * scale / 2
    d = Drawing(n * 2 * r + (n - 1) * gap * scale + 4, 2 * r + 4)
    for i, item in enumerate(items):
        _token(d, 2 + r + i * (2 * r + gap * scale), r + 2, r, item["number"],
               str(item.get("name", "") or ""))
    return d


def formula_card(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A 63×88 mm formula card with three ingredient numbers (ingredients=[...], names=[...])."""
    numbers = kwargs.get("ingredients") or kwargs.get("numbers")
    if not isinstance(numbers, list) or not numbers:
        raise ValueError("formula-card needs ingredients=[a, b, c]")
    names = kwargs.get("names") or [""] * len(numbers)
    scale = float(kwargs.get("scale", 0.75))
    w, h = 63 * mm * scale, 88 * mm * scale
    d = Drawing(w + 4, h + 4)
    d.add(Rect(2, 2, w, h, rx=3 * mm * scale, ry=3 * mm * scale, fillColor=PAPER,
               strokeColor=INK, strokeWidth=0.9))
    d.add(Rect(2 + 3 * mm * scale, 2 + 3 * mm * scale, w - 6 * mm * scale, h - 6 * mm * scale,
               rx=2 * mm * scale, ry=2 * mm * scale, fillColor=None, strokeColor=ACCENT,
               strokeWidth=0.5))
    title = {"ru": "Формула", "en": "Formula"}.get(lang, "Formula")
    card = kwargs.get("card")
    _text(d, 2 + w / 2, 2 + h - 13 * mm * scale, title + (f" {card}" if card else ""),
          11 * scale + 2, bold=True, color=ACCENT)
    r = 8.5 * mm * scale
    step = (h - 26 * mm * scale) / len(numbers)
    named = any(names)
    cx = 2 + (w * 0.3 if named else w / 2)
    for i, (num, name) in enumerate(zip(numbers, list(names) + [""] * len(numbers))):
        cy = 2 + h - 20 * mm * scale - step * (i + 0.5)
        _token(d, cx, cy, r, num, "")
        if name:
            size = 7.5 * scale + 2
            lines = wrap_balanced(str(name), "Sans", size, w * 0.42, 2)
            top = cy + (len(lines) - 1) * size * 0.6 - size * 0.35
            for k, line in enumerate(lines):
                _text(d, cx + r + 2.5 * mm * scale, top - k * size * 1.2, line, size,
                      anchor="start")
    return d


# open sides of a tile: n, e, s, w
SHAPES = {"straight": "ns", "corner": "es", "t": "ews", "┌": "es", "┬": "ews", "┐": "ws",
          "├": "nes", "┤": "nsw", "┴": "new", "└": "ne", "┘": "nw", "─": "ew", "│": "ns"}


def _tile(g: Group | Drawing, x: float, y: float, s: float, opens: str, fixed: bool = False,
          ghost: bool = False) -> None:
    fill = FIXED if fixed else TILE
    g.add(Rect(x, y, s, s, fillColor=colors.HexColor("#e7ded0") if ghost else fill,
               strokeColor=INK, strokeWidth=0.6, strokeDashArray=[2, 2] if ghost else None))
    if ghost:
        return
    b = s / 3
    g.add(Rect(x + b, y + b, b, b, fillColor=PATH, strokeWidth=0, strokeColor=None))
    spots = {"n": (x + b, y + 2 * b), "s": (x + b, y), "e": (x + 2 * b, y + b),
             "w": (x, y + b)}
    for side in opens:
        px, py = spots[side]
        g.add(Rect(px, py, b, b, fillColor=PATH, strokeWidth=0, strokeColor=None))


def _arrow(g: Group | Drawing, x0: float, y0: float, x1: float, y1: float, color: colors.Color,
           width: float = 1.4, head: float = 5.0, dash: list[float] | None = None) -> None:
    import math

    ang = math.atan2(y1 - y0, x1 - x0)
    bx, by = x1 - head * math.cos(ang), y1 - head * math.sin(ang)
    g.add(Line(x0, y0, bx, by, strokeColor=color, strokeWidth=width, strokeDashArray=dash))
    px, py = -math.sin(ang) * head * 0.5, math.cos(ang) * head * 0.5
    g.add(Polygon([x1, y1, bx + px, by + py, bx - px, by - py], fillColor=color,
                  strokeColor=color, strokeWidth=0.1))


def tile_shift(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A row of 7 maze tiles, the spare tile pushed in from the left and the last one pushed out."""
    row = kwargs.get("row") or ["ew", "es", "ns", "new", "ew", "nw", "ews"]
    spare = kwargs.get("spare", "ews")
    s = min(14 * mm, width / 11)
    gap = s * 0.9
    w = s * 9 + gap * 2
    d = Drawing(w, s + 22)
    y = 14
    _tile(d, 0, y, s, SHAPES.get(spare, spare))
    _arrow(d, s + 2, y + s / 2, s + gap - 2, y + s / 2, ACCENT, 1.6)
    x0 = s + gap
    d.add(Rect(x0 - 1.5, y - 1.5, 7 * s + 3, s + 3, fillColor=None, strokeColor=INK,
               strokeWidth=1.2))
    for i, opens in enumerate(row[:7]):
        _tile(d, x0 + i * s, y, s, SHAPES.get(opens, opens))
    out_x = x0 + 7 * s + gap
    _arrow(d, x0 + 7 * s + 2, y + s / 2, out_x - 2, y + s / 2, MUTED, 1.2, dash=[2, 2])
    _tile(d, out_x, y, s, "", ghost=True)
    labels = {"ru": ("лишний", "выпадает"), "en": ("spare", "pushed out")}.get(
        lang, ("spare", "pushed out"))
    _text(d, s / 2, 3, labels[0], 7, color=MUTED)
    _text(d, out_x + s / 2, 3, labels[1], 7, color=MUTED)
    return d


FIXED_LAYOUT = {(1, 1): "┌", (1, 3): "┬", (1, 5): "┬", (1, 7): "┐",
                (3, 1): "├", (3, 3): "├", (3, 5): "┬", (3, 7): "┤",
                (5, 1): "├", (5, 3): "┴", (5, 5): "┤", (5, 7): "┤",
                (7, 1): "└", (7, 3): "┴", (7, 5): "┴", (7, 7): "┘"}


def board_setup(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """The 7×7 board: fixed tiles, 12 insertion triangles, the 21 token squares."""
    s = min(12 * mm, width * 0.62 / 9)
    t = s * 0.9  # room for the triangles
    side = 7 * s
    d = Drawing(side + 2 * t, side + 2 * t)
    ox = oy = t
    d.add(Rect(ox - 2, oy - 2, side + 4, side + 4, fillColor=colors.HexColor("#efe7da"),
               strokeColor=INK, strokeWidth=1.2))
    corners = {(1, 1): 0, (1, 7): 1, (7, 7): 2, (7, 1): 3}
    for r in range(1, 8):
        for c in range(1, 8):
            x, y = ox + (c - 1) * s, oy + (7 - r) * s
            if (r, c) in FIXED_LAYOUT:
                _tile(d, x, y, s, SHAPES[FIXED_LAYOUT[(r, c)]], fixed=True)
                if (r, c) in corners:
                    d.add(Circle(x + s / 2, y + s / 2, s * 0.16, fillColor=PAWNS[corners[(r, c)]],
                                 strokeColor=INK, strokeWidth=0.5))
            else:
                d.add(Rect(x, y, s, s, fillColor=None, strokeColor=colors.HexColor("#b9aea3"),
                           strokeWidth=0.4))
                if 2 <= r <= 6 and 2 <= c <= 6:
                    d.add(Circle(x + s / 2, y + s / 2, s * 0.3, fillColor=PAPER,
                                 strokeColor=ACCENT, strokeWidth=0.7, strokeDashArray=[1.2, 1.2]))
    h = t * 0.5
    for k in (2, 4, 6):
        cx = ox + (k - 0.5) * s
        cy = oy + (7 - k + 0.5) * s
        for pts in ([cx - h / 2, oy + side + t - 3, cx + h / 2, oy + side + t - 3, cx,
                     oy + side + 3],
                    [cx - h / 2, oy - t + 3, cx + h / 2, oy - t + 3, cx, oy - 3],
                    [ox - t + 3, cy - h / 2, ox - t + 3, cy + h / 2, ox - 3, cy],
                    [ox + side + t - 3, cy - h / 2, ox + side + t - 3, cy + h / 2,
                     ox + side + 3, cy]):
            d.add(Polygon(pts, fillColor=ACCENT, strokeColor=ACCENT, strokeWidth=0.3))
    return d


def counters(kwargs: dict[str, Any], lang: str, width: float) -> Flowable:
    """A few round counters: items=[{"label": "Г", "name": "гоблин"}, …] or the game's default."""
    default = {
        "ru": [("Б", "Штормборд"), ("Г", "гоблин"), ("Г", "гоблин"), ("О", "огр"),
               ("✦", "Штуковина"), ("К", "Камень героя")],
        "en": [("S", "Stormbeard"), ("G", "goblin"), ("G", "goblin"), ("O", "ogre"),
               ("W", "Widget"), ("H", "Hero Stone")],
    }
    items = kwargs.get("items")
    if isinstance(items, list) and items:
        pairs = [(str(i.get("label", "")), str(i.get("name", ""))) if isinstance(i, dict)
                 else (str(i), "") for i in items]
    else:
        pairs = default.get(lang, default["en"])
    pairs = [(lab if lab != "✦" else "*", name) for lab, name in pairs]
    size = float(kwargs.get("size_mm", 20)) * mm
    gap = 5 * mm
    n = len(pairs)
    scale = min(1.0, width / (n * size + (n - 1) * gap + 4))
    r = size * scale / 2
    d = Drawing(n * 2 * r + (n - 1) * gap * scale + 4, 2 * r + 14)
    for i, (label, name) in enumerate(pairs):
        cx = 2 + r + i * (2 * r + gap * scale)
        cy = 12 + r
        d.add(Circle(cx, cy, r, fillColor=PAPER, strokeColor=INK, strokeWidth=0.9))
        d.add(Circle(cx, cy, r * 0.85, fillColor=None, strokeColor=ACCENT, strokeWidth=0.4))
        _text(d, cx, cy - r * 0.35, label, r * 1.0, bold=True, color=ACCENT)
        if name:
            _text(d, cx, 2, name, 7.5, color=INK)
    return d


DIAGRAMS: dict[str, DiagramFn] = {
    "token": token,
    "formula-card": formula_card,
    "tile-shift": tile_shift,
    "board-setup": board_setup,
    "plan-sample": plan_sample,
    "plan-legend": plan_legend,
    "movement": movement,
    "hex-location": hex_location,
    "cave": cave,
    "counters": counters,
}

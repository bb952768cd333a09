"""Draw the worked example of docs/plan-format*.md as a sketch on squared paper (SVG).

Run `.venv/bin/python docs/img/sketch.py` to write plan-sketch-en.svg and plan-sketch-ru.svg
next to this file; tests/plan/test_plan_docs.py checks that the committed files are what this
script draws from the example plan in the docs, so the picture and the text cannot drift apart.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from generator.plan.text.gridtext import parse_grid  # noqa: E402
from generator.plan.text.model import COLUMN_LETTERS, RIVER, Plan  # noqa: E402

SQUARE = 20  # one square of the notebook, in SVG units
CELL = 2 * SQUARE  # a plan cell is two squares wide
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
INK = "#1f2a44"
PENCIL = "#333333"

EXAMPLE = {
    "en": """\
+--+--+--+--+--+
|H  .  . |X1 . |
+  +--+  +  +  +
|.  T-|O <.  A |
+  +  +  +--+  +
|X2 .  R^ R< . |
+--+  +  +  +--+
|T+ . |.  R^ .
+--+--+--+--+--+
""",
    "ru": """\
+--+--+--+--+--+
|М  С  С |Я1 С |
+  +--+  +  +  +
|С  Кл|У <С  Ар|
+  +  +  +--+  +
|Я2 С  Р^ Р< С |
+--+  +  +  +--+
|Кн С |С  Р^ С
+--+--+--+--+--+
""",
}


def _line(x1: float, y1: float, x2: float, y2: float, width: float, colour: str = INK) -> str:
    return (f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{colour}" '
            f'stroke-width="{width:g}" stroke-linecap="round"/>')


def _text(x: float, y: float, text: str, size: float, colour: str = INK) -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" '
            f'text-anchor="middle" font-family="Segoe Print, Comic Sans MS, cursive">{text}</text>')


def _paper(width: int, height: int) -> list[str]:
    out = [f'<rect width="{width}" height="{height}" fill="#fdfdf8"/>']
    for x in range(0, width + 1, SQUARE):
        out.append(_line(x, 0, x, height, 0.6, "#b9d3ea"))
    for y in range(0, height + 1, SQUARE):
        out.append(_line(0, y, width, y, 0.6, "#b9d3ea"))
    return out


def _cell_text(plan: Plan, r: int, c: int, lang: str) -> str:
    cell = plan.cell((r, c))
    if cell.kind == RIVER:
        return ("Р" if lang == "ru" else "R") + ARROWS[cell.flow or "right"]
    if cell.code in (".", "С", "L", ""):
        return ""
    return cell.code.replace("T-", "T−")


def _swamp(x: float, y: float, dx: int, dy: int) -> list[str]:
    """A swamp: a short arrow across the border at (x, y), pointing (dx, dy)."""
    tip_x, tip_y = x + dx * 9, y + dy * 9
    tail_x, tail_y = x - dx * 9, y - dy * 9
    return [_line(tail_x, tail_y, tip_x, tip_y, 2.2, "#2e7d32"),
            _line(tip_x, tip_y, tip_x - dx * 5 - dy * 4, tip_y - dy * 5 - dx * 4, 2.2, "#2e7d32"),
            _line(tip_x, tip_y, tip_x - dx * 5 + dy * 4, tip_y - dy * 5 + dx * 4, 2.2, "#2e7d32")]


def sketch(lang: str) -> str:
    """Return the SVG of the example plan of lang, drawn as on squared paper."""
    plan = parse_grid(EXAMPLE[lang])
    left, top = 2 * SQUARE, 2 * SQUARE
    width, height = left + (plan.cols + 3) * CELL, top + (plan.rows + 1) * CELL
    out = _paper(width, height)
    for c in range(plan.cols):
        out.append(_text(left + c * CELL + CELL / 2, top - 8, COLUMN_LETTERS[c], 15, PENCIL))
    for r in range(plan.rows):
        out.append(_text(left - 14, top + r * CELL + CELL / 2 + 5, str(r + 1), 15, PENCIL))
        for c in range(plan.cols):
            label = _cell_text(plan, r, c, lang)
            if label:
                out.append(_text(left + c * CELL + CELL / 2, top + r * CELL + CELL / 2 + 6,
                                 label, 17))
    for a, b in sorted(plan.walls):
        if a[0] == b[0]:
            x = left + b[1] * CELL
            out.append(_line(x, top + a[0] * CELL, x, top + (a[0] + 1) * CELL, 3.5))
        else:
            y = top + b[0] * CELL
            out.append(_line(left + a[1] * CELL, y, left + (a[1] + 1) * CELL, y, 3.5))
    for (a, b), into in sorted(plan.swamps.items()):
        dx, dy = (1, 0) if a[0] == b[0] else (0, 1)
        sign = 1 if into == b else -1
        x = left + b[1] * CELL if dx else left + a[1] * CELL + CELL / 2
        y = top + a[0] * CELL + CELL / 2 if dx else top + b[0] * CELL
        out += _swamp(x, y, dx * sign, dy * sign)
    out += _frame(plan, left, top)
    body = "\n".join(out)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">\n{body}\n</svg>\n')


def _frame(plan: Plan, left: float, top: float) -> list[str]:
    out = []
    gaps = set(plan.exits)
    bottom, right = top + plan.rows * CELL, left + plan.cols * CELL
    for c in range(plan.cols):
        x = left + c * CELL
        if ((0, c), "top") not in gaps:
            out.append(_line(x, top, x + CELL, top, 5))
        if ((plan.rows - 1, c), "bottom") not in gaps:
            out.append(_line(x, bottom, x + CELL, bottom, 5))
    for r in range(plan.rows):
        y = top + r * CELL
        if ((r, 0), "left") not in gaps:
            out.append(_line(left, y, left, y + CELL, 5))
        if ((r, plan.cols - 1), "right") not in gaps:
            out.append(_line(right, y, right, y + CELL, 5))
    for (r, c), side in plan.exits:
        out += _exit_arrow(left + (c + 0.5) * CELL, top + (r + 0.5) * CELL, side)
    return out


def _exit_arrow(cx: float, cy: float, side: str) -> list[str]:
    """A red arrow out of the exit gap of the cell centred on (cx, cy)."""
    dx, dy = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[side]
    x0, y0 = cx + dx * (CELL / 2 + 8), cy + dy * (CELL / 2 + 8)
    x1, y1 = x0 + dx * 36, y0 + dy * 36
    red = "#c62828"
    return [_line(x0, y0, x1, y1, 2.5, red),
            _line(x1, y1, x1 - dx * 8 - dy * 6, y1 - dy * 8 - dx * 6, 2.5, red),
            _line(x1, y1, x1 - dx * 8 + dy * 6, y1 - dy * 8 + dx * 6, 2.5, red)]


def main() -> None:
    """Write both sketches next to this file."""
    for lang in EXAMPLE:
        (HERE / f"plan-sketch-{lang}.svg").write_text(sketch(lang), encoding="utf-8")


if __name__ == "__main__":
    main()

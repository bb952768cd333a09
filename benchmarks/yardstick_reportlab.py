"""Draw the Russian magic-labyrinth token and formula sheets with bare ReportLab canvas calls.

Run: `python benchmarks/yardstick_reportlab.py OUT` writes OUT/yardstick-tokens-ru-a4.pdf
(2 pages: 21 tokens, then their mirrored backs) and OUT/yardstick-formulas-ru-a4.pdf (6 pages:
21 formula cards, each front page followed by its mirrored back page).
This is the yardstick of benchmarks/run.py: the smallest plain program drawing about as much
as `labyrinth-pnp build magic-labyrinth --part tokens --part formulas --lang ru`. It imports
nothing from `generator`, reads no content file, and has positions and texts written in:
the positions come from `labyrinth-pnp layout ... --format json`, the texts from
content/magic-labyrinth/*.yaml.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import registerFont, stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).resolve().parent.parent / "generator" / "fonts"
SERIF_BOLD, SANS_BOLD, SANS_ITALIC, SANS = (
    "NotoSerif-Bold", "NotoSans-Bold", "NotoSans-Italic", "NotoSans-Regular")

PAGE_W, PAGE_H = 210 * mm, 297 * mm
Colour = tuple[float, float, float]
PURPLE: Colour = (0.294, 0.165, 0.420)
GOLD: Colour = (0.788, 0.635, 0.153)
CREAM: Colour = (0.957, 0.910, 0.784)
SAND: Colour = (0.910, 0.827, 0.627)
INK: Colour = (0.122, 0.102, 0.090)
FLASK: Colour = (0.557, 0.420, 0.710)
MUTED: Colour = (0.420, 0.353, 0.478)
GREY: Colour = (0.333, 0.333, 0.333)
CUT: Colour = (0.541, 0.541, 0.541)

# Texts of content/magic-labyrinth (tokens.yaml, formulas.yaml, text/ru.yaml), in Russian.
GAME = "Волшебный лабиринт"
LANGUAGE = "Русский"
TOKENS: list[tuple[int, str]] = [
    (1, "Дикое яблоко"), (2, "Сосновая шишка"), (3, "Дубовый лист"),
    (4, "Масло чёрных слизней"), (5, "Четырёхлистный клевер"), (6, "Чеснок"),
    (7, "Воронье перо"), (8, "Белена"), (9, "Паук"), (10, "Мох с черепа"),
    (11, "Палочка из веретеницы"), (12, "Кварц"), (13, "Жаба"), (14, "Огненная саламандра"),
    (15, "Слюна ласки"), (16, "Серебряный чертополох"), (17, "Змея"), (18, "Изумруд"),
    (19, "Корень мандрагоры"), (20, "Чёрный петух"), (25, "Ягоды омелы"),
]
NAMES = dict(TOKENS)
FORMULAS: list[tuple[int, int, int]] = [
    (1, 10, 13), (2, 8, 17), (3, 18, 1), (4, 13, 20), (5, 25, 18), (6, 14, 8), (7, 6, 25),
    (8, 19, 5), (9, 20, 11), (10, 12, 16), (11, 3, 14), (12, 1, 9), (13, 15, 12),
    (14, 4, 10), (15, 2, 4), (16, 9, 7), (17, 5, 6), (18, 11, 19), (19, 7, 15),
    (20, 17, 3), (25, 16, 2),
]
TOKENS_PART = "Жетоны ингредиентов"
FORMULAS_PART = "Карты секретных формул"
FORMULA_TITLE = "Секретная формула"
FORMULA_HINT = "+20 за каждый собранный ингредиент формулы"
CARD_LABEL = "Карта {card}"
PRINT_NOTE = "Печатайте в масштабе 100 % («фактический размер»)"

# Geometry from `labyrinth-pnp layout magic-labyrinth --part tokens --part formulas --lang ru`
# (mm, top-left origin): token grid and card grid, each as origin, pitch and columns.
TOKEN_D, TOKEN_X0, TOKEN_Y0, TOKEN_PITCH, TOKEN_COLS = 25.0, 22.5, 89.0, 28.0, 6
CARD_W, CARD_H, CARD_X0, CARD_Y0, CARD_COLS, CARD_ROWS = 63.0, 88.0, 10.5, 11.5, 3, 3


def register_fonts() -> None:
    """Register the four bundled Noto faces the sheets use."""
    for name in (SERIF_BOLD, SANS_BOLD, SANS_ITALIC, SANS):
        registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Split text into lines no wider than width (points), breaking at spaces."""
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def centred_lines(c: Canvas, x: float, y: float, lines: list[str], leading: float) -> None:
    """Draw lines centred on x, the block's middle baseline at y."""
    top = y + (len(lines) - 1) * leading / 2
    for i, line in enumerate(lines):
        c.drawCentredString(x, top - i * leading, line)


def star(c: Canvas, x: float, y: float, outer: float) -> None:
    """Fill a five-pointed star centred on (x, y)."""
    path = c.beginPath()
    for i in range(10):
        r = outer if i % 2 == 0 else outer * 0.45
        a = math.pi / 2 + i * math.pi / 5
        (path.lineTo if i else path.moveTo)(x + r * math.cos(a), y + r * math.sin(a))
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def dot_ring(c: Canvas, x: float, y: float, radius: float, count: int, dot: float) -> None:
    """Fill count small dots evenly on a circle around (x, y)."""
    for i in range(count):
        a = 2 * math.pi * i / count
        c.circle(x + radius * math.cos(a), y + radius * math.sin(a), dot, stroke=0, fill=1)


def page_furniture(c: Canvas, part: str, page: int, pages: int) -> None:
    """Draw the 50 mm ruler, the print-at-100% note and the footer line."""
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    base = 13 * mm
    c.setLineWidth(0.35)
    c.line(10 * mm, base, 60 * mm, base)
    for i in range(51):
        c.setLineWidth(0.4 if i % 5 == 0 else 0.3)
        tick = 2.6 if i % 10 == 0 else 1.8 if i % 5 == 0 else 1.0
        c.line((10 + i) * mm, base, (10 + i) * mm, base + tick * mm)
    c.setFont(SANS, 5.5)
    c.drawString(10 * mm, base - 7, "0")
    c.drawRightString(60 * mm, base - 7, "50 мм")
    c.setFont(SANS_BOLD, 6.5)
    c.drawString(63 * mm, base + 1.5, PRINT_NOTE)
    c.setFillColorRGB(*GREY)
    c.setFont(SANS, 5.5)
    footer = f"{GAME} · {part} · {LANGUAGE} · стр. {page} из {pages}"
    c.drawRightString(200 * mm, base + 1.5, footer)


def token_front(c: Canvas, x: float, y: float, number: int, name: str) -> None:
    """Draw one token face centred on (x, y): rings, value, star and name."""
    r = TOKEN_D / 2 * mm
    c.setFillColorRGB(*CREAM)
    c.circle(x, y, r, stroke=0, fill=1)
    c.setStrokeColorRGB(*PURPLE)
    c.setLineWidth(1.2 * mm)
    c.circle(x, y, 11.4 * mm, stroke=1, fill=0)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.3 * mm)
    c.circle(x, y, 10.3 * mm, stroke=1, fill=0)
    c.setFillColorRGB(*PURPLE)
    c.setFont(SERIF_BOLD, (10 if number < 10 else 8.5) * mm)
    c.drawCentredString(x, y - 0.5 * mm, str(number))
    c.setFillColorRGB(*GOLD)
    star(c, x, y + 8.25 * mm, 1.25 * mm)
    c.setFillColorRGB(*INK)
    c.setFont(SANS_BOLD, 5.81)
    centred_lines(c, x, y - 15.5, wrap(name, SANS_BOLD, 5.81, 17 * mm), 6.68)


def token_back(c: Canvas, x: float, y: float) -> None:
    """Draw one token back centred on (x, y): disc, gold ring, star and 16 dots."""
    c.setFillColorRGB(*PURPLE)
    c.circle(x, y, TOKEN_D / 2 * mm, stroke=0, fill=1)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(0.4 * mm)
    c.circle(x, y, 10.9 * mm, stroke=1, fill=0)
    c.setFillColorRGB(*GOLD)
    star(c, x, y, 5.25 * mm)
    dot_ring(c, x, y, 8.5 * mm, 16, 0.4375 * mm)


def cut_circle(c: Canvas, x: float, y: float) -> None:
    """Stroke the thin grey cut line around a token."""
    c.setStrokeColorRGB(*CUT)
    c.setLineWidth(0.35)
    c.circle(x, y, TOKEN_D / 2 * mm, stroke=1, fill=0)


def token_sheet(out: Path) -> None:
    """Write the token sheet: 21 token faces, then their backs mirrored left to right."""
    path = out / "yardstick-tokens-ru-a4.pdf"
    c = Canvas(str(path), pagesize=(PAGE_W, PAGE_H), invariant=1, initialFontName=SANS)
    c.setTitle(f"{GAME} — {TOKENS_PART}")
    for page, back in ((1, False), (2, True)):
        for i, (number, name) in enumerate(TOKENS):
            col = TOKEN_COLS - 1 - i % TOKEN_COLS if back else i % TOKEN_COLS
            x = (TOKEN_X0 + col * TOKEN_PITCH + TOKEN_D / 2) * mm
            y = PAGE_H - (TOKEN_Y0 + i // TOKEN_COLS * TOKEN_PITCH + TOKEN_D / 2) * mm
            c.saveState()
            if back:
                token_back(c, x, y)
            else:
                token_front(c, x, y, number, name)
            cut_circle(c, x, y)
            c.restoreState()
        page_furniture(c, TOKENS_PART, page, 2)
        c.showPage()
    c.save()


def card_frame(c: Canvas, x: float, y: float, colour: Colour, widths: tuple[float, float],
               inner_inset: float) -> None:
    """Stroke a card's outer and inner rounded borders; (x, y) is its bottom-left corner."""
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(widths[0])
    c.roundRect(x + 3 * mm, y + 3 * mm, (CARD_W - 6) * mm, (CARD_H - 6) * mm, 2.5 * mm)
    c.setStrokeColorRGB(*GOLD)
    c.setLineWidth(widths[1])
    inset = inner_inset * mm
    c.roundRect(x + inset, y + inset, CARD_W * mm - 2 * inset, CARD_H * mm - 2 * inset,
                2.5 * mm)


def flask(c: Canvas, x: float, y: float) -> None:
    """Draw the small flask picture centred on (x, y)."""
    c.setStrokeColorRGB(*PURPLE)
    c.setLineWidth(0.5 * mm)
    c.setFillColorRGB(*FLASK)
    c.circle(x, y, 3.68 * mm, stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.rect(x - 2.87, y + 9.13, 5.74, 7.17, stroke=1, fill=1)
    c.setFillColorRGB(*GOLD)
    for dx, dy, r in ((-3.26, 0.65, 2.09), (2.61, -2.61, 1.56), (1.30, 3.91, 1.17)):
        c.circle(x + dx, y + dy, r, stroke=0, fill=1)


def ingredient_row(c: Canvas, x: float, y: float, number: int) -> None:
    """Draw one ingredient pill with its number disc and name; (x, y) is its bottom-left."""
    c.setFillColorRGB(*SAND)
    c.roundRect(x, y, 49 * mm, 12 * mm, 6 * mm, stroke=0, fill=1)
    mid = y + 6 * mm
    c.setFillColorRGB(*CREAM)
    c.setStrokeColorRGB(*PURPLE)
    c.setLineWidth(0.6 * mm)
    c.circle(x + 6 * mm, mid, 5.2 * mm, stroke=1, fill=1)
    c.setFillColorRGB(*PURPLE)
    size = 15.48 if number < 10 else 13.27
    c.setFont(SERIF_BOLD, size)
    c.drawCentredString(x + 6 * mm, mid - size * 0.35, str(number))
    c.setFillColorRGB(*INK)
    c.setFont(SANS_BOLD, 9)
    lines = wrap(NAMES[number], SANS_BOLD, 9, 35 * mm)
    centred_lines(c, x + 31 * mm, mid - 3.15, lines, 10.35)


def card_front(c: Canvas, x: float, y: float, card: int, ingredients: tuple[int, ...]) -> None:
    """Draw one formula card face; (x, y) is its bottom-left corner."""
    c.setFillColorRGB(*CREAM)
    c.rect(x, y, CARD_W * mm, CARD_H * mm, stroke=0, fill=1)
    card_frame(c, x, y, PURPLE, (0.9 * mm, 0.3 * mm), 4.2)
    centre = x + CARD_W / 2 * mm
    c.setFillColorRGB(*PURPLE)
    c.setFont(SERIF_BOLD, 12.5)
    c.drawCentredString(centre, y + 76 * mm, FORMULA_TITLE)
    flask(c, centre, y + 65.85 * mm)
    for i, number in enumerate(ingredients):
        ingredient_row(c, x + 7 * mm, y + (47.5 - 14 * i) * mm, number)
    c.setFillColorRGB(*INK)
    c.setFont(SANS_ITALIC, 7)
    centred_lines(c, centre, y + 34.4, wrap(FORMULA_HINT, SANS_ITALIC, 7, 40 * mm), 8.05)
    c.setFillColorRGB(*MUTED)
    c.setFont(SANS, 6)
    c.drawCentredString(centre, y + 17.57, CARD_LABEL.format(card=card))


def card_back(c: Canvas, x: float, y: float) -> None:
    """Draw one formula card back; (x, y) is its bottom-left corner."""
    c.setFillColorRGB(*PURPLE)
    c.rect(x, y, CARD_W * mm, CARD_H * mm, stroke=0, fill=1)
    card_frame(c, x, y, GOLD, (0.7 * mm, 0.25 * mm), 4.5)
    centre = x + CARD_W / 2 * mm
    c.setFillColorRGB(*GOLD)
    star(c, centre, y + 52 * mm, 13 * mm)
    dot_ring(c, centre, y + 52 * mm, 19 * mm, 12, 0.8 * mm)
    c.setFont(SERIF_BOLD, 13)
    centred_lines(c, centre, y + 57.8, wrap(GAME, SERIF_BOLD, 13, 45 * mm), 14.95)


def crop_marks(c: Canvas, left: float, top: float, cols: int, rows: int) -> None:
    """Stroke 3 mm crop marks 1 mm outside a grid of cards (left, top in mm from top-left)."""
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.3)
    y_top, y_bottom = PAGE_H - (top - 1) * mm, PAGE_H - (top + rows * CARD_H + 1) * mm
    for col in range(cols + 1):
        x = (left + col * CARD_W) * mm
        c.line(x, y_top + 3 * mm, x, y_top)
        c.line(x, y_bottom, x, y_bottom - 3 * mm)
    x_left, x_right = (left - 1) * mm, (left + cols * CARD_W + 1) * mm
    for row in range(rows + 1):
        y = PAGE_H - (top + row * CARD_H) * mm
        c.line(x_left - 3 * mm, y, x_left, y)
        c.line(x_right, y, x_right + 3 * mm, y)


def formula_sheet(out: Path) -> None:
    """Write the formula cards: each page of up to 9 faces followed by its mirrored backs."""
    path = out / "yardstick-formulas-ru-a4.pdf"
    c = Canvas(str(path), pagesize=(PAGE_W, PAGE_H), invariant=1, initialFontName=SANS)
    c.setTitle(f"{GAME} — {FORMULAS_PART}")
    per_page = CARD_COLS * CARD_ROWS
    sheets = [FORMULAS[i:i + per_page] for i in range(0, len(FORMULAS), per_page)]
    pages = 2 * len(sheets)
    for s, sheet in enumerate(sheets):
        first = s * per_page + 1
        rows = -(-len(sheet) // CARD_COLS)
        top = CARD_Y0 + (CARD_ROWS - rows) * CARD_H / 2
        for back in (False, True):
            for i, ingredients in enumerate(sheet):
                col = CARD_COLS - 1 - i % CARD_COLS if back else i % CARD_COLS
                x = (CARD_X0 + col * CARD_W) * mm
                y = PAGE_H - (top + (i // CARD_COLS + 1) * CARD_H) * mm
                c.saveState()
                if back:
                    card_back(c, x, y)
                else:
                    card_front(c, x, y, first + i, ingredients)
                c.restoreState()
            if not back:
                crop_marks(c, CARD_X0, top, CARD_COLS, rows)
            page_furniture(c, FORMULAS_PART, 2 * s + 1 + back, pages)
            c.showPage()
    c.save()


def main(argv: list[str]) -> int:
    """Write both yardstick PDFs into the folder given as the only argument."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: yardstick_reportlab.py OUTPUT_FOLDER\n\nDraws the tokens and formula "
              "cards of `build magic-labyrinth --part tokens --part formulas --lang ru` with "
              "plain ReportLab canvas calls: the yardstick of benchmarks/run.py.",
              file=sys.stderr)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    register_fonts()
    token_sheet(out)
    formula_sheet(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

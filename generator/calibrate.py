"""`labyrinth-pnp calibrate`: a two-page sheet that measures how far a duplex printer puts the
back of a sheet off its front, in quarter millimetres, for `build --back-offset X,Y`.

How it reads: each scale is a row (or column) of 33 numbered boxes. In box k the front carries
a short line at the box's centre, and the back a line 0.25·k mm further along, placed so that
seen through the paper (held against a window) the two lines continue each other. A printer
that shifts the back by m moves every back line by m; the two lines of exactly one box then
form one straight line, and that box's number is the correction to pass to `--back-offset`
(the shift that cancels m). The numbers depend on the duplex mode: an axis that the flip
mirrors reads the other way round.

All geometry is in millimetres in the front page's coordinates (origin top-left, y down);
`calibration_scales` gives it to the drawing and to the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .layout.imposition import PAPERS, Paper

STEP = 0.25  # mm of offset between neighbouring boxes
BOXES = 16  # boxes each side of zero: ±4 mm
PITCH = 5.5  # mm between box centres
LINE = 0.18  # mm line width
FRONT_LEN, BACK_LEN, OVERLAP = 9.0, 9.0, 3.0  # the two lines' lengths and how far they meet


@dataclass(frozen=True)
class Box:
    """One box of a scale: its number (the correction, mm), where its lines are."""

    correction: float
    front: float  # the front line's position across the scale (x for X, y for Y)
    back: float  # where the back line lands, seen from the front, on a perfect printer


@dataclass(frozen=True)
class Scale:
    axis: str  # "x" or "y"
    start: float  # where the lines begin along the other axis (y for X, x for Y)
    boxes: tuple[Box, ...]


def calibration_scales(paper: Paper, duplex: str, margin: float = 10.0) -> tuple[Scale, Scale]:
    """The X scale (a row near the top) and the Y scale (a column at the right)."""
    mirrored = {"long": "x", "short": "y"}[duplex]
    cx = paper.width / 2
    x_start = margin + 38.0
    y_mid = (margin + 62.0 + paper.height - margin - 14.0) / 2
    y_start = paper.width - margin - 30.0

    def boxes(centre: float, axis: str) -> tuple[Box, ...]:
        sign = -1.0 if axis == mirrored else 1.0
        return tuple(Box(sign * STEP * k, centre + PITCH * k, centre + PITCH * k + STEP * k)
                     for k in range(-BOXES, BOXES + 1))

    return Scale("x", x_start, boxes(cx, "x")), Scale("y", y_start, boxes(y_mid, "y"))


def write_calibration(path: Path, paper_name: str, duplex: str, texts: object,
                      sheet: object = None) -> None:
    """Draw the two pages to path (the caller writes atomically); with sheet (the language's
    SheetTexts), the front gets the 50 mm ruler, print-at-100% note and footer of every sheet."""
    from reportlab.pdfgen.canvas import Canvas

    from .draw.fonts import font
    from .units import mm

    paper = PAPERS[paper_name]
    w, h = paper.width, paper.height
    c = Canvas(str(path), pagesize=(mm(w), mm(h)), invariant=1, pageCompression=1,
               initialFontName=font("Sans"))
    c.setTitle(texts.title)  # type: ignore[attr-defined]
    c.setAuthor("labyrinth-pnp")
    c.setCreator("labyrinth-pnp")
    scale_x, scale_y = calibration_scales(paper, duplex)

    def pt(x: float, y: float) -> tuple[float, float]:
        return mm(x), mm(h - y)

    # front
    c.setFont(font("Sans-Bold"), 15)
    c.drawString(*pt(10, 18), texts.title)  # type: ignore[attr-defined]
    c.setFont(font("Sans"), 8.5)
    c.drawString(*pt(10, scale_x.start - 9), texts.x_scale)  # type: ignore[attr-defined]
    _steps(c, texts, pt, 10, 70, w - 65)
    c.drawString(*pt(scale_y.start - 9.0, scale_y.boxes[0].front - PITCH / 2 - 2.0),
                 texts.y_scale)  # type: ignore[attr-defined]
    c.setLineWidth(mm(LINE))
    c.setFont(font("Sans"), 5.5)
    for b in scale_x.boxes:
        c.line(*pt(b.front, scale_x.start), *pt(b.front, scale_x.start + FRONT_LEN))
        _box_label(c, pt, b, b.front, scale_x.start - 2.0, "x")
        _frame(c, pt, b.front - PITCH / 2, scale_x.start - 5.5, PITCH,
               FRONT_LEN + BACK_LEN - OVERLAP + 7.0)
    for b in scale_y.boxes:
        c.line(*pt(scale_y.start, b.front), *pt(scale_y.start + FRONT_LEN, b.front))
        _box_label(c, pt, b, scale_y.start - 2.0, b.front, "y")
        _frame(c, pt, scale_y.start - 9.0, b.front - PITCH / 2,
               FRONT_LEN + BACK_LEN - OVERLAP + 11.0, PITCH)
    if sheet is not None:
        _band(c, paper, texts, sheet)
    c.showPage()
    # back: every line where it must land seen through the front, in the back's coordinates
    c.setLineWidth(mm(LINE))

    def back(x: float, y: float) -> tuple[float, float]:
        return pt(w - x, y) if duplex == "long" else pt(x, h - y)

    for b in scale_x.boxes:
        top = scale_x.start + FRONT_LEN - OVERLAP
        c.line(*back(b.back, top), *back(b.back, top + BACK_LEN))
    for b in scale_y.boxes:
        left = scale_y.start + FRONT_LEN - OVERLAP
        c.line(*back(left, b.back), *back(left + BACK_LEN, b.back))
    c.setFont(font("Sans"), 9)
    c.drawCentredString(mm(w / 2), mm(h / 2), texts.back_side)  # type: ignore[attr-defined]
    c.showPage()
    c.save()


def _band(c, paper: Paper, texts, sheet) -> None:  # type: ignore[no-untyped-def]
    """The 50 mm ruler, the print-at-100% note and the footer, as on every built sheet."""
    from types import SimpleNamespace

    from .content.placeholders import fill
    from .draw.sheet import Furniture, _draw_furniture

    def footer(number: int, total: int) -> str:
        return f"labyrinth-pnp · {texts.title} · {fill(sheet.page, page=number, pages=total)}"

    page = SimpleNamespace(width=paper.width, height=paper.height, band="bottom", number=1)
    _draw_furniture(c, page, 2, Furniture(sheet.ruler, sheet.print_at_100, footer), 10.0)  # type: ignore[arg-type]


def _box_label(c, pt, b: Box, x: float, y: float, axis: str) -> None:  # type: ignore[no-untyped-def]
    text = "0" if b.correction == 0 else f"{b.correction:+.2f}"
    if axis == "x":
        c.drawCentredString(*pt(x, y), text)
    else:
        c.drawRightString(*pt(x, y + 0.7), text)


def _frame(c, pt, x: float, y: float, width: float, height: float) -> None:  # type: ignore[no-untyped-def]
    from reportlab.lib.colors import HexColor

    c.saveState()
    c.setStrokeColor(HexColor("#c8c8c8"))
    c.setLineWidth(0.3)
    x0, y0 = pt(x, y + height)
    x1, y1 = pt(x + width, y)
    c.rect(x0, y0, x1 - x0, y1 - y0, stroke=1, fill=0)
    c.restoreState()


def _steps(c, texts, pt, x: float, y: float, width: float) -> None:  # type: ignore[no-untyped-def]
    from .draw.fonts import font
    from .draw.guide import wrap
    from .units import mm

    c.setFont(font("Sans"), 10)
    for n, step in enumerate(texts.steps, 1):
        lines = wrap(f"{n}. {step}", "Sans", 10, mm(width))
        for line in lines:
            c.drawString(*pt(x, y), line)
            y += 5.0
        y += 2.5

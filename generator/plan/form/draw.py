"""Draw the plan form (and, with a plan, the marks a host would make on it) with ReportLab.

The form is printed in light grey except what the reader locates by: the four ArUco corner
markers, the QR code and the grid's vertex dots, in black. Pen marks (`fill`) are drawn as
strokes of a `Pen`: a wobbling line over each traced wall slot, a zigzag scribble in each
filled box; the pen's width, darkness, overshoot, gaps and fill share are parameters, so the
accuracy benchmark can vary them. The same plan and pen give the same PDF bytes.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw.fonts import font
from ..text.model import COLUMN_LETTERS, Plan
from .layout import ARROW_KEYS, CYCLE_LETTERS, MARKER_IDS, MARKS, Layout
from .marks import plan_marks
from .texts import LABELS, legend_lines, title

BLACK = HexColor("#000000")
PRINT_GREY = Color(0.62, 0.62, 0.62)
DOT_GREY = Color(0.8, 0.8, 0.8)
LABEL_GREY = Color(0.72, 0.72, 0.72)


@dataclass(frozen=True)
class Pen:
    """How a host marks the form: stroke width (mm), ink darkness (0..1), fill share, and
    the wall strokes' overshoot (mm), wobble (mm) and chance of a gap."""

    width: float = 0.5
    ink: float = 0.9
    fill: float = 0.95
    overshoot: float = 0.6
    wobble: float = 0.25
    gap: float = 0.0
    colour: tuple[float, float, float] = (0.1, 0.12, 0.35)


def marker_bits(marker_id: int) -> list[list[bool]]:
    """Return the 6×6 modules (True = black) of ArUco DICT_4X4_50 marker marker_id."""
    import cv2

    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    image = cv2.aruco.generateImageMarker(dictionary, marker_id, 6)
    return [[bool(v < 128) for v in row] for row in image]


class FormPainter:
    """Draw a form on a ReportLab canvas, in mm with y down (as the layout)."""

    def __init__(self, c: Canvas, lay: Layout, lang: str, qr_text: str | None = None) -> None:
        """Keep the canvas, layout, language and QR text (the layout's unless given)."""
        self.c, self.lay, self.lang = c, lay, lang
        self.qr_text = qr_text or lay.qr_text()

    def y(self, y_mm: float) -> float:
        """Return the PDF y of a layout y (mm from the top)."""
        return (self.lay.height - y_mm) * mm

    def rect(self, x: float, y: float, w: float, h: float, fill: int = 1, stroke: int = 0
             ) -> None:
        """Draw a layout rectangle."""
        self.c.rect(x * mm, self.y(y + h), w * mm, h * mm, fill=fill, stroke=stroke)

    def text(self, x: float, y: float, text: str, size: float, face: str = "Sans",
             centre: bool = False) -> None:
        """Write text with its baseline at layout (x, y); size in points."""
        self.c.setFont(font(face), size)
        if centre:
            self.c.drawCentredString(x * mm, self.y(y), text)
        else:
            self.c.drawString(x * mm, self.y(y), text)

    def blank(self) -> None:
        """Draw the empty form: markers, QR code, title, grid, slots, boxes and legend."""
        lay, c = self.lay, self.c
        c.setFillColor(BLACK)
        for (x, y, w, _), marker_id in zip(lay.markers(), MARKER_IDS):
            unit = w / 6
            for r, row in enumerate(marker_bits(marker_id)):
                for col, dark in enumerate(row):
                    if dark:
                        self.rect(x + col * unit, y + r * unit, unit, unit)
        self.qr_code(self.qr_text)
        c.setFillColor(BLACK)
        self.text(lay.width / 2, 15, title(self.lang, lay.rows, lay.cols), 12, "Sans-Bold",
                  centre=True)
        self.grid()
        self.legend()

    def qr_code(self, text: str) -> None:
        """Draw the QR code: version 1, low error correction, so its modules are big."""
        import qrcode
        from qrcode.constants import ERROR_CORRECT_L

        code = qrcode.QRCode(error_correction=ERROR_CORRECT_L, border=2, mask_pattern=2)
        code.add_data(text)
        code.make(fit=True)
        matrix = code.get_matrix()
        x, y, side, _ = self.lay.qr()
        unit = side / len(matrix)
        self.c.setFillColor(BLACK)
        for r, row in enumerate(matrix):
            for col, dark in enumerate(row):
                if dark:
                    self.rect(x + col * unit, y + r * unit, unit * 1.01, unit * 1.01)

    def grid(self) -> None:
        """Draw labels, vertex dots, dotted wall slots and every box."""
        lay, c = self.lay, self.c
        s = lay.cell
        c.setFillColor(Color(0.35, 0.35, 0.35))
        size = min(9.0, s * 0.5 / 0.3528)
        for col in range(lay.cols):
            x, _ = lay.vertex(0, col)
            self.text(x + s / 2, lay.top - 1.8, COLUMN_LETTERS[col], size, "Sans-Bold", True)
        for row in range(lay.rows):
            _, y = lay.vertex(row, 0)
            self.text(lay.left - 4.5, y + s / 2 + size * 0.12, str(row + 1), size, "Sans-Bold",
                      True)
        c.setFillColor(DOT_GREY)
        dot = max(0.3, s * 0.02)
        for pos, side in lay.slots():
            x0, y0, x1, y1 = lay.slot(pos, side)
            for i in range(1, 10):
                t = i / 10
                px, py = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                self.rect(px - dot / 2, py - dot / 2, dot, dot)
        c.setFillColor(BLACK)
        v = max(0.7, s * 0.05)
        for r in range(lay.rows + 1):
            for col in range(lay.cols + 1):
                x, y = lay.vertex(r, col)
                self.rect(x - v / 2, y - v / 2, v, v)
        c.setStrokeColor(PRINT_GREY)
        c.setLineWidth(0.18 * mm)
        letters = CYCLE_LETTERS[self.lang]
        labels = dict(LABELS[self.lang])
        labels.update({f"cycle{i + 1}": letters[i] for i in range(4)})
        for pos in lay.positions():
            for key in MARKS:
                self.box(lay.mark(pos, key), labels.get(key, ""), key)
            for side in lay.swamp_sides(pos):
                self.box(lay.swamp(pos, side), "~", "swamp")

    def box(self, rect: tuple[float, float, float, float], label: str, key: str) -> None:
        """Draw one mark box with its label in light grey (an arrow for a river box)."""
        x, y, w, h = rect
        self.rect(x, y, w, h, fill=0, stroke=1)
        self.c.setFillColor(LABEL_GREY)
        if key in ARROW_KEYS:
            tip = {"up": (0.5, 0.2), "down": (0.5, 0.8), "left": (0.2, 0.5), "right": (0.8, 0.5)}
            tx, ty = tip[key]
            bx, by = 1 - tx if tx != 0.5 else 0.5, 1 - ty if ty != 0.5 else 0.5
            px, py = (0.25, 0) if tx == 0.5 else (0, 0.25)
            path = self.c.beginPath()
            path.moveTo((x + w * tx) * mm, self.y(y + h * ty))
            path.lineTo((x + w * (bx + px)) * mm, self.y(y + h * (by + py)))
            path.lineTo((x + w * (bx - px)) * mm, self.y(y + h * (by - py)))
            path.close()
            self.c.drawPath(path, stroke=0, fill=1)
            return
        size = w * (0.55 if len(label) == 1 else 0.42) / 0.3528
        self.text(x + w / 2, y + h * 0.74, label, size, "Sans-Bold", centre=True)

    def legend(self) -> None:
        """Write the legend: what each box and slot means, how to mark it."""
        x, y, w, h = self.lay.legend()
        self.c.setFillColor(BLACK)
        lines = legend_lines(self.lang)
        size = min(7.2, h / len(lines) / 0.3528 * 0.86)
        step = size * 0.3528 / 0.86
        for i, line in enumerate(lines):
            self.text(x, y + step * (i + 1), line, size, "Sans-Bold" if i == 0 else "Sans")

    def fill(self, plan: Plan, pen: Pen, seed: int) -> None:
        """Draw plan's marks on the form as a host with pen would."""
        rng = random.Random(seed)
        c, lay = self.c, self.lay
        r, g, b = pen.colour
        k = 1 - pen.ink
        c.setStrokeColor(Color(r + (1 - r) * k, g + (1 - g) * k, b + (1 - b) * k))
        c.setLineWidth(pen.width * mm)
        c.setLineCap(1)
        c.setLineJoin(1)
        walls, marks, swamps = plan_marks(plan, lay)
        for pos, side in walls:
            self.stroke_slot(lay.slot(pos, side), pen, rng)
        for pos, key in marks:
            self.scribble(lay.mark(pos, key), pen, rng)
        for pos, side in swamps:
            self.scribble(lay.swamp(pos, side), pen, rng)

    def stroke_slot(self, slot: tuple[float, float, float, float], pen: Pen,
                    rng: random.Random) -> None:
        """Trace one wall slot with a wobbling stroke (maybe with a gap)."""
        x0, y0, x1, y1 = slot
        length = abs(x1 - x0) + abs(y1 - y0)
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        a = -pen.overshoot * rng.uniform(0, 1)
        z = length + pen.overshoot * rng.uniform(0, 1)
        pieces = [(a, z)]
        if rng.random() < pen.gap:
            g0 = rng.uniform(0.25, 0.6) * length
            pieces = [(a, g0), (g0 + rng.uniform(0.06, 0.12) * length, z)]
        for start, end in pieces:
            path = self.c.beginPath()
            n = max(2, int((end - start) / 3))
            drift = rng.uniform(-pen.wobble, pen.wobble)
            for i in range(n + 1):
                t = start + (end - start) * i / n
                off = drift + rng.uniform(-pen.wobble, pen.wobble) * 0.5
                px, py = x0 + ux * t - uy * off, y0 + uy * t + ux * off
                if i == 0:
                    path.moveTo(px * mm, self.y(py))
                else:
                    path.lineTo(px * mm, self.y(py))
            self.c.drawPath(path, stroke=1, fill=0)

    def scribble(self, rect: tuple[float, float, float, float], pen: Pen,
                 rng: random.Random) -> None:
        """Fill a box with a zigzag scribble covering about pen.fill of it."""
        x, y, w, h = rect
        share = min(1.0, max(0.3, pen.fill * rng.uniform(0.97, 1.03)))
        step = max(pen.width * 0.8, 0.15)
        lines = max(2, int(h * share / step) + 1)
        path = self.c.beginPath()
        inset = pen.width * 0.35
        for i in range(lines):
            py = y + inset + (h * share - 2 * inset) * i / (lines - 1)
            jitter = rng.uniform(-0.08, 0.08) * w
            left, right = x + inset + jitter, x + w - inset + jitter
            ends = (left, right) if i % 2 == 0 else (right, left)
            if i == 0:
                path.moveTo(ends[0] * mm, self.y(py))
            else:
                path.lineTo(ends[0] * mm, self.y(py))
            path.lineTo(ends[1] * mm, self.y(py))
        self.c.drawPath(path, stroke=1, fill=0)


def write_form(target: Path, lay: Layout, lang: str, plan: Plan | None = None,
               pen: Pen | None = None, qr_text: str | None = None) -> None:
    """Write the form (filled with plan's marks when given) as a one-page PDF to target."""
    c = Canvas(str(target), pagesize=(lay.width * mm, lay.height * mm), invariant=1,
               pageCompression=1)
    c.setTitle(title(lang, lay.rows, lay.cols))
    c.setAuthor("labyrinth-pnp")
    painter = FormPainter(c, lay, lang, qr_text)  # a QR text of another size: for tests
    painter.blank()
    if plan is not None:
        seed = zlib.crc32(repr((plan.cells, sorted(plan.walls), plan.exits)).encode())
        painter.fill(plan, pen or Pen(), seed)
    c.showPage()
    c.save()


__all__ = ["ARROW_KEYS", "FormPainter", "Pen", "marker_bits", "write_form"]

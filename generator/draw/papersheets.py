"""The «Лабиринт» sheets: the host's plan with legend and QR code, and the player's sheet."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from ..plan.model import ARSENAL, HOLE, MEDPOST, MOUTH, RIVER, Plan
from ..units import mm
from .fonts import font
from .kit import INK, Box, Style
from .plan import GRID, RED, SWAMP, _arrow, draw_plan, symbol
from .qr import draw_qr

TITLE = HexColor("#1d3b5a")
LEGEND_KEYS = ("frame", "wall", "exit", "river", "mouth", "swamp", "hole", "arsenal", "medpost",
               "real", "false")


@dataclass(frozen=True)
class HostSheet:
    plan: Plan
    grid_text: str
    title: str
    subtitle: str
    legend_title: str
    legend: dict[str, str]
    qr_caption: str
    exit_label: str


@dataclass(frozen=True)
class PlayerSheet:
    rows: int
    cols: int
    title: str
    name_label: str
    grids_title: str
    log_title: str
    log_columns: tuple[str, ...]
    legend_title: str
    legend: dict[str, str]


def _legend_sample(c: Canvas, key: str, x: float, y: float, s: float, style: Style) -> None:
    kinds = {"river": RIVER, "mouth": MOUTH, "hole": HOLE, "arsenal": ARSENAL,
             "medpost": MEDPOST, "real": "real", "false": "false"}
    c.saveState()
    if key in kinds:
        symbol(c, kinds[key], x, y, s, "Я1" if key == "hole" else "", style=style)
    elif key in ("frame", "wall"):
        c.setStrokeColor(INK)
        c.setLineWidth(s * (0.11 if key == "frame" else 0.06))
        c.setLineCap(1)
        c.line(x + s * 0.1, y + s / 2, x + s * 0.9, y + s / 2)
    elif key == "exit":
        c.setFillColor(RED)
        c.setStrokeColor(RED)
        _arrow(c, x + s / 2, y + s / 2, s * 0.7, 0, s * 0.06, s * 0.22)
    elif key == "swamp":
        c.setFillColor(SWAMP)
        c.setStrokeColor(SWAMP)
        _arrow(c, x + s / 2, y + s / 2, s * 0.7, 0, s * 0.06, s * 0.22)
    c.restoreState()


def draw_legend(c: Canvas, x: float, y_top: float, width: float, title: str,
                labels: dict[str, str], style: Style, columns: int = 2) -> float:
    """Draw the symbol legend in columns; return the y below it."""
    c.setFillColor(TITLE)
    c.setFont(font("Sans-Bold"), 10)
    c.drawString(x, y_top - 10, title)
    s = mm(7)
    col_w = width / columns
    per_col = -(-len(LEGEND_KEYS) // columns)
    for i, key in enumerate(LEGEND_KEYS):
        col, row = divmod(i, per_col)
        lx = x + col * col_w
        ly = y_top - mm(7) - (row + 1) * (s + mm(1.2))
        c.setStrokeColor(GRID)
        c.setLineWidth(0.3)
        c.rect(lx, ly, s, s, stroke=1, fill=0)
        _legend_sample(c, key, lx, ly, s, style)
        c.setFillColor(INK)
        size = style.fit_size(labels[key], "Sans", 8.5, col_w - s - mm(5), f"legend {key}")
        c.setFont(font("Sans"), size)
        c.drawString(lx + s + mm(2.5), ly + s / 2 - 3, labels[key])
    return y_top - mm(7) - per_col * (s + mm(1.2))


def draw_host_sheet(c: Canvas, box: Box, sheet: HostSheet, style: Style) -> None:
    """One plan per page: the map, the legend, a QR code with the grid text."""
    top = box.y + box.h
    style.text_centred(c, sheet.title, box.cx, top - mm(7), "Serif-Bold", 17, box.w,
                       "host sheet title", color=TITLE)
    style.text_centred(c, sheet.subtitle, box.cx, top - mm(13.5), "Sans", 10, box.w,
                       "host sheet subtitle")
    plan = sheet.plan
    room_w, room_h = box.w - mm(30), box.h - mm(105)
    cell = min(mm(24), room_w / plan.cols, room_h / (plan.rows + 1.5))
    gx = box.cx - cell * plan.cols / 2
    gy = top - mm(24) - cell * 0.4
    draw_plan(c, gx, gy, cell, plan, style, sheet.exit_label)
    below = gy - cell * plan.rows - max(mm(14), cell * 1.45)
    qr = mm(42)
    draw_legend(c, box.x, below, box.w - qr - mm(8), sheet.legend_title, sheet.legend, style)
    draw_qr(c, box.x + box.w - qr, below - qr - mm(2), qr, sheet.grid_text)
    style.lines_centred(c, sheet.qr_caption, box.x + box.w - qr / 2, below - qr - mm(8),
                        "Sans", 6.5, qr + mm(6), "qr caption", max_lines=3)


def _blank_grid(c: Canvas, x: float, y_top: float, cell: float, rows: int, cols: int) -> None:
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for r in range(1, rows):
        c.line(x, y_top - r * cell, x + cols * cell, y_top - r * cell)
    for k in range(1, cols):
        c.line(x + k * cell, y_top, x + k * cell, y_top - rows * cell)
    c.setStrokeColor(INK)
    c.setLineWidth(1.2)
    c.rect(x, y_top - rows * cell, cols * cell, rows * cell, stroke=1, fill=0)
    c.setFillColor(HexColor("#777777"))
    c.setFont(font("Sans"), 6.5)
    for k in range(cols):
        c.drawCentredString(x + (k + 0.5) * cell, y_top + 2.5, "ABCDEFGHIJKL"[k])
    for r in range(rows):
        c.drawRightString(x - 2.5, y_top - (r + 0.62) * cell, str(r + 1))


def draw_player_sheet(c: Canvas, box: Box, sheet: PlayerSheet, style: Style) -> None:
    """Draft grids for notes, the legend and a move log."""
    top = box.y + box.h
    c.setFillColor(TITLE)
    c.setFont(font("Serif-Bold"), 16)
    c.drawString(box.x, top - mm(7), sheet.title)
    c.setFillColor(INK)
    c.setFont(font("Sans"), 10)
    c.drawString(box.x + box.w * 0.5, top - mm(7), sheet.name_label)
    c.setStrokeColor(INK)
    c.setLineWidth(0.5)
    c.line(box.x + box.w * 0.5 + mm(14), top - mm(7.5), box.x + box.w, top - mm(7.5))
    c.setFont(font("Sans-Bold"), 10)
    c.setFillColor(TITLE)
    c.drawString(box.x, top - mm(16), sheet.grids_title)
    per_row = 3
    slot_w = box.w / per_row
    cell = min(mm(9), (slot_w - mm(10)) / sheet.cols, mm(50) / sheet.rows)
    grid_h = cell * sheet.rows + mm(9)
    y = top - mm(22)
    for i in range(6):
        col, row = i % per_row, i // per_row
        gx = box.x + col * slot_w + (slot_w - cell * sheet.cols) / 2 + mm(2)
        _blank_grid(c, gx, y - row * grid_h - mm(3), cell, sheet.rows, sheet.cols)
    y -= 2 * grid_h + mm(4)
    y = draw_legend(c, box.x, y, box.w, sheet.legend_title, sheet.legend, style, columns=3)
    _move_log(c, Box(box.x, box.y, box.w, y - box.y - mm(6)), sheet, style)


def _move_log(c: Canvas, box: Box, sheet: PlayerSheet, style: Style) -> None:
    top = box.y + box.h
    c.setFillColor(TITLE)
    c.setFont(font("Sans-Bold"), 10)
    c.drawString(box.x, top - 10, sheet.log_title)
    widths = [0.07, 0.13, 0.35, 0.45]
    head_y = top - mm(6)
    row_h = mm(6.2)
    rows = int((head_y - box.y) // row_h) - 1
    xs = [box.x]
    for w in widths:
        xs.append(xs[-1] + w * box.w)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    for r in range(rows + 2):
        yy = head_y - r * row_h
        c.line(box.x, yy, box.x + box.w, yy)
    for xx in xs:
        c.line(xx, head_y, xx, head_y - (rows + 1) * row_h)
    c.setFillColor(INK)
    for name, x0, x1 in zip(sheet.log_columns, xs, xs[1:]):
        size = style.fit_size(name, "Sans-Bold", 8.5, x1 - x0 - mm(2), "log column")
        c.setFont(font("Sans-Bold"), size)
        c.drawCentredString((x0 + x1) / 2, head_y - row_h + mm(2), name)
    c.setFont(font("Sans"), 7)
    c.setFillColor(HexColor("#888888"))
    for r in range(rows):
        c.drawRightString(xs[1] - mm(1.5), head_y - (r + 2) * row_h + mm(2), str(r + 1))

"""QR codes drawn as vector squares (sharp at any printer resolution)."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.pdfgen.canvas import Canvas

from .kit import INK


@lru_cache(maxsize=8)  # a build draws the same address on both languages' back pages
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix of a QR code for text, with a 4-module quiet zone."""
    # A fixed mask pattern: scoring all eight costs ~50 ms a code and buys nothing in print.
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4, mask_pattern=2)
    code.add_data(text.encode("utf-8"))
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


@lru_cache(maxsize=8)
def _dark_runs(text: str) -> tuple[int, str]:
    """The QR code's size in modules and its dark modules as PDF path operators, in module
    units from the bottom-left corner: each row's runs are rectangles of one path, filled
    once. The same code on both languages' sheets is worked out once."""
    matrix = qr_matrix(text)
    n = len(matrix)
    ops = []
    for row, line in enumerate(matrix):
        y = n - 1 - row
        col = 0
        while col < n:
            if line[col]:
                start = col
                while col < n and line[col]:
                    col += 1
                ops.append(f"{start} {y} {col - start} 1 re")
            else:
                col += 1
    ops.append("f")
    return n, "\n".join(ops)


def draw_qr(c: Canvas, x: float, y: float, size: float, text: str) -> None:
    """Draw a QR code for text in a square of side size whose bottom-left corner is (x, y),
    in vector squares (sharp at any printer resolution)."""
    n, runs = _dark_runs(text)
    c.saveState()
    c.setFillColor(INK)
    c.translate(x, y)
    c.scale(size / n, size / n)
    c.addLiteral(runs)
    c.restoreState()

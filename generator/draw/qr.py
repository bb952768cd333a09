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


def draw_qr(c: Canvas, x: float, y: float, size: float, text: str) -> None:
    """Draw a QR code for text in a square of side size whose bottom-left corner is (x, y).

    Each row's runs of dark modules are rectangles of one path, filled once."""
    matrix = qr_matrix(text)
    n = len(matrix)
    module = size / n
    c.saveState()
    c.setFillColor(INK)
    path = c.beginPath()
    for row, line in enumerate(matrix):
        col = 0
        while col < n:
            if line[col]:
                start = col
                while col < n and line[col]:
                    col += 1
                path.rect(x + start * module, y + size - (row + 1) * module,
                          (col - start) * module, module)
            else:
                col += 1
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()

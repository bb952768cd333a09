"""Print Then Cut images for `build --cutter cricut`: beside each PDF, for every page with
pieces to cut, `FILE-cricut-pN.png` and `FILE-cricut-pN.svg`.

Cricut Design Space prints an uploaded image itself, inside its own registration frame, and
cuts round the image's opaque shapes. So each PNG holds the page's pieces exactly as the PDF
draws them (rendered with pypdfium2 at `CRICUT_DPI`), with every pixel outside the pieces' cut
shapes transparent: Design Space then finds one cut line per piece, on its outline. The image
is the pieces' block widened to whole pixels (see `cricut_box`), so its width and height in
pixels divided by the DPI are its size, and the guide gives that size to type in Design Space.
The SVG holds the same outlines in millimetres, in the image's coordinates, for checking the
image or for cutting from the outlines.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .layout.cutter import CRICUT_DPI, cricut_box, outline
from .layout.imposition import Page

SUPERSAMPLE = 2  # the cut-shape mask is drawn at this multiple, then averaged down


def cricut_file_names(pdf: Path, pages: list[Page]) -> list[tuple[Path, Page]]:
    """Each page of a PDF with pieces to cut, and the stem of its image and SVG."""
    return [(pdf.with_name(f"{pdf.stem}-cricut-p{page.number}"), page) for page in pages
            if page.cutter == "cricut" and cricut_box(page) is not None]


def cricut_images(pdf: Path, pages: list[Page]) -> Iterator[tuple[Path, Page, Any]]:
    """Render each page's Print Then Cut image from the written PDF, one at a time (an image
    is some 20 MB in memory): (stem, page, image)."""
    import pypdfium2 as pdfium

    named = cricut_file_names(pdf, pages)
    if not named:
        return
    doc = pdfium.PdfDocument(str(pdf))
    try:
        for stem, page in named:
            yield stem, page, _image(doc[page.number - 1], page)
    finally:
        doc.close()


def image_origin(page: Page) -> tuple[float, float]:
    """Where a page's Cricut image starts on the page (mm from its top-left corner)."""
    box = cricut_box(page)
    assert box is not None
    return box[0] * 25.4 / CRICUT_DPI, box[1] * 25.4 / CRICUT_DPI


def _image(pdf_page: Any, page: Page) -> Any:
    """The page's pieces as an RGBA image: the drawing inside each cut shape, nothing else."""
    from PIL import Image, ImageDraw

    box = cricut_box(page)
    assert box is not None
    left, top, right, bottom = box
    scale = CRICUT_DPI / 72
    # the page's pixel grid: page.width mm at CRICUT_DPI, so millimetres map exactly
    full = pdf_page.render(scale=scale).to_pil()
    art = full.convert("RGB").crop(box)
    n, k = SUPERSAMPLE, CRICUT_DPI / 25.4 * SUPERSAMPLE
    mask = Image.new("L", ((right - left) * n, (bottom - top) * n), 0)
    draw = ImageDraw.Draw(mask)

    def px(x: float, y: float) -> tuple[float, float]:
        return x * k - left * n, y * k - top * n

    for placed in page.pieces:
        if not placed.spec.cut:
            continue
        kind, v = outline(placed)
        if kind == "circle":
            (x0, y0), (x1, y1) = px(v[0] - v[2], v[1] - v[2]), px(v[0] + v[2], v[1] + v[2])
            draw.ellipse((x0, y0, x1 - 1, y1 - 1), fill=255)
        elif kind == "rect":
            (x0, y0), (x1, y1) = px(v[0], v[1]), px(v[0] + v[2], v[1] + v[3])
            draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), radius=v[4] * k, fill=255)
        else:
            draw.polygon([px(v[i], v[i + 1]) for i in range(0, len(v), 2)], fill=255)
    art.putalpha(mask.reduce(n))
    return art

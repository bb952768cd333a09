"""Cut files for `build --cutter`: beside each PDF, one SVG and one DXF per front page with
the outline of every piece on it, in millimetres, in the page's own coordinates (origin at the
top-left corner for SVG; DXF's y axis points up, so its origin is the bottom-left corner).

Silhouette Studio opens DXF in every edition and SVG from its Designer Edition on; both files
hold the same outlines. For Cricut (`cricut.py`) each page's SVG is the size of its Print Then
Cut image instead, in the image's coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .layout.cutter import Outline, outline
from .layout.imposition import Page


def _f(value: float) -> str:
    """A coordinate with 3 decimals (a micrometre), without a trailing zero run."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def cut_svg(page: Page, origin: tuple[float, float] = (0.0, 0.0),
            size: tuple[float, float] | None = None) -> str:
    """The page's cut outlines as an SVG document sized to the paper (or to `size`, its
    top-left corner at `origin` on the page), 1 user unit = 1 mm."""
    w, h = (_f(v) for v in size or (page.width, page.height))
    ox, oy = origin
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
             f'viewBox="0 0 {w} {h}">',
             '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
    for placed in page.pieces:
        if not placed.spec.cut:
            continue
        kind, v = _moved(outline(placed), ox, oy)
        ident = f'id="{placed.spec.id}"'
        if kind == "circle":
            lines.append(f'<circle {ident} cx="{_f(v[0])}" cy="{_f(v[1])}" r="{_f(v[2])}"/>')
        elif kind == "rect":
            corner = f' rx="{_f(v[4])}" ry="{_f(v[4])}"' if v[4] else ""
            lines.append(f'<rect {ident} x="{_f(v[0])}" y="{_f(v[1])}" width="{_f(v[2])}" '
                         f'height="{_f(v[3])}"{corner}/>')
        else:
            points = " ".join(f"{_f(v[i])},{_f(v[i + 1])}" for i in range(0, len(v), 2))
            lines.append(f'<polygon {ident} points="{points}"/>')
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def _moved(shape: Outline, dx: float, dy: float) -> Outline:
    """An outline with its origin moved to (dx, dy) on the page."""
    kind, v = shape
    if not (dx or dy):
        return shape
    if kind == "polygon":
        return kind, tuple(c - (dx if i % 2 == 0 else dy) for i, c in enumerate(v))
    return kind, (v[0] - dx, v[1] - dy, *v[2:])


def cut_dxf(page: Page) -> str:
    """The same outlines as a DXF (R12 entities: CIRCLE, LINE, ARC), millimetres, y up."""
    out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC",
           "0", "SECTION", "2", "ENTITIES"]
    h = page.height
    for placed in page.pieces:
        if placed.spec.cut:
            out += _dxf_entities(outline(placed), h)
    out += ["0", "ENDSEC", "0", "EOF", ""]
    return "\n".join(out)


def _dxf_entities(shape: Outline, h: float) -> list[str]:
    kind, v = shape
    if kind == "circle":
        return ["0", "CIRCLE", "8", "CUT", "10", _f(v[0]), "20", _f(h - v[1]), "30", "0",
                "40", _f(v[2])]
    if kind == "polygon":
        pts = [(v[i], h - v[i + 1]) for i in range(0, len(v), 2)]
        return [s for a, b in zip(pts, pts[1:] + pts[:1]) for s in _line(a, b)]
    x, y, w, rh, r = v
    left, right, bottom, top = x, x + w, h - y - rh, h - y
    out = (_line((left + r, bottom), (right - r, bottom)) + _line((right, bottom + r),
                                                                  (right, top - r))
           + _line((right - r, top), (left + r, top)) + _line((left, top - r),
                                                              (left, bottom + r)))
    if r:
        for cx, cy, start in ((right - r, bottom + r, 270), (right - r, top - r, 0),
                              (left + r, top - r, 90), (left + r, bottom + r, 180)):
            out += ["0", "ARC", "8", "CUT", "10", _f(cx), "20", _f(cy), "30", "0", "40", _f(r),
                    "50", _f(start), "51", _f((start + 90) % 360)]
    return out


def _line(a: tuple[float, float], b: tuple[float, float]) -> list[str]:
    if math.dist(a, b) < 1e-9:
        return []
    return ["0", "LINE", "8", "CUT", "10", _f(a[0]), "20", _f(a[1]), "30", "0",
            "11", _f(b[0]), "21", _f(b[1]), "31", "0"]


def cut_file_names(pdf: Path, pages: list[Page]) -> list[tuple[Path, Page]]:
    """Each front page of a PDF with pieces to cut, and the stem of its cut files."""
    fronts = [p for p in pages if p.side != "back" and any(q.spec.cut for q in p.pieces)]
    return [(pdf.with_name(f"{pdf.stem}-cut-p{page.number}"), page) for page in fronts]


def write_cut_files(pdf: Path, pages: list[Page]) -> list[Path]:
    """Write the SVG and DXF cut files of a PDF's pages beside it (each atomically); for
    Cricut, each page's Print Then Cut image and its SVG."""
    from .atomic import write_atomically

    written = []
    if any(p.cutter == "cricut" for p in pages):
        from .cricut import cricut_images, image_origin
        from .layout.cutter import CRICUT_DPI, cricut_size

        for stem, page, image in cricut_images(pdf, pages):
            png, svg = stem.with_suffix(".png"), stem.with_suffix(".svg")
            write_atomically(png, _png_writer(image, CRICUT_DPI))
            write_atomically(svg, writer(cut_svg(page, image_origin(page), cricut_size(page))))
            written += [png, svg]
        return written
    for stem, page in cut_file_names(pdf, pages):
        for suffix, text in ((".svg", cut_svg(page)), (".dxf", cut_dxf(page))):
            target = stem.with_suffix(suffix)
            write_atomically(target, writer(text))
            written.append(target)
    return written


def writer(text: str) -> Callable[[Path], None]:
    def write(temp: Path) -> None:
        temp.write_text(text, encoding="utf-8", newline="\n")

    return write


def _png_writer(image: Any, dpi: int) -> Callable[[Path], None]:
    def write(temp: Path) -> None:
        image.save(temp, format="PNG", dpi=(dpi, dpi))

    return write

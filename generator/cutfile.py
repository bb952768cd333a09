"""Cut files for `build --cutter`: beside each PDF, one SVG and one DXF per front page with
the outline of every piece on it, in millimetres, in the page's own coordinates (origin at the
top-left corner for SVG; DXF's y axis points up, so its origin is the bottom-left corner).

Silhouette Studio opens DXF in every edition and SVG from its Designer Edition on; both files
hold the same outlines. Cricut Design Space takes SVG.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from .layout.cutter import Outline, outline
from .layout.imposition import Page


def _f(value: float) -> str:
    """A coordinate with 3 decimals (a micrometre), without a trailing zero run."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def cut_svg(page: Page) -> str:
    """The page's cut outlines as an SVG document sized to the paper, 1 user unit = 1 mm."""
    w, h = _f(page.width), _f(page.height)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
             f'viewBox="0 0 {w} {h}">',
             '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">']
    for placed in page.pieces:
        if not placed.spec.cut:
            continue
        kind, v = outline(placed)
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
    """Write the SVG and DXF cut files of a PDF's pages beside it (each atomically)."""
    from .atomic import write_atomically

    written = []
    for stem, page in cut_file_names(pdf, pages):
        for suffix, text in ((".svg", cut_svg(page)), (".dxf", cut_dxf(page))):
            target = stem.with_suffix(suffix)
            write_atomically(target, _writer(text))
            written.append(target)
    return written


def _writer(text: str) -> Callable[[Path], None]:
    def write(temp: Path) -> None:
        temp.write_text(text, encoding="utf-8", newline="\n")

    return write

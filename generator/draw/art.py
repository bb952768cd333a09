"""Draw content pictures: each file parsed once per process, stored once per PDF.

An SVG that uses only plain features is drawn by `svgfast` (the bundled pictures all are);
any other goes through svglib into a ReportLab drawing (imported here, on the first such
picture: a build that draws none never loads it). A PNG stays an image. Each is written into
the PDF once, as a form XObject named after the file's contents, and every piece that shows
it refers to that form, so 21 tokens with the same picture cost one copy.

`tint` recolours a picture's pure black (#000000) to a colour of the piece: counter pictograms
use it to stay white on a dark disc and dark on a light one.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from ..content.art import Picture
from ..errors import ContentError, Problem
from .svgfast import FastSvg, Unsupported, check_colours, compile_svg, pdf_stream

_FAST: dict[Path, FastSvg | None] = {}
_DRAWINGS: dict[Path, Any] = {}
_TINTED: dict[tuple[Path, str], Any] = {}
_STREAMS: dict[tuple[Path, str], str] = {}
_DIGESTS: dict[Path, str] = {}
_SIZES: dict[Path, tuple[float, float]] = {}
_STAMPS: dict[Path, tuple[int, int]] = {}
FAMILIES: dict[Path, set[str]] = {}  # font families a picture names that are not bundled


def _fresh(path: Path) -> None:
    """Forget what was made of a file that changed since (a long test run rewrites files)."""
    try:
        stat = path.stat()
    except OSError:
        return
    stamp = (stat.st_mtime_ns, stat.st_size)
    if _STAMPS.get(path, stamp) != stamp:
        for cache in (_FAST, _DRAWINGS, _DIGESTS, _SIZES, FAMILIES):
            cache.pop(path, None)  # type: ignore[attr-defined]
        for keyed in (_TINTED, _STREAMS):
            for key in [k for k in keyed if k[0] == path]:
                del keyed[key]  # type: ignore[attr-defined]
    _STAMPS[path] = stamp


class PictureError(Exception):
    """A picture svglib or the image reader cannot use (the end of a sentence)."""


def _digest(path: Path) -> str:
    if path not in _DIGESTS:
        _DIGESTS[path] = hashlib.sha1(path.read_bytes()).hexdigest()[:16]
    return _DIGESTS[path]


def fast_svg(path: Path) -> FastSvg | None:
    """The file compiled for `svgfast`, or None when it needs svglib; once per process."""
    if path not in _FAST:
        fast = compile_svg(path.read_bytes())
        if fast is not None:
            try:
                check_colours(fast)
            except (Unsupported, ValueError, OverflowError):
                fast = None
        _FAST[path] = fast
    return _FAST[path]


def svg_drawing(path: Path) -> Any:
    """The file as a ReportLab drawing, converted once per process; PictureError if it fails."""
    if path not in _DRAWINGS:
        import logging

        from svglib.svglib import svg2rlg  # lazy: about 0.2 s of imports

        from .svgfonts import confine_svglib, unknown_families

        confine_svglib()
        unknown_families.clear()
        logging.getLogger("svglib").setLevel(logging.CRITICAL)  # refusals are ours to word
        try:
            drawing = svg2rlg(str(path), external_reference_root=str(path.parent))
        except Exception as exc:  # svglib raises what its parsers raise  # noqa: BLE001
            raise PictureError(f"cannot be drawn ({type(exc).__name__}: {exc})") from None
        if drawing is None:
            raise PictureError("cannot be drawn: svglib could not read it")
        if not drawing.width or not drawing.height:
            raise PictureError("has no size: give the <svg> a viewBox or a width and height")
        _DRAWINGS[path] = drawing
        FAMILIES[path] = set(unknown_families)
    return _DRAWINGS[path]


def _png_size(path: Path) -> tuple[float, float]:
    if path not in _SIZES:
        from reportlab.lib.utils import ImageReader

        try:
            _SIZES[path] = tuple(float(v) for v in ImageReader(str(path)).getSize())  # type: ignore[assignment]
        except Exception as exc:  # noqa: BLE001
            raise PictureError(f"cannot be read as an image ({exc})") from None
    return _SIZES[path]


def _tinted(path: Path, tint: Color) -> Any:
    key = (path, tint.hexval())
    if key not in _TINTED:
        drawing = copy.deepcopy(svg_drawing(path))
        _recolour(drawing, tint)
        _TINTED[key] = drawing
    return _TINTED[key]


def _recolour(node: Any, tint: Color) -> None:
    for attr in ("fillColor", "strokeColor"):
        colour = getattr(node, attr, None)
        if isinstance(colour, Color) and colour.rgb() == (0, 0, 0):
            setattr(node, attr, Color(tint.red, tint.green, tint.blue, colour.alpha))
    for child in getattr(node, "contents", []):
        _recolour(child, tint)


def picture_size(picture: Picture) -> tuple[float, float]:
    """The picture's own width and height in points."""
    _fresh(picture.path)
    if picture.kind == "png":
        return _png_size(picture.path)
    fast = fast_svg(picture.path)
    if fast is not None:
        return fast.width, fast.height
    drawing = svg_drawing(picture.path)
    return float(drawing.width), float(drawing.height)


def _form(c: Canvas, picture: Picture, tint: Color | None) -> tuple[str, float, float]:
    """Write the picture's form into this PDF unless it is there; return its name and size."""
    w, h = picture_size(picture)
    name = f"Art{_digest(picture.path)}" + (tint.hexval()[2:] if tint is not None else "")
    if not c.hasForm(name):
        c.beginForm(name, 0, 0, w, h)
        fast = fast_svg(picture.path) if picture.kind == "svg" else None
        if picture.kind == "png":
            c.drawImage(str(picture.path), 0, 0, w, h, mask="auto")
        elif fast is not None:
            key = (picture.path, tint.hexval() if tint is not None else "")
            if key not in _STREAMS:
                _STREAMS[key] = pdf_stream(fast, tint)
            c.addLiteral(_STREAMS[key])
        else:
            from reportlab.graphics import renderPDF

            drawing = _tinted(picture.path, tint) if tint is not None else svg_drawing(
                picture.path)
            renderPDF.draw(drawing, c, 0, 0)
        c.endForm()
    return name, w, h


def draw_picture(c: Canvas, picture: Picture | None, cx: float, cy: float, w: float, h: float,
                 tint: Color | None = None, ink_saver: bool = False) -> None:
    """Draw a picture as large as fits a w × h box centred on (cx, cy), keeping its shape
    (its ink-saver variant with `ink_saver`, when it has one)."""
    if picture is None:
        return
    if ink_saver and picture.ink_saver is not None:
        picture = picture.ink_saver
    try:
        name, pw, ph = _form(c, picture, tint)
    except PictureError as exc:
        raise ContentError([picture.problem(str(exc))]) from None
    except Exception as exc:  # noqa: BLE001 - a build of content `check` refused: a message
        raise ContentError([picture.problem(str(_failure(exc)))]) from None
    scale = min(w / pw, h / ph)
    c.saveState()
    c.translate(cx - pw * scale / 2, cy - ph * scale / 2)
    c.scale(scale, scale)
    c.doForm(name)
    c.restoreState()


def drawing_problems(pictures: list[Picture]) -> list[Problem]:
    """Convert every picture (and ink-saver variant) as a build would; one problem each that
    fails."""
    problems = []
    variants = [p.ink_saver for p in pictures if p.ink_saver is not None]
    for picture in pictures + variants:
        try:
            picture_size(picture)
            _draw_off_page(picture)
        except PictureError as exc:
            problems.append(picture.problem(str(exc)))
            continue
        families = FAMILIES.get(picture.path)
        if families:
            problems.append(replace(picture.problem(
                f"uses the font {', '.join(repr(f) for f in sorted(families))}, which is not "
                "bundled: its text is printed in Noto Sans (or Noto Serif for a serif family)"),
                severity="warning"))
    return problems


_DRAWN: set[tuple[Path, tuple[int, int] | None]] = set()


def _failure(exc: Exception) -> PictureError:
    """A failure of svglib or ReportLab while drawing, as one line for the user."""
    detail = " ".join(str(exc).split())[:200]
    if "number too large" in detail:  # ReportLab's writer, after the transforms are applied
        return PictureError("has a size or position too large for a PDF once its transforms "
                            "are applied: scale the drawing down")
    return PictureError(f"cannot be drawn ({type(exc).__name__}: {detail}): simplify the "
                        "picture or export it again")


def _draw_off_page(picture: Picture) -> None:
    """Draw the picture into a PDF in memory, as a build would; PictureError if it fails.

    This is what makes `check` ⇒ `build` hold for pictures: any number ReportLab cannot
    write, or any failure of svglib while drawing, shows up here with the picture's place.
    """
    import io
    import re

    key = (picture.path, _STAMPS.get(picture.path))
    if key in _DRAWN:
        return
    canvas = Canvas(io.BytesIO(), pageCompression=0)
    try:
        _form(canvas, picture, None)
        canvas.showPage()
        canvas.save()
    except (PictureError, ContentError):
        raise
    except Exception as exc:  # noqa: BLE001 - svglib and ReportLab raise many kinds
        raise _failure(exc) from None
    stream = _STREAMS.get((picture.path, ""), "")
    if re.search(r"(?i)\b(nan|inf)\b", stream):
        raise PictureError("has a number that is not finite (nan or inf): write plain numbers")
    _DRAWN.add(key)

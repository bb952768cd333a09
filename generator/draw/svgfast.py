"""Draw plain SVG straight onto a ReportLab canvas, without svglib.

svglib reads almost any SVG but costs about 0.2 s of imports and a few milliseconds a file:
more than a whole token sheet takes to draw. Most pictures, the bundled ones all, use a small
part of SVG, and this module draws that part itself:

- elements `svg`, `g`, `path`, `circle`, `ellipse`, `rect` (rounded with one radius), `line`,
  `polygon`, `polyline`; `title`, `desc` and `metadata` are skipped;
- attributes `fill`, `stroke` (`#rgb`, `#rrggbb`, a colour name or `none`), `stroke-width`,
  `stroke-linecap`, `stroke-linejoin`, `stroke-dasharray`, `fill-rule`, `transform`, inherited
  from the groups; path commands M L H V C S Q T Z in either case.

`compile_svg` returns None for anything else (a `style` attribute, a gradient, an arc, text…),
and the caller hands that file to svglib instead.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from reportlab.lib.colors import Color, toColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.pathobject import PDFPathObject

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
PX = 0.75  # points per CSS pixel
SKIPPED = {"title", "desc", "metadata"}
SHAPES = {"path", "circle", "ellipse", "rect", "line", "polygon", "polyline"}
STYLE = {"fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
         "stroke-dasharray", "fill-rule"}
GEOMETRY = {"d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "x1", "y1", "x2",
            "y2", "points"}
IGNORED = {"id", "version", "viewBox", "xmlns", "preserveAspectRatio"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}


class Unsupported(Exception):
    """A feature this module leaves to svglib."""


@dataclass
class Shape:
    """One filled and/or stroked outline, in SVG user units, with its inherited style."""

    matrix: Matrix
    ops: list[tuple[str, tuple[float, ...]]]
    style: dict[str, str]


@dataclass
class FastSvg:
    """A compiled picture: its size in points, its viewBox and its shapes in order."""

    width: float
    height: float
    view: tuple[float, float, float, float]
    shapes: list[Shape] = field(default_factory=list)


def compile_svg(data: bytes) -> FastSvg | None:
    """Compile SVG data that uses only the plain features; None when svglib is needed."""
    try:
        root = ET.fromstring(data)
        return _compile(root)
    except (Unsupported, ET.ParseError, ValueError, IndexError, LookupError, RecursionError,
            ZeroDivisionError, OverflowError):
        return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _compile(root: ET.Element) -> FastSvg:
    if _local(root.tag) != "svg":
        raise Unsupported("root")
    view = [float(v) for v in _NUMBER.findall(root.get("viewBox", ""))]
    width, height = _length(root.get("width")), _length(root.get("height"))
    if len(view) != 4:
        if width is None or height is None:
            raise Unsupported("size")
        view = [0.0, 0.0, width, height]
    if width is None or height is None:
        width, height = view[2], view[3]
    # a user unit is a CSS pixel, 3/4 of a point (as svglib reads it)
    picture = FastSvg(width * PX, height * PX, (view[0], view[1], view[2], view[3]))
    style = {"fill": "#000000", "stroke": "none", "stroke-width": "1"}
    _walk(root, IDENTITY, style, picture.shapes, top=True)
    return picture


def _length(value: str | None) -> float | None:
    if value is None:
        return None
    text = value.strip().removesuffix("px")
    if not _NUMBER.fullmatch(text):
        raise Unsupported("unit")
    return float(text)


def _walk(node: ET.Element, matrix: Matrix, style: dict[str, str], out: list[Shape],
          top: bool = False) -> None:
    tag = _local(node.tag)
    if tag in SKIPPED:
        return
    if not top and tag != "g" and tag not in SHAPES:
        raise Unsupported(tag)
    own = dict(style)
    for attr, value in node.attrib.items():
        name = _local(attr)
        if attr.startswith("{http://www.w3.org/2000/xmlns") or name in IGNORED:
            continue
        if name in STYLE:
            own[name] = value.strip()
        elif name == "transform":
            matrix = _multiply(matrix, _transform(value))
        elif not (name in GEOMETRY or (top and name in ("width", "height"))):
            raise Unsupported(name)
    if tag in SHAPES:
        out.append(Shape(matrix, _outline(tag, node), own))
    for child in node:
        _walk(child, matrix, own, out)


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def _transform(text: str) -> Matrix:
    matrix = IDENTITY
    rest = _TRANSFORM.sub("", text).replace(",", " ").strip()
    if rest:
        raise Unsupported("transform")
    for kind, args in _TRANSFORM.findall(text):
        v = [float(x) for x in _NUMBER.findall(args)]
        if kind == "matrix" and len(v) == 6:
            step: Matrix = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif kind == "translate" and len(v) in (1, 2):
            step = (1, 0, 0, 1, v[0], v[1] if len(v) == 2 else 0.0)
        elif kind == "scale" and len(v) in (1, 2):
            step = (v[0], 0, 0, v[1] if len(v) == 2 else v[0], 0, 0)
        elif kind == "rotate" and len(v) in (1, 3):
            a = math.radians(v[0])
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            cos, sin = math.cos(a), math.sin(a)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        else:
            raise Unsupported("transform")
        matrix = _multiply(matrix, step)
    return matrix


def _num(node: ET.Element, name: str) -> float:
    value = _length(node.get(name, "0"))
    assert value is not None
    return value


def _outline(tag: str, node: ET.Element) -> list[tuple[str, tuple[float, ...]]]:
    """The shape as path operations: ('m'|'l', x, y), ('c', 6 numbers), ('z', ()), or
    ('circle'|'ellipse'|'rect'|'round', …) for ReportLab's own shapes."""
    n = lambda name: _num(node, name)  # noqa: E731
    if tag == "path":
        return _path(node.get("d", ""))
    if tag == "circle":
        return [("ellipse", (n("cx"), n("cy"), n("r"), n("r")))]
    if tag == "ellipse":
        return [("ellipse", (n("cx"), n("cy"), n("rx"), n("ry")))]
    if tag == "rect":
        rx, ry = node.get("rx"), node.get("ry")
        radius = n("rx") if rx is not None else (n("ry") if ry is not None else 0.0)
        if rx is not None and ry is not None and n("rx") != n("ry"):
            raise Unsupported("rect radii")
        return [("round", (n("x"), n("y"), n("width"), n("height"), radius))]
    if tag == "line":
        return [("m", (n("x1"), n("y1"))), ("l", (n("x2"), n("y2")))]
    v = [float(x) for x in _NUMBER.findall(node.get("points", ""))]
    ops: list[tuple[str, tuple[float, ...]]] = [
        ("m" if i == 0 else "l", (v[i], v[i + 1])) for i in range(0, len(v) - 1, 2)]
    return ops + ([("z", ())] if tag == "polygon" else [])


_COMMANDS = re.compile(r"([MmLlHhVvCcSsQqTtZz])|([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_ARITY = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "z": 0}


def _path(d: str) -> list[tuple[str, tuple[float, ...]]]:
    if _COMMANDS.sub("", d).replace(",", "").strip():
        raise Unsupported("path command")  # arcs (A) and anything unknown
    tokens = [(c, float(v) if v else 0.0) for c, v in _COMMANDS.findall(d)]
    ops: list[tuple[str, tuple[float, ...]]] = []
    x = y = sx = sy = 0.0
    ctrl: tuple[float, float] | None = None
    qctrl: tuple[float, float] | None = None
    i, cmd = 0, ""
    while i < len(tokens):
        if tokens[i][0]:
            cmd = tokens[i][0]
            i += 1
        low, rel = cmd.lower(), cmd.islower()
        k = _ARITY[low]
        args = [v for _, v in tokens[i:i + k]]
        if len(args) < k or any(c for c, _ in tokens[i:i + k]):
            raise Unsupported("path arguments")
        i += k
        ox, oy = (x, y) if rel else (0.0, 0.0)
        if low == "z":
            ops.append(("z", ()))
            x, y = sx, sy
            ctrl = qctrl = None
            if i < len(tokens) and not tokens[i][0]:
                raise Unsupported("numbers after Z")
            continue
        if low == "m":
            x, y = ox + args[0], oy + args[1]
            sx, sy = x, y
            ops.append(("m", (x, y)))
            cmd = "l" if rel else "L"  # further pairs are lines
            ctrl = qctrl = None
            continue
        if low in ("l", "h", "v"):
            if low == "l":
                x, y = ox + args[0], oy + args[1]
            elif low == "h":
                x = ox + args[0] if rel else args[0]
            else:
                y = oy + args[0] if rel else args[0]
            ops.append(("l", (x, y)))
            ctrl = qctrl = None
            continue
        if low in ("c", "s"):
            if low == "c":
                c1 = (ox + args[0], oy + args[1])
                rest = args[2:]
            else:
                c1 = (2 * x - ctrl[0], 2 * y - ctrl[1]) if ctrl else (x, y)
                rest = args
            c2 = (ox + rest[0], oy + rest[1])
            end = (ox + rest[2], oy + rest[3])
            ops.append(("c", (*c1, *c2, *end)))
            ctrl, qctrl = c2, None
            x, y = end
            continue
        if low == "q":
            q = (ox + args[0], oy + args[1])
            end = (ox + args[2], oy + args[3])
        else:  # t
            q = (2 * x - qctrl[0], 2 * y - qctrl[1]) if qctrl else (x, y)
            end = (ox + args[0], oy + args[1])
        ops.append(("c", (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y),
                          end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]),
                          *end)))
        qctrl, ctrl = q, None
        x, y = end
    return ops


def _colour(value: str, tint: Color | None) -> Color | None:
    colour = _parse_colour(value)
    if colour is None:
        return None
    if tint is not None and colour.rgb() == (0, 0, 0):
        return tint
    return colour


@lru_cache(maxsize=512)
def _parse_colour(value: str) -> Color | None:
    """A colour value as ReportLab reads it (once per text: toColor is slow), None for none."""
    if value in ("none", "transparent", ""):
        return None
    try:
        return toColor(value)
    except ValueError:
        raise Unsupported("colour") from None


def check_colours(picture: FastSvg) -> None:
    """Raise Unsupported when a colour of the picture is not one we read."""
    for shape in picture.shapes:
        for key in ("fill", "stroke"):
            _colour(shape.style.get(key, "none"), None)
        _finite(shape.style.get("stroke-width", "1"))
        for part in shape.style.get("stroke-dasharray", "none").replace(",", " ").split():
            if part != "none":
                _finite(part)
        for _, values in shape.ops:
            if not all(math.isfinite(v) for v in values):
                raise Unsupported("number")
        if not all(math.isfinite(v) for v in shape.matrix):
            raise Unsupported("transform")


def _finite(text: str) -> float:
    """The number in text; Unsupported when it is nan or infinite."""
    value = float(text)
    if not math.isfinite(value):
        raise Unsupported("number")
    return value


def pdf_stream(picture: FastSvg, tint: Color | None = None) -> str:
    """The picture as PDF drawing operators, its viewBox filling (0, 0)–(width, height), y up.

    Written as text once per picture (and tint), then added to each PDF's form as it is: far
    cheaper than a canvas call per shape.
    """
    vx, vy, vw, vh = picture.view
    sx, sy = picture.width / vw, picture.height / vh
    out = ["q", _ops((sx, 0.0, 0.0, -sy, -vx * sx, picture.height + vy * sy), "cm")]
    for shape in picture.shapes:
        out += _shape_ops(shape, tint)
    out.append("Q")
    return "\n".join(out)


def _ops(values: tuple[float, ...] | list[float], op: str) -> str:
    return " ".join(fp_str(v) for v in values) + " " + op


def _shape_ops(shape: Shape, tint: Color | None) -> list[str]:
    style = shape.style
    fill = _colour(style.get("fill", "#000000"), tint)
    stroke = _colour(style.get("stroke", "none"), tint)
    if fill is None and stroke is None:
        return []
    out = ["q"]
    if shape.matrix != IDENTITY:
        out.append(_ops(shape.matrix, "cm"))
    if fill is not None:
        out.append(_ops(fill.rgb(), "rg"))
    if stroke is not None:
        out.append(_ops(stroke.rgb(), "RG"))
        out.append(f"{fp_str(float(style.get('stroke-width', '1')))} w "
                   f"{_CAPS.get(style.get('stroke-linecap', 'butt'), 0)} J "
                   f"{_JOINS.get(style.get('stroke-linejoin', 'miter'), 0)} j")
        dash = [float(v) for v in style.get("stroke-dasharray", "none").replace(",", " ").split()
                if v != "none"]
        if dash:
            out.append(f"[{' '.join(fp_str(v) for v in dash)}] 0 d")
    path = PDFPathObject()
    for op, v in shape.ops:
        _add(path, op, v)
    out.append(path.getCode())
    even = style.get("fill-rule") == "evenodd"
    if fill is not None and stroke is not None:
        out.append("B*" if even else "B")
    elif fill is not None:
        out.append("f*" if even else "f")
    else:
        out.append("S")
    out.append("Q")
    return out


def _add(path: Any, op: str, v: tuple[float, ...]) -> None:
    if op == "m":
        path.moveTo(*v)
    elif op == "l":
        path.lineTo(*v)
    elif op == "c":
        path.curveTo(*v)
    elif op == "z":
        path.close()
    elif op == "ellipse":
        cx, cy, rx, ry = v
        path.ellipse(cx - rx, cy - ry, 2 * rx, 2 * ry)
    elif op == "round":
        x, y, w, h, r = v
        if r:
            path.roundRect(x, y, w, h, r)
        else:
            path.rect(x, y, w, h)

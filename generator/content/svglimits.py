"""Bounds on an SVG's numbers, nesting, encoding and embedded images, checked before drawing.

`check` must refuse every picture a build cannot draw into a valid PDF, so the checker in
`content/art.py` asks this module about each element:

- the file is UTF-8, UTF-16, ASCII or Latin-1 (other encodings are refused, as expat would
  fail on them or read them differently from svglib);
- groups nest at most `MAX_DEPTH` levels;
- every number in a drawing attribute or a style is finite and at most `MAX_NUMBER` in size
  (ReportLab cannot write larger numbers into a PDF, and `nan` is not a PDF number);
- the picture's own width, height and viewBox are positive (at least `MIN_SIZE`);
- an `<image>` holds a PNG or JPEG as a `data:` URI of at most `MAX_IMAGE_PIXELS` pixels.
"""

from __future__ import annotations

import base64
import binascii
import re
from io import BytesIO

MAX_DEPTH = 100
MAX_NUMBER = 1e6
MIN_SIZE = 1e-3
MAX_IMAGE_PIXELS = 4096 * 4096
ENCODINGS = {"utf-8", "utf8", "utf-16", "utf16", "utf-16le", "utf-16be", "us-ascii", "ascii",
             "iso-8859-1", "latin-1", "latin1", "iso8859-1"}
# Attributes that hold names or text, not numbers (their digits are not measured).
TEXT_ATTRIBUTES = {"id", "class", "href", "font-family", "lang", "title", "version", "name",
                   "type", "media", "base", "space", "requiredFeatures", "systemLanguage"}
_DECLARATION = re.compile(rb"^\s*<\?xml[^>]*?encoding\s*=\s*['\"]([^'\"]*)['\"]")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_A_NUMBER = re.compile(r"(?i)(?<![\w-])[-+]?(nan|inf|infinity)(?![\w-])")
_REFERENCE = re.compile(r"#[\w.:-]*|url\([^)]*\)")


class SvgLimitError(Exception):
    """A picture goes past a bound (the end of a sentence: 'picture X …')."""


def check_encoding(data: bytes) -> None:
    """Refuse an XML declaration naming an encoding other than UTF-8/16, ASCII or Latin-1."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return  # UTF-16 with a byte-order mark: expat reads it whatever the declaration says
    match = _DECLARATION.match(data[:512])
    if match is None:
        return
    name = match.group(1).decode("ascii", "backslashreplace").strip()
    if name.lower() not in ENCODINGS:
        raise SvgLimitError(f"is saved in the encoding '{name[:40]}', which is not read: save "
                            "it as UTF-8 (and write encoding=\"UTF-8\" in its first line)")


def check_depth(depth: int, line: int) -> None:
    """Refuse elements nested deeper than MAX_DEPTH."""
    if depth > MAX_DEPTH:
        raise SvgLimitError(f"nests its elements more than {MAX_DEPTH} levels deep (line "
                            f"{line}): flatten its groups")


def check_numbers(attr: str, value: str, line: int) -> None:
    """Refuse a non-finite or enormous number in an attribute or style text."""
    if attr in TEXT_ATTRIBUTES:
        return
    text = _REFERENCE.sub(" ", value)
    bad = _NOT_A_NUMBER.search(text)
    if bad:
        raise SvgLimitError(f"has '{bad.group(0)}' in '{attr}' (line {line}), which is not a "
                            "number: write a plain number")
    for token in _NUMBER.findall(text):
        number = float(token)
        if not abs(number) <= MAX_NUMBER:
            raise SvgLimitError(f"has the number {token[:30]} in '{attr}' (line {line}); "
                                f"numbers in a picture may be at most {MAX_NUMBER:,.0f}: "
                                "scale the drawing down")


def check_root_size(attrs: dict[str, str], line: int) -> None:
    """Refuse an <svg> whose width, height or viewBox size is zero or negative."""
    for key in ("width", "height"):
        value = attrs.get(key)
        if value is None:
            continue
        numbers = _NUMBER.findall(value)
        if numbers and float(numbers[0]) < MIN_SIZE:
            raise SvgLimitError(f"has {key}=\"{value[:30]}\" (line {line}): a picture's width "
                                "and height must be above zero")
    view = attrs.get("viewBox")
    if view is not None:
        numbers = [float(v) for v in _NUMBER.findall(view)]
        if len(numbers) != 4 or numbers[2] < MIN_SIZE or numbers[3] < MIN_SIZE:
            raise SvgLimitError(f"has viewBox=\"{view[:40]}\" (line {line}): write four numbers, "
                                "x y width height, with a width and height above zero")


def check_image(href: str, line: int) -> None:
    """Refuse an <image> that is not an embedded PNG or JPEG of a sensible size."""
    target = href.strip()
    head, _, payload = target.partition(",")
    if not (head.lower().startswith("data:image/") and head.lower().endswith(";base64")):
        raise SvgLimitError(f"has an <image> that does not hold its picture (line {line}): "
                            "embed it as a data:image/png;base64 URI")
    try:
        raw = base64.b64decode(payload.strip(), validate=False)
    except (binascii.Error, ValueError):
        raise SvgLimitError(f"has an <image> whose data is not base64 (line {line}): embed the "
                            "picture again") from None
    from PIL import Image

    try:
        with Image.open(BytesIO(raw)) as image:
            width, height = image.size
            kind = image.format
    except Exception:  # noqa: BLE001 - PIL raises many kinds for a broken image
        raise SvgLimitError(f"has an <image> that cannot be read (line {line}): embed it as a "
                            "PNG or JPEG") from None
    if kind not in ("PNG", "JPEG"):
        raise SvgLimitError(f"has an <image> in {kind} format (line {line}): embed a PNG or "
                            "JPEG")
    if width * height > MAX_IMAGE_PIXELS:
        raise SvgLimitError(f"has an <image> of {width}×{height} pixels (line {line}); at most "
                            f"{MAX_IMAGE_PIXELS:,} pixels are allowed: scale it down")

"""The bundled fonts' metrics read from files written beside them, not parsed on every run.

ReportLab reads a TrueType font's tables in Python when the font is registered: about 10 ms a
face, and a rulebook's drawing process registers eight to ten faces. What that reading
produces (names, metrics, the character map, glyph widths and positions) depends only on the
font file and the ReportLab version, so `generator/fonts/metrics/FACE.marshal` keeps it for
each bundled face. A face is rebuilt from its file only when the font file is the one the
metrics were read from (size and CRC-32) and ReportLab is the version that read them; in
every other case (a newer ReportLab, a changed font, an unreadable metrics file) the font is
read the usual way, so the metrics files can make a run faster, never different.

`python -m generator.draw.fontmetrics` rewrites the files; `tests/test_fontmetrics.py`
checks that a rebuilt font equals ReportLab's own reading and draws the same PDF bytes.
"""

from __future__ import annotations

import marshal
import zlib
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"

FORMAT = 1
# Attributes not stored: the file's bytes (read again), its path, and the scale function
# (rebuilt: every bundled face has 1000 units per em, for which ReportLab's scale is x -> x).
_NOT_STORED = ("_ttf_data", "filename", "_pdfScale")


def metrics_path(font_path: Path) -> Path:
    """Where the metrics of a bundled font file are kept."""
    return font_path.parent / "metrics" / (font_path.stem + ".marshal")


def _stamp(data: bytes) -> list[int]:
    return [len(data), zlib.crc32(data)]


def write_metrics(font_path: Path) -> Path:
    """Read font_path with ReportLab and store what it read; return the metrics file."""
    data = font_path.read_bytes()
    face = TTFontFace(str(font_path))
    if face.unitsPerEm != 1000:
        raise ValueError(f"{font_path.name}: {face.unitsPerEm} units per em; only 1000 is kept")
    attrs: dict[str, Any] = {}
    names: list[str] = []
    for key, value in vars(face).items():
        if key in _NOT_STORED:
            continue
        if isinstance(value, TTFNameBytes):
            names.append(key)
            value = bytes(value)
        attrs[key] = value
    record = {"format": FORMAT, "reportlab": reportlab.Version, "stamp": _stamp(data),
              "names": names, "attrs": attrs}
    target = metrics_path(font_path)
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(marshal.dumps(record, 4))
    return target


def _cached_face(font_path: Path) -> TTFontFace | None:
    """The face rebuilt from its metrics file, or None when that file does not apply."""
    try:
        record = marshal.loads(metrics_path(font_path).read_bytes())
        data = font_path.read_bytes()
        if (record["format"] != FORMAT or record["reportlab"] != reportlab.Version
                or record["stamp"] != _stamp(data)):
            return None
        attrs = record["attrs"]
        for key in record["names"]:
            attrs[key] = TTFNameBytes(attrs[key])
    except (OSError, ValueError, EOFError, TypeError, KeyError):
        return None
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(attrs)
    face._ttf_data = data
    face.filename = str(font_path)
    face._pdfScale = _unit_scale
    return face


def _unit_scale(x: float) -> float:
    return x


class _StoredFont(TTFont):
    """A TrueType font whose face was rebuilt from stored metrics; the rest as TTFont sets it
    (a test compares the two attribute by attribute)."""

    def __init__(self, name: str, face: TTFontFace) -> None:  # noqa: D107
        self.fontName = name
        self.face = face
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob)


def bundled_font(name: str, font_path: Path) -> TTFont:
    """A ReportLab font named name for a bundled file: from its metrics when they apply."""
    face = _cached_face(font_path)
    return TTFont(name, str(font_path)) if face is None else _StoredFont(name, face)


def main() -> None:
    """Rewrite the metrics of every bundled font (after a font or ReportLab changes)."""
    for path in sorted(FONT_DIR.glob("*.ttf")):
        print(f"wrote {write_metrics(path).relative_to(FONT_DIR.parent.parent)}")


if __name__ == "__main__":
    main()

"""Bundled fonts rebuilt from their stored metrics equal ReportLab's own reading of the files."""

from __future__ import annotations

import io
import marshal
import shutil
from pathlib import Path

import pytest
import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.draw import fontmetrics
from generator.draw.fontmetrics import bundled_font, metrics_path
from generator.draw.fonts import FONT_DIR

FONTS = sorted(FONT_DIR.glob("*.ttf"))


def _current(path: Path) -> bool:
    record = marshal.loads(metrics_path(path).read_bytes())
    return record["reportlab"] == reportlab.Version


def test_every_bundled_font_has_metrics():
    assert len(FONTS) == 10
    for path in FONTS:
        assert metrics_path(path).is_file(), f"python -m generator.draw.fontmetrics: {path.name}"


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_stored_font_equals_reportlabs_reading(path: Path):
    if not _current(path):
        pytest.skip(f"metrics read by another ReportLab than {reportlab.Version}: the font is "
                    "parsed instead (test_other_reportlab_parses_the_font)")
    stored, parsed = bundled_font("Stored", path), TTFont("Stored", str(path))
    assert type(stored) is not TTFont  # rebuilt, not parsed
    face_attrs = set(vars(parsed.face)) - {"_pdfScale"}
    assert set(vars(stored.face)) - {"_pdfScale"} == face_attrs
    for key in face_attrs:
        assert getattr(stored.face, key) == getattr(parsed.face, key), key
        assert type(getattr(stored.face, key)) is type(getattr(parsed.face, key)), key
    assert stored.face.name.ustr == parsed.face.name.ustr
    for x in (0, 1, 600, 1234.5):
        assert stored.face._pdfScale(x) == parsed.face._pdfScale(x)
    assert set(vars(stored)) == set(vars(parsed))
    for key in set(vars(parsed)) - {"face", "state", "encoding"}:
        assert getattr(stored, key) == getattr(parsed, key), key
    assert vars(stored.encoding) == vars(parsed.encoding)
    assert type(stored.state) is type(parsed.state) and not stored.state


def _pdf_with(font: TTFont) -> bytes:
    pdfmetrics.registerFont(font)
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    c.setFont(font.fontName, 12)
    c.drawString(72, 720, "Волшебный лабиринт — Magic Labyrinth 1–25 ≤ ← ё")
    c.showPage()
    c.save()
    return out.getvalue()


def test_stored_font_draws_the_same_bytes():
    path = FONT_DIR / "NotoSans-Regular.ttf"
    if not _current(path):
        pytest.skip("metrics of another ReportLab version")
    stored = bundled_font("SameBytes", path)
    assert type(stored) is not TTFont
    assert _pdf_with(stored) == _pdf_with(TTFont("SameBytes", str(path)))


def test_a_changed_font_file_is_parsed(tmp_path: Path):
    font = tmp_path / "NotoSans-Regular.ttf"
    data = bytearray((FONT_DIR / "NotoSans-Regular.ttf").read_bytes())
    font.write_bytes(bytes(data))
    (tmp_path / "metrics").mkdir()
    shutil.copy(metrics_path(FONT_DIR / "NotoSans-Regular.ttf"), metrics_path(font))
    data[-1] ^= 0xFF  # the same size, another checksum
    font.write_bytes(bytes(data))
    assert type(bundled_font("Changed", font)) is TTFont


def test_other_reportlab_parses_the_font(tmp_path: Path, monkeypatch):
    font = tmp_path / "NotoSans-Regular.ttf"
    shutil.copy(FONT_DIR / "NotoSans-Regular.ttf", font)
    assert fontmetrics.write_metrics(font) == metrics_path(font)
    assert type(bundled_font("Fresh", font)) is not TTFont
    monkeypatch.setattr(fontmetrics.reportlab, "Version", "0.0-other")
    assert type(bundled_font("Other", font)) is TTFont


def test_missing_or_broken_metrics_are_parsed(tmp_path: Path):
    font = tmp_path / "NotoSans-Regular.ttf"
    shutil.copy(FONT_DIR / "NotoSans-Regular.ttf", font)
    assert type(bundled_font("NoMetrics", font)) is TTFont
    (tmp_path / "metrics").mkdir()
    metrics_path(font).write_bytes(b"not marshal data")
    assert type(bundled_font("Broken", font)) is TTFont

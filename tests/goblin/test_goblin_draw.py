"""Drawing smoke tests: every location, counter and the player aid end up in a PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.content.goblin import AidTexts, GoblinContent
from generator.content.goblin_files import load_goblin
from generator.content.paths import ContentRoots
from generator.draw.goblin import draw_counter, draw_location, location_size_mm
from generator.draw.goblin_aid import draw_player_aid
from generator.draw.kit import Box, Style
from generator.units import mm


def _aid(lang: str) -> AidTexts:
    """The bundled player aid of a language (text/LANG.yaml)."""
    bundle, problems = load_goblin(ContentRoots())
    assert bundle is not None, problems
    return bundle.texts[lang].aid


def _names(lang: str):  # type: ignore[no-untyped-def]
    bundle, _ = load_goblin(ContentRoots())
    assert bundle is not None
    return bundle.texts[lang].names


def _render(content: GoblinContent, lang: str, style: Style) -> bytes:
    out = io.BytesIO()
    c = Canvas(out, pagesize=(mm(210), mm(297)), invariant=1)
    w, h = location_size_mm(content)
    for loc in content.locations:
        draw_location(c, Box(mm(50), mm(100), mm(w), mm(h)), loc, lang, style)
        c.showPage()
    d = content.counter_size_mm
    for i, counter in enumerate(content.counters.counters):
        draw_counter(c, Box(mm(20 + i * 25), mm(200), mm(d), mm(d)), counter.picture,
                     _names(lang).counters[counter.id], style)
    c.showPage()
    draw_player_aid(c, Box(mm(10), mm(10), mm(190), mm(277)), _aid(lang),
                    _names(lang).game, style)
    c.showPage()
    c.save()
    return out.getvalue()


def _text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_location_size_fits_a_counter_in_each_hex(bundled: GoblinContent) -> None:
    w, h = location_size_mm(bundled)
    across = w / 5  # five hexes side by side in the middle row
    assert across >= 21.0
    assert (w, h) == pytest.approx((110.0, 101.6136), abs=1e-3)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_names_appear_in_the_pdf(bundled: GoblinContent, lang: str) -> None:
    style = Style()
    pages = _text(_render(bundled, lang, style))
    for page, loc in zip(pages, bundled.locations):
        for word in loc.name.get(lang).split():
            assert word in page
    counters_page = " ".join(pages[len(bundled.locations)].split())
    for counter in bundled.counters.counters:
        assert _names(lang).counters[counter.id].split()[0] in counters_page
    aid = pages[-1]
    turn = next(s for s in _aid(lang).sections if s.marks == "numbers")
    for phase in turn.items:
        assert phase.title.split()[0] in aid
    assert style.overflows == []


def test_drawing_is_deterministic_and_honours_bleed_and_ink_saver(bundled: GoblinContent) -> None:
    plain = _render(bundled, "en", Style())
    assert plain == _render(bundled, "en", Style())
    assert _render(bundled, "en", Style(bleed=mm(3))) != plain
    saver = _render(bundled, "en", Style(ink_saver=True))
    assert len(saver) < len(plain)


def test_too_long_a_name_is_reported(bundled: GoblinContent) -> None:
    from dataclasses import replace

    from generator.content.goblin import Names

    loc = replace(bundled.location("edge-1"),
                  name=Names(ru="очень " * 12, en="a very long name of a cave " * 4))
    style = Style()
    c = Canvas(io.BytesIO(), invariant=1)
    draw_location(c, Box(0, 0, mm(110), mm(101.6)), loc, "en", style)
    assert style.overflows and "location 'edge-1' name" in style.overflows[0]

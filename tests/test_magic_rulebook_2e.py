"""«Волшебный лабиринт», second edition of the books (issue 13): the settled shift rule, FAQ,
quick reference, credits, token 11's name, and the set-up diagram's geometry and strokes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from reportlab.pdfgen.canvas import Canvas

from generator.draw.kit import Box, Style
from generator.draw.tiles import (
    LEGEND_GAP,
    LEGEND_SWATCH,
    SETUP_RESERVE,
    TileFace,
    draw_tile,
    insertion_triangle,
    setup_geometry,
)
from generator.layout.maze import Tile, insertion_points
from generator.units import mm

from conftest import FIXTURES, pdf_text

CONTENT = FIXTURES.parent.parent / "content" / "magic-labyrinth"
LANGS = ("ru", "en")

# The settled rule (issue 13): the ban on undoing a shift refers to the latest shift of anybody,
# so a wand's extra turn cannot undo the player's own shift either. The key sentence of each book:
SHIFT_RULE = {
    "ru": "Предыдущий сдвиг — это самый последний сдвиг за столом, кто бы его ни сделал, поэтому "
          "во время дополнительного хода за палочку нельзя отменить и только что сделанный вами "
          "сдвиг.",
    "en": "The previous shift means the most recent shift made at the table, whoever made it, so "
          "on a wand’s extra turn you cannot take back the shift you have just made either.",
}
# The wand section repeats the consequence.
WAND_NOTE = {
    "ru": "свой только что сделанный сдвиг палочкой не отменить",
    "en": "a wand cannot undo the shift you have just made",
}
TOKEN_11 = {"ru": "Чешуя веретеницы", "en": "Blindworm Scale"}


def _source(lang: str) -> str:
    return (CONTENT / "rules" / f"{lang}.md").read_text("utf-8")


def _sections(lang: str) -> dict[str, str]:
    """Each section's text by its id, top-level (##) and subsections (###) alike."""
    found: dict[str, str] = {}
    current = None
    for line in _source(lang).splitlines():
        match = re.match(r"^#{2,3} .*\{#([\w-]+)\}$", line)
        if match:
            current = match.group(1)
            found[current] = ""
        elif current:
            found[current] += line + "\n"
    return found


def _top_ids(lang: str) -> list[str]:
    return re.findall(r"^## .*\{#([\w-]+)\}$", _source(lang), re.M)


def _flat_pdf(path: Path) -> str:
    """The PDF's text with line-end hyphenation undone and whitespace collapsed."""
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", pdf_text(path))
    return " ".join(text.split())


@pytest.mark.parametrize("lang", LANGS)
def test_both_books_state_the_settled_shift_rule(lang):
    sections = _sections(lang)
    assert SHIFT_RULE[lang] in sections["shift"]
    assert WAND_NOTE[lang] in sections["wands"]
    old = {"ru": "Нельзя сразу отменять чужой сдвиг", "en": "No undoing the last shift"}[lang]
    assert old not in _source(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_printed_book_carries_the_shift_rule(magic_build, lang):
    text = _flat_pdf(magic_build / f"magic-labyrinth-rules-{lang}-a4.pdf")
    assert SHIFT_RULE[lang] in text


def test_both_books_have_the_same_sections_ending_with_faq_quick_reference_credits():
    ids = {lang: _top_ids(lang) for lang in LANGS}
    assert ids["ru"] == ids["en"]
    assert ids["ru"][-3:] == ["faq", "quick-reference", "credits"]


@pytest.mark.parametrize("lang", LANGS)
def test_faq_answers_at_least_six_questions(lang):
    questions = re.findall(r"^\*\*[^*]+\?\*\* \S", _sections(lang)["faq"], re.M)
    assert len(questions) >= 6
    assert len(questions) == len(re.findall(r"^\*\*[^*]+\?\*\* \S", _sections("ru")["faq"],
                                            re.M))


@pytest.mark.parametrize("lang", LANGS)
def test_credits_name_the_original_games_and_their_designer(magic_build, lang):
    credits = _sections(lang)["credits"]
    for name in ("Kobbert", "Ravensburger", "Master Labyrinth", "Das verrückte Labyrinth"):
        assert name in credits
    text = _flat_pdf(magic_build / f"magic-labyrinth-rules-{lang}-a4.pdf")
    assert "Max J. Kobbert" in text or "Макса Й. Кобберта (Max J. Kobbert)" in text


@pytest.mark.parametrize("lang", LANGS)
def test_quick_reference_gives_turn_scoring_symbols_and_the_printed_sheets(lang):
    quick = _sections(lang)["quick-reference"]
    assert len(re.findall(r"^\d\. \*\*", quick, re.M)) == 4  # shift, move, token, wand
    for key in ("formula_bonus", "wand_bonus"):
        assert f"facts.{key}" in quick
    for sheet in ("tokens", "formulas", "counters", "score_sheet", "tiles"):
        assert "{{ sheets." + sheet + " }}" in quick
    assert "{{ board.setup.title }}" in quick


def test_token_11_is_an_ingredient_that_no_one_mistakes_for_a_wand(magic_build):
    tokens = yaml.safe_load((CONTENT / "tokens.yaml").read_text("utf-8"))["tokens"]
    (token,) = [t for t in tokens if t["number"] == 11]
    assert token["value"] == 11
    for lang, wand in (("ru", "палоч"), ("en", "wand")):
        names = yaml.safe_load((CONTENT / "text" / f"{lang}.yaml").read_text("utf-8"))["names"]
        assert names["tokens"][11] == TOKEN_11[lang]
        assert wand not in TOKEN_11[lang].lower()
        text = _flat_pdf(magic_build / f"magic-labyrinth-tokens-{lang}-a4.pdf")
        assert TOKEN_11[lang] in text


@pytest.mark.parametrize("box", [Box(0, 0, mm(180), mm(240)),  # the tiles sheet's page
                                 Box(0, 0, mm(100), mm(100) + SETUP_RESERVE),  # the books
                                 Box(0, 0, mm(70), mm(70) + SETUP_RESERVE)])
def test_setup_legend_starts_below_the_bottom_triangles(box):
    g = setup_geometry(box)
    bottom = [insertion_triangle(g.x0, g.y_top, g.cell, edge, n)
              for edge, n in insertion_points() if edge == "S"]
    lowest = min(y for triangle in bottom for _, y in triangle)
    assert lowest == pytest.approx(g.arrow_bottom)
    assert g.legend_top <= g.arrow_bottom - LEGEND_GAP + 1e-6
    assert g.legend_rows[0] + LEGEND_SWATCH / 2 == pytest.approx(g.legend_top)
    assert g.legend_rows[-1] - LEGEND_SWATCH / 2 >= box.y  # the legend stays in its box


def _tile_stream(side: float, ink_saver: bool = False) -> str:
    """The PDF operators of one starting-corner tile drawn side points wide."""
    c = Canvas("unused.pdf", pageCompression=0)
    tile = Tile("fixed-A1", frozenset("ES"), "A1", "red")
    draw_tile(c, Box(0, 0, side, side), TileFace(tile, 28 * side / mm(45), "#c8102e", 0),
              Style(ink_saver=ink_saver))
    return "\n".join(c._code)  # the page so far, uncompressed


def _painted_paths(stream: str) -> list[tuple[list[str], str]]:
    """Each path's construction operators and the operator that paints it."""
    paths, ops = [], []
    for token in stream.split():
        if token in ("m", "l", "c", "h", "re"):
            ops.append(token)
        elif token in ("S", "s", "f", "f*", "B", "B*", "b", "b*", "n"):
            paths.append((ops, token))
            ops = []
    return paths


@pytest.mark.parametrize("ink_saver", [False, True])
def test_every_stroked_ring_of_a_tile_is_a_closed_path(ink_saver):
    paths = _painted_paths(_tile_stream(mm(45), ink_saver))
    rings = [(ops, paint) for ops, paint in paths if "c" in ops and paint[0] in "SsBb"]
    assert len(rings) >= 1  # the start ring (and the square's badge when filled)
    for ops, _ in rings:
        assert ops[-1] == "h", ops


@pytest.mark.parametrize("ink_saver", [False, True])
def test_a_tile_drawn_at_a_quarter_size_has_a_quarter_of_every_stroke(ink_saver):
    def widths(side: float) -> list[float]:
        return [float(w) for w in re.findall(r"([\d.]+) w\b", _tile_stream(side, ink_saver))]

    full, quarter = widths(mm(45)), widths(mm(45) / 4)
    assert len(full) == len(quarter) >= 2
    assert quarter == pytest.approx([w / 4 for w in full], rel=1e-3)

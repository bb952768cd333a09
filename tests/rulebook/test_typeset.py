"""The rulebook PDF: text, paper sizes, embedded fonts, bookmarks, determinism, back page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from generator.rulebook.build import build_rulebook
from generator.rulebook.typeset import column_widths, facts_line, typography

from .conftest import RULES, URL, book_words, magic_context

MM = 25.4 / 72
BASE14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


def _text(pdf: Path) -> str:
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    return re.sub(r"[\s\u00a0\u2002]+", " ", text)


def test_text_has_numbered_sections_and_rendered_numbers(built_ru: Path) -> None:
    text = _text(built_ru)
    for title in ("1 Об игре", "2 Состав игры", "2.1 Жетоны", "3 Подготовка", "4.2 Движение",
                  "5 Подсчёт очков", "Содержание"):
        assert title in text
    assert "Всего 21 жетон." in text
    assert "он приносит 25 очков" in text
    assert "по 3 у каждого игрока" in text
    assert "2–4 игрока" in text and "около 45 минут" in text


@pytest.mark.parametrize(("paper", "size_mm"), [("a4", (210.0, 297.0)),
                                                ("letter", (215.9, 279.4))])
def test_page_size_in_mm(tmp_path: Path, paper: str, size_mm: tuple[float, float]) -> None:
    out = tmp_path / f"en-{paper}.pdf"
    build_rulebook(RULES / "en.md", magic_context("en"), "en", paper, out, URL,
                   book_words("en"))
    for page in PdfReader(out).pages:
        box = page.mediabox
        assert float(box.width) * MM == pytest.approx(size_mm[0], abs=0.05)
        assert float(box.height) * MM == pytest.approx(size_mm[1], abs=0.05)


def _fonts(obj: object, seen: set[int], found: list[dict]) -> None:
    """Collect font dictionaries from resources, recursing into form XObjects."""
    if isinstance(obj, IndirectObject):
        if obj.idnum in seen:
            return
        seen.add(obj.idnum)
        obj = obj.get_object()
    res = obj.get("/Resources") if hasattr(obj, "get") else None
    if res is None:
        return
    res = res.get_object()
    for font in (res.get("/Font") or {}).values():
        found.append(font.get_object())
    for xobj in (res.get("/XObject") or {}).values():
        _fonts(xobj, seen, found)


def test_every_font_is_embedded_and_none_is_base14(built_ru: Path) -> None:
    found: list[dict] = []
    for page in PdfReader(built_ru).pages:
        _fonts(page, set(), found)
    assert found
    for font in found:
        name = str(font["/BaseFont"])
        assert not any(b in name for b in BASE14), name
        subtype = font["/Subtype"]
        assert subtype in ("/TrueType", "/Type0"), (name, subtype)
        if subtype == "/Type0":
            font = font["/DescendantFonts"][0].get_object()
        assert "/FontFile2" in font["/FontDescriptor"].get_object(), name


def test_bookmarks_for_sections_and_subsections(built_ru: Path) -> None:
    outline = PdfReader(built_ru).outline
    top = [item.title for item in outline if not isinstance(item, list)]
    assert top[:3] == ["1 Об игре", "2 Состав игры", "3 Подготовка"]
    nested = next(item for item in outline if isinstance(item, list))
    assert [i.title for i in nested] == ["2.1 Жетоны", "2.2 Карты формул"]


def test_same_input_gives_identical_bytes(tmp_path: Path, built_ru: Path) -> None:
    again = tmp_path / "again.pdf"
    build_rulebook(RULES / "ru.md", magic_context("ru"), "ru", "a4", again, URL,
                   book_words("ru"))
    assert again.read_bytes() == built_ru.read_bytes()


def test_title_page_first_and_qr_back_page_last(built_ru: Path) -> None:
    pages = PdfReader(built_ru).pages
    assert "Волшебный лабиринт" in pages[0].extract_text()
    last = pages[-1]
    assert URL in last.extract_text()
    assert "/XObject" not in last["/Resources"]  # the QR code is vector, not an image
    assert last.get_contents().get_data().count(b" re") > 100


def test_footer_has_title_and_page_number(built_ru: Path) -> None:
    page = PdfReader(built_ru).pages[2].extract_text()
    assert "Волшебный лабиринт · Правила игры" in page.replace("\u00a0", " ").replace("  ", " ")
    assert re.search(r"Правила игры\s*3\s", page)


def test_a_third_language_prints_its_own_book_words(tmp_path: Path) -> None:
    out = tmp_path / "de.pdf"
    build_rulebook(RULES / "de.md", magic_context("de"), "de", "a4", out, URL, book_words("de"))
    text = _text(out)
    assert "Inhalt" in text and "1 Über das Spiel" in text and "21 Zutaten" in text
    assert "2–4 Spieler" in text and "etwa 45 Minuten" in text and "Contents" not in text


def test_facts_line_agrees_in_russian_and_english() -> None:
    ru, en = book_words("ru"), book_words("en")
    assert facts_line({"players": {"min": 2, "max": 4}, "minutes": 45}, ru, "ru") == (
        "2–4 игрока  ·  около 45 минут")
    assert facts_line({"players": 2, "minutes": 15}, en, "en") == "2 players  ·  about 15 minutes"
    assert facts_line({"players": {"min": 3}, "minutes": 41}, ru, "ru") == (
        "от 3 игроков  ·  около 41 минуты")
    assert facts_line({"players": {"min": 2, "max": 5}, "minutes": 15}, ru, "ru") == (
        "2–5 игроков  ·  около 15 минут")


@pytest.mark.parametrize(("n", "players", "minutes"), [
    (1, "1 игрок", "около 1 минуты"), (2, "2 игрока", "около 2 минут"),
    (5, "5 игроков", "около 5 минут"), (11, "11 игроков", "около 11 минут"),
    (21, "21 игрок", "около 21 минуты"), (22, "22 игрока", "около 22 минут"),
    (25, "25 игроков", "около 25 минут")])
def test_russian_counts_take_the_form_their_number_needs(n: int, players: str,
                                                        minutes: str) -> None:
    assert facts_line({"players": n, "minutes": n}, book_words("ru"), "ru") == (
        f"{players}  ·  {minutes}")


def test_typography_binds_numbers_and_replaces_missing_glyphs() -> None:
    assert typography("всего 21 жетон — и всё") == "всего 21\u00a0жетон\u00a0— и\u00a0всё"
    assert "—›" in typography("A1 → B1") or "<font" in typography("A1 → B1")
    assert typography("<b>a</b> b") == "<b>a</b> b"


def test_column_widths_fit_the_page_and_respect_long_words() -> None:
    rows = [["№", "Ингредиент", "Примечание"],
            ["1", "Четырёхлистный клевер", "очень длинный текст " * 12]]
    widths = column_widths(rows, 480, 8.8)
    assert sum(widths) == pytest.approx(480)
    assert widths[0] < widths[1] < widths[2]
    short = column_widths([["a", "b"], ["1", "2"]], 480, 8.8)
    assert sum(short) < 100


def test_split_code_block_keeps_its_type_size_and_fits_the_room() -> None:
    """A long code block whose first lines are short split into parts no taller than the room.

    Found by the content fuzzer: the first part used to size its type by its own (shorter)
    lines, grew taller than the room it was cut for, and the build stopped with a layout error.
    """
    from generator.rulebook.flowables import CodeBlock
    from generator.rulebook.typeset import _prepare

    _prepare()
    width = 170 / MM
    block = CodeBlock("\n".join(["short"] * 17 + ["x" * 110] * 6), width)
    block.wrap(width, 1000)
    first, rest = block.split(width, 170.5)
    assert first.wrap(width, 170.5)[1] <= 170.5
    assert first.size == rest.size == block.size
    assert len(first.lines) + len(rest.lines) == len(block.lines)


def test_a_diagram_that_fails_while_drawn_becomes_a_placeholder(tmp_path: Path) -> None:
    """The page stays valid (every q closed) and shows the placeholder's caption."""
    from generator.rulebook import parse as P
    from generator.rulebook.flowables import PainterFlowable
    from generator.rulebook.typeset import typeset_rulebook

    def broken(kwargs, lang, width):  # type: ignore[no-untyped-def]
        def paint(c, box):  # type: ignore[no-untyped-def]
            c.saveState()
            c.saveState()
            c.rect(0, 0, 10, 10)
            raise ValueError("content made this fail")
        return PainterFlowable(100, 40, paint)

    blocks = [P.Heading(2, "One", "one", "One", True),
              P.Diagram("token", {"caption": "An ingredient token"}),
              P.Paragraph(P.Inline("After the diagram.", "After the diagram."))]
    out = tmp_path / "book.pdf"
    typeset_rulebook({"title": "T"}, blocks, "en", "a4", out, {"token": broken})
    reader = PdfReader(out)
    for page in reader.pages:
        ops = re.findall(rb"(?m)(?:^|\s)(q|Q)(?=\s|$)", page.get_contents().get_data())
        assert ops.count(b"q") == ops.count(b"Q")
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "An ingredient token" in text and "After the diagram." in text
    assert text.count("An ingredient token") == 2  # the placeholder's text and the caption


@pytest.mark.parametrize("game, ornament", [("goblin-slayer", "hex"),
                                            ("magic-labyrinth", None),
                                            ("paper-labyrinth", None)])
def test_the_title_page_vignette_follows_the_game(game, ornament):
    """Goblin Slayer's cover has a cave of hexes (rulebook review #43); the labyrinths keep the
    square maze. A book's front matter may choose either."""
    from generator.rulebook.build import rulebook_meta
    from generator.rulebook.ornaments import HexOrnament

    from .conftest import game_context

    meta = rulebook_meta({"title": "X"}, game_context(game, "en"))
    assert meta.get("ornament") == ornament
    assert rulebook_meta({"ornament": "maze"}, game_context(game, "en"))["ornament"] == "maze"
    width, height = HexOrnament("Goblin Slayer", 100.0).wrap(500, 500)
    assert (width, round(height, 3)) == (100.0, round(100 * 8 / (5 * 3 ** 0.5), 3))


def test_a_figure_a_little_too_tall_shrinks_to_fit_the_page_and_a_much_taller_one_moves() -> None:
    from generator.rulebook.flowables import Figure, PainterFlowable

    figure = Figure(PainterFlowable(300, 400, lambda c, box: None), None, 450)
    assert figure.wrap(450, 1000) == (450, 400) and figure.fit == 1.0
    width, height = figure.wrap(450, 360)
    assert (figure.fit, height) == (0.9, 360) and figure.aw == 270
    assert figure.wrap(450, 300)[1] == 400 and figure.fit == 1.0  # 75 %: the next page


def test_goblin_slayer_cave_stays_under_the_open_centre_note(tmp_path) -> None:
    from pypdf import PdfReader

    from conftest import run_cli

    for lang, note, caption in [("uk", "Варіант: відкритий центр", "Печера із 7 локацій"),
                                ("en", "Variant: open centre", "The cave of 7 locations")]:
        code, _, err = run_cli("build", "goblin-slayer", "--part", "rules", "--lang", lang,
                               "--out", tmp_path)
        assert code == 0, err
        pages = [" ".join((p.extract_text() or "").split()) for p in PdfReader(
            tmp_path / f"goblin-slayer/goblin-slayer-rules-{lang}-a4.pdf").pages]
        [page] = [i for i, text in enumerate(pages) if note in text]
        assert caption in pages[page], (lang, page)

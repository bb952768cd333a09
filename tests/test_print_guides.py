"""The print guides say what a player needs at the printer: which PDF pages of a pack are
double-sided, what paper fold sheets take, how many pieces (not faces) a sheet holds, and how
to duplex by hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import layout_json, run_cli


def _guide_text(pdf: Path) -> str:
    return " ".join((PdfReader(pdf).pages[0].extract_text() or "").split())


def _span(numbers: list[int]) -> str:
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


def _expected_runs(sides: list[str]) -> list[tuple[bool, list[int]]]:
    """From the pack file's page sides: runs of PDF pages printed alike (a front followed by
    a back is double-sided, with that back)."""
    runs: list[tuple[bool, list[int]]] = []
    for i, side in enumerate(sides):
        both = side == "back" or (i + 1 < len(sides) and sides[i + 1] == "back")
        if runs and runs[-1][0] == both:
            runs[-1][1].append(i + 1)
        else:
            runs.append((both, [i + 1]))
    return runs


@pytest.mark.parametrize(("game", "paper", "duplex"), [
    ("magic-labyrinth", "a4", "long"), ("magic-labyrinth", "letter", "long"),
    ("magic-labyrinth", "a4", "short"), ("goblin-slayer", "a4", "long")])
def test_the_pack_guide_names_the_pdf_pages_of_each_side_and_sheet(
        tmp_path: Path, game: str, paper: str, duplex: str) -> None:
    args = ("--pack", "--lang", "en", "--paper", paper, "--duplex", duplex)
    code, _, err = run_cli("build", game, *args, "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / game / f"{game}-all-en-{paper}.pdf"
    (f,) = layout_json(game, *args)["files"]
    sides = [p["side"] for p in f["pages"]]
    assert len(PdfReader(pdf).pages) == len(sides)
    text = _guide_text(pdf)
    runs = _expected_runs(sides)
    said = re.findall(r"PDF pages ([\d–]+): (print them double-sided|one side only)", text)
    expected = [(_span(n), "print them double-sided" if both else "one side only")
                for both, n in runs]
    assert said == (expected if any(both for both, _ in runs) else [])  # all one-sided: no line
    if game == "magic-labyrinth":  # 3 double-sided sheets, then one-sided ones
        assert [both for both, _ in runs] == [True, False]
    # each sheet's row names its own pages: a front, and its back right after it
    rows = re.findall(r"(?:^|\s)(\d+) p\. ([\d–]+) ", text)
    fronts = [i + 1 for i, s in enumerate(sides) if s == "front"][1:]  # after the guide
    assert [int(n) for n, _ in rows] == list(range(1, len(fronts) + 1))
    for (_, pages), front in zip(rows, fronts):
        backed = front < len(sides) and sides[front] == "back"
        assert pages == (f"{front}–{front + 1}" if backed else str(front))


def test_a_fold_pack_counts_pieces_not_faces_and_asks_for_paper(tmp_path: Path) -> None:
    args = ("--pack", "--lang", "en", "--duplex", "fold")
    code, _, err = run_cli("build", "magic-labyrinth", *args, "--out", tmp_path)
    assert code == 0, err
    text = _guide_text(tmp_path / "magic-labyrinth" / "magic-labyrinth-all-en-a4.pdf")
    (f,) = layout_json("magic-labyrinth", *args)["files"]
    cards = sum(1 for p in f["pages"] for q in p["pieces"]
                if q["kind"] == "card" and q["face"] == "front")
    assert cards == 21
    counted = sum(int(n) for n in re.findall(r"Secret formula cards: (\d+)", text))
    assert counted == 21  # each card once, not once per face
    assert "paper, 120–160 g/m²" in text and "score the dashed line" in text
    assert "PDF pages" not in text  # every page is one-sided: nothing to tell apart


def test_the_files_guide_says_fold_paper_and_how_to_duplex_by_hand(tmp_path: Path) -> None:
    for duplex in ("fold", "short"):
        out = tmp_path / duplex
        code, _, err = run_cli("build", "magic-labyrinth", "--part", "print-guide", "--lang",
                               "en", "--duplex", duplex, "--out", out)
        assert code == 0, err
    fold = _guide_text(out.parent / "fold" / "magic-labyrinth"
                       / "magic-labyrinth-print-guide-en-a4.pdf")
    assert re.search(r"Secret formula cards magic-labyrinth-formulas-en-a4\.pdf 7 paper, "
                     r"120–160 g/m²", fold)
    short = _guide_text(out / "magic-labyrinth" / "magic-labyrinth-print-guide-en-a4.pdf")
    # the tiles file mixes card and a plain set-up page: the guide says which page is which
    assert "magic-labyrinth-tiles-en-a4.pdf 4 card, 200–300 g/m² (p. 1–3), plain paper (p. 4)" \
        in short
    assert "turn the stack over on its short edge" in short
    assert "labyrinth-pnp calibrate --duplex short" in short


def test_one_up_keeps_forms_on_their_page_and_its_guide_describes_one_up_files(
        tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--one-up", "--bleed", "3mm", "--lang",
                           "en", "--part", "score-sheet", "--part", "tokens", "--part",
                           "print-guide", "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "magic-labyrinth"
    for name in ("score-sheet", "print-guide"):
        (page,) = PdfReader(folder / f"magic-labyrinth-{name}-en-a4-one-up.pdf").pages
        assert [round(float(v) * 25.4 / 72, 1) for v in page.mediabox[2:]] == [210.0, 297.0]
        assert "/TrimBox" not in page  # a form is not trimmed
    tokens = PdfReader(folder / "magic-labyrinth-tokens-en-a4-one-up.pdf").pages
    assert [round(float(v) * 25.4 / 72, 1) for v in tokens[0].mediabox[2:]] == [31.0, 31.0]
    text = _guide_text(folder / "magic-labyrinth-print-guide-en-a4-one-up.pdf")
    assert "for a print shop (--one-up)" in text
    assert "Pages in all: 164." in text  # 42 + 42 + 28 + 1 + 51: pages, not sheets
    assert "magic-labyrinth-tokens-en-a4-one-up.pdf 42 card, 200–300 g/m² both sides trimmed " \
        "by the shop" in text
    assert "crop mark" not in text and "Sheets in all" not in text


def test_a_guide_column_widens_to_its_longest_word() -> None:
    """«Аркушів» (Ukrainian "sheets") is wider than its tenth of the table: the column takes
    what it needs from the widest one, so the head no longer runs into the next."""
    from generator.draw.fonts import text_width
    from generator.draw.guide import _fitted

    rows = [(("Файл", "Аркушів", "Папір"), "Sans-Bold", 9.0),
            (("goblin-slayer-locations-uk-a4.pdf", "5", "звичайний"), "Sans", 9.0)]
    cols = _fitted([300.0, 30.0, 120.0], rows, 4.0)
    assert cols[1] == pytest.approx(text_width("Аркушів", "Sans-Bold", 9.0) + 8.0)
    assert sum(cols) == pytest.approx(450.0) and cols[2] == 120.0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_guide_counts_the_rulebook_s_pages_and_says_one_player_sheet_per_player(
        tmp_path: Path, lang: str) -> None:
    code, _, err = run_cli("build", "paper-labyrinth", "--lang", lang, "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "paper-labyrinth"
    book = len(PdfReader(folder / f"paper-labyrinth-rules-{lang}-a4.pdf").pages)
    sheets = sum(len(PdfReader(folder / f"paper-labyrinth-{name}-{lang}-a4.pdf").pages)
                 for name in ("player-sheet", "host-sheets"))
    assert book > 4
    text = _guide_text(folder / f"paper-labyrinth-print-guide-{lang}-a4.pdf")
    if lang == "en":
        assert f"Rulebook paper-labyrinth-rules-en-a4.pdf {book} plain paper one side" in text
        assert f"Sheets in all: {sheets + book} (card stock: 0, plain paper: " \
               f"{sheets + book})." in text
        assert "Player sheet: every player needs a set of their own, so print the file once " \
               "per player." in text
        assert "labyrinth-pnp plan sheets PLAN --players N" in text
    else:
        assert f"Правила игры paper-labyrinth-rules-ru-a4.pdf {book} обычная одна" in text
        assert f"Всего листов: {sheets + book} " in text
        assert "Лист игрока: свой комплект нужен каждому игроку" in text
        assert "labyrinth-pnp plan sheets ПЛАН --players N" in text
    assert " — " not in text.split("Sheets in all")[-1].split("Всего листов")[-1]

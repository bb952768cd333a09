"""What a player gets from `build magic-labyrinth`: text, fonts, page sizes, determinism."""

from __future__ import annotations

import hashlib
import re

import pytest
from pypdf import PdfReader

from conftest import MM, pdf_fonts, pdf_text, run_cli

RUSSIAN_NAMES = ["Дикое яблоко", "Масло чёрных слизней", "Огненная саламандра", "Ягоды омелы",
                 "Корень мандрагоры", "Чеснок"]
PARTS = ["tokens", "formulas", "counters", "score-sheet", "tiles"]
BASE14 = {"Helvetica", "Times-Roman", "Courier", "Symbol", "ZapfDingbats"}


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_build_writes_every_part_in_both_languages(magic_build):
    names = sorted(p.name for p in magic_build.glob("*.pdf"))
    assert names == sorted(f"magic-labyrinth-{part}-{lang}-a4.pdf"
                           for part in [*PARTS, "rules", "print-guide"] for lang in ("ru", "en"))


@pytest.mark.parametrize("part", ["tokens", "formulas"])
def test_russian_sheets_carry_the_russian_ingredient_names(magic_build, part):
    text = _flat(pdf_text(magic_build / f"magic-labyrinth-{part}-ru-a4.pdf"))
    for name in RUSSIAN_NAMES:
        assert name in text


def test_formula_cards_list_their_three_ingredients(magic_build):
    text = _flat(pdf_text(magic_build / "magic-labyrinth-formulas-en-a4.pdf"))
    assert len(re.findall(r"Secret formula \d", text)) == 21
    assert "Secret formula 5 Four-leaf Clover 25 Mistletoe Berries 18 Emerald" in text
    assert "Card 21" in text
    assert "+20 for each formula ingredient you collect" in text


def test_score_sheet_has_the_scoring_rows(magic_build):
    text = _flat(pdf_text(magic_build / "magic-labyrinth-score-sheet-en-a4.pdf"))
    for row in ("Tokens (sum of numbers)", "Formula ingredients × 20", "Unused wands × 3",
                "Total", "the last token is worth 25"):
        assert row in text


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_font_is_embedded_and_subset(magic_build, part, lang):
    fonts = pdf_fonts(magic_build / f"magic-labyrinth-{part}-{lang}-a4.pdf")
    assert fonts
    for font in fonts:
        base = str(font["/BaseFont"]).lstrip("/")
        assert base.split("+")[-1] not in BASE14 and not base.startswith("Helvetica")
        assert "+" in base, f"{base} is not subset"
        descriptor = font.get("/FontDescriptor")
        if descriptor is None:  # Type0: the descriptor sits on the descendant font
            descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object()


def test_no_unembedded_base14_font_is_listed_anywhere_in_any_pdf(magic_build):
    """pdffonts lists every font object, used or not: none may be a bare base-14 font."""
    for path in magic_build.glob("*.pdf"):
        data = path.read_bytes()
        for name in (*BASE14, "Helvetica-Bold", "Times-Bold", "Courier-Bold"):
            assert f"/BaseFont /{name}".encode() not in data, (path.name, name)


def test_every_sheet_has_ruler_note_and_footer(magic_build):
    reader = PdfReader(magic_build / "magic-labyrinth-tokens-ru-a4.pdf")
    for n, page in enumerate(reader.pages, 1):
        text = _flat(page.extract_text())
        assert "50 мм" in text
        assert "Печатайте в масштабе 100 %" in text
        assert f"Волшебный лабиринт · Жетоны ингредиентов · Русский · стр. {n} из 2" in text


@pytest.mark.parametrize("paper, size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_page_sizes_in_mm(tmp_path, paper, size):
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "formulas", "--lang", "en",
                           "--paper", paper, "--out", tmp_path)
    assert code == 0, err
    pdf = PdfReader(tmp_path / "magic-labyrinth" / f"magic-labyrinth-formulas-en-{paper}.pdf")
    for page in pdf.pages:
        w, h = float(page.mediabox.width) * MM, float(page.mediabox.height) * MM
        assert (round(w, 1), round(h, 1)) == size


def test_same_input_gives_byte_identical_pdfs(tmp_path, magic_build):
    code, _, err = run_cli("build", "magic-labyrinth", "--out", tmp_path)
    assert code == 0, err
    for first in magic_build.glob("*.pdf"):
        again = tmp_path / "magic-labyrinth" / first.name
        assert hashlib.sha256(first.read_bytes()).digest() == \
            hashlib.sha256(again.read_bytes()).digest(), first.name


def test_bleed_sets_trim_and_bleed_boxes(tmp_path):
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "formulas", "--lang", "en",
                           "--bleed", "3mm", "--out", tmp_path)
    assert code == 0, err
    page = PdfReader(tmp_path / "magic-labyrinth" / "magic-labyrinth-formulas-en-a4.pdf").pages[0]
    trim = [float(v) * MM for v in page.trimbox]
    bleed = [float(v) * MM for v in page.bleedbox]
    assert trim[2] - trim[0] == pytest.approx(2 * 63 + 6, abs=0.01)  # two cards 6 mm apart
    assert [b - t for b, t in zip(bleed, trim)] == pytest.approx([-3, -3, 3, 3], abs=0.01)


def test_ink_saver_makes_a_lighter_file(tmp_path):
    for flag in ([], ["--ink-saver"]):
        out = tmp_path / ("saver" if flag else "full")
        code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                               "--out", out, *flag)
        assert code == 0, err
    full = (tmp_path / "full/magic-labyrinth/magic-labyrinth-tokens-en-a4.pdf").read_bytes()
    saver = (tmp_path / "saver/magic-labyrinth/magic-labyrinth-tokens-en-a4.pdf").read_bytes()
    assert full != saver
    assert pdf_text(tmp_path / "saver/magic-labyrinth/magic-labyrinth-tokens-en-a4.pdf").count(
        "Garlic") == 1


def test_too_long_names_are_shrunk_then_reported(tmp_path, monkeypatch):
    folder = tmp_path / "content" / "magic-labyrinth"
    folder.mkdir(parents=True)
    from conftest import FIXTURES

    src = (FIXTURES.parent.parent / "content/magic-labyrinth/text/en.yaml").read_text("utf-8")
    long = "Extraordinarily-long-ingredient-name-that-cannot-fit"
    (folder / "text").mkdir()
    (folder / "text" / "en.yaml").write_text(src.replace("6: Garlic", f"6: {long}"), "utf-8")
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--content", tmp_path / "content", "--out", tmp_path / "out")
    assert code == 0
    assert (f"magic-labyrinth-tokens-en-a4.pdf:1:1: warning: token 6 name: text '{long}' is too "
            "long for its piece even at 6.5 pt; shorten it in the content") in err
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--content", tmp_path / "content", "--out", tmp_path / "strict",
                           "--strict")
    assert code == 1
    assert not (tmp_path / "strict" / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf"
                ).exists()


def test_a_failed_build_leaves_existing_files_untouched(tmp_path):
    target = tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf"
    target.parent.mkdir()
    target.write_bytes(b"the user's own file")
    from conftest import FIXTURES

    code, _, _ = run_cli("build", "--content", FIXTURES / "content" / "token_number_26",
                         "--out", tmp_path)
    assert code == 1
    assert target.read_bytes() == b"the user's own file"
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


def test_separate_processes_with_different_hash_seeds_write_identical_files(tmp_path):
    """Byte-identical output must not depend on set ordering or on parallel workers."""
    import os
    import subprocess
    import sys

    digests = []
    for seed, jobs in (("1", "1"), ("2", "2")):
        out = tmp_path / seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "generator.cli", "build", "--jobs", jobs,
                        "--out", str(out)], check=True, env=env, capture_output=True)
        digests.append({p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).digest()
                        for p in out.rglob("*.pdf")})
    assert len(digests[0]) == 37  # 7 + 4 + 5 parts in ru and en, Goblin Slayer's 5 in uk
    assert digests[0] == digests[1]

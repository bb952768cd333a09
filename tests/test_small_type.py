"""No type under 6 pt on any sheet: read back from the PDFs with pypdf; content that would
need smaller type (a smaller token) is reported, and refused with --strict."""

from __future__ import annotations

import math
from pathlib import Path

from pypdf import PdfReader

from conftest import run_cli

CONTENT = Path(__file__).parent.parent / "content"


def _smallest(pdf: Path) -> tuple[float, str, int]:
    """The smallest text run of a PDF: (size in pt, text, page number)."""
    found = [(99.0, "", 0)]
    for number, page in enumerate(PdfReader(pdf).pages, 1):
        def visit(text, cm, tm, font, size, number=number):  # type: ignore[no-untyped-def]
            if text.strip():
                pt = size * math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
                found.append((pt, text.strip(), number))

        page.extract_text(visitor_text=visit)
    return min(found)


def test_no_text_under_6pt_on_any_sheet_of_a_build(tmp_path: Path) -> None:
    """Every sheet but the rulebooks, Russian (the longest words), and host and player
    sheets of a plan: the ruler's labels, footers, legends and the set-up board included."""
    parts = ("tokens", "formulas", "counters", "tiles", "score-sheet", "print-guide",
             "locations", "player-aid", "host-sheets", "player-sheet")
    args = [a for part in parts for a in ("--part", part)]
    code, _, err = run_cli("build", *args, "--lang", "ru", "--jobs", "1", "--out", tmp_path)
    assert code == 0, err
    plan = tmp_path / "p.txt"
    code, text, err = run_cli("plan", "random", "--seed", "3", "--rows", "12", "--cols", "12")
    plan.write_text(text, encoding="utf-8")
    for command in ("print", "sheets"):
        code, _, err = run_cli("plan", command, plan, "--lang", "ru", "--out",
                               tmp_path / f"{command}.pdf")
        assert code == 0, err
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    assert len(pdfs) == 15  # 13 files of the build (3 print guides), 2 of the plan
    for pdf in pdfs:
        size, text, page = _smallest(pdf)
        assert size >= 6 - 1e-3, (pdf.name, page, text, size)


def test_a_smaller_token_warns_of_its_names_and_strict_refuses(tmp_path: Path) -> None:
    mine = tmp_path / "mine" / "magic-labyrinth"
    mine.mkdir(parents=True)
    game = (CONTENT / "magic-labyrinth" / "game.yaml").read_text(encoding="utf-8")
    (mine / "game.yaml").write_text(game.replace("token: 25mm", "token: 18mm"),
                                    encoding="utf-8")
    args = ("build", "magic-labyrinth", "--part", "tokens", "--lang", "ru", "--content",
            tmp_path / "mine")
    code, _, err = run_cli(*args, "--out", tmp_path / "out")
    assert code == 0, err
    assert "token 5 name" in err and "even at 6 pt" in err
    pdf = tmp_path / "out" / "magic-labyrinth" / "magic-labyrinth-tokens-ru-a4.pdf"
    assert _smallest(pdf)[0] >= 6 - 1e-3
    code, _, err = run_cli(*args, "--strict", "--out", tmp_path / "strict")
    assert code == 1 and "token 5 name" in err
    assert not (tmp_path / "strict" / "magic-labyrinth").exists()


def test_the_calibration_sheet_has_the_band_and_no_type_under_6pt(tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    code, _, err = run_cli("calibrate", "--lang", "ru", "--out", out)
    assert code == 0, err
    front = PdfReader(out).pages[0].extract_text()
    assert "50 мм" in front and "Печатайте в масштабе 100 %" in front and "стр. 1 из 2" in front
    assert _smallest(out)[0] >= 6 - 1e-3


def test_the_footer_moves_below_the_note_before_it_shrinks_under_6pt() -> None:
    from generator.draw.fonts import text_width
    from generator.draw.sheet import _footer_place

    footer = "Волшебный лабиринт · Палочки, фишки и метки сдвига · Русский · стр. 1 из 1"
    wide = text_width(footer, "Sans", 6.5)
    assert _footer_place(footer, wide + 1, wide + 1) == (True, 6.5, 1.0)  # beside the note
    assert _footer_place(footer, wide - 1, wide + 1) == (True, 6.25, 1.0)  # a little smaller
    six = text_width(footer, "Sans", 6.0)
    assert _footer_place(footer, six - 1, wide + 1) == (False, 6.5, 1.0)  # the line below
    on_line, size, squeeze = _footer_place(footer, 10, wide * 0.8)
    assert (on_line, size) == (False, 6.0) and squeeze < 1.0  # narrowed: the caller warns

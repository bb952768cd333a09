"""«Лабиринт» sheets: the player sheet, host sheets of the examples, and `plan print`."""

from __future__ import annotations

import stat

import pytest
from pypdf import PdfReader

from generator.draw.qr import qr_matrix
from generator.plan.checker.check import check_plan

from conftest import FIXTURES, pdf_text, run_cli

ROOT = FIXTURES.parent.parent


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_build_paper_labyrinth_writes_player_and_host_sheets(tmp_path):
    code, _, err = run_cli("build", "paper-labyrinth", "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "paper-labyrinth"
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(
        f"paper-labyrinth-{part}-{lang}-a4.pdf"
        for part in ("player-sheet", "host-sheets", "rules", "print-guide")
        for lang in ("ru", "en"))
    player = _flat(pdf_text(folder / "paper-labyrinth-player-sheet-ru-a4.pdf"))
    for words in ("Лист игрока", "Черновики плана", "Журнал ходов", "болото — только в устье, "
                  "по стрелке", "Ответ ведущего", "Ответы ведущего", "Пули", "Бомбы"):
        assert words in player
    hosts = PdfReader(folder / "paper-labyrinth-host-sheets-en-a4.pdf")
    examples = sorted((ROOT / "content/paper-labyrinth/plans").glob("*.txt"))
    assert len(hosts.pages) == len(examples) == 3
    assert "Host sheet" in hosts.pages[0].extract_text()


def test_plan_print_writes_a_host_sheet_with_legend(tmp_path):
    out = tmp_path / "host.pdf"
    plan = ROOT / "content/paper-labyrinth/plans/plan_4x5_river_and_gully.txt"
    code, stdout, err = run_cli("plan", "print", plan, "--lang", "en", "--paper", "letter",
                                "--out", out)
    assert code == 0, err
    assert stdout.strip() == f"wrote {out}"
    text = _flat(pdf_text(out))
    assert "Host sheet" in text and "4 × 5 cells" in text and "mouth" in text
    assert "swamp — into the mouth only, along the arrow" in text
    page = PdfReader(out).pages[0]
    assert round(float(page.mediabox.width) * 25.4 / 72, 1) == 215.9
    assert stat.S_IMODE(out.stat().st_mode) & 0o044  # readable like any other file


def test_plan_print_refuses_an_invalid_plan_unless_forced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    plan = FIXTURES / "plans" / "bad_river_wall.txt"
    code, _, err = run_cli("plan", "print", plan, "--lang", "en")
    assert code == 1
    assert err.splitlines()[-1] == ("Error: the plan has 1 error: fix it, or print it anyway "
                                    "with --force")
    assert "error[river-wall]: add a wall between B2 and B3" in err
    assert not list(tmp_path.iterdir())
    code, stdout, _ = run_cli("plan", "print", plan, "--lang", "en", "--force")
    assert code == 0
    assert (tmp_path / "bad_river_wall-host-en-a4.pdf").exists()


def test_plan_print_will_not_replace_a_file_that_is_not_a_pdf(tmp_path):
    precious = tmp_path / "notes.txt"
    precious.write_text("my notes")
    plan = ROOT / "content/paper-labyrinth/plans/plan_5x5_two_rivers.txt"
    code, _, err = run_cli("plan", "print", plan, "--out", precious)
    assert code == 1
    assert err.strip() == (f"Error: {precious} exists and labyrinth-pnp did not write it: "
                           "choose another --out, or add --overwrite to replace it")
    assert precious.read_text() == "my notes"


def test_host_sheet_qr_code_decodes_to_the_plan_text_which_checks_valid(tmp_path):
    pdfium = pytest.importorskip("pypdfium2")
    zxingcpp = pytest.importorskip("zxingcpp")
    plan = ROOT / "content/paper-labyrinth/plans/plan_6x6_three_rivers.txt"
    out = tmp_path / "host.pdf"
    assert run_cli("plan", "print", plan, "--out", out)[0] == 0
    bitmap = pdfium.PdfDocument(str(out))[0].render(scale=3).to_numpy()
    (code,) = zxingcpp.read_barcodes(bitmap)
    assert code.text == plan.read_text("utf-8")
    assert check_plan(code.text).valid


def test_qr_matrix_grows_with_the_text():
    assert len(qr_matrix("A")) < len(qr_matrix("A" * 500))

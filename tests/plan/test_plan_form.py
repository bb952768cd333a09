"""`plan form`: the PDF (size, text, determinism), its geometry, and what it refuses."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.plan.commands.cli import plan as plan_group
from generator.plan.form.layout import MARKS, SLOT_BAND, layout, parse_qr
from generator.plan.form.texts import LEGEND

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"
MM = 72 / 25.4


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(plan_group, list(args))


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_a_form_is_one_page_of_the_paper_with_its_legend(tmp_path: Path, paper: str,
                                                         size: tuple[float, float]) -> None:
    out = tmp_path / "form.pdf"
    result = run("form", "--rows", "7", "--cols", "9", "--paper", paper, "--lang", "en",
                 "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}\n"
    pdf = PdfReader(str(out))
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (round(float(box.width) / MM, 1), round(float(box.height) / MM, 1)) == size
    text = pdf.pages[0].extract_text()
    assert "«Labyrinth» plan form: 7 × 9" in text
    for line in LEGEND["en"]:
        assert line in text


def test_the_russian_form_and_the_same_bytes_twice(tmp_path: Path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (a, b):
        assert run("form", "--fill", str(FIXTURES / "valid_swamps.txt"), "--out",
                   str(out)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    text = PdfReader(str(a)).pages[0].extract_text()
    assert "Бланк плана «Лабиринта»: 4 × 4" in text and LEGEND["ru"][5] in text


@pytest.mark.parametrize("rows, cols, paper", [(2, 2, "a4"), (12, 12, "a4"), (12, 12, "letter"),
                                               (3, 12, "letter"), (12, 2, "a4")])
def test_boxes_and_slots_never_touch(rows: int, cols: int, paper: str) -> None:
    lay = layout(rows, cols, paper)
    x0, y0 = lay.vertex(0, 0)
    x1, y1 = lay.vertex(rows, cols)
    assert 8 + 14 < y0 and y1 < lay.legend()[1] and x0 > 8 and x1 < lay.width - 8
    assert 12.0 <= lay.cell <= 28.0
    band = SLOT_BAND * lay.cell
    for pos in [(0, 0), (rows - 1, cols - 1), (rows // 2, cols // 2)]:
        cx, cy = lay.cell_origin(pos)
        rects = [lay.mark(pos, k) for k in MARKS] + [lay.swamp(pos, s)
                                                     for s in lay.swamp_sides(pos)]
        for x, y, w, h in rects:  # inside the cell, clear of every slot's measured band
            assert cx + band < x and x + w < cx + lay.cell - band
            assert cy + band < y and y + h < cy + lay.cell - band
            assert w >= 1.1  # mm: a box a pen can fill
        for (ax, ay, aw, ah), (bx, by, bw, bh) in itertools.combinations(rects, 2):
            assert ax + aw < bx or bx + bw < ax or ay + ah < by or by + bh < ay


def test_the_qr_text_round_trips() -> None:
    assert parse_qr(layout(12, 3, "letter").qr_text()) == (12, 3, "letter")
    assert parse_qr("https://example.org") is None


@pytest.mark.parametrize("args, message", [
    (["--rows", "13", "--cols", "4"], "Invalid value for '--rows': 13 is not in the range "
                                      "2<=x<=12."),
    (["--rows", "4"], "give --rows and --cols (or --fill PLAN)"),
    (["--fill", str(FIXTURES / "valid_swamps.txt"), "--rows", "5"],
     f"{FIXTURES / 'valid_swamps.txt'} is 4×4: leave out --rows and --cols with --fill, or "
     "give its size"),
])
def test_bad_options_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    result = run("form", *args, "--out", str(tmp_path / "f.pdf"))
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "f.pdf").exists()


def test_a_plan_the_form_cannot_hold_is_refused(tmp_path: Path) -> None:
    plan = tmp_path / "five.txt"
    plan.write_text("+--+--+--+\n|Я1 Я5 С |\n+  +  +  +\n|Ар М  С  \n+--+--+--+\n",
                    encoding="utf-8")
    out = tmp_path / "f.pdf"
    result = run("form", "--fill", str(plan), "--out", str(out))
    assert result.exit_code == 1
    assert result.output == f"{plan}: hole Я5 in B1: the form numbers holes 1 to 4\n"
    assert not out.exists()


def test_plan_check_still_loads_no_image_library() -> None:
    probe = ("import sys\nfrom generator.cli import main\ntry:\n    main(sys.argv[1:])\n"
             "except SystemExit:\n    pass\nprint(sorted(m for m in sys.modules if m.split('.')[0]"
             " in ('cv2', 'numpy', 'PIL')))")
    proc = subprocess.run([sys.executable, "-c", probe, "plan", "check",
                           str(FIXTURES / "spec_example.txt")], capture_output=True, text=True,
                          check=False)
    assert proc.stdout.strip().splitlines()[-1] == "[]"

"""`plan sheets` and `plan print`: player sheets sized to the plan, and host sheets a game runs on.

Geometry is read from the layout functions the drawing uses (`paperlayout`), words from the
PDFs with pypdf, and the treasure marks from a rendering of the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import BuildOptions, Job, impose_job
from generator.content.paper import ExamplePlan
from generator.content.paths import ContentRoots
from generator.draw.paperlayout import LOG_ROWS, MIN_CELL, player_pages
from generator.draw.papersheets import qr_side, sheet_layout
from generator.draw.plan import LABEL_ROOM, exit_arrow_span, plan_margins
from generator.games.paper import (
    HOST_PART,
    PAPER_LABYRINTH,
    host_pieces,
    host_sheet,
    ravine_letters,
)
from generator.plan.making.randomplan import random_plan
from generator.plan.text.comments import sheet_comments
from generator.plan.text.gridtext import parse_grid, write_grid

from conftest import FIXTURES, run_cli

ROOT = FIXTURES.parent.parent
EXAMPLES = sorted((ROOT / "content/paper-labyrinth/plans").glob("*.txt"))
CYRILLIC = re.compile("[\u0400-\u04ff]")


def _flat(text: str) -> str:
    return " ".join(text.split())


def _plan_file(tmp_path: Path, rows: int, cols: int, lang: str = "ru") -> Path:
    path = tmp_path / f"plan-{rows}x{cols}-{lang}.txt"
    path.write_text(write_grid(random_plan(rows, cols, seed=rows * 100 + cols, lang=lang)),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("size", [(4, 4), (6, 6), (12, 12)])
def test_player_sheets_have_grids_of_the_plans_size_and_a_long_log(tmp_path, size):
    rows, cols = size
    out = tmp_path / "players.pdf"
    code, _, err = run_cli("plan", "sheets", _plan_file(tmp_path, rows, cols), "--players", "3",
                           "--lang", "en", "--out", out)
    assert code == 0, err
    pages = player_pages(rows, cols, 3)
    drafts = [p.drafts for p in pages if p.drafts is not None and p.drafts.origins]
    assert drafts and all((d.rows, d.cols) == size and d.cell >= MIN_CELL for d in drafts)
    assert sum(len(d.origins) for d in drafts) >= 2
    logs = [p.log for p in pages if p.log is not None]
    assert sum(log.rows for log in logs) >= LOG_ROWS and all(log.row_h >= 5 for log in logs)
    reader = PdfReader(out)
    assert len(reader.pages) == 3 * len(pages)  # one set per player
    for seat in range(3):
        texts = [_flat(reader.pages[seat * len(pages) + k].extract_text())
                 for k in range(len(pages))]
        notes, log = texts[0], texts[-1]
        assert f"Player {seat + 1} of 3" in notes and f"{rows} × {cols} cells" in notes
        assert "Draft plans" in " ".join(texts[:-1])
        assert " ".join("ABCDEFGHIJKL"[:cols]) in " ".join(texts[:-1])
        for word in ("Players", "Bullets", "Bombs", "Wounded", "Treasure", "Start",
                     "The host’s answers", "swamp"):
            assert word in notes
        assert all(f"Player {k}" in log for k in (1, 2, 3))
        assert "Direction" in log and "Way" not in log and "Host’s answer" in log
        numbers = set(re.findall(r"\b\d+\b", log))
        assert {str(n) for n in range(1, LOG_ROWS + 1)} <= numbers


def test_player_sheets_refuse_a_number_of_players_the_game_has_not(tmp_path):
    code, _, err = run_cli("plan", "sheets", _plan_file(tmp_path, 4, 5), "--players", "9",
                           "--out", tmp_path / "x.pdf")
    assert code == 2 and "--players 9" in err and not (tmp_path / "x.pdf").exists()


def test_player_sheets_are_the_same_bytes_twice_and_ignore_rule_errors(tmp_path):
    plan = FIXTURES / "plans" / "bad_river_wall.txt"
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    code, _, err = run_cli("plan", "sheets", plan, "--out", first)
    assert code == 0 and "error[river-wall]" in err
    assert "note: the plan has 1 error; printed anyway" in err
    assert run_cli("plan", "sheets", plan, "--out", second)[0] == 0
    assert first.read_bytes() == second.read_bytes()


def test_default_player_sheet_of_a_build_is_for_4_by_5(tmp_path):
    code, _, err = run_cli("build", "paper-labyrinth", "--part", "player-sheet", "--lang", "en",
                           "--out", tmp_path)
    assert code == 0, err
    reader = PdfReader(tmp_path / "paper-labyrinth/paper-labyrinth-player-sheet-en-a4.pdf")
    assert len(reader.pages) == len(player_pages(4, 5, 3))
    assert "4 × 5 cells" in _flat(reader.pages[0].extract_text())


@pytest.mark.parametrize("plan", [*EXAMPLES, "random-ru"], ids=lambda p: getattr(p, "stem", p))
def test_english_host_sheet_has_no_cyrillic_letter(tmp_path, plan):
    if plan == "random-ru":
        plan = _plan_file(tmp_path, 6, 6, "ru")
    out = tmp_path / "host.pdf"
    code, _, err = run_cli("plan", "print", plan, "--lang", "en", "--out", out)
    assert code == 0, err
    text = _flat("".join(page.extract_text() for page in PdfReader(out).pages))
    assert not CYRILLIC.findall(text), CYRILLIC.findall(text)
    assert "Host sheet" in text and "The host’s answers" in text and "Players" in text


def test_booklet_has_one_host_sheet_per_plan_and_is_reproducible(tmp_path):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    code, out, err = run_cli("plan", "print", *EXAMPLES, "--lang", "en", "--out", first)
    assert code == 0 and out.strip() == f"wrote {first}", err
    assert run_cli("plan", "print", *EXAMPLES, "--lang", "en", "--out", second)[0] == 0
    assert first.read_bytes() == second.read_bytes()
    pages = PdfReader(first).pages
    assert len(pages) == len(EXAMPLES)
    for page, path in zip(pages, EXAMPLES):
        rows, cols = re.search(r"(\d)x(\d)", path.stem).groups()
        assert f"{rows} × {cols} cells" in _flat(page.extract_text())


def test_booklet_default_name_and_refusal_of_an_invalid_plan(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bad = FIXTURES / "plans" / "bad_river_wall.txt"
    code, _, err = run_cli("plan", "print", EXAMPLES[0], bad, "--lang", "en")
    assert code == 1 and "error[river-wall]" in err and not list(tmp_path.iterdir())
    assert run_cli("plan", "print", *EXAMPLES[:2], "--lang", "en")[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["booklet-host-en-a4.pdf"]


def _host_page(tmp_path: Path, text: str, lang: str = "en"):  # type: ignore[no-untyped-def]
    """Write text as a plan, print its host sheet; return (PDF, the sheet, its box in mm)."""
    source = tmp_path / "plan.txt"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "host.pdf"
    code, _, err = run_cli("plan", "print", source, "--lang", lang, "--out", out)
    assert code == 0, err
    bundle, _ = PAPER_LABYRINTH.load(ContentRoots.with_user(None))
    plan = parse_grid(text)
    sheet = host_sheet(plan, "plan", bundle.texts[lang], bundle.players, bundle.ammo, lang)
    single = type(bundle)(bundle.game, bundle.texts, bundle.sheet_texts,
                          (ExamplePlan("plan", plan),))
    job = Job(PAPER_LABYRINTH, HOST_PART, single, lang, "a4")
    placed = impose_job(job, BuildOptions(lang=lang))[0].pieces[0]
    assert host_pieces(single, lang)[0].front == sheet
    return out, sheet, placed


TREASURES = """\
+--+--+--+--+--+
|H  .  .  .  . |
+  +  +  +  +  +
|.  T+ .  T- . |
+  +  +  +  +  +
|.  .  A  .  .
+--+--+--+--+--+
"""


def test_the_two_treasure_marks_differ_on_the_rendered_page(tmp_path):
    pdfium = pytest.importorskip("pypdfium2")
    np = pytest.importorskip("numpy")
    out, sheet, placed = _host_page(tmp_path, TREASURES)
    lay = sheet_layout(sheet, placed.width * 72 / 25.4)
    scale = 4.0
    image = pdfium.PdfDocument(str(out))[0].render(scale=scale).to_numpy().astype(int)
    px = scale * 72 / 25.4

    def cell(r: int, c: int):  # type: ignore[no-untyped-def]
        x = placed.x + lay.plan.x + (c + 0.2) * lay.cell
        y = placed.y + lay.plan.y + (r + 0.2) * lay.cell
        side = round(lay.cell * 0.6 * px)
        top, left = round(y * px), round(x * px)
        return image[top:top + side, left:left + side, :3]

    real, false, land = cell(1, 1), cell(1, 3), cell(1, 2)
    assert real.shape == false.shape == land.shape
    assert np.abs(real - land).mean() > 20 and np.abs(false - land).mean() > 10
    assert np.abs(real - false).mean() > 20


def test_exit_arrow_stands_beyond_the_labels_of_its_side():
    for side in ("top", "left"):
        start, end = exit_arrow_span(side)
        assert start >= LABEL_ROOM and end > start
    plan = parse_grid(TREASURES)
    assert plan_margins(plan)["right"] >= exit_arrow_span("right")[1] + 0.3


def test_hole_labels_follow_the_sheets_alphabet():
    plan = parse_grid(FIXTURES.joinpath("plans", "valid_holes.txt").read_text("utf-8"))
    written = {c.code[0].upper() for row in plan.cells for c in row if c.kind == "hole"}
    english = ravine_letters(plan, "XYZWVUQNJGFE")
    russian = ravine_letters(plan, "ЯЮЭЖИЛФЦШЩДГП")
    assert set(english) == set(russian) == written
    assert not any(CYRILLIC.match(v) for v in english.values())
    assert all(CYRILLIC.match(v) for v in russian.values())
    assert len(set(english.values())) == len(english)


def test_comments_show_in_their_language_only():
    plan = parse_grid("# ru: Пример\n# en: Example\n# A note in English\n# Заметка\n"
                      + TREASURES)
    english = sheet_comments(plan, "en", "XYZ")
    assert english.shown == ["Example", "A note in English"] and english.hidden == 1
    russian = sheet_comments(plan, "ru", "ЯЮЭ")
    assert russian.shown == ["Пример", "A note in English", "Заметка"] and russian.hidden == 0


def test_qr_code_grows_with_the_plan():
    small = write_grid(random_plan(4, 4, seed=1))
    big = write_grid(random_plan(12, 12, seed=1))
    assert qr_side(small) < qr_side(big)


def test_a_big_plan_s_qr_code_keeps_half_millimetre_modules_and_scans(tmp_path):
    import pypdfium2 as pdfium
    import zxingcpp

    from generator.draw.qr import qr_matrix

    text = write_grid(random_plan(12, 12, seed=3))
    modules = len(qr_matrix(text))
    assert modules > 120 and qr_side(text) == pytest.approx(modules * 0.5)  # was 50 mm
    plan = tmp_path / "big.txt"
    plan.write_text(text, encoding="utf-8")
    out = tmp_path / "host.pdf"
    code, _, err = run_cli("plan", "print", plan, "--lang", "en", "--out", out)
    assert code == 0, err
    bitmap = pdfium.PdfDocument(str(out))[0].render(scale=150 / 72).to_numpy()
    (found,) = zxingcpp.read_barcodes(bitmap)
    assert found.text == text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_legend_terms_and_answers_are_the_rulebooks_words(lang):
    bundle, _ = PAPER_LABYRINTH.load(ContentRoots.with_user(None))
    texts = bundle.texts[lang]
    rules = (ROOT / f"content/paper-labyrinth/rules/{lang}.md").read_text("utf-8").lower()
    for key, label in texts.legend.model_dump().items():
        term = label.split(" — ")[0].lower()
        assert term in rules, (key, term)
    for answer in texts.answers:
        for word in re.split(r"\s*[/,]\s*", answer.say):
            word = re.sub(r"\(.*?\)", "", word).replace("…", "").strip().lower()
            assert f"{word}" in rules, word


def test_sheets_of_an_unreadable_plan_say_so_and_write_nothing(tmp_path):
    out = tmp_path / "x.pdf"
    code, _, err = run_cli("plan", "sheets", FIXTURES / "plans" / "bad_syntax_misaligned.txt",
                           "--lang", "en", "--out", out)
    assert code == 1 and "error[syntax]" in err
    assert err.strip().splitlines()[-1] == ("Error: a plan cannot be read: correct the lines "
                                            "above")
    assert not out.exists()


def test_a_host_sheet_for_many_players_gets_a_page_of_positions(tmp_path):
    out = tmp_path / "host.pdf"
    plan = EXAMPLES[0]
    code, _, err = run_cli("plan", "print", plan, "--lang", "en", "--players", "6", "--out", out)
    assert code == 0, err
    pages = PdfReader(out).pages
    assert len(pages) == 2
    first, second = (_flat(p.extract_text()) for p in pages)
    assert "Start" in first and "Where each player is after each round" in second
    assert "Host sheet" in second

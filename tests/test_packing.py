"""Printing just the lost pieces (`--pieces`), a whole set on the fewest sheets (`--pack`),
the print guide, and the packer's geometry on every paper and duplex mode."""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.build import BuildOptions, impose_job, plan_jobs

from conftest import layout_json, pdf_text, run_cli

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BAND = 10.0
GUIDE = "print-guide"


def _file(data: dict) -> dict:
    (f,) = data["files"]
    return f


def _ids(page: dict) -> list[str]:
    return [p["id"] for p in page["pieces"]]


def _sheets(f: dict) -> list[dict]:
    """The front pages that carry pieces (not the print guide)."""
    return [p for p in f["pages"] if p["side"] == "front"
            and not any(q["kind"] == GUIDE for q in p["pieces"])]


def _overlap(a: dict, b: dict) -> bool:
    return not (a["x_mm"] + a["width_mm"] <= b["x_mm"] or b["x_mm"] + b["width_mm"] <= a["x_mm"]
                or a["y_mm"] + a["height_mm"] <= b["y_mm"]
                or b["y_mm"] + b["height_mm"] <= a["y_mm"])


def _band(page: dict, margin: float) -> dict:
    w, h = page["width_mm"], page["height_mm"]
    return {"bottom": {"x_mm": 0, "y_mm": h - margin - BAND, "width_mm": w,
                       "height_mm": BAND + margin},
            "top": {"x_mm": 0, "y_mm": 0, "width_mm": w, "height_mm": margin + BAND},
            "right": {"x_mm": w - margin - BAND, "y_mm": 0, "width_mm": margin + BAND,
                      "height_mm": h},
            "left": {"x_mm": 0, "y_mm": 0, "width_mm": margin + BAND, "height_mm": h},
            }[page["band"]]


# --- --pieces ------------------------------------------------------------------------------


def test_token_14_and_formula_9_print_on_one_sheet_with_their_backs(tmp_path: Path) -> None:
    f = _file(layout_json("magic-labyrinth", "--pieces", "token-14,formula-9", "--lang", "ru"))
    assert f["file"] == "magic-labyrinth/magic-labyrinth-pieces-ru-a4.pdf"
    front, back = f["pages"]
    assert (front["side"], back["side"]) == ("front", "back")
    assert sorted(_ids(front)) == ["formula-9", "token-14"]
    mirrored = {p["id"]: (round(front["width_mm"] - p["x_mm"] - p["width_mm"], 3), p["y_mm"])
                for p in front["pieces"]}
    assert {p["id"]: (p["x_mm"], p["y_mm"]) for p in back["pieces"]} == mirrored

    code, out, err = run_cli("build", "magic-labyrinth", "--pieces", "token-14,formula-9",
                             "--lang", "ru", "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / "magic-labyrinth-pieces-ru-a4.pdf"
    assert out.splitlines() == [f"wrote {pdf}", f"1 file written to {tmp_path}"]
    assert len(PdfReader(pdf).pages) == 2
    text = " ".join(pdf_text(pdf).split())
    assert "Огненная саламандра" in text  # token 14's ingredient
    assert "Карта 9" in text and "Запасные детали" in text


@pytest.mark.parametrize(("selectors", "expected"), [
    (["token-3..7"], ["token-3", "token-4", "token-5", "token-6", "token-7"]),
    (["token-19..25"], ["token-19", "token-20", "token-25"]),
    (["wand:2"], ["wand-1", "wand-2"]),
    (["pawn"], ["pawn-red", "pawn-blue", "pawn-yellow", "pawn-green"]),
    (["card:2", "TOKEN-1"], ["token-1", "formula-1", "formula-2"]),
    (["formula-9", "formula-8..9", "formula-9"], ["formula-8", "formula-9"]),
    (["fixed-a1", "t-1"], ["fixed-A1", "t-1"]),
])
def test_ranges_kinds_counts_and_repeats(selectors: list[str], expected: list[str]) -> None:
    args = [a for s in selectors for a in ("--pieces", s)]
    f = _file(layout_json("magic-labyrinth", *args, "--lang", "en", "--duplex", "none"))
    assert sorted(i for page in f["pages"] for i in _ids(page)) == sorted(expected)


@pytest.mark.parametrize(("args", "message"), [
    (["magic-labyrinth", "--pieces", "token-41"],
     "Error: magic-labyrinth has no piece 'token-41': did you mean token-4, token-1, token-19? "
     "(`labyrinth-pnp layout magic-labyrinth --format text` lists every piece)"),
    (["magic-labyrinth", "--pieces", "wand:13"],
     "Error: 'wand:13': magic-labyrinth has 12 wand pieces (wand-1 … wand-12); ask for 1 to 12"),
    (["magic-labyrinth", "--pieces", "token-30..40"],
     "Error: no piece of magic-labyrinth is in the range 'token-30..40': did you mean token, "
     "token-9, token-8? "
     "(`labyrinth-pnp layout magic-labyrinth --format text` lists every piece)"),
    (["goblin-slayer", "--pieces", "goblin-99"],
     "Error: goblin-slayer has no piece 'goblin-99': did you mean goblin-9, goblin-8, goblin-7? "
     "(`labyrinth-pnp layout goblin-slayer --format text` lists every piece)"),
    (["--pieces", "token-14"],
     "Error: --pieces needs one game, e.g. "
     "`labyrinth-pnp build magic-labyrinth --pieces token-14,formula-9`"),
    (["magic-labyrinth", "--pieces", "token-1", "--pack"],
     "Error: --pieces and --pack do not go together: --pieces prints the pieces you name, "
     "--pack every piece"),
    (["magic-labyrinth", "--pack", "--part", "tokens"],
     "Error: --part does not go with --pieces or --pack: they choose the pieces themselves"),
    (["paper-labyrinth", "--pack"],
     "Error: paper-labyrinth has no pieces to cut out: its parts are sheets, built one file "
     "each by `labyrinth-pnp build`"),
])
def test_wrong_pieces_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    code, out, err = run_cli("build", *args, "--out", tmp_path / "out")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("game", "selector", "kinds"), [
    ("goblin-slayer", "goblin:2,entrance", {"counter": 2, "location": 1}),
    ("paper-labyrinth", "player-sheet", {"player-sheet": None}),  # one piece a page
    ("magic-labyrinth", "score-sheet,t-5", {"score-sheet": 1, "tile": 1}),
])
def test_every_game_prints_chosen_pieces(tmp_path: Path, game: str, selector: str,
                                         kinds: dict[str, int | None]) -> None:
    f = _file(layout_json(game, "--pieces", selector, "--lang", "en"))
    found: dict[str, int] = {}
    for page in f["pages"]:
        if page["side"] == "front":
            for p in page["pieces"]:
                found[p["kind"]] = found.get(p["kind"], 0) + 1
    assert set(found) == set(kinds)
    assert all(n is None or found[k] == n for k, n in kinds.items())
    code, _, err = run_cli("build", game, "--pieces", selector, "--lang", "en", "--out",
                           tmp_path)
    assert code == 0, err
    assert (tmp_path / game / f"{game}-pieces-en-a4.pdf").exists()


# --- --pack and denser parts ---------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "most"), [("magic-labyrinth", 7), ("goblin-slayer", 6)])
def test_pack_prints_every_piece_on_few_sheets(paper: str, game: str, most: int) -> None:
    f = _file(layout_json(game, "--pack", "--paper", paper, "--lang", "en"))
    assert f["file"] == f"{game}/{game}-all-en-{paper}.pdf"
    assert _ids(f["pages"][0]) == [GUIDE]
    sheets = _sheets(f)
    assert len(sheets) <= most
    placed = [i for page in sheets for i in _ids(page)]
    assert len(placed) == len(set(placed))
    every = layout_json(game, "--paper", paper, "--lang", "en")
    cut_out = {p["id"] for g in every["files"] for page in g["pages"] if page["side"] == "front"
               for p in page["pieces"] if p["kind"] not in (
                   GUIDE, "score-sheet", "setup-diagram", "player-aid")}
    assert set(placed) == cut_out


def test_magic_pack_counts() -> None:
    """21 tokens, 21 cards, 28 counters, 50 tiles; the sheets with backs come first."""
    f = _file(layout_json("magic-labyrinth", "--pack", "--lang", "ru"))
    kinds: dict[str, int] = {}
    for page in _sheets(f):
        for p in page["pieces"]:
            kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
    assert kinds == {"token": 21, "card": 21, "counter": 28, "tile-fixed": 16, "tile": 34}
    sides = "".join(p["side"][0] for p in f["pages"])
    assert re.fullmatch(r"fb(fb)+f+", sides), sides  # guide, backed sheets, one-sided sheets


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_formula_cards_nine_a_page(paper: str) -> None:
    data = layout_json("magic-labyrinth", "--part", "formulas", "--paper", paper, "--lang", "en")
    f = _file(data)
    assert [len(p["pieces"]) for p in _sheets(f)] == [9, 9, 3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_goblin_locations_two_a_page(paper: str) -> None:
    f = _file(layout_json("goblin-slayer", "--part", "locations", "--paper", paper, "--lang",
                          "en"))
    assert [len(p["pieces"]) for p in _sheets(f)] == [2, 2, 2, 2, 1]


# --- geometry of every packed layout ------------------------------------------------------


LAYOUTS = [("magic-labyrinth", ["--pack"]), ("goblin-slayer", ["--pack"]),
           ("magic-labyrinth", ["--pieces", "token-14,formula-9,wand:3,t-1..6"]),
           ("goblin-slayer", ["--pieces", "counter:5,edge-1"])]


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("game", "args"), LAYOUTS)
def test_packed_pieces_never_overlap_stay_inside_and_backs_mirror(
        game: str, args: list[str], paper: str, duplex: str) -> None:
    f = _file(layout_json(game, *args, "--paper", paper, "--duplex", duplex, "--lang", "en"))
    margin = f["margin_mm"]
    pages = f["pages"]
    w, h = PAPER_MM[paper]
    for page in pages:
        assert (page["width_mm"], page["height_mm"]) == (w, h)
        for p in page["pieces"]:
            assert margin - 1e-6 <= p["x_mm"] and p["x_mm"] + p["width_mm"] <= w - margin + 1e-6
            assert margin - 1e-6 <= p["y_mm"] and p["y_mm"] + p["height_mm"] <= h - margin + 1e-6
            assert not _overlap(p, _band(page, margin)), (p["id"], page["band"])
        for a, b in combinations(page["pieces"], 2):
            assert not _overlap(a, b), (a["id"], b["id"])
    if duplex == "none":
        assert all(p["side"] == "front" for p in pages)
        return
    for i, page in enumerate(pages):
        if page["side"] != "back" or _ids(page) == ["blank-back"]:
            continue
        front = pages[i - 1]
        expect = {}
        for p in front["pieces"]:
            if duplex == "long":
                expect[p["id"]] = (round(w - p["x_mm"] - p["width_mm"], 3), p["y_mm"])
            else:
                expect[p["id"]] = (p["x_mm"], round(h - p["y_mm"] - p["height_mm"], 3))
        backs = {p["id"]: (p["x_mm"], p["y_mm"]) for p in page["pieces"]}
        assert backs and all(expect[k] == v for k, v in backs.items())


@pytest.mark.parametrize("bleed", [0.0, 3.0])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_never_touch_any_piece_of_any_block(paper: str, bleed: float) -> None:
    """Blocks of different pieces share pages now: no mark may reach a neighbour's art."""
    pages = []
    for extra in ({"pack": True}, {}):
        options = BuildOptions(games=("magic-labyrinth", "goblin-slayer"), paper=paper,
                               bleed=bleed, **extra)  # type: ignore[arg-type]
        jobs, _ = plan_jobs(options, drawing=False)
        for job in jobs:
            if job.part.render is None:
                pages += impose_job(job, options)
    marked = [p for p in pages if p.marks]
    assert len(marked) > 10
    for page in marked:
        for m in page.marks:
            for p in page.pieces:
                left, right = p.x - bleed, p.x + p.width + bleed
                top, bottom = p.y - bleed, p.y + p.height + bleed
                crosses = (max(m.x1, m.x2) > left + 1e-9 and min(m.x1, m.x2) < right - 1e-9
                           and max(m.y1, m.y2) > top + 1e-9 and min(m.y1, m.y2) < bottom - 1e-9)
                assert not crosses, (p.spec.id, m)
            assert 0 <= min(m.x1, m.x2) and max(m.x1, m.x2) <= page.width
            assert 0 <= min(m.y1, m.y2) and max(m.y1, m.y2) <= page.height


# --- the print guide -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_pack_opens_with_a_print_guide(tmp_path: Path, lang: str) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--pack", "--lang", lang, "--out",
                           tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / f"magic-labyrinth-all-{lang}-a4.pdf"
    reader = PdfReader(pdf)
    guide = " ".join(reader.pages[0].extract_text().split())
    blank = " ".join(reader.pages[1].extract_text().split())
    layout = _file(layout_json("magic-labyrinth", "--pack", "--lang", lang))
    sheets = len(_sheets(layout))
    assert len(reader.pages) == len(layout["pages"])
    if lang == "en":
        assert guide.startswith("Magic Labyrinth: every piece, on the fewest sheets")
        assert f"Sheets in all: {sheets} (card stock: {sheets}, plain paper: 0)." in guide
        assert "flipping on the long edge" in guide
        assert "Sheet What is on it Paper Sides Cutting" in guide
        assert "Secret formula cards: 9" in guide and "both sides" in guide
        assert "labyrinth-pnp build magic-labyrinth --pieces formula-1 --lang en" in guide
        assert "This side stays blank" in blank
        assert not re.search("[а-яА-ЯёЁ]", guide)
    else:
        assert guide.startswith("Волшебный лабиринт: все детали")
        assert f"Всего листов: {sheets}" in guide and "Карты секретных формул: 9" in guide
        assert "Эта сторона остаётся чистой" in blank


def test_default_build_has_a_print_guide_per_game_and_language(tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "print-guide", "--lang", "en",
                           "--out", tmp_path)
    assert code == 0, err
    text = " ".join(pdf_text(tmp_path / "magic-labyrinth"
                             / "magic-labyrinth-print-guide-en-a4.pdf").split())
    assert text.startswith("Magic Labyrinth: how to print")
    for part in ("tokens", "formulas", "counters", "score-sheet", "tiles", "rules"):
        assert f"magic-labyrinth-{part}-en-a4.pdf" in text
    assert "Secret formula cards magic-labyrinth-formulas-en-a4.pdf 3 card, 200–300 g/m² " \
           "both sides" in text
    assert "Score sheet magic-labyrinth-score-sheet-en-a4.pdf 1 plain paper one side no " \
           "cutting" in text
    # the rulebook's 12 pages count as sheets of plain paper too
    assert "Rulebook magic-labyrinth-rules-en-a4.pdf 12 plain paper one side" in text
    assert "Sheets in all: 22 (card stock: 8, plain paper: 14)." in text


def test_text_layout_names_every_piece_a_user_can_ask_for() -> None:
    code, out, err = run_cli("layout", "goblin-slayer", "--part", "counters", "--lang", "en",
                             "--format", "text")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "goblin-slayer/goblin-slayer-counters-en-a4.pdf: 1 page"
    assert lines[1].startswith("  page 1 (front): 18 pieces: stormbeard, goblin-1, goblin-2,")


def test_the_paper_game_guide_lists_its_sheets_and_offers_no_piece_to_reprint(
        tmp_path: Path) -> None:
    code, _, err = run_cli("build", "paper-labyrinth", "--part", "print-guide", "--lang", "en",
                           "--out", tmp_path)
    assert code == 0, err
    text = " ".join(pdf_text(tmp_path / "paper-labyrinth"
                             / "paper-labyrinth-print-guide-en-a4.pdf").split())
    assert re.search(r"paper-labyrinth-player-sheet-en-a4\.pdf \d+ plain paper one side no "
                     r"cutting", text)
    assert "card stock: 0" in text and "Lost a piece" not in text

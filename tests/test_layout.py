"""The imposed geometry, read from `labyrinth-pnp layout --format json`, in millimetres."""

from __future__ import annotations

from itertools import combinations

import pytest

from generator.layout.imposition import PAPERS, PieceSpec, SheetOptions, impose

from conftest import layout_json

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
FOOTER_BAND = 10.0


def _fronts(data, part):
    (f,) = [f for f in data["files"] if f["part"] == part and f["lang"] == "ru"]
    return f


def _overlap(a, b) -> bool:
    return not (a["x_mm"] + a["width_mm"] <= b["x_mm"] or b["x_mm"] + b["width_mm"] <= a["x_mm"]
                or a["y_mm"] + a["height_mm"] <= b["y_mm"]
                or b["y_mm"] + b["height_mm"] <= a["y_mm"])


def _in_band(piece, page, margin) -> bool:
    """Whether a piece reaches into the page's furniture band (ruler, note, footer)."""
    w, h = page["width_mm"], page["height_mm"]
    band = {"bottom": {"x_mm": 0, "y_mm": h - margin - FOOTER_BAND, "width_mm": w,
                       "height_mm": FOOTER_BAND + margin},
            "top": {"x_mm": 0, "y_mm": 0, "width_mm": w, "height_mm": margin + FOOTER_BAND},
            "right": {"x_mm": w - margin - FOOTER_BAND, "y_mm": 0,
                      "width_mm": margin + FOOTER_BAND, "height_mm": h},
            "left": {"x_mm": 0, "y_mm": 0, "width_mm": margin + FOOTER_BAND, "height_mm": h},
            }[page["band"]]
    return _overlap(piece, band)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tokens_are_21_circles_of_25mm(paper):
    f = _fronts(layout_json("magic-labyrinth", "--part", "tokens", "--paper", paper), "tokens")
    fronts = [p for page in f["pages"] if page["side"] == "front" for p in page["pieces"]]
    assert len(fronts) == 21
    assert {(p["shape"], p["width_mm"], p["height_mm"]) for p in fronts} == {("circle", 25, 25)}
    assert sorted(p["id"] for p in fronts) == sorted(
        [f"token-{n}" for n in [*range(1, 21), 25]])


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_formula_cards_are_21_cards_of_63_by_88mm(paper):
    f = _fronts(layout_json("magic-labyrinth", "--part", "formulas", "--paper", paper),
                "formulas")
    fronts = [p for page in f["pages"] if page["side"] == "front" for p in page["pieces"]]
    assert len(fronts) == 21
    assert {(p["kind"], p["shape"], p["width_mm"], p["height_mm"]) for p in fronts} == {
        ("card", "rect", 63, 88)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", ["tokens", "formulas", "counters", "score-sheet", "tiles"])
def test_pieces_stay_inside_the_margins_and_never_overlap(paper, part):
    data = layout_json("magic-labyrinth", "--part", part, "--paper", paper)
    for f in data["files"]:
        margin = f["margin_mm"]
        assert margin >= 5
        for page in f["pages"]:
            w, h = PAPER_MM[paper]
            assert (page["width_mm"], page["height_mm"]) == (w, h)
            for p in page["pieces"]:
                assert p["x_mm"] >= margin - 1e-6
                assert p["y_mm"] >= margin - 1e-6
                assert p["x_mm"] + p["width_mm"] <= w - margin + 1e-6
                assert p["y_mm"] + p["height_mm"] <= h - margin + 1e-6
                assert not _in_band(p, page, margin), (p["id"], page["band"])
            for a, b in combinations(page["pieces"], 2):
                assert not _overlap(a, b), (a["id"], b["id"])


@pytest.mark.parametrize("part", ["tokens", "formulas"])
def test_each_back_page_mirrors_its_front_for_long_edge_flipping(part):
    f = _fronts(layout_json("magic-labyrinth", "--part", part), part)
    pages = f["pages"]
    assert [p["side"] for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front, back in zip(pages[::2], pages[1::2]):
        assert back["number"] == front["number"] + 1
        mirrored = {p["id"]: (round(front["width_mm"] - p["x_mm"] - p["width_mm"], 3), p["y_mm"])
                    for p in front["pieces"]}
        assert {p["id"]: (p["x_mm"], p["y_mm"]) for p in back["pieces"]} == mirrored


def test_short_edge_backs_mirror_top_to_bottom():
    f = _fronts(layout_json("magic-labyrinth", "--part", "formulas", "--duplex", "short"),
                "formulas")
    front, back = f["pages"][0], f["pages"][1]
    expect = {p["id"]: (p["x_mm"], round(front["height_mm"] - p["y_mm"] - p["height_mm"], 3))
              for p in front["pieces"]}
    assert {p["id"]: (p["x_mm"], p["y_mm"]) for p in back["pieces"]} == expect


def test_duplex_none_has_no_back_pages():
    f = _fronts(layout_json("magic-labyrinth", "--part", "tokens", "--duplex", "none"), "tokens")
    assert [p["side"] for p in f["pages"]] == ["front"]


def test_counters_sheet_has_wands_pawns_and_markers():
    f = _fronts(layout_json("magic-labyrinth", "--part", "counters"), "counters")
    ids = [p["id"] for page in f["pages"] for p in page["pieces"]]
    assert sum(i.startswith("wand-") for i in ids) == 12
    assert [i for i in ids if i.startswith("pawn-")] == [
        "pawn-red", "pawn-blue", "pawn-yellow", "pawn-green"]
    assert sum(i.startswith("marker-") for i in ids) == 12
    assert all(p["side"] == "front" for p in f["pages"])


def test_a4_holds_nine_cards_a_page_and_bleed_spaces_them_apart():
    plain = _fronts(layout_json("magic-labyrinth", "--part", "formulas"), "formulas")
    assert [len(p["pieces"]) for p in plain["pages"] if p["side"] == "front"] == [9, 9, 3]
    bled = _fronts(layout_json("magic-labyrinth", "--part", "formulas", "--bleed", "3mm"),
                   "formulas")
    page = bled["pages"][0]["pieces"]
    xs = sorted({p["x_mm"] for p in page})
    assert xs[1] - xs[0] == pytest.approx(63 + 6)  # 2 × 3 mm bleed between neighbours


def test_crop_marks_never_touch_a_piece():
    spec = [PieceSpec("card", f"c{i}", "rect", 63, 88, 1, 1) for i in range(9)]
    for bleed in (0.0, 3.0):
        front = impose(spec, SheetOptions(PAPERS["a4"], bleed=bleed))[0]
        assert front.marks
        for m in front.marks:
            for p in front.pieces:
                left, right = p.x - bleed, p.x + p.width + bleed
                top, bottom = p.y - bleed, p.y + p.height + bleed
                inside_x = left < min(m.x1, m.x2) + 1e-9 and max(m.x1, m.x2) < right + 1e-9
                inside_y = top < min(m.y1, m.y2) + 1e-9 and max(m.y1, m.y2) < bottom + 1e-9
                crosses = (max(m.x1, m.x2) > left and min(m.x1, m.x2) < right
                           and max(m.y1, m.y2) > top and min(m.y1, m.y2) < bottom)
                assert not crosses and not (inside_x and inside_y)


def test_margin_below_five_mm_is_refused():
    with pytest.raises(ValueError, match="below the 5 mm minimum"):
        SheetOptions(PAPERS["a4"], margin=4.0)

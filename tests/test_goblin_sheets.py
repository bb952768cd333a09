"""Goblin Slayer sheets from `build goblin-slayer`: geometry and text."""

from __future__ import annotations

from itertools import combinations

import pytest

from conftest import layout_json, pdf_fonts, pdf_text, run_cli

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _pieces(paper: str, part: str) -> list[tuple[dict, dict]]:
    data = layout_json("goblin-slayer", "--part", part, "--paper", paper, "--lang", "ru")
    (f,) = data["files"]
    return [(page, p) for page in f["pages"] for p in page["pieces"]]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_hex_locations_two_per_page_inside_the_margins(paper):
    pieces = _pieces(paper, "locations")
    assert len(pieces) == 9
    per_page: dict[int, int] = {}
    for page, _ in pieces:
        per_page[page["number"]] = per_page.get(page["number"], 0) + 1
    assert list(per_page.values()) == [2, 2, 2, 2, 1]
    w, h = PAPER_MM[paper]
    for page, p in pieces:
        assert (p["kind"], p["shape"]) == ("location", "hex")
        assert 10 <= p["x_mm"] and p["x_mm"] + p["width_mm"] <= w - 10
        assert 10 <= p["y_mm"] and p["y_mm"] + p["height_mm"] <= h - 20
        assert page["side"] == "front"
    ids = [p["id"] for _, p in pieces]
    assert {"entrance", "centre", "centre-open", "edge-blocked"} <= set(ids)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_eighteen_round_counters_none_overlapping(paper):
    pieces = _pieces(paper, "counters")
    counters = [p for _, p in pieces]
    assert len(counters) == 18
    assert {(p["shape"], p["width_mm"]) for p in counters} == {("circle", 20)}
    for a, b in combinations(counters, 2):
        apart_x = a["x_mm"] + 20 <= b["x_mm"] or b["x_mm"] + 20 <= a["x_mm"]
        apart_y = a["y_mm"] + 20 <= b["y_mm"] or b["y_mm"] + 20 <= a["y_mm"]
        assert apart_x or apart_y
    ids = [p["id"] for p in counters]
    assert sum(i.startswith("goblin-") for i in ids) == 12
    assert sum(i.startswith("hero-stone") for i in ids) == 3


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_build_goblin_slayer_writes_every_part_in_each_language(tmp_path, paper):
    code, _, err = run_cli("build", "goblin-slayer", "--paper", paper, "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "goblin-slayer"
    assert sorted(p.name for p in folder.glob("*.pdf")) == sorted(
        f"goblin-slayer-{part}-{lang}-{paper}.pdf"
        for part in ("locations", "counters", "player-aid", "rules", "print-guide")
        for lang in ("ru", "en", "uk"))
    text = " ".join(pdf_text(folder / f"goblin-slayer-counters-ru-{paper}.pdf").split())
    assert "Штормбород" in text and "Гоблин" in text
    text = " ".join(pdf_text(folder / f"goblin-slayer-counters-uk-{paper}.pdf").split())
    assert "Штормобород" in text and "Гоблін" in text
    aid = " ".join(pdf_text(folder / f"goblin-slayer-player-aid-en-{paper}.pdf").split())
    assert "Stormbeard moves" in aid and "Monsters attack" in aid
    for f in folder.glob("*.pdf"):
        for font in pdf_fonts(f):
            assert "+" in str(font["/BaseFont"])

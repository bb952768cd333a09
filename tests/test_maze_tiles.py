"""«Волшебный лабиринт» maze tiles: the 50 tiles, the fixed layout, the set-up diagram."""

from __future__ import annotations

import pytest

from generator.content.magic import load_magic
from generator.content.paths import ContentRoots
from generator.layout import maze

from conftest import layout_json, pdf_text, run_cli


@pytest.fixture(scope="module")
def content():
    loaded, problems = load_magic(ContentRoots())
    assert problems == []
    return loaded


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_layout_lists_50_square_tiles_of_45mm_without_back_pages(paper):
    data = layout_json("magic-labyrinth", "--part", "tiles", "--paper", paper, "--lang", "en")
    (f,) = data["files"]
    assert {p["side"] for p in f["pages"]} == {"front"}
    pieces = [p for page in f["pages"] for p in page["pieces"]]
    tiles = [p for p in pieces if p["kind"] in ("tile", "tile-fixed")]
    assert len(tiles) == 50
    assert sum(p["kind"] == "tile-fixed" for p in tiles) == 16
    assert {(p["shape"], p["width_mm"], p["height_mm"]) for p in tiles} == {("rect", 45, 45)}
    assert [p["id"] for p in pieces if p["kind"] == "setup-diagram"] == ["setup-diagram"]


def test_fixed_tiles_follow_the_rules_layout(content):
    tiles = maze.fixed_tiles(content.game.fixed_rows, content.game.board.starts)
    by_square = {t.square: t.open for t in tiles}
    assert by_square["A1"] == frozenset("ES")
    assert by_square["C3"] == frozenset("NES")  # ├
    assert by_square["E3"] == frozenset("EWS")  # ┬
    assert by_square["G7"] == frozenset("NW")  # ┘
    for (r, c), t in zip(maze.fixed_squares(), tiles):
        assert not t.open & maze.edge_walls(r, c), t.square  # nothing opens off the board
    assert {t.square: t.start for t in tiles if t.start} == {
        "A1": "red", "G1": "blue", "G7": "yellow", "A7": "green"}


def test_inner_fixed_tiles_form_a_pinwheel(content):
    tiles = {t.square: t.open for t in maze.fixed_tiles(content.game.fixed_rows, {})}
    turn = {"N": "E", "E": "S", "S": "W", "W": "N"}
    ring = ["C3", "E3", "E5", "C5"]  # a quarter turn clockwise maps each onto the next
    for a, b in zip(ring, ring[1:] + ring[:1]):
        assert frozenset(turn[s] for s in tiles[a]) == tiles[b]


def test_loose_tile_counts_come_from_content(content):
    loose = maze.loose_tiles(content.game.tiles.model_dump())
    assert len(loose) == 34
    assert sum(t.open == frozenset("NS") for t in loose) == 13
    assert sum(len(t.open) == 3 for t in loose) == 6


def test_board_geometry_helpers():
    assert len(maze.token_squares()) == 21
    assert len(maze.insertion_points()) == 12
    assert maze.square_name(3, 5) == "E3"


def test_tiles_pdf_names_every_fixed_square_and_the_setup(tmp_path):
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tiles", "--lang", "ru",
                           "--paper", "letter", "--out", tmp_path)
    assert code == 0, err
    text = pdf_text(tmp_path / "magic-labyrinth" / "magic-labyrinth-tiles-ru-letter.pdf")
    for r, c in maze.fixed_squares():
        assert maze.square_name(r, c) in text
    assert "Расстановка на поле 7 × 7" in text


def test_a_fixed_tile_opening_off_the_board_is_an_error(tmp_path):
    folder = tmp_path / "magic-labyrinth"
    folder.mkdir()
    from conftest import FIXTURES

    game = (FIXTURES.parent.parent / "content/magic-labyrinth/game.yaml").read_text("utf-8")
    (folder / "game.yaml").write_text(game.replace('"┌ ┬ ┬ ┐"', '"┼ ┬ ┴ ┐"'), "utf-8")
    code, _, err = run_cli("check", "--content", tmp_path)
    assert code == 1
    lines = [line.split("game.yaml:", 1)[1] for line in err.splitlines() if "game.yaml:" in line]
    assert lines == [
        "25:7: square A1: unknown glyph '┼': use one of ┌ ┐ └ ┘ ├ ┤ ┬ ┴ │ ─",
        "25:7: square E1: '┴' opens off the board to the N: turn it so its wall faces the edge",
    ]

"""Loading the three Goblin Slayer files: the bundled content, fallbacks and located problems."""

from __future__ import annotations

from pathlib import Path

from generator.content.goblin import GoblinContent
from generator.content.goblin_files import load_goblin_content, parse_hex
from generator.goblin.hexgrid import edge

from .helpers import FIXTURES, fixture_messages


def test_bundled_content_loads_with_the_facts(bundled: GoblinContent) -> None:
    facts = bundled.game.facts
    assert bundled.location("entrance").name["ru"] == "Ворота Снарлсбада"
    assert bundled.location("entrance").name["en"] == "Snarlsbad Gate"
    assert (bundled.game.players, bundled.game.minutes) == (2, 15)
    assert (facts.goblins, facts.hero_stones, facts.locations, facts.locations_in_game) == (
        12, 3, 9, 7)
    assert (facts.stormbeard_move, facts.goblin_move, facts.ogre_move) == (2, 1, 2)
    assert (facts.start_stones, facts.tunnels) == (1, 6)
    assert bundled.counter_size_mm == 20.0
    counts = {c.id: c.count for c in bundled.counters.counters}
    assert sum(counts.values()) == 18
    assert len(bundled.locations) == 9
    kinds = sorted(loc.kind for loc in bundled.locations)
    assert kinds == ["blocked-edge", "centre", "edge", "edge", "edge", "edge", "edge",
                     "entrance", "open-centre"]


def test_walls_are_shared_edges_and_closed_sides_expand(bundled: GoblinContent) -> None:
    entrance = bundled.location("entrance")
    assert edge((-1, 2), 3) in entrance.walls  # "-1,2": W
    assert edge((-2, 2), 0) in entrance.walls  # the same wall seen from the other hex
    # The door's opening is left out of the closed 6 o'clock side.
    assert entrance.doorway and not entrance.doorway & entrance.walls
    assert entrance.hexes_with("door") == [(-1, 2)]


def test_parse_hex() -> None:
    assert parse_hex("1,-2") == (1, -2)
    assert parse_hex(" -1 , 0 ") == (-1, 0)
    assert parse_hex("1;2") is None


def test_first_root_with_the_file_wins_file_by_file() -> None:
    content, problems = load_goblin_content([FIXTURES / "only_locations", Path("content")])
    assert problems == []
    assert content is not None
    assert content.locations_file == f"{FIXTURES}/only_locations/goblin-slayer/locations.yaml"
    assert content.location("edge-1").kind == "edge"  # from the fixture's locations.yaml
    assert content.game.facts.goblins == 12  # from the bundled game.yaml


def test_missing_files_are_problems() -> None:
    content, problems = load_goblin_content([FIXTURES / "only_locations"])
    assert content is None
    assert [p.format() for p in problems] == [
        "tests/fixtures/goblin/only_locations/goblin-slayer/game.yaml:1:1: file not found: "
        "create goblin-slayer/game.yaml in a content directory",
        "tests/fixtures/goblin/only_locations/goblin-slayer/counters.yaml:1:1: file not found: "
        "create goblin-slayer/counters.yaml in a content directory",
    ]


def test_loader_reports_every_problem_with_its_position() -> None:
    loc = "tests/fixtures/goblin/bad_loader/goblin-slayer/locations.yaml"
    cnt = "tests/fixtures/goblin/bad_loader/goblin-slayer/counters.yaml"
    assert fixture_messages("bad_loader") == [
        f"{loc}:17:5: unknown key 'colour': remove it or correct its spelling",
        f"{cnt}:2:7: cannot read length '20px': write a number and a unit, e.g. '25mm', "
        "'2.5cm', '1in'",
        f"{loc}:9:7: 'a,b' is not a hex: write it as 'q,r', e.g. '1,-2'",
        f"{loc}:10:14: unknown side 'N' of hex (0,0): use E, SE, SW, W, NW, NE",
        f"{loc}:12:9: location id 'entrance' is used twice (first as location 1): rename one",
        f"{cnt}:5:12: counter 'goblin' has count 11 but game.yaml says goblins: 12: make them "
        "agree",
        "content/goblin-slayer/game.yaml:10:14: facts say 9 locations but locations.yaml has 3: "
        "make them agree",
    ]

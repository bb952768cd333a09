"""The cave check: per-location rules and reachability over every legal assembly."""

from __future__ import annotations

from itertools import islice

import pytest

from generator.content.goblin import GoblinContent
from generator.goblin import hexgrid as hg
from generator.goblin.cave import (
    Assembly,
    assemble,
    check_cave,
    components,
    legal_assemblies,
    reachable,
)

from .helpers import fixture_messages

F = "tests/fixtures/goblin"


def test_bundled_content_passes_the_cave_check(bundled: GoblinContent) -> None:
    assert [p.format() for p in check_cave(bundled)] == []


def test_there_are_5040_legal_assemblies(bundled: GoblinContent) -> None:
    # centre: 6 turns × 5! orders; OPEN centre: 6 turns × 6·5·4·3·2 orders of 5 of 6 edges
    assemblies = list(legal_assemblies(bundled))
    assert len(assemblies) == 6 * 120 + 6 * 720
    assert len(set(assemblies)) == len(assemblies)
    assert not any(a.centre == "centre" and "edge-blocked" in a.edges for a in assemblies)


def test_every_assembled_cave_is_closed_except_the_door(bundled: GoblinContent) -> None:
    for assembly in islice(legal_assemblies(bundled), 0, None, 97):
        cave = assemble(bundled, assembly)
        assert len(cave.origin) == 133
        openings = [(h, d) for h, d in hg.outline(cave.origin) if hg.edge(h, d) not in cave.walls]
        assert openings and {h for h, _ in openings} == {cave.door}
        assert reachable(cave) == set(cave.origin)


def test_the_entrance_door_is_at_the_bottom_of_the_cave(bundled: GoblinContent) -> None:
    cave = assemble(bundled, next(legal_assemblies(bundled)))
    assert cave.door == hg.add((-1, 2), hg.SLOT_OFFSETS[0])
    assert cave.origin[cave.door] == ("entrance", (-1, 2))


def test_edges_are_turned_so_their_outer_sides_face_out(bundled: GoblinContent) -> None:
    assembly = Assembly("centre", 2, ("edge-1", "edge-2", "edge-3", "edge-4", "edge-5"),
                        "entrance")
    cave = assemble(bundled, assembly)
    # slot 3 is at 12 o'clock of the cave, so edge-3 is upside down: its (0,2) is on top.
    assert cave.origin[hg.add(hg.rotate((0, 2), 3), hg.SLOT_OFFSETS[3])] == ("edge-3", (0, 2))
    top = min(cave.origin, key=lambda h: hg.centre_mm(h, 1.0)[1])
    assert cave.origin[top][0] == "edge-3"


def test_components_split_a_location_at_its_walls(bundled: GoblinContent) -> None:
    assert [len(r) for r in components(bundled.location("centre"))] == [19]


def test_fast_check_agrees_with_walking_every_hex() -> None:
    from pathlib import Path

    from generator.content.goblin_files import load_goblin_content

    content, _ = load_goblin_content([Path(F) / "bad_unreachable_turned", Path("content")])
    assert content is not None
    lost = 0
    for assembly in legal_assemblies(content):
        if assembly.centre == "centre-open":
            cave = assemble(content, assembly)
            lost += len(set(cave.origin) - reachable(cave))
    assert lost == 600  # the one hex, in 600 assemblies, as the check below reports


CASES = {
    "valid": [],
    "bad_open_boundary": [
        f"{F}/bad_open_boundary/goblin-slayer/locations.yaml:27:5: location 'edge-2': its 8 "
        "o'clock side is part of the cave's outer wall but has no walls: add 8 to "
        "'closed_sides'"],
    "bad_unreachable_hex": [
        f"{F}/bad_unreachable_hex/goblin-slayer/locations.yaml:37:7: location 'edge-3': hex "
        "(2,-1) cannot be reached from the door in any assembly: open a wall on one of its "
        "sides"],
    "bad_unreachable_turned": [
        f"{F}/bad_unreachable_turned/goblin-slayer/locations.yaml:19:7: location 'centre-open': "
        "hex (0,-2) cannot be reached from the door in 600 of 4320 assemblies, e.g. centre "
        "'centre-open' turned 0°, edges edge-1, edge-2, edge-blocked, edge-3, edge-4 clockwise "
        "from the entrance: open a wall on one of its sides"],
    "bad_missing_tunnel": [
        f"{F}/bad_missing_tunnel/goblin-slayer/locations.yaml:31:9: location 'edge-3': no "
        "tunnel entrance: add one under 'features', e.g. '0,0: tunnel'"],
    "bad_second_tunnel": [
        f"{F}/bad_second_tunnel/goblin-slayer/locations.yaml:36:7: location 'edge-3': a second "
        "tunnel entrance at hex (1,1) (the first is at hex (0,0)): keep one"],
    "bad_second_door": [
        f"{F}/bad_second_door/goblin-slayer/locations.yaml:8:7: location 'entrance': a second "
        "door at hex (0,2) (the first is at hex (-1,2)): keep one"],
    "bad_door_inside": [
        f"{F}/bad_door_inside/goblin-slayer/locations.yaml:7:7: location 'entrance': the door "
        "at hex (1,-1) is not on the outer side of the cave (4, 6 or 8 o'clock): move it to a "
        "hex of the outer ring, e.g. (-1,2)"],
    "bad_walled_door": [
        f"{F}/bad_walled_door/goblin-slayer/locations.yaml:9:7: location 'entrance': the door "
        "at hex (-1,2) is walled up on its SE side: remove that wall"],
    "bad_hex_off_location": [
        f"{F}/bad_hex_off_location/goblin-slayer/locations.yaml:37:7: location 'edge-3': hex "
        "(3,0) is not on the location: its 19 hexes have |q|, |r| and |q+r| at most 2"],
    "bad_blocked_edge_open": [
        f"{F}/bad_blocked_edge_open/goblin-slayer/locations.yaml:51:5: location "
        "'edge-blocked': a BLOCKED edge is solid rock towards the centre, but its 12 o'clock "
        "side has no walls: add 12 to 'closed_sides'"],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cave_check_messages(name: str) -> None:
    assert fixture_messages(name) == CASES[name]


def test_partly_open_side_names_the_gaps(bundled: GoblinContent) -> None:
    from dataclasses import replace

    from generator.goblin.cave import check_location

    edge1 = bundled.location("edge-1")
    gap = hg.edge((0, 2), 1)  # the SE side of (0,2): on the 6 o'clock side
    broken = replace(edge1, walls=edge1.walls - {gap})
    [problem] = check_location(broken)
    assert problem.message == (
        "location 'edge-1': its 6 o'clock side is part of the cave's outer wall but has no wall "
        "at hex (0,2) SE: add 6 to 'closed_sides'")


def test_composition_needs_one_entrance(bundled: GoblinContent) -> None:
    from dataclasses import replace

    locations = tuple(loc for loc in bundled.locations if loc.kind != "entrance")
    messages = [p.message for p in check_cave(replace(bundled, locations=locations))]
    assert messages == ["the cave needs 1 location(s) of kind 'entrance', found 0: add one"]

"""Hex geometry: directions, rotation, shared edges, the 19-hex location and the 7-tile cave."""

from __future__ import annotations

import math

import pytest

from generator.goblin import hexgrid as hg


def test_directions_run_clockwise_and_opposites_cancel() -> None:
    for d in range(6):
        assert hg.add(hg.DIRECTIONS[d], hg.DIRECTIONS[(d + 3) % 6]) == (0, 0)
        assert hg.rotate(hg.DIRECTIONS[d]) == hg.DIRECTIONS[(d + 1) % 6]


def test_rotation_six_times_is_identity_and_keeps_distance() -> None:
    for h in hg.cluster(3):
        assert hg.rotate(h, 6) == h
        assert hg.distance(hg.rotate(h, 1)) == hg.distance(h)
        assert hg.rotate(hg.rotate(h, 2), -2) == h


def test_an_edge_is_the_same_thing_from_both_sides() -> None:
    for h in hg.cluster(2):
        for d in range(6):
            n = hg.neighbour(h, d)
            assert hg.edge(h, d) == hg.edge(n, d + 3)
            assert set(hg.edge_hexes(hg.edge(h, d))) == {h, n}


def test_rotated_edge_matches_rotated_hexes() -> None:
    e = hg.edge((1, -1), 4)
    a, b = hg.edge_hexes(hg.rotate_edge(e, 2))
    assert {a, b} == {hg.rotate(x, 2) for x in hg.edge_hexes(e)}


def test_location_has_19_hexes_and_30_outline_edges() -> None:
    assert len(hg.LOCATION_HEXES) == 19
    assert len(list(hg.outline(hg.LOCATION_HEXES))) == 30


def test_seven_locations_tile_133_hexes_without_overlap() -> None:
    hexes = set(hg.LOCATION_HEXES)
    for offset in hg.SLOT_OFFSETS:
        assert offset[0] ** 2 + offset[0] * offset[1] + offset[1] ** 2 == 19
        placed = {hg.add(h, offset) for h in hg.LOCATION_HEXES}
        assert not placed & hexes
        hexes |= placed
    assert len(hexes) == 133


def test_slot_offsets_are_rotations_of_the_six_oclock_offset() -> None:
    for k, offset in enumerate(hg.SLOT_OFFSETS):
        assert hg.rotate(hg.SLOT_OFFSETS[0], k) == offset


def test_six_sides_of_five_edges_split_the_outline() -> None:
    seen = set()
    for side in range(6):
        edges = hg.side_edges(side)
        assert len(edges) == 5
        seen |= {hg.edge(h, d) for h, d in edges}
        other = {hg.add(h, hg.SLOT_OFFSETS[side]) for h in hg.LOCATION_HEXES}
        assert all(hg.neighbour(h, d) in other for h, d in edges)
    assert seen == {hg.edge(h, d) for h, d in hg.outline(hg.LOCATION_HEXES)}


def test_side_hours() -> None:
    assert hg.side_edges(hg.side_of_hour(6))[0][0] in {(0, 2), (-2, 2)}
    top = {h for h, _ in hg.side_edges(hg.side_of_hour(12))}
    assert top == {(0, -2), (1, -2), (2, -2)}


def test_pixel_geometry_is_pointy_top_and_fits_a_counter() -> None:
    size = hg.size_for_inscribed(22.0)
    x0, y0 = hg.centre_mm((0, 0), size)
    x1, y1 = hg.centre_mm((1, 0), size)
    assert (x1 - x0, y1 - y0) == pytest.approx((22.0, 0.0))
    top = hg.corner_mm((0, 0), size, 4)  # between NW and NE: the pointy top
    assert top == pytest.approx((0.0, -size))
    a, b = hg.side_mm((0, 0), size, 0)  # the east side is vertical
    assert a[0] == pytest.approx(b[0]) == pytest.approx(11.0)
    assert math.dist(a, b) == pytest.approx(size)

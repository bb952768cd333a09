"""Every diagram draws from its arguments, and bad arguments give a framed placeholder."""

from __future__ import annotations

import pytest
from reportlab.lib.units import mm

from generator.rulebook import parse as P
from generator.rulebook.diagrams import DIAGRAMS, caption_for
from generator.rulebook.hex_diagrams import cave_offsets, location_cells, place
from generator.rulebook.typeset import Builder, Styles, _prepare

WIDTH = 174 * mm


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_diagram_draws_with_default_arguments(name: str) -> None:
    _prepare()
    kwargs = {"token": {"number": 7, "name": "Воронье перо"},
              "formula-card": {"ingredients": [5, 25, 18]}}.get(name, {})
    art = DIAGRAMS[name](kwargs, "ru", WIDTH)
    w, h = art.wrap(WIDTH, 1000)
    assert 0 < w <= WIDTH + 0.5 and 0 < h < 200 * mm
    assert caption_for(name, kwargs, "ru")
    assert caption_for(name, kwargs, "en")


def test_bad_arguments_fall_back_to_a_placeholder() -> None:
    _prepare()
    builder = Builder(Styles("ru"), "ru", WIDTH, DIAGRAMS)
    fig = builder.diagram(P.Diagram("formula-card", {"ingredients": "nonsense"}))
    w, h = fig.wrap(WIDTH, 1000)
    assert h > 0 and fig.caption is not None


def test_cave_is_133_hexes_without_gaps() -> None:
    cells = {(q + a, r + b) for a, b in cave_offsets() for q, r in location_cells()}
    assert len(cells) == 133


@pytest.mark.parametrize("hour", [2, 4, 6, 8, 10, 12])
def test_each_closed_side_is_five_hex_edges(hour: int) -> None:
    assert len(place({"closed_sides": [hour]}, (0, 0), 0, None).closed) == 5

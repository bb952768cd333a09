"""Random plans: valid, reproducible, with clear errors for impossible requests."""

from __future__ import annotations

import pytest

from generator.plan.check import check_plan
from generator.plan.gridtext import write_grid
from generator.plan.model import HOLE, RIVER
from generator.plan.randomplan import ImpossibleRequestError, random_plan


def test_same_seed_same_plan() -> None:
    assert write_grid(random_plan(seed=7)) == write_grid(random_plan(seed=7))
    assert write_grid(random_plan(seed=7)) != write_grid(random_plan(seed=8))


def test_default_plan_is_4_by_5_in_russian() -> None:
    plan = random_plan(seed=3)
    assert (plan.rows, plan.cols) == (4, 5)
    codes = {c.code for row in plan.cells for c in row}
    assert "Ар" in codes and "М" in codes and "Кн" in codes and "Кл" in codes


def test_english_codes() -> None:
    plan = random_plan(seed=3, lang="en")
    codes = {c.code for row in plan.cells for c in row}
    assert {"A", "H", "T+", "T-"} <= codes


def test_requested_rivers_and_holes_are_there() -> None:
    plan = random_plan(6, 6, seed=11, rivers=3, holes=5)
    cells = [c for row in plan.cells for c in row]
    assert sum(1 for c in cells if c.kind == "mouth") == 3
    assert sum(1 for c in cells if c.kind == HOLE) == 5
    assert any(c.kind == RIVER for c in cells)
    assert check_plan(write_grid(plan), "r.txt").valid


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"rows": 2, "cols": 2, "rivers": 2}, "fewer rivers"),
    ({"holes": 1}, "at least 2 holes"),
    ({"rows": 13}, "between 2 and 12"),
    ({"rivers": -1}, "negative"),
])
def test_impossible_requests_fail_at_once(kwargs: dict, words: str) -> None:
    with pytest.raises(ImpossibleRequestError, match=words):
        random_plan(seed=1, **kwargs)

"""The movement model of games.md §2, one rule at a time."""

from __future__ import annotations

from pathlib import Path

from generator.plan.checker.movement import Maze
from generator.plan.text.gridtext import parse_grid

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"


def _maze(name: str) -> Maze:
    return Maze(parse_grid((FIXTURES / name).read_text(encoding="utf-8")))


def pos(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, "ABCDEFGHIJKL".index(name[0])


def test_wall_and_capital_wall_keep_the_player() -> None:
    maze = _maze("spec_example.txt")
    assert maze.step(pos("D1"), "left") == pos("D1")   # simple wall C1|D1
    assert maze.step(pos("A1"), "up") == pos("A1")     # capital wall


def test_exit_leads_out_and_back_in() -> None:
    maze = _maze("valid_exit_right.txt")
    assert maze.step(pos("B1"), "right") is None
    assert maze.step(None, "left") == pos("B1")
    assert maze.step(None, "up") is None
    assert maze.step(pos("B2"), "right") == pos("B2")


def test_entering_through_the_exit_follows_the_cell_rules() -> None:
    maze = _maze("spec_example.txt")
    assert maze.step(pos("E3"), "right") is None
    assert maze.step(None, "left") == pos("E1")  # the exit cell is hole Я3 -> Я1


def test_entering_a_river_from_aside_drifts_two_cells() -> None:
    maze = _maze("spec_example.txt")
    assert maze.step(pos("A1"), "right") == pos("C2")  # B1 -> C1 -> C2 (mouth)


def test_drift_is_one_cell_when_the_next_is_the_mouth() -> None:
    maze = _maze("valid_upstream.txt")
    assert maze.step(pos("D1"), "down") == pos("D2")
    maze = _maze("spec_example.txt")
    assert maze.carry(maze._index(pos("C1"))) == maze._index(pos("C2"))


def test_walking_upstream_has_no_drift() -> None:
    maze = _maze("valid_upstream.txt")
    here = pos("C2")
    for target in ("C1", "B1", "A1"):
        nxt = maze.step(here, "up" if target == "C1" else "left")
        assert nxt == pos(target)
        here = nxt
    assert maze.step(pos("A1"), "right") == pos("B1")  # downstream step, no drift


def test_start_in_a_river_is_carried() -> None:
    maze = _maze("valid_upstream.txt")
    assert maze.start_at(pos("A1")) == pos("C1")
    assert maze.start_at(pos("B1")) == pos("C2")
    assert maze.start_at(pos("D2")) == pos("D2")


def test_swamp_lets_in_but_not_out_of_the_mouth() -> None:
    maze = _maze("valid_swamps.txt")
    assert maze.step(pos("A3"), "right") == pos("B3")
    assert maze.step(pos("B3"), "left") == pos("B3")
    assert maze.step(pos("B3"), "right") == pos("B3")
    assert maze.step(pos("B3"), "down") == pos("B3")
    assert maze.step(pos("B3"), "up") == pos("B2")     # up the river, no drift


def test_hole_moves_to_the_next_hole_of_its_cycle() -> None:
    maze = _maze("spec_example.txt")
    assert maze.step(pos("A1"), "down") == pos("E3")   # into Я2 -> Я3
    assert maze.step(pos("D3"), "right") == pos("E1")  # into Я3 -> Я1 (last leads to first)
    assert maze.step(pos("D1"), "right") == pos("A2")  # into Я1 -> Я2


def test_outside_entering_a_hole_exit_cell_teleports() -> None:
    maze = _maze("valid_holes.txt")
    assert maze.step(pos("D1"), "right") is None
    assert maze.step(None, "left") == pos("B2")
    assert maze.step(pos("A2"), "right") == pos("D1")

"""Random plans: valid, reproducible, worth playing (the treasure far from the exit, more to
find on bigger plans), in batches, with clear errors for impossible requests."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.plan.checker.check import check_plan
from generator.plan.checker.movement import Maze
from generator.plan.checker.stats import plan_stats, summary_line
from generator.plan.making.randomplan import (
    DEFAULT_TREASURE_MOVES,
    ImpossibleRequestError,
    default_holes,
    default_rivers,
    random_plan,
)
from generator.plan.text.gridtext import parse_grid, write_grid
from generator.plan.text.model import HOLE, MOUTH, RIVER


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


# --- plans worth playing: the treasure far from the exit, sizes, difficulty, batches ----------


def _moves_out(plan) -> int:  # type: ignore[no-untyped-def]
    """Fewest moves from the real treasure out of the maze: a forward search over the moves."""
    maze = Maze(plan)
    start = next(r * plan.cols + c for r in range(plan.rows) for c in range(plan.cols)
                 if plan.cells[r][c].treasure == "real")
    seen = {start}
    frontier, moves = [start], 0
    while frontier:
        moves += 1
        following = []
        for node in frontier:
            for there in maze.moves[node]:
                if there == maze.outside:
                    return moves
                if there not in seen:
                    seen.add(there)
                    following.append(there)
        frontier = following
    raise AssertionError("the treasure cannot be carried out")


@pytest.mark.parametrize("n", range(4, 13))  # one size a case: the test workers share them
def test_real_treasure_is_far_enough_from_the_exit_in_1000_plans_of_every_size(n: int) -> None:
    for seed in range(1000):  # (its speed is benchmarks/bench_plan.py's; no timing here)
        plan = random_plan(n, n, seed=seed)
        assert _moves_out(plan) >= DEFAULT_TREASURE_MOVES, (n, seed)
        if seed % 100 == 0:
            assert check_plan(write_grid(plan), "r.txt").valid


@pytest.mark.parametrize("rows", range(2, 13))
def test_every_shape_gives_valid_plans_with_the_treasure_far_enough(rows: int) -> None:
    for cols in range(2, 13):
        for seed in range(8):
            plan = random_plan(rows, cols, seed=seed, lang="en")
            report = check_plan(write_grid(plan), "r.txt", "en")
            assert report.valid and not report.problems, (rows, cols, seed)
            assert _moves_out(plan) >= DEFAULT_TREASURE_MOVES


def _share(n: int, difficulty: str = "normal") -> float:
    stats = [plan_stats(random_plan(n, n, seed=s, difficulty=difficulty)) for s in range(80)]
    return sum((s.river_cells + s.holes + s.swamps) / s.cells for s in stats) / len(stats)


def test_share_of_rivers_holes_and_swamps_grows_with_the_size() -> None:
    shares = [_share(n) for n in (4, 6, 8, 10, 12)]
    assert shares[1] <= shares[2] <= shares[3] <= shares[4], shares
    assert shares[4] > shares[0] + 0.03, shares
    assert default_rivers(12, 12) >= 4 * default_rivers(4, 5)
    assert default_holes(12, 12) >= 4 * default_holes(4, 5)


def test_difficulty_changes_the_defaults_and_the_treasure_distance() -> None:
    for n in (5, 8, 12):
        assert default_rivers(n, n, "easy") <= default_rivers(n, n) <= default_rivers(n, n, "hard")
        assert default_holes(n, n, "easy") <= default_holes(n, n) <= default_holes(n, n, "hard")
    assert _share(8, "easy") < _share(8) < _share(8, "hard")
    for seed in range(200):
        assert _moves_out(random_plan(6, 6, seed=seed, difficulty="hard")) >= 5


def test_small_plans_stay_as_they_were_one_river_and_two_holes() -> None:
    assert (default_rivers(4, 4), default_holes(4, 4)) == (1, 2)
    plan = random_plan(4, 4, seed=5)
    assert sum(c.kind == MOUTH for row in plan.cells for c in row) == 1


def test_each_plan_carries_its_summary_line() -> None:
    plan = random_plan(6, 6, seed=3, lang="en")
    stats = plan_stats(plan)
    assert plan.before[1] == "# " + summary_line(stats, "en")
    assert f"real treasure to exit: {stats.treasure_moves} moves" in plan.before[1]
    russian = random_plan(6, 6, seed=3)
    assert "от настоящего клада до выхода" in russian.before[1]
    assert write_grid(plan).count("\n") == write_grid(russian).count("\n")  # same plan


def _cli(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["plan", "random", *args])


def test_count_writes_reproducible_plans_into_a_folder(tmp_path: Path) -> None:
    result = _cli("--count", "3", "--seed", "40", "--rows", "5", "--cols", "6", "--lang", "en",
                  "--out", str(tmp_path / "plans"))
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "plans").iterdir())
    assert names == [f"random-5x6-seed{s}.txt" for s in (40, 41, 42)]
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 3 and all(" river" in line and "moves" in line for line in lines)
    for name in names:
        text = (tmp_path / "plans" / name).read_text("utf-8")
        assert check_plan(text, name, "en").valid
    again = _cli("--count", "3", "--seed", "40", "--rows", "5", "--cols", "6", "--lang", "en",
                 "--out", str(tmp_path / "plans"))
    assert again.exit_code == 1 and "--force" in again.output
    forced = _cli("--count", "3", "--seed", "40", "--rows", "5", "--cols", "6", "--lang", "en",
                  "--out", str(tmp_path / "plans"), "--force")
    assert forced.exit_code == 0


def test_count_needs_a_folder_and_difficulty_is_checked() -> None:
    assert _cli("--count", "2").exit_code == 2
    assert _cli("--difficulty", "extreme").exit_code == 2
    hard = _cli("--difficulty", "hard", "--seed", "1", "--lang", "en")
    assert hard.exit_code == 0 and hard.stdout.startswith("# Random plan 4×5, seed 1, hard\n")


def test_treasure_distance_comes_from_the_content(tmp_path: Path) -> None:
    game = Path(__file__).resolve().parents[2] / "content/paper-labyrinth/game.yaml"
    mine = tmp_path / "paper-labyrinth"
    mine.mkdir()
    (mine / "game.yaml").write_text(game.read_text("utf-8").replace(
        "treasure_exit_moves: 3", "treasure_exit_moves: 7"), encoding="utf-8")
    for seed in range(20):
        result = _cli("--rows", "6", "--cols", "6", "--seed", str(seed), "--content",
                      str(tmp_path))
        assert result.exit_code == 0, result.output
        assert _moves_out(parse_grid(result.stdout)) >= 7
    (mine / "game.yaml").write_text(game.read_text("utf-8").replace(
        "treasure_exit_moves: 3", "treasure_exit_moves: 99"), encoding="utf-8")
    broken = CliRunner().invoke(main, ["plan", "random", "--content", str(tmp_path)])
    assert broken.exit_code == 1 and "treasure_exit_moves" in broken.output


@pytest.mark.parametrize(("n", "rivers", "moves"), [
    (1, "1 река", "1 ход"), (2, "2 реки", "2 хода"), (5, "5 рек", "5 ходов"),
    (11, "11 рек", "11 ходов"), (21, "21 река", "21 ход"), (22, "22 реки", "22 хода"),
    (25, "25 рек", "25 ходов")])
def test_the_summary_line_counts_in_russian(n: int, rivers: str, moves: str) -> None:
    from generator.plan.checker.stats import PlanStats

    stats = PlanStats(cells=36, rivers=n, river_cells=n, holes=n, ravines=n, swamps=n,
                      walls=n, treasure_moves=n)
    line = summary_line(stats, "ru")
    assert line.startswith(f"{rivers} (") and line.endswith(f": {moves}")

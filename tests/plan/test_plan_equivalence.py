"""The fast paths of the checker give what the straightforward ways give, on many plans.

The checker reads clean grids in one pass (`cleangrid`), builds the move table from shared
tables and tests strong connectivity with one depth-first search. Here they are compared on
random valid plans and on mutated ones (walls and swamps moved, characters replaced, lines
dropped or added) with: the full line-by-line reader, the naive reference checker of
`benchmarks/naive_plan_check.py` (verdict, grid as read, every move), and a search from every
node for the strongly connected groups.
"""

from __future__ import annotations

import random
import sys
from collections import deque
from pathlib import Path

import pytest

from generator.plan.checker import reach
from generator.plan.checker.check import check_plan
from generator.plan.checker.movement import Maze
from generator.plan.making.randomplan import random_plan
from generator.plan.text import gridtext
from generator.plan.text.gridtext import read_grid, write_grid
from generator.plan.text.model import DIRECTIONS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from naive_plan_check import OUT, move, naive_parse, naive_valid, rules_pass  # noqa: E402

NOISE = list("+-|=‖ v^<>СРУМАЯКнлр12→↓.LAHORT#\t")
CODES = ["С", "Ар", "М", "У", "Р>", "Рv", "Р^", "Р<", "Я1", "Я2", "Я3", "Кн", "Кл", ".", "A",
         "H", "O", "R>", "X1", "X2", "T+", "T-", "C", "Y", "Ap", "Z", "Я0", "Я9", "Р", "кн"]


def _plan_text(rng: random.Random) -> str:
    rows, cols = (4, 5) if rng.random() < 0.5 else (rng.randint(2, 7), rng.randint(2, 7))
    rivers = rng.randint(0, max(0, min(3, (rows * cols - 6) // 3)))
    holes = rng.choice([0, 2, 3, 4])
    if 2 * rivers + holes + 4 > rows * cols:
        holes = 0
    lang = rng.choice(["ru", "en"])
    return write_grid(random_plan(rows, cols, rng.randrange(10**6), rivers, holes, lang))


def _move_walls(text: str, rng: random.Random) -> str:
    """Add or remove walls and swamps, keeping the grid readable."""
    lines = text.split("\n")
    grid = [i for i, line in enumerate(lines) if line[:1] in ("+", "|", " ") and line.strip()]
    length = len(lines[grid[0]])
    for _ in range(rng.randint(1, 5)):
        i = rng.choice(grid[1:-1])
        line = lines[i].ljust(length)
        j = rng.randrange(1, (length - 1) // 3)
        if line.startswith("+"):
            j -= 1
            segment = rng.choice(["--", "--", "  ", "vv", "^^"])
            lines[i] = line[:3 * j + 1] + segment + line[3 * j + 3:]
        else:
            lines[i] = line[:3 * j] + rng.choice("| | <>") + line[3 * j + 1:]
    return "\n".join(lines)


def _scramble(text: str, rng: random.Random) -> str:
    """Replace characters or codes, drop, double or cut lines."""
    lines = text.split("\n")
    for _ in range(rng.choice([1, 1, 2, 3])):
        i = rng.randrange(len(lines))
        line = lines[i]
        op = rng.random()
        if op < 0.5 and line:
            p = rng.randrange(len(line))
            lines[i] = line[:p] + rng.choice(NOISE) + line[p + 1:]
        elif op < 0.75 and line.startswith("|"):
            p = 3 * rng.randrange(max(1, (len(line) - 1) // 3)) + 1
            lines[i] = line[:p] + rng.choice(CODES).ljust(2)[:2] + line[p + 2:]
        elif op < 0.85:
            lines.insert(i, rng.choice(["", "# note", line]))
        elif op < 0.93:
            del lines[i]
        else:
            lines[i] = line.rstrip()[:-1]
    return "\n".join(lines)


def _cases(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for k in range(count):
        text = _plan_text(rng)
        if k % 3 == 1:
            text = _move_walls(text, rng)
        elif k % 3 == 2:
            text = _scramble(text, rng)
        out.append(text)
    return out


CASES = _cases(1500, 2026)


def test_verdicts_agree_with_the_naive_checker() -> None:
    valid = 0
    for text in CASES:
        report = check_plan(text, "p.txt")
        assert report.valid == naive_valid(text), text
        valid += report.valid
    assert 300 < valid < len(CASES) - 300  # both kinds are well represented
    for text in CASES[:200]:
        assert check_plan(text.encode(), "p.txt").valid == naive_valid(text.encode()), text


def test_clean_grid_reader_gives_what_the_full_reader_gives(monkeypatch) -> None:  # type: ignore
    clean = []
    read_clean = gridtext.read_clean
    monkeypatch.setattr(gridtext, "read_clean",
                        lambda grid, form: clean.append(read_clean(grid, form)) or clean[-1])
    fast = [read_grid(text) for text in CASES]
    assert sum(grid is not None for grid in clean) > 600  # the fast path was taken
    monkeypatch.setattr(gridtext, "read_clean", lambda grid, form: None)
    for text, (plan, loc, findings, rows, cols) in zip(CASES, fast):
        assert read_grid(text) == (plan, loc, findings, rows, cols), text
        if plan is not None:
            assert list(plan.swamps) == list(read_grid(text)[0].swamps)  # same order


def test_grid_as_read_agrees_with_the_naive_reader() -> None:
    for text in CASES:
        plan, _, findings, _, _ = read_grid(text)
        naive = naive_parse(text)
        readable = plan is not None and not any(f.severity == "error" for f in findings)
        assert readable == (naive is not None), text
        if naive is None or plan is None:
            continue
        assert plan.walls == naive.walls and plan.swamps == naive.swamps, text
        assert list(plan.swamps) == list(naive.swamps) and plan.exits == naive.exits, text
        assert [(c.kind, c.code, c.flow, c.cycle, c.number, c.treasure) for row in plan.cells
                for c in row] == [(c.kind, c.code, c.flow, c.cycle, c.number, c.treasure)
                                  for c in naive.cells.values()], text


def test_every_move_agrees_with_the_naive_movement_rules() -> None:
    compared = 0
    for text in CASES:
        plan, naive = read_grid(text)[0], naive_parse(text)
        if plan is None or naive is None or not rules_pass(naive):
            continue
        maze = Maze(plan)
        for node in [*naive.cells, OUT]:
            for direction in DIRECTIONS:
                expected = move(naive, node, direction)
                got = maze.step(None if node == OUT else node, direction)  # type: ignore
                assert got == (None if expected == OUT else expected), (text, node, direction)
        compared += 1
    assert compared > 300


def _groups_by_searching_from_every_node(edges: list[list[int]]) -> set[frozenset[int]]:
    reach_of = []
    for start in range(len(edges)):
        seen = {start}
        queue = deque([start])
        while queue:
            for nxt in edges[queue.popleft()]:
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        reach_of.append(seen)
    return {frozenset(m for m in reach_of[n] if n in reach_of[m]) for n in range(len(edges))}


@pytest.mark.parametrize("seed", [1, 2])
def test_strongly_connected_groups_agree_with_a_search_from_every_node(seed: int) -> None:
    split = 0
    for text in _cases(400, seed):
        plan = read_grid(text)[0]
        if plan is None:
            continue
        edges = Maze(plan).moves
        groups = _groups_by_searching_from_every_node(edges)
        assert {frozenset(g) for g in reach._components(edges)} == groups, text
        assert all(g == sorted(g) for g in reach._components(edges))
        one = len(groups) == 1
        assert reach._one_component(edges, len(edges) - 1) == one, text
        assert (all(reach._search(edges, len(edges) - 1))
                and all(reach._search(reach._reverse(edges), len(edges) - 1))) == one, text
        split += not one
    assert split > 20

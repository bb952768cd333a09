"""Make random valid plans, reproducible from a seed.

Generate and check: each attempt lays out rivers (self-avoiding walks of 2–5 cells ending in a
mouth), hole cycles, the arsenal, the medpost and both treasures on random cells, opens the exit
at a random frame segment, puts the walls the river rules demand, adds random simple walls and
up to three swamps per mouth, then keeps the plan only if every cell reaches every other. Later
attempts draw fewer random walls, so a valid plan is found quickly; after `MAX_ATTEMPTS` the
generator gives up with a `RandomPlanError`. Requests that cannot fit (too many rivers or holes
for the size, a single hole) fail at once with a message that says why.

`--holes N` counts holes, split into cycles of two to four holes (Я, Ю, Э… or X, Y, Z…).
"""

from __future__ import annotations

import math
import random

from .codes import en_code, ru_code
from .gridtext import frame_sides
from .model import (
    DIRECTIONS,
    HOLE,
    LAND,
    MAX_SIZE,
    MIN_SIZE,
    MOUTH,
    RIVER,
    Border,
    Cell,
    Plan,
    Pos,
    border,
    direction_between,
    step_pos,
)
from .movement import Maze
from .reach import all_reachable

MAX_ATTEMPTS = 400
WALL_CHANCE = 0.3
SWAMP_CHANCE = 0.4
HOLE_LETTERS = {"ru": "ЯЮЭЖЗИЛФЦЧШЩБГДП", "en": "XYZWVUSQPNMKJGFE"}


class RandomPlanError(ValueError):
    """A random plan with the requested options cannot be made."""


class ImpossibleRequestError(RandomPlanError):
    """The requested options can never give a valid plan (checked before any attempt)."""


def default_rivers(rows: int, cols: int) -> int:
    """Return the number of rivers used when none is asked for."""
    return 1 if rows * cols >= 9 else 0


def default_holes(rows: int, cols: int) -> int:
    """Return the number of holes used when none is asked for."""
    return 2 if rows * cols >= 12 else 0


def _validate(rows: int, cols: int, rivers: int, holes: int) -> None:
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise ImpossibleRequestError(
            f"rows and columns must be between {MIN_SIZE} and {MAX_SIZE}, not {rows}×{cols}")
    if rivers < 0 or holes < 0:
        raise ImpossibleRequestError("the numbers of rivers and holes cannot be negative")
    if holes == 1:
        raise ImpossibleRequestError(
            "a hole cycle needs at least 2 holes: ask for 0 or at least 2")
    need = 2 * rivers + holes + 4
    if need > rows * cols:
        raise ImpossibleRequestError(
            f"a {rows}×{cols} plan has {rows * cols} cells, but {rivers} river(s) (2 cells "
            f"each at least), {holes} hole(s), the arsenal, the medpost and 2 land cells need "
            f"{need}: ask for fewer rivers or holes, or a bigger plan")


def _cycle_sizes(holes: int, letters: int) -> list[int]:
    if holes == 0:
        return []
    count = min(math.ceil(holes / 4), letters, holes // 2)
    return [holes // count + (1 if i < holes % count else 0) for i in range(count)]


class _Attempt:
    def __init__(self, rng: random.Random, rows: int, cols: int, lang: str) -> None:
        self.rng, self.rows, self.cols, self.lang = rng, rows, cols, lang
        self.free = [(r, c) for r in range(rows) for c in range(cols)]
        self.cells: dict[Pos, Cell] = {}
        self.down: dict[Pos, Pos] = {}
        self.mouth_of: dict[Pos, Pos] = {}

    def code(self, cell: Cell) -> Cell:
        code = ru_code(cell) if self.lang == "ru" else en_code(cell)
        return Cell(cell.kind, code, cell.flow, cell.cycle, cell.number, cell.treasure)

    def take(self, pos: Pos, cell: Cell) -> None:
        self.free.remove(pos)
        self.cells[pos] = self.code(cell)

    def river(self) -> bool:
        longest = 5 if self.rows * self.cols > 30 else 4
        for _ in range(20):
            chain = [self.rng.choice(self.free)]
            length = self.rng.randint(2, longest)
            while len(chain) < length:
                options = [q for d in DIRECTIONS if (q := step_pos(chain[-1], d)) in self.free
                           and q not in chain]
                if not options:
                    break
                chain.append(self.rng.choice(options))
            if len(chain) >= 2:
                break
        else:
            return False
        mouth = chain[-1]
        for here, there in zip(chain, chain[1:]):
            self.take(here, Cell(RIVER, "", flow=direction_between(here, there)))
            self.down[here] = there
            self.mouth_of[here] = mouth
        self.take(mouth, Cell(MOUTH, ""))
        self.mouth_of[mouth] = mouth
        return True

    def holes(self, sizes: list[int]) -> None:
        letters = HOLE_LETTERS[self.lang]
        for size, letter in zip(sizes, letters):
            for number in range(1, size + 1):
                pos = self.rng.choice(self.free)
                self.free.remove(pos)
                self.cells[pos] = Cell(HOLE, f"{letter}{number}", cycle=letter, number=number)

    def rest(self) -> None:
        specials = [Cell("arsenal", ""), Cell("medpost", ""), Cell(LAND, "", treasure="real"),
                    Cell(LAND, "", treasure="false")]
        for cell in specials:
            self.take(self.rng.choice(self.free), cell)
        for pos in list(self.free):
            self.take(pos, Cell(LAND, ""))

    def plan(self, wall_chance: float) -> Plan:
        rng = self.rng
        grid = [[self.cells[(r, c)] for c in range(self.cols)] for r in range(self.rows)]
        plan = Plan(self.rows, self.cols, grid)
        for a, b in plan.internal_borders():
            ma, mb = self.mouth_of.get(a), self.mouth_of.get(b)
            consecutive = self.down.get(a) == b or self.down.get(b) == a
            if ma is not None and mb is not None and not consecutive:
                plan.walls.add((a, b))
            elif not consecutive and rng.random() < wall_chance:
                plan.walls.add((a, b))
        for mouth in sorted(p for p, c in self.cells.items() if c.kind == MOUTH):
            options: list[Border] = []
            for d in DIRECTIONS:
                q = step_pos(mouth, d)
                if plan.inside(q) and q not in self.mouth_of and border(mouth, q) not in plan.walls:
                    options.append(border(mouth, q))
            rng.shuffle(options)
            for swamp in options[:3]:
                if rng.random() < SWAMP_CHANCE:
                    plan.swamps[swamp] = mouth
        plan.exits.append(rng.choice(frame_sides(plan)))
        return plan


def random_plan(rows: int = 4, cols: int = 5, seed: int | None = None,
                rivers: int | None = None, holes: int | None = None, lang: str = "ru") -> Plan:
    """Return a random valid plan; the same arguments always give the same plan."""
    rivers = default_rivers(rows, cols) if rivers is None else rivers
    holes = default_holes(rows, cols) if holes is None else holes
    _validate(rows, cols, rivers, holes)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    rng = random.Random(f"{seed}:{rows}:{cols}:{rivers}:{holes}:{lang}")
    sizes = _cycle_sizes(holes, len(HOLE_LETTERS[lang]))
    for attempt in range(MAX_ATTEMPTS):
        work = _Attempt(rng, rows, cols, lang)
        if not all(work.river() for _ in range(rivers)):
            continue
        if len(work.free) < holes + 4:
            continue
        work.holes(sizes)
        work.rest()
        plan = work.plan(WALL_CHANCE * (1 - attempt / MAX_ATTEMPTS))
        if all_reachable(Maze(plan)):
            plan.before = [_header(rows, cols, seed, lang)]
            return plan
    raise RandomPlanError(f"no valid {rows}×{cols} plan with {rivers} river(s) and {holes} "
                          f"hole(s) found in {MAX_ATTEMPTS} attempts: ask for fewer rivers "
                          "or holes, or a bigger plan")


def _header(rows: int, cols: int, seed: int, lang: str) -> str:
    if lang == "ru":
        return f"# Случайный план {rows}×{cols}, зерно {seed}"
    return f"# Random plan {rows}×{cols}, seed {seed}"

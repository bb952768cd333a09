"""Make random valid plans worth playing, reproducible from a seed.

One attempt lays out rivers (self-avoiding walks ending in a mouth), hole cycles, the arsenal
and the medpost on random cells, puts the walls the river rules demand, adds random simple
walls and swamps, and opens the exit at a random frame segment. If some cell cannot reach
another, the attempt is *repaired* rather than thrown away: a random simple wall between two
cut-off groups of cells is removed (then a swamp, when no such wall is left) until every cell
reaches every other. Last come the treasures: the false one on any land cell, the real one on
a land cell at least `treasure_moves` moves (by the movement rules) from the way out. An
attempt that cannot be repaired or has no such cell is dropped; after `MAX_ATTEMPTS` the
generator gives up with a `RandomPlanError`. Requests that can never fit (too many rivers or
holes for the size, a single hole) fail at once with a message that says why.

Sizes and difficulty: unless asked for, the numbers of rivers and holes come from the share of
the plan they should cover, which grows with the area (`Profile.share` at 4×4, plus
`Profile.growth` at 12×12); walls and swamps are per-border chances, so their number grows with
the area as well. `--difficulty hard` adds rivers, holes, walls, swamps and two more moves
between the real treasure and the exit; `easy` takes some away.

The same seed gives the same plan in both languages (only the codes differ). `--holes N`
counts holes, split into cycles of two to four holes (Я, Ю, Э… or X, Y, Z…).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..checker.geometry import geometry
from ..checker.movement import Maze
from ..checker.reach import all_reachable, component_of, moves_to_exit
from ..checker.stats import plan_stats, summary_line
from ..text.codes import en_code, ru_code
from ..text.model import (
    ARSENAL,
    DIRECTIONS,
    HOLE,
    LAND,
    MAX_SIZE,
    MEDPOST,
    MIN_SIZE,
    MOUTH,
    RIVER,
    Border,
    Cell,
    Plan,
    Pos,
    Side,
    border,
    direction_between,
    perimeter_sides,
    step_pos,
)

MAX_ATTEMPTS = 400
MAX_SWAMPS = 3
DEFAULT_TREASURE_MOVES = 3
MAX_TREASURE_MOVES = 30
HOLE_LETTERS = {"ru": "ЯЮЭЖИЛФЦШЩДГП", "en": "XYZWVUQNJGFE"}  # no З Б Ч S: they look like digits
RIVER_PART = 0.65  # of the feature share, the part that goes to rivers (the rest to holes)


@dataclass(frozen=True, slots=True)
class Profile:
    """What a difficulty changes."""

    share: float  # share of cells in rivers and holes on a 4×4 plan
    growth: float  # what the share gains from 4×4 to 12×12
    walls: float  # chance of a simple wall on a border
    swamps: float  # chance of a swamp on each free side of a mouth (at most three)
    extra_moves: int  # added to the least number of moves from the real treasure out


PROFILES: dict[str, Profile] = {
    "easy": Profile(0.20, 0.06, 0.22, 0.25, 0),
    "normal": Profile(0.28, 0.10, 0.30, 0.40, 0),
    "hard": Profile(0.32, 0.12, 0.36, 0.55, 2),
}
DIFFICULTIES = tuple(PROFILES)


class RandomPlanError(ValueError):
    """A random plan with the requested options cannot be made."""


class ImpossibleRequestError(RandomPlanError):
    """The requested options can never give a valid plan (checked before any attempt)."""


def _share(rows: int, cols: int, difficulty: str) -> float:
    profile = PROFILES[difficulty]
    grown = min(max((rows * cols - 16) / 128, 0.0), 1.0)
    return profile.share + profile.growth * grown


def longest_river(rows: int, cols: int) -> int:
    """Return the most cells (mouth included) a random river of this plan size may have."""
    area = rows * cols
    return 4 if area <= 30 else 5 if area <= 80 else 6


def _mean_river(rows: int, cols: int) -> float:
    return (2 + longest_river(rows, cols)) / 2


def _feature_cells(rows: int, cols: int, difficulty: str) -> float:
    return rows * cols * _share(rows, cols, difficulty)


def default_rivers(rows: int, cols: int, difficulty: str = "normal") -> int:
    """Return the number of rivers used when none is asked for."""
    if rows * cols < 9:
        return 0
    wanted = _feature_cells(rows, cols, difficulty) * RIVER_PART / _mean_river(rows, cols)
    return max(1, round(wanted))


def default_holes(rows: int, cols: int, difficulty: str = "normal") -> int:
    """Return the number of holes used when none is asked for (0, or 2 and more).

    The holes take the feature cells the default rivers leave, so that rounding the number
    of rivers does not make the share of rivers and holes jump from one size to the next.
    """
    if rows * cols < 12:
        return 0
    rivers = default_rivers(rows, cols, difficulty) * _mean_river(rows, cols)
    return max(2, round(_feature_cells(rows, cols, difficulty) - rivers))


def _validate(rows: int, cols: int, rivers: int, holes: int, difficulty: str) -> None:
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        raise ImpossibleRequestError(
            f"rows and columns must be between {MIN_SIZE} and {MAX_SIZE}, not {rows}×{cols}")
    if difficulty not in PROFILES:
        raise ImpossibleRequestError(
            f"unknown difficulty '{difficulty}': choose {', '.join(DIFFICULTIES)}")
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


class _Codes:
    """Cells with their codes written in one language, made once per plan."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.land = self.make(Cell(LAND, ""))
        self.arsenal = self.make(Cell(ARSENAL, ""))
        self.medpost = self.make(Cell(MEDPOST, ""))
        self.mouth = self.make(Cell(MOUTH, ""))
        self.real = self.make(Cell(LAND, "", treasure="real"))
        self.false = self.make(Cell(LAND, "", treasure="false"))
        self.river: dict[str, Cell] = {d: self.make(Cell(RIVER, "", flow=d)) for d in DIRECTIONS}

    def make(self, cell: Cell) -> Cell:
        """Return cell with its code in this language."""
        code = ru_code(cell) if self.lang == "ru" else en_code(cell)
        return Cell(cell.kind, code, cell.flow, cell.cycle, cell.number, cell.treasure)

    def hole(self, letter: str, number: int) -> Cell:
        """Return hole number of the cycle letter."""
        return Cell(HOLE, f"{letter}{number}", cycle=letter, number=number)


class _Attempt:
    """One try at a plan: cells first, then walls, swamps and the exit."""

    def __init__(self, rng: random.Random, rows: int, cols: int, codes: _Codes) -> None:
        self.rng, self.rows, self.cols, self.codes = rng, rows, cols, codes
        self.free = [(r, c) for r in range(rows) for c in range(cols)]
        self.cells: dict[Pos, Cell] = {}
        self.down: dict[Pos, Pos] = {}
        self.mouth_of: dict[Pos, Pos] = {}
        self.loose: list[Border] = []  # random simple walls: the ones a repair may remove

    def take(self, pos: Pos, cell: Cell) -> None:
        self.free.remove(pos)
        self.cells[pos] = cell

    def river(self, longest: int) -> bool:
        """Lay one river; return False when no room is left for it."""
        free = set(self.free)
        for _ in range(20):
            chain = [self.rng.choice(self.free)]
            length = self.rng.randint(2, longest)
            while len(chain) < length:
                options = [q for d in DIRECTIONS if (q := step_pos(chain[-1], d)) in free
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
            self.take(here, self.codes.river[direction_between(here, there) or "right"])
            self.down[here] = there
            self.mouth_of[here] = mouth
        self.take(mouth, self.codes.mouth)
        self.mouth_of[mouth] = mouth
        return True

    def holes(self, sizes: list[int]) -> None:
        for size, letter in zip(sizes, HOLE_LETTERS[self.codes.lang]):
            for number in range(1, size + 1):
                self.take(self.rng.choice(self.free), self.codes.hole(letter, number))

    def rest(self) -> None:
        for cell in (self.codes.arsenal, self.codes.medpost):
            self.take(self.rng.choice(self.free), cell)
        for pos in self.free:
            self.cells[pos] = self.codes.land
        self.free = []

    def plan(self, profile: Profile) -> Plan:
        """Return the plan with its walls, swamps and exit."""
        rng = self.rng
        grid = [[self.cells[(r, c)] for c in range(self.cols)] for r in range(self.rows)]
        plan = Plan(self.rows, self.cols, grid)
        for a, b in geometry(self.rows, self.cols).sides:
            if self.down.get(a) == b or self.down.get(b) == a:
                continue
            if a in self.mouth_of and b in self.mouth_of:
                plan.walls.add((a, b))
            elif rng.random() < profile.walls:
                plan.walls.add((a, b))
                self.loose.append((a, b))
        for mouth in sorted(p for p, c in self.cells.items() if c.kind == MOUTH):
            self._swamps(plan, mouth, profile.swamps)
        plan.exits.append(rng.choice(_frame_sides(self.rows, self.cols)))
        return plan

    def _swamps(self, plan: Plan, mouth: Pos, chance: float) -> None:
        options: list[Border] = []
        for d in DIRECTIONS:
            q = step_pos(mouth, d)
            if plan.inside(q) and q not in self.mouth_of and border(mouth, q) not in plan.walls:
                options.append(border(mouth, q))
        self.rng.shuffle(options)
        for swamp in options[:MAX_SWAMPS]:
            if self.rng.random() < chance:
                plan.swamps[swamp] = mouth

    def repair(self, plan: Plan) -> Maze | None:
        """Open walls (then swamps) between cut-off groups until all connect; None if stuck."""
        maze = Maze(plan)
        while not all_reachable(maze):
            group = component_of(maze)
            split = [b for b in self.loose if group[_index(b[0], self.cols)]
                     != group[_index(b[1], self.cols)]]
            if split:
                wall = self.rng.choice(split)
                plan.walls.discard(wall)
                self.loose.remove(wall)
            elif plan.swamps:
                del plan.swamps[self.rng.choice(sorted(plan.swamps))]
            else:
                return None
            maze = Maze(plan)
        return maze

    def treasures(self, plan: Plan, maze: Maze, least: int) -> bool:
        """Put both treasures on land, the real one at least `least` moves from the exit."""
        lands = [p for p, c in sorted(self.cells.items()) if c.kind == LAND]
        distance = moves_to_exit(maze)
        far = [p for p in lands if distance[_index(p, self.cols)] >= least]
        if not far or len(lands) < 2:
            return False
        real = self.rng.choice(far)
        false = self.rng.choice([p for p in lands if p != real])
        plan.cells[real[0]][real[1]] = self.codes.real
        plan.cells[false[0]][false[1]] = self.codes.false
        return True


def _index(pos: Pos, cols: int) -> int:
    return pos[0] * cols + pos[1]


def _frame_sides(rows: int, cols: int) -> list[tuple[Pos, Side]]:
    return [((r, c), s) for r in range(rows) for c in range(cols)
            for s in perimeter_sides(rows, cols, (r, c))]


@dataclass(frozen=True, slots=True)
class Request:
    """Everything that decides a random plan (besides the seed)."""

    rows: int = 4
    cols: int = 5
    rivers: int | None = None
    holes: int | None = None
    lang: str = "ru"
    difficulty: str = "normal"
    treasure_moves: int = DEFAULT_TREASURE_MOVES

    def least_moves(self) -> int:
        """Return the fewest moves allowed from the real treasure to the way out."""
        return self.treasure_moves + PROFILES[self.difficulty].extra_moves


def random_plan(rows: int = 4, cols: int = 5, seed: int | None = None,
                rivers: int | None = None, holes: int | None = None, lang: str = "ru",
                difficulty: str = "normal",
                treasure_moves: int = DEFAULT_TREASURE_MOVES) -> Plan:
    """Return a random valid plan; the same arguments always give the same plan."""
    request = Request(rows, cols, rivers, holes, lang, difficulty, treasure_moves)
    return make_plan(request, seed)


def make_plan(request: Request, seed: int | None = None) -> Plan:
    """Return a random valid plan for request, with its header and summary comment lines."""
    rows, cols, difficulty = request.rows, request.cols, request.difficulty
    if difficulty not in PROFILES:
        _validate(rows, cols, 0, 0, difficulty)
    rivers = default_rivers(rows, cols, difficulty) if request.rivers is None else request.rivers
    holes = default_holes(rows, cols, difficulty) if request.holes is None else request.holes
    _validate(rows, cols, rivers, holes, difficulty)
    if request.treasure_moves < 0:
        raise ImpossibleRequestError("the least number of moves from the treasure to the exit "
                                     "cannot be negative")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    least = request.least_moves()
    rng = random.Random(f"{seed}:{rows}:{cols}:{rivers}:{holes}:{difficulty}:{least}")
    plan = _search(rng, request, rivers, holes, least)
    plan.before = [_header(request, seed), "# " + summary_line(plan_stats(plan), request.lang)]
    return plan


def _search(rng: random.Random, request: Request, rivers: int, holes: int,
            least: int) -> Plan:
    rows, cols = request.rows, request.cols
    profile = PROFILES[request.difficulty]
    codes = _Codes(request.lang)
    sizes = _cycle_sizes(holes, len(HOLE_LETTERS[request.lang]))
    longest = longest_river(rows, cols)
    for _ in range(MAX_ATTEMPTS):
        work = _Attempt(rng, rows, cols, codes)
        if not all(work.river(longest) for _ in range(rivers)):
            continue
        if len(work.free) < holes + 4:
            continue
        work.holes(sizes)
        work.rest()
        plan = work.plan(profile)
        maze = work.repair(plan)
        if maze is not None and work.treasures(plan, maze, least):
            return plan
    raise RandomPlanError(
        f"no valid {rows}×{cols} plan with {rivers} river(s), {holes} hole(s) and the real "
        f"treasure {least} moves or more from the exit found in {MAX_ATTEMPTS} attempts: ask "
        "for fewer rivers or holes, an easier difficulty, or a bigger plan")


def _header(request: Request, seed: int) -> str:
    size = f"{request.rows}×{request.cols}"
    if request.lang == "ru":
        level = {"easy": ", лёгкий", "normal": "", "hard": ", трудный"}[request.difficulty]
        return f"# Случайный план {size}, зерно {seed}{level}"
    level = "" if request.difficulty == "normal" else f", {request.difficulty}"
    return f"# Random plan {size}, seed {seed}{level}"

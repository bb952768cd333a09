"""A straightforward reference checker of grid text plans: the verdict only, written plainly.

`naive_valid(source)` says whether `generator.plan.check_plan(source, "plan.txt")` would
find the plan valid, computed the obvious way: read the grid character by character into plain
dictionaries, stop at the first error of any rule, and test reachability with one breadth-first
search from every node of the move graph. It shares nothing with the checker but the cell-code
tables of `generator.plan.text.codes`. `benchmarks/bench_plan.py` times it next to the checker (the
ratio of the two is steady when the machine's speed is not), and `tests/plan` compares the two
on random and mutated plans: verdicts, the grid as read, and the move table.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from generator.plan.text.codes import (
    EXACT,
    FOLDED,
    HOLE_EXCLUDED,
    MAX_HOLE_DIGITS,
    cycle_key,
    fold_lookalikes,
)

MAX_BYTES = 1_000_000
CONTROL = {chr(i) for i in range(32)} | {"\x7f"}
STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
SIDE = {"up": "top", "down": "bottom", "left": "left", "right": "right"}
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
OUT = "outside"


@dataclass
class NaiveCell:
    """What the rules need to know of a cell."""

    kind: str
    code: str
    flow: str | None = None
    cycle: str | None = None
    number: int | None = None
    treasure: str | None = None


@dataclass
class NaivePlan:
    """A grid read without error: cells by position, walls, swamps (border -> into), exits."""

    rows: int
    cols: int
    cells: dict[tuple[int, int], NaiveCell] = field(default_factory=dict)
    walls: set[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=set)
    swamps: dict[tuple[tuple[int, int], tuple[int, int]], tuple[int, int]] = field(
        default_factory=dict)
    exits: list[tuple[tuple[int, int], str]] = field(default_factory=list)


def naive_cell(code: str) -> NaiveCell | None:
    """Read one stripped cell code; None when it is an error (a look-alike is only a warning)."""
    if code in EXACT:
        cell = EXACT[code]
        return NaiveCell(cell.kind, code, cell.flow, treasure=cell.treasure)
    if len(code) >= 2 and code[0].isalpha() and code[1:].isascii() and code[1:].isdigit():
        if code[0].upper() in HOLE_EXCLUDED or len(code) - 1 > MAX_HOLE_DIGITS:
            return None
        return NaiveCell("hole", code, cycle=cycle_key(code[0]), number=int(code[1:]))
    folded = FOLDED.get(fold_lookalikes(code))
    if folded is not None:
        cell = EXACT[folded]
        return NaiveCell(cell.kind, code, cell.flow, treasure=cell.treasure)
    return None


def is_note(line: str) -> bool:
    """Return True for a blank or comment line."""
    return line.strip() == "" or line.strip().startswith("#")


def naive_parse(text: str) -> NaivePlan | None:
    """Read grid text; None when it has any syntax, size or cell-code error."""
    lines = text.split("\n")
    lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    grid_at = [i for i, line in enumerate(lines) if not is_note(line)]
    if not grid_at:
        return None
    grid = lines[grid_at[0]:grid_at[-1] + 1]
    for line in grid:
        if is_note(line) or any(ch in CONTROL for ch in line):
            return None
    head = grid[0]
    if not head.startswith("+") or head.find("+", 1) < 3:
        return None
    width = head.find("+", 1) - 1
    cols = (len(head) - 1) // (width + 1)
    rows = (len(grid) - 1) // 2
    if len(grid) % 2 == 0 or not (2 <= rows <= 12 and 2 <= cols <= 12):
        return None
    plan = NaivePlan(rows, cols)
    length = 1 + cols * (width + 1)
    for k, line in enumerate(grid):
        if len(line) > length or (k % 2 == 0 and len(line) < length):
            return None
        line = line.ljust(length)
        if k % 2 == 0:
            ok = read_border_line(plan, k // 2, line, width)
        else:
            ok = read_cell_line(plan, k // 2, line, width)
        if not ok:
            return None
    return plan


def read_border_line(plan: NaivePlan, b: int, line: str, width: int) -> bool:
    """Read border line b (0 = top frame); False on any error."""
    for j in range(plan.cols + 1):
        if line[j * (width + 1)] != "+":
            return False
    for j in range(plan.cols):
        seg = line[j * (width + 1) + 1:(j + 1) * (width + 1)]
        if all(ch in "-=" for ch in seg):
            kind = "wall"
        elif all(ch == " " for ch in seg):
            kind = "open"
        elif all(ch == "v" for ch in seg):
            kind = "down"
        elif all(ch == "^" for ch in seg):
            kind = "up"
        else:
            return False
        if b == 0 or b == plan.rows:
            if kind == "open":
                plan.exits.append(((0, j), "top") if b == 0 else ((b - 1, j), "bottom"))
            elif kind != "wall":
                return False
            continue
        upper, lower = (b - 1, j), (b, j)
        if kind == "wall":
            plan.walls.add((upper, lower))
        elif kind == "down":
            plan.swamps[(upper, lower)] = lower
        elif kind == "up":
            plan.swamps[(upper, lower)] = upper
    return True


def read_cell_line(plan: NaivePlan, r: int, line: str, width: int) -> bool:
    """Read the cell line of row r; False on any error."""
    for j in range(plan.cols + 1):
        ch = line[j * (width + 1)]
        if j == 0 or j == plan.cols:
            if ch == " ":
                plan.exits.append(((r, 0), "left") if j == 0 else ((r, plan.cols - 1), "right"))
            elif ch not in "|‖":
                return False
        else:
            left, right = (r, j - 1), (r, j)
            if ch in "|‖":
                plan.walls.add((left, right))
            elif ch == ">":
                plan.swamps[(left, right)] = right
            elif ch == "<":
                plan.swamps[(left, right)] = left
            elif ch != " ":
                return False
        if j < plan.cols:
            code = line[j * (width + 1) + 1:(j + 1) * (width + 1)].strip(" ")
            cell = naive_cell(code)
            if cell is None:
                return False
            plan.cells[(r, j)] = cell
    return True


def inside(plan: NaivePlan, pos: tuple[int, int]) -> bool:
    """Return True when pos is a cell of the plan."""
    return 0 <= pos[0] < plan.rows and 0 <= pos[1] < plan.cols


def shifted(pos: tuple[int, int], direction: str) -> tuple[int, int]:
    """Return the position next to pos in direction."""
    return pos[0] + STEP[direction][0], pos[1] + STEP[direction][1]


def border(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Return the border between a and b, smaller position first."""
    return (a, b) if a < b else (b, a)


def downstream(plan: NaivePlan, pos: tuple[int, int]) -> tuple[int, int] | None:
    """Return the cell a river cell flows into (None for other cells or off the plan)."""
    cell = plan.cells[pos]
    if cell.kind != "river":
        return None
    target = shifted(pos, cell.flow or "right")
    return target if inside(plan, target) else None


def rules_pass(plan: NaivePlan) -> bool:
    """Return True when no rule but reachability finds an error."""
    kinds = [cell.kind for cell in plan.cells.values()]
    treasures = [cell.treasure for cell in plan.cells.values()]
    if len(plan.exits) != 1 or kinds.count("arsenal") != 1 or kinds.count("medpost") != 1:
        return False
    if kinds.count("land") < 2 or treasures.count("real") > 1 or treasures.count("false") > 1:
        return False
    return rivers_pass(plan) and swamps_pass(plan) and holes_pass(plan)


def rivers_pass(plan: NaivePlan) -> bool:
    """Check the river-flow, river-merge, river-blocked and river-wall rules."""
    rivers = [p for p, cell in plan.cells.items() if cell.kind == "river"]
    targets = []
    for p in rivers:
        target = downstream(plan, p)
        if target is None or plan.cells[target].kind not in ("river", "mouth"):
            return False
        if border(p, target) in plan.walls:
            return False
        targets.append(target)
    if len(set(targets)) != len(targets):
        return False
    mouths = [p for p, cell in plan.cells.items() if cell.kind == "mouth"]
    if any(m not in targets for m in mouths):
        return False
    mouth_of = {m: m for m in mouths}
    for p in rivers:
        path = [p]
        while plan.cells[path[-1]].kind != "mouth":
            path.append(downstream(plan, path[-1]))  # type: ignore[arg-type]
            if path[-1] in path[:-1]:
                return False
        mouth_of[p] = path[-1]
    for a in mouth_of:
        for b in mouth_of:
            if b not in ((a[0], a[1] + 1), (a[0] + 1, a[1])) or (a, b) in plan.walls:
                continue
            if mouth_of[a] != mouth_of[b]:
                return False
            if downstream(plan, a) != b and downstream(plan, b) != a:
                return False
    return True


def swamps_pass(plan: NaivePlan) -> bool:
    """Check the swamp and swamp-count rules."""
    per_mouth: dict[tuple[int, int], int] = {}
    for (a, b), into in plan.swamps.items():
        source = a if into == b else b
        if (a, b) in plan.walls or plan.cells[into].kind != "mouth":
            return False
        if plan.cells[source].kind in ("river", "mouth"):
            return False
        per_mouth[into] = per_mouth.get(into, 0) + 1
    return all(count <= 3 for count in per_mouth.values())


def holes_pass(plan: NaivePlan) -> bool:
    """Check the hole-cycle rule."""
    cycles: dict[str, list[int]] = {}
    for cell in plan.cells.values():
        if cell.kind == "hole":
            cycles.setdefault(cell.cycle or "", []).append(cell.number or 0)
    return all(len(n) >= 2 and sorted(n) == list(range(1, len(n) + 1)) for n in cycles.values())


def carry(plan: NaivePlan, pos: tuple[int, int]) -> tuple[int, int]:
    """Return where the current takes a player who entered river cell pos from aside."""
    first = downstream(plan, pos)
    if first is None:
        return pos
    if plan.cells[first].kind == "mouth":
        return first
    second = downstream(plan, first)
    return second if second is not None else first


def enter(plan: NaivePlan, came_from: object, target: tuple[int, int]) -> tuple[int, int]:
    """Return where a player stepping from came_from into target ends up."""
    cell = plan.cells[target]
    if cell.kind == "hole":
        cycle = sorted((c.number or 0, p) for p, c in plan.cells.items()
                       if c.kind == "hole" and c.cycle == cell.cycle)
        at = [p for _, p in cycle].index(target)
        return cycle[(at + 1) % len(cycle)][1]
    if cell.kind != "river":
        return target
    if came_from != OUT and (downstream(plan, came_from) == target  # type: ignore[arg-type]
                             or downstream(plan, target) == came_from):
        return target
    return carry(plan, target)


def move(plan: NaivePlan, node: object, direction: str) -> object:
    """Return the node a player at node reaches by moving in direction."""
    exit_pos, exit_side = plan.exits[0]
    if node == OUT:
        if SIDE[OPPOSITE[direction]] == exit_side:
            return enter(plan, OUT, exit_pos)
        return OUT
    here: tuple[int, int] = node  # type: ignore[assignment]
    there = shifted(here, direction)
    if not inside(plan, there):
        return OUT if (here, SIDE[direction]) == (exit_pos, exit_side) else here
    if border(here, there) in plan.walls:
        return here
    if plan.swamps.get(border(here, there)) == here and plan.cells[here].kind == "mouth":
        return here
    return enter(plan, here, there)


def strongly_connected(plan: NaivePlan) -> bool:
    """Return True when every node reaches every other: one search from each node."""
    nodes: list[object] = [*plan.cells, OUT]
    for start in nodes:
        seen = {start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for direction in STEP:
                nxt = move(plan, node, direction)
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        if len(seen) < len(nodes):
            return False
    return True


def naive_valid(source: str | bytes) -> bool:
    """Return the verdict of check_plan(source, 'plan.txt') on a grid text plan."""
    if len(source) > MAX_BYTES:
        return False
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            return False
    plan = naive_parse(source)
    return plan is not None and rules_pass(plan) and strongly_connected(plan)

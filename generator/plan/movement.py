"""One move of a player under the movement rules of games.md §2, on a precomputed table.

Nodes are cell indexes `row * cols + col`; `Maze.outside` (= rows * cols) is the land outside
the maze, reachable only through the exit gap, whose only way back in is the same gap. A move:
1. a wall (simple or capital) on that side: the player stays;
2. leaving a mouth against a swamp arrow: the player stays (entering along it is a plain step);
3. through the exit gap: the player is outside;
4. into a hole: on at once to the next hole of its cycle (the last leads to the first);
5. into a river cell from anywhere but the previous or next cell of the same river: carried two
   cells downstream, or one if the next cell is the mouth; between consecutive cells of a river
   (either way, mouth included) there is no drift;
6. any other cell: the player stops there.
A start in a river cell is first carried by the current (`Maze.start`). Malformed parts (a river
flowing nowhere, a broken cycle) get the nearest sensible reading; the rules report them.
"""

from __future__ import annotations

from .model import DELTA, DIRECTION_OF, DIRECTIONS, HOLE, MOUTH, RIVER, SIDE_OF, Plan, Pos, step_pos

OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
_STEPS = [(d, DELTA[d]) for d in DIRECTIONS]
_SPECIAL = frozenset({HOLE, RIVER})


class Maze:
    """The move table of one plan: `moves[node][d]` for d in up, down, left, right."""

    def __init__(self, plan: Plan) -> None:
        self.rows, self.cols = plan.rows, plan.cols
        n = plan.rows * plan.cols
        self.outside = n
        cells = [plan.cells[i // plan.cols][i % plan.cols] for i in range(n)]
        self.kind = [c.kind for c in cells]
        self.down = [-1] * n
        for i, c in enumerate(cells):
            if c.kind == RIVER:
                r, col = step_pos(divmod(i, plan.cols), c.flow or "right")
                if 0 <= r < plan.rows and 0 <= col < plan.cols:
                    self.down[i] = r * plan.cols + col
        self.hole_next = list(range(n))
        cycles: dict[str, list[tuple[int, int]]] = {}
        for i, c in enumerate(cells):
            if c.kind == HOLE:
                cycles.setdefault(c.cycle or "", []).append((c.number or 0, i))
        for members in cycles.values():
            members.sort()
            for k, (_, i) in enumerate(members):
                self.hole_next[i] = members[(k + 1) % len(members)][1]
        self.exit = plan.exits[0] if len(plan.exits) == 1 else None
        self.moves = self._table(plan)
        self.moves.append([self._from_outside(d) for d in DIRECTIONS])

    def _table(self, plan: Plan) -> list[list[int]]:
        rows, cols, kind = self.rows, self.cols, self.kind
        walls, swamps, enter = plan.walls, plan.swamps, self.enter
        exit_node, exit_dir = -1, ""
        if self.exit is not None:
            exit_node = self._index(self.exit[0])
            exit_dir = DIRECTION_OF[self.exit[1]]
        table: list[list[int]] = []
        for node in range(rows * cols):
            r, c = divmod(node, cols)
            here = (r, c)
            row: list[int] = []
            for name, (dr, dc) in _STEPS:
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols):
                    row.append(self.outside if node == exit_node and name == exit_dir else node)
                    continue
                there = (rr, cc)
                b = (here, there) if dr + dc > 0 else (there, here)
                if b in walls or (swamps and swamps.get(b) == here and kind[node] == MOUTH):
                    row.append(node)
                    continue
                target = rr * cols + cc
                row.append(target if kind[target] not in _SPECIAL else enter(node, target))
            table.append(row)
        return table

    def _from_outside(self, direction: str) -> int:
        if self.exit is None or SIDE_OF[OPPOSITE[direction]] != self.exit[1]:
            return self.outside
        return self.enter(self.outside, self._index(self.exit[0]))

    def _index(self, pos: Pos) -> int:
        return pos[0] * self.cols + pos[1]

    def enter(self, came_from: int, target: int) -> int:
        """Return where a player stepping from came_from into target ends up."""
        kind = self.kind[target]
        if kind == HOLE:
            return self.hole_next[target]
        if kind != RIVER:
            return target
        if 0 <= came_from < self.outside and (
                self.down[came_from] == target or self.down[target] == came_from):
            return target
        return self.carry(target)

    def carry(self, node: int) -> int:
        """Return where the current takes a player who entered river cell node from aside."""
        first = self.down[node]
        if first < 0:
            return node
        if self.kind[first] == MOUTH:
            return first
        second = self.down[first]
        return second if second >= 0 else first

    def start(self, node: int) -> int:
        """Return where a player who chose node as start cell stands after rule 7."""
        return self.carry(node) if node < self.outside and self.kind[node] == RIVER else node

    def step(self, pos: Pos | None, direction: str) -> Pos | None:
        """Return the position after moving from pos (None = outside) in direction."""
        node = self.outside if pos is None else self._index(pos)
        result = self.moves[node][DIRECTIONS.index(direction)]  # type: ignore[arg-type]
        return None if result == self.outside else divmod(result, self.cols)  # type: ignore

    def start_at(self, pos: Pos) -> Pos:
        """Return where a player starting at pos stands once the current has carried him."""
        return divmod(self.start(self._index(pos)), self.cols)  # type: ignore[return-value]


def step(plan: Plan, pos: Pos | None, direction: str) -> Pos | None:
    """Return the position after one move from pos (None = outside) in direction."""
    return Maze(plan).step(pos, direction)

"""One move of a player under the movement rules of the rulebook, on a precomputed table.

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

from ..text.model import DIRECTION_OF, DIRECTIONS, HOLE, MOUTH, RIVER, Plan, Pos
from .geometry import DIRECTION_INDEX, OPPOSITE_INDEX, Geometry, PlanTables


class Maze:
    """The move table of one plan: `moves[node][d]` for d in up, down, left, right.

    The table starts as the plain steps of the plan's size (`Geometry.stay`); the steps into
    holes and river cells, then walls and swamps, then the exit are written over it.
    """

    def __init__(self, plan: Plan, tables: PlanTables | None = None) -> None:
        tables = tables or PlanTables(plan)
        geo, cells = tables.geo, tables.cells
        self.rows, self.cols = plan.rows, plan.cols
        n = plan.rows * plan.cols
        self.outside = n
        self.kind = tables.kinds
        self.down = down = [-1] * n
        self.hole_next = list(range(n))
        rivers, holes = tables.indexes(RIVER), tables.indexes(HOLE)
        for i in rivers:
            down[i] = geo.neighbours[i][DIRECTION_INDEX[cells[i].flow or "right"]]
        cycles: dict[str, list[tuple[int, int]]] = {}
        for i in holes:
            cycles.setdefault(cells[i].cycle or "", []).append((cells[i].number or 0, i))
        for members in cycles.values():
            members.sort()
            for k, (_, i) in enumerate(members):
                self.hole_next[i] = members[(k + 1) % len(members)][1]
        self.exit = plan.exits[0] if len(plan.exits) == 1 else None
        self.moves = self._table(plan, geo, rivers, holes)

    def _table(self, plan: Plan, geo: Geometry, rivers: list[int], holes: list[int]) -> list[
            list[int]]:
        """Return the moves of every cell, then of the outside (walls and swamps win)."""
        n, kind, down = self.outside, self.kind, self.down
        table = list(map(list, geo.stay))
        outside = [n, n, n, n]
        if self.exit is not None:
            gap = self._index(self.exit[0])
            way_out = DIRECTION_INDEX[DIRECTION_OF[self.exit[1]]]
            if 0 <= gap < n and geo.neighbours[gap][way_out] < 0:
                table[gap][way_out] = n
        for target in holes:  # what enter() gives for a hole
            for node, d in geo.into[target]:
                table[node][d] = self.hole_next[target]
        for target in rivers:  # what enter() gives for a river cell, from inside the plan
            drift, after = self.carry(target), down[target]
            for node, d in geo.into[target]:
                table[node][d] = target if down[node] == target or after == node else drift
        sides = geo.sides
        for b in plan.walls:
            found = sides.get(b)
            if found is not None:
                a, da, c, dc = found
                table[a][da] = a
                table[c][dc] = c
        for b, into in plan.swamps.items():
            found = sides.get(b)
            if found is not None:
                a, da, c, dc = found
                if into == b[0] and kind[a] == MOUTH:
                    table[a][da] = a
                elif into == b[1] and kind[c] == MOUTH:
                    table[c][dc] = c
        if self.exit is not None:  # the only way in: through the gap, towards the plan
            outside[OPPOSITE_INDEX[way_out]] = self.enter(n, gap)
        table.append(outside)
        return table

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

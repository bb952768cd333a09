"""The `reachability` rule: from every cell every other cell can be reached by moves.

The graph has one node per cell plus the outside (see `movement.Maze`). The plan passes when all
nodes are mutually reachable, which one depth-first search from the outside tells (Tarjan's
low links; very large graphs, or a caller already deep in its stack, use a forward and a
backward search instead). Otherwise the largest strongly connected group of cells is "the rest
of the plan" (the groups come from two searches, Kosaraju's) and the rule reports, as two
problems at most, the cells that cannot be reached from it and the cells from which it cannot
be reached, naming a sample cell of it and the walls around the cut-off cells.
"""

from __future__ import annotations

from ..text.model import Plan, Pos, cell_name, direction_between
from .messages import Nested
from .movement import Maze
from .report import Finding, Locator

MAX_WALLS_NAMED = 6
MAX_RECURSIVE_NODES = 200  # a 12 × 12 plan has 145 nodes


def _search(edges: list[list[int]], root: int) -> list[bool]:
    seen = [False] * len(edges)
    seen[root] = True
    stack = [root]
    while stack:
        for nxt in edges[stack.pop()]:
            if not seen[nxt]:
                seen[nxt] = True
                stack.append(nxt)
    return seen


def _reverse(edges: list[list[int]]) -> list[list[int]]:
    back: list[list[int]] = [[] for _ in edges]
    for node, outs in enumerate(edges):
        for nxt in outs:
            if nxt != node:
                back[nxt].append(node)
    return back


def moves_to_exit(maze: Maze) -> list[int]:
    """Return, per cell, the fewest moves that take a player out of the maze (-1: never)."""
    back = _reverse(maze.moves)
    out = maze.outside
    distance = [-1] * len(back)
    distance[out] = 0
    frontier = [out]
    while frontier:
        following: list[int] = []
        for node in frontier:
            step = distance[node] + 1
            for prev in back[node]:
                if distance[prev] < 0:
                    distance[prev] = step
                    following.append(prev)
        frontier = following
    return distance[:out]


def all_reachable(maze: Maze) -> bool:
    """Return True when every node of maze can reach every other."""
    edges, root = maze.moves, maze.outside
    if len(edges) <= MAX_RECURSIVE_NODES:
        try:
            return _one_component(edges, root)
        except RecursionError:
            pass
    return all(_search(edges, root)) and all(_search(_reverse(edges), root))


def _one_component(edges: list[list[int]], root: int) -> bool:
    """Return True when the graph is strongly connected: one depth-first search (Tarjan).

    Every node is numbered in the order it is found; `low` is the smallest number reachable
    from a node's subtree through one more edge. A node other than the root whose `low` is its
    own number starts a group that cannot reach back to the root, so the search stops at once.
    Until then every node found is still open, so any edge to a found node may lower `low`.
    """
    number = [-1] * len(edges)
    count = 0

    def visit(node: int) -> int:
        nonlocal count
        mine = low = number[node] = count
        count += 1
        for nxt in edges[node]:
            seen = number[nxt]
            if seen < 0:
                seen = visit(nxt)
                if seen < 0:
                    return -1
            if seen < low:
                low = seen
        return -1 if low == mine and mine else low

    return visit(root) >= 0 and count == len(edges)


def _finish_order(edges: list[list[int]]) -> list[int]:
    """Return every node in the order a depth-first search over edges finishes it."""
    seen = [False] * len(edges)
    order: list[int] = []
    for root in range(len(edges)):
        if seen[root]:
            continue
        seen[root] = True
        stack = [(root, iter(edges[root]))]
        while stack:
            node, outs = stack[-1]
            for nxt in outs:
                if not seen[nxt]:
                    seen[nxt] = True
                    stack.append((nxt, iter(edges[nxt])))
                    break
            else:
                stack.pop()
                order.append(node)
    return order


def _components(edges: list[list[int]]) -> list[list[int]]:
    """Return the strongly connected groups of nodes, each sorted (Kosaraju: two searches)."""
    back = _reverse(edges)
    group_of = [-1] * len(edges)
    groups: list[list[int]] = []
    for root in reversed(_finish_order(edges)):
        if group_of[root] >= 0:
            continue
        group_of[root] = len(groups)
        group = [root]
        stack = [root]
        while stack:
            for prev in back[stack.pop()]:
                if group_of[prev] < 0:
                    group_of[prev] = len(groups)
                    group.append(prev)
                    stack.append(prev)
        groups.append(sorted(group))
    return groups


def component_of(maze: Maze) -> list[int]:
    """Return, per node, the number of its strongly connected group (the outside included)."""
    group = [0] * len(maze.moves)
    for number, members in enumerate(_components(maze.moves)):
        for node in members:
            group[node] = number
    return group


def _walls_around(plan: Plan, group: set[Pos]) -> list[str]:
    names = []
    for a, b in sorted(plan.walls):
        if (a in group) != (b in group) and direction_between(a, b):
            names.append(f"{cell_name(a)}–{cell_name(b)}")
    if len(names) > MAX_WALLS_NAMED:
        names = names[:MAX_WALLS_NAMED] + ["…"]
    return names


def check_reachability(plan: Plan, loc: Locator, maze: Maze | None = None) -> list[Finding]:
    """Return reachability findings for plan (none when every cell reaches every other)."""
    maze = maze or Maze(plan)
    if all_reachable(maze):
        return []
    edges = maze.moves
    n = maze.outside
    groups = _components(edges)
    main = max(groups, key=lambda g: (sum(1 for m in g if m < n), n in g, -min(g)))
    root = main[0]
    sample = cell_name(divmod(min(m for m in main if m < n), plan.cols)) if any(
        m < n for m in main) else "—"
    unreached = _search(edges, root)
    stuck = _search(_reverse(edges), root)
    out: list[Finding] = []
    for key, ok in (("reachability.in", unreached), ("reachability.out", stuck)):
        cells: list[Pos] = [divmod(m, plan.cols) for m in range(n) if not ok[m]]  # type: ignore
        if not cells:
            continue
        walls = _walls_around(plan, set(cells))
        fix = Nested("reachability.fix-walls", {"walls": ", ".join(walls)}) if walls else (
            Nested("reachability.fix-other", {}))
        line, col = loc.cell(cells[0])
        out.append(Finding("reachability", key, line, col, tuple(cell_name(p) for p in cells),
                           {"cells": ", ".join(cell_name(p) for p in cells), "other": sample,
                            "fix": fix}))
    return out

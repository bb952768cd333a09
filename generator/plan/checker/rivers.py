"""River rules: `river-flow`, `river-merge`, `river-blocked` and `river-wall`.

A river cell flows into the neighbour its arrow points at; that neighbour must be a river cell
or a mouth. Following the arrows from any river cell must end at a mouth. Cells whose chain does
not reach a mouth (it leaves the plan, hits a non-river cell or loops) belong to no river; the
`river-wall` rule skips them so that one wrong arrow does not flood the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..text.model import MOUTH, RIVER, Plan, Pos, cell_name
from .geometry import DIRECTION_INDEX, PlanTables
from .messages import Term
from .report import Finding, Locator

Fault = tuple[str, list[Pos]]


@dataclass(slots=True)
class Rivers:
    """The river structure of a plan: downstream links and the mouth each cell drains to."""

    downstream: dict[Pos, Pos] = field(default_factory=dict)
    mouth_of: dict[Pos, Pos] = field(default_factory=dict)


def _finding(rule: str, key: str, where: tuple[int, int], cells: list[Pos], /,
             **params: object) -> Finding:
    return Finding(rule, key, where[0], where[1], tuple(cell_name(p) for p in cells), params)


def _direction_term(flow: str) -> Term:
    return Term(flow if flow in ("up", "down") else "to-" + flow)


def _trace(tables: PlanTables) -> tuple[dict[int, int], dict[int, int], list[Fault]]:
    """Follow every arrow; return downstream links, mouths and faults, by cell index."""
    geo, cells, kinds = tables.geo, tables.cells, tables.kinds
    pos = geo.positions
    river_cells = tables.indexes(RIVER)
    faults: list[Fault] = []
    downstream: dict[int, int] = {}
    sources: dict[int, list[int]] = {}
    for p in river_cells:
        target = geo.neighbours[p][DIRECTION_INDEX[cells[p].flow or "right"]]
        if target < 0:
            faults.append(("off", [pos[p]]))
        elif kinds[target] != RIVER and kinds[target] != MOUTH:
            faults.append(("into", [pos[p], pos[target]]))
        else:
            downstream[p] = target
            sources.setdefault(target, []).append(p)
    if len(sources) < len(downstream):  # two arrows point into one cell
        for target, froms in sources.items():
            if len(froms) > 1:
                faults.append(("merge", [*(pos[p] for p in froms), pos[target]]))
    mouth_of: dict[int, int] = {}
    for p in tables.indexes(MOUTH):
        mouth_of[p] = p
        if p not in sources:
            faults.append(("mouth", [pos[p]]))
    state: dict[int, int | None] = {}
    for p in river_cells:
        if p in state:
            continue
        path: list[int] = []
        node: int | None = p
        while node is not None and node not in state:
            if node in path:
                loop = path[path.index(node):]
                start = loop.index(min(loop))
                faults.append(("loop", [pos[q] for q in loop[start:] + loop[:start]]))
                node = None
                break
            if kinds[node] == MOUTH:
                break
            path.append(node)
            node = downstream.get(node)
        end = state.get(node) if node in state else node
        for q in path:
            state[q] = end
    for p, mouth in state.items():
        if mouth is not None:
            mouth_of[p] = mouth
    return downstream, mouth_of, faults


def _rivers(tables: PlanTables, downstream: dict[int, int], mouth_of: dict[int, int]) -> Rivers:
    pos = tables.geo.positions
    return Rivers({pos[p]: pos[q] for p, q in downstream.items()},
                  {pos[p]: pos[q] for p, q in mouth_of.items()})


def trace_rivers(plan: Plan, tables: PlanTables | None = None) -> tuple[Rivers, list[Fault]]:
    """Follow every arrow; return the rivers and the flow faults found (kind, cells)."""
    tables = tables or PlanTables(plan)
    downstream, mouth_of, faults = _trace(tables)
    return _rivers(tables, downstream, mouth_of), faults


def check_rivers(plan: Plan, loc: Locator, tables: PlanTables | None = None) -> tuple[
        Rivers, list[Finding]]:
    """Check every river rule; return the rivers and the findings."""
    tables = tables or PlanTables(plan)
    down, mouth_of, out = _check(plan, loc, tables)
    return _rivers(tables, down, mouth_of), out


def river_findings(plan: Plan, loc: Locator, tables: PlanTables) -> list[Finding]:
    """Check every river rule; return the findings."""
    return _check(plan, loc, tables)[2]


def _check(plan: Plan, loc: Locator, tables: PlanTables) -> tuple[
        dict[int, int], dict[int, int], list[Finding]]:
    """Check every river rule; return downstream links and mouths by index, and the findings."""
    down, mouth_of, faults = _trace(tables)
    out: list[Finding] = []
    for kind, cells in faults:
        first = cells[0]
        if kind == "off":
            out.append(_finding("river-flow", "river-flow.off", loc.cell(first), cells,
                                cell=cell_name(first),
                                direction=_direction_term(plan.cell(first).flow or "right")))
        elif kind == "into":
            target = cells[1]
            out.append(_finding("river-flow", "river-flow.into", loc.cell(first), cells,
                                cell=cell_name(first), target=cell_name(target),
                                kind=Term(plan.cell(target).kind)))
        elif kind == "loop":
            names = " → ".join(cell_name(p) for p in [*cells, cells[0]])
            out.append(_finding("river-flow", "river-flow.loop", loc.cell(first), cells,
                                cells=names))
        elif kind == "mouth":
            out.append(_finding("river-flow", "river-flow.mouth", loc.cell(first), cells,
                                cell=cell_name(first)))
        else:
            target = cells[-1]
            out.append(_finding("river-merge", "river-merge.merge", loc.cell(target), cells,
                                target=cell_name(target),
                                cells=", ".join(cell_name(p) for p in cells[:-1])))
    geo, walls = tables.geo, plan.walls
    pos = geo.positions
    for p, q in down.items():  # added in reading order
        if ((pos[p], pos[q]) if p < q else (pos[q], pos[p])) in walls:  # border(p, q)
            out.append(_finding("river-blocked", "river-blocked.wall", loc.border(pos[p], pos[q]),
                                [pos[p], pos[q]], a=cell_name(pos[p]), b=cell_name(pos[q])))
    for a in sorted(mouth_of):
        ma = mouth_of[a]
        around = geo.neighbours[a]
        for b in (around[3], around[1]):  # right, then down: the order of internal_borders()
            mb = mouth_of.get(b)
            if mb is None or (ma == mb and (down.get(a) == b or down.get(b) == a)):
                continue  # not both on rivers, or consecutive cells of one river
            if (pos[a], pos[b]) in walls:
                continue
            key = "river-wall.different" if ma != mb else "river-wall.same"
            out.append(_finding("river-wall", key, loc.border(pos[a], pos[b]), [pos[a], pos[b]],
                                a=cell_name(pos[a]), b=cell_name(pos[b])))
    return down, mouth_of, out

"""River rules: `river-flow`, `river-merge`, `river-blocked` and `river-wall`.

A river cell flows into the neighbour its arrow points at; that neighbour must be a river cell
or a mouth. Following the arrows from any river cell must end at a mouth. Cells whose chain does
not reach a mouth (it leaves the plan, hits a non-river cell or loops) belong to no river; the
`river-wall` rule skips them so that one wrong arrow does not flood the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .messages import Term
from .model import MOUTH, RIVER, Plan, Pos, border, cell_name, step_pos
from .report import Finding, Locator


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


def trace_rivers(plan: Plan) -> tuple[Rivers, list[tuple[str, list[Pos]]]]:
    """Follow every arrow; return the rivers and the flow faults found (kind, cells)."""
    rivers = Rivers()
    faults: list[tuple[str, list[Pos]]] = []
    sources: dict[Pos, list[Pos]] = {}
    river_cells = [p for p in plan.positions() if plan.cell(p).kind == RIVER]
    for p in river_cells:
        target = step_pos(p, plan.cell(p).flow or "right")
        if not plan.inside(target):
            faults.append(("off", [p]))
        elif not plan.cell(target).is_river_or_mouth:
            faults.append(("into", [p, target]))
        else:
            rivers.downstream[p] = target
            sources.setdefault(target, []).append(p)
    for target, froms in sources.items():
        if len(froms) > 1:
            faults.append(("merge", [*froms, target]))
    for p in plan.positions():
        if plan.cell(p).kind == MOUTH:
            rivers.mouth_of[p] = p
            if p not in sources:
                faults.append(("mouth", [p]))
    state: dict[Pos, Pos | None] = {}
    for p in river_cells:
        path: list[Pos] = []
        on_path: set[Pos] = set()
        node: Pos | None = p
        while node is not None and node not in state:
            if node in on_path:
                loop = path[path.index(node):]
                start = loop.index(min(loop))
                faults.append(("loop", loop[start:] + loop[:start]))
                node = None
                break
            if plan.cell(node).kind == MOUTH:
                break
            path.append(node)
            on_path.add(node)
            node = rivers.downstream.get(node)
        end = state.get(node) if node in state else node
        for q in path:
            state[q] = end
    for p, mouth in state.items():
        if mouth is not None:
            rivers.mouth_of[p] = mouth
    return rivers, faults


def check_rivers(plan: Plan, loc: Locator) -> tuple[Rivers, list[Finding]]:
    """Check every river rule; return the rivers and the findings."""
    rivers, faults = trace_rivers(plan)
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
    for p, q in sorted(rivers.downstream.items()):
        if border(p, q) in plan.walls:
            out.append(_finding("river-blocked", "river-blocked.wall", loc.border(p, q), [p, q],
                                a=cell_name(p), b=cell_name(q)))
    down = rivers.downstream
    for a, b in plan.internal_borders():
        ma, mb = rivers.mouth_of.get(a), rivers.mouth_of.get(b)
        if ma is None or mb is None or (a, b) in plan.walls:
            continue
        if ma != mb:
            key = "river-wall.different"
        elif down.get(a) != b and down.get(b) != a:
            key = "river-wall.same"
        else:
            continue
        out.append(_finding("river-wall", key, loc.border(a, b), [a, b],
                            a=cell_name(a), b=cell_name(b)))
    return rivers, out

"""Every rule of the plan (ids as in docs/plan-format.md), run on a readable `Plan`.

`check_rules()` reports all problems in one pass. Reachability runs only when the movement
model is well defined: it is skipped while the plan has errors of the rules in
`BLOCKS_REACHABILITY` (unknown codes, not exactly one exit, broken rivers, misplaced swamps,
a mouth swamped on all four sides, broken hole cycles), because a result computed on such a
plan would only add noise (a mouth with four swamps is a trap by itself). Problems of the
other rules (counts of arsenals, medposts, land, treasures; missing river walls) leave the
movement well defined, so reachability is still checked with them.
"""

from __future__ import annotations

from ..text.model import ARSENAL, HOLE, LAND, MEDPOST, MOUTH, Plan, Pos, cell_name
from .geometry import PlanTables
from .messages import SideList
from .movement import Maze
from .reach import check_reachability
from .report import ERROR, WARNING, Finding, Locator
from .rivers import river_findings

BLOCKS_REACHABILITY = frozenset(
    {"syntax", "size", "cell-code", "exit", "river-flow", "river-merge", "river-blocked",
     "swamp", "swamp-count", "hole-cycle"})
MAX_SWAMPS = 3


def _at(rule: str, key: str, where: tuple[int, int], cells: list[Pos], severity: str = ERROR,
        /, **params: object) -> Finding:
    return Finding(rule, key, where[0], where[1], tuple(cell_name(p) for p in cells), params,
                   severity)


def _names(cells: list[Pos]) -> str:
    return ", ".join(cell_name(p) for p in cells)


def check_exit(plan: Plan, loc: Locator) -> list[Finding]:
    """Check that the outer frame has exactly one gap."""
    if len(plan.exits) == 1:
        return []
    if not plan.exits:
        return [_at("exit", "exit.none", loc.origin(), [])]
    where = SideList((cell_name(p), s) for p, s in plan.exits)
    pos, side = plan.exits[1]
    return [_at("exit", "exit.many", loc.side(pos, side), [p for p, _ in plan.exits],
                count=len(plan.exits), where=where)]


def check_counts(plan: Plan, loc: Locator, tables: PlanTables | None = None) -> list[Finding]:
    """Check the arsenal, medpost, land and treasure counts."""
    tables = tables or PlanTables(plan)
    pos = tables.geo.positions
    out: list[Finding] = []
    for kind in (ARSENAL, MEDPOST):
        count = tables.count(kind)
        if not count:
            out.append(_at(kind, f"{kind}.none", loc.origin(), []))
        elif count > 1:
            found = [pos[i] for i in tables.indexes(kind)]
            out.append(_at(kind, f"{kind}.many", loc.cell(found[1]), found, count=len(found),
                           cells=_names(found)))
    if tables.count(LAND) < 2:
        lands = [pos[i] for i in tables.indexes(LAND)]
        where = loc.cell(lands[0]) if lands else loc.origin()
        out.append(_at("land", "land.few", where, lands, count=len(lands),
                       missing=2 - len(lands)))
    for which in ("real", "false"):
        found = [pos[i] for i, treasure in tables.treasures if treasure == which]
        if len(found) > 1:
            out.append(_at("treasure", f"treasure.{which}", loc.cell(found[1]), found,
                           count=len(found), cells=_names(found)))
    return out


def check_swamps(plan: Plan, loc: Locator) -> list[Finding]:
    """Check where swamps stand and how many each mouth has.

    A mouth has at most three sides free of its own river, so a fourth swamp always lies on
    the river's side: then only `swamp-count` is reported, naming the swamp to remove.
    """
    out: list[Finding] = []
    into_mouth: dict[Pos, list[Pos]] = {}
    for (a, b), into in sorted(plan.swamps.items()):
        if (a, b) not in plan.walls and plan.cell(into).kind == MOUTH:
            into_mouth.setdefault(into, []).append(a if into == b else b)
    crowded = {m for m, froms in into_mouth.items() if len(froms) > MAX_SWAMPS}
    for mouth in sorted(crowded):
        froms = into_mouth[mouth]
        extra = [p for p in froms if plan.cell(p).is_river_or_mouth] or froms[MAX_SWAMPS:]
        out.append(_at("swamp-count", "swamp-count.many", loc.cell(mouth), [mouth, *froms],
                       mouth=cell_name(mouth), count=len(froms), extra=_names(extra)))
    for (a, b), into in sorted(plan.swamps.items()):
        source = a if into == b else b
        if (a, b) in plan.walls:
            out.append(_at("swamp", "swamp.wall", loc.border(a, b), [a, b], a=cell_name(a),
                           b=cell_name(b)))
        elif plan.cell(into).kind == MOUTH:
            if plan.cell(source).is_river_or_mouth and into not in crowded:
                out.append(_at("swamp", "swamp.river", loc.border(a, b), [into, source],
                               mouth=cell_name(into), other=cell_name(source)))
        elif plan.cell(source).kind == MOUTH:
            key = "swamp.river" if plan.cell(into).is_river_or_mouth else "swamp.out"
            out.append(_at("swamp", key, loc.border(a, b), [source, into],
                           mouth=cell_name(source), other=cell_name(into)))
        else:
            out.append(_at("swamp", "swamp.not-mouth", loc.border(a, b), [a, b],
                           a=cell_name(a), b=cell_name(b)))
    return out


def check_holes(plan: Plan, loc: Locator, tables: PlanTables | None = None) -> list[Finding]:
    """Check that every hole cycle is numbered 1..n with n >= 2 and spelled one way."""
    tables = tables or PlanTables(plan)
    cells, pos = tables.cells, tables.geo.positions
    out: list[Finding] = []
    cycles: dict[str, list[int]] = {}
    for i in tables.indexes(HOLE):
        cycle = cells[i].cycle
        if cycle is not None:
            cycles.setdefault(cycle, []).append(i)
    for members in cycles.values():
        holes = [pos[i] for i in members]
        first = holes[0]
        letter = cells[members[0]].code[0].upper()
        numbers = sorted([cells[i].number or 0 for i in members])
        if len(holes) == 1:
            out.append(_at("hole-cycle", "hole-cycle.single", loc.cell(first), holes,
                           letter=letter, cell=cell_name(first)))
        elif numbers != list(range(1, len(holes) + 1)):
            out.append(_at("hole-cycle", "hole-cycle.numbers", loc.cell(first), holes,
                           letter=letter, numbers=", ".join(map(str, numbers)),
                           count=len(holes)))
        if len({cells[i].code[0].upper() for i in members}) > 1:
            codes = ", ".join(f"{cells[i].code} ({cell_name(pos[i])})" for i in members)
            out.append(_at("hole-cycle", "hole-cycle.spelling", loc.cell(first), holes,
                           WARNING, letter=letter, codes=codes))
    return out


def check_rules(plan: Plan, loc: Locator, earlier: list[Finding] | None = None) -> list[Finding]:
    """Run every rule on plan; earlier findings (from reading) decide whether reachability runs."""
    tables = PlanTables(plan)
    out: list[Finding] = []
    out += check_exit(plan, loc)
    out += check_counts(plan, loc, tables)
    out += river_findings(plan, loc, tables)
    if plan.swamps:
        out += check_swamps(plan, loc)
    out += check_holes(plan, loc, tables)
    so_far = [*(earlier or ()), *out]
    if not so_far or not any(f.severity == ERROR and f.rule in BLOCKS_REACHABILITY
                             for f in so_far):
        out += check_reachability(plan, loc, Maze(plan, tables))
    return out

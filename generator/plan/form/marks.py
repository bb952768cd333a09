"""Plans to form marks and back: which slots are traced and which boxes filled.

`plan_marks` lists what a host marks for a plan; `read_plan` turns the reader's measured
scores (0 = clean paper, 1 = fully marked) into a plan and the marks it is unsure of. A
score strictly between the clean and the marked level of its kind (`SLOT_LEVELS`, `BOX_LEVELS`) is
doubtful: the mark is reported, never silently guessed. The levels sit in the wide gaps the
accuracy benchmark measures (docs/benchmarks.md): an empty box scores 0.00 almost always, a
filled one 0.75 and more; an untraced slot up to 0.2 (its printed dots, a neighbour's
overshoot), a traced one 0.8 and more.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.model import (
    ARSENAL,
    HOLE,
    LAND,
    MEDPOST,
    MOUTH,
    RIVER,
    Cell,
    Plan,
    Pos,
    border,
    perimeter_sides,
    step_pos,
)
from .layout import ARROW_KEYS, CYCLE_KEYS, CYCLE_LETTERS, NUMBER_KEYS, Layout

SLOT_LEVELS = (0.35, 0.65)  # a wall slot: at or below, untraced; at or above, traced
BOX_LEVELS = (0.15, 0.35)  # a mark or swamp box: at or below, clean; at or above, filled
SIDE_DIR = {"top": "up", "bottom": "down", "left": "left", "right": "right"}
CODES = {
    "ru": {LAND: "С", ARSENAL: "Ар", MEDPOST: "М", MOUTH: "У", "real": "Кн", "false": "Кл",
           "river": "Р"},
    "en": {LAND: ".", ARSENAL: "A", MEDPOST: "H", MOUTH: "O", "real": "T+", "false": "T-",
           "river": "R"},
}
ARROW_CHAR = {"up": "^", "down": "v", "left": "<", "right": ">"}


class FormFillError(ValueError):
    """A plan the form cannot show (more than 4 hole cycles, a hole numbered above 4)."""


def cycle_slots(plan: Plan) -> dict[str, int]:
    """Return each hole cycle's box (0..3), in the order the cycles are first met."""
    order: dict[str, int] = {}
    for row in plan.cells:
        for cell in row:
            if cell.kind == HOLE and cell.cycle is not None and cell.cycle not in order:
                order[cell.cycle] = len(order)
    return order


Mark = tuple[Pos, str]  # a wall slot (cell, side), a mark box (cell, key), a swamp box (cell, side)


def plan_marks(plan: Plan, lay: Layout) -> tuple[list[Mark], list[Mark], list[Mark]]:
    """Return the wall slots a host traces, the mark boxes and the swamp boxes they fill."""
    exits = set(plan.exits)
    walls: list[Mark] = []
    for pos, side in lay.slots():
        if side in perimeter_sides(plan.rows, plan.cols, pos):
            if (pos, side) not in exits:
                walls.append((pos, side))
        elif border(pos, step_pos(pos, SIDE_DIR[side])) in plan.walls:
            walls.append((pos, side))
    cycles = cycle_slots(plan)
    if len(cycles) > len(CYCLE_KEYS):
        raise FormFillError(f"the plan has {len(cycles)} hole cycles: the form has room for "
                            f"{len(CYCLE_KEYS)}")
    marks = [(pos, key) for pos in plan.positions()
             for key in cell_keys(plan.cell(pos), cycles, pos)]
    swamps: list[Mark] = []
    for (a, b), target in sorted(plan.swamps.items()):
        source = b if target == a else a
        swamps.append((target, next(s for s, d in SIDE_DIR.items()
                                    if step_pos(target, d) == source)))
    return walls, marks, swamps


def plan_key(plan: Plan) -> tuple:
    """Return what the form records of plan, to compare two plans (hole letters by order)."""
    cycles = cycle_slots(plan)
    cells = tuple((c.kind, c.flow, c.treasure, cycles.get(c.cycle or ""), c.number)
                  for row in plan.cells for c in row)
    return (plan.rows, plan.cols, cells, frozenset(plan.walls),
            frozenset(plan.swamps.items()), frozenset(plan.exits))


def cell_keys(cell: Cell, cycles: dict[str, int], pos: Pos) -> list[str]:
    """Return the boxes filled for one cell."""
    if cell.kind in (ARSENAL, MEDPOST, MOUTH):
        return [cell.kind]
    if cell.kind == RIVER and cell.flow:
        return [cell.flow]
    if cell.kind == HOLE and cell.cycle is not None and cell.number is not None:
        if not 1 <= cell.number <= len(NUMBER_KEYS):
            from ..text.model import cell_name
            raise FormFillError(f"hole {cell.code} in {cell_name(pos)}: the form numbers holes "
                                f"1 to {len(NUMBER_KEYS)}")
        return [CYCLE_KEYS[cycles[cell.cycle]], NUMBER_KEYS[cell.number - 1]]
    if cell.treasure in ("real", "false"):
        return [cell.treasure]
    return []


@dataclass(frozen=True)
class Doubt:
    """One mark the reader is unsure of (or a contradiction on the form)."""

    cells: tuple[Pos, ...]
    what: str  # a message key of texts.DOUBTS
    score: float | None = None
    detail: str = ""


def _state(score: float, levels: tuple[float, float]) -> bool | None:
    """Return True (marked), False (clean) or None (doubtful) for a score."""
    if score >= levels[1]:
        return True
    if score <= levels[0]:
        return False
    return None


def is_marked(score: float, levels: tuple[float, float]) -> bool:
    """Return the likelier reading of a score: marked or not."""
    return score >= (levels[0] + levels[1]) / 2


def read_plan(lay: Layout, slots: dict[tuple[Pos, str], float],
              marks: dict[tuple[Pos, str], float], swamps: dict[tuple[Pos, str], float],
              lang: str) -> tuple[Plan, list[Doubt]]:
    """Return the plan the scores say (likeliest reading) and every doubt about it."""
    doubts: list[Doubt] = []
    walls: set = set()
    exits = []
    for (pos, side), score in slots.items():
        state = _state(score, SLOT_LEVELS)
        outer = side in perimeter_sides(lay.rows, lay.cols, pos)
        other = step_pos(pos, SIDE_DIR[side])
        if state is None:
            doubts.append(Doubt((pos,) if outer else (pos, other),
                                "frame" if outer else "wall", score, side))
        traced = is_marked(score, SLOT_LEVELS)
        if outer and not traced:
            exits.append((pos, side))
        elif not outer and traced:
            walls.add(border(pos, other))
    codes = CODES[lang]
    cells = []
    for r in range(lay.rows):
        row = []
        for c in range(lay.cols):
            row.append(_read_cell(lay, (r, c), marks, codes, lang, doubts))
        cells.append(row)
    plan_swamps = {}
    for (pos, side), score in swamps.items():
        state = _state(score, BOX_LEVELS)
        other = step_pos(pos, SIDE_DIR[side])
        if state is None:
            doubts.append(Doubt((pos,), "swamp", score, side))
        if is_marked(score, BOX_LEVELS):
            b = border(pos, other)
            if b in plan_swamps:
                doubts.append(Doubt((pos, other), "swamp-both"))
            elif b in walls:
                doubts.append(Doubt((pos, other), "swamp-wall"))
            else:
                plan_swamps[b] = pos
    plan = Plan(lay.rows, lay.cols, cells, walls, plan_swamps,
                sorted(exits))  # type: ignore[arg-type]  # sides come from the layout
    return plan, doubts


def _read_cell(lay: Layout, pos: Pos, marks: dict[tuple[Pos, str], float],
               codes: dict[str, str], lang: str, doubts: list[Doubt]) -> Cell:
    """Return the cell its boxes say, adding doubts about unclear or clashing boxes."""
    on = []
    for key in ("arsenal", "medpost", "mouth", "real", "false", *ARROW_KEYS, *CYCLE_KEYS,
                *NUMBER_KEYS):
        score = marks[(pos, key)]
        state = _state(score, BOX_LEVELS)
        if state is None:
            group = ("direction" if key in ARROW_KEYS else "cycle" if key in CYCLE_KEYS
                     else "number" if key in NUMBER_KEYS else "object")
            doubts.append(Doubt((pos,), group, score, key))
        if is_marked(score, BOX_LEVELS):
            on.append(key)
    arrows = [k for k in on if k in ARROW_KEYS]
    letters = [k for k in on if k in CYCLE_KEYS]
    numbers = [k for k in on if k in NUMBER_KEYS]
    objects = [k for k in on if k in ("arsenal", "medpost", "mouth", "real", "false")]
    groups = [g for g in (arrows, letters + numbers, objects) if g]
    if len(groups) > 1 or len(arrows) > 1 or len(objects) > 1 or len(letters) > 1 \
            or len(numbers) > 1 or (letters and not numbers) or (numbers and not letters):
        doubts.append(Doubt((pos,), "clash", None, ", ".join(on)))
    if arrows:
        flow = arrows[0]
        return Cell(RIVER, codes["river"] + ARROW_CHAR[flow], flow=flow)
    if letters and numbers:
        letter = CYCLE_LETTERS[lang][CYCLE_KEYS.index(letters[0])]
        number = NUMBER_KEYS.index(numbers[0]) + 1
        return Cell(HOLE, f"{letter}{number}", cycle=letter, number=number)
    if objects:
        key = objects[0]
        if key in ("real", "false"):
            return Cell(LAND, codes[key], treasure=key)
        return Cell(key, codes[key])
    return Cell(LAND, codes[LAND])

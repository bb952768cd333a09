"""What a plan holds, counted, and the one-line summary printed with random plans and sheets.

`plan_stats()` counts rivers, holes, swamps and simple walls and measures, by the movement
rules, how many moves the real treasure lies from the way out (`reach.moves_to_exit`).
`summary_line()` words it in Russian or English, e.g. `2 rivers (7 cells), 4 holes in 2
ravines, 3 swamps, 14 walls; real treasure to exit: 5 moves`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text.model import HOLE, MOUTH, RIVER, Plan
from .geometry import PlanTables
from .movement import Maze
from .reach import moves_to_exit


@dataclass(frozen=True, slots=True)
class PlanStats:
    """Counts of one plan; `treasure_moves` is None without a real treasure or a way out."""

    cells: int
    rivers: int
    river_cells: int
    holes: int
    ravines: int
    swamps: int
    walls: int
    treasure_moves: int | None

    @property
    def feature_share(self) -> float:
        """Return the share of cells that are rivers, mouths or holes."""
        return (self.river_cells + self.holes) / self.cells


def treasure_moves(plan: Plan, maze: Maze | None = None,
                   tables: PlanTables | None = None) -> int | None:
    """Return the fewest moves from the real treasure out of the maze, or None."""
    tables = tables or PlanTables(plan)
    real = [i for i, which in tables.treasures if which == "real"]
    if len(real) != 1 or len(plan.exits) != 1:
        return None
    distance = moves_to_exit(maze or Maze(plan, tables))[real[0]]
    return distance if distance >= 0 else None


def plan_stats(plan: Plan) -> PlanStats:
    """Count what plan holds."""
    tables = PlanTables(plan)
    holes = tables.indexes(HOLE)
    cycles = {tables.cells[i].cycle for i in holes}
    mouths = tables.count(MOUTH)
    return PlanStats(plan.rows * plan.cols, mouths, tables.count(RIVER) + mouths, len(holes),
                     len(cycles), len(plan.swamps), len(plan.walls),
                     treasure_moves(plan, tables=tables))


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """Return n with the Russian word form that goes with it (CLDR's rule, as everywhere)."""
    from ...content.plurals import count

    return count(n, (one, few, many), "ru")


def plural_en(n: int, one: str, many: str) -> str:
    """Return n with the English word form that goes with it."""
    from ...content.plurals import count

    return count(n, (one, many), "en")


def summary_line(stats: PlanStats, lang: str) -> str:
    """Return the one-line summary of stats in lang (ru or en)."""
    if lang == "ru":
        return _summary_ru(stats)
    return _summary_en(stats)


def _summary_en(s: PlanStats) -> str:
    rivers = plural_en(s.rivers, "river", "rivers")
    cells = plural_en(s.river_cells, "cell", "cells")
    holes = plural_en(s.holes, "hole", "holes")
    ravines = plural_en(s.ravines, "ravine", "ravines")
    parts = [f"{rivers} ({cells})", f"{holes} in {ravines}",
             plural_en(s.swamps, "swamp", "swamps"), plural_en(s.walls, "wall", "walls")]
    moves = ("no real treasure" if s.treasure_moves is None else
             f"real treasure to exit: {plural_en(s.treasure_moves, 'move', 'moves')}")
    return ", ".join(parts) + "; " + moves


def _summary_ru(s: PlanStats) -> str:
    cells = plural_ru(s.river_cells, "клетка", "клетки", "клеток")
    ravines = plural_ru(s.ravines, "овраге", "оврагах", "оврагах")
    parts = [f"{plural_ru(s.rivers, 'река', 'реки', 'рек')} ({cells})",
             f"{plural_ru(s.holes, 'яма', 'ямы', 'ям')} в {ravines}",
             plural_ru(s.swamps, "болото", "болота", "болот"),
             plural_ru(s.walls, "стенка", "стенки", "стенок")]
    moves = ("настоящего клада нет" if s.treasure_moves is None else
             "от настоящего клада до выхода: "
             + plural_ru(s.treasure_moves, "ход", "хода", "ходов"))
    return ", ".join(parts) + "; " + moves

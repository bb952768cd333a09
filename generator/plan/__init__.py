"""The plan checker of the pen-and-paper «Лабиринт»: read, check, convert and generate plans.

Stages, one module each: `codes` (cell codes) → `gridtext` / `structured` (read and write the
two file forms) → `rules`, `rivers`, `reach` + `movement` (every rule id of
docs/plan-format.md) → `check` (orchestration, rendered `messages` in ru/en) → `cli` (the
Click group `plan`, the only module that imports Click). Around them: `explain` and
`explanations` (`plan check --explain RULE`), `randomplan` and `batch` (random plans worth
playing, one or many), `stats` (what a plan holds, its one-line summary) and `comments`
(which comment lines a sheet in one language shows).
"""

from .check import check_plan
from .gridtext import parse_grid, write_grid
from .model import Cell, Plan
from .randomplan import RandomPlanError, random_plan
from .report import PlanReadError, PlanReport, Problem
from .structured import parse_structured, write_structured

__all__ = [
    "Cell", "Plan", "PlanReadError", "PlanReport", "Problem", "RandomPlanError", "check_plan",
    "parse_grid", "parse_structured", "random_plan", "write_grid", "write_structured",
]

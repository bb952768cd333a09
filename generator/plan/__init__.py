"""The pen-and-paper «Лабиринт»: read, check, convert, generate and host plans.

Sub-packages by role: `text` (the plan's data and its two file forms: cell codes, the grid
text, the structured YAML/JSON form) → `checker` (every rule id of docs/plan-format.md, the
orchestration `check`, its messages in ru/en, `plan check --explain`, what a plan holds) →
`making` (random plans worth playing) → `game` (the program as host: the pure engine, the
host's words, the terminal session, scripted games) → `form` (the printed plan form and the
photo reader) → `commands` (the Click group `plan`, the only part that imports Click).
"""

from .checker.check import check_plan
from .checker.report import PlanReadError, PlanReport, Problem
from .making.randomplan import RandomPlanError, random_plan
from .text.gridtext import parse_grid, write_grid
from .text.model import Cell, Plan
from .text.structured import parse_structured, write_structured

__all__ = [
    "Cell", "Plan", "PlanReadError", "PlanReport", "Problem", "RandomPlanError", "check_plan",
    "parse_grid", "parse_structured", "random_plan", "write_grid", "write_structured",
]

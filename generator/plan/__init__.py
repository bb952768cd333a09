"""The pen-and-paper «Лабиринт»: read, check, convert, generate and host plans.

Sub-packages by role: `text` (the plan's data and its two file forms: cell codes, the grid
text, the structured YAML/JSON form) → `checker` (every rule id of docs/plan-format.md, the
orchestration `check`, its messages in ru/en, `plan check --explain`, what a plan holds) →
`making` (random plans worth playing) → `game` (the program as host: the pure engine, the
host's words, the terminal session, scripted games) → `form` (the printed plan form and the
photo reader) → `commands` (the Click group `plan`, the only part that imports Click).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# name -> the module that defines it; imported on first use, so that code needing one part
# (the host sheet's drawing needs the plan's data only) does not load the checker and the
# plan maker too (about 10 ms)
_WHERE = {
    "check_plan": ".checker.check", "PlanReadError": ".checker.report",
    "PlanReport": ".checker.report", "Problem": ".checker.report",
    "RandomPlanError": ".making.randomplan", "random_plan": ".making.randomplan",
    "parse_grid": ".text.gridtext", "write_grid": ".text.gridtext", "Cell": ".text.model",
    "Plan": ".text.model", "parse_structured": ".text.structured",
    "write_structured": ".text.structured",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_WHERE[name], __name__), name)

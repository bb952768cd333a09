"""What a check produces: findings while checking, problems and reports for people and tools."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from ..text.model import Pos, Side

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Finding:
    """A problem found by a stage, before its message is rendered in a language."""

    rule: str
    key: str
    line: int
    column: int
    cells: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)
    severity: str = ERROR


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem of a plan: rule id, severity, cells, position in the file and message."""

    rule: str
    severity: str
    cells: tuple[str, ...]
    line: int
    column: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form of the problem."""
        return {"rule": self.rule, "severity": self.severity, "cells": list(self.cells),
                "line": self.line, "column": self.column, "message": self.message}

    def format(self, file: str) -> str:
        """Return the text form `FILE:LINE:COL: error[RULE]: message`."""
        return f"{file}:{self.line}:{self.column}: {self.severity}[{self.rule}]: {self.message}"


@dataclass(slots=True)
class PlanReport:
    """The result of checking one plan file."""

    file: str
    valid: bool
    rows: int | None
    cols: int | None
    problems: list[Problem]

    @property
    def errors(self) -> int:
        """Return the number of errors."""
        return sum(1 for p in self.problems if p.severity == ERROR)

    @property
    def warnings(self) -> int:
        """Return the number of warnings."""
        return sum(1 for p in self.problems if p.severity == WARNING)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form of the report."""
        return {"file": self.file, "valid": self.valid, "rows": self.rows, "cols": self.cols,
                "problems": [p.to_dict() for p in self.problems]}


class Locator(Protocol):
    """Where things of a plan are in its source file (1-based line and column)."""

    def cell(self, pos: Pos) -> tuple[int, int]:
        """Return the position of a cell's code."""

    def border(self, a: Pos, b: Pos) -> tuple[int, int]:
        """Return the position of the border between two neighbouring cells."""

    def side(self, pos: Pos, side: Side) -> tuple[int, int]:
        """Return the position of a cell's side on the outer frame."""

    def origin(self) -> tuple[int, int]:
        """Return the position of the plan as a whole."""


class PlanReadError(Exception):
    """A plan could not be read; carries the findings that say why."""

    def __init__(self, findings: list[Finding]) -> None:
        self.findings = findings
        super().__init__(f"{len(findings)} problem(s) reading the plan")

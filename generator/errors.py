"""Problems found in user input and the library's small exception hierarchy.

The library never imports Click; the CLI turns these exceptions into messages and exit statuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file, located by 1-based line and column."""

    file: str
    line: int
    column: int
    message: str
    severity: Severity = "error"

    def format(self) -> str:
        """Render as `FILE:LINE:COL: message` (warnings say so after the position)."""
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{self.file}:{self.line}:{self.column}: {prefix}{self.message}"


class LabyrinthError(Exception):
    """Base of every error the library raises on purpose."""


class UsageError(LabyrinthError):
    """The caller asked for something that does not exist (unknown game, part, language)."""


class ContentError(LabyrinthError):
    """Content failed to load or validate; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=_problem_order)
        super().__init__("\n".join(p.format() for p in self.problems))

    def __reduce__(self) -> tuple[type, tuple[list[Problem]]]:
        return (ContentError, (self.problems,))  # survives a trip through a worker process


class OutputError(LabyrinthError):
    """A file could not be written."""


def _problem_order(p: Problem) -> tuple[str, int, int, str]:
    return (p.file, p.line, p.column, p.message)


def errors_only(problems: list[Problem], strict: bool) -> list[Problem]:
    """Return the problems that stop a run: errors, plus warnings when strict."""
    return [p for p in problems if strict or p.severity == "error"]

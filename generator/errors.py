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
    lang: str = ""  # set when the problem belongs to one language's files: it stops only
    #                 builds of that language (see build.py)
    gap: bool = False  # an untranslated or missing text: the language is not finished

    def format(self) -> str:
        """Render as `FILE:LINE:COL: message` (warnings say so after the position); line 0
        is a folder or a file as a whole: `FOLDER: message`."""
        prefix = "warning: " if self.severity == "warning" else ""
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {prefix}{self.message}"


PROBLEMS_SHOWN = 50
"""At most this many problems are shown per file and severity; the rest are counted."""


def unique_problems(problems: list[Problem]) -> list[Problem]:
    """Drop repeats of the same problem (a shared file checked for every game), in order."""
    return sorted(set(problems), key=_problem_order)


def problem_lines(problems: list[Problem], limit: int = PROBLEMS_SHOWN) -> list[str]:
    """Format problems once each, at most `limit` per file and severity, then a count line."""
    lines: list[str] = []
    shown: dict[tuple[str, str], int] = {}
    hidden: dict[tuple[str, str], int] = {}
    for problem in unique_problems(problems):
        key = (problem.file, problem.severity)
        if shown.get(key, 0) < limit:
            shown[key] = shown.get(key, 0) + 1
            lines.append(problem.format())
        else:
            hidden[key] = hidden.get(key, 0) + 1
    for (file, severity), count in sorted(hidden.items()):
        lines.append(f"{file}: … and {count} more {severity}{'s' if count != 1 else ''} in "
                     "this file (fix the ones above first)")
    return lines


class LabyrinthError(Exception):
    """Base of every error the library raises on purpose."""


class UsageError(LabyrinthError):
    """The caller asked for something that does not exist (unknown game, part, language)."""


class ContentError(LabyrinthError):
    """Content failed to load or validate; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = unique_problems(problems)
        super().__init__("\n".join(p.format() for p in self.problems))

    def __reduce__(self) -> tuple[type, tuple[list[Problem]]]:
        return (ContentError, (self.problems,))  # survives a trip through a worker process


class OutputError(LabyrinthError):
    """A file could not be written."""


def _problem_order(p: Problem) -> tuple[str, int, int, str]:
    return (p.file, p.line, p.column, p.message)


def shared_errors(problems: list[Problem]) -> bool:
    """True when an error stops every language (one not of a single language's files)."""
    return any(p.severity == "error" and not p.lang for p in problems)


def errors_only(problems: list[Problem], strict: bool) -> list[Problem]:
    """Return the problems that stop a run: errors, plus warnings when strict."""
    return [p for p in problems if strict or p.severity == "error"]

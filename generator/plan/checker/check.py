"""Check a plan file: decode, read (grid or structured form), run the rules, render messages.

`check_plan()` never raises on any input: undecodable bytes, oversize files, unreadable grids
and broken YAML all become problems. Files ending in `.yaml`, `.yml` or `.json` are read in the
structured form, anything else as grid text. Problems are listed in file order.
"""

from __future__ import annotations

from pathlib import Path

from ..text.gridtext import read_grid, short_rows
from ..text.model import Plan
from ..text.structured import read_structured
from .messages import render
from .report import ERROR, Finding, PlanReadError, PlanReport, Problem
from .rules import check_rules

MAX_BYTES = 1_000_000
STRUCTURED_SUFFIXES = (".yaml", ".yml", ".json")


def is_structured(file: str) -> bool:
    """Return True when file names a structured (YAML/JSON) plan."""
    return file.lower().endswith(STRUCTURED_SUFFIXES)


def decode(data: bytes) -> tuple[str | None, list[Finding]]:
    """Return the text of data (UTF-8, BOM dropped) or the finding that says why not."""
    if len(data) > MAX_BYTES:
        return None, [Finding("size", "size.file", 1, 1,
                              params={"size": len(data), "limit": MAX_BYTES})]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start]
                     .decode("utf-8", "replace")) + 1
        return None, [Finding("syntax", "syntax.not-utf8", line, column,
                              params={"offset": exc.start})]
    return text.removeprefix("\ufeff"), []


def read_findings(source: str | bytes, file: str, structured: bool | None = None) -> tuple[
        Plan | None, list[Finding], int | None, int | None]:
    """Read source into a plan and run every rule; return the plan, findings and size."""
    if isinstance(source, bytes):
        text, findings = decode(source)
        if text is None:
            return None, findings, None, None
    else:
        text = source
        if len(text) > MAX_BYTES:
            return None, [Finding("size", "size.file", 1, 1,
                                  params={"size": len(text.encode("utf-8", "replace")),
                                          "limit": MAX_BYTES})], None, None
    if structured is None:
        structured = is_structured(file)
    reader = read_structured if structured else _read_grid
    plan, loc, findings, rows, cols = reader(text, file)
    if plan is not None:
        findings = findings + check_rules(plan, loc, findings)
        if not structured and any(f.key == "exit.many" for f in findings):
            findings = short_rows(text) + findings  # the likely cause of a second exit
    return plan, findings, rows, cols


def _read_grid(text: str, file: str):  # type: ignore[no-untyped-def]
    return read_grid(text)


def to_problem(finding: Finding, lang: str) -> Problem:
    """Render a finding in lang."""
    message = render(finding.key, finding.params, lang)
    return Problem(finding.rule, finding.severity, finding.cells, finding.line, finding.column,
                   message)


def root_cause_first(finding: Finding) -> tuple[bool, int, int]:
    """Sort key: reading errors (syntax, size, codes) first, as the rules' errors follow
    from them; then by place."""
    reading = (finding.rule in ("syntax", "size", "cell-code")
               or finding.key == "exit.short-row") and finding.severity == ERROR
    return (not reading, finding.line, finding.column)


def check_plan(source: str | bytes, file: str = "plan.txt", lang: str = "ru",
               structured: bool | None = None) -> PlanReport:
    """Check one plan given as text or bytes; never raises on bad input."""
    try:
        _, findings, rows, cols = read_findings(source, file, structured)
    except RecursionError:
        findings, rows, cols = [Finding("syntax", "syntax.yaml", 1, 1,
                                        params={"detail": "nesting too deep"})], None, None
    if not findings:
        return PlanReport(file, True, rows, cols, [])
    findings = sorted(findings, key=root_cause_first)
    problems = [to_problem(f, lang) for f in findings]
    valid = not any(p.severity == ERROR for p in problems)
    return PlanReport(file, valid, rows, cols, problems)


def read_source(path: Path) -> bytes:
    """Return at most MAX_BYTES + 1 bytes of path (enough to tell it is too big)."""
    with path.open("rb") as handle:
        return handle.read(MAX_BYTES + 1)


def check_file(path: Path, lang: str = "ru", display: str | None = None) -> PlanReport:
    """Check the plan file at path (OSError propagates: the caller reports it)."""
    return check_plan(read_source(path), display or str(path), lang)


def load_plan(source: str | bytes, file: str, lang: str = "ru") -> tuple[Plan, list[Problem]]:
    """Return a readable plan and all its problems; raise PlanReadError if it is unreadable."""
    plan, findings, _, _ = read_findings(source, file)
    blocking = [f for f in findings if f.severity == ERROR and f.rule in
                ("syntax", "size", "cell-code")]
    if plan is None or blocking:
        raise PlanReadError(blocking or findings)
    return plan, [to_problem(f, lang) for f in findings]

"""Read and write the structured (YAML or JSON) form of a plan, lossless both ways.

Schema (version 1; also in docs/plan-structured.md)::

    format: labyrinth-plan        # optional on input
    version: 1                    # optional on input
    rows: 4                       # optional on input; must match `cells`
    cols: 5                       # optional on input; must match `cells`
    cell_width: 2                 # optional: cell width of the grid text (2..8)
    before: ["# comment"]         # optional: blank or `#` lines before the grid
    after: []                     # optional: blank or `#` lines after the grid
    cells:                        # required: rows top to bottom, codes exactly as in the grid
      - ["С", "Р>", "Рv", "Ар", "Я1"]
    walls:                        # simple walls: pairs of side-adjacent cells
      - [B2, C2]
    swamps:                       # the arrow points from `from` into `to` (the mouth)
      - {from: C2, to: B2}
    exit: {cell: E3, side: right} # side: top, bottom, left or right; null or a list when the
                                  # plan has no exit or several gaps (the rules report it)

Cell codes are the same strings as in the grid format (Russian or English, an empty string or
null for land), so the conversion keeps every detail a grid holds except the spelling of walls
(`=` and `‖` become `-` and `|`). Unknown keys are reported as warnings and ignored.
YAML aliases (`*name`) are refused (they could expand a tiny file into a huge one) and
structured files are limited to 256,000 characters, far above any real plan.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..checker.messages import Term, show
from ..checker.report import Finding, PlanReadError
from .codes import read_code
from .gridtext import _meaning
from .model import (
    MAX_SIZE,
    MIN_SIZE,
    SIDES,
    Border,
    Cell,
    Plan,
    Pos,
    Side,
    border,
    cell_name,
    direction_between,
    parse_cell_name,
    perimeter_sides,
)

KEYS = ("format", "version", "rows", "cols", "cell_width", "before", "after", "cells", "walls",
        "swamps", "exit")
PathT = tuple[Any, ...]
MAX_CHARS = 256_000


@dataclass(slots=True)
class StructuredLocator:
    """Positions of the values of a structured plan file."""

    cells: dict[Pos, tuple[int, int]] = field(default_factory=dict)
    borders: dict[Border, tuple[int, int]] = field(default_factory=dict)
    sides: dict[tuple[Pos, Side], tuple[int, int]] = field(default_factory=dict)
    start: tuple[int, int] = (1, 1)

    def cell(self, pos: Pos) -> tuple[int, int]:
        """Return the position of a cell's code."""
        return self.cells.get(pos, self.start)

    def border(self, a: Pos, b: Pos) -> tuple[int, int]:
        """Return the position of a wall or swamp entry, else of the first cell."""
        return self.borders.get(border(a, b)) or self.cell(min(a, b))

    def side(self, pos: Pos, side: Side) -> tuple[int, int]:
        """Return the position of the exit entry, else of the cell."""
        return self.sides.get((pos, side)) or self.cell(pos)

    def origin(self) -> tuple[int, int]:
        """Return the position of the document."""
        return self.start


def _aliases(text: str) -> tuple[int, int] | None:
    """Return the position of the first YAML alias (`*name`) in text, if any."""
    import yaml

    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if isinstance(token, yaml.AliasToken):
                return token.start_mark.line + 1, token.start_mark.column + 1
    except (yaml.YAMLError, RecursionError):
        return None
    return None


def _load(text: str, file: str) -> tuple[Any, Any, list[Finding]]:
    """Parse text as YAML (JSON is read the same way); return data, positions, findings."""
    from ...sourceyaml import parse_yaml

    if len(text) > MAX_CHARS:
        return None, None, [Finding("size", "size.file", 1, 1, params={"limit": MAX_CHARS})]
    if "*" in text:
        alias = _aliases(text)
        if alias is not None:
            return None, None, [Finding("syntax", "syntax.s-alias", alias[0], alias[1])]
    doc, problems = parse_yaml(text, file)
    if problems and file.lower().endswith(".json"):
        try:
            return json.loads(text), None, []
        except (ValueError, RecursionError):
            pass
    findings = [Finding("syntax", "syntax.yaml", p.line, p.column, params={"detail": p.message})
                for p in problems]
    return doc.data, doc, findings


class _Reader:
    def __init__(self, data: Any, doc: Any) -> None:
        self.data, self.doc = data, doc
        self.findings: list[Finding] = []
        self.loc = StructuredLocator()
        self.bad = False

    def at(self, path: PathT) -> tuple[int, int]:
        return self.doc.where(path) if self.doc is not None else (1, 1)

    def add(self, rule: str, key: str, path: PathT, cells: tuple[str, ...] = (),
            severity: str = "error", /, **params: object) -> None:
        if severity == "error" and rule in ("syntax", "size"):
            self.bad = True
        line, col = self.at(path)
        self.findings.append(Finding(rule, key, line, col, cells, params, severity))

    def read(self) -> tuple[Plan | None, int | None, int | None]:
        data = self.data
        if not isinstance(data, dict):
            self.add("syntax", "syntax.s-root", ())
            return None, None, None
        self.loc.start = self.at(())
        for key in data:
            if key not in KEYS:
                self.add("syntax", "syntax.s-unknown-key", (key,), (), "warning", key=key)
        grid = data.get("cells")
        if grid is None:
            self.add("syntax", "syntax.s-missing", (), key="cells")
            return None, None, None
        if not isinstance(grid, list) or not grid or not all(isinstance(r, list) for r in grid):
            self.add("syntax", "syntax.s-type", ("cells",), key="cells",
                     expected=Term("list-of-rows"))
            return None, None, None
        rows, cols = len(grid), len(grid[0])
        if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
            self.add("size", "size.grid", ("cells",), rows=rows, cols=cols)
            return None, rows, cols
        for r, row in enumerate(grid):
            if len(row) != cols:
                self.add("syntax", "syntax.s-ragged", ("cells", r), row=r + 1, count=len(row),
                         expected=cols)
        if self.bad:
            return None, rows, cols
        for key, actual in (("rows", rows), ("cols", cols)):
            if key in data and data[key] != actual:
                self.add("syntax", "syntax.s-size-mismatch", (key,), key=key,
                         given=show(str(data[key])), actual=actual)
        width = data.get("cell_width", 2)
        if isinstance(width, bool) or not isinstance(width, int) or not 2 <= width <= 8:
            self.add("syntax", "syntax.s-width", ("cell_width",))
            width = 2
        cells = [[self._cell(r, c, grid[r][c]) for c in range(cols)] for r in range(rows)]
        plan = Plan(rows, cols, cells, cell_width=width, before=self._notes("before"),
                    after=self._notes("after"))
        self._walls(plan)
        self._swamps(plan)
        self._exit(plan)
        return (None if self.bad else plan), rows, cols

    def _cell(self, r: int, c: int, value: Any) -> Cell:
        path = ("cells", r, c)
        self.loc.cells[(r, c)] = self.at(path)
        name = cell_name((r, c))
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.add("syntax", "syntax.s-type", path, (name,), key=name,
                     expected=Term("code-string"))
            return Cell("land", "", known=False)
        reading = read_code(value)
        if reading.key is not None:
            self.add("cell-code", reading.key, path, (name,), reading.severity,
                     code=show(value), cell=name, hint=reading.hint,
                     meaning=_meaning(reading.cell))
        return reading.cell

    def _notes(self, key: str) -> list[str]:
        value = self.data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.add("syntax", "syntax.s-type", (key,), key=key, expected=Term("list-of-strings"))
            return []
        for i, line in enumerate(value):
            if "\n" in line or "\r" in line or (line.strip() and not line.strip().startswith("#")):
                self.add("syntax", "syntax.s-comment", (key, i))
        return list(value)

    def _entries(self, key: str) -> list[Any]:
        value = self.data.get(key, [])
        if value is None:
            return []
        if not isinstance(value, list):
            self.add("syntax", "syntax.s-type", (key,), key=key, expected=Term("list"))
            return []
        return value

    def _pair(self, plan: Plan, path: PathT, a: Any, b: Any) -> Border | None:
        pa = parse_cell_name(a, plan.rows, plan.cols) if isinstance(a, str) else None
        pb = parse_cell_name(b, plan.rows, plan.cols) if isinstance(b, str) else None
        for value, pos in ((a, pa), (b, pb)):
            if pos is None:
                self.add("syntax", "syntax.s-cell-name", path, name=show(str(value)),
                         rows=plan.rows, cols=plan.cols)
        if pa is None or pb is None:
            return None
        if direction_between(pa, pb) is None:
            self.add("syntax", "syntax.s-not-adjacent", path, (cell_name(pa), cell_name(pb)),
                     a=cell_name(pa), b=cell_name(pb))
            return None
        return border(pa, pb)

    def _walls(self, plan: Plan) -> None:
        for i, entry in enumerate(self._entries("walls")):
            path = ("walls", i)
            if not isinstance(entry, list) or len(entry) != 2:
                self.add("syntax", "syntax.s-type", path, key=f"walls[{i}]",
                         expected=Term("cell-pair"))
                continue
            b = self._pair(plan, path, entry[0], entry[1])
            if b is None:
                continue
            names = (cell_name(b[0]), cell_name(b[1]))
            if b in plan.walls:
                self.add("syntax", "syntax.s-duplicate", path, names, "warning",
                         a=names[0], b=names[1])
            plan.walls.add(b)
            self.loc.borders.setdefault(b, self.at(path))

    def _swamps(self, plan: Plan) -> None:
        for i, entry in enumerate(self._entries("swamps")):
            path = ("swamps", i)
            if not isinstance(entry, dict) or set(entry) != {"from", "to"}:
                self.add("syntax", "syntax.s-type", path, key=f"swamps[{i}]",
                         expected=Term("swamp-entry"))
                continue
            b = self._pair(plan, path, entry["from"], entry["to"])
            if b is None:
                continue
            names = (cell_name(b[0]), cell_name(b[1]))
            if b in plan.swamps:
                self.add("syntax", "syntax.s-duplicate", path, names, a=names[0], b=names[1])
                continue
            plan.swamps[b] = parse_cell_name(entry["to"], plan.rows, plan.cols)  # type: ignore
            self.loc.borders[b] = self.at(path)

    def _exit(self, plan: Plan) -> None:
        value = self.data.get("exit")
        entries = value if isinstance(value, list) else ([] if value is None else [value])
        for i, entry in enumerate(entries):
            path = ("exit", i) if isinstance(value, list) else ("exit",)
            if not isinstance(entry, dict) or set(entry) != {"cell", "side"}:
                self.add("syntax", "syntax.s-type", path, key="exit", expected=Term("exit-entry"))
                continue
            pos = parse_cell_name(entry["cell"], plan.rows, plan.cols)
            if pos is None:
                self.add("syntax", "syntax.s-cell-name", path, name=show(str(entry["cell"])),
                         rows=plan.rows, cols=plan.cols)
                continue
            side = entry["side"]
            if side not in SIDES:
                self.add("syntax", "syntax.s-side", path, side=show(str(side)))
                continue
            if side not in perimeter_sides(plan.rows, plan.cols, pos):
                self.add("syntax", "syntax.s-not-frame", path, (cell_name(pos),),
                         cell=cell_name(pos), side=side)
                continue
            if (pos, side) not in plan.exits:
                plan.exits.append((pos, side))
                self.loc.sides[(pos, side)] = self.at(path)


def read_structured(text: str, file: str = "plan.yaml") -> tuple[
        Plan | None, StructuredLocator, list[Finding], int | None, int | None]:
    """Read a structured plan; return the plan (None on errors), locator, findings and size."""
    data, doc, findings = _load(text, file)
    if findings:
        return None, StructuredLocator(), findings, None, None
    reader = _Reader(data, doc)
    plan, rows, cols = reader.read()
    return plan, reader.loc, reader.findings, rows, cols


def parse_structured(text: str, file: str = "plan.yaml") -> Plan:
    """Return the plan in structured text, or raise PlanReadError."""
    plan, _, findings, _, _ = read_structured(text, file)
    errors = [f for f in findings if f.severity == "error"]
    if plan is None or errors:
        raise PlanReadError(errors or findings)
    return plan


def _keep(ch: str) -> bool:
    """Return True when YAML reads ch inside a double-quoted string unchanged."""
    if " " <= ch <= "~" or ch >= "\U00010000":
        return True
    printable = "\xa0" <= ch <= "\ud7ff" or "\ue000" <= ch <= "\ufffd"
    return printable and ch not in "\u2028\u2029\ufeff"


def _q(text: str) -> str:
    """Quote text as a JSON string that YAML reads back unchanged."""
    out = json.dumps(text, ensure_ascii=False)
    return "".join(ch if _keep(ch) else f"\\u{ord(ch):04x}" for ch in out)


def to_data(plan: Plan) -> dict[str, Any]:
    """Return the structured form of plan as plain data."""
    exits = [{"cell": cell_name(p), "side": s} for p, s in plan.exits]
    return {
        "format": "labyrinth-plan", "version": 1, "rows": plan.rows, "cols": plan.cols,
        "cell_width": plan.cell_width, "before": list(plan.before), "after": list(plan.after),
        "cells": [[c.code for c in row] for row in plan.cells],
        "walls": [[cell_name(a), cell_name(b)] for a, b in sorted(plan.walls)],
        "swamps": [{"from": cell_name(a if plan.swamps[(a, b)] == b else b),
                    "to": cell_name(plan.swamps[(a, b)])} for a, b in sorted(plan.swamps)],
        "exit": exits[0] if len(exits) == 1 else (exits or None),
    }


def _flow(value: Any) -> str:
    if isinstance(value, str):
        return _q(value)
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_q(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def write_structured(plan: Plan, fmt: str = "yaml") -> str:
    """Return the structured text of plan in fmt ('yaml' or 'json')."""
    data = to_data(plan)
    if fmt == "json":
        body = ",\n".join(
            f"  {_q(k)}: " + (("[\n" + ",\n".join(f"    {_flow(v)}" for v in val) + "\n  ]")
                              if isinstance(val, list) and val else _flow(val))
            for k, val in data.items())
        return "{\n" + body + "\n}\n"
    lines = ["# labyrinth-pnp plan, structured form (see docs/plan-structured.md)"]
    for key, val in data.items():
        if isinstance(val, list) and val:
            lines.append(f"{key}:")
            lines.extend(f"  - {_flow(v)}" for v in val)
        else:
            lines.append(f"{key}: {_flow(val) if val is not None else 'null'}")
    return "\n".join(lines) + "\n"

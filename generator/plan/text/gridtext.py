"""Read the grid text format of a plan into a `Plan`, and write a `Plan` back as grid text.

The format is described for users in `docs/plan-format.md`. Decisions where it leaves room:
- Comment lines are lines whose first non-blank character is `#`; they and blank lines may
  come before and after the grid and are kept (`Plan.before`, `Plan.after`) so that a plan
  converts without loss. A blank or comment line *inside* the grid is a syntax error.
- Grid lines are never indented (a cell line may start with a space only when it is the exit).
- Only cell lines may be shorter than the grid (trailing spaces stripped, exit on the right
  edge); they are padded back. A short border line, or any longer line, is a syntax error.
- A tab or other control character inside the grid is a syntax error (align with spaces).
- Walls: `-` or `=` (all `W` characters of a horizontal border), `|` or `‖` (vertical).
- Syntax and size errors stop the reading: no `Plan` is returned, but every syntax problem of
  the grid is reported, not just the first (at most `MAX_FINDINGS`).
- The writer emits canonical text: `-` and `|` walls, codes as stored, no trailing spaces
  (a cell line with the exit on the right edge is written stripped, as editors save it).

Speed: a grid with no problem at all (most plans) is read in one pass by
`cleangrid.read_clean()`; any other grid is read line by line by `_Reader`, which reports
every problem. Both give the same plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..checker.report import Finding, PlanReadError
from .cleangrid import WALL_H, WALL_V, Grid, read_clean, remember, shape
from .codes import read_code
from .model import (
    MAX_SIZE,
    MIN_SIZE,
    Border,
    Cell,
    Plan,
    Pos,
    Side,
    cell_name,
    perimeter_sides,
)

MAX_FINDINGS = 200
_CONTROL = re.compile("[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class GridLocator:
    """Positions of cells and borders in a grid text whose first grid line is `top` (0-based)."""

    top: int
    width: int
    rows: int = 0
    cols: int = 0

    def cell(self, pos: Pos) -> tuple[int, int]:
        """Return the position of a cell's code."""
        return self.top + 2 * pos[0] + 2, pos[1] * (self.width + 1) + 2

    def border(self, a: Pos, b: Pos) -> tuple[int, int]:
        """Return the position of the border between two neighbouring cells."""
        a, b = min(a, b), max(a, b)
        if a[0] == b[0]:
            return self.top + 2 * a[0] + 2, b[1] * (self.width + 1) + 1
        return self.top + 2 * b[0] + 1, a[1] * (self.width + 1) + 2

    def side(self, pos: Pos, side: Side) -> tuple[int, int]:
        """Return the position of a cell's side on the outer frame."""
        r, c = pos
        if side == "top":
            return self.top + 2 * r + 1, c * (self.width + 1) + 2
        if side == "bottom":
            return self.top + 2 * r + 3, c * (self.width + 1) + 2
        if side == "left":
            return self.top + 2 * r + 2, c * (self.width + 1) + 1
        return self.top + 2 * r + 2, (c + 1) * (self.width + 1) + 1

    def origin(self) -> tuple[int, int]:
        """Return the position of the grid's first line."""
        return self.top + 1, 1


_locator = lru_cache(maxsize=1024)(GridLocator)  # the same locator for the same grid position


def _is_note(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def split_lines(text: str) -> list[str]:
    """Split text into lines on LF, dropping a CR before it and the final empty line."""
    lines = text.split("\n")
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


class _Reader:
    """Read the grid line by line, character by character, reporting every problem."""

    def __init__(self, lines: list[str], top: int, width: int, rows: int, cols: int) -> None:
        self.lines, self.top, self.w, self.rows, self.cols = lines, top, width, rows, cols
        self.findings: list[Finding] = []
        self.syntax = False
        self.cells: list[list[Cell]] = [[Cell("land", "")] * cols for _ in range(rows)]
        self.walls: set[Border] = set()
        self.swamps: dict[Border, Pos] = {}
        self.exits: list[tuple[Pos, Side]] = []

    def add(self, rule: str, key: str, k: int, col: int, cells: tuple[str, ...] = (),
            severity: str = "error", /, **params: object) -> None:
        if rule == "syntax" or (rule == "size" and severity == "error"):
            self.syntax = True
        if len(self.findings) < MAX_FINDINGS:
            self.findings.append(Finding(rule, key, self.top + k + 1, col, cells, params, severity))

    def read(self) -> None:
        length = 1 + self.cols * (self.w + 1)
        for k, line in enumerate(self.lines):
            bare = line.rstrip(" ")
            if len(line) > length and (len(bare) == length or (k % 2 and len(bare) < length)):
                self.add("syntax", "syntax.trailing", k, length + 1,
                         spaces=len(line) - max(len(bare), length))
                continue
            if len(line) > length or (len(line) < length and k % 2 == 0):
                self.add("syntax", "syntax.length", k, min(len(line), length) + 1,
                         length=len(line), expected=length, cols=self.cols, width=self.w)
                continue
            if k % 2 == 0:
                self._border_line(k, line)
            else:
                self._cell_line(k, line.ljust(length))

    def _border_line(self, k: int, line: str) -> None:
        b = k // 2
        w = self.w
        for j in range(self.cols + 1):
            p = j * (w + 1)
            if line[p] != "+":
                self.add("syntax", "syntax.plus", k, p + 1, found=_show_char(line[p]))
            if j == self.cols:
                break
            seg = line[p + 1:p + 1 + w]
            kind = _classify_h(seg)
            upper, lower = (b - 1, j), (b, j)
            if b == 0 or b == self.rows:
                pos, side = (lower, "top") if b == 0 else (upper, "bottom")
                if kind == "open":
                    self.exits.append((pos, side))  # type: ignore[arg-type]
                elif kind in ("down", "up"):
                    self.add("syntax", "syntax.frame-swamp", k, p + 2, (cell_name(pos),),
                             cell=cell_name(pos), side=_term(side))
                elif kind != "wall":
                    self.add("syntax", "syntax.frame", k, p + 2 + _first_bad(seg),
                             (cell_name(pos),), found=_show(seg), cell=cell_name(pos),
                             side=_term(side))
                continue
            names = (cell_name(upper), cell_name(lower))
            if kind == "wall":
                self.walls.add((upper, lower))
            elif kind == "down":
                self.swamps[(upper, lower)] = lower
            elif kind == "up":
                self.swamps[(upper, lower)] = upper
            elif kind != "open":
                self.add("syntax", "syntax.hborder", k, p + 2 + _first_bad(seg), names,
                         found=_show(seg), a=names[0], b=names[1])

    def _cell_line(self, k: int, line: str) -> None:
        r = k // 2
        w = self.w
        for j in range(self.cols + 1):
            p = j * (w + 1)
            ch = line[p]
            if j == 0 or j == self.cols:
                pos: Pos = (r, 0) if j == 0 else (r, self.cols - 1)
                side: Side = "left" if j == 0 else "right"
                if ch == " ":
                    self.exits.append((pos, side))
                elif ch in "<>":
                    self.add("syntax", "syntax.frame-swamp", k, p + 1, (cell_name(pos),),
                             cell=cell_name(pos), side=_term(side))
                elif ch not in WALL_V:
                    self.add("syntax", "syntax.frame", k, p + 1, (cell_name(pos),),
                             found=_show_char(ch), cell=cell_name(pos), side=_term(side))
            else:
                left, right = (r, j - 1), (r, j)
                if ch in WALL_V:
                    self.walls.add((left, right))
                elif ch == ">":
                    self.swamps[(left, right)] = right
                elif ch == "<":
                    self.swamps[(left, right)] = left
                elif ch != " ":
                    a, b = cell_name(left), cell_name(right)
                    self.add("syntax", "syntax.vborder", k, p + 1, (a, b),
                             found=_show_char(ch), a=a, b=b)
            if j == self.cols:
                break
            text = line[p + 1:p + 1 + w]
            raw = text.strip(" ")
            reading = read_code(raw)
            self.cells[r][j] = reading.cell
            if reading.key is None:
                remember(text, reading.cell)
            else:
                name = cell_name((r, j))
                self.add("cell-code", reading.key, k, p + 2, (name,), reading.severity,
                         code=_show(raw), cell=name, hint=reading.hint,
                         meaning=_meaning(reading.cell))


def _classify_h(seg: str) -> str:
    chars = set(seg)
    if chars <= WALL_H:
        return "wall"
    if chars == {" "}:
        return "open"
    if chars == {"v"}:
        return "down"
    if chars == {"^"}:
        return "up"
    return "bad"


def _first_bad(seg: str) -> int:
    first = seg[0]
    for i, ch in enumerate(seg):
        if ch != first or ch not in "-= v^":
            return i
    return 0


def _show(text: str) -> str:
    from ..checker.messages import show
    return show(text)


def _show_char(ch: str) -> str:
    return _show(ch)


def _term(word: str) -> object:
    from ..checker.messages import Term
    return Term(word)


def _meaning(cell: Cell) -> object:
    if cell.treasure:
        return _term("treasure-" + cell.treasure)
    return _term(cell.kind)


def _grid_chars(grid: list[str], first: int) -> list[Finding]:
    """Return the blank, comment and control-character problems of the grid lines."""
    findings: list[Finding] = []
    for k, line in enumerate(grid):
        if _is_note(line):
            findings.append(Finding("syntax", "syntax.inside", first + k + 1, 1))
        bad = _CONTROL.search(line)
        if bad is not None:
            findings.append(Finding("syntax", "syntax.control", first + k + 1, bad.start() + 1,
                                    params={"char": _show_char(bad.group())}))
        if len(findings) >= MAX_FINDINGS:
            break
    return findings


def _read_clean(grid: list[str]) -> tuple[int, int, int, Grid] | None:
    """Return the width, rows, columns and contents of a grid with no problem, else None."""
    head = grid[0]
    width = head.find("+", 1) - 1
    if not head.startswith("+") or width < 2 or len(grid) % 2 == 0:
        return None
    rows, cols = (len(grid) - 1) // 2, (len(head) - 1) // (width + 1)
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        return None
    clean = read_clean(grid, shape(width, rows, cols))
    return None if clean is None else (width, rows, cols, clean)


def read_grid(text: str) -> tuple[Plan | None, GridLocator, list[Finding], int | None, int | None]:
    """Read grid text; return the plan (None on syntax errors), locator, findings and size."""
    lines = split_lines(text)
    first, last = 0, len(lines) - 1
    while first <= last and _is_note(lines[first]):
        first += 1
    if first > last:
        return None, GridLocator(0, 2), [Finding("syntax", "syntax.no-grid", 1, 1)], None, None
    while _is_note(lines[last]):
        last -= 1
    grid = lines[first:last + 1]
    clean = _read_clean(grid)
    if clean is not None:
        width, rows, cols, (cells, walls, swamps, exits) = clean
        plan = Plan(rows, cols, cells, walls, swamps, exits, width, lines[:first],
                    lines[last + 1:])
        return plan, _locator(first, width, rows, cols), [], rows, cols
    findings = _grid_chars(grid, first)
    locator = _locator(first, 2)
    if findings:
        return None, locator, findings, None, None
    head = grid[0]
    if not head.startswith("+"):
        return None, locator, [Finding("syntax", "syntax.start", first + 1, 1)], None, None
    second = head.find("+", 1)
    if second == -1:
        return None, locator, [Finding("syntax", "syntax.width", first + 1, 1)], None, None
    width = second - 1
    if width < 2:
        return None, locator, [Finding("syntax", "syntax.narrow", first + 1, 2,
                                       params={"width": width})], None, None
    cols = (len(head) - 1) // (width + 1)
    if len(grid) % 2 == 0:
        return None, locator, [Finding("syntax", "syntax.even", last + 1, 1,
                                       params={"count": len(grid)})], None, cols
    rows = (len(grid) - 1) // 2
    locator = _locator(first, width, rows, cols)
    if not (MIN_SIZE <= rows <= MAX_SIZE and MIN_SIZE <= cols <= MAX_SIZE):
        return None, locator, [Finding("size", "size.grid", first + 1, 1,
                                       params={"rows": rows, "cols": cols})], rows, cols
    reader = _Reader(grid, first, width, rows, cols)
    reader.read()
    if reader.syntax:
        return None, locator, reader.findings, rows, cols
    plan = Plan(rows, cols, reader.cells, reader.walls, reader.swamps, reader.exits, width,
                lines[:first], lines[last + 1:])
    return plan, locator, reader.findings, rows, cols


def short_rows(text: str) -> list[Finding]:
    """The cell lines that end in a wall before the last cell: most likely a cell was deleted
    (the format reads the rest as blank land and an exit), named when the frame has 2 gaps."""
    lines = split_lines(text)
    first = next((i for i, line in enumerate(lines) if line.startswith("+")), None)
    if first is None or (width := lines[first].find("+", 1) - 1) < 2:
        return []
    length, found = len(lines[first].rstrip()), []
    cols = (length - 1) // (width + 1)
    for k in range(first + 1, len(lines), 2):
        bare = lines[k].rstrip(" ")
        if not bare.startswith(tuple(WALL_V) + (" ",)):
            break
        if len(bare) < length and len(bare) <= (cols - 1) * (width + 1) + 1 and (
                bare[-1:] in WALL_V):
            name = cell_name(((k - first) // 2, cols - 1))
            found.append(Finding("exit", "exit.short-row", k + 1, len(bare), (name,),
                                 {"length": len(bare), "expected": length, "cell": name}))
    return found


def parse_grid(text: str) -> Plan:
    """Return the plan in text, or raise PlanReadError when it cannot be read."""
    plan, _, findings, _, _ = read_grid(text)
    errors = [f for f in findings if f.severity == "error"]
    if plan is None or errors:
        raise PlanReadError(errors or findings)
    return plan


def write_grid(plan: Plan) -> str:
    """Return the canonical grid text of plan (ends with a newline)."""
    w = max([plan.cell_width, 2] + [len(c.code) for row in plan.cells for c in row])
    exits = set(plan.exits)
    swamps = plan.swamps
    walls = plan.walls
    out = list(plan.before)
    for r in range(plan.rows + 1):
        parts = ["+"]
        for c in range(plan.cols):
            if r == 0 or r == plan.rows:
                pos, side = ((0, c), "top") if r == 0 else ((plan.rows - 1, c), "bottom")
                seg = " " * w if (pos, side) in exits else "-" * w
            else:
                b = ((r - 1, c), (r, c))
                if b in swamps and b in walls:
                    raise ValueError(f"swamp on a wall between {cell_name(b[0])} and "
                                     f"{cell_name(b[1])} cannot be drawn as grid text")
                if b in swamps:
                    seg = ("v" if swamps[b] == (r, c) else "^") * w
                else:
                    seg = ("-" if b in walls else " ") * w
            parts.append(seg + "+")
        out.append("".join(parts))
        if r == plan.rows:
            break
        parts = []
        for c in range(plan.cols):
            if c == 0:
                parts.append(" " if ((r, 0), "left") in exits else "|")
            else:
                b = ((r, c - 1), (r, c))
                if b in swamps and b in walls:
                    raise ValueError(f"swamp on a wall between {cell_name(b[0])} and "
                                     f"{cell_name(b[1])} cannot be drawn as grid text")
                if b in swamps:
                    parts.append(">" if swamps[b] == (r, c) else "<")
                else:
                    parts.append("|" if b in walls else " ")
            parts.append(plan.cells[r][c].code.ljust(w))
        parts.append(" " if ((r, plan.cols - 1), "right") in exits else "|")
        out.append("".join(parts).rstrip(" "))
    out.extend(plan.after)
    return "\n".join(out) + "\n"


def frame_sides(plan: Plan) -> list[tuple[Pos, Side]]:
    """Return every (cell, side) pair on the outer frame, in reading order."""
    return [((r, c), s) for r in range(plan.rows) for c in range(plan.cols)
            for s in perimeter_sides(plan.rows, plan.cols, (r, c))]

"""Read one cell code (`С`, `Ар`, `Р>`, `Я1`, `T+`…) into a `Cell`, with look-alike handling.

Decisions:
- Codes are exact and case-sensitive, except hole letters (`я1` is `Я1`).
- Russian and English codes may be mixed; river arrows may be `> < ^ v` or `→ ← ↑ ↓`.
- A code that only matches after swapping Latin and Cyrillic look-alike letters (Latin `C`,
  `P`, `M`, `K`, `Y`, `Ap`, `Yc`, or Cyrillic `О`, `Н`, `Т+`…) is accepted with a *warning*
  that names the cell and the reading chosen, e.g. Latin `C` is read as `С` (land) and Latin
  `Y` standing alone as `У` (mouth). Codes that are valid as written never warn: Latin `A` is
  the English arsenal, `H` the English medpost, `Y2` a hole of cycle Y.
- A hole is one letter and up to three digits. The letter may be any letter that does not
  start another code: not `С А М У Р К` (Cyrillic) and not `L A H O R T` (Latin), compared
  without case. Cycles are told apart by their letter folded to upper case, with Cyrillic
  look-alikes folded onto Latin (`Х1` and `X2` belong to one cycle; the rules warn about the
  mixed spelling).
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import ARSENAL, HOLE, LAND, MEDPOST, MOUTH, RIVER, Cell

ARROWS = {">": "right", "→": "right", "<": "left", "←": "left",
          "^": "up", "↑": "up", "v": "down", "↓": "down"}
RU_ARROW = {"right": ">", "left": "<", "up": "^", "down": "v"}

_LATIN_TO_CYRILLIC = str.maketrans({
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О",
    "P": "Р", "T": "Т", "X": "Х", "Y": "У", "a": "а", "c": "с", "e": "е", "o": "о",
    "p": "р", "x": "х", "y": "у",
})
_CYRILLIC_TO_LATIN = str.maketrans({
    "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "О": "O",
    "Р": "P", "Т": "T", "Х": "X", "У": "Y",
})
HOLE_EXCLUDED = set("САМУРК") | set("LAHORT")
MAX_HOLE_DIGITS = 3


def _table() -> dict[str, Cell]:
    cells: dict[str, Cell] = {}
    for code in ("", "С", ".", "L"):
        cells[code] = Cell(LAND, code)
    for code in ("Ар", "А", "A"):
        cells[code] = Cell(ARSENAL, code)
    for code in ("М", "H"):
        cells[code] = Cell(MEDPOST, code)
    for code in ("У", "Ус", "O"):
        cells[code] = Cell(MOUTH, code)
    for letter in ("Р", "R"):
        for arrow, flow in ARROWS.items():
            cells[letter + arrow] = Cell(RIVER, letter + arrow, flow=flow)
    for code, which in (("Кн", "real"), ("Кл", "false"), ("T+", "real"), ("T-", "false")):
        cells[code] = Cell(LAND, code, treasure=which)
    return cells


EXACT: dict[str, Cell] = _table()


def fold_lookalikes(text: str) -> str:
    """Return text with Latin look-alikes of Cyrillic letters replaced by the Cyrillic ones."""
    return text.translate(_LATIN_TO_CYRILLIC)


def _folded_table() -> dict[str, str]:
    out: dict[str, str] = {}
    for code in sorted(EXACT, key=lambda c: not any("\u0400" <= ch <= "\u04ff" for ch in c)):
        out.setdefault(fold_lookalikes(code), code)
    return out


FOLDED: dict[str, str] = _folded_table()


@dataclass(frozen=True, slots=True)
class Reading:
    """The result of reading a code: the cell, and a message key when something is off."""

    cell: Cell
    key: str | None = None
    severity: str = "error"
    hint: str = ""


def cycle_key(letter: str) -> str:
    """Return the cycle a hole letter names: upper case, Cyrillic look-alikes as Latin."""
    return letter.upper().translate(_CYRILLIC_TO_LATIN)


_CACHE: dict[str, Reading] = {}


def read_code(raw: str) -> Reading:
    """Read a stripped cell code; unknown codes become land with an error key."""
    hit = _CACHE.get(raw)
    if hit is None:
        hit = _read(raw)
        if len(_CACHE) < 4096:
            _CACHE[raw] = hit
    return hit


def _read(code: str) -> Reading:
    exact = EXACT.get(code)
    if exact is not None:
        return Reading(exact)
    hole = _read_hole(code)
    if hole is not None:
        return hole
    folded = FOLDED.get(fold_lookalikes(code))
    if folded is not None:
        base = EXACT[folded]
        cell = Cell(base.kind, code, base.flow, base.cycle, base.number, base.treasure)
        return Reading(cell, "cell-code.lookalike", "warning", folded)
    return Reading(Cell(LAND, code, known=False), *_diagnose(code))


def _read_hole(code: str) -> Reading | None:
    if len(code) < 2 or not code[0].isalpha():
        return None
    letter, digits = code[0], code[1:]
    if not (digits.isascii() and digits.isdigit()):
        return None
    if letter.upper() in HOLE_EXCLUDED:
        return Reading(Cell(LAND, code, known=False), "cell-code.hole-letter", "error", letter)
    if len(digits) > MAX_HOLE_DIGITS:
        return Reading(Cell(LAND, code, known=False), "cell-code.hole-number", "error", digits)
    return Reading(Cell(HOLE, code, cycle=cycle_key(letter), number=int(digits)))


def _diagnose(code: str) -> tuple[str, str, str]:
    """Return (key, severity, hint) for a code that means nothing."""
    for guess in (code.upper(), code.capitalize(), code[:1].upper() + code[1:]):
        if guess in EXACT:
            return "cell-code.case", "error", guess
        folded = FOLDED.get(fold_lookalikes(guess))
        if folded is not None:
            return "cell-code.case", "error", folded
    if code == "0":
        return "cell-code.digit", "error", "O"
    first = fold_lookalikes(code[:1].upper())
    if code and first in ("Р", "R") and len(code) <= 3:
        return "cell-code.river-arrow", "error", ""
    if code and first in ("К", "Т") and len(code) <= 2:
        return "cell-code.treasure", "error", ""
    return "cell-code.unknown", "error", ""


def ru_code(cell: Cell) -> str:
    """Return the Russian code of cell."""
    return _code(cell, "ru")


def en_code(cell: Cell) -> str:
    """Return the English code of cell."""
    return _code(cell, "en")


def _code(cell: Cell, lang: str) -> str:
    ru = lang == "ru"
    if cell.kind == RIVER:
        return ("Р" if ru else "R") + RU_ARROW[cell.flow or "right"]
    if cell.kind == HOLE:
        return f"{cell.cycle or 'X'}{cell.number}"
    if cell.treasure == "real":
        return "Кн" if ru else "T+"
    if cell.treasure == "false":
        return "Кл" if ru else "T-"
    names = {LAND: ("С", "."), ARSENAL: ("Ар", "A"), MEDPOST: ("М", "H"), MOUTH: ("У", "O")}
    return names[cell.kind][0 if ru else 1]

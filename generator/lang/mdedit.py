"""Put new texts into a rulebook in place, and refuse a text that would break its Markdown."""

from __future__ import annotations

import re

from .files import _STRUCT
from .units import Unit
from .yamledit import scalar

_STRING = re.compile(r"\"[^\"]*\"|'[^']*'")
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def replace_units(text: str, units: dict[str, Unit], changes: dict[str, str]) -> str:
    """The rulebook text with each unit named in changes holding its new text."""
    lines = text.split("\n")
    for ctx in sorted(changes, key=lambda c: units[c].first, reverse=True):
        unit, new = units[ctx], changes[ctx]
        row = lines[unit.first]
        if unit.kind == "meta":
            lines[unit.first] = f"{row[:unit.col]} {scalar(new)}"
        elif unit.kind == "caption":
            lines[unit.first] = row[:unit.col] + new + row[unit.end_col:]
        else:
            rows = new.split("\n")
            follow = lines[unit.first + 1] if unit.last > unit.first else " " * unit.col
            pad = follow[:len(follow) - len(follow.lstrip())]
            lines[unit.first:unit.last + 1] = [row[:unit.col] + rows[0] + unit.suffix,
                                               *(pad + r for r in rows[1:])]
    return "\n".join(lines)


def _names(text: str) -> set[str]:
    """The names the template expressions of a text use (`facts.tunnels`, `terms.door`):
    their quoted words, filters and spacing left out, which may differ by language."""
    out = set()
    for expression in _JINJA.findall(text):
        bare = _FILTER.sub("", _STRING.sub("", expression.strip("{}%")))
        out |= {n for n in _NAME.findall(bare) if n not in _WORDS}
    return out


_FILTER = re.compile(r"\|\s*[A-Za-z_]\w*(\s*\([^)]*\))?")
_NAME = re.compile(r"[A-Za-z_][\w.]*")
_WORDS = {"and", "or", "not", "if", "else", "in", "is", "for", "endfor", "endif", "true",
          "false", "none", "True", "False", "None"}


def markup_problems(unit: Unit, new: str) -> list[str]:
    """What in new would break the rulebook where unit stands (empty when it fits)."""
    out = []
    mine, theirs = _names(new), _names(unit.text)
    if mine != theirs:
        gone, extra = sorted(theirs - mine), sorted(mine - theirs)
        out.append("the {{ … }} expressions name other values than the source's"
                   + (f"; missing: {', '.join(gone)}" if gone else "")
                   + (f"; not in the source: {', '.join(extra)}" if extra else "")
                   + ": keep each {{ … }} (a plural(...)'s words are yours)")
    if unit.kind in ("meta", "caption") or unit.suffix:
        if "\n" in new:
            out.append("this text is one line: remove the line breaks")
    if unit.kind == "caption" and '"' in new:
        out.append('a caption cannot hold a straight double quote ("): use « » or “ ”')
    if "{#" in new:
        out.append("'{#' starts a section id: the tool keeps the heading's id itself")
    if re.search(r"\n\s*\n", new):
        out.append("a blank line would split the paragraph in two: remove it")
    rows = new.split("\n")
    if any(_STRUCT.match(r.strip()) or r.strip().startswith(("```", "~~~")) for r in rows[1:]):
        out.append("a line of the translation starts a new block (#, -, 1., >, |, ```): join "
                   "it to the line before")
    if unit.kind == "md" and not unit.suffix and bool(_STRUCT.match(new)) != bool(
            _STRUCT.match(unit.text)):
        out.append("the translation starts with Markdown block marks the source does not "
                   "have (#, -, 1., >, |): remove them")
    if unit.kind == "md" and unit.text.rstrip().endswith("|") and new.count("|") != (
            unit.text.count("|")):
        out.append(f"a table row: keep {unit.text.count('|')} '|' like the source")
    for mark, name in (("**", "bold"), ("`", "code")):
        if new.replace("```", "").count(mark) % 2:
            out.append(f"an unclosed {mark} ({name}): close it")
    return out

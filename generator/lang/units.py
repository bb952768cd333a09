"""The texts of a language file, one unit each, named by a context that a PO file carries.

A YAML file's unit is named by its key path (`aid.sections.0.heading`): one text, a list of
words (one unit, shown as `a | b | c`: its length may differ by language) or a counted word's
forms (`{one: …, other: …}`). A rulebook's unit is named by its stable anchor: a heading by its
`{#id}`, any other unit (paragraph, list item, table row, quote, diagram caption) by the
section it is in and its place there (`setup/3`: the third unit after the heading
`{#setup}`), the front matter's `title` and `subtitle` by their keys. A translation keeps the
source's sections and units in the same order, so the same anchor names the same paragraph
in every language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from ..content.translation import is_forms, is_marked
from .files import NOT_WORDS, _has_words, text_units

_CAPTION = re.compile(r'caption="([^"]*)"')
_HEADING_ID = re.compile(r"\s*\{#([^}]+)\}\s*$")
_SKIP = ("```", "~~~", "{{", "{%", "<!--", "{#")
_TAGS = re.compile(r"\{%.*?%\}|\{\{.*?\}\}")
_RULE = re.compile(r"\|?[\s|:-]+\|?")  # a table's header rule
START = "start"  # the section name of units before the first heading with an id


@dataclass
class Unit:
    """One text to translate and where it is."""

    ctx: str
    text: str  # a counted word's forms and a list's words joined with " | "
    line: int  # 1-based line of the file
    kind: str = "text"  # text, words, forms (YAML); md, meta, caption (rulebook)
    path: tuple[Any, ...] = ()  # YAML key path
    forms: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)
    first: int = 0  # rulebook: index of its first line in the file
    col: int = 0  # where its text starts on that line
    last: int = 0  # index of its last line
    end_col: int | None = None  # a caption ends before the closing quote
    suffix: str = ""  # a heading's ` {#id}`

    @property
    def marked(self) -> bool:
        return is_marked(self.text)


def yaml_units(data: Any, positions: dict[tuple[Any, ...], tuple[int, int]]
               ) -> dict[str, Unit]:
    """Every text of a parsed YAML language file, by context, in file order."""
    out: dict[str, Unit] = {}
    _walk(data, (), positions, out)
    return out


def _walk(data: Any, path: tuple[Any, ...], positions: dict[tuple[Any, ...], tuple[int, int]],
          out: dict[str, Unit]) -> None:
    line = positions.get(path, (1, 1))[0]
    ctx = ".".join(str(p) for p in path)
    if is_forms(data):
        forms = {str(k): str(v) for k, v in data.items()}
        out[ctx] = Unit(ctx, " | ".join(forms.values()), line, "forms", path, forms=forms)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in NOT_WORDS:
                _walk(value, (*path, key), positions, out)
    elif isinstance(data, list):
        if data and all(isinstance(v, str) for v in data):
            if any(_has_words(v) for v in data):
                out[ctx] = Unit(ctx, " | ".join(data), line, "words", path, words=list(data))
            return
        for i, value in enumerate(data):
            _walk(value, (*path, i), positions, out)
    elif isinstance(data, str) and _has_words(data):
        out[ctx] = Unit(ctx, data, line, "text", path)


def front_matter_end(lines: list[str]) -> int:
    """Index of the line closing the front matter, or -1."""
    if not lines or lines[0].strip() != "---":
        return -1
    return next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), -1)


def markdown_units(text: str) -> dict[str, Unit]:
    """Every text of a rulebook, by anchor, in file order."""
    lines = text.split("\n")
    out: dict[str, Unit] = {}
    end = front_matter_end(lines)
    for i in range(1, end):
        key, _, value = lines[i].partition(":")
        if key in ("title", "subtitle") and _has_words(value):
            try:
                parsed = yaml.safe_load(value)
            except yaml.YAMLError:
                parsed = value.strip()
            out[key] = Unit(key, str(parsed), i + 1, "meta", first=i, col=len(key) + 1, last=i)
    offset = end + 1
    body = lines[offset:]
    starts = sorted(text_units(body) + _template_lines(body))
    begins = {i for i, _ in starts}
    section, n = START, 0
    for i, at in starts:
        row = body[i]
        caption = _CAPTION.search(row) if row.strip().startswith("{{") else None
        if caption and caption.start(1) == at:
            n += 1
            ctx = f"{section}/{n}"
            out[ctx] = Unit(ctx, caption.group(1), offset + i + 1, "caption", first=offset + i,
                            col=at, last=offset + i, end_col=caption.end(1))
            continue
        first = row[at:]
        suffix = ""
        heading = _HEADING_ID.search(first) if row.lstrip().startswith("#") else None
        if heading:
            section, n = heading.group(1), 0
            ctx, suffix, first = section, first[heading.start():], first[:heading.start()]
        else:
            n += 1
            ctx = f"{section}/{n}"
        last = i
        while (last + 1 < len(body) and body[last + 1].strip() and last + 1 not in begins
               and not body[last + 1].strip().startswith(_SKIP)
               and not _RULE.fullmatch(body[last + 1].strip())):
            last += 1
        parts = [first, *(body[j].strip() for j in range(i + 1, last + 1))]
        out[ctx] = Unit(ctx, "\n".join(parts), offset + i + 1, "md", first=offset + i, col=at,
                        last=offset + last, suffix=suffix)
    return out


def _template_lines(body: list[str]) -> list[tuple[int, int]]:
    """Lines that start with a template tag and hold words outside it (`{% if … %}Boris wins
    {% endif %}`): a unit from the line's start (the tags are kept as they are)."""
    out, fence = [], False
    for i, row in enumerate(body):
        stripped = row.strip()
        if stripped.startswith(("```", "~~~")):
            fence = not fence
        elif not fence and stripped.startswith("{%") and _has_words(_TAGS.sub(" ", row)):
            out.append((i, len(row) - len(row.lstrip())))
    return out


def translated(unit: Unit | None) -> bool:
    """True when a language file's unit holds a translation (present, not marked)."""
    return unit is not None and not unit.marked

"""What makes a translation: its source language, untranslated marks, and gaps filled in.

A language made by `labyrinth-pnp lang new` records the language it was translated from
(`translated_from: en` at the top of each text file, in a rulebook's front matter) and
starts as a copy of it with every text marked `TODO» `. The marks are what a translator
replaces; until then the tool prints the source text (without the mark) and counts it. A
text a translation leaves out is taken from its source language the same way. Either makes
the language a *draft*: built only when asked for by name, with "draft translation" in
every footer.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from ..errors import Problem
from ..sourceyaml import SourceDoc

MARKER = "TODO»"
_MARK = re.compile(r"TODO» ?")
SOURCE_KEY = "translated_from"
ORIGINAL = "ru"  # the language the bundled games were written in


def tag(problems: Iterable[Problem], lang: str) -> list[Problem]:
    """The problems, marked as belonging to lang's files (they stop only lang's builds)."""
    return [p if p.lang else dataclasses.replace(p, lang=lang) for p in problems]


def usable(texts: dict[str, Any], problems: list[Problem]) -> dict[str, Any]:
    """The languages' texts without those of a language whose files have errors (that
    language is not built; the others are)."""
    broken = {p.lang for p in problems if p.lang and p.severity == "error"}
    return {lang: text for lang, text in texts.items() if lang not in broken}


def is_marked(text: str) -> bool:
    """True when text still carries the untranslated mark."""
    return MARKER in text


def unmark(text: str) -> str:
    """text without its untranslated marks."""
    return _MARK.sub("", text)


def strip_marks(data: Any, path: tuple[Any, ...] = ()) -> tuple[Any, list[tuple[Any, ...]]]:
    """data with every mark removed, and the paths of the texts that carried one."""
    if isinstance(data, str):
        return (unmark(data), [path]) if is_marked(data) else (data, [])
    if isinstance(data, dict):
        out: dict[Any, Any] = {}
        found: list[tuple[Any, ...]] = []
        for key, value in data.items():
            out[key], more = strip_marks(value, (*path, key))
            found += more
        return out, found
    if isinstance(data, list):
        items, found = [], []
        for i, value in enumerate(data):
            item, more = strip_marks(value, (*path, i))
            items.append(item)
            found += more
        return items, found
    return data, []


def fill_gaps(own: Any, source: Any, path: tuple[Any, ...] = ()
              ) -> tuple[Any, list[tuple[Any, ...]]]:
    """own with every key it lacks taken from source, and the paths of those keys."""
    if not isinstance(own, dict) or not isinstance(source, dict) or is_forms(source):
        return own, []  # a counted word's forms differ by language: never mixed
    out = dict(own)
    missing: list[tuple[Any, ...]] = []
    for key, value in source.items():
        if key == SOURCE_KEY:
            continue
        if key not in own:
            out[key] = value
            missing.append((*path, key))
        else:
            out[key], more = fill_gaps(own[key], value, (*path, key))
            missing += more
    return out, missing


PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def is_forms(value: Any) -> bool:
    """True for a counted word's forms by plural category: `{one: …, other: …}`."""
    return isinstance(value, dict) and bool(value) and set(value) <= PLURAL_CATEGORIES


def source_of(data: Any) -> str:
    """The language a text file says it was translated from, or ""."""
    if isinstance(data, dict) and isinstance(data.get(SOURCE_KEY), str):
        return str(data[SOURCE_KEY]).strip()
    return ""


def gap_problems(doc: SourceDoc, marked: list[tuple[Any, ...]], missing: list[tuple[Any, ...]],
                 lang: str, source: str) -> list[Problem]:
    """One warning per untranslated or missing text of a language file."""
    out = []
    for path in marked:
        out.append(doc.problem(path, f"not translated yet ({_dotted(path)}): the {source} text "
                               "is printed until the TODO» mark is replaced", severity="warning"))
    for path in missing:
        out.append(doc.problem(path[:-1], f"'{_dotted(path)}' is missing: the {source} text is "
                               "printed; add it here", severity="warning"))
    return [dataclasses.replace(p, lang=lang, gap=True) for p in out]


TERM_REF = re.compile(r"\{\{\s*terms\.([A-Za-z0-9_]+)\s*(\|\s*capitalize\s*)?\}\}")


def resolve_terms(data: Any, terms: dict[str, str], path: tuple[Any, ...] = ()
                  ) -> tuple[Any, list[tuple[tuple[Any, ...], str]]]:
    """data with every `{{ terms.KEY }}` (optionally `| capitalize`) replaced by the glossary's
    spelling, and the (path, key) of each reference to a term the glossary lacks."""
    unknown: list[tuple[tuple[Any, ...], str]] = []

    def put(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in terms:
            unknown.append((path, key))
            return match.group(0)
        word = terms[key]
        return word[:1].upper() + word[1:] if match.group(2) else word

    if isinstance(data, str):
        return (TERM_REF.sub(put, data) if "terms." in data else data), unknown
    if isinstance(data, dict):
        out = {}
        for key, value in data.items():
            out[key], more = resolve_terms(value, terms, (*path, key))
            unknown += more
        return out, unknown
    if isinstance(data, list):
        items = []
        for i, value in enumerate(data):
            item, more = resolve_terms(value, terms, (*path, i))
            items.append(item)
            unknown += more
        return items, unknown
    return data, unknown


def _dotted(path: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in path)

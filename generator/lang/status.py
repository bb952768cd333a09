"""Outdated translations: a translated text whose source changed since it was translated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..content.paths import ContentRoots
from ..errors import ContentError, Problem
from .records import digest, read_records, record_problem
from .units import translated


def outdated_texts(own: Path | None, origin: Path | None, source: str) -> list[dict[str, Any]]:
    """Each outdated text of the language file own, translated from origin: its context, its
    line in own, the source it was translated from and today's source."""
    if own is None or origin is None:
        return []
    made_from, records = read_records(own)
    if not records or made_from != source:
        return []
    from .pairs import read_units

    try:
        mine, theirs = read_units(own), read_units(origin)
    except ContentError:
        return []  # the file's own errors are reported by check and build
    out = []
    for ctx, unit in theirs.items():
        record = records.get(ctx)
        if record and translated(mine.get(ctx)) and record.digest != digest(unit.text):
            out.append({"context": ctx, "line": mine[ctx].line, "was": record.source,
                        "now": unit.text})
    return out


def outdated_problems(roots: ContentRoots, games: list[str]) -> list[Problem]:
    """A warning for each outdated text of a finished language (errors with --strict), and for
    each record that cannot be read."""
    from ..languages import language_status, languages_in

    out = []
    for lang in languages_in(roots, games):
        found = language_status(roots, games, lang)
        for status in found:
            for f in status.files:
                path = roots.find(f.relative)
                broken = record_problem(path) if path else None
                if broken:
                    out.append(broken)
        if not all(f.untranslated == 0 and f.missing == 0 for s in found for f in s.files):
            continue  # a draft: its gaps are reported already
        for status in found:
            for f in status.files:
                path = roots.find(f.relative)
                for change in f.changes:
                    again = f"labyrinth-pnp lang stamp {lang} --only {change['context']}"
                    out.append(Problem(str(path or f.relative), change["line"], 1,
                                       f"outdated: '{change['context']}' was translated from "
                                       f"«{_short(change['was'])}», the {status.source} text is "
                                       f"now «{_short(change['now'])}»: update the translation, "
                                       f"then `{again}` (or import it "
                                       "from a PO file)", "warning", lang=lang))
    return out


def _short(text: str, size: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else text[:size - 1] + "…"

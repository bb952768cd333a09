"""Outdated translations: a translated text whose source changed since it was translated."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import ContentError
from .records import digest, read_records
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


def _short(text: str, size: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else text[:size - 1] + "…"

"""What a piece is called on a virtual table: its printed name in the export's language.

Decisions:
- The name comes from the game's `names:` in text/LANG.yaml when the piece has one there
  (token 14 → its ingredient, `goblin-3` → Goblin 3, `entrance` → the location's name), then
  from a label of the same word (`wand` → Wand), else the part's title and the id's number.
- A card with a back (a secret formula card) is called by its part's title only: its name
  shows in a tooltip, and must not tell which card it is.
- The description is the part's title and the game's name, so a piece says where it belongs.
"""

from __future__ import annotations

from typing import Any

from ..layout.imposition import PieceSpec
from ..pieces import family
from ..pipeline.plan import Job

HOST_KINDS = {"host-sheet"}  # the paper game's host sheets: the secret plan, for the host only


def _lookup(table: Any, keys: list[Any]) -> str | None:
    """The first of keys a name table (dict) holds, as text."""
    if not isinstance(table, dict):
        return None
    for key in keys:
        if key in table and isinstance(table[key], str):
            return table[key]
    return None


def piece_name(job: Job, spec: PieceSpec, secret: bool) -> str:
    """The piece's name in the job's language (the part's title alone for a secret card)."""
    texts = job.content.texts[job.lang]
    part = job.part.title(job.content, job.lang) or job.part.name
    if secret or spec.id == job.part.name:
        return part
    fam = family(spec.id)
    tail = spec.id[len(fam) + 1:] if fam != spec.id else ""
    names = getattr(texts, "names", None)
    tables = {} if names is None else {k: v for k, v in vars(names).items()
                                       if isinstance(v, dict)}
    for table in tables.values():
        found = _lookup(table, [spec.id])
        if found:
            return found
    numbers = [int(tail)] if tail.isdigit() else []
    found = _lookup(tables.get(f"{fam}s"), [tail, *numbers])
    if found:
        return found
    for table in tables.values():
        found = _lookup(table, [fam])
        if found:
            return f"{found} {tail}".strip()
    label = getattr(texts, fam.replace("-", "_"), None)
    if isinstance(label, str) and "{" not in label:
        return f"{label} {tail}".strip()
    if not tail:
        return part
    return f"{part} {tail}" if tail.isdigit() else f"{part}: {tail}"


def piece_description(job: Job) -> str:
    """The piece's part title and game name, in the job's language."""
    part = job.part.title(job.content, job.lang) or job.part.name
    return f"{part} — {job.game.name(job.content, job.lang)}"

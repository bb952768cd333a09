"""Which source text each translation was made from: a record beside the language file.

A translated file `GAME/rules/de.md` has a record `GAME/rules/de.sources` (for
`GAME/text/de.yaml`, `GAME/text/de.sources`): a small YAML file that, for each translated text
by its context (a YAML key path, a rulebook anchor), keeps the digest of the source text it was
translated from and that source text itself. The record is kept out of the translation, so a
translator may edit, reflow or comment the YAML and Markdown freely; what the record ties to
is the context, which hand edits of the text do not change. When the source text changes, its
digest no longer matches and the translation is *outdated*. `lang new`, `lang import` and
`lang stamp` write records; a text without one is taken as current.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import yaml

from ..atomic import write_atomically
from ..errors import Problem
from ..sourceyaml import parse_yaml, read_text_file

SUFFIX = ".sources"
DIGEST_CHARS = 12


@dataclass(frozen=True)
class Record:
    """The source a translation was made from."""

    digest: str
    source: str


def digest(text: str) -> str:
    """The digest of a source text: the first 12 hex digits of its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_CHARS]


def record_of(text: str) -> Record:
    """The record of a translation made from the source text."""
    return Record(digest(text), text)


def sidecar(path: Path) -> Path:
    """Where the record of a language file is kept: `de.md` → `de.sources`."""
    return path.with_name(path.stem + SUFFIX)


def read_records(path: Path) -> tuple[str, dict[str, Record]]:
    """The source language and the records of a language file (none if it has no record; a
    damaged entry is skipped, and its text counts as current)."""
    side = sidecar(path)
    if not side.is_file():
        return "", {}
    text, problems = read_text_file(side, str(side))
    if text is None or problems:
        return "", {}
    doc, problems = parse_yaml(text, str(side))
    data = doc.data if not problems and isinstance(doc.data, dict) else {}
    texts = data.get("texts") if isinstance(data.get("texts"), dict) else {}
    out = {}
    for ctx, entry in (texts or {}).items():
        if isinstance(entry, dict) and isinstance(entry.get("digest"), str):
            out[str(ctx)] = Record(entry["digest"], str(entry.get("source", "")))
    source = data.get("from")
    return (source if isinstance(source, str) else ""), out


def record_problem(path: Path) -> Problem | None:
    """A warning when the record beside the language file at path cannot be read."""
    side = sidecar(path)
    if not side.is_file():
        return None
    text, problems = read_text_file(side, str(side))
    if text is not None:
        doc, problems = parse_yaml(text, str(side))
        if not problems and not (isinstance(doc.data, dict) and isinstance(
                doc.data.get("texts", {}), dict)):
            problems = [Problem(str(side), 1, 1, "expected `from:` and `texts:`")]
    if not problems:
        return None
    first = problems[0]
    return Problem(first.file, first.line, first.column, f"{first.message}; this record of "
                   f"which source each translation was made from is not used: `labyrinth-pnp "
                   f"lang stamp {path.stem}` writes it again", "warning")


def render_records(name: str, source: str, records: dict[str, Record]) -> str:
    """The text of a record file, entries in the given order."""
    head = (f"# Which {source} text each translation in {name} was made from: its digest (the\n"
            "# first 12 hex digits of the SHA-256 of the source text) and the text itself.\n"
            "# Written by `labyrinth-pnp lang new`, `lang import` and `lang stamp`; `lang status`\n"
            "# compares it with the source to find outdated texts. Keep it beside the file.\n")
    data = {"from": source, "texts": {ctx: {"digest": r.digest, "source": r.source}
                                      for ctx, r in records.items()}}
    return head + yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1 << 30)


def write_records(path: Path, source: str, records: dict[str, Record]) -> bool:
    """Write the record of the language file at path if it changed; True if written."""
    side = sidecar(path)
    text = render_records(path.name, source, records)
    if side.is_file() and side.read_text(encoding="utf-8") == text:
        return False
    write_atomically(side, partial(_write, text=text))
    return True


def _write(temp: Path, text: str) -> None:
    temp.write_text(text, encoding="utf-8")

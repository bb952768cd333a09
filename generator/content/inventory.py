"""Files in a user's content or templates folder that the tool would not read.

A misspelled file (`magic-labyrinth/token.yaml`) or folder (`magic-labyrnth/`) would otherwise
be passed over in silence while the bundled file is used. Each such path is a warning (an error
with `--strict`) naming the closest path the tool does read.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import Problem
from .paths import bundled_dir, display_path

# Folders holding one file per language or per item: any name with this suffix is read.
COLLECTIONS = {"text": ".yaml", "rules": ".md", "plans": ".txt", "terms": ".yaml",
               "play": ".yaml"}
# Files a person keeps beside content that are never content: not reported.
_NOTES = re.compile(r"(readme|licen[cs]e|copying|notes?)(\..*)?\Z", re.IGNORECASE)
_LANGUAGE = re.compile(r"[a-z]{2,3}([-_][A-Za-z0-9]{2,8})?\Z")


def _walk(root: Path) -> list[Path]:
    """Every file and folder below root, relative and sorted; hidden ones left out."""
    found: list[Path] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        base = Path(folder).relative_to(root)
        found.extend(base / d for d in dirs)
        found.extend(base / f for f in sorted(files) if not f.startswith("."))
    return found


def _expected_content() -> tuple[set[str], set[str]]:
    """The files and folders the tool reads, relative to a content root (from the bundled one)."""
    bundled = bundled_dir("content")
    files: set[str] = set()
    folders: set[str] = set()
    for rel in _walk(bundled):
        (folders if (bundled / rel).is_dir() else files).add(rel.as_posix())
    return files, folders


def _is_collection_file(rel: Path, folders: set[str]) -> bool:
    parent = rel.parent
    return (parent.as_posix() in folders and parent.name in COLLECTIONS
            and rel.suffix == COLLECTIONS[parent.name])


def _is_record(rel: Path, folders: set[str]) -> bool:
    """A translation's record of its sources (`rules/de.sources`, generator/lang/records.py)."""
    return (rel.suffix == ".sources" and rel.parent.as_posix() in folders
            and rel.parent.name in ("text", "rules", "terms", "play")
            and bool(_LANGUAGE.match(rel.stem)))


def _is_art(rel: Path, path: Path) -> bool:
    """A folder below GAME/art/, or a picture file there: the YAML names it by any path
    (an unnamed one is simply not printed; see docs/art.md)."""
    parts = rel.parts
    if len(parts) < 2 or parts[1] != "art":
        return False
    return path.is_dir() or rel.suffix.lower() in (".svg", ".png")


def _suggest(rel: str, candidates: set[str]) -> str:
    import difflib

    close = difflib.get_close_matches(rel, sorted(candidates), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return "the paths it reads are listed in README.md, 'Editing content'"


def unread_content(user: Path | None) -> list[Problem]:
    """Warn about each file or folder in the user's content folder that nothing reads."""
    if user is None:
        return []
    files, folders = _expected_content()
    collection_hints = {f"{d}/LANG{COLLECTIONS[Path(d).name]}" for d in folders
                        if Path(d).name in COLLECTIONS}
    problems: list[Problem] = []
    skipped: list[Path] = []
    for rel in _walk(user):
        if any(parent in skipped for parent in rel.parents) or _NOTES.match(rel.name):
            continue
        path = user / rel
        key = rel.as_posix()
        if _is_art(rel, path):
            continue
        if path.is_dir():
            if key not in folders:
                skipped.append(rel)
                problems.append(_warning(path, f"labyrinth-pnp reads nothing in this folder: "
                                         f"{_suggest(key, folders)}"))
            continue
        if key in files or _is_record(rel, folders):
            continue
        if _is_collection_file(rel, folders):
            if (rel.parent.name in ("text", "rules", "terms", "play")
                    and not _LANGUAGE.match(rel.stem)):
                problems.append(_warning(path, f"'{rel.stem}' is not a language code: name "
                                         f"the file after one, e.g. {rel.parent.as_posix()}/de"
                                         f"{rel.suffix}"))
            continue
        problems.append(_warning(path, "labyrinth-pnp does not read this file: "
                                 + _suggest(key, files | collection_hints)))
    return problems


def unread_templates(user: Path | None, used: set[str]) -> list[Problem]:
    """Warn about each file in the user's templates folder that no template uses."""
    if user is None:
        return []
    problems = []
    for rel in _walk(user):
        key = rel.as_posix()
        if (user / rel).is_dir() or key in used or _NOTES.match(rel.name):
            continue
        problems.append(_warning(user / rel, "labyrinth-pnp does not use this template: "
                                 + _suggest(key, used)))
    return problems


def _warning(path: Path, message: str) -> Problem:
    line = 0 if path.is_dir() else 1  # a folder has no line to point at
    return Problem(display_path(path), line, line, message, "warning")

"""Incremental builds: what each PDF was made from, so that a rebuild redraws only what changed.

`OUT/.labyrinth-build.json` records, for every PDF a build wrote, the digest of the inputs its
job reads and the size and digest of the bytes written. A later build skips a job ("up to
date") when its input digest is the one recorded and its file still has those bytes; a file
changed or deleted by hand is redrawn. See docs/architecture.md.

Decisions (a wrong skip is far worse than a redraw, so inputs are declared generously):
- A job's key is the loaded data it is drawn from (`canonical`: a sheet's SheetInput, a
  rulebook's context and words; see skip.py), the pictures its game named, every file of its
  game's folder and of `common/` in every content root (the user's folder, then the bundled
  one) but the texts `text/LANG.yaml` (they reach it only as loaded data), every template
  (bundled and the user's), the tool's own files (the whole package, by name, size, time),
  the Python version and the names of the installed packages' metadata folders (their
  versions), and every option that can change a file's bytes. Which games, parts and
  languages were asked for does not change a file.
- A content or templates folder holding a link or an unreadable file is never trusted: every
  job is drawn and every check run (a link's target can change without the folder changing).
- The slow checks (rulebooks, the cave) are kept by the same inputs plus the languages they
  check and the working folder (their messages name files relative to it).
- A build that succeeded also records all its inputs and options with its files and warnings:
  the same build again, with every file intact, loads nothing and repeats those warnings.
- The manifest is written after the files, with a temporary file and a rename, merged with the
  copy on disk at that moment: a build killed half-way leaves the old manifest, whose entries
  no longer match the files that did change, so they are redrawn. Unreadable: treated as empty.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict, fields, is_dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .. import __version__
from ..content.paths import PACKAGE_DIR, bundled_dir
from ..errors import Problem
from ..toolfiles import installed_packages, stat_signature

NAME = ".labyrinth-build.json"
FORMAT = 1
KEEP = 32  # check results and build records kept (the most recent)
_TOOL: list[str] = []  # the tool's digest, worked out once per process


class Untrusted(Exception):
    """A folder holds a link or an unreadable file: no digest of it can be trusted."""


def tree_digest(folder: Path, words: bool = True) -> str:
    """Digest every file below folder (names and bytes); raise Untrusted on a link. Without
    words, the texts `text/*.yaml` are left out (a job's key has what it got of them)."""
    digest = hashlib.sha256()
    if not folder.exists():
        return "absent"
    if folder.is_symlink() or not folder.is_dir():
        raise Untrusted(str(folder))
    for path, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(dirs) + sorted(files):
            if os.path.islink(os.path.join(path, name)):
                raise Untrusted(os.path.join(path, name))
        for name in sorted(files):
            full = os.path.join(path, name)
            if not words and _is_words(os.path.relpath(full, folder)):
                continue
            try:
                with open(full, "rb") as file:
                    data = file.read()
            except OSError as exc:
                raise Untrusted(full) from exc
            digest.update(f"{os.path.relpath(full, folder)}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def _is_words(relative: str) -> bool:
    """Whether a file is one language's texts, `text/LANG.yaml` of a game or of common/."""
    head, _, name = relative.replace(os.sep, "/").partition("/")
    return head == "text" and "/" not in name and name.endswith(".yaml")


class Unkeyable(Exception):
    """A value with no canonical form: a job drawn from it is never skipped."""


def canonical(value: Any) -> Any:
    """A JSON-able form of loaded data, the same for equal data in every process: dataclasses
    and models by their fields, a file path with its bytes' digest; Unkeyable for anything
    else (a function, an object of unknown kind), so that nothing is skipped on a guess."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:  # the most common first
        return value
    if kind is float:
        return ["f", repr(value)]
    if kind is list or kind is tuple:
        return [canonical(v) for v in value]
    if kind is dict:
        return ["d", [[canonical(k), canonical(v)] for k, v in value.items()]]
    names = _FIELDS.get(kind)
    if names is not None:
        return [names[0], [[name, canonical(getattr(value, name))] for name in names[1:]]]
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return ["f", repr(value)]
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return ["d", [[canonical(k), canonical(v)] for k, v in value.items()]]
    if isinstance(value, (set, frozenset)):
        if all(type(v) is str for v in value):
            return ["s", sorted(value)]
        return ["s", sorted(json.dumps(canonical(v), sort_keys=True) for v in value)]
    if isinstance(value, Path):
        return ["p", str(value), file_digest(value)]
    name = f"{kind.__module__}.{kind.__qualname__}"
    if is_dataclass(value) and not isinstance(value, type):
        _FIELDS[kind] = (name, *(f.name for f in fields(value)  # "unkeyed": made from others
                                 if not f.metadata.get("unkeyed")))
        return canonical(value)
    if hasattr(value, "model_dump") and isinstance(getattr(value, "_fields", None), dict):
        return [name, canonical(vars(value))]  # a content model (content/schema.py Strict)
    if isinstance(value, Enum):
        return [name, canonical(value.value)]
    raise Unkeyable(name)


_FIELDS: dict[type, tuple[str, ...]] = {}  # a dataclass: its name, then its fields' names


def tool_digest() -> str:
    """The tool's own files, its version, Python's and the installed packages' versions.

    The tool's files (code, fonts, metrics: 8 MB) count by name, size, modification time and
    inode, as `git` and `make` judge files, not read: a file edited, replaced or reinstalled
    changes its time, so every file is redrawn; only a change that keeps a file's size and
    sets its time back to the nanosecond would go unseen. Content and templates, which a
    user edits, are always read in full.
    """
    if not _TOOL:
        _TOOL[:] = [digest_of([__version__, sys.version, installed_packages(),
                               stat_signature(PACKAGE_DIR)])]
    return _TOOL[0]


def digest_of(value: Any) -> str:
    """Digest a JSON-able value."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def file_digest(path: Path) -> tuple[int, str] | None:
    """Size and digest of a file's bytes, or None when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return len(data), hashlib.sha256(data).hexdigest()


def problem_data(problems: list[Problem]) -> list[dict[str, Any]]:
    """Problems as JSON-able records."""
    return [asdict(p) for p in problems]


def problems_from(records: list[dict[str, Any]]) -> list[Problem]:
    """Problems back from their records."""
    return [Problem(**record) for record in records]


class Inputs:
    """The digests of what the jobs of one build read, each worked out once."""

    def __init__(self, content: Path | None, templates: Path | None) -> None:
        self.roots = (content, bundled_dir("content")) if content else (bundled_dir("content"),)
        self.templates = (templates, bundled_dir("templates")) if templates else (
            bundled_dir("templates"),)
        self._games: dict[str, str] = {}
        self._files: dict[str, str] = {}
        self._common = ""
        self._trees: dict[Path, str] = {}

    def tree(self, folder: Path) -> str:
        """The digest of a folder's files, worked out once."""
        if folder not in self._trees:
            self._trees[folder] = tree_digest(folder)
        return self._trees[folder]

    def present(self, folders: list[Path]) -> list[str]:
        """The digests of the folders that exist (a root without one adds nothing to read)."""
        return [digest for digest in map(self.tree, folders) if digest != "absent"]

    def common(self) -> str:
        """The tool, the templates and every root's `common/` folder."""
        if not self._common:
            self._common = digest_of([FORMAT, tool_digest(),
                                      [self.tree(t) for t in self.templates],
                                      self.present([r / "common" for r in self.roots])])
        return self._common

    def files(self, game_id: str) -> str:
        """What every job of a game reads as files: the tool, the templates, every root's
        `common/` and game folder, but not the texts (`text/LANG.yaml`): a job's key has
        the loaded words it is drawn from instead (skip.py)."""
        if game_id not in self._files:
            folders = [r / name for r in self.roots for name in ("common", game_id)]
            trees = [tree_digest(f, words=False) for f in folders if f.exists()]
            self._files[game_id] = digest_of([FORMAT, tool_digest(),
                                              [self.tree(t) for t in self.templates],
                                              [str(f) for f in folders if f.exists()], trees])
        return self._files[game_id]

    def game(self, game_id: str) -> str:
        """What every job of a game reads: the common inputs and the game's folders."""
        if game_id not in self._games:
            self._games[game_id] = digest_of([self.common(), game_id,
                                              self.present([r / game_id for r in self.roots])])
        return self._games[game_id]

    def everything(self) -> str:
        """Every file of every content root and the common inputs (a whole build's record)."""
        roots = []
        for root in self.roots:
            if root.is_symlink() or not root.is_dir():
                raise Untrusted(str(root))
            entries = []
            for entry in sorted(root.iterdir()):
                if entry.is_symlink():
                    raise Untrusted(str(entry))
                found = file_digest(entry) if entry.is_file() else self.tree(entry)
                if found is None:
                    raise Untrusted(str(entry))
                entries.append([entry.name, found])
            roots.append(entries)
        return digest_of([self.common(), roots])


class Manifest:
    """The manifest of one output folder: files written, check results, build records."""

    def __init__(self, out: Path) -> None:
        self.path = out / NAME
        self.out = out
        data = self._read()
        self.files: dict[str, dict[str, Any]] = data.get("files", {})
        self.checks: dict[str, list[dict[str, Any]]] = data.get("checks", {})
        self.records: dict[str, dict[str, Any]] = data.get("records", {})
        self.written: dict[str, dict[str, Any]] = {}

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) and data.get("format") == FORMAT else {}

    def intact(self, relative: str, key: str, kind: str = "inputs") -> dict[str, Any] | None:
        """The entry of a file made from inputs `key` (of that kind: "inputs", the data it
        was drawn from; "content", its game's whole content) and still as written, else
        None."""
        entry = self.files.get(relative)
        if not isinstance(entry, dict) or entry.get(kind) != key:
            return None
        try:
            if (self.out / relative).stat().st_size != entry.get("size"):
                return None
        except OSError:
            return None
        found = file_digest(self.out / relative)
        return entry if found is not None and list(found) == [entry["size"],
                                                             entry.get("sha256")] else None

    def wrote(self, relative: str, key: str, temp: Path, shrunk: list[str],
              content: str | None) -> None:
        """Note a file drawn to temp from inputs `key` (recorded by save)."""
        found = file_digest(temp)
        if found is not None:
            self.written[relative] = {"inputs": key, "content": content, "size": found[0],
                                      "sha256": found[1], "shrunk": shrunk}

    def save(self) -> None:
        """Merge this build's entries into the manifest on disk; write it atomically."""
        disk = self._read()  # another build may have written since this one read it: its
        # entries are newer than what this one read, and this one's files newer still (a file
        # whose bytes are not its entry's is redrawn next time, whoever wrote it)
        files = {rel: entry for rel, entry in {**self.files, **disk.get("files", {}),
                                               **self.written}.items()
                 if (self.out / rel).is_file()}
        checks = _recent({**disk.get("checks", {}), **self.checks})
        records = _recent({**disk.get("records", {}), **self.records})
        text = json.dumps({"format": FORMAT, "files": dict(sorted(files.items())),
                           "checks": checks, "records": records},
                          ensure_ascii=False, indent=1)
        from ..atomic import write_atomically

        write_atomically(self.path, lambda temp: temp.write_text(text, encoding="utf-8"))


def _recent(entries: dict[str, Any]) -> dict[str, Any]:
    """The last KEEP entries (insertion order: a used entry is moved to the end)."""
    return dict(list(entries.items())[-KEEP:])

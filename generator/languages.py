"""Start a translation and measure it: `labyrinth-pnp lang new` and `lang status`.

A language is these files, in a content folder: `common/text/LANG.yaml` (the words on every
sheet and rulebook), and per game `GAME/text/LANG.yaml` (labels and names),
`GAME/terms/LANG.yaml` (the glossary) and `GAME/rules/LANG.md` (the rulebook). `new_language`
copies them from a source language, marks every text `TODO» ` and records
`translated_from:`; `language_status` counts, per file, what is translated, what still
carries the mark (the source text), and what is missing.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from .atomic import write_atomically
from .content.paths import ContentRoots
from .content.translation import MARKER, SOURCE_KEY, is_forms, is_marked
from .errors import ContentError, LabyrinthError, Problem, UsageError
from .lang.files import (  # noqa: F401  (names other modules import from here)
    COMMON,
    NOT_WORDS,
    PER_GAME,
    _has_words,
    source_language,
    text_units,
)
from .sourceyaml import parse_yaml

_LANG = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?\Z")


@dataclass
class LanguageFile:
    """One file of a language: where it goes and what it holds."""

    relative: str
    holds: str
    source: str = ""  # the source language's file it is made from


@dataclass
class FileStatus:
    """How far one file of a translation has come."""

    relative: str
    kind: str  # "strings" (YAML) or "paragraphs" (a rulebook)
    total: int = 0
    translated: int = 0
    untranslated: int = 0  # still the source text, marked
    missing: int = 0
    outdated: int = 0  # translated from a source text that has changed since (counted in
    #                    translated too); changes: each one's context, line, was, now
    changes: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class LanguageStatus:
    """A language's translation of one game (or the shared words, game "common")."""

    game: str
    lang: str
    source: str
    files: list[FileStatus] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(f.total for f in self.files)

    @property
    def translated(self) -> int:
        return sum(f.translated for f in self.files)

    @property
    def done(self) -> bool:
        return all(f.untranslated == 0 and f.missing == 0 and f.outdated == 0
                   for f in self.files)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game, "lang": self.lang, "source": self.source,
                "translated": self.translated, "total": self.total, "done": self.done,
                "files": [vars(f) for f in self.files]}


def check_code(lang: str) -> None:
    """Refuse what is not a language code (files are named after it)."""
    if not _LANG.match(lang) and _LANG.match(lang.lower()):
        raise UsageError(f"write the language code in lower case: '{lang.lower()}'")
    if not _LANG.match(lang):
        raise UsageError(f"'{lang}' is not a language code: use two or three lower-case "
                         "letters, e.g. de, uk, fr")


# --- resolving --lang ------------------------------------------------------------------------

def content_option(roots: ContentRoots) -> str:
    """` --content FOLDER` when a user's folder is in use (for hints to paste), else ""."""
    return f" --content {shlex.quote(str(roots.roots[0]))}" if len(roots.roots) > 1 else ""


def resolve_language(code: str, known: list[str], broken: Sequence[Problem] = (),
                     owner: str = "", content: str = "") -> str:
    """Return the language of `known` that `code` names, whatever its case; else raise."""
    spelled = {k.lower(): k for k in known}
    if code.strip().lower() in spelled:
        return spelled[code.strip().lower()]
    raise language_error(code, known, broken, owner, content)


def language_error(code: str, known: list[str], broken: Sequence[Problem] = (),
                   owner: str = "", content: str = "") -> LabyrinthError:
    """The error for a language that `owner` lacks: its files' errors, located, when it has
    files that do not load; else "did you mean", or the languages there are and how to start."""
    import difflib

    lower = code.strip().lower()
    if errors := [p for p in broken if p.severity == "error" and p.lang.lower() == lower]:
        return ContentError(errors)
    who = f"{owner} has no language" if owner else "no game has the language"
    near = [k for k in known if k.lower() == lower[:2] or lower == k.lower()[:len(lower)]]
    if near := list(dict.fromkeys(near + difflib.get_close_matches(lower, known, 2, 0.6))):
        return UsageError(f"{who} '{code}': did you mean {' or '.join(near)}? (available are "
                          f"{', '.join(known)})")
    start = (f"`labyrinth-pnp lang new {lower}{content or ' --content my-content'}` writes the "
             "files a language needs" if _LANG.match(lower) else "a language code is two or "
             "three letters, e.g. de")
    return UsageError(f"{who} '{code}': available are {', '.join(known)} ({start})" if known
                      else f"{who} '{code}' nor any other: {start}")


def language_file_errors(roots: ContentRoots, games: list[str], lang: str) -> list[Problem]:
    """The YAML errors of lang's files, located: what makes a language "missing" elsewhere."""
    rels = [f"{COMMON}/{lang}.yaml", *[f"{game}/{folder}/{lang}{ext}" for game in games
                                       for folder, ext, _ in PER_GAME if ext == ".yaml"]]
    out = []
    for path in filter(None, map(roots.find, rels)):
        try:
            _, found = parse_yaml(path.read_text(encoding="utf-8"), str(path))
        except (OSError, UnicodeDecodeError) as exc:
            found = [Problem(str(path), 1, 1, f"cannot read this file as UTF-8 text: {exc}")]
        out += [Problem(p.file, p.line, p.column, p.message, "error", lang) for p in found
                if p.severity == "error"]
    return out


def language_files(roots: ContentRoots, games: list[str], source: str) -> list[LanguageFile]:
    """The files a language needs, for the source language's files that exist."""
    files = []
    if roots.find(f"{COMMON}/{source}.yaml"):
        files.append(LanguageFile(f"{COMMON}/{{lang}}.yaml",
                                  "the words on every sheet and rulebook: footer, print guide, "
                                  "rulebook cover and contents", f"{COMMON}/{source}.yaml"))
    for game in games:
        for folder, ext, holds in PER_GAME:
            relative = f"{game}/{folder}/{source}{ext}"
            if roots.find(relative):
                files.append(LanguageFile(f"{game}/{folder}/{{lang}}{ext}", holds, relative))
    return files


def new_language(lang: str, source: str, folder: Path, games: list[str]) -> list[LanguageFile]:
    """Write every file of a new language into folder, copied from source and marked.

    Nothing is overwritten: if any file exists, nothing is written and the error lists them.
    """
    check_code(lang)
    check_code(source)
    if lang == source:
        raise UsageError("a language cannot be translated from itself: choose another --from")
    roots = ContentRoots.with_user(folder)
    files = language_files(roots, games, source)
    if not files:
        raise UsageError(f"no content in '{source}' to translate from: choose --from en or ru")
    existing = [f for f in files if (folder / f.relative.format(lang=lang)).exists()]
    if existing:
        raise ContentError([Problem(str(folder / f.relative.format(lang=lang)), 1, 1,
                                    f"'{lang}' already has this file: `labyrinth-pnp lang "
                                    f"status {lang} --content {shlex.quote(str(folder))}` shows "
                                    "what is left to translate")
                            for f in existing])
    made = []
    for f in files:
        path = roots.find(f.source)
        assert path is not None
        text = path.read_text(encoding="utf-8")
        marked = mark_markdown(text, source) if f.source.endswith(".md") else (
            mark_yaml(text, str(path), source))
        made.append((folder / f.relative.format(lang=lang), marked))
    from .lang.pairs import record_copy

    for (target, text), f in zip(made, files):
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, partial(_write, text=text), replace=False)
        record_copy(target, roots.find(f.source) or target, source)
    for f in files:
        f.relative = f.relative.format(lang=lang)
    return files


def _write(temp: Path, text: str) -> None:
    temp.write_text(text, encoding="utf-8")


# --- marking ----------------------------------------------------------------------------------

def string_leaves(data: Any, path: tuple[Any, ...] = ()) -> dict[tuple[Any, ...], str]:
    """Every text of a YAML document a translator translates, by path (a list of words and a
    counted word's forms are one text each: their length differs by language)."""
    if is_forms(data):
        return {path: " | ".join(str(v) for v in data.values())}
    if isinstance(data, dict):
        out: dict[tuple[Any, ...], str] = {}
        for key, value in data.items():
            if key not in NOT_WORDS:
                out.update(string_leaves(value, (*path, key)))
        return out
    if isinstance(data, list):
        if data and all(isinstance(v, str) for v in data):  # a list of words is one text:
            words = [v for v in data if _has_words(v)]  # its length may differ by language
            return {path: " | ".join(words)} if words else {}
        out = {}
        for i, value in enumerate(data):
            out.update(string_leaves(value, (*path, i)))
        return out
    return {path: data} if isinstance(data, str) and _has_words(data) else {}


def _item_paths(data: Any, paths: dict[tuple[Any, ...], str]) -> list[tuple[Any, ...]]:
    """The paths of single texts: each word of a list of words on its own."""
    out = []
    for path in paths:
        value = data
        for step in path:
            value = value[step]
        if isinstance(value, list):
            out += [(*path, i) for i, v in enumerate(value) if _has_words(v)]
        elif isinstance(value, dict):
            out += [(*path, k) for k, v in value.items() if _has_words(str(v))]
        else:
            out.append(path)
    return out


def mark_yaml(text: str, file: str, source: str) -> str:
    """The YAML text with `translated_from: source` first and every text marked."""
    doc, problems = parse_yaml(text, file)
    if problems or not isinstance(doc.data, dict):
        raise ContentError(problems or [Problem(file, 1, 1, "expected 'key: value' lines")])
    lines = text.split("\n")
    spots: dict[int, list[int]] = {}
    for path in _item_paths(doc.data, string_leaves(doc.data)):
        line, col = doc.positions[path]
        row = lines[line - 1]
        at = col - 1
        if row[at:at + 1] in ("'", '"'):
            at += 1
        elif row[at:at + 1] in ("|", ">"):  # a block scalar: its text starts below
            line, at = _block_start(lines, line)
        spots.setdefault(line, []).append(at)
    for line, cols in spots.items():
        row = lines[line - 1]
        for at in sorted(cols, reverse=True):
            row = row[:at] + f"{MARKER} " + row[at:]
        lines[line - 1] = row
    body = "\n".join(line for line in lines if not line.startswith(f"{SOURCE_KEY}:"))
    head = (f"# Translated from '{source}': replace each text marked {MARKER} with your "
            "translation and remove the mark.\n"
            f"# `labyrinth-pnp lang status` counts what is left.\n{SOURCE_KEY}: {source}\n")
    return head + body


def _block_start(lines: list[str], line: int) -> tuple[int, int]:
    for n in range(line + 1, len(lines) + 1):
        if lines[n - 1].strip():
            return n, len(lines[n - 1]) - len(lines[n - 1].lstrip())
    return line, len(lines[line - 1])


def mark_markdown(text: str, source: str) -> str:
    """The rulebook with `translated_from: source` in its front matter and every unit marked."""
    lines = text.split("\n")
    start = 0
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        for i in range(1, end):
            key, _, value = lines[i].partition(":")
            if key.strip() in ("title", "subtitle") and _has_words(value):
                lines[i] = f"{key}: {MARKER} {value.strip()}"
            if key.strip() == SOURCE_KEY:
                lines[i] = ""
        lines.insert(end, f"{SOURCE_KEY}: {source}")
        start = end + 2
    body = lines[start:]
    for i, at in reversed(text_units(body)):
        body[i] = body[i][:at] + f"{MARKER} " + body[i][at:]
    return "\n".join([line for line in lines[:start] if line != ""] + body)


# --- status -----------------------------------------------------------------------------------

def _yaml_status(relative: str, own: Path | None, origin: Path | None) -> FileStatus:
    """Texts of the source file: translated, still marked, or missing here. A key written
    with an empty value ("" or []) counts as translated: the language needs no text there."""
    status = FileStatus(relative, "strings")
    data = _data(own)
    mine = string_leaves(data)
    theirs = string_leaves(_data(origin)) if origin else mine
    for path in theirs:
        status.total += 1
        if path not in mine and not _present(data, path):
            status.missing += 1
        elif path in mine and is_marked(mine[path]):
            status.untranslated += 1
        else:
            status.translated += 1
    return status


def _data(path: Path | None) -> Any:
    if path is None:
        return {}
    doc, problems = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    return doc.data if not problems else {}


def _present(data: Any, path: tuple[Any, ...]) -> bool:
    for step in path:
        if isinstance(data, dict) and step in data:
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int) and step < len(data):
            data = data[step]
        else:
            return False
    return True


def _sections(lines: list[str]) -> dict[str, int]:
    """Units per section id of a rulebook."""
    counts: dict[str, int] = {}
    section = ""
    starts = {i for i, _ in text_units(lines)}
    for i, row in enumerate(lines):
        found = re.search(r"\{#([^}]+)\}\s*$", row) if row.lstrip().startswith("#") else None
        if found:
            section = found.group(1)
        if i in starts:
            counts[section] = counts.get(section, 0) + 1
    return counts


def _markdown_status(relative: str, own: Path | None, origin: Path | None) -> FileStatus:
    status = FileStatus(relative, "paragraphs")
    lines = own.read_text(encoding="utf-8").split("\n") if own else []
    units = text_units(lines)
    marked = sum(1 for i, _ in units if is_marked(lines[i]))
    status.untranslated = marked
    status.translated = len(units) - marked
    if origin is not None:
        theirs = _sections(origin.read_text(encoding="utf-8").split("\n"))
        mine = _sections(lines)
        status.missing = sum(n for sid, n in theirs.items() if sid and sid not in mine)
    status.total = status.translated + status.untranslated + status.missing
    return status


def languages_in(roots: ContentRoots, games: list[str]) -> list[str]:
    """Every language that has a file of the shared words or of a game."""
    found = {name.rsplit(".", 1)[0] for name in roots.glob(COMMON, "*.yaml")}
    for game in games:
        for folder, ext, _ in PER_GAME:
            found |= {name.rsplit(".", 1)[0] for name in roots.glob(f"{game}/{folder}",
                                                                  f"*{ext}")}
    return sorted(found)


def language_status(roots: ContentRoots, games: list[str], lang: str) -> list[LanguageStatus]:
    """How far lang has come, for the shared words and each game that has a file in it."""
    from .lang.status import outdated_texts

    out = []
    for game in ["common", *games]:
        rels = ([(f"{COMMON}/{{}}.yaml", ".yaml")] if game == "common" else
                [(f"{game}/{folder}/{{}}{ext}", ext) for folder, ext, _ in PER_GAME])
        owned = [(rel, ext) for rel, ext in rels if roots.find(rel.format(lang))]
        if not owned:
            continue
        source = next((s for rel, _ in owned if (s := source_language(
            roots.find(rel.format(lang))))), "")
        status = LanguageStatus(game, lang, source)
        for rel, ext in rels:
            own = roots.find(rel.format(lang))
            origin = roots.find(rel.format(source)) if source else None
            if own is None and origin is None:
                continue
            shown = rel.format(lang)
            status.files.append(_markdown_status(shown, own, origin) if ext == ".md" else
                                _yaml_status(shown, own, origin))
            status.files[-1].changes = outdated_texts(own, origin, source)
            status.files[-1].outdated = len(status.files[-1].changes)
        out.append(status)
    return out


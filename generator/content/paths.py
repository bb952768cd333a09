"""Where content and templates are found: the user's folder first, then the bundled copy.

In a source checkout (or an editable install) the bundled folders are the repository's top-level
`content/` and `templates/`; a wheel carries them inside the package as `generator/_bundled/`.

A content folder may come from a stranger, so a file is only ever taken from inside the folder
it was found in: a link (or a file below a linked folder) that leads elsewhere is refused, and
so is a relative path that is absolute or goes up with `..`. Refused files are remembered and
reported as problems (`ContentRoots.take_refusals()`), never silently skipped.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ..errors import Problem

PACKAGE_DIR = Path(__file__).resolve().parent.parent


def bundled_dir(name: str) -> Path:
    """Return the bundled `content` or `templates` folder."""
    inside = PACKAGE_DIR / "_bundled" / name
    if inside.is_dir():
        return inside
    return PACKAGE_DIR.parent / name


def display_path(path: Path) -> str:
    """Show a path relative to the working folder when it lies below it."""
    try:
        return os.path.relpath(path) if not os.path.relpath(path).startswith("..") else str(path)
    except ValueError:
        return str(path)


def escape_reason(root: Path, path: Path) -> str | None:
    """Return why path, found below root, may not be read (it leads outside root), else None."""
    try:
        real_root, real = root.resolve(), path.resolve()
    except (OSError, RuntimeError):  # a loop of links
        return "this file is a link that leads round in a loop: copy the file in instead"
    if real_root in real.parents:
        return None
    return (f"this file is a link to a place outside the content folder ({real}): "
            "copy the file in instead")


def safe_file(root: Path, relative: str) -> tuple[Path | None, Problem | None]:
    """Return root/relative if it is a file inside root, or the problem that refuses it.

    A path that does not exist (or is not a regular file) gives `(None, None)`: it is missing,
    not refused.
    """
    parts = PurePosixPath(relative)
    if parts.is_absolute() or ".." in parts.parts:
        return None, Problem(relative, 1, 1, f"the path '{relative}' leads out of the content "
                             "folder: name a file inside it")
    candidate = root / relative
    if not os.path.lexists(candidate):
        return None, None
    reason = escape_reason(root, candidate)
    if reason is not None:
        return None, Problem(display_path(candidate), 1, 1, reason)
    return (candidate if candidate.is_file() else None), None


@dataclass(frozen=True)
class ContentRoots:
    """An ordered list of content folders; the first that has a file wins, file by file.

    Files refused by `find` and `glob` are kept, by path, until `take_refusals()` reports them.
    """

    roots: tuple[Path, ...] = field(default_factory=lambda: (bundled_dir("content"),))
    refused: dict[tuple[Path, str], Problem] = field(default_factory=dict, compare=False,
                                                     repr=False)
    reported: set[tuple[Path, str]] = field(default_factory=set, compare=False, repr=False)
    # What one run works out once from these folders and uses in several places (a game's
    # glossary in a language, with its problems); drawing workers inherit it. A run makes
    # roots of its own, so nothing is kept from one run to the next.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def with_user(cls, user: Path | None) -> ContentRoots:
        """Put a user's content folder in front of the bundled one."""
        bundled = bundled_dir("content")
        return cls((user, bundled) if user else (bundled,))

    def find(self, relative: str) -> Path | None:
        """Return the first existing file for a path relative to a content root.

        The first root that has the path decides: a refused file there gives None (and is
        remembered), it does not fall back to the next root.
        """
        for root in self.roots:
            path, refusal = safe_file(root, relative)
            if refusal is not None:
                self.refused.setdefault((root, relative), refusal)
                return None
            if path is not None:
                return path
        return None

    def glob(self, relative_dir: str, pattern: str) -> dict[str, Path]:
        """Map file names matching pattern in relative_dir to the winning path, over all roots."""
        found: dict[str, Path] = {}
        for root in reversed(self.roots):
            folder = root / relative_dir
            if not folder.is_dir():
                continue
            for match in sorted(folder.glob(pattern)):
                relative = f"{relative_dir}/{match.name}"
                path, refusal = safe_file(root, relative)
                if refusal is not None:
                    self.refused.setdefault((root, relative), refusal)
                    found.pop(match.name, None)  # the user's file wins, refused or not
                elif path is not None:
                    found[match.name] = path
        return dict(sorted(found.items()))

    def is_refused(self, relative: str) -> bool:
        """Return True when a file at relative was refused in some root."""
        return any(name == relative for _, name in self.refused)

    def take_refusals(self) -> list[Problem]:
        """Return a problem for each refused file not reported by an earlier call."""
        fresh = [key for key in self.refused if key not in self.reported]
        self.reported.update(fresh)
        return [self.refused[key] for key in fresh]

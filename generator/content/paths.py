"""Where content and templates are found: the user's folder first, then the bundled copy.

In a source checkout (or an editable install) the bundled folders are the repository's top-level
`content/` and `templates/`; a wheel carries them inside the package as `generator/_bundled/`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass(frozen=True)
class ContentRoots:
    """An ordered list of content folders; the first that has a file wins, file by file."""

    roots: tuple[Path, ...] = field(default_factory=lambda: (bundled_dir("content"),))

    @classmethod
    def with_user(cls, user: Path | None) -> ContentRoots:
        """Put a user's content folder in front of the bundled one."""
        bundled = bundled_dir("content")
        return cls((user, bundled) if user else (bundled,))

    def find(self, relative: str) -> Path | None:
        """Return the first existing file for a path relative to a content root."""
        for root in self.roots:
            candidate = root / relative
            if candidate.is_file():
                return candidate
        return None

    def glob(self, relative_dir: str, pattern: str) -> dict[str, Path]:
        """Map file names matching pattern in relative_dir to the winning path, over all roots."""
        found: dict[str, Path] = {}
        for root in reversed(self.roots):
            folder = root / relative_dir
            if folder.is_dir():
                for path in sorted(folder.glob(pattern)):
                    found[path.name] = path
        return dict(sorted(found.items()))

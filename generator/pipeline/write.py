"""Stage 6, write: temporary files beside their targets, renamed into place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..atomic import temp_beside
from ..atomic import write_atomically as atomic_write
from ..errors import OutputError


def _temp_beside(target: Path, reserved: list[Path] | None = None) -> Path:
    try:
        return temp_beside(target, reserved)
    except OSError as exc:
        raise OutputError(f"cannot write to {target.parent}: {exc.strerror}") from exc


def write_atomically(target: Path, make: Callable[[Path], Any]) -> Any:
    """Call make(temp_path) in the target's folder, then rename over target; clean up on error."""
    try:
        return atomic_write(target, make)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror}") from exc


def _missing_folders(targets: list[Path]) -> list[Path]:
    """The folders that writing targets will create, deepest first."""
    missing: set[Path] = set()
    for target in targets:
        folder = target.parent
        while not folder.exists() and folder not in missing and folder != folder.parent:
            missing.add(folder)
            folder = folder.parent
    return sorted(missing, key=lambda f: len(f.parts), reverse=True)

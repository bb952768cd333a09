"""Write a converted plan to a file atomically (temporary file in the same folder + rename)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, text: str, force: bool = False) -> None:
    """Write text to path in one step; raise FileExistsError unless force allows replacing it."""
    if path.exists() and not force:
        raise FileExistsError(str(path))
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(tmp, 0o666 & ~_umask())
        if force:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)  # fails if path appeared meanwhile: never overwrite
            except FileExistsError:
                raise
            except OSError:
                os.replace(tmp, path)
            else:
                os.unlink(tmp)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

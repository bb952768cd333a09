"""Write export folders all at once: fill hidden staging folders, then swap them into place.

A failed or interrupted export leaves the previous folders as they were and no half-written
one; the folders it had to create are removed again.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image

from ..errors import OutputError

PNG_OPTIONS: dict[str, Any] = {"format": "PNG", "compress_level": 3, "optimize": False}


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    """Encode an image as PNG with fixed settings and no metadata but its resolution (a pHYs
    chunk, when dpi is given): the same bytes each run."""
    buffer = io.BytesIO()
    options = dict(PNG_OPTIONS, **({"dpi": (dpi, dpi)} if dpi else {}))
    image.save(buffer, **options)
    return buffer.getvalue()


def save_png(image: Image.Image, path: Path, dpi: int | None = None) -> None:
    """Write an image as a reproducible PNG (at dpi, when given)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png_bytes(image, dpi))


def content_name(path: Path, stem: str) -> str:
    """A file name for path's bytes: stem and the first 16 hex digits of their SHA-256, so a
    changed picture gets a new name (and a table's cache a new download)."""
    return f"{stem}-{hashlib.sha256(path.read_bytes()).hexdigest()[:16]}{path.suffix}"


def save_json(data: Any, path: Path) -> None:
    """Write JSON with stable formatting (keys in the order given) and a final newline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


class Staging:
    """Hidden folders beside their targets, put in place together by `commit`."""

    def __init__(self) -> None:
        self.pairs: list[tuple[Path, Path]] = []  # (staging, target)
        self.made: list[Path] = []  # folders created on the way to a target

    def folder(self, target: Path) -> Path:
        """A fresh empty staging folder for target (its parent folders created)."""
        parent = target.parent
        missing = []
        while not parent.exists() and parent != parent.parent:
            missing.append(parent)
            parent = parent.parent
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            self.made.extend(m for m in missing if m not in self.made)
            staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.{os.getpid()}.",
                                            suffix=".tmp", dir=target.parent))
            os.chmod(staging, 0o777 & ~_umask())
        except OSError as exc:
            raise OutputError(f"cannot write to {target.parent}: {exc.strerror}") from exc
        self.pairs.append((staging, target))
        return staging

    def commit(self) -> list[Path]:
        """Replace every target by its staging folder; return the targets."""
        try:
            for staging, target in self.pairs:
                old = None
                if target.exists():
                    if not target.is_dir():
                        raise OutputError(f"cannot write {target}: a file is in the way")
                    old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.",
                                                suffix=".tmp", dir=target.parent))
                    os.replace(target, old / "previous")
                try:
                    os.replace(staging, target)
                except OSError:
                    if old is not None:  # put the previous export back
                        os.replace(old / "previous", target)
                        old.rmdir()
                    raise
                if old is not None:
                    shutil.rmtree(old, ignore_errors=True)
        except OSError as exc:
            raise OutputError(f"cannot write {exc.filename or target}: {exc.strerror}") from exc
        return [target for _, target in self.pairs]

    def discard(self) -> None:
        """Remove whatever staging folders are left, and the folders made for them."""
        for staging, _ in self.pairs:
            shutil.rmtree(staging, ignore_errors=True)
        for folder in sorted(self.made, key=lambda f: len(f.parts), reverse=True):
            with contextlib.suppress(OSError):
                folder.rmdir()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def staged() -> Iterator[Staging]:
    """A Staging whose leftovers are removed however the block ends."""
    staging = Staging()
    try:
        yield staging
    except BaseException:
        staging.discard()
        raise
    staging.discard()  # after a commit: nothing left but empty made folders, which stay

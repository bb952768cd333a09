"""Write a converted plan to a file atomically (temporary file in the same folder + rename)."""

from __future__ import annotations

from pathlib import Path

from ...atomic import write_atomically


def write_atomic(path: Path, text: str, force: bool = False) -> None:
    """Write text to path in one step; raise FileExistsError unless force allows replacing it."""
    write_atomically(path, lambda temp: temp.write_text(text, "utf-8", newline="\n"),
                     replace=force)

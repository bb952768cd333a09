"""Watch the user's folders: a version number that goes up when a file in them changes.

Polling the files' sizes and modification times five times a second needs no library and
works on every system and file system (network drives included); a content folder holds a
few hundred files at most, so one look costs about a millisecond.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

POLL_SECONDS = 0.2
MAX_FILES = 5000  # a folder with more is not a content folder: stop looking further in it


def snapshot(folders: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """Every file below folders, with its size and modification time."""
    found: list[tuple[str, int, int]] = []
    for folder in folders:
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            for name in sorted(files):
                path = os.path.join(root, name)
                try:
                    stat = os.stat(path)
                except OSError:
                    continue
                found.append((path, stat.st_size, stat.st_mtime_ns))
                if len(found) >= MAX_FILES:
                    return tuple(found)
    return tuple(found)


class Watcher:
    """A background thread counting changes to the files below some folders."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = folders
        self.version = 0
        self._last = snapshot(folders)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="labyrinth-watch", daemon=True)

    def start(self) -> None:
        if self.folders:
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def look(self) -> bool:
        """Compare the files with the last look; count a change. Return whether one was seen."""
        now = snapshot(self.folders)
        if now == self._last:
            return False
        self._last = now
        self.version += 1
        return True

    def _run(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            self.look()

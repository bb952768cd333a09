"""The tool's own files as `make` sees them: names, sizes, times and inodes, not contents.

Both the build manifest (`pipeline/manifest.py`: a file redrawn when the tool changed) and the
build helper (`helper/client.py`: a helper started by other code is never used) judge "the tool
changed" this way. Light on purpose (no import beyond what Python starts with): the helper's client imports it
before anything else.
"""

from __future__ import annotations

import os
import sys


def stat_signature(folder: os.PathLike[str] | str) -> list[list[object]]:
    """Name, size, modification time and inode of every file below folder, sorted."""
    found: list[list[object]] = []
    _signatures(str(folder), "", found)
    return sorted(found)


def _signatures(folder: str, prefix: str, found: list[list[object]]) -> None:
    with os.scandir(folder) as entries:  # one system call a folder; one stat a file
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    _signatures(entry.path, f"{prefix}{entry.name}/", found)
            else:
                stat = entry.stat()
                found.append([prefix + entry.name, stat.st_size, stat.st_mtime_ns,
                              stat.st_ino])


def installed_packages(places: list[str] | None = None) -> list[str]:
    """The metadata folders of the installed packages (their names carry their versions)."""
    return sorted(entry for place in (sys.path if places is None else places)
                  if os.path.isdir(place or ".")
                  for entry in os.listdir(place or ".")
                  if entry.endswith((".dist-info", ".egg-info")))

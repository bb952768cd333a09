"""Write files in one step: a temporary file beside the target, then a rename.

A reader never sees half a file, and a failure leaves the old file (or nothing) in place.
Finished files get the usual permissions (umask), not the 0600 of a temporary file.
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


_TEMP_NAME = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp\Z")


def temp_beside(target: Path, reserved: list[Path] | None = None) -> Path:
    """Create an empty temporary file in the target's folder (created if missing).

    Its name, `.NAME.PID.RANDOM.tmp`, tells a later run which process made it, so files left
    by a run that was killed can be swept (see `sweep_stale_temps`). With reserved, the name
    is added to that list before the file is made: a Ctrl-C at any moment then leaves no file
    the caller does not know of (it removes the names it holds, made or not).
    """
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    for _ in range(100):
        temp = folder / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        if reserved is not None:
            reserved.append(temp)
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # less the umask
        except FileExistsError:
            if reserved is not None:
                reserved.pop()  # someone else's
            continue
        os.close(fd)
        return temp
    raise FileExistsError(f"no free temporary name in {folder}")


def put_in_place(temp: Path, target: Path, replace: bool = True) -> None:
    """Move a finished temporary file to target; without replace, never overwrite."""
    if replace:
        os.replace(temp, target)
        return
    try:
        os.link(temp, target)  # fails if target exists, even if it appeared meanwhile
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if target.exists():
            raise FileExistsError(str(target)) from None
        os.replace(temp, target)
    else:
        temp.unlink()


def write_atomically(target: Path, make: Callable[[Path], T], replace: bool = True) -> T:
    """Call make(temp) to fill a temporary file, then put it in place; clean up on failure."""
    if not replace and target.exists():
        raise FileExistsError(str(target))
    temp = temp_beside(target)
    try:
        result = make(temp)
        put_in_place(temp, target, replace)
        return result
    finally:
        temp.unlink(missing_ok=True)


def sweep_stale_temps(folder: Path) -> list[Path]:
    """Remove temporary files that runs no longer alive left in folder; return them."""
    removed: list[Path] = []
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return removed
    for path in entries:
        match = _TEMP_NAME.match(path.name)
        if match is None or _alive(int(match.group("pid"))):
            continue
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's process, or cannot tell: leave its file alone
    return True


def sweep_output(out: Path, folders: set[Path]) -> None:
    """Sweep stale temporary files from folders and from every game folder of out (a build
    of one part also clears what a killed build of other parts left)."""
    try:
        games = {p for p in out.iterdir() if p.is_dir() and not p.is_symlink()}
    except OSError:
        games = set()
    for folder in sorted(folders | games):
        sweep_stale_temps(folder)

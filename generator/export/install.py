"""`export --install [DIR]`: copy an export where the virtual table lists it.

Decisions:
- Tabletop Simulator: into `Saves/Saved Objects/labyrinth-pnp/GAME-LANG/` (the saved
  objects, their thumbnails and images/); the saved object's local image paths name that
  installed copy, so the export folder may be deleted afterwards. Tabletop Playground: the
  package folder `GAME-LANG/` into the packages folder.
- The folders searched are the ones each program's users document (docs/exports.md); DIR
  overrides them, and is required where none is known (Linux for Tabletop Playground).
- An existing folder is never replaced silently: the export stops before writing anything.
  `--replace` replaces it, and only when it holds an earlier export of the same game and
  language (the same saved object name, or the same package GUID); anything else is left
  alone whatever the options.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from ..errors import OutputError, UsageError

SUBFOLDER = "labyrinth-pnp"  # Tabletop Simulator lists subfolders of Saved Objects as folders


def candidates(fmt: str) -> list[Path]:
    """The folders each program is documented to read on this system, most likely first."""
    home = Path.home()
    if fmt == "tts":
        if sys.platform == "darwin":
            return [home / "Library/Tabletop Simulator/Saves/Saved Objects"]
        if sys.platform == "win32":
            docs = Path(os.environ.get("USERPROFILE", str(home))) / "Documents"
            return [docs / "My Games/Tabletop Simulator/Saves/Saved Objects"]
        return [home / ".local/share/Tabletop Simulator/Saves/Saved Objects"]
    if sys.platform == "darwin":
        base = home / "Library/Application Support/Epic/TabletopPlayground"
        return [base / "Packages", base / "Package"]
    if sys.platform == "win32":
        return [Path(r"C:\Program Files (x86)\Steam\steamapps\common\TabletopPlayground"
                     r"\TabletopPlayground\PersistentDownloadDir"),
                Path(r"C:\Program Files\Epic Games\TabletopPlayground\TabletopPlayground"
                     r"\PersistentDownloadDir"),
                home / "TabletopPlayground" / "Packages"]
    return []


def install_root(fmt: str, given: str) -> Path:
    """The folder to install into: DIR when given, else the first documented one that exists."""
    if fmt == "png":
        raise UsageError("--install is for --format tts or ttpg: pictures have no program "
                         "folder to go to")
    if given:
        return Path(given).expanduser()
    found = [p for p in candidates(fmt) if p.is_dir()]
    if not found:
        program = "Tabletop Simulator" if fmt == "tts" else "Tabletop Playground"
        tried = ", ".join(str(p) for p in candidates(fmt)) or "none is known on this system"
        raise UsageError(f"--install: cannot find {program}'s folder (looked for: {tried}); "
                         "name it: --install DIR")
    return found[0]


def install_folder(fmt: str, root: Path, game: str, lang: str) -> Path:
    """Where one language's export goes under the install root."""
    return (root / SUBFOLDER if fmt == "tts" else root) / f"{game}-{lang}"


def identity(fmt: str, folder: Path, game: str, lang: str) -> str | None:
    """What makes a folder an export of this game and language, or None when it is not one."""
    try:
        if fmt == "tts":  # the shared saved object, or the host's alone (--part host-sheets)
            paths = [folder / f"{game}-{lang}{end}.json" for end in ("", "-host")]
            path = next((p for p in paths if p.is_file()), paths[0])
            return str(json.loads(path.read_text(encoding="utf-8"))["SaveName"]).removesuffix(
                "-host")
        manifest = json.loads((folder / "Manifest.json").read_text(encoding="utf-8"))
        return str(manifest["GUID"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def check_free(fmt: str, target: Path, game: str, lang: str, expected: str,
               replace: bool) -> None:
    """Refuse (before anything is written) a target that must not be replaced."""
    if not target.exists():
        return
    ours = identity(fmt, target, game, lang) == expected
    if not ours:
        raise OutputError(f"cannot install into {target}: it exists and is not an export of "
                          f"{game} ({lang}); move it away or install elsewhere (--install DIR)")
    if not replace:
        raise OutputError(f"cannot install into {target}: an earlier export of {game} ({lang}) "
                          "is there; add --replace to replace it")


def copy_in(source: Path, target: Path) -> None:
    """Copy source to target all at once: a hidden copy beside it, then a rename."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent))
        try:
            shutil.copytree(source, staging / "new")
            old = staging / "old"
            if target.exists():
                os.replace(target, old)
            os.replace(staging / "new", target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    except OSError as exc:
        raise OutputError(f"cannot install into {target}: {exc.strerror}") from exc

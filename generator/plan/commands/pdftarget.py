"""Where `plan print`, `plan sheets` and `plan form` may write their PDF.

The rule (docs/plan-format.md, "Other commands for plans"): a PDF that labyrinth-pnp wrote
earlier (its Author field says so) is replaced, and the command says "replaced FILE"; any
other file in the way (a PDF from elsewhere, a plan, a photo) is left alone and the command
stops with exit status 1, unless `--overwrite` is given. The PDF itself is always drawn to a
temporary file and renamed into place, so a failed run leaves the old file as it was.
"""

from __future__ import annotations

from pathlib import Path

import click

OUR_AUTHOR = b"/Author (labyrinth-pnp)"
OVERWRITE_HELP = ("Replace the --out file even if labyrinth-pnp did not write it (a PDF the "
                  "tool wrote earlier is always replaced).")


def written_by_us(path: Path) -> bool:
    """Return whether path is a PDF that labyrinth-pnp wrote (ReportLab's Info dictionary)."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return data.startswith(b"%PDF-") and OUR_AUTHOR in data


def claim(target: Path, overwrite: bool) -> bool:
    """Return whether target will be replaced; stop (exit 1) if it is not ours to replace."""
    if target.is_dir():
        raise click.UsageError(f"--out {target} is a folder: give a file name ending in .pdf")
    if not target.exists():
        return False
    if overwrite or written_by_us(target):
        return True
    raise click.ClickException(f"{target} exists and labyrinth-pnp did not write it: choose "
                               "another --out, or add --overwrite to replace it")


def done(target: Path, replaced: bool) -> str:
    """The line a PDF command prints when its file is in place."""
    return f"{'replaced' if replaced else 'wrote'} {target}"

"""`plan form` (print a blank or filled plan form) and `plan scan` (read a photo of one).

Registered on the `plan` group by `register`; OpenCV and numpy are imported only when a form
is drawn (its corner markers come from OpenCV's ArUco dictionary) or a photo is read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..commands.pdftarget import OVERWRITE_HELP
from ..text.model import MAX_SIZE, MIN_SIZE

LANG = click.Choice(["ru", "en"])
SIZE = click.IntRange(MIN_SIZE, MAX_SIZE)


@click.command("form")
@click.option("--rows", type=SIZE, default=None, help="Rows of the grid (2-12).")
@click.option("--cols", type=SIZE, default=None, help="Columns of the grid (2-12).")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size.")
@click.option("--lang", type=LANG, default=None,
              help="Language of the legend and the box labels (ru or en). [default: the --fill "
                   "plan's cell codes, else the system locale's language, else en]")
@click.option("--fill", "source", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None, metavar="PLAN", help="Draw PLAN's walls and marks on the form as a "
                                                 "host would (its size is the form's).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write. Default: plan-form-RxC-LANG-PAPER.pdf, or "
                   "PLAN-form-LANG-PAPER.pdf with --fill, in the current folder.")
@click.option("--overwrite", is_flag=True, help=OVERWRITE_HELP)
def form_command(rows: int | None, cols: int | None, paper: str, lang: str | None,
                 source: Path | None, out: Path | None, overwrite: bool) -> None:
    """Print a plan form: a grid to draw a plan on by tracing walls and filling boxes.

    Every side of every cell is a dotted wall slot; every cell has boxes for its object, the
    river's current, a hole's cycle letter and number, and a swamp box by each inner side. Four
    corner markers and a QR code let `plan scan` read a photo of the filled form.
    """
    from ...atomic import write_atomically
    from ..commands.pdftarget import claim, done
    from .draw import write_form
    from .layout import FormSizeError, layout
    from .marks import FormFillError

    lang = _language(lang, [source] if source is not None else [])
    plan = None
    if source is not None:
        plan = _load(source, lang)
        if (rows or plan.rows) != plan.rows or (cols or plan.cols) != plan.cols:
            raise click.UsageError(f"{source} is {plan.rows}×{plan.cols}: leave out --rows and "
                                   "--cols with --fill, or give its size")
        rows, cols = plan.rows, plan.cols
    if rows is None or cols is None:
        raise click.UsageError("give --rows and --cols (or --fill PLAN)")
    try:
        lay = layout(rows, cols, paper)
    except FormSizeError as exc:
        raise click.UsageError(str(exc)) from None
    if out is None:
        stem = f"{source.stem}-form" if source else f"plan-form-{rows}x{cols}"
        out = Path(f"{stem}-{lang}-{paper}.pdf")
    replaced = claim(out, overwrite)
    try:
        write_atomically(out, lambda tmp: write_form(tmp, lay, lang, plan))
    except FormFillError as exc:
        click.echo(f"{source}: {exc}", err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{out}: cannot write: {exc.strerror or exc}", err=True)
        sys.exit(1)
    click.echo(done(out, replaced))


def _language(lang: str | None, plans: list[Path]) -> str:
    """The language of a form or a scan, as every plan command chooses it (ru or en here)."""
    from ..commands.language import choose_language, message_language

    return message_language(choose_language(lang, plans, None))


def _load(source: Path, lang: str):  # type: ignore[no-untyped-def]
    """Return the plan in source, or exit 1 with its reading problems."""
    from ..checker.check import load_plan, read_source, to_problem
    from ..checker.report import PlanReadError

    try:
        plan, _ = load_plan(read_source(source), str(source), lang)
    except PlanReadError as exc:
        for finding in exc.findings:
            click.echo(to_problem(finding, lang).format(str(source)), err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(f"{source}: cannot read file: {exc.strerror or exc}", err=True)
        sys.exit(1)
    return plan


@click.command("scan")
@click.argument("photos", metavar="PHOTO...", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: the plan, unclear marks and the check; json: one "
                                      "object per photo.")
@click.option("--overlay", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="OUT.png", help="Draw what was read over the photo (with several photos: "
                                      "OUT-1.png, OUT-2.png…).")
@click.option("--lang", type=LANG, default=None,
              help="Language of the messages and of the plan's codes (ru or en). [default: the "
                   "system locale's language, else en]")
def scan_command(photos: tuple[Path, ...], fmt: str, overlay: Path | None,
                 lang: str | None) -> None:
    """Read photos of filled plan forms: print each plan as grid text, then its check.

    Marks the reader is unsure of are listed (PHOTO: cell B3: river direction unclear (0.45))
    and make the exit status 1; the plan printed with them is only the likeliest reading.
    Exits with 0 when every photo was read with certainty and its plan is valid.
    """
    from .scanout import scan_one

    lang = _language(lang, [])
    results = []
    ok = True
    for i, photo in enumerate(photos):
        target = overlay
        if overlay is not None and len(photos) > 1:
            target = overlay.with_name(f"{overlay.stem}-{i + 1}{overlay.suffix}")
        result, good = scan_one(photo, lang, target, fmt == "text")
        results.append(result)
        ok = ok and good
    if fmt == "json":
        click.echo(json.dumps(results, ensure_ascii=False, indent=2))
    sys.exit(0 if ok else 1)


def register(group: click.Group) -> None:
    """Add `form` and `scan` to the plan command group."""
    group.add_command(form_command)
    group.add_command(scan_command)

"""The `plan` command group: check, convert and make random plans of the paper «Лабиринт».

Mount it on the main CLI with `main.add_command(plan)`; it also runs on its own as
`python -m generator.plan.cli`. Exit statuses: 0 success (plans valid, warnings allowed),
1 a plan has errors or cannot be read, or an output could not be written, 2 usage errors (bad
option, a missing PLAN for convert or print).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .check import check_file, is_structured, load_plan, read_source
from .gridtext import write_grid
from .messages import summary
from .output import write_atomic
from .randomplan import ImpossibleRequestError, RandomPlanError, random_plan
from .report import PlanReadError, PlanReport
from .structured import write_structured

LANG = click.Choice(["ru", "en"])
EXISTING_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)


@click.group(name="plan")
def plan() -> None:
    """Check, convert and generate plans of the pen-and-paper game «Лабиринт».

    A plan is the host's secret map: a grid text file (.txt) drawn as on squared paper, or its
    structured YAML/JSON form. See docs/plan-structured.md and the plan format description.
    """


@plan.command("check")
@click.argument("plans", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--lang", type=LANG, default="ru", show_default=True,
              help="Language of the messages.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: one line per problem and a summary; json: a list "
                                      "with one report per file.")
def check_command(plans: tuple[Path, ...], lang: str, fmt: str) -> None:
    """Check PLAN files against every rule of the game and report all problems.

    Grid text (.txt) and structured (.yaml, .yml, .json) plans are accepted. Each problem is
    printed as FILE:LINE:COL: error[RULE]: message, with a message that says what to change.
    Exits with 0 when every plan is valid (warnings allowed) and 1 when any has an error or
    cannot be read; a file that cannot be read is reported and the others are still checked.
    """
    checked = [_check_one(path, lang) for path in plans]
    reports = [report for report, _ in checked]
    if fmt == "json":
        data = [r.to_dict() | ({"error": error} if error else {}) for r, error in checked]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        for report, error in checked:
            if error:
                click.echo(f"{report.file}: {error}")
            for problem in report.problems:
                click.echo(problem.format(report.file))
        ok = sum(1 for r in reports if r.valid)
        unreadable = sum(1 for _, error in checked if error)
        click.echo(summary(len(reports), ok, len(reports) - ok,
                           sum(r.errors for r in reports) + unreadable,
                           sum(r.warnings for r in reports), lang))
    sys.exit(0 if all(r.valid for r in reports) else 1)


def _check_one(path: Path, lang: str) -> tuple[PlanReport, str | None]:
    """Check one plan file; if it cannot be read, return an empty invalid report and why."""
    try:
        return check_file(path, lang, display=str(path)), None
    except OSError as exc:
        reason = f"cannot read file: {exc.strerror or exc}"
        return PlanReport(str(path), False, None, None, []), reason


@plan.command("convert")
@click.argument("source", metavar="PLAN", type=EXISTING_FILE)
@click.option("--to", "target", type=click.Choice(["grid", "yaml", "json"]), default=None,
              help="Output form. Default: yaml for a grid file, grid for a YAML/JSON file.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file (atomically) instead of standard output.")
@click.option("--force", is_flag=True, help="Replace the --out file if it exists.")
@click.option("--lang", type=LANG, default="ru", show_default=True,
              help="Language of the messages about unreadable plans.")
def convert_command(source: Path, target: str | None, out: Path | None, force: bool,
                    lang: str) -> None:
    """Convert PLAN between grid text and the structured YAML/JSON form, without loss.

    A plan that cannot be read (syntax errors, unknown codes, wrong size) is not converted; its
    problems go to standard error and the exit status is 1. Rule problems do not stop the
    conversion.
    """
    try:
        data = read_source(source)
    except OSError as exc:
        raise click.UsageError(f"cannot read {source}: {exc.strerror or exc}") from exc
    try:
        the_plan, problems = load_plan(data, str(source), lang)
    except PlanReadError as exc:
        from .check import to_problem
        for finding in exc.findings:
            click.echo(to_problem(finding, lang).format(str(source)), err=True)
        raise click.ClickException(f"{source} cannot be read, nothing converted") from exc
    target = target or ("grid" if is_structured(str(source)) else "yaml")
    try:
        text = write_grid(the_plan) if target == "grid" else write_structured(the_plan, target)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc
    errors = sum(1 for p in problems if p.severity == "error")
    if errors:
        click.echo(f"note: {source} has {errors} rule error(s); run `labyrinth-pnp plan check`",
                   err=True)
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomic(out, text, force)
    except FileExistsError as exc:
        raise click.ClickException(f"{out} exists; use --force to replace it") from exc
    except OSError as exc:
        raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from exc


@plan.command("random")
@click.option("--rows", type=int, default=4, show_default=True, help="Rows of the plan (2–12).")
@click.option("--cols", type=int, default=5, show_default=True,
              help="Columns of the plan (2–12).")
@click.option("--seed", type=int, default=None,
              help="Seed for a reproducible plan (printed in the plan's first line).")
@click.option("--rivers", type=int, default=None,
              help="Number of rivers [default: 1 when the plan has 9 cells or more].")
@click.option("--holes", type=int, default=None,
              help="Number of holes, split into cycles of 2–4 [default: 2 from 12 cells].")
@click.option("--lang", type=LANG, default="ru", show_default=True,
              help="Language of the cell codes and the comment line.")
def random_command(rows: int, cols: int, seed: int | None, rivers: int | None,
                   holes: int | None, lang: str) -> None:
    """Print a random valid plan in grid text form.

    Every plan printed passes `plan check`. The same options and --seed give the same plan.
    """
    try:
        the_plan = random_plan(rows, cols, seed, rivers, holes, lang)
    except ImpossibleRequestError as exc:
        raise click.UsageError(str(exc)) from exc
    except RandomPlanError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(write_grid(the_plan), nl=False)


if __name__ == "__main__":
    plan(prog_name="labyrinth-pnp plan")


@plan.command("print")
@click.argument("source", metavar="PLAN", type=EXISTING_FILE)
@click.option("--lang", type=LANG, default="ru", show_default=True,
              help="Language of the sheet and the messages.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write. Default: PLAN-host-LANG-PAPER.pdf in the current folder.")
@click.option("--force", is_flag=True, help="Print the sheet even if the plan breaks rules.")
def print_command(source: Path, lang: str, paper: str, out: Path | None, force: bool) -> None:
    """Print the host sheet of PLAN: the map, a legend and a QR code of its text.

    The plan is checked first; a plan with errors is refused (exit 1) unless --force.
    """
    from ..errors import ContentError
    from ..hostsheet import print_host_sheet

    try:
        target, warnings = print_host_sheet(source, lang, paper, out, force)
    except ContentError as exc:
        for problem in exc.problems:
            click.echo(problem.format(), err=True)
        errors = sum(p.severity == "error" for p in exc.problems)
        them = "them" if errors != 1 else "it"
        click.echo(f"Error: the plan has {errors} error{'s' if errors != 1 else ''}: fix {them}, "
                   "or print it anyway with --force", err=True)
        sys.exit(1)
    for warning in warnings:
        click.echo(warning.format(), err=True)
    click.echo(f"wrote {target}")

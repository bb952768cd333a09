"""Helpers of the `plan` commands (generator/plan/commands/cli.py): the check report, the print run,
the random plans' treasure distance from content."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..checker.check import check_file
from ..checker.messages import explain_hint, summary
from ..checker.report import PlanReport

RU_READ_ERRORS = {"No such file or directory": "такого файла нет",
                  "Is a directory": "это папка, а не файл",
                  "Permission denied": "нет прав на чтение"}


def echo_unreadable(checked: list[tuple[PlanReport, str | None]], lang: str) -> bool:
    """Print on standard error each file that could not be read; return whether there was one."""
    for report, error in checked:
        if error and lang == "ru":
            why = error.removeprefix("cannot read file: ")
            error = "файл не прочитать: " + RU_READ_ERRORS.get(why, why)
        if error:
            click.echo(f"Error: {report.file}: {error}", err=True)
    return any(error for _, error in checked)


def echo_text(checked: list[tuple[PlanReport, str | None]], lang: str) -> None:
    """Print every problem, the summary line and, if there were problems, how to learn more.

    Files that could not be read are left to `echo_unreadable` and out of the summary.
    """
    reports = [report for report, error in checked if not error]
    if not reports:
        return
    for report in reports:
        for problem in report.problems:
            click.echo(problem.format(report.file))
    ok = sum(1 for r in reports if r.valid)
    click.echo(summary(len(reports), ok, len(reports) - ok, sum(r.errors for r in reports),
                       sum(r.warnings for r in reports), lang))
    rules = sorted({p.rule for r in reports for p in r.problems})
    if rules:
        click.echo(explain_hint(rules, lang))


def check_one(path: Path, lang: str, piped: bytes = b"") -> tuple[PlanReport, str | None]:
    """Check one plan file; if it cannot be read, return an empty invalid report and why."""
    try:
        if str(path) == "-":
            from ..checker.check import check_plan

            return check_plan(piped, "-", lang), None
        return check_file(path, lang, display=str(path)), None
    except OSError as exc:
        reason = f"cannot read file: {exc.strerror or exc}"
        return PlanReport(str(path), False, None, None, []), reason


def treasure_moves(content: Path | None) -> int:
    """Return game.yaml's `treasure_exit_moves` (content folder first), checked."""
    from ...content.common import load_model
    from ...content.paper_game import PaperGame
    from ...content.paths import ContentRoots
    from ...errors import ContentError
    from ..making.randomplan import DEFAULT_TREASURE_MOVES, MAX_TREASURE_MOVES

    problems: list = []
    game, doc = load_model(ContentRoots.with_user(content), "paper-labyrinth/game.yaml",
                           PaperGame, problems)
    if game is None or doc is None:
        raise ContentError(problems)
    moves = game.facts.get("treasure_exit_moves", DEFAULT_TREASURE_MOVES)
    if not 0 <= moves <= MAX_TREASURE_MOVES:
        raise ContentError([doc.problem(("facts", "treasure_exit_moves"),
                                        f"'treasure_exit_moves' is {moves}: use 0 to "
                                        f"{MAX_TREASURE_MOVES} moves")])
    return moves


def run_print(make, replaced: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Write a PDF; report plan errors (exit 1) and warnings (on standard error)."""
    from ...hostsheet import PlanError
    from .pdftarget import done

    try:
        target, warnings = make()
    except PlanError as exc:
        for problem in exc.problems:
            click.echo(problem.format(), err=True)
        if not exc.readable:
            click.echo("Error: a plan cannot be read: correct the lines above", err=True)
            sys.exit(1)
        errors = sum(p.severity == "error" for p in exc.problems)
        them = "them" if errors != 1 else "it"
        click.echo(f"Error: the plan has {errors} error{'s' if errors != 1 else ''}: fix {them}, "
                   "or print it anyway with --force", err=True)
        sys.exit(1)
    for warning in warnings:
        click.echo(warning.format(), err=True)
    errors = sum(p.severity == "error" for p in warnings)
    if errors:  # printed anyway: --force, or player sheets (they show only the plan's size)
        click.echo(f"note: the plan has {errors} error{'s' if errors != 1 else ''}; printed "
                   "anyway", err=True)
    click.echo(done(target, replaced))


def write_text_file(out: Path, text: str, force: bool) -> None:
    """Write text to out atomically; an existing file needs force (a usage message if not)."""
    from ..text.output import write_atomic

    try:
        write_atomic(out, text, force)
    except FileExistsError as exc:
        raise click.ClickException(f"{out} exists; use --force to replace it") from exc
    except OSError as exc:
        raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from exc


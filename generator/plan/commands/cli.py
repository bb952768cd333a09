"""The `plan` command group: check, explain, convert, make random plans, print sheets, play.

Mount it on the main CLI with `main.add_command(plan)`; it also runs on its own as
`python -m generator.plan.commands.cli`. Exit statuses, the same for every subcommand: 0 success
(plans valid, warnings allowed); 1 a plan has errors or cannot be parsed, an output could not be
written or a file not ours is in its way; 2 usage errors (a bad option, a PLAN file that is
missing or a folder), said on standard error.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from shlex import quote

import click

from ...cli import Choice
from ..checker.check import is_structured, load_plan, read_source
from ..checker.explain import explain_text, rule_ids
from ..checker.report import PlanReadError
from ..making.randomplan import DIFFICULTIES, ImpossibleRequestError, RandomPlanError, Request
from ..text.gridtext import write_grid
from ..text.structured import write_structured
from .clihelp import (
    check_one,
    echo_text,
    echo_unreadable,
    run_print,
    treasure_moves,
    write_text_file,
)
from .language import LANG_HELP, choose_language, message_language
from .pdftarget import OVERWRITE_HELP, claim
from .playhelp import play_script as _play_script
from .playhelp import play_terminal as _play_terminal

PAPER = Choice(["a4", "letter"])
EXISTING_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)
CONTENT = click.Path(exists=True, file_okay=False, path_type=Path)
FORMAT_DOCS = "docs/plan-format.md (in Russian: docs/plan-format.ru.md)"


@click.group(name="plan")
def plan() -> None:
    """Plans of the pen-and-paper game «Лабиринт»: check, convert, generate, print, play.

    A plan is the host's secret map: a grid text file (.txt) drawn as on squared paper, or its
    structured YAML/JSON form.

    \b
    The grid format, with an example for every rule the checker enforces:
      docs/plan-format.md (in Russian: docs/plan-format.ru.md)
    The structured form: docs/plan-structured.md
    One rule explained: labyrinth-pnp plan check --explain RULE
    """


@plan.command("check")
@click.argument("plans", nargs=-1, type=click.Path(path_type=Path))
@click.option("--lang", default=None, help="Language of the messages (and of --explain)."
              + LANG_HELP)
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="text: one line per problem and a summary; json: a list "
                                      "with one report per file.")
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder (for the languages it adds).")
@click.option("--explain", "rule", type=Choice(rule_ids()), default=None,
              metavar="RULE", help="Print what RULE asks, a plan that breaks it with the "
                                   "checker's message, and the fix; no PLAN is read. RULE is "
                                   "the id in square brackets: " + ", ".join(rule_ids()) + ".")
def check_command(plans: tuple[Path, ...], lang: str | None, fmt: str, content: Path | None,
                  rule: str | None) -> None:
    """Check PLAN files against every rule of the game and report all problems.

    Grid text (.txt) and structured (.yaml, .yml, .json) plans are accepted. Each problem is
    printed as FILE:LINE:COL: error[RULE]: message, with a message that says what to change;
    `--explain RULE` tells more about a rule. Exits with 0 when every plan is valid (warnings
    allowed), 1 when any has an error, and 2 when a PLAN cannot be read (missing, a folder):
    that is said on standard error and the other plans are still checked. PLAN `-` reads
    standard input.
    """
    piped = sys.stdin.buffer.read() if any(str(p) == "-" for p in plans) else b""
    lang = message_language(choose_language(lang, [p for p in plans if str(p) != "-"],
                                            content, piped))
    if rule is not None:
        if plans:
            raise click.UsageError("give PLAN files to check, or --explain RULE, not both")
        click.echo(explain_text(rule, lang), nl=False)
        return
    if not plans:
        raise click.UsageError("Missing argument 'PLANS...' (or --explain RULE).")
    checked = [check_one(path, lang, piped) for path in plans]
    reports = [report for report, _ in checked]
    if fmt == "json":
        data = [r.to_dict() | ({"error": error} if error else {}) for r, error in checked]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        echo_text(checked, lang)
    if echo_unreadable(checked, lang):
        sys.exit(2)
    sys.exit(0 if all(r.valid for r in reports) else 1)


@plan.command("convert")
@click.argument("source", metavar="PLAN", type=EXISTING_FILE)
@click.option("--to", "target", type=Choice(["grid", "yaml", "json"]), default=None,
              help="Output form. Default: yaml for a grid file, grid for a YAML/JSON file.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write to this file (atomically) instead of standard output.")
@click.option("--force", is_flag=True, help="Replace the --out file if it exists.")
@click.option("--lang", default=None, help="Language of the messages about unreadable plans."
              + LANG_HELP)
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder (for the languages it adds).")
def convert_command(source: Path, target: str | None, out: Path | None, force: bool,
                    lang: str | None, content: Path | None) -> None:
    """Convert PLAN between grid text and the structured YAML/JSON form, without loss.

    A plan that cannot be read (syntax errors, unknown codes, wrong size) is not converted; its
    problems go to standard error and the exit status is 1. Rule problems do not stop the
    conversion.
    """
    lang = message_language(choose_language(lang, [source], content))
    try:
        data = read_source(source)
    except OSError as exc:
        raise click.UsageError(f"cannot read {source}: {exc.strerror or exc}") from exc
    try:
        the_plan, problems = load_plan(data, str(source), lang)
    except PlanReadError as exc:
        from ..checker.check import to_problem
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
        click.echo(f"note: {source} has {errors} rule error{'s' if errors != 1 else ''}: "
                   f"`labyrinth-pnp plan check {quote(str(source))}` lists them", err=True)
    if out is None:
        click.echo(text, nl=False)
        return
    write_text_file(out, text, force)
    click.echo(f"wrote {out}")


@plan.command("random")
@click.option("--rows", type=int, default=4, show_default=True, help="Rows of the plan (2–12).")
@click.option("--cols", type=int, default=5, show_default=True,
              help="Columns of the plan (2–12).")
@click.option("--seed", type=int, default=None,
              help="Seed for a reproducible plan (printed in the plan's first line); with "
                   "--count, the plans get this seed and the ones after it.")
@click.option("--rivers", type=int, default=None,
              help="Number of rivers [default: grows with the area and the difficulty].")
@click.option("--holes", type=int, default=None,
              help="Number of holes, split into ravines of 2–4 [default: grows with the area "
                   "and the difficulty].")
@click.option("--difficulty", type=Choice(DIFFICULTIES), default="normal",
              show_default=True, help="hard: more rivers, holes, walls and swamps, and the "
                                      "real treasure 2 moves further from the exit; easy: less.")
@click.option("--lang", default=None, help="Language of the cell codes and the comment lines."
              + LANG_HELP)
@click.option("--count", type=click.IntRange(1, 1000), default=1, show_default=True,
              help="How many plans to make (more than one needs --out).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write the plans into, one file each, instead of printing.")
@click.option("--force", is_flag=True, help="Replace plan files that exist in --out.")
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder (game.yaml's treasure_exit_moves is the fewest moves "
                   "from the real treasure out).")
def random_command(rows: int, cols: int, seed: int | None, rivers: int | None,
                   holes: int | None, difficulty: str, lang: str | None, count: int,
                   out: Path | None, force: bool, content: Path | None) -> None:
    """Print a random valid plan in grid text form, or write several into a folder.

    Every plan passes `plan check`; its second line sums it up (rivers, holes, swamps, walls
    and how many moves the real treasure lies from the way out). The same options and --seed
    give the same plan, in both languages.
    """
    from ..making.batch import random_plans

    lang = message_language(choose_language(lang, [], content))
    if count > 1 and out is None:
        raise click.UsageError("--count more than 1 needs --out DIR, a folder for the plans")
    request = Request(rows, cols, rivers, holes, lang, difficulty, treasure_moves(content))
    try:
        made = random_plans(request, seed, count)
    except ImpossibleRequestError as exc:
        raise click.UsageError(str(exc)) from exc
    except RandomPlanError as exc:
        raise click.ClickException(str(exc)) from exc
    if out is None:
        click.echo(write_grid(made[0].plan), nl=False)
        return
    from ..making.batch import write_plans

    try:
        written = write_plans(made, out, force)
    except FileExistsError as exc:
        raise click.ClickException(f"{exc.filename} exists; use --force to replace it, or "
                                   "another --out or --seed") from exc
    except OSError as exc:
        raise click.ClickException(f"cannot write into {out}: {exc.strerror or exc}") from exc
    for path, one in zip(written, made):
        click.echo(f"wrote {path}: {one.summary}")


@plan.command("print")
@click.argument("sources", metavar="PLAN...", nargs=-1, required=True, type=EXISTING_FILE)
@click.option("--lang", default=None, help="Language of the sheets and the messages."
              + LANG_HELP)
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write. Default: PLAN-host-LANG-PAPER.pdf for one plan, "
                   "booklet-host-LANG-PAPER.pdf for several, in the current folder.")
@click.option("--players", type=int, default=None,
              help="Players besides the host, for the trackers [default: game.yaml's "
                   "default_players].")
@click.option("--force", is_flag=True, help="Print the sheets even if a plan breaks rules.")
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder; its files replace the bundled ones file by file.")
@click.option("--trace", type=EXISTING_FILE, default=None, metavar="TRANSCRIPT",
              help="Draw the players' paths of a game over the plan: a `plan play --script "
                   "--format json` transcript, or the moves script itself (one PLAN only).")
@click.option("--overwrite", is_flag=True, help=OVERWRITE_HELP)
def print_command(sources: tuple[Path, ...], lang: str | None, paper: str, out: Path | None,
                  players: int | None, force: bool, content: Path | None,
                  trace: Path | None, overwrite: bool) -> None:
    """Print the host sheet of each PLAN into one PDF: a booklet, one plan a page.

    A sheet shows the plan with a legend, its counts and comments, a QR code of its text, a
    tracker of the players (positions, bullets, bombs, wounds) and the host's answers. The
    plans are checked first; a plan with errors is refused (exit 1) unless --force. A PDF
    labyrinth-pnp wrote earlier is replaced; any other file in the way needs --overwrite.
    """
    from ...hostsheet import default_output, print_host_sheets

    lang = choose_language(lang, list(sources), content)
    target = out or default_output(list(sources), lang, paper, "host")
    replaced = claim(target, overwrite)
    run_print(lambda: print_host_sheets(list(sources), lang, paper, target, force, content,
                                         players, trace), replaced)


@plan.command("sheets")
@click.argument("source", metavar="PLAN", type=EXISTING_FILE)
@click.option("--players", type=int, default=None,
              help="Players besides the host: one set of sheets each, a log column each "
                   "[default: game.yaml's default_players].")
@click.option("--lang", default=None, help="Language of the sheets and the messages."
              + LANG_HELP)
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="PDF to write. Default: PLAN-players-LANG-PAPER.pdf in the current folder.")
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder; its files replace the bundled ones file by file.")
@click.option("--overwrite", is_flag=True, help=OVERWRITE_HELP)
def sheets_command(source: Path, players: int | None, lang: str | None, paper: str,
                   out: Path | None,
                   content: Path | None, overwrite: bool) -> None:
    """Print the player sheets for PLAN's size: a set for each player, in turn order.

    A set: draft grids of the plan's rows and columns (cells 8 mm or more), a tracker of every
    player's bullets, bombs, wound, start cell and treasure, the host's answers, the symbols,
    and a move log with a column per player and 40 rounds or more. Only the plan's size is
    used, so nothing on them gives the plan away.
    """
    from ...hostsheet import default_output, print_player_sheets

    lang = choose_language(lang, [source], content)
    target = out or default_output([source], lang, paper, "players")
    replaced = claim(target, overwrite)
    run_print(lambda: print_player_sheets(source, lang, paper, target, content, players),
              replaced)


@plan.command("play")
@click.argument("source", metavar="[PLAN]", required=False, type=EXISTING_FILE)
@click.option("--random", "size", metavar="SIZE", default=None,
              help="Play a random plan of this size, e.g. 6x6 (the default without PLAN: 4x5).")
@click.option("--players", default=None, metavar="NAMES",
              help="Players in turn order, comma-separated: Аня,Борис,Вера; add :f or :m "
                   "(:ж, :м) to a name for the grammatical gender of the answers.")
@click.option("--lang", default=None, help="Language of the host (commands are read in every "
              "language alike)." + LANG_HELP)
@click.option("--seed", type=int, default=None,
              help="Seed for random start cells, treasures left off the plan and --random "
                   "[default: random; 0 with --script].")
@click.option("--script", type=EXISTING_FILE, default=None, metavar="MOVES.txt",
              help="Play the `PLAYER ACTION` lines of this file instead of asking, and print "
                   "the transcript.")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True, help="Transcript of --script: text, or json for --trace.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path), default=None,
              metavar="GAME.json", help="At the end, write the game's JSON transcript to this "
                                        "new file (for plan print --trace).")
@click.option("--content", type=CONTENT, default=None,
              help="Your content folder; its files replace the bundled ones file by file.")
def play_command(source: Path | None, size: str | None, players: str | None, lang: str | None,
                 seed: int | None, script: Path | None, fmt: str, save: Path | None,
                 content: Path | None) -> None:
    """Play «Лабиринт» with the program as host, in the terminal or from a script.

    Each turn the host names the player, reads a command (вверх / up, стрелять влево / shoot
    left, бомба вниз / bomb down, взять / take, помощь / help) and answers as the rulebook says.
    At the end it shows the plan and every player's path. How to play: docs/playing.md.
    """
    from ..game.answers import load_play_texts
    from ..game.play import split_players

    if source is not None and size is not None:
        raise click.UsageError("give a PLAN file or --random SIZE, not both")
    if script is None and fmt != "text":
        raise click.UsageError("--format json is for the transcript of --script")
    if save is not None:
        for kept in [save] + ([save.with_name(f"{save.stem}-plan.txt")] if source is None else []):
            if kept.exists():
                raise click.UsageError(f"--save {save}: {kept} exists; choose a new name")
    if seed is None:
        seed = 0 if script is not None else _fresh_seed()
    lang = choose_language(lang, [source] if source else [], content)
    texts, languages = load_play_texts(lang, content)
    names, genders = split_players(players) if players is not None else ([], {})
    if players is not None and not names:
        raise click.UsageError("--players: name at least one player, e.g. --players Аня,Борис")
    the_plan, shown = _play_plan(source, size, seed, message_language(lang))
    if script is not None:
        session = _play_script(the_plan, shown, script, texts, languages, names, genders, seed,
                               fmt, lang)
    else:
        session = _play_terminal(the_plan, texts, languages,
                                 names or list(texts.default_players), genders, seed)
    if save is not None and session is not None:
        from ..game.playscript import transcript_json

        grid = save.with_name(f"{save.stem}-plan.txt") if source is None else None
        write_text_file(save, transcript_json(texts, session, str(grid or shown), lang), False)
        click.echo(f"wrote {save}", err=True)
        if grid is not None:  # a random plan exists nowhere else: keep it for --trace
            write_text_file(grid, write_grid(the_plan), False)
            click.echo(f"wrote {grid}: `labyrinth-pnp plan print {quote(str(grid))} --trace "
                       f"{quote(str(save))}` draws the game", err=True)


def _fresh_seed() -> int:
    import random

    return random.SystemRandom().randrange(1_000_000_000)


def _play_plan(source: Path | None, size: str | None, seed: int, lang: str):  # type: ignore
    """The plan to play: a checked PLAN file, or a random one of SIZE (default 4x5)."""
    if source is None:
        from ..making.randomplan import make_plan

        rows, cols = _size(size or "4x5")
        try:
            return make_plan(Request(rows, cols, lang=lang), seed), "random"
        except ImpossibleRequestError as exc:
            raise click.UsageError(f"--random {size}: {exc}") from exc
        except RandomPlanError as exc:
            raise click.ClickException(str(exc)) from exc
    try:
        the_plan, problems = load_plan(read_source(source), str(source), lang)
    except PlanReadError as exc:
        from ..checker.check import to_problem
        for finding in exc.findings:
            click.echo(to_problem(finding, lang).format(str(source)), err=True)
        raise click.ClickException(f"{source} cannot be read: correct the lines above") from exc
    except OSError as exc:
        raise click.ClickException(f"cannot read {source}: {exc.strerror or exc}") from exc
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        for problem in errors:
            click.echo(problem.format(str(source)), err=True)
        raise click.ClickException(f"{source} breaks the rules of the plan: fix it first "
                                   "(labyrinth-pnp plan check explains each error)")
    return the_plan, str(source)


def _size(text: str) -> tuple[int, int]:
    """`6x6`, `6×5`, `6` -> rows and columns; a usage error otherwise."""
    parts = text.lower().replace("×", "x").replace("х", "x").split("x")
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise click.UsageError(f"--random {text}: write the size as ROWSxCOLS, e.g. 6x6")
    return int(parts[0]), int(parts[1])


if __name__ == "__main__":
    plan(prog_name="labyrinth-pnp plan")


from ..form.cli import register as _register_form  # noqa: E402

_register_form(plan)

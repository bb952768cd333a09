"""`plan play`'s two ways to play (generator/plan/commands/cli.py): from a moves script, or
with the host on the terminal."""

from __future__ import annotations

import sys
from pathlib import Path

import click


def play_script(the_plan, shown: str, script: Path, texts, languages, names: list[str],  # type: ignore
                 genders: dict[str, str], seed: int, fmt: str, lang: str):
    from ..game.playscript import ScriptError, run_script, transcript_json, transcript_text

    try:
        text = script.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise click.ClickException(f"{script}: not UTF-8 text (byte {exc.start + 1}): save the "
                                   "script as UTF-8") from exc
    except OSError as exc:
        raise click.ClickException(f"cannot read {script}: {exc.strerror or exc}") from exc
    try:
        session = run_script(the_plan, text, str(script), texts, languages, names or None,
                             genders, seed)
    except ScriptError as exc:
        if fmt != "json":
            raise
        # One JSON document on every run: the game up to the refused line, then the problem.
        click.echo(transcript_json(texts, exc.session, shown, lang, exc.problems, seed), nl=False)
        for problem in exc.problems:
            click.echo(problem.format(), err=True)
        sys.exit(1)
    if fmt == "json":
        click.echo(transcript_json(texts, session, shown, lang), nl=False)
    else:
        click.echo(transcript_text(texts, session), nl=False)
    return session


def play_terminal(the_plan, texts, languages, names: list[str], genders: dict[str, str],  # type: ignore
                   seed: int):
    """The interactive host on standard input and output; return the session (None: no game)."""
    import os

    from ...content.placeholders import fill
    from ..game.answers import error_text
    from ..game.engine import IllegalAction
    from ..game.play import Host, Session, shown

    colour = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    echo = not sys.stdin.isatty()  # piped input: show it after the prompt, as a terminal would

    if not echo:  # a terminal: arrow keys edit the line and recall earlier commands
        try:
            import readline  # noqa: F401  (input() uses it once imported)
        except ImportError:  # not on every platform: plain lines then
            pass

    def read(prompt: str) -> str | None:
        try:
            if echo:
                click.echo(prompt, nl=False)
                line = sys.stdin.readline()
            else:
                line = input(prompt) + "\n"
        except EOFError:
            line = ""
        except (KeyboardInterrupt, UnicodeDecodeError):
            click.echo("")
            return None
        if echo or not line:
            click.echo(shown(line, 200))
        return line.rstrip("\r\n") if line else None

    duplicate = next((n for n in names if names.count(n) > 1), None)
    if duplicate is not None:
        raise click.UsageError(error_text(texts, "same_name", {"name": duplicate}))
    host = Host(texts, languages, read, click.echo, colour)
    host.say(fill(texts.banner, rows=the_plan.rows, cols=the_plan.cols,
                  players=", ".join(names)))
    try:
        starts = host.starts(the_plan, names)
        if starts is None:  # the input ended before the game began
            host.say(texts.stopped)
            return None
        session = Session.begin(the_plan, names, starts, seed, genders)
        return host.play(session)
    except KeyboardInterrupt:
        click.echo("")
        host.say(texts.stopped)
        return None
    except IllegalAction as exc:
        raise click.UsageError(error_text(texts, exc.code, exc.params)) from exc

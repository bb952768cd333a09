"""The `lang` command group: start a translation (`lang new`) and see what is left (`lang status`).

Library errors raised here are turned into messages by the main CLI (generator/cli.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from .cli import Choice

FOLDER = click.Path(file_okay=False, path_type=Path)


def _games(names: tuple[str, ...]) -> list[str]:
    from .games.registry import game_ids, spelled

    return list(dict.fromkeys(spelled(n, game_ids(), "game") for n in names)) or game_ids()


@click.group(name="lang")
def lang() -> None:
    """Translate the games: start a language, see what is left, work in PO files.

    \b
    labyrinth-pnp lang new de --from en --content my-content
    labyrinth-pnp lang status de --content my-content
    labyrinth-pnp build --lang de --content my-content
    labyrinth-pnp lang export de --out po/
    labyrinth-pnp lang import de po/*.po --content my-content
    """


@lang.command(name="new")
@click.argument("code")
@click.option("--from", "source", default="en", show_default=True,
              help="The language to translate from.")
@click.option("--content", type=FOLDER, required=True,
              help="Your content folder: the new files go here (it is created if needed).")
@click.option("--game", "games", multiple=True,
              help="Only this game (repeat for more); every game by default.")
def new(code: str, source: str, content: Path, games: tuple[str, ...]) -> None:
    """Write every file language CODE needs, copied from --from with each text marked TODO»."""
    from .languages import new_language

    made = new_language(code, source, content, _games(games))
    click.echo(f"Wrote {len(made)} files for '{code}' into {content}, copied from '{source}':")
    width = max(len(f.relative) for f in made)
    for f in made:
        click.echo(f"  {f.relative:<{width}}  {f.holds}")
    click.echo(f"Replace each text marked TODO» with its translation. `labyrinth-pnp lang "
               f"status {code} --content {content}` counts what is left; `labyrinth-pnp build "
               f"--lang {code} --content {content}` builds a draft at any time.")


@lang.command(name="status")
@click.argument("code", required=False)
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder (besides the bundled content).")
@click.option("--game", "games", multiple=True, help="Only this game (repeat for more).")
@click.option("--format", "fmt", type=Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--strict", is_flag=True, help="Exit with status 1 unless everything shown is "
              "translated.")
def status(code: str | None, content: Path | None, games: tuple[str, ...], fmt: str,
           strict: bool) -> None:
    """How much of each language is translated, per game and file (all languages by default)."""
    from .content.paths import ContentRoots
    from .errors import ContentError, problem_lines
    from .languages import (
        content_option,
        language_file_errors,
        language_status,
        languages_in,
        resolve_language,
    )

    roots = ContentRoots.with_user(content)
    chosen = _games(games)
    if code is not None:
        code = resolve_language(code, languages_in(roots, chosen), (), "",
                                content_option(roots) or " --content my-content")
    codes = [code] if code else languages_in(roots, chosen)
    broken = [p for c in codes for p in language_file_errors(roots, chosen, c)]
    if broken and code:  # a file that does not load is not "missing": say where it breaks
        raise ContentError(broken)
    for line in problem_lines(broken):
        click.echo(line, err=True)
    found = [s for c in codes for s in language_status(roots, chosen, c)]
    if fmt == "json":
        click.echo(json.dumps([s.as_json() for s in found], ensure_ascii=False, indent=2))
    else:
        _table(found)
    if broken or (strict and not all(s.done for s in found)):
        raise SystemExit(1)


def _table(found: list) -> None:  # type: ignore[type-arg]
    rows = [("game", "lang", "from", "file", "translated", "outdated", "TODO»", "missing",
             "done")]
    for s in found:
        for f in s.files:
            share = f"{100 * (f.translated - f.outdated) // f.total} %" if f.total else "—"
            rows.append((s.game, s.lang, s.source or "—", f.relative, f"{f.translated}/{f.total}",
                         str(f.outdated), str(f.untranslated), str(f.missing), share))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        click.echo("  ".join(v.ljust(w) if i < 4 else v.rjust(w)
                             for i, (v, w) in enumerate(zip(r, widths))).rstrip())
    for s in found:
        for f in s.files:
            for change in f.changes:
                click.echo(f"outdated: {f.relative}:{change['line']} ({change['context']})\n"
                           f"  translated from: {change['was']}\n  the {s.source} text now: "
                           f"{change['now']}")
    stale = sorted({s.lang for s in found for f in s.files if f.outdated})
    if stale:
        click.echo(f"Update the outdated texts, then `labyrinth-pnp lang stamp {stale[0]}` (with "
                   "--content DIR for your folder; --only CONTEXT for one text) records them as "
                   "current; `lang export` marks them fuzzy for a PO editor.")
    unfinished = sorted({(s.lang) for s in found if not s.done})
    click.echo(f"unfinished: {', '.join(unfinished)}" if unfinished else "every language shown "
               "is fully translated")


@lang.command(name="export")
@click.argument("code", required=False)
@click.option("--game", "games", multiple=True, help="Only this game (repeat for more).")
@click.option("--from", "source", default=None,
              help="The language to translate from [default: the one each file says it was "
              "translated from, else en].")
@click.option("--format", "fmt", type=click.Choice(["po", "pot"]), default="po",
              show_default=True, help="po: one PO file per file of CODE; pot: templates for a "
              "new language (no CODE needed).")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder (besides the bundled content).")
@click.option("--out", type=FOLDER, required=True, help="The folder to write the files into.")
def export(code: str | None, games: tuple[str, ...], source: str | None, fmt: str,
           content: Path | None, out: Path) -> None:
    """Write gettext PO files of language CODE for a PO editor (Poedit, Lokalize, Weblate)."""
    from .lang.cli import export_po

    for line in export_po(code, _games(games), source, fmt, content, out):
        click.echo(line)


@lang.command(name="import")
@click.argument("code")
@click.argument("files", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--content", type=FOLDER, default=None,
              help="The content folder to write into [default: the bundled content].")
def import_(code: str, files: tuple[Path, ...], content: Path | None) -> None:
    """Write the translations of PO FILES back into language CODE's YAML and Markdown."""
    from .lang.cli import import_po

    for line in import_po(code, list(files), content):
        click.echo(line)


@lang.command(name="stamp")
@click.argument("code")
@click.option("--game", "games", multiple=True, help="Only this game (repeat for more).")
@click.option("--content", type=FOLDER, default=None,
              help="The content folder whose files to stamp [default: the bundled content].")
@click.option("--only", "contexts", multiple=True, metavar="CONTEXT",
              help="Only this text (a YAML key path or rulebook anchor, as `lang status` "
              "shows it); repeat for more.")
def stamp(code: str, games: tuple[str, ...], content: Path | None,
          contexts: tuple[str, ...]) -> None:
    """Record every translated text of CODE as made from today's source (after editing by hand)."""
    from .lang.cli import stamp_language

    for line in stamp_language(code, _games(games), content, set(contexts) or None):
        click.echo(line)

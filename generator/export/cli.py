"""The `labyrinth-pnp export` command (loaded only when used: see LAZY_COMMANDS)."""

from __future__ import annotations

from pathlib import Path

import click

from ..cli import Choice, _echo_warnings, _langs
from .run import FORMATS


@click.command(name="export")
@click.argument("game")
@click.option("--format", "fmt", type=Choice(FORMATS), required=True,
              help="png: a picture per piece face; tts: a Tabletop Simulator saved object; "
              "ttpg: a Tabletop Playground package.")
@click.option("--part", "parts", multiple=True, help="Only this part (repeatable).")
@click.option("--pieces", multiple=True, metavar="IDS",
              help="Only these pieces, as `build --pieces` names them (token-14, token-3..7, "
              "wand:2). Repeatable, or comma-separated.")
@click.option("--lang", multiple=True, default=["all"], show_default=True, callback=_langs,
              help="Language code, or all (repeatable, or comma-separated: ru,en).")
@click.option("--dpi", type=int, default=300, show_default=True,
              help="Pixels per inch of the pictures (10–1200).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder to write into [default: output/FORMAT]; each language goes to "
              "OUT/GAME/LANG (ttpg: the package folder OUT/GAME-LANG).")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder; its files replace the bundled ones file by file.")
@click.option("--url-prefix", metavar="URL",
              help="tts only: where the images will be hosted (the URL of OUT/GAME/LANG); "
              "without it the saved object refers to the local files by file:/// paths.")
@click.option("--install", metavar="[DIR]", is_flag=False, flag_value="", default=None,
              help="tts, ttpg: also copy the export into Tabletop Simulator's Saved Objects "
              "or Tabletop Playground's packages folder (found on this system, or DIR).")
@click.option("--replace", is_flag=True,
              help="With --install: replace an earlier install of the same game and language.")
def export(game: str, fmt: str, parts: tuple[str, ...], pieces: tuple[str, ...], lang: str,
           dpi: int, out: Path | None, content: Path | None, url_prefix: str | None,
           install: str | None, replace: bool) -> None:
    """Export a game's pieces as pictures or for a virtual table into OUT/GAME/LANG.

    Every picture is rasterised from the same drawing as the PDFs. See docs/exports.md for
    where to copy the files in Tabletop Simulator and Tabletop Playground.
    """
    from .faces import ExportOptions
    from .run import run_export

    if 600 < dpi <= 1200:
        click.echo(f"warning: --dpi {dpi} makes pictures {(dpi / 300) ** 2:.0f} times the size "
                   "of 300 dpi, with as much more memory and time (1200 dpi takes over 1 GB): "
                   "300 is print quality, 100–150 enough for a virtual table", err=True)
    options = ExportOptions(game=game, fmt=fmt, parts=parts, pieces=pieces, lang=lang,
                            dpi=dpi, out=out or Path("output") / fmt, content=content,
                            url_prefix=url_prefix, install=install, replace=replace)
    report = run_export(options, progress=lambda path: click.echo(f"wrote {path}"))
    _echo_warnings(report.warnings)
    n = len(report.written)
    click.echo(f"{n} folder{'s' if n != 1 else ''} written to {options.out}")

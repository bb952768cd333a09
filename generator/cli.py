"""The `labyrinth-pnp` command line: thin commands over library functions.

Library errors become one clear message and an exit status here, in one place: 1 for problems
in the user's files, 2 for usage errors. `--debug` shows the Python traceback instead.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import click


class Choice(click.Choice):
    """A choice read in any case (A4 is a4), with "did you mean" for a near miss."""

    def __init__(self, choices: Any, case_sensitive: bool = False) -> None:
        super().__init__(choices, case_sensitive)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None
                ) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            import difflib

            near = difflib.get_close_matches(str(value).lower(), [str(c) for c in self.choices],
                                             1, 0.5)
            if near:
                self.fail(f"{exc.message} Did you mean '{near[0]}'?", param, ctx)
            raise

PAPER = Choice(["a4", "letter"])
DUPLEX = Choice(["long", "short", "none", "fold"])


# Command groups imported only when used, so `--help` and `build` do not load them:
# name -> (module, attribute, the one-line help shown in `labyrinth-pnp --help`).
LAZY_COMMANDS = {
    "export": ("generator.export.cli", "export",
               "Export pieces as PNG pictures, for Tabletop Simulator or Tabletop Playground."),
    "helper": ("generator.helper.cli", "helper",
               "Show or stop the build helper that keeps the next build fast."),
    "lang": ("generator.langcli", "lang",
             "Translate the games: start a language, see what is left to translate."),
    "plan": ("generator.plan.commands.cli", "plan",
             "Plans of the pen-and-paper game «Лабиринт»: check, convert, generate, print, play."),
    "serve": ("generator.serve.cli", "serve",
              "Open the games in your browser: print lost pieces by their picture, check."),
}


class Group(click.Group):
    """A Click group that turns library errors into messages and exit statuses."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in LAZY_COMMANDS and cmd_name not in self.commands:
            from importlib import import_module

            module, attribute, _ = LAZY_COMMANDS[cmd_name]
            self.add_command(getattr(import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = []
        for name in self.list_commands(ctx):
            if name in LAZY_COMMANDS and name not in self.commands:
                rows.append((name, LAZY_COMMANDS[name][2]))
            elif (cmd := self.get_command(ctx, name)) is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(formatter.width - 6 - len(name))))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            from .interrupts import interrupted

            interrupted()
        except Exception as exc:  # noqa: BLE001 - converted to a message below
            from .errors import ContentError, LabyrinthError, UsageError, problem_lines

            if not isinstance(exc, LabyrinthError) or ctx.params.get("debug"):
                raise
            if isinstance(exc, UsageError):
                _fail(str(exc), 2)
            if isinstance(exc, ContentError):
                for line in problem_lines(exc.problems):
                    click.echo(line, err=True)
                wrote = "; nothing was written" if ctx.invoked_subcommand == "build" else ""
                _fail(f"{_count(exc.problems)} found{wrote}", 1)
            _fail(str(exc), 1)


def _count(problems: list[Any]) -> str:
    """`3 problems`, counting each problem once."""
    n = len(set(problems))
    return f"{n} problem{'s' if n != 1 else ''}"


def _fail(message: str, status: int) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(status)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--debug", is_flag=True, help="Show Python tracebacks instead of short errors.")
@click.version_option(package_name="labyrinth-pnp")
def main(debug: bool) -> None:
    """Print-and-play PDFs, rulebooks and a plan checker for three labyrinth games.

    Start with `labyrinth-pnp build` to make every PDF into ./output, or
    `labyrinth-pnp list` to see the games and their parts.
    """


def _length(name: str, most: float, advice: str) -> Callable[..., float]:
    """A click callback reading a length of 0 up to `most` mm for option `name`."""

    def read(ctx: click.Context, param: click.Parameter, value: str) -> float:
        from .units import LengthSyntaxError, parse_length

        try:
            length = parse_length(value)
        except LengthSyntaxError as exc:
            if _is_negative_length(value):
                raise click.BadParameter(f"{name} must be 0mm or more, not {value.strip()}"
                                         ) from exc
            raise click.BadParameter(str(exc)) from exc
        if length > most:
            raise click.BadParameter(f"at most {most:g}mm of {name}: {advice}")
        return length

    return read


_bleed = _length("bleed", 5, "print shops ask for 2–3 mm")
_gutter = _length("gutter", 20, "3mm is plenty for scissors")


def _offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    """Read `X,Y` lengths such as `1mm,-0.5mm` (a minus sign allowed), each within ±5 mm."""
    from .units import LengthSyntaxError, parse_length

    parts = [p.strip() for p in value.split(",")]
    if len(parts) != 2:
        raise click.BadParameter(f"write two lengths, X,Y, e.g. 1mm,-0.5mm (not {value!r}): "
                                 "`labyrinth-pnp calibrate` prints a sheet that measures them")
    out = []
    for part in parts:
        sign = -1.0 if part.startswith("-") else 1.0
        try:
            length = sign * parse_length(part.lstrip("+-").strip())
        except LengthSyntaxError as exc:
            raise click.BadParameter(str(exc)) from exc
        if abs(length) > 5:
            raise click.BadParameter(f"{part} is more than 5mm: a printer that far off needs "
                                     "fixing, not compensating")
        out.append(length)
    return out[0], out[1]


def _is_negative_length(value: str) -> bool:
    """Tell whether value is a readable length with a minus sign, such as `-5mm`."""
    from .units import LengthSyntaxError, parse_length

    text = value.strip()
    try:
        return text.startswith("-") and parse_length(text[1:]) > 0
    except LengthSyntaxError:
        return False


def _langs(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> str:
    """Join repeated and comma-separated --lang values into one comma list, each code once."""
    codes = [code.strip() for item in value for code in item.split(",")]
    if not all(codes):
        raise click.BadParameter(f"empty language code in {','.join(value)!r}: "
                                 "write codes such as ru,en, or all")
    return ",".join(dict.fromkeys(codes))


@main.command()
@click.argument("games", nargs=-1)
@click.option("--part", "parts", multiple=True, help="Build only this part (repeatable).")
@click.option("--lang", multiple=True, default=["all"], show_default=True, callback=_langs,
              help="Language code (ru, en, or any language with content files), or all. "
              "Repeatable, or comma-separated: --lang ru,en.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder to write the PDFs into.")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder; its files replace the bundled ones file by file.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your templates folder, searched before the bundled one.")
@click.option("--duplex", type=DUPLEX, default="long", show_default=True,
              help="Back pages for double-sided printing: flip on the long or short edge, "
              "none for one-sided sheets, or fold: each front beside its back, to fold and "
              "glue.")
@click.option("--bleed", default="0mm", show_default=True, callback=_bleed,
              help="Extend background art past the cut line, e.g. 3mm for a print shop.")
@click.option("--ink-saver", is_flag=True, help="Drop large filled backgrounds.")
@click.option("--gutter", default="0mm", show_default=True, callback=_gutter,
              help="Space between pieces for cutting with scissors, e.g. 3mm (cards and "
              "tiles otherwise share their cut lines).")
@click.option("--back-offset", default="0mm,0mm", show_default=True, callback=_offset,
              metavar="X,Y", help="Move the art of every back page, e.g. 1mm,-0.5mm: the two "
              "numbers the `calibrate` sheet shows for your printer.")
@click.option("--one-up", is_flag=True,
              help="One piece a page, the page its size plus the bleed, TrimBox the piece and "
              "BleedBox the bleed: the files print-on-demand card printers ask for.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("--jobs", type=click.IntRange(0, 16), default=0, show_default=True,
              help="Files drawn at once; 0 means one per CPU core (at most four).")
@click.option("--pieces", multiple=True, metavar="IDS",
              help="Only these pieces, packed into GAME-pieces-LANG-PAPER.pdf: ids as "
              "`layout` names them (token-14), ranges (token-3..7), or a count of a kind "
              "(wand:2). Repeatable, or comma-separated. Needs one GAME.")
@click.option("--pack", is_flag=True,
              help="Every piece to cut out, on the fewest sheets, into "
              "GAME-all-LANG-PAPER.pdf, after a print guide page.")
@click.option("--cutter", type=Choice(["silhouette", "cricut"]), default=None,
              help="Print-and-cut on a cutting machine. silhouette: its registration marks "
              "on every sheet, pieces 2 mm apart with 1 mm of bleed, and beside each PDF a cut "
              "file per page (FILE-cut-pN.svg and .dxf, in mm). cricut: pieces inside Design "
              "Space's Print Then Cut area, and beside each PDF an image per page "
              "(FILE-cricut-pN.png, 300 dpi, and its outlines in FILE-cricut-pN.svg).")
@click.option("--force", is_flag=True,
              help="Redraw every file, even those that are up to date.")
@click.option("-v", "--verbose", is_flag=True, help="List the files that were up to date too.")
def build(games: tuple[str, ...], parts: tuple[str, ...], verbose: bool, **opts: Any) -> None:
    """Build print-and-play PDFs into OUT/GAME/GAME-PART-LANG-PAPER.pdf.

    With no GAMES, every game is built, in every language, on A4. A file whose inputs have
    not changed since it was written is left as it is (up to date); --force redraws it.
    """
    from .build import BuildOptions, run_build

    options = BuildOptions(games=_ids(games), parts=_ids(parts), **_machine(opts))
    report = run_build(options, progress=lambda path: click.echo(f"wrote {path}"),
                       up_to_date=(lambda path: click.echo(f"up to date {path}")) if verbose
                       else (lambda _: None))
    _echo_warnings(_gaps_summed(report.warnings, options.content))
    n = len(report.written)
    fresh = f", {len(report.skipped)} up to date" if report.skipped else ""
    click.echo(f"{n} file{'s' if n != 1 else ''} written to {options.out}{fresh}")


def _machine(opts: dict[str, Any]) -> dict[str, Any]:
    """With --cutter: at least 1 mm of bleed, so that a cut a little off the print shows art,
    not paper (the pieces' 2 mm gap comes from the layout)."""
    if opts.get("cutter"):
        opts["bleed"] = max(opts["bleed"], 1.0)
    return opts


def _ids(values: tuple[str, ...]) -> tuple[str, ...]:
    """Game and part ids as typed, in lower case (ids are), comma lists split: tokens,tiles."""
    return tuple(v.strip().lower() for item in values for v in item.split(",") if v.strip())


def _gaps_summed(warnings: list[Any], content: Path | None) -> list[Any]:
    """The warnings, with a draft's untranslated texts summed up in one line per file (`check
    -v` and `lang status` list them one by one)."""
    from dataclasses import replace

    gaps: dict[str, list[Any]] = {}
    for w in warnings:
        if w.gap:
            gaps.setdefault(w.file, []).append(w)
    for w in warnings:  # in a draft, a text still as in the source is one more gap
        if not w.gap and w.file in gaps and w.message.startswith("text is the same as in "):
            gaps[w.file].append(w)
    summed = {id(w) for found in gaps.values() if len(found) > 3 for w in found}
    out = [w for w in warnings if id(w) not in summed]
    for found in (found for found in gaps.values() if len(found) > 3):
        from .content.paths import ContentRoots
        from .languages import content_option

        flag = content_option(ContentRoots.with_user(content))
        first = min(found)
        lang = next(w.lang for w in found if w.gap)
        out.append(replace(first, message=f"{len(found)} texts not translated yet in '{lang}', "
                           f"the first here: `labyrinth-pnp lang status {lang}{flag}` counts "
                           f"them by file, `labyrinth-pnp check -v{flag}` lists each",
                           gap=False, lang=lang))
    return out


def _echo_warnings(warnings: list[Any]) -> None:
    from .errors import problem_lines

    for line in problem_lines(warnings):
        click.echo(line, err=True)


@main.command()
@click.argument("games", nargs=-1)
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder, checked over the bundled one.")
@click.option("--templates", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your templates folder, checked over the bundled one.")
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option("-v", "--verbose", is_flag=True, help="List every untranslated text of a draft "
              "translation (by default: one line per file, with the count).")
def check(games: tuple[str, ...], content: Path | None, templates: Path | None,
          strict: bool, verbose: bool) -> None:
    """Check content and templates without writing anything.

    With no GAMES, every game is checked. Everything a build will use is checked: YAML,
    placeholders, rulebooks and their translations, example plans, templates, and files in
    your folders that the tool would not read. Messages are in English. A draft translation's
    untranslated texts are counted in one line per file; -v lists each.
    """
    from .check import check_content

    warnings = check_content(content, strict, games=_ids(games), templates=templates)
    _echo_warnings(warnings if verbose else _gaps_summed(warnings, content))
    n = len(set(warnings))
    suffix = f" ({n} warning{'s' if n != 1 else ''})" if warnings else ""
    click.echo(f"content is valid{suffix}")


@main.command()
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--duplex", type=Choice(["long", "short"]), default="long",
              show_default=True, help="How your printer flips the sheet.")
@click.option("--lang", default="en", show_default=True, help="Language of the sheet.")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The PDF to write [default: output/calibrate-DUPLEX-LANG-PAPER.pdf].")
def calibrate(paper: str, duplex: str, lang: str, content: Path | None, out: Path | None
              ) -> None:
    """Print a sheet that measures how far your printer shifts the back of a page.

    Print it double-sided, hold it to the light, read X and Y off its two scales, then build
    with --back-offset X,Y (see docs/printing.md).
    """
    from .atomic import write_atomically
    from .calibrate import write_calibration
    from .content.common import SheetTexts, load_language_texts
    from .content.paths import ContentRoots
    from .errors import ContentError, OutputError, UsageError

    problems: list[Any] = []
    texts = load_language_texts(ContentRoots.with_user(content), "common/text", SheetTexts,
                                problems)
    from .languages import content_option, resolve_language

    lang = resolve_language(lang, sorted(texts), problems, "the calibration sheet",
                            content_option(ContentRoots.with_user(content)))
    errors = [p for p in problems if p.severity == "error" and p.lang in ("", lang)]
    if errors:
        raise ContentError(errors)
    words = texts[lang].calibrate or next(
        (t.calibrate for code, t in sorted(texts.items(), key=lambda i: i[0] != "en")
         if t.calibrate is not None), None)
    if words is None:
        raise UsageError("no language has a 'calibrate' section in common/text/LANG.yaml")
    target = out or Path("output") / f"calibrate-{duplex}-{lang}-{paper}.pdf"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, lambda temp: write_calibration(temp, paper, duplex, words,
                                                                texts[lang]))
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror}") from exc
    click.echo(f"wrote {target}")


@main.command(name="list")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder (for the languages it adds).")
def list_games(content: Path | None) -> None:
    """List the games, the parts each can build and the languages it has."""
    from .content.paths import ContentRoots
    from .games.registry import all_games

    roots = ContentRoots.with_user(content)
    for game in all_games():
        langs = sorted(name.rsplit(".", 1)[0] for name in roots.glob(f"{game.id}/text", "*.yaml"))
        click.echo(f"{game.id}: {', '.join(game.parts)}")
        click.echo(f"    languages: {', '.join(langs)}")


@main.command()
@click.argument("game")
@click.option("--part", "parts", multiple=True, help="Only this part (repeatable).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size.")
@click.option("--lang", multiple=True, default=["all"], show_default=True, callback=_langs,
              help="Language code, or all (repeatable, or comma-separated: ru,en).")
@click.option("--content", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Your content folder.")
@click.option("--duplex", type=DUPLEX, default="long", show_default=True,
              help="Back page mode.")
@click.option("--bleed", default="0mm", show_default=True, callback=_bleed, help="Bleed.")
@click.option("--gutter", default="0mm", show_default=True, callback=_gutter,
              help="Space between pieces, as for build.")
@click.option("--back-offset", default="0mm,0mm", show_default=True, callback=_offset,
              metavar="X,Y", help="Move the art of every back page, as for build.")
@click.option("--one-up", is_flag=True, help="One piece a page, as for build.")
@click.option("--pieces", multiple=True, metavar="IDS",
              help="Only these pieces, as `build --pieces` packs them.")
@click.option("--pack", is_flag=True, help="Every piece, as `build --pack` packs them.")
@click.option("--cutter", type=Choice(["silhouette", "cricut"]), default=None,
              help="A cutting machine's marks and room, as for build.")
@click.option("--format", "fmt", type=Choice(["json", "text"]), default="json",
              show_default=True, help="Output format.")
def layout(game: str, parts: tuple[str, ...], fmt: str, **opts: Any) -> None:
    """Print the imposed geometry of a game's sheets (mm, origin at the top-left)."""
    from .layout.export import layout_data, layout_text
    from .pipeline.options import BuildOptions

    data = layout_data(BuildOptions(games=_ids((game,)), parts=_ids(parts), **_machine(opts)))
    click.echo(json.dumps(data, ensure_ascii=False, indent=1) if fmt == "json"
               else layout_text(data))


def run() -> None:
    """The `labyrinth-pnp` script: main(), then a quick exit (generator/program.py)."""
    from .program import fewer_collections, finish

    fewer_collections()
    finish(main)


if __name__ == "__main__":
    run()

"""Stage 3, plan: the PDFs to make (jobs), each part in each language asked for."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content.paths import ContentRoots
from ..errors import Problem, UsageError, shared_errors
from ..games.base import Game, Part
from .load import Loaded, plan_content, settle
from .options import BuildOptions


@dataclass
class Job:
    """One PDF to make."""

    game: Game
    part: Part
    content: Any
    lang: str
    paper: str
    roots: ContentRoots = field(default_factory=ContentRoots)
    draft: bool = False  # an unfinished translation: "draft translation" in every footer
    one_up: bool = False  # a print shop's file (--one-up): "-one-up" ends its name
    # (options, what a sheet is drawn from: impose.SheetInput), once worked out (skip.py)
    sheet: Any = field(default=None, repr=False, compare=False)

    @property
    def relative(self) -> Path:
        shop = "-one-up" if self.one_up else ""
        name = f"{self.game.id}-{self.part.name}-{self.lang}-{self.paper}{shop}.pdf"
        return Path(self.game.id) / name


def plan_jobs(options: BuildOptions, drawing: bool = True) -> tuple[list[Job], list[Problem]]:
    """Validate options and content; return the PDFs to make and the content warnings.

    Only what the parts asked for use is checked: the rulebooks when a `rules` part is drawn.
    """
    loaded = plan_content(options, drawing)
    jobs = jobs_for(options, loaded) if not shared_errors(loaded.problems({})) else []
    found = {game_id: loaded.run_slow_checks(game_id) for game_id in loaded.slow}
    warnings = settle(loaded, found, options.strict)
    return jobs, warnings


def jobs_for(options: BuildOptions, loaded: Loaded) -> list[Job]:
    """The PDFs to make: each part asked for, in each language asked for and offered."""
    options = _resolve_languages(options, loaded)
    loaded.lang = options.lang
    wanted = options.languages  # empty: every language
    jobs: list[Job] = []
    for game in loaded.games:
        content = loaded.content[game.id]
        if content is None:
            continue
        if options.pieces or options.pack:
            jobs.extend(_set_jobs(options, loaded, game))
            continue
        parts = [p for p in game.parts.values() if not options.parts or p.name in options.parts]
        offered = {p.name: (p.languages(content, loaded.roots) if p.languages
                            else game.languages(content)) for p in parts}
        # a language whose own files have errors is still a language of the game: its
        # errors are reported, not a false "has no language" (security review F9)
        broken = {p.lang for p in sum(loaded.found[game.id], []) if p.lang and
                  p.severity == "error" and (p.lang in wanted if wanted else False)}
        known = sorted({lang for langs in offered.values() for lang in langs} | broken)
        if not _offers_languages(options, loaded, game, known):
            continue
        drafts = _leave_out_drafts(loaded, game, known, wanted)
        assert loaded.building is not None  # set by _leave_out_drafts
        building = loaded.building.setdefault(game.id, set())
        building.update(broken)
        for part in parts:
            langs = [lang for lang in offered[part.name] if (lang in wanted if wanted else
                                                             lang not in drafts)]
            building.update(langs)
            jobs.extend(Job(game, part, content, lang, options.paper, loaded.roots,
                            lang in drafts, options.one_up) for lang in langs)
    _check_some_game_has(options, loaded)
    return jobs


def _resolve_languages(options: BuildOptions, loaded: Loaded) -> BuildOptions:
    """The options with each --lang code spelled as the content spells it (`EN` is `en`); a
    code no game has is left for _check_languages and _check_some_game_has to explain."""
    from dataclasses import replace

    known: set[str] = set()
    for game in loaded.games:
        if (content := loaded.content[game.id]) is not None:
            known.update(game.languages(content))
            for part in game.parts.values():
                known.update(part.languages(content, loaded.roots) if part.languages else ())
    if not options.languages or not known:
        return options
    spelled = {lang.lower(): lang for lang in known}
    codes = [spelled.get(code.lower(), code) for code in options.languages]
    return replace(options, lang=",".join(dict.fromkeys(codes)))


def _broken(loaded: Loaded, game_id: str = "") -> list[Problem]:
    """The errors that belong to one language's files (of one game, or of all)."""
    return [p for gid, (before, after) in loaded.found.items() if gid == game_id or not game_id
            for p in before + after if p.lang and p.severity == "error"]


def _left_out_broken(loaded: Loaded, game: Game, known: list[str]) -> None:
    """Warn of each language a build of every language leaves out because its files have
    errors (their errors, located, as warnings)."""
    from ..languages import content_option

    langs = sorted({p.lang for p in _broken(loaded, game.id)} - set(known))
    for p in [p for p in _broken(loaded, game.id) if p.lang in langs]:
        loaded.skip(game.id, Problem(
            p.file, p.line, p.column, f"{p.message} (so '{p.lang}' was not built: `labyrinth-pnp "
            f"check{content_option(loaded.roots)}` lists every error)", "warning"))


def unfinished_languages(loaded: Loaded, game: Game) -> set[str]:
    """The languages of a game whose translation has gaps: texts still marked TODO» or left
    out (found while loading), or a rulebook with a TODO» mark (read here, cheaply)."""
    from ..content.translation import MARKER
    from ..games.base import rules_files

    found = {p.lang for p in loaded.found[game.id][0] if p.gap and p.lang}
    if game.rules_context is not None:
        for lang, path in rules_files(loaded.roots, game.id).items():
            try:
                if lang not in found and MARKER in path.read_text(encoding="utf-8"):
                    found.add(lang)
            except (OSError, UnicodeDecodeError):
                pass  # reported by the rulebook check
    return found


def _leave_out_drafts(loaded: Loaded, game: Game, known: list[str], wanted: tuple[str, ...]
                      ) -> set[str]:
    """The unfinished languages of a game; when no language was asked for, note each one
    left out of the build (a draft is built only when asked for by name)."""
    if loaded.building is None:
        loaded.building = {}
    drafts = unfinished_languages(loaded, game) & set(known)
    if not wanted:
        from ..languages import content_option

        flag = content_option(loaded.roots)
        _left_out_broken(loaded, game, known)
        for lang in sorted(drafts):
            loaded.skip(game.id, Problem(
                f"content/{game.id}", 0, 0, f"the '{lang}' translation is not finished, so it "
                f"was not built: `labyrinth-pnp lang status {lang}{flag}` lists what is left, "
                f"`labyrinth-pnp build {game.id} --lang {lang}{flag}` makes a draft",
                "warning"))
    return drafts


def _offers_languages(options: BuildOptions, loaded: Loaded, game: Game, known: list[str]
                      ) -> bool:
    """Whether a game is built in the languages asked for. A game named on the command line
    must have them all (a usage error if not); of the games built because none was named,
    one lacking a language asked for is built in the others, with a warning, so that
    `build --lang uk` makes every game there is in Ukrainian."""
    wanted = options.languages
    loaded.offered.setdefault(game.id, set()).update(known)
    if options.games or not wanted:
        _check_languages(game, wanted, known, loaded)
        return True
    lacking = [lang for lang in wanted if lang not in known]
    having = [lang for lang in wanted if lang in known]
    if lacking:
        built = f"built in {', '.join(having)} only" if having else "not built"
        loaded.skip(game.id, Problem(
            f"content/{game.id}", 0, 0, f"{game.id} has no '{lacking[0]}' texts, so it was "
            f"{built}: `labyrinth-pnp lang new {lacking[0]}{_content(loaded)} --game {game.id}` "
            "starts a translation", "warning"))
    return bool(having)


def _check_some_game_has(options: BuildOptions, loaded: Loaded) -> None:
    """A usage error when no game has a language asked for (games named or not)."""
    known = sorted(set().union(*loaded.offered.values())) if loaded.offered else []
    for lang in options.languages:
        if loaded.offered and lang not in known:
            from ..languages import language_error

            raise language_error(lang, known, _broken(loaded), "", _content(loaded))


def _content(loaded: Loaded) -> str:
    """The --content part of a hint: the user's folder, else a folder to make."""
    from ..languages import content_option

    return content_option(loaded.roots) or " --content my-content"


def _check_languages(game: Game, wanted: tuple[str, ...], known: list[str], loaded: Loaded
                     ) -> None:
    """Raise the resolver's error (generator/languages.py) for a language game lacks."""
    missing = [lang for lang in wanted if lang not in known]
    if missing:
        from ..languages import language_error

        raise language_error(missing[0], known, _broken(loaded, game.id), game.id,
                             _content(loaded))


def _set_jobs(options: BuildOptions, loaded: Loaded, game: Game) -> list[Job]:
    """The `--pieces` or `--pack` file of a game, in each language asked for."""
    from ..games.sets import has_pieces, pack_part, pieces_part
    from ..pieces import split_selectors

    content = loaded.content[game.id]
    known = game.languages(content)
    if not _offers_languages(options, loaded, game, known):
        return []
    drafts = _leave_out_drafts(loaded, game, known, options.languages)
    langs = [lang for lang in known if (lang in options.languages if options.languages
                                        else lang not in drafts)]
    loaded.building.setdefault(game.id, set()).update(langs)  # type: ignore[union-attr]
    if options.pack and not (langs and has_pieces(game, content, langs[0])):
        if options.games:
            raise UsageError(f"{game.id} has no pieces to cut out: its parts are sheets, "
                             "built one file each by `labyrinth-pnp build`")
        return []
    part = pieces_part(game, split_selectors(options.pieces)) if options.pieces else (
        pack_part(game))
    if options.pieces:
        if not split_selectors(options.pieces):
            raise UsageError("--pieces needs at least one piece id, e.g. --pieces token-14")
        for lang in langs:
            part.pieces(content, lang)  # an unknown id stops here, before anything is drawn
    return [Job(game, part, content, lang, options.paper, loaded.roots, lang in drafts,
                options.one_up) for lang in langs]

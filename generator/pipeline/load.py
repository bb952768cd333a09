"""Stage 2, load: every game's content with every problem; the slow checks to run."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content.paths import ContentRoots
from ..errors import ContentError, Problem, UsageError, errors_only
from ..games.base import Game
from ..games.standard import check_rules
from ..layout.imposition import PAPERS
from .options import BuildOptions
from .select import select_games, selected_ids


@dataclass
class Loaded:
    """Every game's content, its problems in report order, and the slow checks to run.

    The slow checks (rulebooks, the cave) are the slow part of loading; a build runs them in
    its drawing workers beside the other drawings (see run_build) and slots their problems
    back in here, so the report reads the same whichever process found them.
    """

    content: dict[str, Any]
    games: list[Game]
    roots: ContentRoots
    # per game: problems before its slow checks, and those of its extra checks after them
    found: dict[str, tuple[list[Problem], list[Problem]]]
    slow: list[str]  # the games whose slow checks are due: rulebooks (when `with_rules`), cave
    refusals: list[Problem] = field(default_factory=list)
    # per game, the languages a build makes (None: `check`, every problem counts)
    building: dict[str, set[str]] | None = None
    skipped_by: dict[str, list[Problem]] = field(default_factory=dict)  # languages left out
    offered: dict[str, set[str]] = field(default_factory=dict)  # per game, its languages
    with_rules: bool = True  # whether the slow checks include the rulebooks
    # games not loaded because nothing they read changed since a build with the same options
    # (pipeline/skip.py), by id: what that build found (GameRecord); in `order` with the rest
    kept: dict[str, Any] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # every game asked for, in report order
    lang: str = ""  # --lang as the content spells its codes (set when the jobs are planned)

    @property
    def skipped(self) -> list[Problem]:
        """The languages left out, and why, game by game."""
        return [p for game_id in self._order() for p in self.skipped_by.get(game_id, [])]

    def skip(self, game_id: str, problem: Problem) -> None:
        """Note a language of a game left out of the build, and why."""
        self.skipped_by.setdefault(game_id, []).append(problem)

    def _order(self) -> list[str]:
        return self.order or [game.id for game in self.games]

    def game_problems(self, game_id: str, rules_found: dict[str, list[Problem]]
                      ) -> list[Problem]:
        """One game's problems in report order (in a build, of the languages it makes)."""
        if game_id in self.kept:
            return list(self.kept[game_id].problems)
        before, after = self.found[game_id]
        found = before + rules_found.get(game_id, []) + after
        if self.building is not None:
            langs = self.building.get(game_id, set())
            found = [p for p in found if not p.lang or p.lang in langs]
        return found

    def problems(self, rules_found: dict[str, list[Problem]]) -> list[Problem]:
        """All problems in report order, given the rulebook checks' findings so far; in a
        build, those of languages it does not make are left out."""
        out = [p for game_id in self._order() for p in self.game_problems(game_id, rules_found)]
        self.refusals += self.roots.take_refusals()  # links out of the folder found by glob
        return out + self.refusals + self.skipped

    def run_slow_checks(self, game_id: str) -> list[Problem]:
        """Run one game's slow checks: its rulebooks' (when they are built) and its own
        (Goblin Slayer's cave, over every assembly), in a drawing worker during a build."""
        game = next(g for g in self.games if g.id == game_id)
        content = self.content[game_id]
        # a build checks the rulebooks it makes (and the ones they were translated from)
        langs = self.building.get(game_id, set()) if self.building is not None else None
        found = check_rules(game, self.roots, content, langs) if self.with_rules else []
        return found + [p for check in game.slow_checks for p in check(content)]


def load_content(games: list[Game], roots: ContentRoots, rules: bool = True) -> Loaded:
    """Load every game's content; leave the slow checks (rulebooks when `rules`) to the caller."""
    loaded = Loaded({}, games, roots, {}, [], with_rules=rules)
    for game in games:
        content, found = game.load(roots)
        after = [p for check in game.extra_checks for p in check(roots)]
        loaded.content[game.id] = content
        loaded.found[game.id] = (list(found), after)
        if content is not None and ((rules and game.rules_context is not None)
                                    or game.slow_checks):
            loaded.slow.append(game.id)
    return loaded


def settle(loaded: Loaded, rules_found: dict[str, list[Problem]], strict: bool
           ) -> list[Problem]:
    """Raise ContentError if any error (or warning when strict); return the warnings."""
    problems = loaded.problems(rules_found)
    stopping = errors_only(problems, strict)
    if stopping:
        raise ContentError(stopping)
    return [p for p in problems if p.severity == "warning"]


def load_games(games: list[Game], roots: ContentRoots, strict: bool, rules: bool = True
               ) -> tuple[dict[str, Any], list[Problem]]:
    """Load every game's content; raise ContentError if any error (or warning when strict).

    The rulebooks are rendered and compared only with `rules` (a build of other parts does not
    pay for them; `check` always does).
    """
    loaded = load_content(games, roots, rules)
    found = {game_id: loaded.run_slow_checks(game_id) for game_id in loaded.slow}
    return loaded.content, settle(loaded, found, strict)


def side_problems(content: Path | None, templates: Path | None) -> list[Problem]:
    """Problems beside the games' content: templates, and user files nothing reads."""
    from ..content.inventory import unread_content, unread_templates
    from ..render import check_templates, templates_in_use

    if templates is None:  # the bundled templates: tested with the tool, checked by `check`
        return unread_content(content)
    return (check_templates(templates) + unread_content(content)
            + unread_templates(templates, templates_in_use(templates)))


def with_side_problems(load: Callable[[], Any], content: Path | None,
                       templates: Path | None, strict: bool) -> tuple[Any, list[Problem]]:
    """Run load() and the side checks; raise one ContentError holding the problems of both."""
    side = side_problems(content, templates)
    try:
        result, warnings = load()
    except ContentError as exc:  # side warnings too: they often explain the errors
        raise ContentError(exc.problems + side) from None
    if errors_only(side, strict):
        raise ContentError(side)
    return result, list(warnings) + [p for p in side if p.severity == "warning"]


def _refill_template_budget() -> None:
    """Refill the templates' work budget (budget.py) when the sandbox is loaded; a first
    import starts full, so a build that renders no template never imports Jinja for it."""
    sandbox = sys.modules.get("generator.sandbox")
    if sandbox is not None:
        sandbox.new_build()


def plan_content(options: BuildOptions, drawing: bool = True,
                 kept: dict[str, Any] | None = None) -> Loaded:
    """Validate the options and load the content the build needs; slow checks not yet run.

    kept: games that need no loading (pipeline/skip.py), by id, with what their last build
    found (GameRecord); they take their place in the report among the others."""
    _refill_template_budget()
    if options.paper not in PAPERS:
        raise UsageError(f"unknown paper '{options.paper}': choose a4 or letter")
    sets = bool(options.pieces or options.pack)
    if options.cutter and options.one_up:
        raise UsageError("--cutter does not go with --one-up: a cutting machine cuts pieces "
                         "out of whole sheets, a print shop trims one-up pages")
    if options.cutter and options.duplex == "fold":
        raise UsageError("--cutter does not go with --duplex fold: folding a sheet in half "
                         "hides half of the machine's registration marks")
    if options.pieces and options.pack:
        raise UsageError("--pieces and --pack do not go together: --pieces prints the pieces "
                         "you name, --pack every piece")
    if sets and options.parts:
        raise UsageError("--part does not go with --pieces or --pack: they choose the pieces "
                         "themselves")
    if options.pieces and len(set(options.games)) != 1:
        raise UsageError("--pieces needs one game, e.g. "
                         "`labyrinth-pnp build magic-labyrinth --pieces token-14,formula-9`")
    kept = kept or {}
    games = select_games(options.games, options.parts,
                         {game_id: record.parts for game_id, record in kept.items()})
    roots = ContentRoots.with_user(options.content)
    rules = drawing and not sets and (not options.parts or "rules" in options.parts)
    loaded = load_content(games, roots, rules)
    if kept:
        loaded.kept = dict(kept)
        loaded.order = [game_id for game_id in selected_ids(options.games)
                        if game_id in kept or any(g.id == game_id for g in games)]
        for game_id, record in kept.items():
            loaded.offered[game_id] = set(record.offered)
            loaded.skipped_by[game_id] = list(record.skipped)
    return loaded

"""The parts every game gets besides its own: its rulebook (when it has rules) and the print
guide (when it has parts of pieces), and the check of its rulebooks.

The rulebook code (games/rules.py and below) is imported only when a rulebook is drawn or
checked, so building pieces does not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..content.paths import ContentRoots
from ..errors import Problem
from .base import Game, Part, rules_files
from .sets import guide_part


def with_standard_parts(game: Game) -> Game:
    """Add the rules part (a game with rules) and the print guide (a game with pieces)."""
    if game.rules_context is not None and "rules" not in game.parts:
        game.parts["rules"] = rules_part(game.id, game.rules_context)
    if "print-guide" not in game.parts and any(p.render is None for p in game.parts.values()):
        game.parts["print-guide"] = guide_part(game)
    return game


def check_rules(game: Game, roots: ContentRoots, content: Any,
                langs: Collection[str] | None = None) -> list[Problem]:
    """Check the game's rulebooks in langs, or in every language (none when it has no
    rules)."""
    if game.rules_context is None:
        return []
    from .rules import check_game_rules

    return check_game_rules(roots, game.id, content, game.rules_context, langs)


def rules_part(game: str, context: Callable[[Any, str], dict[str, Any]]) -> Part:
    """The rulebook part of a game; the rulebook code is imported only when it is used."""

    def render(content: Any, roots: ContentRoots, lang: str, paper: str, path: Path,
               draft: bool = False) -> list[str]:
        from .rules import render_rules  # the rulebook code, only when it is used

        return render_rules(game, content, context, roots, lang, paper, path, draft)

    return Part("rules", render=render,
                languages=lambda content, roots: sorted(rules_files(roots, game)))

"""What a game and a printable part are, for the build orchestrator."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content.paths import ContentRoots
from ..draw.sheet import Painter
from ..errors import Problem
from ..layout.imposition import PieceSpec


@dataclass(frozen=True)
class Part:
    """A printable component set: which pieces, how to draw them.

    A part with `render` (the rulebook) draws its PDF itself instead of imposing pieces, and
    may have languages of its own (`languages`, from the files that exist).
    """

    name: str
    pieces: Callable[[Any, str], list[PieceSpec]] = lambda content, lang: []
    painters: Callable[[], dict[str, Painter]] = dict
    title: Callable[[Any, str], str] = lambda content, lang: ""
    margin: float = 10.0
    # (content, roots, lang, paper, path, draft) -> texts shrunk; draft: an unfinished translation
    render: Callable[[Any, ContentRoots, str, str, Path, bool], list[str]] | None = None
    languages: Callable[[Any, ContentRoots], list[str]] | None = None
    # "pack" and "guide" parts are made from the game's other parts (see games/sets.py)
    special: str = ""
    # How long the part takes to draw beside the others (measured; 1: a page of tokens). A
    # build hands out the heaviest parts first, so that its workers finish together.
    weight: float = 1.0


@dataclass(frozen=True)
class Game:
    """A game: its id, how to load its content, its parts."""

    id: str
    load: Callable[[ContentRoots], tuple[Any, list[Problem]]]
    parts: dict[str, Part]
    name: Callable[[Any, str], str]
    languages: Callable[[Any], list[str]]
    sheet_texts: Callable[[Any, str], Any]
    rules_context: Callable[[Any, str], dict[str, Any]] | None = None
    accent: Callable[[Any], str | None] = lambda content: None  # the sheets' band colour
    extra_checks: list[Callable[[ContentRoots], list[Problem]]] = field(default_factory=list)
    # checks of the loaded content slow enough to run in a drawing worker during a build
    slow_checks: list[Callable[[Any], list[Problem]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.rules_context is not None and "rules" not in self.parts:
            self.parts["rules"] = rules_part(self.id, self.rules_context)
        if "print-guide" not in self.parts and any(p.render is None for p in self.parts.values()):
            from .sets import guide_part

            self.parts["print-guide"] = guide_part(self)

    def check_rules(self, roots: ContentRoots, content: Any,
                    langs: Collection[str] | None = None) -> list[Problem]:
        """Check the game's rulebooks in langs, or in every language (none when it has no
        rules)."""
        if self.rules_context is None:
            return []
        from .rules import check_game_rules

        return check_game_rules(roots, self.id, content, self.rules_context, langs)


def part_title(part: str) -> Callable[[Any, str], str]:
    """The footer name of a part: `parts.PART` of the game's `text/LANG.yaml`."""
    return lambda content, lang: content.texts[lang].parts.get(part, part)


def rules_part(game: str, context: Callable[[Any, str], dict[str, Any]]) -> Part:
    """The rulebook part of a game; the rulebook code is imported only when it is used."""

    def render(content: Any, roots: ContentRoots, lang: str, paper: str, path: Path,
               draft: bool = False) -> list[str]:
        from .rules import render_rules

        return render_rules(game, content, context, roots, lang, paper, path, draft)

    return Part("rules", render=render,
                languages=lambda content, roots: sorted(rules_files(roots, game)))


def rules_files(roots: ContentRoots, game: str) -> dict[str, Path]:
    """Every `rules/LANG.md` of a game, by language, user folder first."""
    return {name.removesuffix(".md"): path
            for name, path in roots.glob(f"{game}/rules", "*.md").items()}

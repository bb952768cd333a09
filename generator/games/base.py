"""What a game and a printable part are, for the build orchestrator.

The parts every game gets besides its own (its rulebook, the print guide) are added by
games/standard.py, which the game modules call; nothing here imports the parts' code.
"""

from __future__ import annotations

from collections.abc import Callable
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
    per_player: bool = False  # every player needs a copy (the print guide says so)


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


def part_title(part: str) -> Callable[[Any, str], str]:
    """The footer name of a part: `parts.PART` of the game's `text/LANG.yaml`."""
    return lambda content, lang: content.texts[lang].parts.get(part, part)


def rules_files(roots: ContentRoots, game: str) -> dict[str, Path]:
    """Every `rules/LANG.md` of a game, by language, user folder first."""
    return {name.removesuffix(".md"): path
            for name, path in roots.glob(f"{game}/rules", "*.md").items()}

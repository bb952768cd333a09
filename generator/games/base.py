"""What a game and a printable part are, for the build orchestrator."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..content.paths import ContentRoots
from ..draw.sheet import Painter
from ..errors import Problem
from ..layout.imposition import PieceSpec


@dataclass(frozen=True)
class Part:
    """A printable component set: which pieces, how to draw them."""

    name: str
    pieces: Callable[[Any, str], list[PieceSpec]]
    painters: Callable[[], dict[str, Painter]]
    title: Callable[[Any, str], str]
    margin: float = 10.0


@dataclass(frozen=True)
class Game:
    """A game: its id, how to load its content, its parts."""

    id: str
    load: Callable[[ContentRoots], tuple[Any, list[Problem]]]
    parts: dict[str, Part]
    name: Callable[[Any, str], str]
    languages: Callable[[Any], list[str]]
    sheet_texts: Callable[[Any, str], Any]
    extra_checks: list[Callable[[ContentRoots], list[Problem]]] = field(default_factory=list)

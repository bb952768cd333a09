"""`labyrinth-pnp check`: load and validate every game's content and templates, write nothing."""

from __future__ import annotations

from pathlib import Path

from .build import load_games
from .content.paths import ContentRoots
from .errors import Problem
from .games.registry import all_games


def check_content(content: Path | None, strict: bool) -> list[Problem]:
    """Raise ContentError on errors (warnings too when strict); return the warnings."""
    _, warnings = load_games(all_games(), ContentRoots.with_user(content), strict)
    return warnings

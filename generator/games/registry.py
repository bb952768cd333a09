"""Every game the tool builds, by id, in the order `list` shows them.

Games are imported on first use, so building one game does not pay for loading the others.
"""

from __future__ import annotations

from importlib import import_module

from .base import Game

GAME_MODULES: dict[str, tuple[str, str]] = {
    "magic-labyrinth": ("generator.games.magic", "MAGIC_LABYRINTH"),
    "paper-labyrinth": ("generator.games.paper", "PAPER_LABYRINTH"),
    "goblin-slayer": ("generator.games.goblin", "GOBLIN_SLAYER"),
}


def game_ids() -> list[str]:
    """The ids of every game, in display order."""
    return list(GAME_MODULES)


def spelled(name: str, known: list[str], what: str) -> str:
    """The one of known that name means, in any case; else a UsageError naming the choices,
    with "did you mean" for a near miss (`magic-labirinth`, `token`)."""
    import difflib

    from ..errors import UsageError

    lower = {k.lower(): k for k in known}
    if name.lower() in lower:
        return lower[name.lower()]
    near = difflib.get_close_matches(name.lower(), list(lower), 2, 0.6)
    choices = f"choose from {', '.join(known)}"
    if near:
        raise UsageError(f"unknown {what} '{name}': did you mean "
                         f"{' or '.join(lower[n] for n in near)}? ({choices})")
    raise UsageError(f"unknown {what} '{name}': {choices}")


def get_game(game_id: str) -> Game:
    """The game with this id (the caller checks the id exists)."""
    module, name = GAME_MODULES[game_id]
    game: Game = getattr(import_module(module), name)
    return game


def all_games() -> list[Game]:
    """Every game, in display order."""
    return [get_game(game_id) for game_id in GAME_MODULES]

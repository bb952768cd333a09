"""Every game the tool builds, by id, in the order `list` shows them."""

from __future__ import annotations

from .base import Game
from .goblin import GOBLIN_SLAYER
from .magic import MAGIC_LABYRINTH
from .paper import PAPER_LABYRINTH

GAMES: dict[str, Game] = {
    game.id: game for game in (MAGIC_LABYRINTH, PAPER_LABYRINTH, GOBLIN_SLAYER)
}

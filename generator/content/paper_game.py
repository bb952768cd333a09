"""«Лабиринт»'s game.yaml: the facts the rules, the checker and the sheets share, and the
pictures of its plans (a module of its own, light enough for the `plan` commands)."""

from __future__ import annotations

from .common import GameInfo
from .modeling import Strict
from .schema import Field

GAME = "paper-labyrinth"
ICONS = {"arsenal": "art/icons/arsenal.svg", "medpost": "art/icons/medpost.svg",
         "treasure_real": "art/icons/treasure-real.svg",
         "treasure_false": "art/icons/treasure-false.svg"}
"""The pictures of the plans, legends and trackers, and the files they are when game.yaml's
`art:` leaves one out."""


class PaperArt(Strict):
    """The game's pictures (files below the game's folder); a key left out or empty is the
    bundled file of ICONS."""

    arsenal: str = ""
    medpost: str = ""
    treasure_real: str = ""
    treasure_false: str = ""


class PaperGame(GameInfo):
    art: PaperArt = Field(default_factory=PaperArt)

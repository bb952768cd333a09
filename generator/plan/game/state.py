"""The data of a «Лабиринт» game as the program hosts it: actions, answers, players, the state.

Everything here is immutable and free of I/O; `engine.py` changes states by the rules. A
position off the plan is the land outside the labyrinth, reached only through the exit gap.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...errors import UsageError
from ..checker.movement import Maze
from ..text.model import DIRECTION_OF, Border, Plan, Pos, border, step_pos

MOVE, SHOOT, BOMB, TAKE, DROP = "move", "shoot", "bomb", "take", "drop"
TURN_ACTIONS = (MOVE, SHOOT, BOMB)
FREE_ACTIONS = (TAKE, DROP)
REAL, FALSE = "real", "false"
WOUNDED, KILLED = "wounded", "killed"
AMMO = 3
ANSWER_WORDS = ("land", "arsenal", "medpost", "mouth", "river", "hole", "wall", "swamp",
                "treasure", "two_treasures", "out", REAL, FALSE, "blown", "not_blown", "miss")
"""Every word the rulebook gives the host (its table «Что говорит ведущий»), by key."""
NOTE_WORDS = ("taken", "dropped")
"""What the host tells one player who took or dropped a treasure (no turn, no rule answer)."""


class IllegalAction(UsageError):
    """An action the rules do not allow now; `code` and `params` name the reason for the host."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        super().__init__(f"{code}: {params}" if params else code)


@dataclass(frozen=True, slots=True)
class Action:
    """What a player does: a move, shot or bomb with a direction, or take / drop a treasure."""

    kind: str
    direction: str | None = None


@dataclass(frozen=True, slots=True)
class Answer:
    """What the host says, to everyone ("all") or to one player; `words` are ANSWER_WORDS keys."""

    player: str
    words: tuple[str, ...] = ()
    hits: tuple[tuple[str, str], ...] = ()  # (name, WOUNDED or KILLED), in turn order
    to: str = "all"
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class Player:
    """One player as the host tracks him; `path` is every position he stopped in, start first."""

    name: str
    pos: Pos
    start: Pos
    path: tuple[Pos, ...]
    bullets: int = AMMO
    bombs: int = AMMO
    wounded: bool = False
    dead: bool = False
    treasure: str | None = None


@dataclass(frozen=True)
class State:
    """The whole game: plan, players in turn order, treasures on the ground, destroyed walls."""

    plan: Plan
    players: tuple[Player, ...]
    treasures: tuple[tuple[str, Pos], ...]
    destroyed: frozenset[Border] = frozenset()
    turn: int = 0  # index of the player whose turn it is
    played: int = 0  # turns played so far
    last: int | None = None  # index of the player who played the last turn
    winner: str | None = None
    over: bool = False
    maze: Maze = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def player(self, name: str) -> Player:
        """Return the player called name (IllegalAction when there is none)."""
        return self.players[self.index(name)]

    def index(self, name: str) -> int:
        """Return the turn-order index of the player called name."""
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        raise IllegalAction("unknown_player", name=name)

    def current(self) -> Player:
        """Return the player whose turn it is."""
        return self.players[self.turn]

    def treasure_at(self, pos: Pos) -> str | None:
        """Return the treasure lying longest at pos, or None."""
        return next((which for which, at in self.treasures if at == pos), None)

    def outside(self, pos: Pos) -> bool:
        """Return True when pos is off the plan (the land outside the labyrinth)."""
        return not self.plan.inside(pos)


def set_player(state: State, i: int, player: Player, **changes: object) -> State:
    """Return state with the i-th player replaced (and any other fields changed)."""
    players = list(state.players)
    players[i] = player
    return replace(state, players=tuple(players), **changes)  # type: ignore[arg-type]


def exit_way(state: State) -> tuple[Pos, str]:
    """Return the exit cell and the direction that leads out through the gap."""
    pos, side = state.plan.exits[0]
    return pos, DIRECTION_OF[side]


def blocked(state: State, pos: Pos, direction: str) -> bool:
    """Return True when a wall (capital, or simple and not destroyed) stands on that side."""
    plan, target = state.plan, step_pos(pos, direction)
    inside, there = plan.inside(pos), plan.inside(target)
    if inside and there:
        b = border(pos, target)
        return b in plan.walls and b not in state.destroyed
    if not inside and not there:
        return False
    gap, out = exit_way(state)
    if inside:
        return not (pos == gap and direction == out)
    return not (target == gap and step_pos(gap, out) == pos)

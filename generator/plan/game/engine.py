"""The host of «Лабиринт» as pure functions: a game state, a player's action, the host's answer.

`new_game()` places the players (start cells chosen or drawn with the seed; a start in a river
is carried by the current first) and the treasures; `apply(state, name, action)` returns the
next state and the host's `Answer`, as data that `answers.py` words in Russian or English.
States are immutable; nothing here reads or prints anything. Steps go through the plan
package's `Maze` (the movement rules of the rulebook), rebuilt when a bomb destroys a wall.

Positions are `(row, col)`; a position off the plan is the land outside, reached only through
the exit gap. A turn is one move, shot or bomb with a direction; taking or dropping a treasure
costs no turn (see docs/playing.md for the decisions where the rules are silent). The data
types live in `engine_state.py` and are re-exported here.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..checker.movement import Maze
from ..text.model import DELTA, DIRECTIONS, LAND, Plan, Pos, border, step_pos
from .state import (
    AMMO,
    ANSWER_WORDS,
    BOMB,
    DROP,
    FALSE,
    FREE_ACTIONS,
    KILLED,
    MOVE,
    NOTE_WORDS,
    REAL,
    SHOOT,
    TAKE,
    TURN_ACTIONS,
    WOUNDED,
    Action,
    Answer,
    IllegalAction,
    Player,
    State,
    blocked,
    set_player,
)

__all__ = ["AMMO", "ANSWER_WORDS", "BOMB", "DROP", "FALSE", "FREE_ACTIONS", "KILLED", "MOVE",
           "NOTE_WORDS", "REAL", "SHOOT", "TAKE", "TURN_ACTIONS", "WOUNDED", "Action", "Answer",
           "IllegalAction", "Player", "State", "apply", "blocked", "legal_actions", "new_game"]


def new_game(plan: Plan, names: list[str], starts: list[Pos | None] | None = None,
             seed: int = 0) -> tuple[State, list[Answer]]:
    """Return the game at its start and the host's start answers, one per player, in order.

    A start of None is drawn at random (with seed); treasures the plan leaves out are placed
    on random land cells. A start in a river is carried by the current (rule 7).
    """
    if not names:
        raise IllegalAction("no_players")
    if len(set(names)) != len(names):
        raise IllegalAction("same_name", name=next(n for n in names if names.count(n) > 1))
    if len(plan.exits) != 1:
        raise IllegalAction("bad_plan")
    rng = random.Random(f"labyrinth-play:{seed}")
    cells = plan.positions()
    starts = list(starts or [None] * len(names))
    starts += [None] * (len(names) - len(starts))
    maze = Maze(plan)
    players = []
    for name, chosen in zip(names, starts):
        if chosen is None:
            chosen = rng.choice(cells)
        elif not plan.inside(chosen):
            raise IllegalAction("start_off_plan", name=name)
        pos = maze.start_at(chosen)
        path = (chosen, pos) if pos != chosen else (pos,)
        players.append(Player(name, pos, chosen, path))
    state = State(plan, tuple(players), _treasures(plan, rng), maze=maze)
    answers = [Answer(p.name, _cell_words(state, p.pos, fell=False)) for p in players]
    return state, answers


def _treasures(plan: Plan, rng: random.Random) -> tuple[tuple[str, Pos], ...]:
    """The treasures the plan marks; missing ones go on random free land cells."""
    found = {plan.cell(pos).treasure: pos for pos in plan.positions() if plan.cell(pos).treasure}
    land = [pos for pos in plan.positions()
            if plan.cell(pos).kind == LAND and pos not in found.values()]
    for which in (REAL, FALSE):
        if which not in found and land:
            found[which] = land.pop(rng.randrange(len(land)))
    return tuple((which, found[which]) for which in (REAL, FALSE) if which in found)


def apply(state: State, name: str, action: Action) -> tuple[State, Answer]:
    """Return the state after name's action and the host's answer; IllegalAction if not allowed."""
    if state.over:
        raise IllegalAction("game_over")
    i = state.index(name)
    player = state.players[i]
    if player.dead:
        raise IllegalAction("dead", name=name)
    if action.kind in FREE_ACTIONS:
        return _free(state, i, action)
    if action.kind not in TURN_ACTIONS:
        raise IllegalAction("unknown_action", action=action.kind)
    if i != state.turn:
        raise IllegalAction("not_your_turn", name=name, current=state.current().name)
    if action.direction not in DIRECTIONS:
        raise IllegalAction("direction", name=name)
    if action.kind == MOVE:
        state, answer = _move(state, i, action.direction)
    elif action.kind == SHOOT:
        state, answer = _shoot(state, i, action.direction)
    else:
        state, answer = _bomb(state, i, action.direction)
    return _next_turn(state, i, answer.winner), answer


def _next_turn(state: State, i: int, winner: str | None) -> State:
    """Pass the turn to the next living player after i."""
    n = len(state.players)
    turn = next(((i + k) % n for k in range(1, n + 1) if not state.players[(i + k) % n].dead), i)
    alive = any(not p.dead for p in state.players)
    return replace(state, turn=turn, played=state.played + 1, last=i, winner=winner,
                   over=winner is not None or not alive)


def _free(state: State, i: int, action: Action) -> tuple[State, Answer]:
    """Take or drop a treasure: on one's own turn, right after it, or before the first turn."""
    player = state.players[i]
    if state.played and i not in (state.turn, state.last):
        raise IllegalAction("not_your_turn", name=player.name, current=state.current().name)
    if action.kind == DROP:
        if player.treasure is None:
            raise IllegalAction("nothing_to_drop", name=player.name)
        treasures = state.treasures + ((player.treasure, player.pos),)
        return (set_player(state, i, replace(player, treasure=None), treasures=treasures),
                Answer(player.name, ("dropped",), to=player.name))
    which = state.treasure_at(player.pos)
    if which is None:
        raise IllegalAction("no_treasure", name=player.name)
    if player.wounded:
        raise IllegalAction("wounded_take", name=player.name)
    if player.treasure is not None:
        raise IllegalAction("carrying", name=player.name)
    lying = list(state.treasures)
    lying.remove((which, player.pos))
    return (set_player(state, i, replace(player, treasure=which), treasures=tuple(lying)),
            Answer(player.name, ("taken",), to=player.name))


def _cell_words(state: State, pos: Pos, fell: bool) -> tuple[str, ...]:
    """The name of the cell a player stopped in, and «клад» («два клада») if treasures lie there."""
    if state.outside(pos):
        word = "out" if fell else LAND
    else:
        word = state.plan.cell(pos).kind
    lying = sum(1 for _, at in state.treasures if at == pos)
    return (word, "two_treasures") if lying > 1 else (word, "treasure") if lying else (word,)


def _move(state: State, i: int, direction: str) -> tuple[State, Answer]:
    """One step by the movement rules; arsenal and medpost act on entry."""
    player, plan = state.players[i], state.plan
    pos = player.pos
    if blocked(state, pos, direction):
        return state, Answer(player.name, ("wall",))
    target = step_pos(pos, direction)
    if plan.inside(pos) and plan.inside(target) and plan.swamps.get(border(pos, target)) == pos:
        return state, Answer(player.name, ("swamp",))
    if state.outside(pos) and state.outside(target):
        new = target
    else:
        stepped = state.maze.step(None if state.outside(pos) else pos, direction)
        new = target if stepped is None else stepped
    changes: dict[str, object] = {"pos": new, "path": player.path + (new,)}
    kind = None if state.outside(new) else plan.cell(new).kind
    if kind == "arsenal":
        changes.update(bullets=AMMO, bombs=AMMO)
    elif kind == "medpost":
        changes["wounded"] = False
    moved = replace(player, **changes)  # type: ignore[arg-type]
    state = set_player(state, i, moved)
    words = _cell_words(state, new, fell=state.outside(new) and not state.outside(pos))
    if words[0] == "out" and moved.treasure is not None:
        words = words[:1] + (moved.treasure,) + words[1:]
        if moved.treasure == REAL:
            return state, Answer(player.name, words, winner=player.name)
    return state, Answer(player.name, words)


def _shoot(state: State, i: int, direction: str) -> tuple[State, Answer]:
    """A bullet along direction: the shooter's own cell first, then cell by cell to a wall."""
    shooter = state.players[i]
    if shooter.bullets <= 0:
        raise IllegalAction("no_bullets", name=shooter.name)
    state = set_player(state, i, replace(shooter, bullets=shooter.bullets - 1))
    victims = _victims(state, i, direction)
    hits = []
    for j in victims:
        target = state.players[j]
        dead = target.wounded
        lying = state.treasures + (((target.treasure, target.pos),) if target.treasure else ())
        state = set_player(state, j, replace(target, wounded=True, dead=dead, treasure=None),
                     treasures=lying)
        hits.append((target.name, KILLED if dead else WOUNDED))
    if not hits:
        return state, Answer(shooter.name, ("miss",))
    return state, Answer(shooter.name, hits=tuple(hits))


def _victims(state: State, i: int, direction: str) -> list[int]:
    """The living players the bullet hits, in turn order (none: a miss)."""
    here: dict[Pos, list[int]] = {}
    for j, p in enumerate(state.players):
        if j != i and not p.dead:
            here.setdefault(p.pos, []).append(j)
    pos = state.players[i].pos
    rows = [pos[0]] + [p[0] for p in here] + [-1, state.plan.rows]
    cols = [pos[1]] + [p[1] for p in here] + [-1, state.plan.cols]
    dr, dc = DELTA[direction]
    while True:
        if pos in here:
            return here[pos]
        if blocked(state, pos, direction):
            return []
        pos = (pos[0] + dr, pos[1] + dc)
        if not (min(rows) <= pos[0] <= max(rows) and min(cols) <= pos[1] <= max(cols)):
            return []


def _bomb(state: State, i: int, direction: str) -> tuple[State, Answer]:
    """A bomb on the border on that side: only a standing simple wall is destroyed."""
    player = state.players[i]
    if player.bombs <= 0:
        raise IllegalAction("no_bombs", name=player.name)
    state = set_player(state, i, replace(player, bombs=player.bombs - 1))
    target, plan = step_pos(player.pos, direction), state.plan
    b = border(player.pos, target)
    if not (plan.inside(player.pos) and plan.inside(target) and b in plan.walls
            and b not in state.destroyed):
        return state, Answer(player.name, ("not_blown",))
    destroyed = state.destroyed | {b}
    maze = Maze(replace(plan, walls=plan.walls - destroyed))
    return replace(state, destroyed=destroyed, maze=maze), Answer(player.name, ("blown",))


def legal_actions(state: State) -> list[Action]:
    """Every action the player whose turn it is may take now (for tests and hints)."""
    if state.over:
        return []
    player = state.current()
    actions = [Action(MOVE, d) for d in DIRECTIONS]
    if player.bullets:
        actions += [Action(SHOOT, d) for d in DIRECTIONS]
    if player.bombs:
        actions += [Action(BOMB, d) for d in DIRECTIONS]
    if player.treasure is not None:
        actions.append(Action(DROP))
    elif not player.wounded and state.treasure_at(player.pos):
        actions.append(Action(TAKE))
    return actions

"""Stage 1, select: which games (and parts) the options ask for."""

from __future__ import annotations

from ..errors import UsageError
from ..games.base import Game
from ..games.registry import all_games, game_ids, get_game, spelled


def selected_ids(names: tuple[str, ...]) -> list[str]:
    """The ids of the games named (spelled as the registry spells them), else of every game,
    without loading any; raise UsageError for a name no game has."""
    return list(dict.fromkeys(spelled(n, game_ids(), "game") for n in names)) or game_ids()


def select_games(names: tuple[str, ...], parts: tuple[str, ...] = (),
                 kept: dict[str, list[str]] | None = None) -> list[Game]:
    """Return the games named, or all having one of parts, once each; raise UsageError if not.

    kept: games left out (up to date, see pipeline/skip.py), by id, with their parts' names
    (they count as games the parts may belong to)."""
    kept = kept or {}
    ids = [i for i in selected_ids(names) if i not in kept]
    games = [get_game(i) for i in ids] if names or kept else all_games()
    known = sorted({p for g in games for p in g.parts} | {p for k in kept.values() for p in k})
    wanted = tuple(dict.fromkeys(spelled(p, known, "part") for p in parts))
    having = [g for g in games if not wanted or any(part in g.parts for part in wanted)]
    lacking = [g for g in games if g not in having]
    if names and lacking:  # a game the user named would silently build nothing
        asked = " or ".join(f"'{part}'" for part in wanted)
        raise UsageError(f"{lacking[0].id} has no part {asked}: its parts are "
                         f"{', '.join(lacking[0].parts)}")
    return having

"""Stage 1, select: which games (and parts) the options ask for."""

from __future__ import annotations

from ..errors import UsageError
from ..games.base import Game
from ..games.registry import all_games, game_ids, get_game


def select_games(names: tuple[str, ...], parts: tuple[str, ...] = ()) -> list[Game]:
    """Return the games named, or all having one of parts, once each; raise UsageError if not."""
    from ..games.registry import spelled

    names = tuple(spelled(n, game_ids(), "game") for n in names)
    games = [get_game(n) for n in dict.fromkeys(names)] if names else all_games()
    known = sorted({p for g in games for p in g.parts})
    wanted = tuple(dict.fromkeys(spelled(p, known, "part") for p in parts))
    having = [g for g in games if not wanted or any(part in g.parts for part in wanted)]
    lacking = [g for g in games if g not in having]
    if names and lacking:  # a game the user named would silently build nothing
        asked = " or ".join(f"'{part}'" for part in wanted)
        raise UsageError(f"{lacking[0].id} has no part {asked}: its parts are "
                         f"{', '.join(lacking[0].parts)}")
    return having

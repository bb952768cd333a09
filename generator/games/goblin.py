"""Goblin Slayer: the parts locations, counters and player-aid."""

from __future__ import annotations

from typing import Any

from ..content.goblin import GAME, GoblinBundle
from ..content.goblin_files import load_goblin
from ..draw import goblin as art
from ..draw.goblin_aid import draw_player_aid
from ..draw.kit import Box, Style
from ..draw.sheet import Painter
from ..errors import Problem
from ..layout.imposition import PieceSpec
from .base import Game, Part, part_title
from .standard import with_standard_parts

AID_W, AID_H = 180.0, 240.0


def _cave_check(bundle: GoblinBundle) -> list[Problem]:
    """The cave check over every legal assembly of the locations (generator/goblin/cave.py)."""
    from ..goblin.cave import check_cave

    return check_cave(bundle.content)


def goblin_rules_context(bundle: GoblinBundle, lang: str) -> dict[str, Any]:
    """What the rulebook's Jinja sees: names, players, facts, the locations for diagrams."""
    content = bundle.content
    game = content.game

    def hexes(items: Any) -> list[list[Any]]:
        return sorted([h[0], h[1], v] for h, v in items)

    # The parsed locations as plain values (walls as edge identities), for the diagrams that
    # draw the real location tiles; rulebook.hex_diagrams turns them back into Locations.
    locations = [{"id": loc.id, "kind": loc.kind,
                  "name": dict(loc.name),
                  "closed_sides": list(loc.closed_sides),
                  "walls": hexes(loc.walls), "doorway": hexes(loc.doorway),
                  "features": hexes(loc.features.items())}
                 for loc in content.locations]
    return {
        "lang": lang,
        "names": {code: text.names.game for code, text in bundle.texts.items()},
        "name": bundle.name(lang),
        "players": {"min": game.players, "max": game.players},
        "minutes": game.minutes,
        "cover_ornament": "hex",  # a cave of hexes on the title page, not the square maze
        "facts": game.facts.model_dump(),
        "locations": locations,
        "counters": [{"id": c.id, "picture": c.picture, "name": bundle.counter_name(c.id, lang),
                      "count": c.count} for c in content.counters.counters],
        "counter_mm": content.counter_size_mm,
        # The player aid's words: the quick reference prints its turn, the diagrams its key.
        **_aid_context(bundle, lang),
    }


def _aid_context(bundle: GoblinBundle, lang: str) -> dict[str, Any]:
    texts = bundle.texts.get(lang)
    if texts is None:
        return {}
    aid = texts.aid.model_dump()
    return {"aid": aid, "captions": dict(texts.captions),
            "symbols": [[s["symbol"], s["label"]] for s in aid["symbols"]["items"]]}


def location_pieces(bundle: GoblinBundle, lang: str) -> list[PieceSpec]:
    """The nine location tiles (two fit on a page)."""
    w, h = art.location_size_mm(bundle.content)
    words = bundle.texts[lang].tiles if lang in bundle.texts else None
    marks = (words.variant, words.centre) if words is not None else ("", "")
    return [PieceSpec("location", loc.id, "hex", w, h, (loc, lang, marks))
            for loc in bundle.content.locations]


def counter_pieces(bundle: GoblinBundle, lang: str) -> list[PieceSpec]:
    """Stormbeard, the goblins, the ogre, the Widget and the Hero Stones."""
    size = bundle.content.counter_size_mm
    pieces = []
    for spec in bundle.content.counters.counters:
        for i in range(spec.count):
            suffix = f"-{i + 1}" if spec.count > 1 else ""
            pieces.append(PieceSpec("counter", f"{spec.id}{suffix}", "circle", size, size,
                                    (spec.picture, bundle.counter_name(spec.id, lang))))
    return pieces


def aid_pieces(bundle: GoblinBundle, lang: str) -> list[PieceSpec]:
    """One page: set-up, the turn, what always holds, Hero Stones, victory and the symbols."""
    payload = (bundle.texts[lang].aid, bundle.name(lang))
    return [PieceSpec("player-aid", "player-aid", "rect", AID_W, AID_H, payload,
                      cut=False, alone=True)]


def _location(c: Any, box: Box, payload: Any, style: Style) -> None:
    art.draw_location(c, box, payload[0], payload[1], style, marks=payload[2])


def _counter(c: Any, box: Box, payload: Any, style: Style) -> None:
    art.draw_counter(c, box, payload[0], payload[1], style)


def _aid(c: Any, box: Box, payload: Any, style: Style) -> None:
    draw_player_aid(c, box, payload[0], payload[1], style)


GOBLIN_SLAYER = with_standard_parts(Game(
    id=GAME,
    load=load_goblin,
    parts={
        "locations": Part("locations", location_pieces,
                          lambda: {"location": Painter(_location, outline=False)},
                          part_title("locations"), weight=2.5),
        "counters": Part("counters", counter_pieces, lambda: {"counter": Painter(_counter)},
                         part_title("counters")),
        "player-aid": Part("player-aid", aid_pieces,
                           lambda: {"player-aid": Painter(_aid, outline=False)},
                           part_title("player-aid")),
    },
    name=lambda bundle, lang: bundle.name(lang),
    accent=lambda bundle: bundle.content.game.accent,
    languages=lambda bundle: bundle.languages,
    slow_checks=[lambda bundle: _cave_check(bundle)],
    sheet_texts=lambda bundle, lang: bundle.sheet_texts[lang],
    rules_context=goblin_rules_context,
))

"""Goblin Slayer: the parts locations, counters and player-aid."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..content.art import register, resolve_refs
from ..content.common import SheetTexts, load_language_texts
from ..content.modeling import Strict
from ..content.paths import ContentRoots, display_path
from ..content.schema import Field
from ..content.translation import usable
from ..draw import goblin as art
from ..draw.kit import Box, Style
from ..draw.sheet import Painter
from ..errors import Problem, shared_errors
from ..goblin.cave import check_cave
from ..goblin.load import load_goblin_content
from ..goblin.model import AidTexts, GoblinContent
from ..layout.imposition import PieceSpec
from .base import Game, Part, part_title

GAME = "goblin-slayer"
AID_W, AID_H = 180.0, 240.0


class GoblinNames(Strict):
    """The names printed in one language: the game's, each counter's and location's by id."""

    game: str = Field(min_length=1)
    counters: dict[str, str]
    locations: dict[str, str]


class GoblinTexts(Strict):
    """text/LANG.yaml: the sheets' footers, the player aid and the names."""

    names: GoblinNames
    parts: dict[str, str] = Field(default_factory=dict)
    aid: AidTexts
    # captions under the rulebook's diagrams, by diagram name (and `name:detail`)
    captions: dict[str, str] = Field(default_factory=dict)


@dataclass(frozen=True)
class GoblinBundle:
    """The validated Goblin Slayer content with the sheet wording per language."""

    content: GoblinContent
    texts: dict[str, GoblinTexts]
    sheet_texts: dict[str, SheetTexts]

    @property
    def languages(self) -> list[str]:
        return sorted(set(self.texts) & set(self.sheet_texts))

    def name(self, lang: str) -> str:
        """The game's name in lang."""
        return self.texts[lang].names.game

    def counter_name(self, counter_id: str, lang: str) -> str:
        return self.texts[lang].names.counters[counter_id]


def load_goblin(roots: ContentRoots) -> tuple[GoblinBundle | None, list[Problem]]:
    """Load the game's files and run the cave check over every legal assembly."""
    content, problems = load_goblin_content(roots.roots)
    texts = load_language_texts(roots, f"{GAME}/text", GoblinTexts, problems)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    if content is None:
        return None, problems
    problems.extend(_check_names(roots, content, texts))
    content = replace(content, locations=tuple(
        replace(loc, name={lang: t.names.locations.get(loc.id, "") for lang, t in texts.items()})
        for loc in content.locations))
    problems.extend(check_cave(content))
    pictures = resolve_refs(roots, GAME, "counters.yaml", [  # the counters' art files
        (c.picture, ("counters", i, "art"), c.art_path)
        for i, c in enumerate(content.counters.counters)], problems)
    pictures.update(resolve_refs(roots, GAME, "locations.yaml", [
        (f"decor-{loc.id}", ("locations", i, "decor"), None)
        for i, loc in enumerate(content.locations)]
        + [(kind, (), f"art/locations/{kind}.svg") for kind in ("door", "tunnel")],
        problems))
    if shared_errors(problems):
        return None, problems
    register(GAME, pictures)
    texts, sheet = usable(texts, problems), usable(sheet, problems)
    return GoblinBundle(content, texts, sheet), problems


def _check_names(roots: ContentRoots, content: GoblinContent,
                 texts: dict[str, GoblinTexts]) -> list[Problem]:
    """Every counter and location has a name in every language (names: in text/LANG.yaml)."""
    problems = []
    for lang, text in texts.items():
        names = text.names
        lacking = [f"counters: {c.id}" for c in content.counters.counters
                   if not names.counters.get(c.id, "").strip()]
        lacking += [f"locations: {loc.id}" for loc in content.locations
                    if not names.locations.get(loc.id, "").strip()]
        if lacking:
            path = roots.find(f"{GAME}/text/{lang}.yaml")
            shown = display_path(path) if path else f"{GAME}/text/{lang}.yaml"
            problems.append(Problem(shown, 1, 1, "names: no name for " + ", ".join(lacking)
                                    + ": add them under `names:`", lang=lang))
    return problems


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
    return [PieceSpec("location", loc.id, "hex", w, h, (loc, lang))
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
    art.draw_location(c, box, payload[0], payload[1], style)


def _counter(c: Any, box: Box, payload: Any, style: Style) -> None:
    art.draw_counter(c, box, payload[0], payload[1], style)


def _aid(c: Any, box: Box, payload: Any, style: Style) -> None:
    art.draw_player_aid(c, box, payload[0], payload[1], style)


GOBLIN_SLAYER = Game(
    id=GAME,
    load=load_goblin,
    parts={
        "locations": Part("locations", location_pieces,
                          lambda: {"location": Painter(_location, outline=False)},
                          part_title("locations")),
        "counters": Part("counters", counter_pieces, lambda: {"counter": Painter(_counter)},
                         part_title("counters")),
        "player-aid": Part("player-aid", aid_pieces,
                           lambda: {"player-aid": Painter(_aid, outline=False)},
                           part_title("player-aid")),
    },
    name=lambda bundle, lang: bundle.name(lang),
    languages=lambda bundle: bundle.languages,
    sheet_texts=lambda bundle, lang: bundle.sheet_texts[lang],
    rules_context=goblin_rules_context,
)

"""Goblin Slayer content: YAML schemas, parsed locations, texts per language, the loader.

The files themselves are read and the locations parsed by content/goblin_files.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import Problem
from ..goblin.hexgrid import Edge, Hex
from .common import GameTexts, HexColor, SheetTexts, Worded
from .modeling import Strict
from .paths import ContentRoots, display_path
from .schema import Field

Kind = Literal["entrance", "centre", "open-centre", "edge", "blocked-edge"]
Feature = Literal["door", "tunnel"]
Picture = Literal["dwarf", "goblin", "ogre", "widget", "stone"]
Hour = Literal[2, 4, 6, 8, 10, 12]


Names = dict[str, str]
"""A name by language code, filled from the `names:` of each text/LANG.yaml."""


class LocationSpec(Strict):
    """One location as written in locations.yaml (hexes still as 'q,r' text)."""

    id: str = Field(min_length=1)
    kind: Kind
    closed_sides: list[Hour] = []
    walls: dict[str, str] = {}
    features: dict[str, Feature] = {}
    decor: str = ""  # a picture of its own on two floor hexes, below goblin-slayer/


class CounterSpec(Strict):
    """One kind of counter."""

    id: str = Field(min_length=1)
    count: int = Field(ge=1)
    picture: Picture
    art: str = ""  # the picture's file below goblin-slayer/ (art/counters/KIND.svg if empty)

    @property
    def art_path(self) -> str:
        """The picture's file, relative to the game's folder."""
        return self.art or f"art/counters/{self.picture}.svg"


class CountersFile(Strict):
    """counters.yaml."""

    size: str
    counters: list[CounterSpec]


class Facts(Strict):
    """The numbers the rulebook quotes."""

    goblins: int = Field(ge=1)
    hero_stones: int = Field(ge=1)
    locations: int = Field(ge=1)
    locations_in_game: int = Field(ge=1)
    stormbeard_move: int = Field(ge=0)
    goblin_move: int = Field(ge=0)
    ogre_move: int = Field(ge=0)
    start_stones: int = Field(ge=0)
    tunnels: int = Field(ge=0)


class GameFile(Strict):
    """game.yaml."""

    players: int = Field(ge=1)
    minutes: int = Field(ge=1)
    facts: Facts
    accent: HexColor | None = None  # the game's colour: the band at the foot of every sheet


Mark = Literal["bullets", "numbers", "stones"]
Symbol = Literal["door", "tunnel", "wall", "border", "dwarf", "goblin", "ogre", "widget", "stone"]


class AidItem(Strict):
    """One entry of the player aid: an optional bold title and its rule sentences."""

    title: str = ""
    text: str = Field(min_length=1)


class AidSection(Strict):
    """A section of the player aid: a heading and its entries, marked by bullets, numbers
    (the phases of a turn) or Hero Stones."""

    heading: str = Field(min_length=1)
    marks: Mark = "bullets"
    items: list[AidItem] = Field(min_length=1)


class AidSymbol(Strict):
    """One entry of the symbol key: what is drawn, and its name."""

    symbol: Symbol
    label: str = Field(min_length=1)


class AidSymbols(Strict):
    heading: str = Field(min_length=1)
    items: list[AidSymbol] = Field(min_length=1)


class AidTexts(Strict):
    """The player aid of one language (text/LANG.yaml `aid:`)."""

    title: str = Field(min_length=1)
    sections: list[AidSection] = Field(min_length=1)
    symbols: AidSymbols


@dataclass(frozen=True)
class Location:
    """A location with its hexes parsed: walls as shared-edge identities, features by hex.

    Positions are (line, column) in `file`, kept so the cave check can point at the YAML.
    """

    id: str
    kind: str
    name: Names  # by language; empty until the text files are loaded
    walls: frozenset[Edge]
    features: dict[Hex, str]
    file: str
    at: tuple[int, int]
    closed_sides: tuple[int, ...] = ()
    hex_at: dict[Hex, tuple[int, int]] = field(default_factory=dict)
    feature_at: dict[Hex, tuple[int, int]] = field(default_factory=dict)
    wall_at: dict[Edge, tuple[int, int]] = field(default_factory=dict)
    sides_at: tuple[int, int] | None = None
    doorway: frozenset[Edge] = frozenset()

    def where(self, h: Hex | None = None) -> tuple[int, int]:
        """Return the YAML position that best names hex h (or the location itself)."""
        if h is not None and h in self.hex_at:
            return self.hex_at[h]
        return self.at

    def hexes_with(self, feature: str) -> list[Hex]:
        """Return the hexes carrying a feature, sorted."""
        return sorted(h for h, f in self.features.items() if f == feature)


@dataclass(frozen=True)
class GoblinContent:
    """Everything the Goblin Slayer parts are made from."""

    game: GameFile
    counters: CountersFile
    counter_size_mm: float
    locations: tuple[Location, ...]
    locations_file: str

    def location(self, location_id: str) -> Location:
        """Return the location with this id."""
        for loc in self.locations:
            if loc.id == location_id:
                return loc
        raise KeyError(location_id)


GAME = "goblin-slayer"


class GoblinNames(Strict):
    """The names printed in one language: the game's, each counter's and location's by id."""

    game: str = Field(min_length=1)
    counters: dict[str, str]
    locations: dict[str, str]


class TileWords(Strict):
    """The words of a location tile's role (text/LANG.yaml `tiles:`; empty: no mark)."""

    variant: str = ""  # the tag of a tile used in the variant only
    centre: str = ""  # under the triangle on the side an entrance or edge lays at the centre


class GoblinTexts(GameTexts):
    """text/LANG.yaml: the sheets' footers, the player aid and the names."""

    names: GoblinNames
    tiles: TileWords = Field(default_factory=TileWords)
    parts: dict[str, str] = Field(default_factory=dict)
    aid: AidTexts


@dataclass(frozen=True)
class GoblinBundle(Worded):
    """The validated Goblin Slayer content with the sheet wording per language."""

    content: GoblinContent
    texts: dict[str, GoblinTexts]
    sheet_texts: dict[str, SheetTexts]

    def name(self, lang: str) -> str:
        """The game's name in lang."""
        return self.texts[lang].names.game

    def counter_name(self, counter_id: str, lang: str) -> str:
        return self.texts[lang].names.counters[counter_id]


def _first_feature(roots: ContentRoots, kind: str) -> tuple[Any, ...]:
    """Where locations.yaml first places a door or a tunnel (`"q,r": door`): what a problem
    with its picture (art/locations/door.svg) points at; the file's top if none does."""
    from ..sourceyaml import load_yaml_file

    path = roots.find(f"{GAME}/locations.yaml")
    if path is None:
        return ()
    doc, _ = load_yaml_file(path, display_path(path))
    locations = doc.data.get("locations") if isinstance(doc.data, dict) else None
    for i, location in enumerate(locations if isinstance(locations, list) else []):
        features = location.get("features") if isinstance(location, dict) else None
        for key, value in (features.items() if isinstance(features, dict) else ()):
            if value == kind:
                return ("locations", i, "features", key)
    return ()


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

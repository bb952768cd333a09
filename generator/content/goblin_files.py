"""Read game.yaml, counters.yaml and locations.yaml of Goblin Slayer into GoblinContent, and
load the whole game with its texts and pictures (load_goblin)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import Problem, shared_errors
from ..goblin.hexgrid import (
    DIRECTION_INDEX,
    DIRECTION_NAMES,
    LOCATION_HEX_SET,
    Edge,
    Hex,
    edge,
    side_edges,
    side_of_hour,
)
from ..sourceyaml import SourceDoc, load_yaml_file
from ..units import LengthSyntaxError, parse_length
from .art import register, resolve_refs
from .common import SheetTexts, load_language_texts
from .goblin import (
    GAME,
    CountersFile,
    GameFile,
    GoblinBundle,
    GoblinContent,
    GoblinTexts,
    Location,
    LocationSpec,
    _check_names,
    _first_feature,
)
from .modeling import validate_model
from .paths import ContentRoots, display_path, safe_file
from .translation import usable

GAME_DIR = "goblin-slayer"
FILES = ("game.yaml", "counters.yaml", "locations.yaml")
OUTER_HOURS = (4, 6, 8)

_HEX = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def find_file(root_dirs: Sequence[Path | str], name: str
              ) -> tuple[Path | None, Problem | None]:
    """Return goblin-slayer/<name> under the first root that has it, or why it is refused."""
    for root in root_dirs:
        path, refused = safe_file(Path(root), f"{GAME_DIR}/{name}")
        if path is not None or refused is not None:
            return path, refused
    return None, None


def load_goblin_content(
    root_dirs: Sequence[Path | str],
) -> tuple[GoblinContent | None, list[Problem]]:
    """Load and validate the three Goblin Slayer files; return the content or None and problems."""
    problems: list[Problem] = []
    docs: dict[str, SourceDoc] = {}
    for name in FILES:
        path, refused = find_file(root_dirs, name)
        if refused is not None:
            problems.append(refused)
            continue
        if path is None:
            first = Path(root_dirs[0]) / GAME_DIR / name if root_dirs else Path(GAME_DIR, name)
            problems.append(Problem(display_path(first), 1, 1, f"file not found: create "
                                    f"{GAME_DIR}/{name} in a content directory"))
            continue
        doc, found = load_yaml_file(path, display_path(path))
        problems += found
        if not found:
            docs[name] = doc
    game = _validate(docs.get("game.yaml"), GameFile, problems)
    counters = _validate(docs.get("counters.yaml"), CountersFile, problems)
    specs = _validate_locations(docs.get("locations.yaml"), problems)
    size = _counter_size(docs.get("counters.yaml"), counters, problems)
    locations: list[Location] = []
    if specs is not None:
        doc = docs["locations.yaml"]
        seen: dict[str, int] = {}
        for i, loc_spec in specs:
            if loc_spec.id in seen:
                problems.append(doc.problem(("locations", i, "id"),
                                            f"location id '{loc_spec.id}' is used twice (first "
                                            f"as location {seen[loc_spec.id] + 1}): rename one"))
            seen.setdefault(loc_spec.id, i)
            locations.append(_parse_location(doc, i, loc_spec, problems))
    if game is not None and counters is not None and specs is not None:
        _check_counts(game, counters, docs, len(docs["locations.yaml"].data["locations"]),
                      problems)
    if any(p.severity == "error" for p in problems) or game is None or counters is None:
        return None, problems
    content = GoblinContent(game, counters, size, tuple(locations), docs["locations.yaml"].file)
    return content, problems


def _validate(doc: SourceDoc | None, model: Any, problems: list[Problem]) -> Any:
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        problems.append(doc.problem((), "expected a mapping of 'key: value' lines at the top "
                                    "of the file"))
        return None
    value, found = validate_model(doc, model)
    problems += found
    return value


def _validate_locations(doc: SourceDoc | None,
                        problems: list[Problem]) -> list[tuple[int, LocationSpec]] | None:
    """Validate each location on its own so one bad location does not hide the others."""
    if doc is None:
        return None
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("locations"), list):
        problems.append(doc.problem((), "expected 'locations:' followed by a list of locations "
                                    "(lines starting with '- ')"))
        return None
    for key in data:
        if key != "locations":
            problems.append(doc.problem((key,), f"unknown key '{key}': remove it or correct its "
                                        "spelling", key=True))
    specs = []
    for i in range(len(data["locations"])):
        if not isinstance(data["locations"][i], dict):
            problems.append(doc.problem(("locations", i), "a location must be a mapping of "
                                        "'key: value' lines"))
            continue
        spec, found = validate_model(doc, LocationSpec, ("locations", i))
        problems += found
        if spec is not None:
            specs.append((i, spec))
    return specs


MAX_COUNTERS = 100  # of one kind


def _counter_size(doc: SourceDoc | None, counters: CountersFile | None,
                  problems: list[Problem]) -> float:
    if doc is None or counters is None:
        return 0.0
    try:
        size = parse_length(counters.size)
    except LengthSyntaxError as exc:
        problems.append(doc.problem(("size",), str(exc)))
        return 0.0
    if not 10.0 <= size <= 40.0:
        problems.append(doc.problem(("size",), f"counter size {counters.size} is outside "
                                    "10mm..40mm: counters must fit one small hex"))
    for i, counter in enumerate(counters.counters):
        if counter.count > MAX_COUNTERS:
            problems.append(doc.problem(("counters", i, "count"), f"count {counter.count} is "
                                        f"more than {MAX_COUNTERS}: a box holds a few dozen "
                                        "counters of a kind"))
    return size


def parse_hex(text: str) -> Hex | None:
    """Read 'q,r' into a hex, or None if it is not two whole numbers."""
    match = _HEX.match(str(text))
    return (int(match.group(1)), int(match.group(2))) if match else None


def _hex_key(doc: SourceDoc, path: tuple[Any, ...], key: str,
             problems: list[Problem]) -> Hex | None:
    h = parse_hex(key)
    if h is None:
        problems.append(doc.problem(path + (key,), f"'{key}' is not a hex: write it as 'q,r', "
                                    "e.g. '1,-2'", key=True))
    return h


def _parse_location(doc: SourceDoc, i: int, spec: LocationSpec,
                    problems: list[Problem]) -> Location:
    base = ("locations", i)
    hex_at: dict[Hex, tuple[int, int]] = {}
    feature_at: dict[Hex, tuple[int, int]] = {}
    features: dict[Hex, str] = {}
    for key, feature in spec.features.items():
        h = _hex_key(doc, base + ("features",), key, problems)
        if h is not None:
            features[h] = feature
            feature_at[h] = hex_at[h] = doc.where(base + ("features", key), key=True)
    doorway = _doorway(spec, features)
    wall_at: dict[Edge, tuple[int, int]] = {}
    for key, text in spec.walls.items():
        h = _hex_key(doc, base + ("walls",), key, problems)
        if h is None:
            continue
        hex_at[h] = doc.where(base + ("walls", key), key=True)
        names = [n for n in re.split(r"[\s,]+", str(text).strip()) if n]
        if not names:
            problems.append(doc.problem(base + ("walls", key), f"hex ({h[0]},{h[1]}) lists no "
                                        "wall sides: write e.g. 'NE E' or remove the line"))
        for name in names:
            d = DIRECTION_INDEX.get(name.upper())
            if d is None:
                problems.append(doc.problem(base + ("walls", key), f"unknown side '{name}' of hex "
                                            f"({h[0]},{h[1]}): use {', '.join(DIRECTION_NAMES)}"))
                continue
            e = edge(h, d)
            if e in wall_at:
                line = wall_at[e][0]
                problems.append(doc.problem(
                    base + ("walls", key), f"the {name.upper()} wall of hex ({h[0]},{h[1]}) is "
                    f"listed twice (also at line {line}): remove one", severity="warning"))
                continue
            wall_at[e] = hex_at[h]
    walls = set(wall_at)
    for hour in spec.closed_sides:
        walls |= {edge(h, d) for h, d in side_edges(side_of_hour(hour))}
    walls -= doorway - set(wall_at)
    return Location(
        id=spec.id, kind=spec.kind, name={}, walls=frozenset(walls), features=features,
        file=doc.file, at=doc.where(base + ("id",)), closed_sides=tuple(spec.closed_sides),
        hex_at=hex_at, feature_at=feature_at, wall_at=wall_at,
        sides_at=doc.where(base + ("closed_sides",), key=True) if spec.closed_sides else None,
        doorway=frozenset(doorway),
    )


def _doorway(spec: LocationSpec, features: dict[Hex, str]) -> set[Edge]:
    """Return the outer-side edges of the door hexes: the opening the door stands in."""
    if spec.kind != "entrance":
        return set()
    doors = {h for h, f in features.items() if f == "door" and h in LOCATION_HEX_SET}
    return {edge(h, d) for hour in OUTER_HOURS for h, d in side_edges(side_of_hour(hour))
            if h in doors}


def _check_counts(game: GameFile, counters: CountersFile, docs: dict[str, SourceDoc],
                  n_locations: int, problems: list[Problem]) -> None:
    facts = game.facts
    cdoc = docs["counters.yaml"]
    expected = {"goblin": ("goblins", facts.goblins), "stone": ("hero_stones", facts.hero_stones)}
    for i, counter in enumerate(counters.counters):
        if counter.picture in expected:
            fact, want = expected[counter.picture]
            if counter.count != want:
                problems.append(cdoc.problem(("counters", i, "count"), f"counter '{counter.id}' "
                                             f"has count {counter.count} but game.yaml says "
                                             f"{fact}: {want}: make them agree"))
    if n_locations != facts.locations:
        problems.append(docs["game.yaml"].problem(("facts", "locations"), f"facts say "
                                                  f"{facts.locations} locations but "
                                                  f"locations.yaml has {n_locations}: make them "
                                                  "agree"))


def load_goblin(roots: ContentRoots) -> tuple[GoblinBundle | None, list[Problem]]:
    """Load the game's files, names and pictures; the cave check over every legal assembly
    is the game's slow check (games/goblin.py), run beside the drawing in a build."""
    content, problems = load_goblin_content(roots.roots)
    texts = load_language_texts(roots, f"{GAME}/text", GoblinTexts, problems)
    sheet = load_language_texts(roots, "common/text", SheetTexts, problems)
    if content is None:
        return None, problems
    problems.extend(_check_names(roots, content, texts))
    content = replace(content, locations=tuple(
        replace(loc, name={lang: t.names.locations.get(loc.id, "") for lang, t in texts.items()})
        for loc in content.locations))
    pictures = resolve_refs(roots, GAME, "counters.yaml", [  # the counters' art files
        (c.picture, ("counters", i, "art"), c.art_path)
        for i, c in enumerate(content.counters.counters)], problems)
    pictures.update(resolve_refs(roots, GAME, "locations.yaml", [
        (f"decor-{loc.id}", ("locations", i, "decor"), None)
        for i, loc in enumerate(content.locations)]
        + [(kind, _first_feature(roots, kind), f"art/locations/{kind}.svg")
           for kind in ("door", "tunnel")],
        problems))
    if shared_errors(problems):
        return None, problems
    register(GAME, pictures)
    texts, sheet = usable(texts, problems), usable(sheet, problems)
    return GoblinBundle(content, texts, sheet), problems

"""Assemble the cave from location tiles and check that every legal assembly is playable.

A game uses the entrance, one centre and five edge locations (see docs/goblin-slayer-map.md):

* the **centre** (or the OPEN centre) sits at (0, 0), turned by 0..5 × 60° clockwise;
* the **entrance** sits at slot 0 ("6 o'clock", offset (-2, 5)), never turned, so the door
  faces out and its 12 o'clock side touches the centre;
* five **edge** locations fill slots 1..5 clockwise from the entrance, slot k turned k × 60°,
  so every edge tile's 4, 6 and 8 o'clock sides form the outer wall. With the OPEN centre the
  BLOCKED edge joins the five edges and one of the six stays in the box.

The check does not walk all 133 hexes of every assembly: each tile is reduced once to its
connected regions (components) and to which regions meet across each of its borders; an
assembly is then a small graph of at most ~7 × (regions per tile) nodes.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations

from ..content.goblin import GoblinContent, Location
from ..errors import Problem
from .hexgrid import (
    DIRECTION_NAMES,
    LOCATION_HEX_SET,
    LOCATION_HEXES,
    SLOT_OFFSETS,
    Edge,
    Hex,
    add,
    edge,
    neighbour,
    rotate,
    side_edges,
    side_of_hour,
)

EDGE_SLOTS = 5
OUTER_HOURS = (4, 6, 8)
CENTRE_HOUR = 12
# Side indexes of a tile placed at a slot (in the tile's own frame).
TOWARDS_CENTRE = side_of_hour(12)
TOWARDS_NEXT = side_of_hour(10)  # faces the next slot clockwise


@dataclass(frozen=True)
class Assembly:
    """One legal way to lay out the cave."""

    centre: str
    rotation: int  # centre turned rotation × 60° clockwise
    edges: tuple[str, ...]  # slots 1..5, clockwise from the entrance
    entrance: str

    def describe(self) -> str:
        """Say how the tiles lie, for messages."""
        return (f"centre '{self.centre}' turned {60 * self.rotation}°, edges "
                f"{', '.join(self.edges)} clockwise from the entrance")


@dataclass(frozen=True)
class Cave:
    """An assembled cave in cave coordinates: where each hex came from, and all walls."""

    assembly: Assembly
    origin: dict[Hex, tuple[str, Hex]]  # cave hex -> (location id, hex in the location)
    walls: frozenset[Edge]
    door: Hex


def placement(slot: int | None, rotation: int) -> tuple[int, Hex]:
    """Return (rotation steps, offset) of a tile at slot (None = the centre)."""
    if slot is None:
        return rotation % 6, (0, 0)
    return slot % 6, SLOT_OFFSETS[slot % 6]


def place_hex(h: Hex, slot: int | None, rotation: int = 0) -> Hex:
    """Map a tile's own hex to cave coordinates."""
    steps, offset = placement(slot, rotation)
    return add(rotate(h, steps), offset)


def assemble(content: GoblinContent, assembly: Assembly) -> Cave:
    """Lay out the tiles of one assembly in cave coordinates."""
    origin: dict[Hex, tuple[str, Hex]] = {}
    walls: set[Edge] = set()
    door: Hex = (0, 0)
    tiles: list[tuple[str, int | None, int]] = [(assembly.centre, None, assembly.rotation),
                                                 (assembly.entrance, 0, 0)]
    tiles += [(tid, k + 1, 0) for k, tid in enumerate(assembly.edges)]
    for tid, slot, rot in tiles:
        loc = content.location(tid)
        steps, offset = placement(slot, rot)
        for h in LOCATION_HEXES:
            origin[place_hex(h, slot, rot)] = (tid, h)
        for (h, d) in loc.walls:
            walls.add(edge(place_hex(h, slot, rot), d + steps))
        for h in loc.hexes_with("door"):
            door = place_hex(h, slot, rot)
    return Cave(assembly, origin, frozenset(walls), door)


def reachable(cave: Cave) -> set[Hex]:
    """Return the cave hexes Stormbeard can reach from the door (hex by hex, for tests)."""
    seen = {cave.door}
    todo = deque([cave.door])
    while todo:
        h = todo.popleft()
        for d in range(6):
            n = neighbour(h, d)
            if n in cave.origin and n not in seen and edge(h, d) not in cave.walls:
                seen.add(n)
                todo.append(n)
    return seen


def legal_assemblies(content: GoblinContent) -> Iterator[Assembly]:
    """Yield every legal assembly: each centre, each turn, each placement of the edges."""
    entrance = _of_kind(content, "entrance")
    for centre in _of_kind(content, "centre") + _of_kind(content, "open-centre"):
        for rotation in range(6):
            for perm in permutations(_edge_pool(content, centre), EDGE_SLOTS):
                yield Assembly(centre.id, rotation, tuple(t.id for t in perm), entrance[0].id)


def check_cave(content: GoblinContent) -> list[Problem]:
    """Check every location and every legal assembly of the cave; return the problems."""
    problems: list[Problem] = []
    for loc in content.locations:
        problems += check_location(loc)
    composition = _check_composition(content)
    problems += composition
    if not composition and not any(p.severity == "error" for p in problems):
        problems += _check_reachability(content)
    return problems


# --- one location --------------------------------------------------------------------------

def check_location(loc: Location) -> list[Problem]:
    """Check the features, hexes and outer walls of one location."""
    out: list[Problem] = []

    def say(at: tuple[int, int], message: str) -> None:
        out.append(Problem(loc.file, at[0], at[1], f"location '{loc.id}': {message}"))

    for h in sorted(set(loc.hex_at) | set(loc.features)):
        if h not in LOCATION_HEX_SET:
            say(loc.where(h), f"hex {_fmt(h)} is not on the location: its 19 hexes have |q|, |r| "
                "and |q+r| at most 2")
    tunnels = loc.hexes_with("tunnel")
    doors = loc.hexes_with("door")
    tunnels.sort(key=lambda h: loc.feature_at[h])
    doors.sort(key=lambda h: loc.feature_at[h])
    if loc.kind == "entrance":
        for h in tunnels:
            say(loc.feature_at[h], f"the entrance has no tunnel entrance: remove the tunnel at "
                f"hex {_fmt(h)}")
        if not doors:
            say(loc.at, "the entrance needs a door: add one under 'features', e.g. '-1,2: door'")
        for h in doors[1:]:
            say(loc.feature_at[h], f"a second door at hex {_fmt(h)} (the first is at hex "
                f"{_fmt(doors[0])}): keep one")
        for h in doors[:1]:
            if h in LOCATION_HEX_SET:
                out += _check_door(loc, h)
    else:
        for h in doors:
            say(loc.feature_at[h],
                f"only the entrance has a door: remove the door at hex {_fmt(h)}")
        if not tunnels:
            say(loc.at, "no tunnel entrance: add one under 'features', e.g. '0,0: tunnel'")
        for h in tunnels[1:]:
            say(loc.feature_at[h], f"a second tunnel entrance at hex {_fmt(h)} (the first is at "
                f"hex {_fmt(tunnels[0])}): keep one")
    if loc.kind in ("entrance", "edge", "blocked-edge"):
        hours = OUTER_HOURS + ((CENTRE_HOUR,) if loc.kind == "blocked-edge" else ())
        for hour in hours:
            gaps = [(h, d) for h, d in side_edges(side_of_hour(hour))
                    if edge(h, d) not in loc.walls and edge(h, d) not in loc.doorway]
            if not gaps:
                continue
            where = ("no walls" if len(gaps) == len(side_edges(0)) else "no wall at " + ", ".join(
                f"hex {_fmt(h)} {DIRECTION_NAMES[d]}" for h, d in gaps))
            what = ("a BLOCKED edge is solid rock towards the centre, but its 12 o'clock side"
                    if hour == CENTRE_HOUR else
                    f"its {hour} o'clock side is part of the cave's outer wall but")
            say(loc.sides_at or loc.at, f"{what} has {where}: add {hour} to 'closed_sides'")
    return out


def _check_door(loc: Location, door: Hex) -> list[Problem]:
    at = loc.feature_at[door]
    if not loc.doorway:
        return [Problem(loc.file, at[0], at[1], f"location '{loc.id}': the door at hex "
                        f"{_fmt(door)} is not on the outer side of the cave (4, 6 or 8 o'clock): "
                        "move it to a hex of the outer ring, e.g. (-1,2)")]
    out = []
    for e in sorted(loc.doorway & set(loc.wall_at)):
        h, d = (e[0], e[1]) if e[0] == door else (neighbour(*e), e[1] + 3)
        wat = loc.wall_at[e]
        out.append(Problem(loc.file, wat[0], wat[1], f"location '{loc.id}': the door at hex "
                           f"{_fmt(door)} is walled up on its {DIRECTION_NAMES[d % 6]} side: "
                           "remove that wall"))
    return out


# --- the set of tiles ----------------------------------------------------------------------

def _of_kind(content: GoblinContent, kind: str) -> list[Location]:
    return [loc for loc in content.locations if loc.kind == kind]


def _edge_pool(content: GoblinContent, centre: Location) -> list[Location]:
    pool = _of_kind(content, "edge")
    if centre.kind == "open-centre":
        pool += _of_kind(content, "blocked-edge")
    return pool


def _check_composition(content: GoblinContent) -> list[Problem]:
    file = content.locations_file
    out: list[Problem] = []
    want = {"entrance": (1, 1), "centre": (1, 1), "open-centre": (0, 1), "edge": (5, 5),
            "blocked-edge": (0, 1)}
    for kind, (low, high) in want.items():
        found = _of_kind(content, kind)
        if len(found) < low:
            out.append(Problem(file, 1, 1, f"the cave needs {low} location(s) of kind '{kind}', "
                               f"found {len(found)}: add one"))
        for extra in found[high:]:
            out.append(Problem(file, extra.at[0], extra.at[1], f"location '{extra.id}': only "
                               f"{high} location(s) of kind '{kind}' may exist: change its kind "
                               "or remove it"))
    if _of_kind(content, "blocked-edge") and not _of_kind(content, "open-centre"):
        b = _of_kind(content, "blocked-edge")[0]
        out.append(Problem(file, b.at[0], b.at[1], f"location '{b.id}': a BLOCKED edge is only "
                           "used with an OPEN centre: add a location of kind 'open-centre'"))
    return out


# --- reachability over all assemblies ------------------------------------------------------

def components(loc: Location) -> list[list[Hex]]:
    """Split a location's hexes into regions connected without crossing a wall."""
    comp_of: dict[Hex, int] = {}
    regions: list[list[Hex]] = []
    for start in LOCATION_HEXES:
        if start in comp_of:
            continue
        comp_of[start] = len(regions)
        region = [start]
        todo = [start]
        while todo:
            h = todo.pop()
            for d in range(6):
                n = neighbour(h, d)
                if n in LOCATION_HEX_SET and n not in comp_of and edge(h, d) not in loc.walls:
                    comp_of[n] = len(regions)
                    region.append(n)
                    todo.append(n)
        regions.append(sorted(region))
    return regions


class _Reducer:
    """Tiles reduced to regions (graph nodes) and the regions that meet across borders."""

    def __init__(self, content: GoblinContent) -> None:
        self.node_of: dict[tuple[str, Hex], int] = {}
        self.nodes: list[tuple[Location, list[Hex]]] = []
        self.tile_nodes: dict[str, tuple[int, ...]] = {}
        for loc in content.locations:
            ids = []
            for region in components(loc):
                ids.append(len(self.nodes))
                for h in region:
                    self.node_of[(loc.id, h)] = len(self.nodes)
                self.nodes.append((loc, region))
            self.tile_nodes[loc.id] = tuple(ids)
        self.walls = {loc.id: loc.walls for loc in content.locations}

    def links(self, a: Location, a_slot: int | None, a_rot: int, a_side: int,
              b: Location, b_slot: int) -> tuple[tuple[int, int], ...]:
        """Return the region pairs joined by open edges of side a_side of tile a (placed)."""
        a_steps, a_off = placement(a_slot, a_rot)
        b_steps, b_off = placement(b_slot, 0)
        found = set()
        for h, d in side_edges(a_side):
            n = neighbour(add(rotate(h, a_steps), a_off), d + a_steps)
            local = rotate((n[0] - b_off[0], n[1] - b_off[1]), -b_steps)
            if edge(h, d) in self.walls[a.id]:
                continue
            if edge(local, d + a_steps - b_steps + 3) in self.walls[b.id]:
                continue
            found.add((self.node_of[(a.id, h)], self.node_of[(b.id, local)]))
        return tuple(sorted(found))


def _check_reachability(content: GoblinContent) -> list[Problem]:
    red = _Reducer(content)
    entrance = _of_kind(content, "entrance")[0]
    door = entrance.hexes_with("door")[0]
    door_node = red.node_of[(entrance.id, door)]
    centres = _of_kind(content, "centre") + _of_kind(content, "open-centre")
    ring_tiles = [entrance] + _of_kind(content, "edge") + _of_kind(content, "blocked-edge")
    # ring[a][b]: tile a at slot 0 next to tile b at slot 1 (the same for every slot k, k+1).
    ring = {a.id: {b.id: _masks(red.links(a, 0, 0, TOWARDS_NEXT, b, 1)) for b in ring_tiles}
            for a in ring_tiles}
    # node -> [count, first assembly, its place in the order centre, turn, arrangement]
    failures: dict[int, list] = {}
    totals: dict[str, int] = {}
    for centre_number, centre in enumerate(centres):
        pool = _edge_pool(content, centre)
        # hub[rel][t]: the centre turned rel steps next to tile t at slot 0; slot k with the
        # centre turned r is the same picture turned k steps, so rel = r - k.
        hub = [{t.id: _masks(red.links(centre, None, rel, (0 - rel) % 6, t, 0))
                for t in ring_tiles} for rel in range(6)]
        for number, perm in enumerate(permutations(pool, EDGE_SLOTS)):
            order = (entrance.id,) + tuple(t.id for t in perm)
            tiles = (centre.id,) + order
            for tid in tiles:
                totals[tid] = totals.get(tid, 0) + 6  # one assembly per turn of the centre
            around = [0] * len(red.nodes)  # the ring's own links, the same for every turn
            for k in range(6):
                for node, mask in ring[order[k]][order[(k + 1) % 6]]:
                    around[node] |= mask
            for rotation in range(6):
                neighbours = around.copy()
                for k in range(6):
                    for node, mask in hub[(rotation - k) % 6][order[k]]:
                        neighbours[node] |= mask
                for node in _unreached(red, door_node, tiles, neighbours):
                    record = failures.setdefault(node, [0, None, None])
                    record[0] += 1
                    place = (centre_number, rotation, number)
                    if record[2] is None or place < record[2]:
                        record[1:] = [Assembly(centre.id, rotation, order[1:], entrance.id),
                                      place]
    return [_unreached_problem(red, node, count, first, totals)
            for node, (count, first, _) in sorted(failures.items())]


def _masks(links: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Region pairs as (region, its neighbours as bits) pairs, one per region."""
    merged: dict[int, int] = {}
    for a, b in links:
        merged[a] = merged.get(a, 0) | 1 << b
        merged[b] = merged.get(b, 0) | 1 << a
    return tuple(merged.items())


def _unreached(red: _Reducer, door_node: int, tiles: Sequence[str],
               neighbours: list[int]) -> list[int]:
    """The regions of tiles that cannot be reached from the door's region (5,040 assemblies
    are searched, so the regions reached are bits of one integer)."""
    reached = frontier = 1 << door_node
    while frontier:
        grown = 0
        while frontier:
            lowest = frontier & -frontier
            grown |= neighbours[lowest.bit_length() - 1]
            frontier ^= lowest
        frontier = grown & ~reached
        reached |= frontier
    return [n for tid in tiles for n in red.tile_nodes[tid] if not reached >> n & 1]


def _unreached_problem(red: _Reducer, node: int, count: int, first: Assembly,
                       totals: dict[str, int]) -> Problem:
    loc, region = red.nodes[node]
    total = totals[loc.id]
    hexes = ("hex " if len(region) == 1 else "hexes ") + ", ".join(_fmt(h) for h in region)
    if count == total:
        when = "in any assembly"
    else:
        when = f"in {count} of {total} assemblies, e.g. {first.describe()}"
    at = next((loc.hex_at[h] for h in region if h in loc.hex_at), loc.at)
    return Problem(loc.file, at[0], at[1], f"location '{loc.id}': {hexes} cannot be reached from "
                   f"the door {when}: open a wall on one of "
                   f"{'its sides' if len(region) == 1 else 'their sides'}")


def _fmt(h: Hex) -> str:
    return f"({h[0]},{h[1]})"


__all__ = ["Assembly", "Cave", "assemble", "check_cave", "check_location", "components",
           "legal_assemblies", "reachable"]

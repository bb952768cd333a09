"""Choose pieces by what the user typed after `--pieces`: ids, ranges and counts of a family.

A selector is one of:
- an id, as `labyrinth-pnp layout` names it: `token-14`, `formula-9`, `pawn-red`;
- a range of numbered ids: `token-3..7` (the ids that exist between the two numbers);
- a family or kind, with a count or not: `wand:2` (the first two wands), `wand` (every
  wand), `card:3`. A piece's family is its id without the last `-part` (`wand-3` → `wand`,
  `hero-stone-2` → `hero-stone`); its kind is what the layout calls it (`card`, `counter`).
Matching ignores case. A piece chosen twice is printed once. The chosen pieces keep the
order they have in the game's parts, so equal pieces stay together on the sheet.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import UsageError
from .layout.imposition import PieceSpec

_RANGE = re.compile(r"^(?P<prefix>.*?)(?P<a>\d+)\.\.(?P=prefix)?(?P<b>\d+)$")
_COUNT = re.compile(r"^(?P<name>[^:]+):(?P<n>\d+|all)$")


def family(piece_id: str) -> str:
    """The id without its last `-part`: `token-14` → `token`."""
    return piece_id.rsplit("-", 1)[0] if "-" in piece_id else piece_id


def split_selectors(values: Iterable[str]) -> list[str]:
    """The selectors of repeated, comma-separated `--pieces` values, blanks dropped."""
    return [s.strip() for value in values for s in value.split(",") if s.strip()]


@dataclass(frozen=True)
class Catalogue:
    """Every piece a game can print, in order, and how to refer to them."""

    game: str
    pieces: list[PieceSpec]

    def ids(self) -> list[str]:
        return [p.id for p in self.pieces]

    def names(self) -> list[str]:
        """Ids, families and kinds: every word a selector may start with."""
        seen = dict.fromkeys([*self.ids(), *(family(i) for i in self.ids()),
                              *(p.kind for p in self.pieces)])
        return list(seen)

    def members(self, name: str) -> list[PieceSpec]:
        """The pieces of a family or kind, in order."""
        key = name.lower()
        return [p for p in self.pieces if family(p.id).lower() == key or p.kind.lower() == key]

    def select(self, selectors: list[str]) -> list[PieceSpec]:
        """Return the pieces the selectors name, in catalogue order; raise UsageError if one
        names nothing (with the closest names that exist)."""
        chosen: set[int] = set()
        by_id = {p.id.lower(): i for i, p in enumerate(self.pieces)}
        for selector in selectors:
            found = self._one(selector, by_id)
            chosen.update(found)
        return [p for i, p in enumerate(self.pieces) if i in chosen]

    def _one(self, selector: str, by_id: dict[str, int]) -> list[int]:
        key = selector.lower()
        if key in by_id:
            return [by_id[key]]
        match = _RANGE.match(key)
        if match:
            lo, hi = sorted((int(match["a"]), int(match["b"])))
            found = [by_id[f"{match['prefix']}{n}"] for n in range(lo, hi + 1)
                     if f"{match['prefix']}{n}" in by_id]
            if found:
                return found
            raise UsageError(f"no piece of {self.game} is in the range '{selector}'"
                             f"{self._hint(match['prefix'].rstrip('-'))}")
        match = _COUNT.match(key)
        name, count = (match["name"], match["n"]) if match else (key, "all")
        members = self.members(name)
        if members:
            index = {id(p): i for i, p in enumerate(self.pieces)}
            if count == "all":
                return [index[id(p)] for p in members]
            n = int(count)
            if n < 1 or n > len(members):
                raise UsageError(f"'{selector}': {self.game} has {len(members)} "
                                 f"{name} piece{'s' if len(members) != 1 else ''} "
                                 f"({members[0].id} … {members[-1].id}); ask for 1 to "
                                 f"{len(members)}")
            return [index[id(p)] for p in members[:n]]
        raise UsageError(f"{self.game} has no piece '{selector}'{self._hint(name)}")

    def _hint(self, word: str) -> str:
        close = difflib.get_close_matches(word.lower(), [n.lower() for n in self.names()],
                                          n=3, cutoff=0.5)
        spelled = {n.lower(): n for n in self.names()}
        names = ", ".join(spelled[c] for c in close)
        listing = f"`labyrinth-pnp layout {self.game} --format text` lists every piece"
        return f": did you mean {names}? ({listing})" if names else f" ({listing})"

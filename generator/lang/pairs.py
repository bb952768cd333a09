"""A language file beside the source file it is translated from, unit by unit.

Every PO file, every outdated count and every record is made from a `FilePair`: the source
file's units, the language file's units under the same contexts, and the language file's
records of the source each translation was made from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..content.paths import ContentRoots
from ..errors import ContentError
from ..sourceyaml import parse_yaml, read_text_file
from .files import COMMON, PER_GAME, source_language
from .records import Record, digest, read_records
from .units import Unit, markdown_units, translated, yaml_units


@dataclass
class FilePair:
    """A source file and its translation (which may not exist yet)."""

    game: str
    folder: str  # text, terms, rules, play
    lang: str
    source: str
    source_path: Path
    own_path: Path | None
    src: dict[str, Unit] = field(default_factory=dict)
    own: dict[str, Unit] = field(default_factory=dict)
    records: dict[str, Record] = field(default_factory=dict)
    recorded_from: str = ""

    @property
    def ext(self) -> str:
        return self.source_path.suffix

    def relative(self, lang: str) -> str:
        """The file's path in a content folder, for lang."""
        base = COMMON if self.game == "common" else f"{self.game}/{self.folder}"
        return f"{base}/{lang}{self.ext}"

    def outdated(self, ctx: str) -> Record | None:
        """The record of a translation made from another source text than today's, or None."""
        unit, record = self.own.get(ctx), self.records.get(ctx)
        if not translated(unit) or record is None:
            return None
        return record if record.digest != digest(self.src[ctx].text) else None

    def outdated_units(self) -> list[tuple[Unit, Record]]:
        """The source units whose translation is outdated, with what it was made from."""
        return [(u, r) for u in self.src.values() if (r := self.outdated(u.ctx)) is not None]


def read_units(path: Path) -> dict[str, Unit]:
    """The units of a language file; its problems are errors."""
    text, problems = read_text_file(path, str(path))
    if text is None:
        raise ContentError(problems)
    return read_units_text(text, str(path), path.suffix)


def read_units_text(text: str, file: str, ext: str) -> dict[str, Unit]:
    """The units of a language file's text; its problems are errors."""
    if ext == ".md":
        return markdown_units(text.replace("\r\n", "\n"))
    doc, problems = parse_yaml(text, file)
    if problems:
        raise ContentError(problems)
    return yaml_units(doc.data, doc.positions)


def file_pairs(roots: ContentRoots, games: list[str], lang: str, source: str | None
               ) -> list[FilePair]:
    """The pairs of every file of lang: translated from source, or by default from the
    language each file says it was translated from (English for a file not made yet)."""
    places = [("common", "text", ".yaml")] + [(g, f, e) for g in games for f, e, _ in PER_GAME]
    out = []
    for game, folder, ext in places:
        pair = make_pair(roots, game, folder, ext, lang, source)
        if pair is not None:
            out.append(pair)
    return out


def make_pair(roots: ContentRoots, game: str, folder: str, ext: str, lang: str,
              source: str | None) -> FilePair | None:
    """The pair of one file of lang, or None when there is nothing to translate it from."""
    base = COMMON if game == "common" else f"{game}/{folder}"
    own = roots.find(f"{base}/{lang}{ext}")
    origin = source or source_language(own) or "en"
    src = roots.find(f"{base}/{origin}{ext}")
    if origin == lang or src is None:
        return None
    pair = FilePair(game, folder, lang, origin, src, own, read_units(src))
    if own is not None:
        pair.own = read_units(own)
        pair.recorded_from, pair.records = read_records(own)
        if pair.recorded_from and pair.recorded_from != origin:
            pair.records = {}  # made from another language: its records say nothing here
    return pair


def stamp(pair: FilePair, contexts: set[str] | None = None) -> dict[str, Record]:
    """The records of pair with every translated text (or those of contexts) recorded as made
    from today's source, in the source's order."""
    records = dict(pair.records)
    for ctx, unit in pair.src.items():
        if translated(pair.own.get(ctx)) and (contexts is None or ctx in contexts):
            records[ctx] = Record(digest(unit.text), unit.text)
    order = list(pair.src)
    return dict(sorted(records.items(), key=lambda kv: order.index(kv[0])
                       if kv[0] in pair.src else len(order)))


def record_copy(target: Path, origin: Path, source: str) -> None:
    """Record that every text of target is (still to be) made from origin's texts of today:
    what `lang new` copies, so that a text translated by hand later knows its source."""
    from .records import record_of, write_records

    write_records(target, source, {ctx: record_of(u.text) for ctx, u in read_units(origin).items()})

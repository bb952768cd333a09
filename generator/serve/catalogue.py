"""The Print page's catalogue: every piece of a game as its picture, grouped by kind.

The pictures are those `labyrinth-pnp export --format png` makes (generator/export/faces.py):
each part drawn one piece a page by the painters that draw the PDFs, rendered by PDFium and
cut to the piece's outline. They are made once per game, language and content version.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from .engine import Folders

DPI = 72  # a 25 mm token is 71 pixels: enough to recognise it


@dataclass
class Piece:
    """One piece of the catalogue."""

    id: str
    kind: str
    part: str
    front: bytes
    back: bytes | None = None


@dataclass
class Group:
    """The pieces of one kind in one part, in the order the part prints them."""

    part: str
    kind: str
    pieces: list[Piece] = field(default_factory=list)


@dataclass
class Catalogue:
    """Every piece of one game in one language."""

    game: str
    lang: str
    groups: list[Group]
    by_id: dict[str, Piece]

    def parts(self) -> list[str]:
        return list(dict.fromkeys(g.part for g in self.groups))


def _png(image: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")  # type: ignore[attr-defined]
    return buffer.getvalue()


def make_catalogue(game: str, lang: str, folders: Folders) -> Catalogue:
    """Rasterise every piece face of game in lang; raise the library's errors as they come."""
    from ..export.faces import ExportOptions, part_faces, plan_export

    plan = plan_export(ExportOptions(game=game, lang=lang, dpi=DPI, content=folders.content))
    groups: dict[tuple[str, str], Group] = {}
    by_id: dict[str, Piece] = {}
    for job in plan.jobs:
        for face in part_faces(job, DPI):
            spec = face.spec
            if face.side == "back":
                if spec.id in by_id:
                    by_id[spec.id].back = _png(face.image)
                continue
            piece = Piece(spec.id, spec.kind, job.part.name, _png(face.image))
            by_id[spec.id] = piece
            groups.setdefault((job.part.name, spec.kind),
                              Group(job.part.name, spec.kind)).pieces.append(piece)
    return Catalogue(game, lang, list(groups.values()), by_id)


def piece_counts(game: str, lang: str, folders: Folders) -> dict[str, int]:
    """How many pieces each part of game prints (rulebooks and guides left out)."""
    from ..pipeline.options import BuildOptions
    from ..pipeline.plan import plan_jobs

    options = BuildOptions(games=(game,), lang=lang, content=folders.content,
                           templates=folders.templates)
    jobs, _ = plan_jobs(options, drawing=False)
    return {job.part.name: len(job.part.pieces(job.content, job.lang)) for job in jobs
            if job.part.render is None and not job.part.special}

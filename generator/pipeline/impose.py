"""Stage 4, impose: a job's pieces placed on pages (pure geometry)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..layout.imposition import PAPERS, Page, SheetOptions, impose
from .options import BuildOptions
from .plan import Job, plan_jobs


def sheet_options(job: Job, options: BuildOptions) -> SheetOptions:
    return SheetOptions(PAPERS[job.paper], margin=job.part.margin, bleed=options.bleed,
                        duplex=options.duplex, gutter=options.gutter,  # type: ignore[arg-type]
                        back_offset=options.back_offset, one_up=options.one_up,
                        cutter=options.cutter)


@dataclass(frozen=True)
class SheetInput:
    """Everything a sheet's PDF is drawn from, besides the tool, the templates and the
    pictures: draw.draw_sheet reads nothing else, so its digest keys the file (skip.py)."""

    pages: list[Page]
    texts: Any  # the sheet texts of the job's language (content/common.py SheetTexts)
    game_name: str
    part_title: str
    accent: str | None
    lang: str
    paper: str
    draft: bool
    margin: float
    bleed: float
    ink_saver: bool


def sheet_input(job: Job, options: BuildOptions) -> SheetInput:
    """What a sheet job is drawn from: its pages and the words around them (once per job and
    options: an export draws the same job one-up after a build drew it on sheets)."""
    if job.sheet is None or job.sheet[0] != options:
        job.sheet = (options, SheetInput(impose_job(job, options),
                                         job.game.sheet_texts(job.content, job.lang),
                                         job.game.name(job.content, job.lang),
                                         job.part.title(job.content, job.lang),
                                         job.game.accent(job.content), job.lang, job.paper,
                                         job.draft, job.part.margin, options.bleed,
                                         options.ink_saver))
    return job.sheet[1]


def impose_job(job: Job, options: BuildOptions) -> list[Page]:
    """Impose the job's pieces on pages (the print guide and the pack: see games/sets.py)."""
    sheet = sheet_options(job, options)
    if job.part.special == "guide":
        return _guide_pages(job, options, sheet)
    pages = impose(job.part.pieces(job.content, job.lang), sheet)
    if job.part.special == "pack":
        from ..games.sets import pack_guide, with_guide

        first = next((p.spec.id for p in pages[0].pieces), "ID") if pages else "ID"
        guide = pack_guide(job.game, job.content, job.lang, pages, options.duplex,
                           _reprint_command(job, first))
        return with_guide(guide, pages, sheet)
    return pages


def _reprint_command(job: Job, piece_id: str) -> str:
    paper = f" --paper {job.paper}" if job.paper != "a4" else ""
    return f"labyrinth-pnp build {job.game.id} --pieces {piece_id} --lang {job.lang}{paper}"


def _guide_pages(job: Job, options: BuildOptions, sheet: SheetOptions) -> list[Page]:
    """The default build's print guide: every other file of the game, sheet by sheet."""
    from ..games.sets import files_guide, guide_piece, has_pieces, packable

    files = []
    for part in job.game.parts.values():
        if part.special:
            continue
        sibling = Job(job.game, part, job.content, job.lang, job.paper, job.roots,
                      one_up=job.one_up)
        pages = [] if part.render is not None else impose_job(sibling, options)
        files.append((sibling.relative.name, part, pages))
    command = (_reprint_command(job, packable(job.game, job.content, job.lang)[0].id)
               if has_pieces(job.game, job.content, job.lang) else "")  # the paper game: none
    guide = files_guide(job.game, job.content, job.lang, files, options.duplex, command,
                        one_up=options.one_up, book_pages=lambda part: _book_pages(
                            Job(job.game, part, job.content, job.lang, job.paper, job.roots,
                                job.draft)))
    return impose([guide_piece(guide, sheet)], sheet) if guide is not None else []


def iter_layout(options: BuildOptions) -> Iterator[tuple[Job, list[Page]]]:
    """Yield each job with its imposed pages, without drawing anything."""
    jobs, _ = plan_jobs(options, drawing=False)
    for job in jobs:
        if job.part.render is None:
            yield job, impose_job(job, options)


BOOK_PAGES: dict[tuple[str, str, str, bool], int | None] = {}  # this build's, by book_key


def book_key(job: Job) -> tuple[str, str, str, bool]:
    """What a rulebook's page count is known by within one build."""
    return (job.game.id, job.lang, job.paper, job.draft)


def remember_book(job: Job, path: Path) -> None:
    """Note the pages of a rulebook job's PDF at path (just drawn, or up to date in the output
    folder), so that the print guide need not typeset the book again to count them."""
    BOOK_PAGES[book_key(job)] = count_pages(path)


def count_pages(path: Path) -> int | None:
    """The pages of a PDF (None if it cannot be read).

    A PDF this tool wrote has one page tree node, `<< /Count N /Kids [...] /Type /Pages >>`,
    read straight from the bytes (the file of an up-to-date rulebook is the one the manifest
    recorded, checked by its digest); any other layout is left to pdfium."""
    import re

    try:
        nodes = re.findall(rb"<<[^<>]*/Type /Pages\b[^<>]*>>", path.read_bytes())
    except OSError:
        return None
    counts = [int(found.group(1)) for node in nodes
              if (found := re.search(rb"/Count (\d+)", node)) is not None]
    if len(nodes) == 1 and len(counts) == 1:
        return counts[0]
    import pypdfium2 as pdfium  # a dependency of the tool (pypdf is the tests' only)

    try:
        document = pdfium.PdfDocument(path)
    except (pdfium.PdfiumError, OSError):
        return None
    try:
        return len(document)
    finally:
        document.close()


def _book_pages(job: Job) -> int | None:
    """The pages of a rulebook job: as drawn in this build, else typeset into a temporary file
    (None when it cannot be: no rulebook in that language, or one with errors, which its own
    job reports)."""
    key = book_key(job)
    if key not in BOOK_PAGES:
        BOOK_PAGES[key] = _typeset_pages(job)
    return BOOK_PAGES[key]


def _typeset_pages(job: Job) -> int | None:
    import tempfile

    from ..errors import ContentError

    assert job.part.render is not None
    try:
        with tempfile.TemporaryDirectory(prefix="labyrinth-book-") as folder:
            path = Path(folder) / "book.pdf"
            job.part.render(job.content, job.roots, job.lang, job.paper, path, job.draft)
            return count_pages(path)
    except (ContentError, OSError, KeyError):
        return None

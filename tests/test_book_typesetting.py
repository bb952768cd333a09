"""The six rulebooks on both papers follow the typesetting rules: no heading stranded at the
foot of a page, no runt page, English typographic quotes, nothing hyphenated that should not be.
Positions come from the layout itself (typeset.LayoutRecord), text from the PDFs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.build import BuildOptions, plan_jobs
from generator.games.base import rules_files
from generator.games.rules import rules_context
from generator.rulebook.build import build_rulebook
from generator.rulebook.typeset import BookWords

from conftest import pdf_text

BODY_LEADING = 14.0  # points: the body text's line height


def _books(paper: str, out: Path):  # type: ignore[no-untyped-def]
    jobs, _ = plan_jobs(BuildOptions(parts=("rules",), paper=paper))
    for job in jobs:
        path = out / f"{job.game.id}-{job.lang}-{paper}.pdf"
        context = rules_context(job.roots, job.game.id, job.content,
                                job.game.rules_context, job.lang)
        record = build_rulebook(rules_files(job.roots, job.game.id)[job.lang], context,
                                job.lang, paper, path, "https://example.org/x",
                                BookWords.from_texts(job.content.sheet_texts[job.lang].rulebook))
        yield job, path, record


@pytest.fixture(scope="module", params=["a4", "letter"])
def books(request, tmp_path_factory) -> list:  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp(f"books-{request.param}")
    return list(_books(request.param, out))


def test_no_heading_is_stranded_at_the_foot_of_a_page(books) -> None:  # type: ignore[no-untyped-def]
    assert len(books) == 7  # three games in ru and en, Goblin Slayer in uk
    for job, _, record in books:
        assert record.headings
        stranded = [(page, title) for page, title, room in record.headings
                    if room < 2 * BODY_LEADING]
        assert not stranded, (job.game.id, job.lang, stranded)


def test_no_runt_page_but_the_last(books) -> None:  # type: ignore[no-untyped-def]
    for job, _, record in books:
        pages = sorted(record.last_y)
        runts = [page for page, (room, height) in record.last_y.items()
                 if page != pages[-1] and page not in record.forced_breaks
                 and (height - room) / height < 0.25]
        assert not runts, (job.game.id, job.lang, runts)


def test_english_books_use_typographic_quotes_outside_code(books) -> None:  # type: ignore[no-untyped-def]
    for job, path, _ in books:
        if job.lang != "en":
            continue
        text = pdf_text(path)
        prose = re.sub(r"labyrinth-pnp[^\n]*", "", text)  # commands keep straight quotes
        assert "’" in text
        assert not re.search(r"[A-Za-z]'[a-z]", prose), job.game.id


def test_no_break_at_a_hyphen_a_word_already_has(books) -> None:  # type: ignore[no-untyped-def]
    """«Игрок-гоблин» and `river-blocked` never end a line at their hyphen."""
    for job, path, _ in books:
        source = (Path(rules_files(job.roots, job.game.id)[job.lang])).read_text("utf-8")
        compounds = {w for w in re.findall(r"\b\w+-\w+\b", source) if not w[0].isdigit()}
        lines = pdf_text(path).split("\n")
        for line, following in zip(lines, lines[1:]):
            if not line.endswith("-") or not following:
                continue
            joined = line.rsplit(" ", 1)[-1] + following.split(" ", 1)[0]
            assert joined not in compounds, (job.game.id, job.lang, joined)

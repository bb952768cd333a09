"""Every page of every rulebook, in every language, on A4 and Letter, as a publisher checks it.

Each book is built once per paper (a module fixture). The layout notes its own lines, tables and
page ends (typeset.LayoutRecord, rulebook/pagecheck.py); the test fails on a heading as a page's
last text, a clipped or overflowing line, a table of 8 rows or fewer split across pages, a page
less than a third full that ends neither a chapter nor the book, a one-letter word at a line end
(ru, uk; "a" and "I" in English) and a hyphen inside a compound word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.build import BuildOptions, plan_jobs
from generator.games.base import rules_files
from generator.games.rules import rules_context
from generator.rulebook.build import build_rulebook
from generator.rulebook.typeset import BookWords

from conftest import pdf_text


def _books(paper: str, out: Path):  # type: ignore[no-untyped-def]
    jobs, _ = plan_jobs(BuildOptions(parts=("rules",), paper=paper))
    for job in jobs:
        path = out / f"{job.game.id}-{job.lang}-{paper}.pdf"
        context = rules_context(job.roots, job.game.id, job.content,
                                job.game.rules_context, job.lang)
        source = rules_files(job.roots, job.game.id)[job.lang]
        record = build_rulebook(source, context, job.lang, paper, path, "https://example.org/x",
                                BookWords.from_texts(job.content.sheet_texts[job.lang].rulebook))
        yield job, path, record, Path(source).read_text("utf-8")


@pytest.fixture(scope="module", params=["a4", "letter"])
def books(request, tmp_path_factory) -> list:  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp(f"books-{request.param}")
    return list(_books(request.param, out))


def page_problems(record, lang: str, source: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Every typesetting fault of one built book."""
    pages = sorted(record.last_y)
    fill = {page: (height - room) / height for page, (room, height) in record.last_y.items()}
    compounds = {w.lower() for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)+", source)}
    return record.notes.problems(lang, pages[-1], set(record.forced_breaks), fill, compounds)


def test_every_page_of_every_book_is_set_as_a_publisher_would(books) -> None:  # type: ignore[no-untyped-def]
    assert len(books) == 7  # three games in ru and en, Goblin Slayer in uk
    found = {}
    for job, _, record, source in books:
        assert record.notes.lines and record.notes.order
        problems = page_problems(record, job.lang, source)
        if problems:
            found[f"{job.game.id}-{job.lang}"] = problems
    assert not found, found


def test_english_books_use_typographic_quotes_outside_code(books) -> None:  # type: ignore[no-untyped-def]
    for job, path, _, _ in books:
        if job.lang != "en":
            continue
        text = pdf_text(path)
        prose = re.sub(r"labyrinth-pnp[^\n]*", "", text)  # commands keep straight quotes
        assert "’" in text
        assert not re.search(r"[A-Za-z]'[a-z]", prose), job.game.id


def test_ukrainian_uses_the_letter_apostrophe(books) -> None:  # type: ignore[no-untyped-def]
    for job, path, _, _ in books:
        if job.lang == "uk":
            text = pdf_text(path)
            assert "\u02bc" in text and "\u2019" not in text and "п\u02bcять" in text


def test_the_checks_catch_what_they_look_for() -> None:
    """The page checks themselves: each fault they name is found on a made-up record."""
    from generator.rulebook.pagecheck import Line, PageNotes

    notes = PageNotes()
    notes.lines = [Line(3, "Игрок-го-", False, 0, False), Line(3, "блин ходит в", False, 0, False),
                   Line(3, "пещеру и на-", False, 0, True), Line(3, "звание", True, 0, True),
                   Line(4, "слишком длинная строка", True, 2.0, False)]
    notes.order = {5: ["Para", "Heading"]}
    notes.tables = {1: [(6, 3), (7, 4)], 2: [(8, 6), (9, 6)]}
    notes.wide = [(2, "a contents page number", 1.7)]
    found = notes.problems("ru", 12, {10}, {3: 0.9, 4: 0.2, 10: 0.1, 12: 0.05}, {"игрок-гоблин"})
    assert found == [
        "p.2: a contents page number drawn 1.7 pt past the margin",
        "p.5: a heading is the last thing on the page",
        "p.6: a table of 7 rows split over pages [6, 7]",
        "p.4: only 20% full",
        "p.3: “Игрок-го-блин” hyphenated inside a compound",
        "p.3: the line “блин ходит в” ends with “в”",
        "p.3: “на-звание” hyphenated inside a table cell",
        "p.4: the line “слишком длинная строка” overflows by 2.0 pt"]
    assert notes.problems("en", 12, {4, 5, 6, 7, 10}, {}, {"игрок-гоблин"})[-3:] == [
        "p.3: “Игрок-го-блин” hyphenated inside a compound",
        "p.3: “на-звание” hyphenated inside a table cell",
        "p.4: the line “слишком длинная строка” overflows by 2.0 pt"]


def test_contents_numbers_are_whole_in_a_book_of_over_100_pages(tmp_path: Path) -> None:
    """Page numbers of one, two and three digits stand whole inside the right margin."""
    from generator.rulebook.build import build_rulebook as build

    sections = []
    for n in range(1, 40):
        words = " ".join(f"слово{k}" for k in range(1, 60))
        body = "\n\n".join(f"Абзац {i}: {words}." for i in range(1, 23))
        sections.append(f"## Раздел {n} {{#s{n}}}\n\n{body}\n")
    rules = tmp_path / "ru.md"
    rules.write_text("---\ntitle: Толстая книга\n---\n\n" + "\n".join(sections), "utf-8")
    pdf = tmp_path / "big.pdf"
    record = build(rules, {}, "ru", "a4", pdf, "https://example.org/x", BookWords())
    reader = PdfReader(pdf)
    assert len(reader.pages) > 100
    assert not record.notes.wide
    starts = [page for page, title, _ in record.headings]
    numbers: list[tuple[float, str]] = []

    def seen(text, cm, tm, font, size) -> None:  # type: ignore[no-untyped-def]
        if text.strip() and cm[5] + tm[5] == 0:  # inside a page-number form: its own origin
            numbers.append((cm[4] + tm[4], text))

    for page in reader.pages[1:3]:
        page.extract_text(visitor_text=seen)
    assert [int(n) for _, n in numbers] == starts  # each number one whole string, no gaps
    assert {len(n) for _, n in numbers} == {1, 2, 3}
    for x, n in numbers:  # right-aligned in the 18 pt slot, never past it
        assert x >= 0 and abs(x + stringWidth(n, "Sans-Bold", 10.2) - 18) < 0.01, (x, n)
    forms = reader.pages[1]["/Resources"]["/XObject"]
    for name in forms:  # digits side by side: no character spacing leaks in from the dots
        if "contents-page" in name:
            data = forms[name].get_object().get_data()
            assert b" 0 Tc " in data and data.index(b" 0 Tc ") < data.index(b" Tj"), name

"""Rulebooks of the three games: built from content, in Russian and English, on A4 and Letter."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.plan.checker.check import check_plan
from generator.plan.checker.messages import explain_hint, summary

from conftest import FIXTURES, MM, build_into, pdf_fonts, pdf_text, run_cli, shared_folder

ROOT = FIXTURES.parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
GAMES = ("magic-labyrinth", "paper-labyrinth", "goblin-slayer")



def _section_titles(game: str, lang: str) -> list[str]:
    """Numbered section titles as the rulebook should print them, from its Markdown."""
    titles, top, sub = [], 0, 0
    for line in (ROOT / "content" / game / "rules" / f"{lang}.md").read_text("utf-8").splitlines():
        match = re.match(r"^(##|###) (.*?) \{#[\w-]+\}$", line)
        if not match:
            continue
        text = match.group(2).replace("*", "")
        if lang == "en":  # English books print typographic apostrophes
            text = text.replace("'", "\u2019")
        if match.group(1) == "##":
            top, sub = top + 1, 0
            titles.append(f"{top} {text}")
        else:
            sub += 1
            titles.append(f"{top}.{sub} {text}")
    return titles


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module", params=["a4", "letter"])
def rulebooks(request, tmp_path_factory) -> tuple[str, Path]:
    """The six rulebooks (and Goblin Slayer's in uk) on one paper, once per test run."""
    paper = request.param
    return paper, shared_folder(tmp_path_factory, f"rules-{paper}",
                                build_into("--part", "rules", "--paper", paper))


def test_six_rulebooks_build_on_each_paper(rulebooks):
    paper, out = rulebooks
    built = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))
    assert built == sorted([f"{g}/{g}-rules-{lang}-{paper}.pdf" for g in GAMES
                            for lang in ("ru", "en")]
                           + [f"goblin-slayer/goblin-slayer-rules-uk-{paper}.pdf"])
    size = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}[paper]
    for path in out.rglob("*.pdf"):
        page = PdfReader(path).pages[0]
        assert (round(float(page.mediabox.width) * MM, 1),
                round(float(page.mediabox.height) * MM, 1)) == size


@pytest.mark.parametrize("game, lang, line", [
    ("paper-labyrinth", "ru", "от 3 игроков · около 40 минут"),
    ("paper-labyrinth", "en", "3+ players · about 40 minutes"),
    ("magic-labyrinth", "en", "2–4 players")])
def test_the_cover_counts_players_as_the_rules_do(rulebooks, game, lang, line):
    """«Лабиринт» sets no upper limit (its max is what the sheets provide for): "3+"."""
    paper, out = rulebooks
    cover = PdfReader(out / game / f"{game}-rules-{lang}-{paper}.pdf").pages[0].extract_text()
    assert line in " ".join(cover.split())


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_rulebook_text_has_its_numbered_section_titles(rulebooks, game, lang):
    paper, out = rulebooks
    text = _flat(pdf_text(out / game / f"{game}-rules-{lang}-{paper}.pdf"))
    titles = _section_titles(game, lang)
    assert len(titles) >= 8
    for title in titles:
        assert title in text, title


@pytest.mark.parametrize("lang, words", [("ru", ["+20", "25", "+3"]),
                                         ("en", ["+20", "25", "+3"])])
def test_magic_rulebook_prints_the_scoring_numbers_from_content(rulebooks, lang, words):
    paper, out = rulebooks
    text = _flat(pdf_text(out / "magic-labyrinth" / f"magic-labyrinth-rules-{lang}-{paper}.pdf"))
    for word in words:
        assert word in text
    assert "Ягоды омелы" in text if lang == "ru" else "Mistletoe Berries" in text


def test_every_rulebook_font_is_embedded(rulebooks):
    _, out = rulebooks
    for path in out.rglob("*.pdf"):
        for font in pdf_fonts(path):
            base = str(font["/BaseFont"])
            assert "+" in base, f"{path.name}: {base} is not an embedded subset"


def test_rulebooks_have_bookmarks(rulebooks):
    paper, out = rulebooks
    outline = PdfReader(out / "goblin-slayer" / f"goblin-slayer-rules-en-{paper}.pdf").outline
    assert len(outline) >= 5


def _outline_pages(reader: PdfReader) -> dict[str, int]:
    """Every bookmark's title and the page (counted from 1) it leads to."""
    found: dict[str, int] = {}

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                found[item.title] = reader.get_destination_page_number(item) + 1
    walk(reader.outline)
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_contents_give_the_page_each_section_starts_on(rulebooks, game):
    """The contents are typeset in one pass; each page number is filled in at the end."""
    paper, out = rulebooks
    for lang in ("ru", "en"):
        reader = PdfReader(out / game / f"{game}-rules-{lang}-{paper}.pdf")
        label = {"ru": "Содержание", "en": "Contents"}[lang]
        contents = _flat(reader.pages[1].extract_text()).split(label, 1)[1]
        pages = _outline_pages(reader)
        assert len(pages) >= 8
        shown = dict(re.findall(r"(\d+(?:\.\d+)? [^.]+?) \.{3,} (\d+)", contents))
        for title, page in pages.items():
            assert title in reader.pages[page - 1].extract_text().replace("\u2002", " ")
            assert shown.get(title.replace("\u2002", " ")) == str(page), (lang, title)


def _code_blocks(text: str) -> list[str]:
    return re.findall(r"```\n(.*?)```", text, flags=re.S)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_checker_example_in_the_rules_prints_what_the_checker_really_says(lang):
    """The rulebook shows a plan with a mistake and the checker's answer: they must agree."""
    rules = (ROOT / "content/paper-labyrinth/rules" / f"{lang}.md").read_text("utf-8")
    blocks = _code_blocks(rules)
    i = next(k for k, b in enumerate(blocks)
             if b.strip().startswith("labyrinth-pnp plan check plan.txt"))
    assert ("--lang en" in blocks[i]) == (lang == "en")
    plan, shown = blocks[i - 1], blocks[i + 1].strip().splitlines()
    report = check_plan(plan, "plan.txt", lang)
    expected = [p.format("plan.txt") for p in report.problems]
    expected.append(summary(1, 0, 1, report.errors, report.warnings, lang))
    expected.append(explain_hint(sorted({p.rule for p in report.problems}), lang))
    assert shown == expected


def test_rules_in_a_third_language_are_content_and_checked_against_russian(tmp_path,
                                                                            monkeypatch):
    monkeypatch.chdir(FIXTURES / "content" / "third_language")
    code, out, err = run_cli("check", "--content", ".")
    assert code == 0
    lines = err.splitlines()
    assert ("magic-labyrinth/rules/de.md:11:1: warning: section 'setup' is missing (it is in "
            "ru.md at line 46): translate it here") in lines
    assert ("magic-labyrinth/rules/de.md:23:1: warning: section 'variants-de' is not in ru.md: "
            "add it there too or remove it here") in lines
    assert run_cli("check", "--content", ".", "--strict")[0] == 1
    code, out, err = run_cli("build", "magic-labyrinth", "--lang", "de", "--content", ".",
                             "--out", tmp_path)
    assert code == 0, err
    built = sorted(p.name for p in (tmp_path / "magic-labyrinth").iterdir())
    assert {"magic-labyrinth-rules-de-a4.pdf", "magic-labyrinth-tokens-de-a4.pdf"} <= set(built)
    text = _flat(pdf_text(tmp_path / "magic-labyrinth" / "magic-labyrinth-rules-de-a4.pdf"))
    assert "Ein Spiel für 2 bis 4 Personen mit 21 Zutaten." in text
    assert "Spielregeln · Übersetzungsentwurf" in text  # a draft: some texts are English
    tokens = _flat(pdf_text(tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-de-a4.pdf"))
    assert "Das magische Labyrinth" in tokens and "Crab Apple" in tokens  # filled from English
    # Without --lang, the unfinished German is left out and said so; the rest is built.
    code, out, err = run_cli("build", "magic-labyrinth", "--content", ".", "--out",
                             tmp_path / "all")
    assert code == 0, err
    assert "the 'de' translation is not finished, so it was not built" in err
    assert not list((tmp_path / "all").rglob("*-de-*.pdf"))
    assert list((tmp_path / "all").rglob("*-en-a4.pdf"))


def _words(text: str) -> list[str]:
    return re.findall(r"[0-9a-zа-яё]+", text.lower().replace("ё", "е"))


@pytest.mark.skipif(not SEEDS.is_dir(), reason="../shared/seeds is not present")
@pytest.mark.parametrize("game", GAMES)
def test_no_run_of_eight_words_of_a_russian_rulebook_is_in_the_seeds(game):
    seed_runs: set[tuple[str, ...]] = set()
    for seed in SEEDS.glob("*.txt"):
        words = _words(seed.read_text("utf-8", errors="replace"))
        seed_runs.update(tuple(words[i:i + 8]) for i in range(len(words) - 7))
    words = _words((ROOT / "content" / game / "rules" / "ru.md").read_text("utf-8"))
    shared = [" ".join(words[i:i + 8]) for i in range(len(words) - 7)
              if tuple(words[i:i + 8]) in seed_runs]
    assert shared == []

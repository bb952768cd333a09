"""Goblin Slayer, second edition of the rulebook: the player aid says what the rulebook says, word
for word; the book ends with a FAQ, a quick reference and the credits; the worked example is a
legal position on the cave the book draws; the cave diagram has a legend."""

from __future__ import annotations

import re
from collections import deque
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from generator.content.paths import ContentRoots
from generator.games.goblin import GAME, goblin_rules_context, load_goblin
from generator.games.rules import rules_context
from generator.goblin.cave import Assembly, Cave, assemble
from generator.goblin.hexgrid import edge, neighbour
from generator.rulebook.build import load_rules
from generator.rulebook.hex_diagrams import cave as cave_diagram
from generator.rulebook.source import parse_diagram_line

from conftest import pdf_text, run_cli

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("ru", "en")
RULE_SECTIONS_END = "example"  # the rules proper come before the worked example
MAP_SYMBOLS = {"door", "tunnel", "wall", "border"}


@cache
def _bundle() -> Any:
    bundle, problems = load_goblin(ContentRoots())
    assert bundle is not None, problems
    return bundle


@cache
def _rendered(lang: str) -> str:
    """The rulebook's Markdown after Jinja, as the typesetter receives it."""
    roots = ContentRoots()
    context = rules_context(roots, GAME, _bundle(), goblin_rules_context, lang)
    loaded = load_rules(ROOT / "content" / GAME / "rules" / f"{lang}.md", context, lang)
    assert loaded.ok, loaded.problems
    return loaded.rendered


def _sections(lang: str) -> list[tuple[str, str]]:
    """(id, text) of every numbered section, in order (subsections stay in their section)."""
    out: list[tuple[str, str]] = []
    for line in _rendered(lang).splitlines():
        match = re.match(r"^## .*\{#([\w-]+)\}\s*$", line)
        if match:
            out.append((match.group(1), ""))
        elif out:
            out[-1] = (out[-1][0], out[-1][1] + line + "\n")
    return out


def _plain(text: str) -> str:
    """Text as a reader sees it: no Markdown emphasis or list marks, one space between words."""
    text = re.sub(r"<!--diagram .*?-->", " ", text)
    text = re.sub(r"^\s*(?:[-*]|\d+\.)\s+", " ", text, flags=re.M)
    text = text.replace("**", "").replace("`", "").replace("\u00a0", " ")
    return " ".join(text.split())


def _rules_text(lang: str) -> str:
    """The rules proper: every section before the worked example."""
    ids = [sid for sid, _ in _sections(lang)]
    end = ids.index(RULE_SECTIONS_END)
    return _plain(" ".join(text for _, text in _sections(lang)[:end]))


def _sentences(text: str) -> list[str]:
    """Split an aid entry into sentences (a sentence ends with . ! or ? before a capital, a
    digit sign or the end)."""
    parts = re.split(r"(?<=[.!?])\s+(?=[«“+A-ZА-ЯЁ0-9])", " ".join(text.split()))
    return [p for p in parts if p]


def _aid_sentences(lang: str) -> list[str]:
    aid = _bundle().texts[lang].aid
    return [s for section in aid.sections for item in section.items
            for s in _sentences(item.text)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_of_the_player_aid_is_a_sentence_of_the_rulebook(lang: str) -> None:
    rules = _rules_text(lang)
    sentences = _aid_sentences(lang)
    assert len(sentences) >= 25
    missing = [s for s in sentences if s not in rules]
    assert not missing, f"the player aid ({lang}) says what the rulebook does not: {missing}"


def test_a_changed_rule_in_the_book_is_caught() -> None:
    """The comparison is strict: one word changed on either side is a mismatch."""
    rules = _rules_text("en")
    sentence = next(s for s in _aid_sentences("en") if "may put monsters" in s)
    assert sentence in rules
    assert sentence.replace("may put", "puts") not in rules


@pytest.mark.parametrize("lang", LANGS)
def test_the_player_aid_is_complete(lang: str) -> None:
    aid = _bundle().texts[lang].aid
    text = " ".join(s for s in _aid_sentences(lang))
    words = {
        "ru": ["Подготовка", "Победа", "только одна фигура", "решает игрок-гоблин",
               "заживает к концу хода", "может поставить"],
        "en": ["Set-up", "Victory", "only one figure", "The goblin player chooses who is hit",
               "heals by the end of the turn", "may put"],
    }[lang]
    headings = " ".join(section.heading for section in aid.sections)
    for word in words:
        assert word in text or word in headings, word
    assert [s.marks for s in aid.sections].count("numbers") == 1
    turn = next(s for s in aid.sections if s.marks == "numbers")
    assert len(turn.items) == 5
    assert {s.symbol for s in aid.symbols.items} >= MAP_SYMBOLS | {
        "dwarf", "goblin", "ogre", "widget", "stone"}


@pytest.mark.parametrize("lang", LANGS)
def test_off_board_monsters_may_appear_in_both_texts(lang: str) -> None:
    may = {"ru": "игрок-гоблин может поставить на свободные входы в туннели",
           "en": "The goblin player may put monsters waiting off the board on free tunnel"}[lang]
    assert may in _rules_text(lang)
    assert any(may in s for s in _aid_sentences(lang))


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_ends_with_faq_quick_reference_and_credits(lang: str) -> None:
    ids = [sid for sid, _ in _sections(lang)]
    assert ids[-3:] == ["faq", "quick-reference", "credits"]
    faq = dict(_sections(lang))["faq"]
    questions = re.findall(r"^\*\*[^*]+\?\*\*", faq, flags=re.M)
    assert len(questions) >= 6
    quick = _plain(dict(_sections(lang))["quick-reference"])
    aid = _bundle().texts[lang].aid
    for section in aid.sections[1:]:  # the quick reference prints the aid but its set-up
        for item in section.items:
            assert all(sentence in quick for sentence in _sentences(item.text))
    handouts = {"ru": ["Локации", "Фишки", "Памятка игрока"],
                "en": ["Locations", "Counters", "Player aid"]}[lang]
    assert all(h in quick for h in handouts)
    credits = _plain(dict(_sections(lang))["credits"])
    assert "Digital Eel" in credits
    assert "Iikka Keränen" in credits and "Rich Carlson" in credits


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("goblin2e")
    code, _, err = run_cli("build", GAME, "--part", "rules", "--part", "player-aid",
                           "--lang", "all", "--out", out)
    assert code == 0, err
    return out / GAME


@pytest.mark.parametrize("lang", LANGS)
def test_printed_book_names_the_authors_and_the_aid_prints_its_words(books: Path,
                                                                     lang: str) -> None:
    book = " ".join(pdf_text(books / f"{GAME}-rules-{lang}-a4.pdf").split())
    assert "Digital Eel" in book and "Rich Carlson" in book
    assert re.search(r"Iikka\s*Ker\S*nen", book)
    aid = " ".join(pdf_text(books / f"{GAME}-player-aid-{lang}-a4.pdf").split())
    texts = _bundle().texts[lang].aid
    for section in texts.sections:
        assert section.heading in aid
        for item in section.items:
            assert item.title in aid
    for symbol in texts.symbols.items:
        assert symbol.label.split()[0] in aid


# --- the worked example ---------------------------------------------------------------------

def _diagrams(lang: str, name: str) -> list[dict[str, Any]]:
    found = []
    for line in _rendered(lang).splitlines():
        parsed = parse_diagram_line(line.strip())
        if parsed is not None and parsed[0] == name:
            found.append(parsed[1])
    return found


def _example(lang: str) -> list[list[Any]]:
    (figures,) = [d["figures"] for d in _diagrams(lang, "cave") if d.get("figures")]
    return figures


def _drawn_cave() -> Cave:
    """The assembly the rulebook's cave diagram draws: the centre unturned, edges in order."""
    content = _bundle().content
    edges = tuple(loc.id for loc in content.locations if loc.kind == "edge")
    return assemble(content, Assembly("centre", 0, edges, "entrance"))


def _steps(cave: Cave, start: tuple[int, int], blocked: set[tuple[int, int]]
           ) -> dict[tuple[int, int], int]:
    """Walking distances from start, never through walls or the blocked hexes."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for d in range(6):
            n = neighbour(h, d)
            if (n in cave.origin and n not in dist and n not in blocked
                    and edge(h, d) not in cave.walls):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def test_the_example_is_the_same_position_in_both_books() -> None:
    def strip(figs: list[list[Any]]) -> list[list[Any]]:
        return [[f[0], *f[1:3], *f[4:]] for f in figs]

    assert strip(_example("ru")) == strip(_example("en"))


def test_the_worked_example_is_a_legal_position() -> None:
    cave = _drawn_cave()
    content = _bundle().content
    tunnels = {h for h, (tid, lh) in cave.origin.items()
               if content.location(tid).features.get(lh) == "tunnel"}
    figures = _example("en")
    now = {f[3] or "hero": (f[1], f[2]) for f in figures}
    before = {f[3] or "hero": (f[4], f[5]) for f in figures if len(f) >= 6}
    hero = now.pop("hero")
    hero_from = before.pop("hero")
    assert all(h in cave.origin for h in [hero, hero_from, *now.values(), *before.values()])
    assert len(set(now.values()) | {hero}) == len(now) + 1  # one figure a hex
    # the start: the hero six hexes from the door, A next to him, B and C two hexes away,
    # D on a tunnel entrance, E off the board
    start = {"A": now["A"], "B": before["B"], "C": before["C"], "D": before["D"]}
    assert _steps(cave, cave.door, set())[hero_from] == 6
    walk = _steps(cave, hero_from, set())
    assert walk[start["A"]] == 1 and walk[start["B"]] == 2 and walk[start["C"]] == 2
    assert start["D"] in tunnels and "E" not in before
    # 1. the hero takes one step, and A is still beside him
    others = set(start.values())
    assert _steps(cave, hero_from, others)[hero] == 1
    assert _steps(cave, hero, set())[now["A"]] == 1
    # 2. B and C each step one hex onto a free hex; D goes into the tunnel
    for g in "BC":
        assert _steps(cave, before[g], others - {before[g]} | {hero})[now[g]] == 1
    # 3. D and E appear on free tunnel entrances
    assert now["D"] in tunnels and now["E"] in tunnels and now["E"] == before["D"]
    # 4.–5. four goblins stand around the hero; A and B die, C and D are left beside him
    adjacent = {g for g, h in now.items() if _steps(cave, hero, set()).get(h) == 1}
    assert adjacent == {"A", "B", "C", "D"}
    assert cave.door not in tunnels


# --- the cave diagram -----------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_cave_diagram_has_a_legend_of_the_map_symbols(lang: str) -> None:
    (plain,) = [d for d in _diagrams(lang, "cave") if not d.get("figures")
                and not d.get("legend_only")]
    symbols = {pair[0] for pair in plain["legend"]}
    assert symbols >= MAP_SYMBOLS
    with_legend = cave_diagram(plain, lang, 400.0)
    without = cave_diagram({k: v for k, v in plain.items() if k != "legend"}, lang, 400.0)
    assert with_legend.height > without.height + 10
    assert any(d.get("legend_only") for d in _diagrams(lang, "cave"))  # the quick reference


@pytest.mark.parametrize("lang", LANGS)
def test_captions_say_hexes(lang: str) -> None:
    text = _rendered(lang)
    assert "клет" not in text.lower()
    if lang == "en":
        assert "'" not in _plain(re.sub(r"`[^`]*`", "", text))

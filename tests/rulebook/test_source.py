"""Front matter, Jinja rendering, the plural filter and template problems with positions."""

from __future__ import annotations

import pytest

from generator.errors import ContentError
from generator.rulebook.build import load_rules
from generator.rulebook.diagrams import DIAGRAMS, enrich_kwargs
from generator.rulebook.source import (
    parse_diagram_line,
    plural,
    render_markdown,
    split_front_matter,
)

from .conftest import RULES, magic_context


@pytest.mark.parametrize(("n", "expected"), [
    (0, "0 очков"), (1, "1 очко"), (2, "2 очка"), (4, "4 очка"), (5, "5 очков"),
    (11, "11 очков"), (12, "12 очков"), (14, "14 очков"), (21, "21 очко"), (22, "22 очка"),
    (25, "25 очков"), (101, "101 очко"), (111, "111 очков"), (112, "112 очков"),
])
def test_plural_russian_agrees_with_the_number(n: int, expected: str) -> None:
    assert plural(n, ("очко", "очка", "очков"), "ru") == expected


@pytest.mark.parametrize(("lang", "forms", "counts"), [
    ("uk", ("гекс", "гекси", "гексів"), {1: "гекс", 2: "гекси", 5: "гексів", 11: "гексів",
                                         21: "гекс", 22: "гекси", 25: "гексів"}),
    ("de", ("Zutat", "Zutaten"), {1: "Zutat", 2: "Zutaten", 21: "Zutaten"}),
])
def test_plural_follows_each_languages_own_rule(lang: str, forms: tuple[str, ...],
                                                counts: dict[int, str]) -> None:
    for n, word in counts.items():
        assert plural(n, forms, lang) == f"{n} {word}"


def test_counted_word_forms_are_checked_against_the_language() -> None:
    from generator.content.plurals import check_forms

    assert check_forms({"one": "игрок", "few": "игрока", "many": "игроков"}, "ru") == ""
    assert check_forms({"one": "player", "other": "players"}, "ru") == (
        "a counted word in 'ru' has the forms one, few, many: add few, many and remove other")
    assert "no plural rule is known for the language 'qq'" in check_forms({}, "qq")


@pytest.mark.parametrize(("n", "expected"), [(0, "0 points"), (1, "1 point"), (2, "2 points"),
                                             (21, "21 points")])
def test_plural_english_takes_two_forms(n: int, expected: str) -> None:
    assert plural(n, ("point", "points"), "en") == expected


def test_plural_filter_in_a_template() -> None:
    text = "{{ 21 | plural('очко', 'очка', 'очков') }}, {{ n | plural('очко', 'очка', 'очков') }}"
    assert render_markdown(text, {"n": 22}, "ru", set()) == "21 очко, 22 очка"


def test_plural_with_wrong_number_of_forms_is_a_located_problem() -> None:
    with pytest.raises(ContentError) as err:
        render_markdown("a\n\n{{ n | plural('point') }}", {"n": 2}, "en", set(), "en.md", 5)
    assert err.value.problems[0].format() == (
        "en.md:7:8: plural in 'en' needs 2 forms, for one, other; got 1")


def test_front_matter_is_split_and_body_lines_are_counted() -> None:
    src = split_front_matter("---\ntitle: T\nsubtitle: S\n---\n## A {#a}\n", "x.md")
    assert src.meta == {"title": "T", "subtitle": "S"}
    assert src.body.startswith("## A")
    assert src.body_first_line == 5
    assert src.problems == []


def test_missing_front_matter_is_a_problem() -> None:
    src = split_front_matter("## A {#a}\n", "x.md")
    assert "front matter" in src.problems[0].message


def test_unknown_variable_gives_exact_file_line_and_column() -> None:
    loaded = load_rules(RULES / "bad_unknown_variable.md", magic_context("ru"), "ru",
                        display="rules/bad.md")
    messages = [p.format() for p in loaded.problems]
    assert messages == ["rules/bad.md:7:11: unknown variable 'tokn_count': check its spelling "
                        "(docs/rules-format.md lists the variables)"]


def test_unknown_attribute_points_at_the_attribute() -> None:
    loaded = load_rules(RULES / "bad_attribute.md", magic_context("ru"), "ru", display="b.md")
    (problem,) = loaded.problems
    assert (problem.line, problem.column) == (6, 17)
    assert "wand_bonuss" in problem.message


def test_template_syntax_error_is_located() -> None:
    loaded = load_rules(RULES / "bad_syntax.md", magic_context("ru"), "ru", display="s.md")
    (problem,) = loaded.problems
    assert problem.file == "s.md" and problem.line >= 6
    assert problem.message.startswith("template syntax error")


def test_unknown_diagram_is_a_problem_at_its_call() -> None:
    loaded = load_rules(RULES / "bad_diagram.md", magic_context("ru"), "ru", display="d.md")
    (problem,) = loaded.problems
    assert (problem.line, problem.column) == (6, 4)
    assert "unknown diagram 'unicorn'" in problem.message


def test_diagram_call_emits_a_placeholder_the_parser_reads() -> None:
    out = render_markdown('{{ diagram("token", number=7, name="Перо") }}', {}, "ru", DIAGRAMS)
    line = next(x for x in out.splitlines() if x.strip())
    assert parse_diagram_line(line) == ("token", {"number": 7, "name": "Перо"})


def test_diagram_arguments_are_completed_from_the_context() -> None:
    ctx = magic_context("ru")
    assert enrich_kwargs("token", {"number": 7}, ctx)["name"] == "Воронье перо"
    card = enrich_kwargs("formula-card", {"card": 5}, ctx)
    assert card["ingredients"] == [5, 25, 18]
    assert card["names"] == ["Четырёхлистный клевер", "Ягоды омелы", "Изумруд"]


def test_heading_ids_are_not_jinja_comments() -> None:
    assert render_markdown("## Title {#setup}\n{## a note ##}", {}, "ru", set()) == (
        "## Title {#setup}\n")


def test_written_out_plural_rules_are_babels():
    """The bundled languages' plural rules, written out to spare importing Babel, give the
    category Babel's CLDR rule gives for every whole number probed."""
    from babel.core import Locale

    from generator.content import plurals

    assert sorted(plurals.WHOLE_NUMBER_RULES) == ["en", "ru", "uk"]
    numbers = [*range(0, 1200), 10_001, 10_011, 10_012, 123_456, 1_000_000, 2_000_021]
    for lang, ours in plurals.WHOLE_NUMBER_RULES.items():
        babel_rule = Locale.parse(lang).plural_form
        assert [ours(n) for n in numbers] == [babel_rule(n) for n in numbers], lang
    assert plurals.categories("ru") == ("one", "few", "many")
    assert plurals.categories("en") == ("one", "other")
    assert plurals.count(22, ["проём", "проёма", "проёмов"], "ru") == "22 проёма"

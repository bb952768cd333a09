"""Hyphenation for Russian and English, including words with «ё»."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph

from generator.rulebook.hyphenate import enable_yo, hyphenated, hyphenator
from generator.rulebook.typeset import _prepare


def test_russian_words_with_yo_have_break_points() -> None:
    assert hyphenated("четырёхлистный", "ru") == "че-ты-рёх-лист-ный"
    assert hyphenated("перевёрнутый", "ru") == "пе-ре-вёр-ну-тый"
    assert "-" in hyphenated("Ёлочка", "ru")


def test_english_words_hyphenate() -> None:
    assert "-" in hyphenated("ingredients", "en")


def _lines(text: str, lang: str, width: float) -> list[str]:
    _prepare()
    style = ParagraphStyle("t", fontName="Serif", fontSize=10, leading=12,
                           hyphenationLang=hyphenator(lang), embeddedHyphenation=1)
    para = Paragraph(text, style)
    para.wrap(width, 1000)
    return [" ".join(line[1]) for line in para.blPara.lines]


def test_reportlab_breaks_a_yo_word_with_a_hyphen() -> None:
    enable_yo()
    lines = _lines("клевер четырёхлистный растёт", "ru", 75)
    assert any(line.endswith("-") for line in lines), lines
    joined = "".join(line.rstrip("-") for line in " ".join(lines).split())
    assert "четырёх" in joined


def test_a_quoted_name_is_not_hyphenated() -> None:
    """A quoted name (a phase, a command) reads better whole; its neighbours still break."""
    enable_yo()
    lines = _lines("слово «перевёрнутый»", "ru", 70)
    assert not any(line.endswith("-") for line in lines), lines
    assert any(line.endswith("-") for line in _lines("слово перевёрнутый", "ru", 70))


def test_the_words_of_code_spans_and_quotes_are_kept_whole_in_the_book() -> None:
    from generator.rulebook.hyphenate import KEEP_WHOLE
    from generator.rulebook.typeset import Builder, Styles

    KEEP_WHOLE.clear()
    builder = Builder(Styles("en"), "en", 400, {})
    builder.inline("Type <code>labyrinth-pnp plan check</code> in the “Movement” phase")
    assert {"labyrinth", "pnp", "plan", "check", "movement"} <= KEEP_WHOLE
    assert "type" not in KEEP_WHOLE
    assert list(hyphenator("en")("labyrinth")) == []

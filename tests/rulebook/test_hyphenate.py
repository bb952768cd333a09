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


def test_our_pattern_reader_splits_every_rulebook_word_as_pyphen_does() -> None:
    """Patterns (read lazily, for speed) must agree with pyphen's own reader on every word
    of the bundled rulebooks, in each language whose dictionary it reads."""
    import re
    from pathlib import Path

    import pyphen

    from generator.rulebook.hyphenate import PYPHEN_LANG, Patterns

    root = Path(__file__).resolve().parents[2] / "content"
    for lang in ("ru", "en", "uk", "de"):
        words = {w for f in root.glob("*/rules/*.md")
                 for w in re.findall(r"[^\W\d_]{4,}", f.read_text(encoding="utf-8"))}
        assert len(words) > 300
        path = Path(str(pyphen.LANGUAGES[PYPHEN_LANG[lang]]))
        ours = Patterns(path)
        theirs = pyphen.Pyphen(filename=path, left=2, right=2)
        differ = [w for w in sorted(words)
                  if ours.positions(w) != [int(i) for i in theirs.positions(w)]]
        assert differ == [], (lang, differ[:5])


def test_whole_file_reading_files_the_same_patterns_as_reading_line_by_line() -> None:
    """Every dictionary pyphen ships that our reader takes: the same patterns either way."""
    from pathlib import Path

    import pyphen

    from generator.rulebook.hyphenate import Patterns

    compared = 0
    for code, file in sorted(pyphen.LANGUAGES.items()):
        path = Path(str(file))
        try:
            fast = Patterns(path)._raw
        except ValueError:
            continue  # nonstandard patterns: pyphen reads these
        with path.open("rb") as head:
            encoding = head.readline().decode().strip()
        encoding = "cp1251" if encoding.lower() == "microsoft-cp1251" else encoding
        assert fast == Patterns._read_lines(path.read_text(encoding).partition("\n")[2]), code
        assert list(fast) == list(Patterns._read_lines(
            path.read_text(encoding).partition("\n")[2])), code
        compared += 1
    assert compared >= 50

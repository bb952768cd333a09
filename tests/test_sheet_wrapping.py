"""Text on sheets, aids and guides: no one-letter word at the end of a line."""

from __future__ import annotations

from generator.draw.fonts import text_width
from generator.draw.kit import wrap_balanced, wrap_greedy


def test_a_one_letter_word_goes_down_with_the_next_word() -> None:
    text = "У него с собой камень героя, а Штормбород может уйти в туннель"
    lines = wrap_greedy(text, lambda line: len(line) <= 16)
    assert lines == ["У него с собой", "камень героя,", "а Штормбород", "может уйти", "в туннель"]
    assert all(len(line.split()[-1]) > 1 for line in lines)
    english = wrap_greedy("Take a stone and I go on", lambda line: len(line) <= 6)
    assert english == ["Take", "a stone", "and", "I go", "on"]


def test_a_balanced_caption_never_ends_its_first_line_with_one_letter() -> None:
    text = "Гоблин и огр"
    width = text_width("Гоблин и", "Sans", 9)
    lines = wrap_balanced(text, "Sans", 9, width, 2)
    assert lines == ["Гоблин", "и огр"]

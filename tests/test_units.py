import pytest

from generator.units import LengthSyntaxError, mm, parse_length


@pytest.mark.parametrize("text, expected", [("25mm", 25.0), ("2.5cm", 25.0), ("1in", 25.4),
                                            ("72pt", 25.4), (" 63 mm ", 63.0)])
def test_parse_length_converts_units_to_mm(text, expected):
    assert parse_length(text) == pytest.approx(expected)


@pytest.mark.parametrize("text", ["25", "mm", "25 px", "-3mm", 25])
def test_parse_length_rejects_lengths_without_a_known_unit(text):
    with pytest.raises(LengthSyntaxError, match="write a number and a unit"):
        parse_length(text)


def test_mm_converts_to_points():
    assert mm(25.4) == pytest.approx(72.0)

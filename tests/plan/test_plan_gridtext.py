"""Reading the grid text format: encodings, line ends, widths, spellings, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.plan.checker.check import check_plan
from generator.plan.text.gridtext import parse_grid, write_grid
from generator.plan.text.model import HOLE, MOUTH, RIVER

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"
EXAMPLE = (FIXTURES / "spec_example.txt").read_text(encoding="utf-8")


def test_bom_and_crlf_read_like_plain_text() -> None:
    data = b"\xef\xbb\xbf" + EXAMPLE.replace("\n", "\r\n").encode("utf-8")
    report = check_plan(data, "crlf.txt")
    assert report.valid and report.problems == []
    assert parse_grid(EXAMPLE.replace("\n", "\r\n")) == parse_grid(EXAMPLE)


def test_comments_and_blank_lines_around_grid_are_kept() -> None:
    text = "\n# header\n\n" + EXAMPLE + "\n# footer\n"
    plan = parse_grid(text)
    assert plan.before == ["", "# header", "", "# Пример: 4 ряда, 5 столбцов"]
    assert plan.after == ["", "# footer"]
    assert write_grid(plan) == text


def test_stripped_trailing_spaces_on_right_exit_are_padded() -> None:
    plan = parse_grid(EXAMPLE)
    assert plan.exits == [((2, 4), "right")]


def test_wider_cells_and_alternative_walls() -> None:
    text = ("+===+===+\n"
            "‖Ар  М  ‖\n"
            "+   +---+\n"
            "|С   С   \n"
            "+---+---+\n")
    plan = parse_grid(text)
    assert plan.cell_width == 3
    assert plan.walls == {((1, 1), (0, 1))} or plan.walls == {((0, 1), (1, 1))}
    assert check_plan(text, "w.txt").valid


def test_mixed_languages_and_unicode_arrows() -> None:
    text = EXAMPLE.replace("Р> Рv", "R→ R↓").replace("|Ар", "|A ")
    plan = parse_grid(text)
    assert plan.cell((0, 1)).kind == RIVER and plan.cell((0, 1)).flow == "right"
    assert plan.cell((0, 2)).flow == "down"
    assert check_plan(text, "mixed.txt").valid


def test_hole_letters_are_case_insensitive() -> None:
    plan = parse_grid(EXAMPLE.replace("Я3", "я3"))
    assert plan.cell((2, 4)).kind == HOLE and plan.cell((2, 4)).cycle == "Я"
    assert check_plan(EXAMPLE.replace("Я3", "я3"), "x.txt").valid


def test_mixed_cyrillic_and_latin_hole_letters_warn() -> None:
    text = EXAMPLE.replace("Я1", "Х1").replace("Я2", "X2").replace("Я3", "Х3")
    report = check_plan(text, "x.txt", "en")
    assert report.valid
    assert [(p.rule, p.severity) for p in report.problems] == [("hole-cycle", "warning")]


@pytest.mark.parametrize(("code", "reading"), [
    ("Y", MOUTH), ("P>", RIVER), ("Ap", "arsenal"), ("M", "medpost"), ("Yc", MOUTH)])
def test_lookalike_codes_are_read_with_a_warning(code: str, reading: str) -> None:
    from generator.plan.text.codes import read_code

    result = read_code(code)
    assert result.cell.kind == reading
    assert result.severity == "warning" and result.key == "cell-code.lookalike"


@pytest.mark.parametrize("code", ["A", "H", "O", "Y2", "X1", "L", ".", "T+", "Ус", "Кл"])
def test_codes_valid_as_written_never_warn(code: str) -> None:
    from generator.plan.text.codes import read_code

    assert read_code(code).key is None


@pytest.mark.parametrize(("code", "key"), [
    ("с", "cell-code.case"), ("С1", "cell-code.hole-letter"), ("Р", "cell-code.river-arrow"),
    ("К", "cell-code.treasure"), ("Я1234", "cell-code.hole-number"), ("??", "cell-code.unknown")])
def test_bad_codes_say_what_was_meant(code: str, key: str) -> None:
    from generator.plan.text.codes import read_code

    assert read_code(code).key == key


@pytest.mark.parametrize(("text", "key"), [
    ("", "syntax.no-grid"),
    ("# only a comment\n\n", "syntax.no-grid"),
    ("|С С|\n", "syntax.start"),
    ("+------\n|С\n+------\n", "syntax.width"),
    ("+-+-+\n|С|С|\n+-+-+\n|С|С|\n+-+-+\n", "syntax.narrow"),
    ("+--+--+\n|Ар М |\n+--+--+\n|С  С |\n", "syntax.even"),
    ("+--+--+\n|Ар\tМ |\n+  +  +\n|С  С |\n+--+--+\n", "syntax.control"),
    ("+--+--+\n|Ар М |\n\n|С  С |\n+--+--+\n", "syntax.inside"),
    ("+--+--+\n|Ар М |x\n+  +  +\n|С  С |\n+--+--+\n", "syntax.length"),
    ("+--+--+\n>Ар М  \n+  +  +\n|С  С |\n+--+--+\n", "syntax.frame-swamp"),
    ("+--+--+\n|Ар*М  \n+  +  +\n|С  С |\n+--+--+\n", "syntax.vborder"),
])
def test_syntax_errors(text: str, key: str) -> None:
    report = check_plan(text, "s.txt", "en")
    assert not report.valid
    assert report.problems[0].rule in ("syntax", "size")
    from generator.plan.text.gridtext import read_grid

    _, _, findings, _, _ = read_grid(text)
    assert findings[0].key == key


def test_huge_grid_is_a_size_error() -> None:
    row = "+" + "--+" * 100
    cells = "|" + "С  " * 99 + "С |"
    text = "\n".join([row, cells] * 100 + [row]) + "\n"
    report = check_plan(text, "big.txt")
    assert [p.rule for p in report.problems] == ["size"]


def test_file_over_one_megabyte_is_a_size_error() -> None:
    report = check_plan(b"#" * 1_100_000, "huge.txt")
    assert [p.rule for p in report.problems] == ["size"]


def test_not_utf8_is_a_syntax_error_with_position() -> None:
    report = check_plan(b"# ok\n+--\xff\n", "bin.txt")
    (problem,) = report.problems
    assert (problem.rule, problem.line, problem.column) == ("syntax", 2, 4)

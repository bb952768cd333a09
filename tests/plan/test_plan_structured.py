"""The structured YAML/JSON form: lossless conversion and located problems."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.plan.checker.check import check_plan
from generator.plan.text.gridtext import parse_grid, write_grid
from generator.plan.text.structured import parse_structured, read_structured, write_structured

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"
GRIDS = sorted(p.name for p in FIXTURES.glob("*.txt") if p.name.startswith(("valid", "spec")))


@pytest.mark.parametrize("name", GRIDS)
@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_grid_to_structured_and_back_is_lossless(name: str, fmt: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    plan = parse_grid(text)
    again = parse_structured(write_structured(plan, fmt), f"x.{fmt}")
    assert again == plan
    assert write_grid(again) == write_grid(plan)


def test_structured_plan_is_checked_like_its_grid() -> None:
    text = (FIXTURES / "bad_river_wall.txt").read_text(encoding="utf-8")
    yaml_text = write_structured(parse_grid(text))
    report = check_plan(yaml_text, "plan.yaml", "en")
    assert [p.rule for p in report.problems] == ["river-wall"]
    assert report.problems[0].cells == ("B2", "B3")


def test_structured_problems_point_at_the_yaml_value() -> None:
    text = """cells:
  - ["Ар", "М"]
  - ["С", "Q"]
exit: {cell: A1, side: top}
"""
    report = check_plan(text, "p.yaml", "en")
    (problem,) = report.problems
    assert (problem.rule, problem.line, problem.column) == ("cell-code", 3, 11)


def test_structured_hand_written_minimal_plan() -> None:
    text = """cells:
  - [Ар, М]
  - [С, ""]
walls: []
exit: {cell: B2, side: right}
"""
    report = check_plan(text, "p.yml")
    assert report.valid, [p.message for p in report.problems]


@pytest.mark.parametrize(("text", "rule"), [
    ("", "syntax"),
    ("[1, 2]", "syntax"),
    ("cells: 5", "syntax"),
    ("cells: [[A, H], [., .]]\nexit: {cell: Z9, side: top}", "syntax"),
    ("cells: [[A, H], [., .]]\nwalls: [[A1, B2]]\nexit: {cell: A1, side: top}", "syntax"),
    ("cells: [[A, H], [., .]]\nexit: {cell: B2, side: top}", "syntax"),
    ("cells: [[A, H, .], [., .]]", "syntax"),
    ("cells: [[A]]", "size"),
    ("cells: [[A, H], [., .]]\nswamps: [{from: A1, to: B1}]\nwalls: [[A1, B1]]\n"
     "exit: {cell: A1, side: top}", "swamp"),
    ("[" * 5000, "syntax"),
    ("a: &x [1]\nb: *x\ncells: {", "syntax"),
])
def test_bad_structured_input_gives_problems(text: str, rule: str) -> None:
    report = check_plan(text, "bad.yaml", "en")
    assert not report.valid
    assert rule in {p.rule for p in report.problems}


def test_unknown_key_is_a_warning() -> None:
    text = "colour: red\ncells: [[A, H], [., .]]\nexit: {cell: A1, side: top}\n"
    report = check_plan(text, "p.yaml", "en")
    assert report.valid
    assert [(p.rule, p.severity) for p in report.problems] == [("syntax", "warning")]


def test_json_is_read_too() -> None:
    text = write_structured(parse_grid((FIXTURES / "spec_example.txt").read_text("utf-8")), "json")
    assert check_plan(text, "p.json").valid
    plan, _, findings, rows, cols = read_structured(text, "p.json")
    assert plan is not None and not findings and (rows, cols) == (4, 5)


def test_yaml_aliases_are_refused_quickly() -> None:
    bomb = ("a: &a [" + ",".join(["x"] * 100) + "]\nb: &b [" + ",".join(["*a"] * 100)
            + "]\ncells: [" + ",".join(["*b"] * 100) + "]\n")
    report = check_plan(bomb, "bomb.yaml", "en")
    assert [(p.rule, p.line) for p in report.problems] == [("syntax", 2)]

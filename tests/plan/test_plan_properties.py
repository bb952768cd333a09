"""Property tests: random plans pass, conversions are lossless, no input makes the checker fail."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.plan.checker.check import check_plan
from generator.plan.making.randomplan import random_plan
from generator.plan.text.gridtext import parse_grid, write_grid
from generator.plan.text.structured import parse_structured, write_structured

SIZES = st.tuples(st.integers(2, 7), st.integers(2, 7))


@st.composite
def plans(draw):  # type: ignore[no-untyped-def]
    rows, cols = draw(SIZES)
    cells = rows * cols
    rivers = draw(st.integers(0, max(0, min(3, (cells - 6) // 3))))
    holes = draw(st.sampled_from([0, 2, 3, 4]))
    if 2 * rivers + holes + 4 > cells:
        holes = 0
    lang = draw(st.sampled_from(["ru", "en"]))
    return random_plan(rows, cols, draw(st.integers(0, 10**6)), rivers, holes, lang)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plans())
def test_every_random_plan_passes_the_checker(plan) -> None:  # type: ignore[no-untyped-def]
    report = check_plan(write_grid(plan), "random.txt", "en")
    assert report.valid, [p.format("random.txt") for p in report.problems]
    assert report.problems == []


@settings(max_examples=100, deadline=None)
@given(plans(), st.sampled_from(["yaml", "json"]))
def test_grid_structured_grid_is_identity(plan, fmt: str) -> None:  # type: ignore[no-untyped-def]
    grid = write_grid(plan)
    back = write_grid(parse_structured(write_structured(parse_grid(grid), fmt), f"p.{fmt}"))
    assert back == grid


@settings(max_examples=100, deadline=None)
@given(plans(), st.sampled_from(["yaml", "json"]))
def test_structured_grid_structured_is_identity(plan, fmt: str) -> None:  # type: ignore
    text = write_structured(plan, fmt)
    again = write_structured(parse_grid(write_grid(parse_structured(text, f"p.{fmt}"))), fmt)
    assert again == text


@settings(max_examples=60, deadline=None)
@given(plans(), st.lists(st.text(max_size=30), max_size=3), st.lists(st.text(max_size=30),
                                                                      max_size=3))
def test_any_comment_text_survives_conversion(plan, before, after) -> None:  # type: ignore
    plan.before = ["# " + line.replace("\n", " ").replace("\r", " ") for line in before]
    plan.after = ["# " + line.replace("\n", " ").replace("\r", " ") for line in after]
    for fmt in ("yaml", "json"):
        assert parse_structured(write_structured(plan, fmt), f"p.{fmt}") == plan


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_arbitrary_text_only_gives_problems(text: str) -> None:
    for name in ("t.txt", "t.yaml", "t.json"):
        report = check_plan(text, name, "en")
        assert isinstance(report.valid, bool)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_only_give_problems(data: bytes) -> None:
    for name in ("b.txt", "b.yaml"):
        report = check_plan(data, name, "ru")
        assert isinstance(report.valid, bool)


GRID_CHARS = st.sampled_from(list("+-|=‖ v^<>СРУМАЯКнлр12→↓.LAHORT\n#"))


@settings(max_examples=400, deadline=None)
@given(st.lists(GRID_CHARS, max_size=300).map("".join))
def test_grid_like_noise_only_gives_problems(text: str) -> None:
    report = check_plan("+--+--+\n" + text, "n.txt", "en")
    assert isinstance(report.valid, bool)


@settings(max_examples=200, deadline=None)
@given(plans(), st.data())
def test_mutated_plans_only_give_problems(plan, data) -> None:  # type: ignore
    text = write_grid(plan)
    i = data.draw(st.integers(0, len(text) - 1))
    ch = data.draw(GRID_CHARS)
    report = check_plan(text[:i] + ch + text[i + 1:], "m.txt", "en")
    assert isinstance(report.valid, bool)

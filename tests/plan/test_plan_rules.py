"""One fixture per rule id, each breaking only that rule; exact messages for a few."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.plan.checker.check import check_plan

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"

ONLY_RULE = {
    "bad_syntax_misaligned.txt": "syntax",
    "bad_cell_code.txt": "cell-code",
    "bad_size.txt": "size",
    "bad_exit_none.txt": "exit",
    "bad_exit_two.txt": "exit",
    "bad_arsenal_none.txt": "arsenal",
    "bad_medpost_two.txt": "medpost",
    "bad_land.txt": "land",
    "bad_treasure_two_real.txt": "treasure",
    "bad_river_flow_off.txt": "river-flow",
    "bad_river_flow_mouth.txt": "river-flow",
    "bad_river_merge.txt": "river-merge",
    "bad_river_blocked.txt": "river-blocked",
    "bad_river_wall.txt": "river-wall",
    "bad_river_wall_same.txt": "river-wall",
    "bad_swamp_out.txt": "swamp",
    "bad_swamp_count.txt": "swamp-count",
    "bad_hole_cycle.txt": "hole-cycle",
    "bad_reachability.txt": "reachability",
}


def _check(name: str, lang: str = "ru"):
    path = FIXTURES / name
    return check_plan(path.read_bytes(), name, lang)


def _lines(name: str, lang: str) -> list[str]:
    report = _check(name, lang)
    return [p.format(report.file) for p in report.problems]


def test_every_rule_id_has_a_fixture() -> None:
    rules = {"syntax", "cell-code", "size", "exit", "arsenal", "medpost", "land", "treasure",
             "river-flow", "river-merge", "river-blocked", "river-wall", "swamp", "swamp-count",
             "hole-cycle", "reachability"}
    assert set(ONLY_RULE.values()) == rules


@pytest.mark.parametrize(("name", "rule"), sorted(ONLY_RULE.items()))
def test_fixture_breaks_only_its_rule(name: str, rule: str) -> None:
    for lang in ("ru", "en"):
        report = _check(name, lang)
        assert not report.valid
        assert report.problems, name
        assert {p.rule for p in report.problems} == {rule}
        assert all(p.severity == "error" for p in report.problems)
        assert all(p.message for p in report.problems)


EXACT = {
    ("bad_river_wall.txt", "en"): [
        "bad_river_wall.txt:6:5: error[river-wall]: add a wall between B2 and B3: they belong "
        "to different rivers"],
    ("bad_river_wall.txt", "ru"): [
        "bad_river_wall.txt:6:5: error[river-wall]: поставьте стенку между B2 и B3: они "
        "принадлежат разным рекам"],
    ("bad_river_blocked.txt", "en"): [
        "bad_river_blocked.txt:3:7: error[river-blocked]: a wall between B1 and C1 blocks the "
        "river: remove it"],
    ("bad_river_blocked.txt", "ru"): [
        "bad_river_blocked.txt:3:7: error[river-blocked]: стенка между B1 и C1 перегораживает "
        "реку: уберите её"],
    ("bad_hole_cycle.txt", "en"): [
        "bad_hole_cycle.txt:3:14: error[hole-cycle]: the holes of cycle Я are numbered 1, 2, 4, "
        "they must be 1…3 with no gap or repeat: renumber them"],
    ("bad_hole_cycle.txt", "ru"): [
        "bad_hole_cycle.txt:3:14: error[hole-cycle]: ямы цикла Я пронумерованы 1, 2, 4, а "
        "должны быть 1…3 без пропусков и повторов: перенумеруйте их"],
    ("bad_swamp_out.txt", "en"): [
        "bad_swamp_out.txt:5:10: error[swamp]: the swamp between C2 and D2 points out of the "
        "mouth: turn the arrow towards the mouth C2"],
    ("bad_reachability.txt", "en"): [
        "bad_reachability.txt:9:2: error[reachability]: A4 cannot be reached from the rest of "
        "the plan (e.g. from A1): remove one of the walls A3–A4, A4–B4",
        "bad_reachability.txt:9:2: error[reachability]: A4 cannot be left towards the rest of "
        "the plan (e.g. to A1): remove one of the walls A3–A4, A4–B4"],
    ("bad_reachability.txt", "ru"): [
        "bad_reachability.txt:9:2: error[reachability]: в A4 нельзя попасть из остальной части "
        "плана (например, из A1): уберите одну из стенок A3–A4, A4–B4",
        "bad_reachability.txt:9:2: error[reachability]: из A4 нельзя выбраться в остальную часть "
        "плана (например, в A1): уберите одну из стенок A3–A4, A4–B4"],
    ("bad_exit_two.txt", "en"): [
        "bad_exit_two.txt:10:2: error[exit]: the outer frame has 2 gaps (E3 (right), A4 "
        "(bottom)): there must be one exit, close the others with a wall"],
    ("bad_arsenal_none.txt", "ru"): [
        "bad_arsenal_none.txt:2:1: error[arsenal]: в плане нет арсенала: напишите «Ар» в одной "
        "клетке"],
    ("bad_cell_code.txt", "en"): [
        "bad_cell_code.txt:9:2: error[cell-code]: unknown code 'Ж' in A4: use . (land), A "
        "(arsenal), H (medpost), O (mouth), R> R< R^ Rv (river), X1 (hole), T+/T- (treasure)"],
    ("bad_swamp_count.txt", "en"): [
        "bad_swamp_count.txt:5:5: error[swamp-count]: the mouth B2 has 4 swamps, at most three "
        "are allowed: remove the swamp between B2 and B1"],
    ("bad_river_merge.txt", "en"): [
        "bad_river_merge.txt:5:8: error[river-merge]: C1, D2 flow into the same cell C2: rivers "
        "may not branch or merge; turn one of the arrows"],
    ("bad_size.txt", "en"): [
        "bad_size.txt:2:1: error[size]: the plan is 1×5 (rows × columns); each must be between "
        "2 and 12: resize it"],
}


@pytest.mark.parametrize(("key", "expected"), sorted(EXACT.items()))
def test_exact_message_lines(key: tuple[str, str], expected: list[str]) -> None:
    name, lang = key
    assert _lines(name, lang) == expected


def test_problem_cells_and_positions() -> None:
    report = _check("bad_river_wall.txt", "en")
    (problem,) = report.problems
    assert problem.cells == ("B2", "B3")
    assert (problem.line, problem.column) == (6, 5)
    assert report.rows == 4 and report.cols == 5


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("valid_*.txt")))
def test_valid_fixtures_pass(name: str) -> None:
    report = _check(name)
    assert report.valid and report.problems == [], [p.message for p in report.problems]


def test_spec_example_is_valid() -> None:
    report = _check("spec_example.txt")
    assert report.valid
    assert report.problems == []
    assert (report.rows, report.cols) == (4, 5)


def test_lookalike_latin_letter_is_a_warning_naming_cell_and_reading() -> None:
    report = _check("warn_lookalike_latin_c.txt", "en")
    assert report.valid
    (problem,) = report.problems
    assert problem.severity == "warning" and problem.rule == "cell-code"
    assert problem.cells == ("A4",)
    assert "'С'" in problem.message and "land" in problem.message


def test_all_problems_are_reported_in_one_run() -> None:
    text = (FIXTURES / "spec_example.txt").read_text(encoding="utf-8")
    text = text.replace("|Ар Я1|", "|С  Я1|").replace("|С  С  С  С  С |", "|М  Кн С  С  С |")
    report = check_plan(text, "x.txt", "en")
    assert {p.rule for p in report.problems} == {"arsenal", "medpost", "treasure"}

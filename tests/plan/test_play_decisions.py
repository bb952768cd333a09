"""The host decisions of the rulebook that `plan play` follows: «два клада», feminine answers,
and a JSON transcript of a script even when a line is refused."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner
from test_engine import RIVERS  # a long river, a ravine of three holes, the exit right of D4

from generator.cli import main
from generator.plan.game.answers import answer_text, load_play_texts
from generator.plan.game.engine import Action, State, apply, new_game
from generator.plan.text.gridtext import parse_grid
from generator.plan.text.model import parse_cell_name

RU, (_, EN) = load_play_texts("ru")


def game(**starts: str) -> State:
    cells = [parse_cell_name(c, 12, 12) for c in starts.values()]
    state, _ = new_game(parse_grid(RIVERS), list(starts), cells)  # type: ignore[arg-type]
    return state


def say(state: State, name: str, kind: str, direction: str | None = None,
        genders: dict[str, str] | None = None) -> tuple[State, str, str]:
    state, answer = apply(state, name, Action(kind, direction))
    return state, answer_text(RU, answer, genders), answer_text(EN, answer, genders)


def test_two_treasures_in_one_cell_are_announced_as_two() -> None:
    state = game(Борис="B4", Аня="A4")
    state, _, _ = say(state, "Борис", "take")  # the real one, at B4
    state, ru, en = say(state, "Борис", "move", "right")  # onto the false one at C4
    assert (ru, en) == ("суша, клад", "land, treasure")
    state, _, _ = say(state, "Борис", "drop")
    state, _, _ = say(state, "Аня", "move", "right")
    state, _, _ = say(state, "Борис", "move", "left")
    state, ru, en = say(state, "Аня", "move", "right")
    assert (ru, en) == ("суша, два клада", "land, two treasures")
    state, _, _ = say(state, "Аня", "take")
    assert state.player("Аня").treasure == "false"  # the one that lay there longer
    state, ru, _ = say(state, "Борис", "move", "right")
    assert ru == "суша, клад"


def test_a_woman_leaving_hears_the_feminine_form() -> None:
    state = game(Аня="C4", Борис="A4")
    state, ru, en = say(state, "Аня", "move", "right")
    state, _, _ = say(state, "Борис", "move", "up")
    state, ru, en = say(state, "Аня", "move", "right")
    assert (ru, en) == ("вышла", "exited")
    state = game(Никита="D4", Sam="A4")
    state, ru, _ = say(state, "Никита", "move", "right")
    assert ru == "вышел"
    state = game(Sam="D4", Никита="A4")
    state, ru, _ = say(state, "Sam", "move", "right", {"Sam": "f"})
    assert ru == "вышла"
    state = game(Аня="D4", Никита="A4")
    state, ru, _ = say(state, "Аня", "move", "right", {"Аня": "m"})
    assert ru == "вышел"


def test_wounded_and_killed_follow_the_gender_the_host_knows() -> None:
    state = game(Борис="A4", Sam="B4")
    state, ru, en = say(state, "Борис", "shoot", "right", {"Sam": "f"})
    assert (ru, en) == ("Sam ранена", "Sam wounded")
    state, _, _ = say(state, "Sam", "move", "up", {"Sam": "f"})
    state = game(Борис="A4", Sam="B4")
    state, ru, _ = say(state, "Борис", "shoot", "right")
    assert ru == "Sam ранен"  # unknown gender: the masculine form
    state = game(Аня="A4", Вера="B4")
    state, ru, _ = say(state, "Аня", "shoot", "right")
    state, _, _ = say(state, "Вера", "move", "left")
    state, ru, _ = say(state, "Аня", "shoot", "down")
    assert ru == "Вера убита"


def test_a_refused_script_line_still_gives_one_json_document(tmp_path: Path) -> None:
    plan = tmp_path / "plan.txt"
    plan.write_text(RIVERS, encoding="utf-8")
    script = tmp_path / "moves.txt"
    lines = ["Аня старт A4", "Борис старт B4"]
    for _ in range(3):
        lines += ["Аня стрелять вверх", "Борис вверх"]
    lines += ["Аня стрелять вверх"]
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["plan", "play", str(plan), "--script", str(script),
                                       "--format", "json", "--lang", "ru"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert len(data["turns"]) == 6 and data["turns"][-1]["player"] == "Борис"
    assert data["players"][0]["bullets"] == 0
    assert data["problems"] == [{
        "file": str(script), "line": 9, "column": 5, "severity": "error",
        "message": "У игрока Аня кончились пули — пополнить запас можно в арсенале. "
                   "Выберите другое действие."}]
    assert f"{script}:9:5: У игрока Аня" in result.stderr
    ok = tmp_path / "ok.txt"
    ok.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["plan", "play", str(plan), "--script", str(ok),
                                       "--format", "json", "--lang", "ru"])
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == []


def test_a_script_refused_before_the_first_turn_gives_an_empty_transcript(tmp_path: Path) -> None:
    plan = tmp_path / "plan.txt"
    plan.write_text(RIVERS, encoding="utf-8")
    script = tmp_path / "moves.txt"
    script.write_text("Аня прыжок\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["plan", "play", str(plan), "--script", str(script),
                                       "--format", "json", "--lang", "ru"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["turns"] == [] and data["players"] == []
    assert [(p["line"], p["column"]) for p in data["problems"]] == [(1, 5)]

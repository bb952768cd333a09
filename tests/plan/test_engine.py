"""The game engine of `plan play`, one rule of the rulebook (rules/ru.md, rules/en.md) at a time."""

from __future__ import annotations

import pytest

from generator.plan.game.answers import answer_text, load_play_texts
from generator.plan.game.engine import Action, IllegalAction, State, apply, legal_actions, new_game
from generator.plan.text.gridtext import parse_grid
from generator.plan.text.model import parse_cell_name

# The rulebook's example plan (rules/ru.md, «Пример партии»).
EXAMPLE = """\
+--+--+--+--+--+
|М  С  Я1 Р> Рv|
+  +--+  +--+  +
|С  Кл С >У  Р<|
+  +  +  +  +--+
|Я2 С |Ар С  Кн|
+--+  +  +  +  +
|С  С  С |С  С
+--+--+--+--+--+
"""
# A long river A1 -> B1 -> C1 -> mouth D1, a ravine of three holes, the exit right of D4.
RIVERS = """\
+--+--+--+--+
|R> R> R> O |
+  +  +  +  +
|X1 .  .  X2|
+  +  +  +  +
|A  H  X3 . |
+  +  +  +  +
|.  T+ T- .
+--+--+--+--+
"""
RU, (_, EN) = load_play_texts("ru")


def cell(name: str) -> tuple[int, int]:
    pos = parse_cell_name(name, 12, 12)
    assert pos is not None
    return pos


def game(grid: str, **starts: str) -> State:
    state, _ = new_game(parse_grid(grid), list(starts), [cell(c) for c in starts.values()])
    return state


def act(state: State, name: str, kind: str, direction: str | None = None) -> tuple[State, str]:
    """Apply one action; return the state and the answer in Russian."""
    state, answer = apply(state, name, Action(kind, direction))
    return state, answer_text(RU, answer)


def where(state: State, name: str) -> str:
    pos = state.player(name).pos
    return "ABCDEFGHIJKL"[pos[1]] + str(pos[0] + 1) if state.plan.inside(pos) else "outside"


def test_a_simple_wall_and_a_capital_wall_keep_the_player() -> None:
    state = game(EXAMPLE, Аня="C4", Борис="A1")
    state, said = act(state, "Аня", "move", "right")
    assert said == "стенка" and where(state, "Аня") == "C4"
    state, said = act(state, "Борис", "move", "up")
    assert said == "стенка" and where(state, "Борис") == "A1"


def test_the_exit_leads_out_and_back_in_and_outside_is_land() -> None:
    state = game(EXAMPLE, Борис="E4")
    state, said = act(state, "Борис", "move", "right")
    assert said == "вышел" and where(state, "Борис") == "outside"
    state = game(EXAMPLE, Аня="E4")
    state, said = act(state, "Аня", "move", "right")
    assert said == "вышла" and where(state, "Аня") == "outside" and not state.over
    state, said = act(state, "Аня", "move", "right")
    assert said == "суша"
    state, said = act(state, "Аня", "move", "up")
    assert said == "суша"
    state, said = act(state, "Аня", "move", "left")
    assert said == "суша"
    state, said = act(state, "Аня", "move", "left")  # the frame beside the exit
    assert said == "стенка"
    state, said = act(state, "Аня", "move", "down")
    state, said = act(state, "Аня", "move", "left")  # through the gap
    assert said == "суша" and where(state, "Аня") == "E4"


def test_a_swamp_lets_a_player_into_the_mouth_but_not_out() -> None:
    state = game(EXAMPLE, Аня="C2")
    state, said = act(state, "Аня", "move", "right")
    assert said == "устье" and where(state, "Аня") == "D2"
    state, said = act(state, "Аня", "move", "left")
    assert said == "болото" and where(state, "Аня") == "D2"


def test_a_ravine_of_two_holes() -> None:
    state = game(EXAMPLE, Аня="B1")
    state, said = act(state, "Аня", "move", "right")  # into Я1 (C1): on to Я2 (A3)
    assert said == "яма" and where(state, "Аня") == "A3"
    state, said = act(state, "Аня", "move", "up")
    state, said = act(state, "Аня", "move", "down")  # into Я2 (A3): back to Я1 (C1)
    assert said == "яма" and where(state, "Аня") == "C1"


def test_a_ravine_of_three_holes_wraps_from_the_last_to_the_first() -> None:
    state = game(RIVERS, Anya="A3")
    state, said = act(state, "Anya", "move", "up")  # X1 -> X2
    assert said == "яма" and where(state, "Anya") == "D2"
    state, said = act(state, "Anya", "move", "down")
    state, said = act(state, "Anya", "move", "left")  # X3 -> X1
    assert said == "яма" and where(state, "Anya") == "A2"


def test_a_river_entered_from_aside_carries_two_cells() -> None:
    state = game(RIVERS, Anya="A2")
    state, said = act(state, "Anya", "move", "up")  # A1 -> B1 -> C1
    assert said == "река" and where(state, "Anya") == "C1"


def test_a_river_carries_one_cell_when_the_mouth_is_next() -> None:
    state = game(RIVERS, Anya="C2")
    state, said = act(state, "Anya", "move", "up")  # C1 -> the mouth D1
    assert said == "устье" and where(state, "Anya") == "D1"


def test_no_drift_between_consecutive_cells_of_a_river() -> None:
    state = game(RIVERS, Anya="D1")
    state, said = act(state, "Anya", "move", "left")  # from the mouth up into its river
    assert said == "река" and where(state, "Anya") == "C1"
    state, said = act(state, "Anya", "move", "left")  # upstream
    assert said == "река" and where(state, "Anya") == "B1"
    state, said = act(state, "Anya", "move", "right")  # downstream, one cell
    assert said == "река" and where(state, "Anya") == "C1"


def test_a_start_in_a_river_is_carried_first() -> None:
    state, answers = new_game(parse_grid(RIVERS), ["Anya", "Boris"], [cell("A1"), cell("B1")])
    assert [answer_text(RU, a) for a in answers] == ["река", "устье"]
    assert where(state, "Anya") == "C1" and where(state, "Boris") == "D1"
    assert state.player("Anya").path == (cell("A1"), cell("C1"))


def test_a_shot_hits_the_players_in_the_first_occupied_cell() -> None:
    state = game(RIVERS, Аня="A4", Борис="D4", Вера="D4")
    state, said = act(state, "Аня", "shoot", "right")
    assert said == "Борис ранен, Вера ранена"
    assert state.player("Аня").bullets == 2


def test_a_shot_hits_the_shooters_cellmates_first() -> None:
    state = game(RIVERS, Аня="A4", Борис="A4", Вера="B4")
    state, said = act(state, "Аня", "shoot", "right")
    assert said == "Борис ранен" and not state.player("Вера").wounded


def test_a_shot_stops_at_a_wall_and_a_shot_into_nothing_misses() -> None:
    state = game(EXAMPLE, Аня="C4", Борис="D4")
    state, said = act(state, "Аня", "shoot", "right")  # the wall C4|D4 protects Борис
    assert said == "мимо" and not state.player("Борис").wounded
    state, said = act(state, "Борис", "shoot", "up")
    assert said == "мимо"


def test_a_bomb_destroys_a_simple_wall_but_not_a_capital_one() -> None:
    state = game(EXAMPLE, Аня="C4", Борис="D4")
    state, said = act(state, "Аня", "bomb", "down")
    assert said == "не взорвалась" and state.player("Аня").bombs == 2
    state, said = act(state, "Борис", "bomb", "left")
    assert said == "взорвалась"
    state, said = act(state, "Аня", "shoot", "right")  # the wall is gone for bullets
    assert said == "Борис ранен"
    state, said = act(state, "Борис", "move", "left")  # and for steps
    assert said == "суша" and where(state, "Борис") == "C4"
    state, said = act(state, "Аня", "bomb", "right")  # nothing left to blow up
    assert said == "не взорвалась"


def test_running_out_of_ammunition_and_the_arsenal() -> None:
    state = game(EXAMPLE, Аня="C4")
    for _ in range(3):
        state, _ = act(state, "Аня", "shoot", "left")
        state, _ = act(state, "Аня", "bomb", "left")
    with pytest.raises(IllegalAction) as no_bullets:
        act(state, "Аня", "shoot", "left")
    assert no_bullets.value.code == "no_bullets"
    with pytest.raises(IllegalAction) as no_bombs:
        act(state, "Аня", "bomb", "left")
    assert no_bombs.value.code == "no_bombs"
    assert state.current().name == "Аня"  # a refused action costs no turn
    state, said = act(state, "Аня", "move", "up")
    assert said == "арсенал"
    assert (state.player("Аня").bullets, state.player("Аня").bombs) == (3, 3)


def test_wounds_the_medpost_and_death() -> None:
    state = game(EXAMPLE, Аня="A2", Борис="A2")
    state, said = act(state, "Аня", "shoot", "up")
    assert said == "Борис ранен"
    state, said = act(state, "Борис", "move", "up")
    assert said == "медпункт" and not state.player("Борис").wounded
    state, said = act(state, "Аня", "shoot", "up")
    assert said == "Борис ранен"
    state, said = act(state, "Борис", "move", "down")
    state, said = act(state, "Аня", "shoot", "down")
    assert said == "Борис убит"
    assert state.player("Борис").dead and state.current().name == "Аня"
    with pytest.raises(IllegalAction) as dead:
        act(state, "Борис", "move", "up")
    assert dead.value.code == "dead"


def test_treasures_are_picked_up_carried_and_dropped_when_wounded() -> None:
    state = game(EXAMPLE, Аня="B3", Вера="B3")
    state, said = act(state, "Аня", "move", "up")
    assert said == "суша, клад"
    state, said = act(state, "Аня", "take")
    assert said == "клад у вас" and state.player("Аня").treasure == "false"
    assert state.treasure_at(cell("B2")) is None
    state, said = act(state, "Вера", "move", "up")
    assert said == "суша"  # the treasure is carried away
    state, said = act(state, "Аня", "move", "right")
    state, said = act(state, "Вера", "shoot", "right")
    assert said == "Аня ранена" and state.player("Аня").treasure is None
    assert state.treasure_at(cell("C2")) == "false"
    with pytest.raises(IllegalAction) as wounded:
        act(state, "Аня", "take")
    assert wounded.value.code == "wounded_take"
    state, said = act(state, "Аня", "move", "down")
    state, said = act(state, "Вера", "move", "right")
    assert said == "суша, клад"
    state, said = act(state, "Вера", "take")
    assert state.player("Вера").treasure == "false"


def test_a_player_carries_one_treasure_at_most() -> None:
    state = game(RIVERS, Anya="B4")
    state, said = act(state, "Anya", "take")
    state, said = act(state, "Anya", "move", "right")
    assert said == "суша, клад"
    with pytest.raises(IllegalAction) as carrying:
        act(state, "Anya", "take")
    assert carrying.value.code == "carrying"
    state, said = act(state, "Anya", "drop")
    state, said = act(state, "Anya", "take")
    assert state.player("Anya").treasure == "false"  # the one that lay there longest


def test_leaving_with_the_false_treasure_then_dropping_it_inside() -> None:
    state = game(RIVERS, Anya="C4")
    state, said = act(state, "Anya", "take")
    state, said = act(state, "Anya", "move", "right")
    state, said = act(state, "Anya", "move", "right")
    assert said == "вышел, клад ложный" and not state.over
    state, said = act(state, "Anya", "move", "left")
    assert where(state, "Anya") == "D4"
    state, said = act(state, "Anya", "drop")
    assert said == "клад оставлен в этой клетке"
    assert state.treasure_at(cell("D4")) == "false" and state.player("Anya").treasure is None


def test_leaving_with_the_real_treasure_wins_and_ends_the_game() -> None:
    state = game(RIVERS, Anya="B4", Boris="A1")
    state, said = act(state, "Anya", "take")
    assert state.player("Anya").treasure == "real"
    state, said = act(state, "Anya", "move", "right")
    assert said == "суша, клад"
    state, said = act(state, "Boris", "move", "down")
    state, said = act(state, "Anya", "move", "right")
    state, answer = apply(state, "Boris", Action("move", "up"))
    state, answer = apply(state, "Anya", Action("move", "right"))
    assert answer_text(RU, answer) == "вышел, клад настоящий"
    assert answer_text(EN, answer) == "exited, the treasure is real"
    assert answer.winner == "Anya" and state.over and state.winner == "Anya"
    assert legal_actions(state) == []
    with pytest.raises(IllegalAction) as over:
        apply(state, "Boris", Action("move", "up"))
    assert over.value.code == "game_over"


def test_turn_order_is_kept() -> None:
    state = game(RIVERS, Anya="B2", Boris="C2")
    with pytest.raises(IllegalAction) as early:
        act(state, "Boris", "move", "up")
    assert early.value.code == "not_your_turn" and early.value.params["current"] == "Anya"


def test_random_starts_and_treasures_depend_only_on_the_seed() -> None:
    plan = parse_grid(EXAMPLE.replace("Кл", "С ").replace("Кн", "С "))
    one, _ = new_game(plan, ["a", "b", "c"], seed=7)
    two, _ = new_game(plan, ["a", "b", "c"], seed=7)
    assert one == two and len(one.treasures) == 2
    assert {plan.cell(pos).kind for _, pos in one.treasures} == {"land"}

"""`plan play`: the rulebook's example replayed, scripts and transcripts, a won game, errors."""

from __future__ import annotations

import json
import re
from collections import deque
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.plan.checker.movement import Maze
from generator.plan.game.answers import answer_text, load_play_texts
from generator.plan.game.engine import Action
from generator.plan.game.play import Host, Session, Vocabulary, split_players
from generator.plan.game.playscript import run_script
from generator.plan.making.randomplan import random_plan
from generator.plan.text.gridtext import parse_grid, write_grid
from generator.plan.text.model import DIRECTIONS, cell_name, parse_cell_name

ROOT = Path(__file__).resolve().parents[2]
TAKES = {"ru": "берёт клад", "en": "takes the treasure"}


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(main, ["plan", *[str(a) for a in args]])


def rulebook_example(lang: str) -> tuple[str, dict[str, str], list[str], list[list[str]]]:
    """The example of the rulebook: its plan, start cells, start answers and turn rows."""
    text = (ROOT / f"content/paper-labyrinth/rules/{lang}.md").read_text(encoding="utf-8")
    grid = re.search(r"{% set example_plan %}\n(.*?){% endset %}", text, re.S).group(1)
    caption = re.search(r'caption="[^"]*?: (.*?)"\)', text).group(1)
    starts = dict(re.findall(r"(\w+)(?: —)? ([A-L]\d+)", caption))
    section = text[text.index("{#example}"):text.index("{#checker}")]
    start_line = next(line for line in section.splitlines() if line.startswith("**"))
    announced = re.search(r"[«“](.*?)[»”]", start_line).group(1)
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in section.splitlines()
            if re.match(r"\| \d+ \|", line)]
    return grid, starts, [s.strip(" .") for s in announced.split(".")], rows


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_rulebook_example_replays_exactly(lang: str) -> None:
    texts, languages = load_play_texts(lang)
    grid, starts, announced, rows = rulebook_example(lang)
    plan = parse_grid(grid)
    names = list(starts)
    session = Session.begin(plan, names, [parse_cell_name(starts[n], 4, 5) for n in names])
    said = [f"{a.player} — {answer_text(texts, a)}" for a in session.starts]
    assert said == [a for a in announced if a]
    vocab = Vocabulary(languages)
    assert len(rows) == 12
    for turn, who, host, really, *rest in rows:
        follows = "|".join(rest)
        name, _, command = who.partition(": ")
        action = vocab.parse(command)
        assert isinstance(action, Action)
        answer = session.act(name, action)
        assert f"«{answer_text(texts, answer)}»" == host or \
            f"“{answer_text(texts, answer)}”" == host, (turn, who)
        cells = re.findall(r"[A-L]\d", really)
        if "→" in really:
            assert cell_name(session.state.player(name).pos) == cells[-1], turn
        if TAKES[lang] in follows:
            session.act(name, Action("take"))
    assert session.state.played == 12


def test_players_option_gives_names_and_genders() -> None:
    assert split_players("Аня, Никита:м ,Sam:f,") == (["Аня", "Никита", "Sam"],
                                                     {"Никита": "m", "Sam": "f"})


def test_commands_in_russian_english_and_single_letters() -> None:
    texts, languages = load_play_texts("ru")
    vocab = Vocabulary(languages)
    assert vocab.parse("вверх") == vocab.parse("up") == vocab.parse("в") == Action("move", "up")
    assert vocab.parse("стрелять влево") == vocab.parse("s l") == vocab.parse("сл") \
        == Action("shoot", "left")
    assert vocab.parse("Бомба вправо") == vocab.parse("bomb right") == Action("bomb", "right")
    assert vocab.parse("взять") == vocab.parse("t") == Action("take")
    assert vocab.parse("помощь") == "help" and vocab.parse("q") == "quit"
    for bad in ("прыжок", "вверх вниз", "стрелять бомба влево", ""):
        with pytest.raises(Exception) as refused:
            vocab.parse(bad)
        assert getattr(refused.value, "code", None) == "unknown_command"
    with pytest.raises(Exception) as direction:
        vocab.parse("стрелять")
    assert getattr(direction.value, "code", None) == "direction"


EXAMPLE_SCRIPT = """\
# the rulebook's example
Аня старт B3
Борис старт C4
Вера старт D1
Аня вверх
Аня взять
Борис вправо
Вера влево
Аня вправо
Борис бомба вправо
Вера влево
Аня вправо
Борис вверх
Вера выстрел влево
Аня вниз
Борис вправо
Вера вправо
"""


def _example_files(tmp_path: Path) -> tuple[Path, Path]:
    grid, _, _, _ = rulebook_example("ru")
    plan_file = tmp_path / "example.txt"
    plan_file.write_text(grid, encoding="utf-8")
    script = tmp_path / "moves.txt"
    script.write_text(EXAMPLE_SCRIPT, encoding="utf-8")
    return plan_file, script


def test_a_script_prints_the_transcript_the_plan_and_the_paths(tmp_path: Path) -> None:
    plan_file, script = _example_files(tmp_path)
    result = run("play", plan_file, "--script", script)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:4] == ["Аня — «суша»", "Борис — «суша»", "Вера — «река»",
                         "1. Аня: вверх — «суша, клад»"]
    assert "9. Вера: выстрел влево — «Аня ранена»" in lines
    assert "Вера: D1 → E2 → D2 → E2" in lines
    assert run("play", plan_file, "--script", script).output == result.output


def test_a_json_transcript_records_every_action(tmp_path: Path) -> None:
    plan_file, script = _example_files(tmp_path)
    result = run("play", plan_file, "--script", script, "--format", "json", "--lang", "en")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [p["name"] for p in data["players"]] == ["Аня", "Борис", "Вера"]
    assert data["players"][2]["start"] == "D1" and data["players"][2]["path"][-1] == "E2"
    assert len(data["turns"]) == 13 and data["winner"] is None
    shot = data["turns"][9]
    assert shot["action"] == "shoot" and shot["hits"] == [{"player": "Аня",
                                                          "result": "wounded"}]
    assert shot["answer"] == "Аня wounded"


@pytest.mark.parametrize(("line", "where", "words"), [
    ("Аня вниз", "2:5", "Сейчас ходит Борис"),
    ("Аня прыжок", "2:5", "Не понял «прыжок»"),
    ("Глеб вверх", "2:1", "Нет игрока «Глеб»"),
    ("Аня стрелять", "2:5", "Назовите направление"),
    ("Аня старт Z9", "2:5", "не клетка этого плана"),
    ("Борис старт A1", "2:1", "перенесите эту строку выше"),
])
def test_a_script_line_the_rules_refuse_is_located(tmp_path: Path, line: str, where: str,
                                                   words: str) -> None:
    plan_file, _ = _example_files(tmp_path)
    script = tmp_path / "bad.txt"
    script.write_text(f"Аня вверх\n{line}\n", encoding="utf-8")
    result = run("play", plan_file, "--script", script, "--players", "Аня,Борис")
    assert result.exit_code == 1
    assert f"{script}:{where}: " in result.output and words in result.output
    assert "Traceback" not in result.output


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    plan_file, _ = _example_files(tmp_path)
    assert run("play", plan_file, "--random", "6x6").exit_code == 2
    assert run("play", "--random", "six", "--script", plan_file).exit_code == 2
    assert run("play", plan_file, "--format", "json").exit_code == 2


def test_an_invalid_plan_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text(write_grid(parse_grid(rulebook_example("ru")[0])).replace("Ар", "С "),
                   encoding="utf-8")
    script = tmp_path / "m.txt"
    script.write_text("Аня вверх\n", encoding="utf-8")
    result = run("play", bad, "--script", script)
    assert result.exit_code == 1 and "error[arsenal]" in result.output


def _route(maze: Maze, start, goal) -> list[str]:  # type: ignore[no-untyped-def]
    """The shortest list of moves from start to goal (None is outside) by the movement rules."""
    came = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for d in DIRECTIONS:
            there = maze.step(here, d)
            if there not in came:
                came[there] = (here, d)
                queue.append(there)
    moves: list[str] = []
    while came[goal] is not None:
        goal, d = came[goal]
        moves.append(d)
    return moves[::-1]


def test_a_scripted_four_player_game_on_a_random_6x6_plan_runs_to_a_win(tmp_path) -> None:
    plan = random_plan(6, 6, seed=16, lang="en")
    maze = Maze(plan)
    real = next(pos for pos in plan.positions() if plan.cell(pos).treasure == "real")
    starts = {"Anya": (0, 0), "Boris": (5, 5), "Vera": (2, 3), "Gleb": (3, 2)}
    anya = maze.start_at(starts["Anya"])
    way = _route(maze, anya, real) + ["take"] + _route(maze, real, None)
    lines = [f"{name} start {cell_name(pos)}" for name, pos in starts.items()]
    others = ["down", "left", "up", "right"]  # steps only: the route stays Anya's
    for k, move in enumerate(way):
        if move == "take":
            lines.append("Anya take")
            continue
        lines.append(f"Anya {move}")
        if k < len(way) - 1:
            lines += [f"{name} {others[k % len(others)]}" for name in ("Boris", "Vera", "Gleb")]
    plan_file = tmp_path / "random.txt"
    plan_file.write_text(write_grid(plan), encoding="utf-8")
    script = tmp_path / "win.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("play", plan_file, "--script", script, "--lang", "en", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["winner"] == "Anya" and data["over"]
    assert data["turns"][-1]["answer"] == "exited, the treasure is real"
    texts, languages = load_play_texts("en")
    session = run_script(plan, script.read_text(encoding="utf-8"), "win.txt", texts, languages,
                         None, {}, 0)
    assert session.state.winner == "Anya"


def test_plan_print_trace_draws_a_transcript_and_a_script_alike(tmp_path: Path) -> None:
    plan_file, script = _example_files(tmp_path)
    transcript = tmp_path / "game.json"
    result = run("play", plan_file, "--script", script, "--format", "json")
    transcript.write_text(result.output, encoding="utf-8")
    one, two = tmp_path / "one.pdf", tmp_path / "two.pdf"
    assert run("print", plan_file, "--trace", transcript, "--out", one).exit_code == 0
    assert run("print", plan_file, "--trace", script, "--out", two).exit_code == 0
    assert one.read_bytes()[:5] == b"%PDF-" and one.read_bytes() == two.read_bytes()
    plain = tmp_path / "plain.pdf"
    assert run("print", plan_file, "--out", plain).exit_code == 0
    assert plain.read_bytes() != one.read_bytes()


def test_plan_print_trace_refuses_a_transcript_that_does_not_fit(tmp_path: Path) -> None:
    plan_file, _ = _example_files(tmp_path)
    broken = tmp_path / "broken.json"
    broken.write_text('{"players": [}', encoding="utf-8")
    result = run("print", plan_file, "--trace", broken, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and f"{broken}:1:" in result.output
    other = tmp_path / "other.txt"
    other.write_text("Аня старт A1\nАня вверх\n", encoding="utf-8")
    result = run("print", plan_file, plan_file, "--trace", other, "--out", tmp_path / "y.pdf")
    assert result.exit_code == 2 and "exactly one PLAN" in result.output
    assert not (tmp_path / "x.pdf").exists() and not (tmp_path / "y.pdf").exists()


def test_a_broken_host_wording_file_is_reported_with_its_place(tmp_path: Path) -> None:
    plan_file, script = _example_files(tmp_path)
    folder = tmp_path / "mine" / "paper-labyrinth" / "play"
    folder.mkdir(parents=True)
    text = (ROOT / "content/paper-labyrinth/play/ru.yaml").read_text(encoding="utf-8")
    (folder / "ru.yaml").write_text(text.replace('prompt: "{name}, ваш ход: "',
                                                 'prompt: "ваш ход: "'), encoding="utf-8")
    result = run("play", plan_file, "--script", script, "--content", tmp_path / "mine")
    assert result.exit_code == 1
    assert re.search(r"ru\.yaml:\d+:\d+: .*\{name\}", result.output), result.output


def test_a_random_start_is_told_to_its_player_only(tmp_path: Path) -> None:
    plan_file, _ = _example_files(tmp_path)
    lines = iter(["B3", "", "конец"])
    out: list[str] = []
    texts, languages = load_play_texts("ru")
    host = Host(texts, languages, lambda prompt: next(lines, None), out.append)
    starts = host.starts(parse_grid(rulebook_example("ru")[0]), ["Аня", "Борис"])
    session = Session.begin(parse_grid(rulebook_example("ru")[0]), ["Аня", "Борис"], starts, 5)
    host.play(session)
    start = cell_name(session.state.player("Борис").start)
    assert f"Ведущий (Борис): ваша стартовая клетка — {start}, запомните её" in out
    assert not any("Аня): ваша стартовая" in line for line in out)
    assert "Партия остановлена." in out


def test_the_log_shows_a_player_what_he_has_heard_and_no_more(tmp_path: Path) -> None:
    lines = iter(["B3", "A1", "вверх", "да", "журнал", "конец"])
    out: list[str] = []
    texts, languages = load_play_texts("ru")
    host = Host(texts, languages, lambda prompt: next(lines, None), out.append)
    plan = parse_grid(rulebook_example("ru")[0])
    host.play(Session.begin(plan, ["Аня", "Борис"], host.starts(plan, ["Аня", "Борис"])))
    log = out[out.index("Журнал:"):]
    assert "  1. Аня: вверх — «суша, клад»" in log
    assert not any("взять клад" in line for line in log)  # Борис asked: Аня's take is hers
    assert "Ведущий (Аня): клад у вас" in out


def test_an_interactive_game_saved_as_json_can_be_traced(tmp_path: Path) -> None:
    plan_file, _ = _example_files(tmp_path)
    saved = tmp_path / "game.json"
    typed = "B3\nC4\n\nвверх\nда\nбомба вправо\nвлево\nжурнал\nконец\n"
    result = CliRunner().invoke(main, ["plan", "play", str(plan_file), "--seed", "4",
                                       "--save", str(saved)], input=typed)
    assert result.exit_code == 0, result.output
    assert "Борис, ваш ход: бомба вправо\nВедущий: «взорвалась»" in result.output
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert [t["action"] for t in data["turns"]] == ["move", "take", "bomb", "move"]
    assert data["players"][0]["path"] == ["B3", "B2"]
    out = tmp_path / "traced.pdf"
    assert run("print", plan_file, "--trace", saved, "--out", out).exit_code == 0
    again = CliRunner().invoke(main, ["plan", "play", str(plan_file), "--save", str(saved)],
                               input=typed)
    assert again.exit_code == 2 and "exists" in again.output


@pytest.mark.parametrize("lang, said", [
    ("ru", "action 1: Здесь нет клада. — может быть, это запись партии на другом плане?"),
    ("en", "action 1: There is no treasure here. — is this the transcript of another plan?")])
def test_a_transcript_refused_on_this_plan_is_told_in_one_language(tmp_path: Path, lang: str,
                                                                  said: str) -> None:
    plan_file, _ = _example_files(tmp_path)
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"players": [{"name": "Аня", "start": "A1"}], "seed": 0,
                                "turns": [{"player": "Аня", "action": "take"}]}),
                    encoding="utf-8")
    result = run("print", plan_file, "--trace", game, "--lang", lang, "--out", tmp_path / "x.pdf")
    assert result.exit_code == 1 and said in result.output, result.output

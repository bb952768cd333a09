"""A newcomer's first hour: languages reach every command, hints paste and work, the plan
reader names the commonest typing slips (issue 33)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main

from conftest import pdf_text, run_cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
PLAN = EXAMPLES / "rulebook-plan.txt"  # Latin codes
RU_PLAN = ROOT / "content" / "paper-labyrinth" / "plans" / "plan_4x5_river_and_gully.txt"
HINT = re.compile(r"`(labyrinth-pnp [^`]+)`|^(?:More on|Подробнее).*?: (labyrinth-pnp .*)$",
                  re.MULTILINE)


def run_hints(text: str, seen: set[str]) -> None:
    """Run every `labyrinth-pnp …` command quoted in text, once each, as a user pasting it."""
    for quoted, last in HINT.findall(text):
        command = quoted or last
        if command in seen:
            continue
        seen.add(command)
        args = shlex.split(command)[1:]
        code, out, err = run_cli(*args)
        reports = args[0] == "check" or args[:2] == ["plan", "check"]  # exit 1: what it found
        assert code == 0 or (reports and code == 1 and "Error:" not in err), \
            f"{command!r} failed ({code}): {err}{out}"


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A content folder with a new language, de, as `lang new` writes it."""
    folder = tmp_path_factory.mktemp("de") / "my-content"
    code, out, err = run_cli("lang", "new", "de", "--content", folder)
    assert code == 0, err
    return folder


def _broken(german: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "broken"
    folder.mkdir()
    for path in german.rglob("*"):
        if path.is_file():
            target = folder / path.relative_to(german)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    text = folder / "magic-labyrinth" / "text" / "de.yaml"
    text.write_text(text.read_text("utf-8") + "broken: [\n", "utf-8")
    return folder


def test_a_broken_translation_is_reported_where_it_breaks(german: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    broken = _broken(german, tmp_path) / "magic-labyrinth" / "text" / "de.yaml"
    monkeypatch.chdir(tmp_path)
    folder = "broken"
    end = broken.read_text("utf-8").count("\n") + 1  # the unclosed list ends with the file
    where = f"broken/magic-labyrinth/text/de.yaml:{end}:1: "
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "de",
                           "--content", folder, "--out", tmp_path / "o")
    assert code == 1 and where in err and "invalid YAML" in err and "no language" not in err
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--content", folder,
                           "--out", tmp_path / "o")
    assert code == 0
    assert "(so 'de' was not built: `labyrinth-pnp check --content broken` lists every " \
           "error)" in err and where in err
    code, out, err = run_cli("lang", "status", "de", "--content", folder)
    assert code == 1 and where in err and "invalid YAML" in err


def test_language_codes_are_read_in_any_case_with_did_you_mean(tmp_path: Path) -> None:
    code, out, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "EN",
                             "--out", tmp_path)
    assert code == 0 and (tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf"
                          ).exists()
    code, _, err = run_cli("build", "magic-labyrinth", "--lang", "eng", "--out", tmp_path)
    assert code == 2
    assert err == ("Error: magic-labyrinth has no language 'eng': did you mean en? (available "
                   "are en, ru)\n")
    code, _, err = run_cli("lang", "new", "EN", "--content", tmp_path / "x")
    assert (code, err) == (2, "Error: write the language code in lower case: 'en'\n")
    code, _, err = run_cli("plan", "print", str(PLAN), "--lang", "rus")
    assert code == 2 and "did you mean ru?" in err


def test_a_new_language_reaches_every_plan_command(german: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (("plan", "print", PLAN, "--lang", "DE"), ("plan", "sheets", PLAN, "--lang", "de")):
        code, out, err = run_cli(*args, "--content", german)
        assert code == 0, err
        assert out.startswith("wrote ") and "-de-a4.pdf" in out
    code, out, err = run_cli("plan", "play", PLAN, "--script", EXAMPLES / "moves.txt",
                             "--lang", "de", "--content", german)
    assert code == 0, err
    code, out, _ = run_cli("plan", "check", PLAN, "--lang", "de", "--content", german)
    assert code == 0 and out.startswith("1 plan checked: 1 valid")  # messages: English


def test_plan_commands_speak_the_language_of_the_plans_codes(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert run_cli("plan", "check", PLAN)[1].startswith("1 plan checked")
    assert run_cli("plan", "check", RU_PLAN)[1].startswith("Проверено планов: 1")
    assert run_cli("plan", "random", "--seed", "7")[1].startswith("# Random plan 4×5")
    monkeypatch.setenv("LC_ALL", "ru_RU.UTF-8")
    assert run_cli("plan", "random", "--seed", "7")[1].startswith("# Случайный план 4×5")
    assert run_cli("plan", "check", PLAN)[1].startswith("1 plan checked")  # Latin codes win


def test_the_readme_chain_is_english_in_an_english_locale(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    plan = run_cli("plan", "random", "--seed", "7")[1]
    (tmp_path / "my-plan.txt").write_text(plan, "utf-8")
    code, out, err = run_cli("plan", "print", "my-plan.txt", "--paper", "letter")
    assert (code, out) == (0, "wrote my-plan-host-en-letter.pdf\n"), err
    assert "Host sheet" in pdf_text(tmp_path / "my-plan-host-en-letter.pdf")


def _plan_with(tmp_path: Path, name: str, change) -> Path:  # type: ignore[no-untyped-def]
    lines = PLAN.read_text("utf-8").split("\n")
    path = tmp_path / name
    path.write_text("\n".join(change(lines)), "utf-8")
    return path


def test_the_plan_reader_names_the_commonest_slips(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _plan_with(tmp_path, "trail.txt", lambda ls: [line + "  " if line.startswith(("+", "|"))
                                                  else line for line in ls])
    out = run_cli("plan", "check", "trail.txt")[1].splitlines()
    assert out[0] == "trail.txt:3:17: error[syntax]: trailing spaces after the right frame (2): " \
                     "delete them"
    assert sum("trailing spaces" in line for line in out) == 9

    _plan_with(tmp_path, "short.txt", lambda ls: [*ls[:5], ls[5].replace("T- ", "", 1),
                                                  *ls[6:]])
    out = run_cli("plan", "check", "short.txt")[1].splitlines()
    assert out[0] == ("short.txt:6:13: error[exit]: the line is 13 characters long, 16 "
                      "expected: it ends in a wall before the last cell, so a cell seems to be "
                      "missing, which leaves a gap in the frame at E2; add the cell")

    _plan_with(tmp_path, "zero.txt", lambda ls: [*ls[:5], ls[5].replace(">O ", ">0 "), *ls[6:]])
    out = run_cli("plan", "check", "zero.txt")[1].splitlines()
    assert out[0] == ("zero.txt:6:11: error[cell-code]: code '0' in D2 is the digit zero: did "
                      "you mean the letter 'O' (a mouth)?")

    _plan_with(tmp_path, "rb.txt", lambda ls: [*ls[:3], ls[3].replace("Rv", "Rb"), *ls[4:]])
    out = run_cli("plan", "check", "rb.txt")[1].splitlines()
    assert out[0].startswith("rb.txt:4:14: error[cell-code]: code 'Rb' in E1")
    assert "river-flow" in out[1]


def test_two_exits_in_russian_and_a_plan_on_standard_input(tmp_path: Path) -> None:
    path = _plan_with(tmp_path, "two.txt", lambda ls: [*ls[:3], ls[3][:-1] + " ", *ls[4:]])
    code, out, _ = run_cli("plan", "check", path, "--lang", "ru")
    assert code == 1 and "во внешней рамке 2 проёма (E1 (справа), E4 (справа))" in out
    result = CliRunner().invoke(main, ["plan", "check", "-"], input=path.read_bytes())
    assert result.exit_code == 1
    assert result.stdout.startswith("-:10:16: error[exit]: the outer frame has 2 gaps")


def test_a_forced_invalid_plan_is_marked_and_counts_no_moves(tmp_path: Path) -> None:
    path = _plan_with(tmp_path, "two.txt", lambda ls: [*ls[:3], ls[3][:-1] + " ", *ls[4:]])
    out = tmp_path / "two.pdf"
    code, _, err = run_cli("plan", "print", path, "--force", "--out", out)
    assert code == 0 and "error[exit]" in err
    text = PdfReader(out).pages[0].extract_text()
    assert text.startswith("INVALID PLAN · Host sheet:")
    assert "moves from the real treasure out: —" in text and "no real treasure" not in text
    code, _, _ = run_cli("plan", "print", PLAN, "--out", tmp_path / "good.pdf")
    assert "INVALID" not in PdfReader(tmp_path / "good.pdf").pages[0].extract_text()


def test_the_rulebook_example_game_ships_and_plays_as_documented() -> None:
    playing = (ROOT / "docs" / "playing.md").read_text("utf-8")
    script = playing.split("plays its 12 turns with the rulebook's answers. The script:\n\n```\n"
                           )[1].split("```")[0]
    moves = (EXAMPLES / "moves.txt").read_text("utf-8")
    assert moves.split("\n", 1)[1] == script
    code, out, err = run_cli("plan", "play", PLAN, "--script", EXAMPLES / "moves.txt")
    assert code == 0, err
    assert "9. Вера: shoot left — \"Аня wounded\"" in out
    assert "12. Вера: right — \"river\"" in out


def test_the_calibration_sheet_has_the_50_mm_ruler(tmp_path: Path) -> None:
    out = tmp_path / "cal.pdf"
    assert run_cli("calibrate", "--lang", "en", "--out", out)[0] == 0
    text = PdfReader(out).pages[0].extract_text()
    assert "50 mm" in text and "Print at 100%" in text and "page 1 of 2" in text


def test_every_hint_pastes_and_works(german: Path, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Provoke the messages that quote a command; run each command as printed."""
    monkeypatch.chdir(tmp_path)
    seen: set[str] = set()
    draft = run_cli("build", "goblin-slayer", "--part", "counters", "--content", german,
                    "--out", tmp_path / "o")
    assert draft[0] == 0 and "lang status de --content" in draft[2]
    made = run_cli("lang", "new", "fr", "--content", tmp_path / "fr", "--game",
                   "paper-labyrinth")
    again = run_cli("lang", "new", "fr", "--content", tmp_path / "fr", "--game",
                    "paper-labyrinth")
    uk = run_cli("build", "--part", "tokens", "--part", "locations", "--lang", "uk",
                 "--out", tmp_path / "o")
    plan = run_cli("plan", "check", _plan_with(tmp_path, "trail.txt", lambda ls: [
        line + " " for line in ls]), "--lang", "ru")
    pieces = run_cli("build", "magic-labyrinth", "--pieces", "token-99")
    one = run_cli("build", "--pieces", "token-14")
    two = _plan_with(tmp_path, "two.txt", lambda ls: [*ls[:3], ls[3][:-1] + " ", *ls[4:]])
    convert = run_cli("plan", "convert", two)
    assert "`labyrinth-pnp plan check " in convert[2]
    gaps = run_cli("build", "goblin-slayer", "--part", "counters", "--lang", "de", "--content",
                   german, "--out", tmp_path / "o")
    saved = CliRunner().invoke(main, ["plan", "play", "--random", "4x4", "--players", "A,B",
                                      "--seed", "2", "--save", "g.json"], input="B2\nC3\nquit\n")
    texts = [draft[2], made[1], again[2], uk[2], plan[1], pieces[2], one[2], convert[2],
             gaps[2], saved.stderr]
    for text in texts:
        run_hints(text, seen)
    assert len(seen) >= 10, seen
    assert f"labyrinth-pnp check -v --content {german}" in seen
    assert "labyrinth-pnp plan print g-plan.txt --trace g.json" in seen


def test_calibrate_resolves_its_language_like_build(tmp_path: Path) -> None:
    folder = tmp_path / "my-content" / "common" / "text"
    folder.mkdir(parents=True)
    (folder / "de.yaml").write_text("language: Deutsch\nruler: [\n", "utf-8")
    out = tmp_path / "cal.pdf"
    assert run_cli("calibrate", "--lang", "EN", "--content", folder.parent.parent,
                   "--out", out)[0] == 0
    code, _, err = run_cli("calibrate", "--lang", "de", "--content", folder.parent.parent,
                           "--out", out)
    assert code == 1 and f"{folder / 'de.yaml'}:3:1: invalid YAML" in err


def test_choices_and_names_are_read_in_any_case_with_did_you_mean() -> None:
    code, out, err = run_cli("layout", "Magic-Labyrinth", "--part", "TOKENS", "--paper", "A4",
                             "--format", "TEXT", "--lang", "RU")
    assert code == 0 and "token-14" in out, err
    code, _, err = run_cli("layout", "magic-labyrinth", "--paper", "a5")
    assert code == 2 and "'a5' is not one of 'a4', 'letter'. Did you mean 'a4'?" in err
    code, _, err = run_cli("build", "magic-labirinth")
    assert err == ("Error: unknown game 'magic-labirinth': did you mean magic-labyrinth or "
                   "paper-labyrinth? (choose from magic-labyrinth, paper-labyrinth, "
                   "goblin-slayer)\n")
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "token")
    assert code == 2 and "unknown part 'token': did you mean tokens?" in err


def test_the_readme_examples_work_as_printed(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme.split("Examples:\n\n```sh\n", 1)[1].split("```", 1)[0]
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "examples").symlink_to(EXAMPLES)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    for line in block.strip().splitlines():
        command, _, into = line.partition(" > ")
        code, out, err = run_cli(*shlex.split(command)[1:])
        assert code == 0, f"{line}: {err}"
        if into:
            (tmp_path / into).write_text(out, "utf-8")
    assert (tmp_path / "my-plan-host-en-letter.pdf").exists()  # English, as the README reads

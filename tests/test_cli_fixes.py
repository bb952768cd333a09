"""User-facing fixes: parts without a game, negative bleed, duplicates, repeated --lang,
unreadable files in `plan check`, located problems of example plans in `check`."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from generator.build import BuildOptions
from generator.games.registry import get_game
from generator.pipeline import select as build

from conftest import FIXTURES, run_cli

PLANS = FIXTURES / "plans"


def _wrote(out: Path, *names: str) -> list[str]:
    """Return the lines `build` prints for these magic-labyrinth files under out."""
    n = len(names)
    return [*(f"wrote {out}/magic-labyrinth/{name}" for name in names),
            f"{n} file{'s' if n != 1 else ''} written to {out}"]


def test_parts_without_a_game_build_only_the_games_that_have_them(tmp_path: Path) -> None:
    code, out, err = run_cli("build", "--part", "tokens", "--lang", "en", "--out", tmp_path)
    assert (code, err) == (0, "")
    assert out.splitlines() == _wrote(tmp_path, "magic-labyrinth-tokens-en-a4.pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".labyrinth-build.json",
                                                           "magic-labyrinth"]


def test_parts_without_a_game_keep_every_game_having_one(tmp_path: Path) -> None:
    code, out, err = run_cli("build", "--part", "rules", "--part", "player-sheet", "--lang",
                             "en", "--out", tmp_path)
    assert code == 0, err
    assert [line.split("/")[-1] for line in out.splitlines()[:-1]] == [
        "magic-labyrinth-rules-en-a4.pdf", "paper-labyrinth-player-sheet-en-a4.pdf",
        "paper-labyrinth-rules-en-a4.pdf", "goblin-slayer-rules-en-a4.pdf"]


def test_a_named_game_without_the_part_is_a_usage_error(tmp_path: Path) -> None:
    code, out, err = run_cli("build", "magic-labyrinth", "paper-labyrinth", "--part", "tokens",
                             "--out", tmp_path)
    assert (code, out) == (2, "")
    assert err == ("Error: paper-labyrinth has no part 'tokens': its parts are player-sheet, "
                   "host-sheets, rules, print-guide\n")
    assert not any(tmp_path.iterdir())


def test_a_game_with_no_language_never_lists_an_empty_choice(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    mute = replace(get_game("magic-labyrinth"), languages=lambda content: [])
    monkeypatch.setattr(build, "all_games", lambda: [mute])
    code, _, err = run_cli("build", "--part", "tokens", "--lang", "en", "--out", tmp_path)
    assert code == 2
    assert err == ("Error: no game has the language 'en' nor any other: `labyrinth-pnp "
                   "lang new en --content my-content` writes the files a language needs\n")
    monkeypatch.setattr(build, "get_game", lambda name: mute)
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--out", tmp_path)
    assert code == 2
    assert err == ("Error: magic-labyrinth has no language 'en' nor any other: `labyrinth-pnp "
                   "lang new en --content my-content` writes the files a language needs\n")


@pytest.mark.parametrize("command", ["build", "layout"])
def test_negative_bleed_says_it_must_not_be_negative(command: str) -> None:
    args = ["magic-labyrinth"] if command == "layout" else []
    code, out, err = run_cli(command, *args, "--bleed", "-5mm")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == \
        "Error: Invalid value for '--bleed': bleed must be 0mm or more, not -5mm"


@pytest.mark.parametrize("bleed", ["-x", "-", "--5mm"])
def test_unreadable_bleed_still_says_cannot_read(bleed: str) -> None:
    code, _, err = run_cli("build", f"--bleed={bleed}")
    assert code == 2
    assert err.splitlines()[-1] == (f"Error: Invalid value for '--bleed': cannot read length "
                                    f"'{bleed}': write a number and a unit, e.g. '25mm', "
                                    "'2.5cm', '1in'")


def test_duplicate_games_and_parts_are_built_once(tmp_path: Path) -> None:
    code, out, err = run_cli("build", "magic-labyrinth", "magic-labyrinth", "--part", "tokens",
                             "--part", "tokens", "--lang", "en", "--out", tmp_path)
    assert (code, err) == (0, "")
    assert out.splitlines() == _wrote(tmp_path, "magic-labyrinth-tokens-en-a4.pdf")


def test_duplicate_games_keep_first_seen_order() -> None:
    games = build.select_games(("paper-labyrinth", "magic-labyrinth", "paper-labyrinth"))
    assert [g.id for g in games] == ["paper-labyrinth", "magic-labyrinth"]


@pytest.mark.parametrize("langs", [["--lang", "ru", "--lang", "en"], ["--lang", "ru,en"],
                                   ["--lang", "en, ru", "--lang", "ru"]])
def test_lang_is_repeatable_and_takes_a_comma_list(tmp_path: Path, langs: list[str]) -> None:
    code, out, err = run_cli("build", "magic-labyrinth", "--part", "tokens", *langs,
                             "--out", tmp_path)
    assert (code, err) == (0, "")
    assert out.splitlines() == _wrote(tmp_path, "magic-labyrinth-tokens-en-a4.pdf",
                                      "magic-labyrinth-tokens-ru-a4.pdf")


def test_layout_lang_is_repeatable() -> None:
    code, out, err = run_cli("layout", "magic-labyrinth", "--part", "tokens", "--lang", "ru",
                             "--lang", "en")
    assert code == 0, err
    assert [f["lang"] for f in json.loads(out)["files"]] == ["en", "ru"]
    code, out, _ = run_cli("layout", "magic-labyrinth", "--part", "tokens", "--lang", "en")
    assert [f["lang"] for f in json.loads(out)["files"]] == ["en"]


def test_an_unknown_language_among_several_is_named() -> None:
    code, _, err = run_cli("layout", "magic-labyrinth", "--lang", "en,fr")
    assert code == 2
    assert err == ("Error: magic-labyrinth has no language 'fr': available are en, ru "
                   "(`labyrinth-pnp lang new fr --content my-content` writes the files a language "
                   "needs)\n")


def test_an_empty_language_code_is_a_usage_error() -> None:
    code, _, err = run_cli("build", "--lang", "ru,")
    assert code == 2
    assert err.splitlines()[-1] == ("Error: Invalid value for '--lang': empty language code in "
                                    "'ru,': write codes such as ru,en, or all")


@pytest.mark.parametrize("lang, expected", [("all", ()), ("ru", ("ru",)),
                                            ("ru, en,ru", ("ru", "en")), ("en,all", ())])
def test_build_options_languages(lang: str, expected: tuple[str, ...]) -> None:
    assert BuildOptions(lang=lang).languages == expected


@pytest.fixture
def two_plans(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Work in a folder holding a.txt (a valid plan) but no missing.txt."""
    shutil.copy(PLANS / "spec_example.txt", tmp_path / "a.txt")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_plan_check_json_covers_a_missing_file(two_plans: Path) -> None:
    code, out, err = run_cli("plan", "check", "a.txt", "missing.txt", "--format", "json",
                             "--lang", "en")
    assert (code, err) == (2, "Error: missing.txt: cannot read file: No such file or directory\n")
    assert json.loads(out) == [
        {"file": "a.txt", "valid": True, "rows": 4, "cols": 5, "problems": []},
        {"file": "missing.txt", "valid": False, "rows": None, "cols": None, "problems": [],
         "error": "cannot read file: No such file or directory"},
    ]


def test_plan_check_text_reports_a_missing_file_and_checks_the_rest(two_plans: Path) -> None:
    shutil.copy(PLANS / "bad_river_wall.txt", two_plans / "bad.txt")
    code, out, err = run_cli("plan", "check", "missing.txt", "a.txt", "bad.txt", "--lang", "en")
    assert (code, err) == (2, "Error: missing.txt: cannot read file: No such file or directory\n")
    assert out.splitlines() == [
        "bad.txt:6:5: error[river-wall]: add a wall between B2 and B3: they belong to "
        "different rivers",
        "2 plans checked: 1 valid, 1 with errors (1 error, 0 warnings)",
        "More on this rule, with an example and the fix: labyrinth-pnp plan check --lang en "
        "--explain river-wall",
    ]


def test_plan_check_reports_a_folder_given_as_a_plan(two_plans: Path) -> None:
    (two_plans / "folder").mkdir()
    code, out, _ = run_cli("plan", "check", "folder", "--format", "json")
    assert code == 2
    assert json.loads(out)[0]["error"] == "cannot read file: Is a directory"


@pytest.fixture
def plan_content(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A content folder with one example plan, paper-labyrinth/plans/x.txt; work inside it."""
    (tmp_path / "paper-labyrinth" / "plans").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "paper-labyrinth" / "plans" / "x.txt"


def test_check_shows_the_located_problems_of_an_unreadable_plan(plan_content: Path) -> None:
    shutil.copy(PLANS / "bad_syntax_misaligned.txt", plan_content)
    code, out, err = run_cli("check", "--content", ".")
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        "paper-labyrinth/plans/x.txt:4:6: error[syntax]: unknown border ' +' between B1 and "
        "B2: write '--' (wall), spaces (open), 'vv' or '^^' (swamp)",
        "paper-labyrinth/plans/x.txt:4:7: error[syntax]: '+' expected here, found ' ': the "
        "corners of the cells must line up",
        "Error: 2 problems found",
    ]


def test_check_shows_where_a_plan_is_not_utf8(plan_content: Path) -> None:
    plan_content.write_bytes(b"# plan\n\n# caf\xe9\n")
    code, _, err = run_cli("check", "--content", ".")
    assert code == 1
    assert err.splitlines() == [
        "paper-labyrinth/plans/x.txt:3:6: error[syntax]: the file is not UTF-8 text (bad byte "
        "at offset 13): save it as UTF-8",
        "Error: 1 problem found",
    ]


def test_check_words_plan_problems_in_english(plan_content: Path) -> None:
    shutil.copy(PLANS / "warn_lookalike_latin_c.txt", plan_content)
    code, out, err = run_cli("check", "--content", ".")
    assert code == 0
    assert out.startswith("content is valid")
    assert err.splitlines() == [
        "paper-labyrinth/plans/x.txt:9:2: warning: warning[cell-code]: code 'C' in A4 uses "
        "look-alike letters of the other alphabet; read as 'С' (land); if that is right, write "
        "it as 'С'"]


def test_a_language_only_some_games_have_builds_those_games(tmp_path: Path) -> None:
    """`build --lang uk` with no game named makes every game there is in Ukrainian (Goblin
    Slayer) and says which games it left out and how to start them."""
    code, out, err = run_cli("build", "--lang", "uk", "--part", "rules", "--out", tmp_path)
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.rglob("*.pdf")) == ["goblin-slayer-rules-uk-a4.pdf"]
    assert err.splitlines() == [
        f"content/{game}: warning: {game} has no 'uk' texts, so it was not built: "
        f"`labyrinth-pnp lang new uk --content my-content --game {game}` starts a translation"
        for game in ("magic-labyrinth", "paper-labyrinth")]


def test_a_language_no_game_has_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run_cli("build", "--lang", "de", "--out", tmp_path)
    assert code == 2
    assert err == ("Error: no game has the language 'de': available are en, ru, uk "
                   "(`labyrinth-pnp lang new de --content my-content` writes the files a language "
                   "needs)\n")
    assert not any(tmp_path.iterdir())

"""The command line as a newcomer meets it: help texts, listings, usage errors."""

from __future__ import annotations

import pytest

from generator.cli import main

from conftest import run_cli

COMMANDS = sorted(main.commands)


def test_top_level_help_lists_every_command():
    code, out, _ = run_cli("--help")
    assert code == 0
    for name in COMMANDS:
        assert name in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_text(command):
    code, out, _ = run_cli(command, "--help")
    assert code == 0
    assert out.startswith("Usage: ")
    assert len(main.commands[command].help or "") > 20


def test_list_shows_games_and_parts():
    code, out, _ = run_cli("list")
    assert code == 0
    assert out.splitlines() == [
        "magic-labyrinth: tokens, formulas, counters, score-sheet, tiles, rules, print-guide",
        "    languages: en, ru",
        "paper-labyrinth: player-sheet, host-sheets, rules, print-guide",
        "    languages: en, ru",
        "goblin-slayer: locations, counters, player-aid, rules, print-guide",
        "    languages: en, ru, uk",
    ]


@pytest.mark.parametrize("args, message", [
    (["build", "chess"], "Error: unknown game 'chess': choose from "),
    (["build", "magic-labyrinth", "--part", "dice"], "Error: unknown part 'dice': choose from "),
    (["build", "magic-labyrinth", "--lang", "fr"],
     "Error: magic-labyrinth has no language 'fr': available are en, ru"),
])
def test_usage_errors_exit_2_with_a_message(args, message, tmp_path):
    code, _, err = run_cli(*args, "--out", tmp_path)
    assert code == 2
    assert err.startswith(message)
    assert not any(tmp_path.iterdir())


def test_bad_bleed_is_a_usage_error():
    code, _, err = run_cli("build", "--bleed", "3")
    assert code == 2
    assert "cannot read length '3': write a number and a unit" in err


def test_build_prints_a_line_per_file(tmp_path):
    code, out, _ = run_cli("build", "magic-labyrinth", "--part", "tokens", "--out", tmp_path)
    assert code == 0
    assert out.splitlines() == [
        f"wrote {tmp_path}/magic-labyrinth/magic-labyrinth-tokens-en-a4.pdf",
        f"wrote {tmp_path}/magic-labyrinth/magic-labyrinth-tokens-ru-a4.pdf",
        f"2 files written to {tmp_path}",
    ]

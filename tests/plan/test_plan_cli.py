"""The `plan` command group through Click's CliRunner: output, JSON shape, exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.plan.checker.check import check_plan
from generator.plan.commands.cli import plan

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"
GOOD = str(FIXTURES / "spec_example.txt")
BAD = str(FIXTURES / "bad_river_wall.txt")
WARN = str(FIXTURES / "warn_lookalike_latin_c.txt")


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(plan, list(args))


@pytest.mark.parametrize("command", [[], ["check"], ["convert"], ["random"], ["print"], ["sheets"]])
def test_every_command_has_help(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Usage:" in result.output and len(result.output) > 200


def test_check_valid_plan_exits_0() -> None:
    result = run("check", GOOD, "--lang", "en")
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == \
        "1 plan checked: 1 valid, 0 with errors (0 errors, 0 warnings)"


def test_warnings_do_not_fail_the_check() -> None:
    result = run("check", WARN, "--lang", "en")
    assert result.exit_code == 0
    assert "warning[cell-code]" in result.output


def test_check_invalid_plan_exits_1_with_located_lines() -> None:
    result = run("check", GOOD, BAD, WARN, "--lang", "en")
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[0] == (f"{BAD}:6:5: error[river-wall]: add a wall between B2 and B3: they "
                        "belong to different rivers")
    assert lines[-2] == "3 plans checked: 2 valid, 1 with errors (1 error, 1 warning)"
    assert lines[-1] == ("More on these rules, with examples and fixes: labyrinth-pnp plan check "
                         "--lang en --explain RULE, where RULE is one of: cell-code, river-wall")


def test_summary_in_russian_for_a_plan_in_russian_codes() -> None:
    result = run("check", GOOD, BAD)
    assert result.exit_code == 1
    assert result.output.strip().splitlines()[-2:] == [
        "Проверено планов: 2; без ошибок: 1, с ошибками: 1 (ошибок: 1, предупреждений: 0)",
        "Подробнее о правиле, с примером и исправлением: labyrinth-pnp plan check --lang ru "
        "--explain river-wall"]


def test_json_output_shape() -> None:
    result = run("check", GOOD, BAD, "--format", "json", "--lang", "en")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert [d["file"] for d in data] == [GOOD, BAD]
    assert data[0] == {"file": GOOD, "valid": True, "rows": 4, "cols": 5, "problems": []}
    assert data[1]["valid"] is False
    assert data[1]["problems"] == [{
        "rule": "river-wall", "severity": "error", "cells": ["B2", "B3"], "line": 6,
        "column": 7 - 2, "message": "add a wall between B2 and B3: they belong to different "
                                    "rivers"}]


def test_missing_file_is_a_usage_error_on_standard_error() -> None:
    result = run("check", "no/such/plan.txt")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == ("Error: no/such/plan.txt: cannot read file: No such file or "
                             "directory\n")


def test_no_file_is_a_usage_error() -> None:
    assert run("check").exit_code == 2


def test_bad_option_is_a_usage_error() -> None:
    assert run("check", GOOD, "--lang", "de").exit_code == 2


@pytest.mark.parametrize("content", [b"", b"\x00\x01\xff\xfe" * 100, b"+" * 200_000,
                                     b"[" * 100_000])
def test_junk_files_give_errors_not_tracebacks(tmp_path: Path, content: bytes) -> None:
    for name in ("junk.txt", "junk.yaml"):
        path = tmp_path / name
        path.write_bytes(content)
        result = run("check", str(path), "--format", "json")
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert json.loads(result.output)[0]["valid"] is False


def test_convert_grid_to_yaml_to_stdout_and_back(tmp_path: Path) -> None:
    result = run("convert", GOOD)
    assert result.exit_code == 0
    yaml_file = tmp_path / "plan.yaml"
    yaml_file.write_text(result.output, encoding="utf-8")
    back = run("convert", str(yaml_file))
    assert back.exit_code == 0
    assert back.output == Path(GOOD).read_text(encoding="utf-8")


def test_convert_to_json_file_refuses_to_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "plan.json"
    assert run("convert", GOOD, "--to", "json", "--out", str(out)).exit_code == 0
    assert check_plan(out.read_bytes(), str(out)).valid
    again = run("convert", GOOD, "--to", "json", "--out", str(out))
    assert again.exit_code == 1 and "--force" in again.output
    assert run("convert", GOOD, "--to", "yaml", "--out", str(out), "--force").exit_code == 0
    assert out.read_text(encoding="utf-8").startswith("# labyrinth-pnp plan")
    assert [p.name for p in tmp_path.iterdir()] == ["plan.json"]


def test_convert_unreadable_plan_fails() -> None:
    result = run("convert", str(FIXTURES / "bad_syntax_misaligned.txt"), "--lang", "en")
    assert result.exit_code == 1
    assert "error[syntax]" in result.output


def test_random_prints_a_valid_reproducible_plan() -> None:
    first = run("random", "--seed", "42")
    assert first.exit_code == 0
    assert first.output == run("random", "--seed", "42").output
    assert check_plan(first.output, "r.txt").valid
    english = run("random", "--seed", "42", "--lang", "en", "--rows", "5", "--cols", "5")
    assert english.exit_code == 0 and "# Random plan 5×5, seed 42" in english.output
    assert check_plan(english.output, "r.txt").valid


def test_random_impossible_request_is_a_usage_error() -> None:
    result = run("random", "--rows", "2", "--cols", "2", "--rivers", "3")
    assert result.exit_code == 2
    assert "fewer rivers" in result.output


def test_check_accepts_structured_plans(tmp_path: Path) -> None:
    yaml_file = tmp_path / "plan.yaml"
    yaml_file.write_text(run("convert", BAD).stdout, encoding="utf-8")
    json_file = tmp_path / "plan.json"
    json_file.write_text(run("convert", GOOD, "--to", "json").stdout, encoding="utf-8")
    result = run("check", str(json_file), str(yaml_file), "--lang", "en", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data[0]["valid"] is True
    assert [p["rule"] for p in data[1]["problems"]] == ["river-wall"]
    back = run("convert", str(json_file))
    assert back.output == Path(GOOD).read_text(encoding="utf-8")

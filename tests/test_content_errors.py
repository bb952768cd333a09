"""Broken content gives one precise FILE:LINE:COL line per problem, exit 1, no traceback."""

from __future__ import annotations

import pytest

from conftest import FIXTURES, run_cli

CASES = {
    "bad_yaml_tokens": [
        "tokens.yaml:22:11: invalid YAML: expected ',' or '}', but got ':'; check indentation, "
        "colons and quotes on this line",
    ],
    "missing_field_token": ["tokens.yaml:14:5: missing field 'value': add `value: …` here"],
    "token_number_26": [
        "tokens.yaml:3:1: token 25 is missing: the set is 1–20 and 25, one token each",
        "tokens.yaml:44:13: token number 26 is not allowed: tokens are numbered 1–20 and 25",
    ],
    "duplicate_token": [
        "tokens.yaml:3:1: token 12 is missing: the set is 1–20 and 25, one token each",
        "tokens.yaml:26:13: duplicate token number 11 (first at line 24): each number appears "
        "once",
    ],
    "unknown_key_token": [
        "tokens.yaml:10:5: unknown key 'colour': remove it or correct its spelling",
    ],
    "missing_english_name": ["text/en.yaml:42:3: no name for token 13: add `13: …` here"],
}


def _expected(lines: list[str]) -> list[str]:
    return [f"magic-labyrinth/{line}" for line in lines]


@pytest.fixture
def in_fixture(monkeypatch):
    """Work inside a content fixture folder, as a user with their own content would."""

    def enter(case: str) -> None:
        monkeypatch.chdir(FIXTURES / "content" / case)

    return enter


def _problem_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if not line.startswith("Error:")]


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_content_reports_each_problem_with_its_position(case, in_fixture):
    in_fixture(case)
    code, _, err = run_cli("check", "--content", ".")
    assert code == 1
    assert "Traceback" not in err
    assert _problem_lines(err) == _expected(CASES[case])
    n = len(CASES[case])
    assert err.splitlines()[-1] == f"Error: {n} problem{'s' if n > 1 else ''} found"


def test_every_problem_of_every_file_is_reported_in_one_run(in_fixture):
    in_fixture("many_problems")
    code, _, err = run_cli("check", "--content", ".")
    assert code == 1
    base = "magic-labyrinth"
    assert _problem_lines(err) == [
        f"{base}/counters.yaml:3:10: colour 'violet' is not a colour code: write it as "
        "'#rrggbb', e.g. '#7a4fa3', in quotes",
        f"{base}/tokens.yaml:10:5: unknown key 'colour': remove it or correct its spelling",
        f"{base}/tokens.yaml:15:5: missing field 'value': add `value: …` here",
        f"{base}/tokens.yaml:44:13: token number 26 is not allowed: tokens are numbered 1–20 "
        "and 25",
    ]


def test_unbalanced_formulas_warn_and_fail_only_with_strict(in_fixture):
    in_fixture("unbalanced_formulas")
    folder = "."
    code, out, err = run_cli("check", "--content", folder)
    assert code == 0
    assert out.strip() == "content is valid (5 warnings)"
    base = "magic-labyrinth/formulas.yaml"
    assert (f"{base}:25:29: warning: formula cards 1 and 21 share 2 ingredients (10, 13): change "
            "one so that no two cards share more than one") in err.splitlines()
    assert (f"{base}:4:1: warning: ingredient 25 is on 2 formula cards, most others on 3: a "
            "balanced list puts every ingredient on the same number of cards") in err.splitlines()
    code, _, err = run_cli("check", "--content", folder, "--strict")
    assert code == 1
    assert err.splitlines()[-1] == "Error: 5 problems found"


def test_build_with_broken_content_writes_nothing(tmp_path):
    out = tmp_path / "out"
    code, _, err = run_cli("build", "--content", FIXTURES / "content" / "token_number_26",
                           "--out", out)
    assert code == 1
    assert err.splitlines()[-1] == "Error: 2 problems found; nothing was written"
    assert not out.exists()


def test_user_content_overrides_bundled_files_one_by_one(tmp_path):
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--content", FIXTURES / "content" / "short_names", "--out", tmp_path)
    assert code == 0, err
    from conftest import pdf_text

    text = pdf_text(tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf")
    assert "Little Apple" in text  # from the user's text/en.yaml
    assert "Garlic" in text
    assert "Crab Apple" not in text


def test_bundled_content_is_valid_without_warnings():
    code, out, err = run_cli("check", "--strict")
    assert code == 0, err
    assert out.startswith("content is valid")

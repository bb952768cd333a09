"""The plan format docs and `plan check --explain`: every example runs and says what is shown.

In docs/plan-format.md and docs/plan-format.ru.md, a ```text block holding a grid is followed
by a ```console block `$ labyrinth-pnp plan check plan.txt …` with the exact output; other
```console blocks starting with `$ labyrinth-pnp` are run as they stand. Every rule id has a
section, and `--explain` knows every rule id the checker can report, in both languages.
"""

from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.plan.checker.check import check_plan
from generator.plan.checker.explain import explain, explain_text, rule_ids
from generator.plan.checker.messages import MESSAGES

ROOT = Path(__file__).resolve().parents[2]
DOCS = {"en": ROOT / "docs/plan-format.md", "ru": ROOT / "docs/plan-format.ru.md"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)
CYRILLIC = re.compile("[\u0400-\u04ff]")


def _blocks(lang: str) -> list[tuple[str, str]]:
    """Return the fenced blocks of a doc as (info string, text), in order."""
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(DOCS[lang].read_text("utf-8"))]


def _is_plan(info: str, text: str) -> bool:
    return info == "text" and any(line.startswith("+") for line in text.splitlines())


def _examples(lang: str) -> list[tuple[str | None, str]]:
    """Return every (plan text or None, console block) example of a doc."""
    blocks = _blocks(lang)
    out: list[tuple[str | None, str]] = []
    for i, (info, text) in enumerate(blocks):
        if _is_plan(info, text):
            assert i + 1 < len(blocks) and blocks[i + 1][0] == "console", (
                f"the plan example ending {text[-40:]!r} has no console block after it")
            out.append((text, blocks[i + 1][1]))
        elif info == "console" and not (i and _is_plan(*blocks[i - 1])):
            out.append((None, text))
    return out


def _run(command: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    args = shlex.split(command.removeprefix("$ "))
    assert args[0] == "labyrinth-pnp"
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, args[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.stdout


@pytest.mark.parametrize("lang", sorted(DOCS))
def test_every_example_gives_the_documented_output(lang: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    examples = _examples(lang)
    assert len(examples) >= len(rule_ids()) + 3
    for plan, console in examples:
        command, _, expected = console.partition("\n")
        if plan is not None:
            assert command.startswith("$ labyrinth-pnp plan check plan.txt"), command
            (tmp_path / "plan.txt").write_text(plan, encoding="utf-8")
        assert _run(command, tmp_path, monkeypatch) == expected, command


@pytest.mark.parametrize("lang", sorted(DOCS))
def test_every_rule_has_a_section_whose_example_breaks_it(lang: str) -> None:
    text = DOCS[lang].read_text("utf-8")
    for rule in rule_ids():
        section = text.split(f"\n### {rule}\n", 1)[1].split("\n### ", 1)[0]
        plan = FENCE.search(section)
        assert plan is not None and plan.group(1) == "text", rule
        report = check_plan(plan.group(2), "plan.txt", lang)
        assert {p.rule for p in report.problems} == {rule}


def _sketch_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("sketch", ROOT / "docs/img/sketch.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("lang", sorted(DOCS))
def test_the_worked_example_is_the_plan_in_the_picture(lang: str) -> None:
    sketch = _sketch_module()
    first = next(text for info, text in _blocks(lang) if _is_plan(info, text))
    grid = "".join(line + "\n" for line in first.splitlines() if not line.startswith("#"))
    assert grid == sketch.EXAMPLE[lang]
    assert check_plan(first, "plan.txt", lang).valid
    picture = ROOT / f"docs/img/plan-sketch-{lang}.svg"
    assert picture.read_text("utf-8") == sketch.sketch(lang), (
        "the picture is out of date: run .venv/bin/python docs/img/sketch.py")


def test_explain_knows_every_rule_the_checker_reports() -> None:
    reported = {key.split(".", 1)[0] for key in MESSAGES}
    assert set(rule_ids()) == reported


@pytest.mark.parametrize("rule", rule_ids())
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_explain_example_breaks_its_rule_and_the_fix_mends_it(rule: str, lang: str) -> None:
    e = explain(rule, lang)
    assert e.messages and all(f"error[{rule}]" in m for m in e.messages)
    assert {p.rule for p in check_plan(e.example, "plan.txt", lang).problems} == {rule}
    fixed = check_plan(e.fixed, "plan.txt", lang)
    assert fixed.valid and not fixed.problems
    text = explain_text(rule, lang)
    assert text.startswith(f"{rule}: {e.title}\n")
    assert bool(CYRILLIC.search(text)) == (lang == "ru")


def test_explain_through_the_command_line() -> None:
    result = CliRunner().invoke(main, ["plan", "check", "--explain", "exit", "--lang", "en"])
    assert result.exit_code == 0
    assert "the outer frame has no exit" in result.stdout
    bad = CliRunner().invoke(main, ["plan", "check", "--explain", "exits"])
    assert bad.exit_code == 2 and "exits" in bad.output
    both = CliRunner().invoke(main, ["plan", "check", "x.txt", "--explain", "exit"])
    assert both.exit_code == 2
    neither = CliRunner().invoke(main, ["plan", "check"])
    assert neither.exit_code == 2 and "--explain" in neither.output


def test_plan_help_names_the_format_docs_and_explain() -> None:
    text = " ".join(CliRunner().invoke(main, ["plan", "--help"]).stdout.split())
    assert "docs/plan-format.md" in text and "docs/plan-format.ru.md" in text
    assert "--explain RULE" in text


def test_readme_links_the_format_docs() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "docs/plan-format.md" in readme and "docs/plan-format.ru.md" in readme

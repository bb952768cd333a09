"""A content or templates folder from a stranger: nothing runs, nothing outside is read,
every mistake is one clear located message, and `check` passing means `build` passes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import sandbox
from generator.atomic import sweep_stale_temps, temp_beside
from generator.build import BuildOptions, run_build
from generator.content.paths import bundled_dir, display_path

from conftest import run_cli

CONTENT = bundled_dir("content")
TEMPLATES = bundled_dir("templates")
CANARY_NAME = "labyrinth-pnp-canary"


def _rules_with(tmp_path: Path, line: str, game: str = "magic-labyrinth",
                lang: str = "en") -> Path:
    """A user content folder whose rulebook ends with the given line."""
    target = tmp_path / "content" / game / "rules" / f"{lang}.md"
    target.parent.mkdir(parents=True)
    text = (CONTENT / game / "rules" / f"{lang}.md").read_text(encoding="utf-8")
    target.write_text(text + "\n" + line + "\n", encoding="utf-8")
    return tmp_path / "content"


def _last_line(game: str = "magic-labyrinth", lang: str = "en") -> int:
    text = (CONTENT / game / "rules" / f"{lang}.md").read_text(encoding="utf-8")
    return len(text.split("\n")) + 1


def _templates_with(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


@pytest.fixture
def canary(tmp_path: Path) -> Path:
    """A path that a payload would create if it ran a shell command."""
    return tmp_path / CANARY_NAME


def _shell_payloads(canary: Path) -> list[str]:
    cmd = f"touch {canary}"
    return [
        f"{{{{ cycler.__init__.__globals__.os.popen('{cmd}').read() }}}}",
        "{{ lang.__class__.__mro__[1].__subclasses__() }}",
        f"{{{{ names.__init__.__globals__['os'].system('{cmd}') }}}}",
        "{{ facts|attr('__class__') }}",
        "{{ self._TemplateReference__context.cycler.__init__.__globals__.os"
        f".system('{cmd}') }}}}",
    ]


def test_rulebook_payloads_run_nothing_during_check_or_build(tmp_path, canary):
    for i, payload in enumerate(_shell_payloads(canary)):
        content = _rules_with(tmp_path / str(i), payload)
        for command in (["check", "magic-labyrinth"],
                        ["build", "magic-labyrinth", "--part", "rules", "--lang", "en",
                         "--out", tmp_path / str(i) / "out"]):
            code, _, err = run_cli(*command, "--content", content)
            assert code == 1, (payload, err)
            assert "Traceback" not in err
            assert not canary.exists(), payload
        assert not (tmp_path / str(i) / "out").exists()


def test_rulebook_payload_reports_the_unknown_variable_at_its_place(tmp_path):
    content = _rules_with(tmp_path, "{{ cycler.__init__.__globals__.os.popen('id').read() }}")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    shown = display_path(content / "magic-labyrinth/rules/en.md")
    assert code == 1
    assert (f"{shown}:{_last_line()}:4: unknown variable 'cycler': check its spelling "
            "(docs/rules-format.md lists the variables)") in err.splitlines()


def test_rulebook_private_attribute_is_not_allowed(tmp_path):
    content = _rules_with(tmp_path, "{{ names.__class__ }}")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert ("not allowed: access to attribute '__class__' of 'dict' object is unsafe. A "
            "rulebook may use only the variables, filters and methods listed in "
            "docs/rules-format.md") in err


@pytest.mark.parametrize("tag", ['{% include "/etc/passwd" %}', '{% import "x.j2" as x %}',
                                 '{% extends "../../etc/passwd" %}'])
def test_rulebook_reads_no_other_file(tmp_path, tag):
    content = _rules_with(tmp_path, tag)
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert "is not available in a rulebook: a rulebook reads no other file" in err
    assert "root:" not in err


def test_rulebook_recursive_macro_is_a_clear_error(tmp_path):
    content = _rules_with(tmp_path, "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert len(err.splitlines()) < 10
    assert ("template error: the template calls itself too deeply: a macro that calls itself "
            "needs a condition that stops it") in err


@pytest.mark.parametrize("line, message", [
    ('{{ "x" * 100000000 }}', "repeating a text or list 100000000 times makes it longer "
                              "than 1,000,000"),
    ("{{ 10 ** 100 }}", "the power 100 is too large: at most 64"),
    ("{{ range(10000000)|list }}", "numbers passed to filters and functions may be at most"),
    ('{{ "%0999999999d"|format(1) }}', "a width or precision above 100 in a '%' format"),
    ("{{ 1 / 0 }}", "cannot compute 1 / 0: division by zero"),
    ('{{ "x"|random }}', "No filter named 'random'"),
])
def test_rulebook_expressions_are_bounded(tmp_path, line, message):
    content = _rules_with(tmp_path, line)
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert message in err
    assert "Traceback" not in err


def test_rulebook_endless_loop_stops_at_the_work_limit(tmp_path):
    loop = "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"
    content = _rules_with(tmp_path, loop)
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert "a '{% for %}' loop takes the templates past 5,000,000 steps and characters per " \
        "build" in err


def test_rulebook_cpu_backstop_stops_a_render(tmp_path, monkeypatch):
    monkeypatch.setattr(sandbox, "BUILD_SECONDS", 0.05)
    loop = "{% for i in range(100000) %}{% for j in range(40) %}{% endfor %}{% endfor %}"
    content = _rules_with(tmp_path, loop)
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert "the rulebooks of this build ran longer than 0.1 s of CPU time" in err


def test_rulebook_output_is_bounded(tmp_path):
    content = _rules_with(tmp_path, '{% for i in range(100000) %}{{ "x" * 1000 }}{% endfor %}')
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1  # the work budget (5,000,000 per build) stops it before the output limit
    assert "takes the templates past 5,000,000 steps and characters per build" in err


def test_rulebook_output_limit_holds_within_the_work_budget(tmp_path):
    content = _rules_with(tmp_path, '{% set a = "x" * 700000 %}{{ a }}{{ a }}{{ a }}')
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert "the template writes more than 2,000,000 characters" in err


def test_template_payload_runs_nothing_and_is_reported(tmp_path, canary):
    folder = _templates_with(tmp_path, "footer.txt.j2", _shell_payloads(canary)[0])
    code, _, err = run_cli("check", "--templates", folder)
    assert code == 1
    assert not canary.exists()
    assert (f"{display_path(folder / 'footer.txt.j2')}:1:1: unknown variable 'cycler': the "
            "template footer.txt.j2 is given 'game', 'part', 'language', 'page_label'"
            ) in err.splitlines()
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--templates", folder, "--out", tmp_path / "out")
    assert code == 1 and not canary.exists() and not (tmp_path / "out").exists()


def test_template_symlink_outside_the_folder_is_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-LINE", encoding="utf-8")
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "document-title.txt.j2").symlink_to(secret)
    code, out, err = run_cli("check", "--templates", folder)
    assert code == 1
    assert "TOP-SECRET-LINE" not in out + err
    assert (f"template 'document-title.txt.j2' is a link to a file outside the folder {folder}, "
            "or a loop of links: copy the file in instead") in err
    code, out, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                             "--templates", folder, "--out", tmp_path / "out")
    assert code == 1 and "TOP-SECRET-LINE" not in out + err


@pytest.mark.parametrize("tag, message", [
    ('{% include "/etc/passwd" %}', "template name '/etc/passwd' must be a relative path"),
    ('{% include "../secret.txt" %}', "template name '../secret.txt' may not go up with '..'"),
    ('{% include "nothing.j2" %}', "template 'nothing.j2' is not in the templates folder"),
])
def test_template_include_stays_inside_the_folders(tmp_path, tag, message):
    (tmp_path / "secret.txt").write_text("TOP-SECRET-LINE", encoding="utf-8")
    folder = _templates_with(tmp_path, "footer.txt.j2", tag)
    code, out, err = run_cli("check", "--templates", folder)
    assert code == 1
    assert message in err
    assert "TOP-SECRET-LINE" not in out + err and "root:" not in out + err


def test_template_include_of_a_file_in_the_folder_works(tmp_path):
    folder = _templates_with(tmp_path, "footer.txt.j2", '{% include "parts/line.j2" %}')
    (folder / "parts").mkdir()
    (folder / "parts" / "line.j2").write_text("{{ game }} · {{ page_label }}", encoding="utf-8")
    code, out, err = run_cli("check", "--templates", folder)
    assert (code, out, err) == (0, "content is valid\n", "")


def test_template_syntax_error_is_located(tmp_path):
    folder = _templates_with(tmp_path, "footer.txt.j2", "{{ game }}\n{% if part %}")
    code, _, err = run_cli("check", "--templates", folder)
    assert code == 1
    assert (f"{display_path(folder / 'footer.txt.j2')}:2:1: template syntax error: "
            "Unexpected end of template. Jinja was looking for the following tags: 'elif' or "
            "'else' or 'endif'. The innermost block that needs to be closed is 'if'."
            ) in err.splitlines()


# --- placeholders ---------------------------------------------------------------------------

def _text_with(tmp_path: Path, relative: str, old: str, new: str) -> Path:
    target = tmp_path / "content" / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    text = (CONTENT / relative).read_text(encoding="utf-8")
    assert old in text
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "content"


@pytest.mark.parametrize("old, new, message", [
    ("{rows}", "{Zeilen}", "8:7: unknown placeholder '{Zeilen}': this text can use {rows} and "
                           "{cols}"),
    ("{rows}", "{rows.__class__}", "8:7: '{rows.__class__}' is not a placeholder: a placeholder "
                                   "is a name in braces; this text can use {rows} and {cols}"),
    ("{rows}", "{0}", "8:7: '{0}' is not a placeholder"),
    ("{rows}", "{rows!r}", "8:7: '{rows!r}' is not a placeholder"),
    ("{rows}", "{", "8:7: a lone '{' at character 1: write '{{' to print a brace; this text "
                    "can use {rows} and {cols}"),
    ("{rows} ×", "×", "8:7: missing placeholder {rows}: this text can use {rows} and {cols}, "
                      "and must use each of them once at least"),
])
def test_placeholder_mistakes_fail_check_and_build_alike(tmp_path, old, new, message):
    content = _text_with(tmp_path, "paper-labyrinth/text/en.yaml", old, new)
    shown = display_path(content / "paper-labyrinth/text/en.yaml")
    code, _, err = run_cli("check", "--content", content)
    assert code == 1
    assert f"{shown}:{message}" in err
    code, _, err = run_cli("build", "paper-labyrinth", "--content", content, "--out",
                           tmp_path / "out")
    assert code == 1 and "Traceback" not in err and f"{shown}:{message}" in err
    assert not (tmp_path / "out").exists()


def test_placeholder_braces_escape_and_fill(tmp_path):
    content = _text_with(tmp_path, "paper-labyrinth/text/en.yaml", "{rows} × {cols} cells",
                         "{{{rows}}} × {cols} cells")
    code, _, err = run_cli("check", "paper-labyrinth", "--content", content)
    assert (code, err) == (0, "")
    from generator.content.placeholders import fill
    assert fill("{{{rows}}} × {cols}", rows=4, cols=5) == "{4} × 5"


def test_shared_file_error_is_reported_once_without_a_false_extra_line(tmp_path):
    content = _text_with(tmp_path, "common/text/en.yaml", "of {pages}", "of {Seiten}")
    code, _, err = run_cli("check", "--content", content)
    lines = [line for line in err.splitlines() if not line.startswith("Error:")]
    shown = display_path(content / "common/text/en.yaml")
    assert lines == [f"{shown}:6:7: unknown placeholder '{{Seiten}}': this text can use {{page}} "
                     "and {pages}"]
    assert err.splitlines()[-1] == "Error: 1 problem found"


# --- files nothing reads ----------------------------------------------------------------------

def test_misspelled_content_paths_are_warnings_naming_the_closest(tmp_path):
    user = tmp_path / "content"
    (user / "magic-labyrnth").mkdir(parents=True)
    shutil.copy(CONTENT / "magic-labyrinth/tokens.yaml", user / "magic-labyrnth/tokens.yaml")
    (user / "magic-labyrinth").mkdir()
    shutil.copy(CONTENT / "magic-labyrinth/tokens.yaml", user / "magic-labyrinth/token.yaml")
    (user / "README.md").write_text("my notes", encoding="utf-8")
    code, out, err = run_cli("check", "--content", user)
    rel = display_path(user)
    assert code == 0 and out == "content is valid (2 warnings)\n"
    assert err.splitlines() == [
        f"{rel}/magic-labyrinth/token.yaml:1:1: warning: labyrinth-pnp does not read this "
        "file: did you mean 'magic-labyrinth/tokens.yaml'?",
        f"{rel}/magic-labyrnth: warning: labyrinth-pnp reads nothing in this folder: did "
        "you mean 'magic-labyrinth'?",
    ]
    code, _, err = run_cli("check", "--content", user, "--strict")
    assert code == 1 and err.splitlines()[-1] == "Error: 2 problems found"


def test_misspelled_template_is_a_warning_and_strict_error(tmp_path):
    folder = _templates_with(tmp_path, "footr.txt.j2", "{{ game }}")
    code, out, err = run_cli("check", "--templates", folder)
    assert (code, out) == (0, "content is valid (1 warning)\n")
    assert err == (f"{display_path(folder / 'footr.txt.j2')}:1:1: warning: labyrinth-pnp "
                   "does not use this template: did you mean 'footer.txt.j2'?\n")
    code, _, _ = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                         "--templates", folder, "--strict", "--out", tmp_path / "out")
    assert code == 1 and not (tmp_path / "out").exists()


# --- floods ---------------------------------------------------------------------------------

def test_a_flood_of_problems_is_cut_at_fifty_per_file_and_kind(tmp_path):
    lines = ["formulas:"] + [f"  - card: {i}\n    ingredients: [1, 2, 99]" for i in range(1, 400)]
    target = tmp_path / "content/magic-labyrinth/formulas.yaml"
    target.parent.mkdir(parents=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", tmp_path / "content")
    shown = display_path(target)
    errors = [line for line in err.splitlines()
              if line.startswith(f"{shown}:") and " … and " not in line]
    assert code == 1
    assert len(errors) == 50
    assert any(line.startswith(f"{shown}: … and ") and line.endswith(
        " more errors in this file (fix the ones above first)") for line in err.splitlines())
    assert len(err.splitlines()) < 120


# --- interrupted builds -----------------------------------------------------------------------

def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_temporary_files_of_a_killed_run_are_swept(tmp_path):
    folder = tmp_path / "out" / "magic-labyrinth"
    folder.mkdir(parents=True)
    stale = folder / f".magic-labyrinth-tokens-en-a4.pdf.{_dead_pid()}.abc123.tmp"
    stale.write_bytes(b"%PDF-half")
    live = folder / f".magic-labyrinth-tokens-en-a4.pdf.{os.getppid()}.xyz789.tmp"
    live.write_bytes(b"%PDF-being-written")
    mine = temp_beside(folder / "x.pdf")
    assert sweep_stale_temps(folder) == [stale]
    assert live.exists() and mine.exists()
    stale.write_bytes(b"%PDF-half")
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--out", tmp_path / "out")
    assert code == 0, err
    assert not stale.exists() and live.exists()


def test_progress_is_reported_only_once_the_file_is_in_place(tmp_path):
    seen: list[bool] = []
    options = BuildOptions(games=("magic-labyrinth",), parts=("tokens", "formulas"), lang="en",
                           out=tmp_path, jobs=1)
    report = run_build(options, progress=lambda path: seen.append(Path(path).is_file()))
    assert seen == [True, True] and len(report.written) == 2


def test_an_overlong_project_url_is_a_check_error_not_a_build_crash(tmp_path):
    target = tmp_path / "content/common/project.yaml"
    target.parent.mkdir(parents=True)
    target.write_text("url: " + "A" * 5000 + "\n", encoding="utf-8")
    message = (f"{display_path(target)}:1:6: 'url' must be a web address starting with https:// "
               "and at most 300 characters, without spaces: it is printed as a QR code")
    code, _, err = run_cli("check", "--content", tmp_path / "content")
    assert code == 1 and err.splitlines() == [message, "Error: 1 problem found"]
    code, _, err = run_cli("build", "paper-labyrinth", "--part", "rules", "--content",
                           tmp_path / "content", "--out", tmp_path / "out")
    assert code == 1 and message in err.splitlines()


# --- cases the fuzz suite found: check refuses them, so build never meets them ---------------

FUZZ_FOUND = [
    ("goblin-slayer/rules/ru.md", "title: ", "title: " + "T" * 100_000 + " ", "goblin-slayer",
     "2:1: the title is too long for the title page: at most 200 characters, words of at "
     "most 60"),
    ("magic-labyrinth/rules/en.md", "## About the game {#about}\n",
     "## About the game {#about}\n\n" + "W" * 5000 + "\n", "magic-labyrinth",
     "a word of 5000 characters ('WWWWWWWWWWWWWWWWWWWW…') does not fit a line: words may have "
     "at most 60 characters; break it with spaces"),
    ("goblin-slayer/counters.yaml", "count: 1\n", "count: 1000000\n", "goblin-slayer",
     "count 1000000 is more than 100: a box holds a few dozen counters of a kind"),
    ("magic-labyrinth/text/ru.yaml", "  game: Волшебный лабиринт\n", "", "magic-labyrinth",
     "missing field 'game': add `game: …` here"),
    ("paper-labyrinth/game.yaml", "default_rows: 4", "default_rows: 0", "paper-labyrinth",
     "'default_rows' is 0: plans have 2 to 12 rows and columns"),
]


@pytest.mark.parametrize("relative, old, new, game, message", FUZZ_FOUND)
def test_fuzz_found_cases_are_check_errors(tmp_path, relative, old, new, game, message):
    content = _text_with(tmp_path, relative, old, new)
    code, _, err = run_cli("check", game, "--content", content)
    assert code == 1, err
    assert message in err and "Traceback" not in err


def test_an_unclosed_code_fence_is_a_check_error(tmp_path):
    content = _text_with(tmp_path, "magic-labyrinth/rules/en.md", "## About the game {#about}\n",
                         "## About the game {#about}\n\n```\n")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 1
    assert "does not fit a page (at most 50): close its fence with ``` or ~~~, or split it" in err


def test_a_token_list_that_is_not_a_list_is_a_message(tmp_path):
    target = tmp_path / "content/magic-labyrinth/tokens.yaml"
    target.parent.mkdir(parents=True)
    target.write_text("tokens: 5\n", encoding="utf-8")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", tmp_path / "content")
    assert code == 1 and "Traceback" not in err
    assert "'tokens' must be a list of items (lines starting with '- ')" in err


def test_a_template_include_of_a_fifo_is_named_not_read(tmp_path):
    folder = _templates_with(tmp_path, "footer.txt.j2", '{% include "p" %}')
    os.mkfifo(folder / "p")  # reading it would wait for a writer for ever
    code, _, err = run_cli("check", "--templates", folder)
    assert code == 1
    assert err.splitlines()[0].endswith("footer.txt.j2:1:1: template 'p' is not in the "
                                        "templates folder: include a template by its file "
                                        "name, such as 'footer.txt.j2'")

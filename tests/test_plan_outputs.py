"""What the plan commands write and say: replacing their own PDFs, refusing other files, and
the same exit status and stream for a missing PLAN in every subcommand."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import FIXTURES, pdf_text, run_cli

ROOT = FIXTURES.parent.parent
PLAN = ROOT / "docs/examples/rulebook-plan.txt"
FOREIGN_PDF = b"%PDF-1.4\n% a scan from the office printer\n%%EOF\n"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_plan_print_again_says_it_replaced_its_own_pdf(here: Path) -> None:
    code, out, _ = run_cli("plan", "print", PLAN, "--lang", "en")
    assert (code, out) == (0, "wrote rulebook-plan-host-en-a4.pdf\n")
    first = (here / "rulebook-plan-host-en-a4.pdf").read_bytes()
    code, out, err = run_cli("plan", "print", PLAN, "--lang", "en")
    assert (code, out, err) == (0, "replaced rulebook-plan-host-en-a4.pdf\n", "")
    assert (here / "rulebook-plan-host-en-a4.pdf").read_bytes() == first
    assert "Host" in pdf_text(here / "rulebook-plan-host-en-a4.pdf")


@pytest.mark.parametrize("command", [
    ["plan", "print", PLAN, "--lang", "en"],
    ["plan", "sheets", PLAN, "--lang", "en"],
    ["plan", "form", "--rows", "4", "--cols", "5", "--lang", "en"],
])
def test_a_pdf_the_tool_did_not_write_is_kept_unless_overwrite(here: Path,
                                                               command: list) -> None:
    theirs = here / "theirs.pdf"
    theirs.write_bytes(FOREIGN_PDF)
    code, out, err = run_cli(*command, "--out", theirs)
    assert (code, out) == (1, "")
    assert err == (f"Error: {theirs} exists and labyrinth-pnp did not write it: choose another "
                   "--out, or add --overwrite to replace it\n")
    assert theirs.read_bytes() == FOREIGN_PDF
    assert [p.name for p in here.iterdir()] == ["theirs.pdf"]  # no temporary file left
    code, out, _ = run_cli(*command, "--out", theirs, "--overwrite")
    assert (code, out) == (0, f"replaced {theirs}\n")
    assert PdfReader(theirs).metadata["/Author"] == "labyrinth-pnp"


def test_a_plan_given_as_out_is_never_replaced_by_accident(here: Path) -> None:
    mine = here / "my-plan.txt"
    mine.write_bytes(PLAN.read_bytes())
    code, _, err = run_cli("plan", "sheets", PLAN, "--out", mine)
    assert code == 1 and "did not write it" in err
    assert mine.read_bytes() == PLAN.read_bytes()


@pytest.mark.parametrize("command", [
    ["check"], ["convert"], ["print"], ["sheets"], ["play"], ["form", "--fill"],
])
def test_a_missing_plan_is_a_usage_error_on_stderr_in_every_subcommand(
        here: Path, command: list) -> None:
    code, out, err = run_cli("plan", *command, "nope.txt")
    assert (code, out) == (2, "")
    assert err.startswith("Error: ") or "\nError: " in err
    assert "nope.txt" in err


def test_plan_check_names_a_missing_plan_in_russian_and_checks_the_rest(here: Path) -> None:
    code, out, err = run_cli("plan", "check", "nope.txt", PLAN, "--lang", "ru")
    assert code == 2
    assert err == "Error: nope.txt: файл не прочитать: такого файла нет\n"
    assert out.startswith("Проверено планов: 1; без ошибок: 1")


def test_plan_convert_says_what_it_wrote(here: Path) -> None:
    code, out, _ = run_cli("plan", "convert", PLAN, "--to", "json", "--out", "p.json")
    assert (code, out) == (0, "wrote p.json\n")


def test_a_printed_rulebook_shows_a_links_address(tmp_path: Path) -> None:
    rules = tmp_path / "c/paper-labyrinth/rules/en.md"
    rules.parent.mkdir(parents=True)
    source = (ROOT / "content/paper-labyrinth/rules/en.md").read_text(encoding="utf-8")
    cut = source.index("\n## ") + 1
    rules.write_text(source[:cut] + "Print more plans from [our site](https://example.org/plans)"
                     " and [the set-up](#setup).\n\n" + source[cut:], encoding="utf-8")
    code, _, err = run_cli("build", "paper-labyrinth", "--part", "rules", "--lang", "en",
                           "--content", tmp_path / "c", "--out", tmp_path / "o")
    assert code == 0
    assert err.count("a link to '#setup' cannot be followed on paper") == 1
    text = " ".join(pdf_text(tmp_path / "o/paper-labyrinth/paper-labyrinth-rules-en-a4.pdf")
                    .split())
    assert "Print more plans from our site (example.org/plans) and the set-up." in text


def test_check_sums_a_first_drafts_gaps_up_in_one_line_per_file(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    assert run_cli("lang", "new", "de", "--content", folder, "--game", "paper-labyrinth")[0] == 0
    code, out, err = run_cli("check", "paper-labyrinth", "--content", folder)
    assert code == 0
    lines = err.splitlines()
    files = sorted(line.split(":")[0] for line in lines)
    assert files == sorted(str(p) for p in folder.rglob("de.*")  # the glossary: lang status
                           if p.suffix in (".yaml", ".md") and p.parent.name != "terms")
    for line in lines:
        assert " texts not translated yet in 'de', the first here: `labyrinth-pnp lang status " \
               f"de --content {folder}` counts them by file, `labyrinth-pnp check -v --content " \
               f"{folder}` lists each" in line
    total = int(out.split("(")[1].split()[0])
    code, _, every = run_cli("check", "paper-labyrinth", "--content", folder, "-v")
    assert code == 0 and len(every.splitlines()) > 100 and total > 100
    assert "not translated yet (" in every


def test_a_saved_random_game_keeps_its_plan_and_the_printed_command_draws_it(
        here: Path) -> None:
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(main, ["plan", "play", "--random", "5x5", "--players", "A,B",
                                       "--lang", "en", "--seed", "3", "--save", "g.json"],
                                input="B3\nC4\nup\n")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.splitlines()[-2:] == [
        "wrote g.json",
        "wrote g-plan.txt: `labyrinth-pnp plan print g-plan.txt --trace g.json` draws the game"]
    assert run_cli("plan", "check", "g-plan.txt")[0] == 0
    code, out, err = run_cli("plan", "print", "g-plan.txt", "--trace", "g.json")
    assert (code, out) == (0, "wrote g-plan-host-en-a4.pdf\n"), err
    assert "A" in pdf_text(here / "g-plan-host-en-a4.pdf")


@pytest.mark.parametrize(("lang", "word", "stopped"), [("en", "quit", "The game is stopped."),
                                                        ("ru", "конец", "Партия остановлена.")])
def test_quit_works_at_the_start_cell_prompt(here: Path, lang: str, word: str,
                                             stopped: str) -> None:
    from click.testing import CliRunner

    from generator.cli import main

    result = CliRunner().invoke(main, ["plan", "play", "--random", "4x4", "--players", "A,B",
                                       "--lang", lang, "--seed", "1"], input=f"B2\n{word}\n")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == stopped
    assert "B2" in result.stdout and "не клетка" not in result.stdout
    assert "not a cell" not in result.stdout


def test_plan_play_in_a_terminal_edits_the_line_with_the_arrow_keys(here: Path) -> None:
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    main_fd, child_fd = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "plan", "play", "--random", "4x4", "--players",
         "Anya,Boris", "--lang", "en", "--seed", "1"], stdin=child_fd, stdout=child_fd,
        stderr=child_fd, cwd=ROOT, env=dict(os.environ, NO_COLOR="1", TERM="dumb"))
    os.close(child_fd)
    seen = b""

    def until(text: bytes, times: int = 1) -> None:
        nonlocal seen
        end = time.monotonic() + 20
        while seen.count(text) < times and time.monotonic() < end:
            if select.select([main_fd], [], [], 0.5)[0]:
                try:
                    seen += os.read(main_fd, 4096)
                except OSError:
                    break
        assert text in seen, seen.decode(errors="replace")

    try:
        until(b"Anya, start cell")
        os.write(main_fd, b"B2\r")
        until(b"Boris, start cell")
        os.write(main_fd, b"C3\r")
        until(b"Anya, your turn: ")
        os.write(main_fd, b"statsu\x1b[D\x1b[D\x7f\x7fus\r")  # two left, two back, "us"
        until(b'"stussu" is not a command')
        os.write(main_fd, b"\x1b[A\r")  # up: the line before
        until(b'"stussu" is not a command', 2)
        os.write(main_fd, b"quit\r")
        until(b"The game is stopped.")
    finally:
        proc.kill()
        proc.wait()
        os.close(main_fd)
    assert b"[D" not in seen.split(b"Anya, your turn: ")[-1]

"""A rebuild after an edit to one game leaves the other games alone: not loaded, not checked,
their code not even imported; yet the report (files, warnings, their order) and the files'
bytes are those of a build that loaded everything. And the drawing workers (bare forks)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from test_incremental import digests

from generator.build import BuildOptions, run_build
from generator.content.paths import bundled_dir
from generator.errors import ContentError
from generator.pipeline import load as load_stage
from generator.pipeline.workers import run_forked

CONTENT = bundled_dir("content")
# two games, so that one can be edited while the other is kept
TWO = BuildOptions(games=("goblin-slayer", "magic-labyrinth"),
                   parts=("counters", "rules", "tokens"), lang="en", jobs=1)


def loaded_games(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Record the games each build loads (load_content's games), build by build."""
    seen: list[list[str]] = []
    real = load_stage.load_content

    def spy(games, roots, rules=True):  # type: ignore[no-untyped-def]
        seen.append([game.id for game in games])
        return real(games, roots, rules)

    monkeypatch.setattr(load_stage, "load_content", spy)
    return seen


def edited_copy(tmp_path: Path, game: str) -> Path:
    """A content folder holding an edited copy of one game's English texts."""
    mine = tmp_path / "mine"
    text = mine / game / "text" / "en.yaml"
    text.parent.mkdir(parents=True)
    shutil.copy(CONTENT / game / "text" / "en.yaml", text)
    return mine


def rename_wand(mine: Path | None) -> None:
    """A designer's edit: the wand's English name in Magic Labyrinth's texts in mine."""
    assert mine is not None
    text = mine / "magic-labyrinth" / "text" / "en.yaml"
    words = text.read_text(encoding="utf-8")
    assert "\nwand: Wand\n" in words
    text.write_text(words.replace("\nwand: Wand\n", "\nwand: Magic wand\n"), encoding="utf-8")


def test_an_edit_to_one_game_loads_only_that_game(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    mine = edited_copy(tmp_path, "magic-labyrinth")
    options = replace(TWO, out=tmp_path / "out", content=mine)
    seen = loaded_games(monkeypatch)
    first = run_build(options)
    rename_wand(mine)
    second = run_build(options)
    assert seen == [["goblin-slayer", "magic-labyrinth"], ["magic-labyrinth"]]
    assert sorted(p.name for p in second.written) == [
        "magic-labyrinth-counters-en-a4.pdf", "magic-labyrinth-rules-en-a4.pdf"]
    # the report lists every file, game by game, as a build that loaded both would
    assert [p.name for p in second.written + second.skipped if "goblin" in p.name] == [
        p.name for p in first.written if "goblin" in p.name]
    assert second.warnings == first.warnings
    clean = replace(options, out=tmp_path / "clean")
    assert second.warnings == run_build(clean).warnings
    assert digests(options.out) == digests(clean.out)


def test_a_kept_game_reports_its_warnings_in_their_place(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """Goblin Slayer kept with a warning of its own (a rulebook heading without an id), Magic
    Labyrinth edited to have one too: the warnings come in the order of a build that loaded
    both (the games in the order named)."""
    mine = tmp_path / "mine"
    books = {}
    for game in ("goblin-slayer", "magic-labyrinth"):
        books[game] = mine / game / "rules" / "en.md"
        books[game].parent.mkdir(parents=True)
        shutil.copy(CONTENT / game / "rules" / "en.md", books[game])
    goblin = books["goblin-slayer"]
    goblin.write_text(goblin.read_text(encoding="utf-8") + "\n## A heading of goblins\n\nText.\n",
                      encoding="utf-8")
    options = replace(TWO, out=tmp_path / "out", content=mine)
    first = run_build(options)
    assert [p.message for p in first.warnings if "has no id" in p.message] == [
        "heading 'A heading of goblins' has no id: end it with {#some-id}, the same in every "
        "language"]
    magic = books["magic-labyrinth"]
    magic.write_text(magic.read_text(encoding="utf-8") + "\n## A heading of wands\n\nText.\n",
                     encoding="utf-8")
    seen = loaded_games(monkeypatch)
    second = run_build(options)
    assert seen == [["magic-labyrinth"]]
    assert [p.message.split("'")[1] for p in second.warnings if "has no id" in p.message] == [
        "A heading of goblins", "A heading of wands"]
    assert second.warnings == run_build(replace(options, out=tmp_path / "clean")).warnings


@pytest.mark.parametrize("change", ["common", "deleted", "force", "other-options"])
def test_a_game_is_loaded_again_when_anything_it_reads_or_wrote_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    mine = edited_copy(tmp_path, "magic-labyrinth")
    options = replace(TWO, out=tmp_path / "out", content=mine)
    run_build(options)
    seen = loaded_games(monkeypatch)
    if change == "common":  # a file every game reads
        (mine / "common").mkdir()
        shutil.copy(CONTENT / "common" / "project.yaml", mine / "common" / "project.yaml")
    elif change == "deleted":  # one of Goblin Slayer's files, removed by hand
        (options.out / "goblin-slayer" / "goblin-slayer-counters-en-a4.pdf").unlink()
    elif change == "force":
        options = replace(options, force=True)
    else:
        options = replace(options, ink_saver=True)
    report = run_build(options)
    assert seen == [["goblin-slayer"] if change == "deleted" else  # the other one is intact
                    ["goblin-slayer", "magic-labyrinth"]]
    clean = replace(options, out=tmp_path / "clean", force=True)
    assert report.warnings == run_build(clean).warnings
    assert digests(options.out) == digests(clean.out)


def test_a_part_only_a_kept_game_has_is_still_a_part(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`--part locations` (Goblin Slayer's alone) while Goblin Slayer is kept."""
    options = BuildOptions(parts=("locations", "tokens"), lang="en", jobs=1,
                           out=tmp_path / "out", content=edited_copy(tmp_path,
                                                                     "magic-labyrinth"))
    first = run_build(options)
    rename_wand(options.content)
    seen = loaded_games(monkeypatch)
    second = run_build(options)
    assert seen == [["magic-labyrinth"]]
    assert sorted(second.written + second.skipped) == sorted(first.written)


def test_a_language_spelled_otherwise_loads_every_game(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`--lang EN`: its spelling is settled against every game's languages, so nothing is
    kept (a rare case, and a cheap way to stay exact)."""
    mine = edited_copy(tmp_path, "magic-labyrinth")
    options = replace(TWO, out=tmp_path / "out", lang="EN", content=mine)
    first = run_build(options)
    rename_wand(mine)
    seen = loaded_games(monkeypatch)
    second = run_build(options)
    assert seen == [["goblin-slayer", "magic-labyrinth"]]
    assert sorted(second.written + second.skipped) == sorted(first.written)


# --- the drawing workers ----------------------------------------------------------------------

def _square(i: int) -> int:
    return i * i


def test_each_task_runs_once_in_a_worker() -> None:
    answers = dict(run_forked(_square, 40, 3))
    assert answers == {i: i * i for i in range(40)}


def _large(i: int) -> str:
    return str(i) * 300_000  # several times what a pipe holds


def test_answers_larger_than_a_pipe_come_back_whole() -> None:
    assert dict(run_forked(_large, 6, 2)) == {i: str(i) * 300_000 for i in range(6)}


def _fail_on_five(i: int) -> int:
    if i == 5:
        raise ContentError([])
    return os.getpid()


def test_a_task_that_raises_raises_in_the_parent_and_no_worker_is_left() -> None:
    before = _children()
    with pytest.raises(ContentError):
        list(run_forked(_fail_on_five, 12, 2))
    assert _children() <= before


def _die_on_two(i: int) -> int:
    if i == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return i


def test_a_worker_killed_is_an_error_not_a_hang() -> None:
    before = _children()
    with pytest.raises(RuntimeError, match="ended before it had finished"):
        list(run_forked(_die_on_two, 4, 2))
    assert _children() <= before


def _slow(i: int) -> int:
    time.sleep(0.05 if i else 0)
    return i


def test_a_caller_that_stops_reading_stops_the_workers() -> None:
    before = _children()
    answers = run_forked(_slow, 200, 2)
    first = next(answers)
    answers.close()
    assert first[0] in range(200) and _children() <= before


def _children() -> set[int]:
    """The processes this one started that still exist, zombies included (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[1]) == os.getpid():
            found.add(int(stat.parent.name))
    return found


def test_the_program_exits_quickly_yet_says_everything(tmp_path: Path) -> None:
    """The script's quick exit (generator/program.py) flushes what was printed, piped."""
    done = subprocess.run([sys.executable, "-m", "generator.cli", "build", "goblin-slayer",
                           "--part", "counters", "--lang", "en", "--out", str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == f"1 file written to {tmp_path}"
    bad = subprocess.run([sys.executable, "-m", "generator.cli", "build", "no-such-game"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "unknown game 'no-such-game'" in bad.stderr

"""Incremental builds: a rebuild redraws only what changed, and its files are byte for byte
those of a clean build of the same inputs, in every case the manifest must notice."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from generator.build import BuildOptions, run_build
from generator.content.paths import bundled_dir
from generator.errors import ContentError
from generator.pipeline import manifest, skip
from generator.pipeline.load import Loaded

from conftest import run_cli

CONTENT = bundled_dir("content")
TEMPLATES = bundled_dir("templates")
# small and quick, but with a picture (the counters' art), a rulebook and a print guide
GOBLIN = BuildOptions(games=("goblin-slayer",), parts=("counters", "rules", "print-guide"),
                      lang="en", jobs=1)


def digests(out: Path) -> dict[str, str]:
    """Every PDF under out by relative path, with the digest of its bytes."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*.pdf"))}


def same_as_clean(options: BuildOptions, tmp_path: Path, name: str) -> None:
    """Assert that options.out holds the very bytes a clean build of options makes."""
    clean = replace(options, out=tmp_path / f"clean-{name}", force=True)
    run_build(clean)
    made, kept = digests(clean.out), digests(options.out)
    assert made and {name: kept.get(name) for name in made} == made


def names(paths: list[Path], out: Path) -> list[str]:
    return sorted(p.relative_to(out).name for p in paths)


def test_a_second_build_writes_nothing_and_says_what_is_up_to_date(tmp_path: Path) -> None:
    options = replace(GOBLIN, out=tmp_path)
    first = run_build(options)
    before = {p: p.stat().st_mtime_ns for p in first.written}
    second = run_build(options)
    assert second.written == [] and sorted(second.skipped) == sorted(first.written)
    assert {p: p.stat().st_mtime_ns for p in first.written} == before
    assert second.warnings == first.warnings
    assert (tmp_path / ".labyrinth-build.json").is_file()
    code, out, _ = run_cli("build", "goblin-slayer", "--part", "counters", "--lang", "en",
                           "--out", tmp_path, "-v")
    assert code == 0 and out.splitlines() == [
        f"up to date {tmp_path}/goblin-slayer/goblin-slayer-counters-en-a4.pdf",
        f"0 files written to {tmp_path}, 1 up to date"]
    code, out, _ = run_cli("build", "goblin-slayer", "--part", "counters", "--lang", "en",
                           "--out", tmp_path, "--force")
    assert out.splitlines()[-1] == f"1 file written to {tmp_path}"


def test_a_changed_content_file_redraws_its_game_only_and_as_a_clean_build(tmp_path: Path
                                                                          ) -> None:
    mine = tmp_path / "mine"
    shutil.copytree(CONTENT / "goblin-slayer" / "text", mine / "goblin-slayer" / "text")
    options = replace(GOBLIN, games=(), parts=("counters", "score-sheet"), out=tmp_path / "o",
                      content=mine)
    run_build(options)
    text = mine / "goblin-slayer" / "text" / "en.yaml"
    text.write_text(text.read_text(encoding="utf-8").replace("Goblin", "Gobbo"),
                    encoding="utf-8")
    report = run_build(options)
    assert names(report.written, options.out) == ["goblin-slayer-counters-en-a4.pdf"]
    assert names(report.skipped, options.out) == ["magic-labyrinth-counters-en-a4.pdf",
                                                  "magic-labyrinth-score-sheet-en-a4.pdf"]
    same_as_clean(options, tmp_path, "content")


def test_a_changed_picture_template_or_option_redraws_as_a_clean_build(tmp_path: Path) -> None:
    mine, templates = tmp_path / "mine", tmp_path / "templates"
    art = mine / "goblin-slayer" / "art" / "counters"
    shutil.copytree(CONTENT / "goblin-slayer" / "art" / "counters", art)
    shutil.copytree(TEMPLATES, templates)
    options = replace(GOBLIN, out=tmp_path / "o", content=mine, templates=templates)
    run_build(options)
    picture = art / "goblin.svg"
    picture.write_text(picture.read_text(encoding="utf-8").replace("<svg", "<svg opacity='0.5'",
                                                                   1), encoding="utf-8")
    assert "goblin-slayer-counters-en-a4.pdf" in names(run_build(options).written, options.out)
    same_as_clean(options, tmp_path, "picture")
    footer = templates / "footer.txt.j2"
    footer.write_text(footer.read_text(encoding="utf-8") + " ·", encoding="utf-8")
    assert run_build(options).written
    same_as_clean(options, tmp_path, "template")
    for changed in (replace(options, ink_saver=True), replace(options, duplex="none"),
                    replace(options, bleed=2.0), replace(options, gutter=3.0)):
        report = run_build(changed)
        assert "goblin-slayer-counters-en-a4.pdf" in names(report.written, options.out)
        same_as_clean(changed, tmp_path, "options")
    run_build(options)  # back to the first options: redrawn again, never a stale file
    same_as_clean(options, tmp_path, "back")


def test_another_paper_adds_its_files_and_keeps_the_others_up_to_date(tmp_path: Path) -> None:
    options = replace(GOBLIN, parts=("counters",), out=tmp_path / "o")
    run_build(options)
    letter = replace(options, paper="letter")
    assert names(run_build(letter).written, options.out) == [
        "goblin-slayer-counters-en-letter.pdf"]
    assert names(run_build(options).skipped, options.out) == ["goblin-slayer-counters-en-a4.pdf"]
    same_as_clean(letter, tmp_path, "letter")


def test_a_content_folder_added_then_removed_redraws_as_a_clean_build(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    shutil.copytree(CONTENT / "goblin-slayer" / "text", mine / "goblin-slayer" / "text")
    text = mine / "goblin-slayer" / "text" / "en.yaml"
    text.write_text(text.read_text(encoding="utf-8").replace("Goblin", "Gobbo"),
                    encoding="utf-8")
    plain = replace(GOBLIN, out=tmp_path / "o")
    run_build(plain)
    added = replace(plain, content=mine)
    assert len(run_build(added).written) == 3
    same_as_clean(added, tmp_path, "added")
    assert len(run_build(plain).written) == 3
    same_as_clean(plain, tmp_path, "removed")


def test_a_newer_tool_redraws_everything(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    options = replace(GOBLIN, parts=("counters",), out=tmp_path)
    run_build(options)
    monkeypatch.setattr(manifest, "_TOOL", ["a newer version"])
    assert len(run_build(options).written) == 1
    assert len(run_build(options).skipped) == 1


def test_a_file_changed_or_deleted_by_hand_is_redrawn(tmp_path: Path) -> None:
    options = replace(GOBLIN, out=tmp_path)
    first = run_build(options)
    clean = digests(tmp_path)
    edited, gone = first.written[0], first.written[1]
    data = edited.read_bytes()
    edited.write_bytes(data[:100] + bytes([data[100] ^ 1]) + data[101:])  # same size
    gone.unlink()
    report = run_build(options)
    assert sorted(report.written) == sorted([edited, gone])
    assert digests(tmp_path) == clean


def test_a_build_killed_before_its_manifest_leaves_nothing_trusted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "mine"
    shutil.copytree(CONTENT / "goblin-slayer" / "text", mine / "goblin-slayer" / "text")
    options = replace(GOBLIN, out=tmp_path / "o", content=mine)
    run_build(options)
    saved = (options.out / manifest.NAME).read_bytes()
    text = mine / "goblin-slayer" / "text" / "en.yaml"
    text.write_text(text.read_text(encoding="utf-8").replace("Goblin", "Gobbo"),
                    encoding="utf-8")
    renamed = []
    real = os.replace

    def killed(src: object, dst: object) -> None:  # the second rename never happens
        if renamed:
            raise KeyboardInterrupt
        renamed.append(dst)
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        run_build(options)
    monkeypatch.setattr(os, "replace", real)
    assert (options.out / manifest.NAME).read_bytes() == saved and len(renamed) == 1
    assert len(run_build(options).written) == 3
    same_as_clean(options, tmp_path, "killed")


def test_a_garbled_manifest_is_ignored(tmp_path: Path) -> None:
    options = replace(GOBLIN, parts=("counters",), out=tmp_path)
    run_build(options)
    (tmp_path / manifest.NAME).write_text("{not json", encoding="utf-8")
    assert len(run_build(options).written) == 1
    assert json.loads((tmp_path / manifest.NAME).read_text(encoding="utf-8"))["format"] == 1


def test_a_content_folder_with_a_link_is_never_trusted(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    (mine / "goblin-slayer").mkdir(parents=True)
    (mine / "goblin-slayer" / "real.txt").write_text("x\n", encoding="utf-8")
    (mine / "goblin-slayer" / "link.txt").symlink_to(mine / "goblin-slayer" / "real.txt")
    options = replace(GOBLIN, parts=("counters",), out=tmp_path / "o", content=mine)
    for _ in range(2):  # a link's target may change unseen: drawn every time
        assert len(run_build(options).written) == 1
    assert skip.Skipper(options).replay() is None


def test_the_slow_checks_are_not_run_again_on_the_same_inputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = replace(GOBLIN, parts=("rules",), out=tmp_path)
    first = run_build(options)
    runs: list[str] = []
    real = Loaded.run_slow_checks

    def counting(self: Loaded, game_id: str) -> list:
        runs.append(game_id)
        return real(self, game_id)

    monkeypatch.setattr(Loaded, "run_slow_checks", counting)
    first.written[0].unlink()  # the record no longer holds: content is loaded again
    again = run_build(options)
    assert runs == [] and again.written == first.written and again.warnings == first.warnings
    assert len(run_build(replace(options, force=True)).written) == 1 and runs == [
        "goblin-slayer"]


def test_strict_still_refuses_warnings_of_files_up_to_date(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    (mine / "goblin-slayer").mkdir(parents=True)
    (mine / "goblin-slayer" / "stray.yaml").write_text("a: 1\n", encoding="utf-8")
    options = replace(GOBLIN, parts=("counters",), out=tmp_path / "o", content=mine)
    warned = run_build(options).warnings
    assert warned and run_build(options).warnings == warned  # repeated, not forgotten
    with pytest.raises(ContentError):
        run_build(replace(options, strict=True))


def test_two_builds_at_once_leave_files_a_clean_build_would_make(tmp_path: Path) -> None:
    out = tmp_path / "o"
    command = [sys.executable, "-m", "generator.cli", "build", "goblin-slayer", "--lang", "en",
               "--part", "counters", "--part", "player-aid", "--jobs", "1", "--out", str(out)]
    procs = [subprocess.Popen([*command, *extra], stdout=subprocess.DEVNULL)
             for extra in ([], ["--duplex", "none"])]
    assert [p.wait() for p in procs] == [0, 0]
    options = BuildOptions(games=("goblin-slayer",), parts=("counters", "player-aid"),
                           lang="en", jobs=1, out=out)
    run_build(options)
    same_as_clean(options, tmp_path, "together")


def test_two_hundred_builds_in_one_process_keep_memory_flat(tmp_path: Path) -> None:
    options = BuildOptions(games=("magic-labyrinth",), parts=("score-sheet",), lang="en",
                           jobs=1, out=tmp_path)

    def rss_kb() -> int:
        status = Path("/proc/self/status").read_text(encoding="utf-8")
        return int(next(line.split()[1] for line in status.splitlines()
                        if line.startswith("VmRSS:")))

    if not Path("/proc/self/status").exists():
        pytest.skip("needs /proc to read the memory in use")
    for n in range(200):
        report = run_build(replace(options, force=n % 10 == 0))  # a full build every tenth
        assert len(report.written) + len(report.skipped) == 1
        if n == 19:
            settled = rss_kb()
    assert rss_kb() <= settled * 1.10


def test_the_tool_changes_its_key_when_one_of_its_files_changes(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    package = tmp_path / "package"
    package.mkdir()
    code = package / "a.py"
    code.write_text("x = 1\n", encoding="utf-8")
    monkeypatch.setattr(manifest, "PACKAGE_DIR", package)
    monkeypatch.setattr(manifest, "_TOOL", [])
    first = manifest.tool_digest()
    monkeypatch.setattr(manifest, "_TOOL", [])
    assert manifest.tool_digest() == first  # the same files, the same key
    stat = code.stat()
    code.write_text("x = 2\n", encoding="utf-8")  # the same size, a later time
    os.utime(code, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    monkeypatch.setattr(manifest, "_TOOL", [])
    assert manifest.tool_digest() != first


def test_a_forced_build_is_remembered_for_the_next_plain_one(tmp_path: Path) -> None:
    options = replace(GOBLIN, parts=("counters",), out=tmp_path)
    assert len(run_build(replace(options, force=True, jobs=2)).written) == 1
    assert skip.Skipper(options).replay() is not None  # --force and --jobs change no file


def test_bad_content_is_refused_with_every_problem_though_files_are_up_to_date(
        tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    shutil.copytree(CONTENT / "goblin-slayer" / "text", mine / "goblin-slayer" / "text")
    options = replace(GOBLIN, out=tmp_path / "o", content=mine)
    run_build(options)
    before = {p: p.read_bytes() for p in options.out.rglob("*") if p.is_file()}
    text = mine / "goblin-slayer" / "text" / "en.yaml"
    text.write_text(text.read_text(encoding="utf-8") + "names: [\n", encoding="utf-8")
    (mine / "goblin-slayer" / "text" / "ru.yaml").write_text("- a list\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        run_build(options)
    with pytest.raises(ContentError) as clean:  # the same problems as a clean build's
        run_build(replace(options, out=tmp_path / "clean"))
    assert caught.value.problems == clean.value.problems
    assert "en.yaml" in {Path(p.file).name for p in caught.value.problems}
    assert {p: p.read_bytes() for p in options.out.rglob("*") if p.is_file()} == before


def test_a_small_rebuild_draws_its_rulebook_beside_the_check_not_after(tmp_path: Path) -> None:
    from generator.pipeline.draw import make_tasks
    from generator.pipeline.load import plan_content
    from generator.pipeline.plan import jobs_for

    options = BuildOptions(games=("magic-labyrinth",), parts=("counters", "rules"), lang="en",
                           out=tmp_path)
    loaded = plan_content(options)
    pending = [(job, options, tmp_path / f"{n}.pdf")
               for n, job in enumerate(jobs_for(options, loaded))]
    names = [job.part.name for job, _, _ in pending]
    split = make_tasks(loaded, pending, workers=2)  # two files, two workers: side by side
    assert [(t.check, [names[i] for i in t.files]) for t in split] == [
        ("magic-labyrinth", []), (None, ["rules"]), (None, ["counters"])]
    kept = make_tasks(loaded, pending, workers=1)  # one process: the check's parse reused
    assert [(t.check, [names[i] for i in t.files]) for t in kept] == [
        ("magic-labyrinth", ["rules"]), (None, ["counters"])]


def test_a_job_drawn_with_other_options_is_imposed_anew(tmp_path: Path) -> None:
    """A Job keeps what it was drawn from for its key; drawn again with other options (the
    gallery exports one-up what it built on sheets), it is imposed again, not reused."""
    from generator.build import BuildOptions, jobs_for, plan_content
    from generator.pipeline.impose import sheet_input

    options = BuildOptions(games=("magic-labyrinth",), parts=("tokens",), lang="en",
                           out=tmp_path)
    (job,) = jobs_for(options, plan_content(options))
    sheets = sheet_input(job, options).pages
    one_up = sheet_input(job, replace(options, one_up=True)).pages
    assert len(sheets) == 2 and len(one_up) == 42  # 21 tokens, front and back, one a page
    assert sheet_input(job, options).pages == sheets

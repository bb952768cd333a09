"""A rebuild after a one-word edit of any content YAML file gives, byte for byte, the files of a
clean build: no job may be skipped whose data changed (a job's key is the loaded data it is
drawn from, see docs/architecture.md).

For each YAML file of the bundled content, a text value the build uses is found by trying the
file's plain one-line scalars in order: one letter is put into the value, the file's game is
built over a build of the unedited file, and the first edit that changes a file's bytes is
kept. Every edit tried on the way is checked too: an edit no file shows must leave every file
as a clean build makes it. The suite runs a fixed sample (SAMPLE); `make sweep-edits` runs
every file (SWEEP_EDITS=1).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from generator.build import BuildOptions, run_build
from generator.content.paths import bundled_dir
from generator.errors import ContentError

CONTENT = bundled_dir("content")
EVERY = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.yaml"))
# one file of each kind: common texts, a game's texts (source and translation), its terms,
# its pieces, its game facts, the paper game's host texts
SAMPLE = ["common/text/en.yaml", "magic-labyrinth/text/en.yaml",
          "magic-labyrinth/text/ru.yaml", "goblin-slayer/terms/uk.yaml",
          "goblin-slayer/locations.yaml", "paper-labyrinth/text/ru.yaml"]
FILES = EVERY if os.environ.get("SWEEP_EDITS") else SAMPLE
# files no PDF prints a word of: the host's answers of `plan play`
UNPRINTED = ("paper-labyrinth/play/en.yaml", "paper-labyrinth/play/ru.yaml")
TRIES = 6  # edits tried per file before giving up on finding one the build shows


def digests(out: Path) -> dict[str, str]:
    """Every PDF under out by relative path, with the digest of its bytes."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*.pdf"))}


def edits(text: str) -> Iterator[str]:
    """The file's text with one value edited, value by value: first a letter put into a plain
    one-line text (not ids, colours, paths or values with {placeholders}; a list's items,
    such as avoided words, last), then a web address with a letter more or a list of codes
    ("W NW") without its last code, then a whole number plus one."""
    lines = text.splitlines(keepends=True)
    starts = [sum(len(line) for line in lines[:i]) for i in range(len(lines))]
    found = []
    for listed, node in _scalars(yaml.compose(text)):
        value = node.value
        if node.style is not None or node.start_mark.line != node.end_mark.line:
            continue
        at = starts[node.start_mark.line] + node.start_mark.column
        end = at + len(value)
        if value.startswith("https://"):  # the project's page, a QR code on every rulebook
            found.append((2, text[:end] + "x" + text[end:]))
        elif re.fullmatch(r"[A-Z0-9]+( [A-Z0-9]+)+", value):
            found.append((2, text[:at] + value.rsplit(" ", 1)[0] + text[end:]))
        elif value.isdigit():
            found.append((3, text[:at] + str(int(value) + 1) + text[end:]))
        elif (any(c.isalpha() for c in value) and not any(c in value for c in "{}/#:")
              and not re.fullmatch(r"[a-z0-9_.-]+", value) and len(value) >= 3):
            found.append((int(listed), text[:at + 1] + "q" + text[at + 1:]))
    for _, edited in sorted(found, key=lambda pair: pair[0]):
        yield edited


def _scalars(node: yaml.Node | None, listed: bool = False
             ) -> Iterator[tuple[bool, yaml.ScalarNode]]:
    """Every value scalar below node (mapping keys left out), in document order, each with
    whether it is a list's item."""
    if isinstance(node, yaml.ScalarNode):
        yield listed, node
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _scalars(item, True)
    elif isinstance(node, yaml.MappingNode):
        for _, item in node.value:
            yield from _scalars(item, listed)


def game_of(relative: str) -> tuple[str, ...]:
    """The games a file's edit is built for: its own, or every game for common/."""
    first = relative.split("/")[0]
    return () if first == "common" else (first,)


@pytest.mark.parametrize("relative", FILES)
def test_an_edit_rebuilds_as_a_clean_build_would(relative: str, tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    edited = mine / relative
    edited.parent.mkdir(parents=True)
    original = (CONTENT / relative).read_text(encoding="utf-8")
    edited.write_text(original, encoding="utf-8")
    options = BuildOptions(games=game_of(relative), lang="all", content=mine, jobs=1,
                           out=tmp_path / "base")
    run_build(options)
    base = digests(options.out)
    shown = False
    for n, text in enumerate(edits(original)):
        if n == TRIES or shown:
            break
        edited.write_text(text, encoding="utf-8")
        out = tmp_path / f"out-{n}"
        shutil.copytree(options.out, out)
        try:
            report = run_build(replace(options, out=out))
        except ContentError:
            continue  # this value has rules of its own (a plural form, a fixed word)
        clean = replace(options, out=tmp_path / f"clean-{n}", force=True)
        run_build(clean)
        made = digests(clean.out)
        assert digests(out) == made, f"{relative}, edit {n}: a file not as a clean build"
        changed = {name for name, digest in made.items() if base.get(name) != digest}
        written = {p.relative_to(out).as_posix() for p in report.written}
        assert changed <= written  # a file whose bytes changed was drawn, never kept
        shown = bool(changed)
    edited.write_text(original, encoding="utf-8")
    assert shown or relative in UNPRINTED, (
        f"no edit of {relative} changed a file: the search needs another kind of value")


def test_a_word_of_one_language_redraws_only_the_files_that_print_it(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    text = mine / "magic-labyrinth" / "text" / "en.yaml"
    text.parent.mkdir(parents=True)
    shutil.copy(CONTENT / "magic-labyrinth" / "text" / "en.yaml", text)
    options = BuildOptions(games=("magic-labyrinth",), lang="all", content=mine, jobs=1,
                           out=tmp_path / "out")
    first = run_build(options)
    assert len(first.written) == 14
    words = text.read_text(encoding="utf-8")
    assert "\nwand: Wand\n" in words
    text.write_text(words.replace("\nwand: Wand\n", "\nwand: Magic wand\n"), encoding="utf-8")
    report = run_build(options)
    # the wands' counters and the rulebook's picture of them, and the print guide, which
    # counts that rulebook's pages; nothing in Russian
    assert sorted(p.name for p in report.written) == [
        "magic-labyrinth-counters-en-a4.pdf", "magic-labyrinth-print-guide-en-a4.pdf",
        "magic-labyrinth-rules-en-a4.pdf"]
    assert len(report.skipped) == 11
    text.write_text(words.replace("\n  game: Magic Labyrinth\n", "\n  game: Magic Maze\n"),
                    encoding="utf-8")
    report = run_build(options)
    # the game's English name is in every English footer and on every rulebook's cover list
    assert sorted(p.name for p in report.written) == sorted(
        [f"magic-labyrinth-{part}-en-a4.pdf" for part in (
            "tokens", "formulas", "counters", "score-sheet", "tiles", "rules", "print-guide")]
        + ["magic-labyrinth-rules-ru-a4.pdf", "magic-labyrinth-print-guide-ru-a4.pdf"])


def test_a_rulebook_edited_between_two_builds_of_one_process_is_drawn_anew(tmp_path: Path
                                                                           ) -> None:
    """The library entry point in a long-lived process (the preview): a rulebook parsed by
    the first build is not reused by the second once its file changed."""
    import subprocess
    import sys

    mine = tmp_path / "mine"
    rules = mine / "goblin-slayer" / "rules" / "en.md"
    rules.parent.mkdir(parents=True)
    text = (CONTENT / "goblin-slayer" / "rules" / "en.md").read_text(encoding="utf-8")
    rules.write_text(text, encoding="utf-8")
    options = BuildOptions(games=("goblin-slayer",), parts=("rules",), lang="en", content=mine,
                           jobs=1, out=tmp_path / "out")
    run_build(options)
    first = digests(options.out)
    assert " the " in text
    rules.write_text(text.replace(" the ", " thq ", 1), encoding="utf-8")  # the same size
    report = run_build(options)
    assert [p.name for p in report.written] == ["goblin-slayer-rules-en-a4.pdf"]
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "goblin-slayer", "--part",
                    "rules", "--lang", "en", "--content", str(mine), "--jobs", "1", "--out",
                    str(tmp_path / "clean")], check=True, capture_output=True)
    assert digests(options.out) == digests(tmp_path / "clean") != first


def test_a_template_edited_between_two_builds_of_one_process_is_used_anew(tmp_path: Path
                                                                          ) -> None:
    import subprocess
    import sys

    mine = tmp_path / "templates"
    mine.mkdir()
    footer = mine / "footer.txt.j2"
    footer.write_text("{{ game }} · {{ part }} · {{ page_label }}\n", encoding="utf-8")
    options = BuildOptions(games=("goblin-slayer",), parts=("counters",), lang="en",
                           templates=mine, jobs=1, out=tmp_path / "out")
    run_build(options)
    first = digests(options.out)
    footer.write_text("{{ part }} · {{ game }} · {{ page_label }}\n", encoding="utf-8")
    report = run_build(options)
    assert [p.name for p in report.written] == ["goblin-slayer-counters-en-a4.pdf"]
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "goblin-slayer", "--part",
                    "counters", "--lang", "en", "--templates", str(mine), "--jobs", "1",
                    "--out", str(tmp_path / "clean")], check=True, capture_output=True)
    assert digests(options.out) == digests(tmp_path / "clean") != first


def test_a_print_guide_counts_its_rulebook_s_pages_however_the_rulebook_is_built(
        tmp_path: Path) -> None:
    """The guide gives the rulebook's page count: from the book drawn in the same process,
    from the book's file when it is up to date, or by typesetting it when it is not built at
    all; each gives the same bytes as a clean build."""
    options = BuildOptions(games=("magic-labyrinth",), lang="en", jobs=2, out=tmp_path / "a")
    run_build(options)
    guide = tmp_path / "a" / "magic-labyrinth" / "magic-labyrinth-print-guide-en-a4.pdf"
    clean = guide.read_bytes()
    from pypdf import PdfReader

    book = len(PdfReader(guide.with_name("magic-labyrinth-rules-en-a4.pdf")).pages)
    assert f"magic-labyrinth-rules-en-a4.pdf\n{book}\n" in PdfReader(guide).pages[0].extract_text()
    guide.unlink()  # the rulebook stays up to date: the guide counts its file's pages
    report = run_build(options)
    assert [p.name for p in report.written] == [guide.name]
    assert guide.read_bytes() == clean
    alone = replace(options, parts=("print-guide",), out=tmp_path / "b")  # no rulebook built
    assert [p.name for p in run_build(alone).written] == [guide.name]
    assert (tmp_path / "b" / "magic-labyrinth" / guide.name).read_bytes() == clean

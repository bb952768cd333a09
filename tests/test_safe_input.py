"""Content from strangers: YAML limits, file sizes and reads confined to the content folder."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from generator.content.paper import read_plan_file
from generator.content.paths import ContentRoots
from generator.rulebook.source import read_rules
from generator.sourceyaml import parse_yaml

from conftest import run_cli

BUNDLED = Path(__file__).parent.parent / "content"
TOKENS = "c/magic-labyrinth/tokens.yaml"
NO_ANCHORS = ("YAML anchors and aliases (&name, *name) are not allowed in content files: "
              "write the value out in full")
TOO_DEEP = "nesting deeper than 50 levels: flatten this structure"
TOO_MANY = "more than 20,000 values in one file: content files are small; split or shorten it"


def outside_link(target: Path) -> str:
    """The message for a content file that is a link to target."""
    return (f"this file is a link to a place outside the content folder ({target.resolve()}): "
            "copy the file in instead")


def too_large(size: int) -> str:
    return (f"file is larger than 1 MiB ({size} bytes): content files are small; "
            "split or shorten it")


def billion_laughs() -> str:
    """Nine levels of nine aliases each: 9**9 copies of 'lol' once expanded."""
    lines = ["a0: &a0 [" + ", ".join(["lol"] * 9) + "]"]
    for level in range(1, 9):
        lines.append(f"a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


@pytest.fixture
def user(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty user content folder `c`, with the working folder just above it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "c" / "magic-labyrinth").mkdir(parents=True)
    return tmp_path / "c"


def check(user: Path) -> tuple[int, list[str], str]:
    """Run `check --content USER`; return the exit code, the problem lines and all output."""
    code, out, err = run_cli("check", "--content", user.name)
    lines = [line for line in err.splitlines() if not line.startswith("Error:")]
    return code, lines, out + err


def write_tokens(user: Path, text: str) -> None:
    (user / "magic-labyrinth" / "tokens.yaml").write_text(text, encoding="utf-8")


def bundled_tokens() -> str:
    return (BUNDLED / "magic-labyrinth" / "tokens.yaml").read_text(encoding="utf-8")


def test_alias_bomb_is_refused_before_it_expands(user: Path) -> None:
    bomb = billion_laughs()
    assert len(bomb) < 600
    start = time.perf_counter()
    _, problems = parse_yaml(bomb, "bomb.yaml")
    print(f"alias bomb refused in {time.perf_counter() - start:.4f} s")
    assert [p.format() for p in problems] == [f"bomb.yaml:1:5: {NO_ANCHORS}"]
    write_tokens(user, bomb)
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:5: {NO_ANCHORS}"]


def test_a_single_harmless_anchor_and_alias_is_refused_too(user: Path) -> None:
    text = bundled_tokens().replace("    value: 1\n", "    value: &one 1\n", 1)
    write_tokens(user, text.replace("    value: 2\n", "    value: *one\n", 1))
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:6:12: {NO_ANCHORS}"]


def test_an_alias_alone_is_refused() -> None:
    _, problems = parse_yaml("a: 1\nb: [1, *a]\n", "f.yaml")
    assert [p.format() for p in problems] == [f"f.yaml:2:8: {NO_ANCHORS}"]


def test_a_file_over_one_mib_is_refused(user: Path) -> None:
    text = bundled_tokens() + "#" * (1 << 20) + "\n"
    write_tokens(user, text)
    size = len(text.encode("utf-8"))
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:1: {too_large(size)}"]


def test_a_huge_file_is_not_read_whole(user: Path) -> None:
    with open(user / "magic-labyrinth" / "tokens.yaml", "wb") as handle:
        handle.truncate(1 << 30)  # sparse: 1 GiB of nothing, cheap unless read in full
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:1: {too_large(1 << 30)}"]


def test_a_file_of_exactly_one_mib_is_read(user: Path) -> None:
    text = bundled_tokens()
    write_tokens(user, text + "#" * ((1 << 20) - len(text.encode("utf-8")) - 1) + "\n")
    code, _, output = check(user)
    assert code == 0, output


def test_too_many_entries_are_refused(user: Path) -> None:
    write_tokens(user, "tokens:\n" + "- x\n" * 20_001)
    code, lines, _ = check(user)
    assert code == 1
    # Node 20,001: the mapping, its key, the list, then item 19,997 on line 19,999.
    assert lines == [f"{TOKENS}:19999:3: {TOO_MANY}"]


def test_deep_block_nesting_is_refused(user: Path) -> None:
    write_tokens(user, "".join("  " * i + f"k{i}:\n" for i in range(60)))
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:51:101: {TOO_DEEP}"]


def test_deep_flow_nesting_is_refused_without_recursion(user: Path) -> None:
    text = "tokens: " + "[" * 10_000 + "]" * 10_000 + "\n"
    _, problems = parse_yaml(text, "f.yaml")
    assert [p.format() for p in problems] == [f"f.yaml:1:59: {TOO_DEEP}"]
    write_tokens(user, text)
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:59: {TOO_DEEP}"]


def test_a_link_to_etc_passwd_is_refused(user: Path) -> None:
    (user / "magic-labyrinth" / "tokens.yaml").symlink_to("/etc/passwd")
    code, lines, output = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:1: {outside_link(Path('/etc/passwd'))}"]
    assert "root" not in output


def test_a_link_to_a_file_outside_is_refused_and_not_read(user: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("secret_key: hunter2\n", encoding="utf-8")
    (user / "magic-labyrinth" / "tokens.yaml").symlink_to(secret)
    code, lines, output = check(user)
    assert code == 1
    assert lines == [f"{TOKENS}:1:1: {outside_link(secret)}"]
    assert "secret_key" not in output and "hunter2" not in output


def test_a_linked_folder_outside_is_refused(user: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    shutil.copytree(BUNDLED / "magic-labyrinth", elsewhere)
    (user / "magic-labyrinth").rmdir()
    (user / "magic-labyrinth").symlink_to(elsewhere, target_is_directory=True)
    code, lines, _ = check(user)
    assert code == 1
    assert f"{TOKENS}:1:1: {outside_link(elsewhere / 'tokens.yaml')}" in lines
    assert "c/magic-labyrinth/game.yaml:1:1: " + outside_link(elsewhere / "game.yaml") in lines
    assert "c/magic-labyrinth/text/en.yaml:1:1: " + outside_link(elsewhere / "text/en.yaml") \
        in lines
    assert all("outside the content folder" in line for line in lines)


def test_a_linked_text_file_found_by_glob_is_refused(user: Path, tmp_path: Path) -> None:
    secret = tmp_path / "en.yaml"
    shutil.copy(BUNDLED / "common" / "text" / "en.yaml", secret)
    (user / "common" / "text").mkdir(parents=True)
    (user / "common" / "text" / "en.yaml").symlink_to(secret)
    code, lines, _ = check(user)
    assert code == 1
    assert lines[0] == f"c/common/text/en.yaml:1:1: {outside_link(secret)}"
    assert not any("outside" in line for line in lines[1:])  # later: the language lacks text


def test_a_linked_plan_file_is_refused(user: Path, tmp_path: Path) -> None:
    secret = tmp_path / "plan.txt"
    shutil.copy(BUNDLED / "paper-labyrinth" / "plans" / "plan_5x5_two_rivers.txt", secret)
    (user / "paper-labyrinth" / "plans").mkdir(parents=True)
    (user / "paper-labyrinth" / "plans" / "mine.txt").symlink_to(secret)
    code, lines, _ = check(user)
    assert code == 1
    assert lines == [f"c/paper-labyrinth/plans/mine.txt:1:1: {outside_link(secret)}"]


def test_a_link_inside_the_content_folder_is_followed(user: Path) -> None:
    (user / "shared").mkdir()
    (user / "shared" / "tokens.yaml").write_text(bundled_tokens() + "tokens: []\n",
                                                 encoding="utf-8")
    (user / "magic-labyrinth" / "tokens.yaml").symlink_to("../shared/tokens.yaml")
    code, lines, _ = check(user)
    assert code == 1  # the linked file was read: its own mistake is reported at the link
    assert [line for line in lines if ": warning: " not in line] == [
        f"{TOKENS}:68:1: duplicate key 'tokens' (first given at line 4): keep one of them"]


def test_find_never_leaves_a_root(tmp_path: Path) -> None:
    (tmp_path / "root").mkdir()
    (tmp_path / "outside.yaml").write_text("a: 1\n", encoding="utf-8")
    roots = ContentRoots((tmp_path / "root",))
    assert roots.find("../outside.yaml") is None
    assert roots.find(str(tmp_path / "outside.yaml")) is None
    assert [p.format() for p in roots.take_refusals()] == [
        "../outside.yaml:1:1: the path '../outside.yaml' leads out of the content folder: "
        "name a file inside it",
        f"{tmp_path}/outside.yaml:1:1: the path '{tmp_path}/outside.yaml' leads out of the "
        "content folder: name a file inside it",
    ]
    assert roots.take_refusals() == []  # each refusal is reported once


def test_glob_skips_links_out_and_files_that_are_not_regular(tmp_path: Path) -> None:
    folder = tmp_path / "root" / "rules"
    folder.mkdir(parents=True)
    (folder / "ru.md").write_text("---\ntitle: x\n---\n", encoding="utf-8")
    (folder / "en.md").symlink_to("/etc/passwd")
    os.mkfifo(folder / "de.md")  # reading it would wait for ever
    (folder / "fr.md").mkdir()
    roots = ContentRoots((tmp_path / "root",))
    assert roots.glob("rules", "*.md") == {"ru.md": folder / "ru.md"}
    assert roots.is_refused("rules/en.md")
    assert [p.message for p in roots.take_refusals()] == [outside_link(Path("/etc/passwd"))]


def test_a_rulebook_over_one_mib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "en.md"
    text = "---\ntitle: x\n---\n" + "word " * 300_000
    path.write_text(text, encoding="utf-8")
    src = read_rules(path, "en.md")
    assert [p.format() for p in src.problems] == [f"en.md:1:1: {too_large(len(text))}"]


def test_a_plan_over_one_megabyte_is_refused_without_reading_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "plan.txt"
    with open(path, "wb") as handle:
        handle.truncate(1 << 30)
    plan, problems = read_plan_file(path, "en")
    assert plan is None
    assert [p.line for p in problems] == [1]
    assert "the file is larger than 1000000 bytes, far more than any plan: check it is the " \
        "right file" in problems[0].message


@pytest.mark.parametrize("text", ['{\n \t"cols": 2}\n', 'a:\n\t- 1\n'])
def test_a_tab_gets_the_same_verdict_with_or_without_libyaml(text: str,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """libyaml is laxer about tabs than the pure-Python loader; both paths must agree."""
    import generator.sourceyaml as sourceyaml

    _, fast = parse_yaml(text, "t.yaml")
    monkeypatch.setattr(sourceyaml, "_FAST", None)
    _, slow = parse_yaml(text, "t.yaml")
    assert [p.message for p in fast] == [p.message for p in slow]
    assert fast and fast[0].line == 2

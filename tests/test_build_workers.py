"""A build checks the rulebooks in its drawing workers: the verdict and the report are the same
as `check` gives and as a build in one process gives, and a failed build leaves nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from generator.content.paths import bundled_dir, display_path

from conftest import run_cli

CONTENT = bundled_dir("content")


def _user_content(tmp_path: Path, rules_line: str | None, bad_text: bool) -> Path:
    """A content folder with a broken magic-labyrinth rulebook line and/or a paper-labyrinth
    sheet text with a translated placeholder."""
    folder = tmp_path / "content" / "magic-labyrinth"
    (folder / "rules").mkdir(parents=True)
    if rules_line is not None:
        text = (CONTENT / "magic-labyrinth" / "rules" / "en.md").read_text(encoding="utf-8")
        (folder / "rules" / "en.md").write_text(text + "\n" + rules_line + "\n", "utf-8")
    if bad_text:
        text = (CONTENT / "paper-labyrinth" / "text" / "en.yaml").read_text(encoding="utf-8")
        target = tmp_path / "content" / "paper-labyrinth" / "text" / "en.yaml"
        target.parent.mkdir(parents=True)
        target.write_text(text.replace("{rows}", "{Zeilen}", 1), "utf-8")
    return tmp_path / "content"


def _error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith("Error:")]


@pytest.mark.parametrize("bad_text", [False, True], ids=["rulebook", "rulebook and sheet"])
def test_every_worker_count_reports_what_check_reports(tmp_path: Path, bad_text: bool) -> None:
    content = _user_content(tmp_path, "{{ no_such_value }}", bad_text)
    code, _, checked = run_cli("check", "--content", content)
    assert code == 1
    expected = _error_lines(checked)
    md = display_path(content / "magic-labyrinth" / "rules" / "en.md")
    assert any(line.startswith(f"{md}:") and "no_such_value" in line for line in expected)
    assert any("Zeilen" in line for line in expected) == bad_text
    for jobs in ("1", "2", "4"):
        out = tmp_path / f"out{jobs}"
        code, stdout, err = run_cli("build", "--content", content, "--out", out,
                                    "--jobs", jobs)
        assert code == 1, err
        assert _error_lines(err) == expected, jobs
        assert "Traceback" not in err and stdout == ""
        assert not out.exists(), "a failed build leaves not even its folders"


def test_a_failed_build_leaves_earlier_files_and_folders_as_they_were(tmp_path: Path) -> None:
    out = tmp_path / "out"
    code, _, err = run_cli("build", "magic-labyrinth", "--lang", "en", "--out", out)
    assert code == 0, err
    before = {p.relative_to(out): hashlib.sha256(p.read_bytes()).hexdigest()
              for p in out.rglob("*") if p.is_file()}
    content = _user_content(tmp_path, "{% for %}", bad_text=False)
    code, _, err = run_cli("build", "--lang", "en", "--out", out, "--content", content)
    assert code == 1 and "nothing was written" in err
    after = {p.relative_to(out): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in out.rglob("*") if p.is_file()}
    assert after == before  # the manifest too: a failed build does not touch it
    assert sorted(p.name for p in out.iterdir()) == [".labyrinth-build.json", "magic-labyrinth"]


def test_rulebook_warnings_pass_a_build_and_stop_a_strict_one(tmp_path: Path) -> None:
    content = _user_content(tmp_path, "## A section only English has {#english-only}", False)
    md = display_path(content / "magic-labyrinth" / "rules" / "en.md")
    warning = (f"{md}:{_last_line()}:1: warning: section 'english-only' is not in ru.md: "
               "add it there too or remove it here")
    for jobs in ("1", "2"):
        code, stdout, err = run_cli("build", "magic-labyrinth", "--part", "rules",
                                    "--content", content, "--out", tmp_path / "ok", "--jobs",
                                    jobs)
        assert code == 0, err
        assert warning in err.splitlines()
        code, _, err = run_cli("build", "magic-labyrinth", "--part", "rules", "--strict",
                               "--content", content, "--out", tmp_path / f"strict{jobs}",
                               "--jobs", jobs)
        assert code == 1
        assert warning.replace(": warning:", ":") in err or warning in err
        assert not (tmp_path / f"strict{jobs}").exists()


def _last_line() -> int:
    text = (CONTENT / "magic-labyrinth" / "rules" / "en.md").read_text(encoding="utf-8")
    return len(text.split("\n")) + 1


def test_workers_get_the_rulebooks_then_the_heaviest_parts_first(tmp_path: Path) -> None:
    """Work is handed out longest first, so that the workers finish together."""
    from generator.build import BuildOptions, jobs_for, make_tasks, plan_content

    options = BuildOptions(lang="ru,en", out=tmp_path)
    loaded = plan_content(options)
    jobs = jobs_for(options, loaded)
    pending = [(job, options, tmp_path / f"{n}.pdf") for n, job in enumerate(jobs)]
    order = []
    for task in make_tasks(loaded, pending):
        named = [f"{pending[i][0].game.id}/{pending[i][0].part.name}" for i in task.files]
        parts = list(dict.fromkeys(named))
        if parts[0].endswith("/rules"):  # the print guides after their rulebooks: they count
            assert parts == [parts[0], parts[0].replace("/rules", "/print-guide")]  # its pages
            assert named.index(parts[1]) > named.index(parts[0]) + 1  # both books drawn first
        else:
            assert len(parts) == 1  # a part in both its languages
        for part in parts:
            assert sorted(pending[i][0].lang for i in task.files
                          if named[task.files.index(i)] == part) == ["en", "ru"]
        order.extend(parts)
    rules = [p for p in order if p.endswith(("/rules", "/print-guide"))]
    assert order[:len(rules)] == rules and len(rules) == 6
    assert order[6:9] == ["paper-labyrinth/host-sheets", "goblin-slayer/locations",
                          "magic-labyrinth/formulas"]
    assert sorted(order) == sorted({f"{j.game.id}/{j.part.name}" for j in jobs})

"""`labyrinth-pnp export --install [DIR]`: a copy where the virtual table lists it, and never
over something else."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

ARGS = ("goblin-slayer", "--lang", "en", "--dpi", "20", "--part", "counters")


def _install(tmp_path: Path, fmt: str, *extra: str) -> tuple[int, str, str]:
    return run_cli("export", *ARGS, "--format", fmt, "--out", tmp_path / "out",
                   "--install", tmp_path / "table", *extra)


def test_tts_install_names_the_installed_images(tmp_path):
    code, out, err = _install(tmp_path, "tts")
    assert code == 0, err
    folder = tmp_path / "table" / "labyrinth-pnp" / "goblin-slayer-en"
    assert f"wrote {folder} (installed)" in out
    data = json.loads((folder / "goblin-slayer-en.json").read_text(encoding="utf-8"))
    (bag,) = data["ObjectStates"]
    urls = {o["CustomImage"]["ImageURL"] for o in bag["ContainedObjects"]}
    assert urls and all(u.startswith(f"file://{folder}/images/") for u in urls)
    assert all(Path(u.removeprefix("file://")).is_file() for u in urls)


def test_a_second_install_is_refused_unless_replace_is_given(tmp_path):
    assert _install(tmp_path, "ttpg")[0] == 0
    package = tmp_path / "table" / "goblin-slayer-en"
    (package / "note.txt").write_text("kept", encoding="utf-8")
    code, _, err = _install(tmp_path, "ttpg")
    assert code == 1
    assert err.splitlines()[-1] == (
        f"Error: cannot install into {package}: an earlier export of goblin-slayer (en) is "
        "there; add --replace to replace it")
    assert (package / "note.txt").is_file()
    code, _, err = _install(tmp_path, "ttpg", "--replace")
    assert code == 0, err
    assert not (package / "note.txt").exists()
    assert (package / "Manifest.json").is_file()


def test_a_folder_that_is_not_this_export_is_never_replaced(tmp_path):
    package = tmp_path / "table" / "goblin-slayer-en"
    package.mkdir(parents=True)
    (package / "Manifest.json").write_text('{"GUID": "0123"}', encoding="utf-8")
    code, _, err = _install(tmp_path, "ttpg", "--replace")
    assert code == 1
    assert "it exists and is not an export of goblin-slayer (en)" in err.splitlines()[-1]
    assert (package / "Manifest.json").read_text(encoding="utf-8") == '{"GUID": "0123"}'
    assert not (tmp_path / "out").exists()  # refused before anything was written


def test_install_and_replace_are_refused_where_they_make_no_sense(tmp_path):
    code, _, err = _install(tmp_path, "png")
    assert code == 2 and "--install is for --format tts or ttpg" in err
    code, _, err = run_cli("export", *ARGS, "--format", "tts", "--out", tmp_path / "o",
                           "--replace")
    assert code == 2 and "--replace goes with --install" in err

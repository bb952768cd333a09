"""`labyrinth-pnp export` refuses bad input in one line and never leaves half a folder."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import generator.export.png as png_module

from conftest import FIXTURES, run_cli


@pytest.mark.parametrize("args, message", [
    (["chess", "--format", "png"], "Error: unknown game 'chess': choose from "),
    (["magic-labyrinth", "--format", "png", "--part", "dice"], "Error: unknown part 'dice'"),
    (["magic-labyrinth", "--format", "png", "--lang", "fr"],
     "Error: magic-labyrinth has no language 'fr'"),
    (["magic-labyrinth", "--format", "png", "--dpi", "5"], "Error: --dpi 5 is out of range"),
    (["magic-labyrinth", "--format", "png", "--url-prefix", "https://x"],
     "Error: --url-prefix is for --format tts"),
    (["magic-labyrinth", "--format", "png", "--part", "rules"],
     "Error: magic-labyrinth has nothing to export in rules"),
    (["magic-labyrinth", "--format", "png", "--pieces", "token-99"],
     "Error: magic-labyrinth has no piece 'token-99'"),
    (["magic-labyrinth", "--format", "gif"], "Error: Invalid value for '--format'"),
    (["magic-labyrinth", "--format", "tts", "--url-prefix", "javascript:alert(1)"],
     "Error: --url-prefix 'javascript:alert(1)' is not an http:// or https:// address"),
    (["magic-labyrinth", "--format", "tts", "--url-prefix", "file:///etc/"],
     "Error: --url-prefix 'file:///etc/' is not an http:// or https:// address"),
    (["magic-labyrinth", "--format", "tts", "--url-prefix", "https://x.example/\x1b]0;T\x07"],
     "Error: --url-prefix 'https://x.example/\\x1b]0;T\\x07' holds a space or a control "
     "character"),
])
def test_usage_errors_exit_2_with_one_line(args, message, tmp_path):
    code, _, err = run_cli("export", *args, "--out", tmp_path / "out")
    assert code == 2
    assert message in err.splitlines()[-1], err
    assert not (tmp_path / "out").exists()


def test_broken_content_exits_1_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    code, _, err = run_cli("export", "magic-labyrinth", "--format", "png", "--content",
                           FIXTURES / "content" / "token_number_26", "--out", out)
    assert code == 1
    assert re.fullmatch(r"Error: \d+ problems? found", err.splitlines()[-1])
    assert "Traceback" not in err
    assert not out.exists()


def test_a_failure_half_way_leaves_the_old_folder_and_no_staging(tmp_path, monkeypatch):
    args = ["export", "magic-labyrinth", "--format", "png", "--lang", "en", "--part",
            "counters", "--dpi", "20", "--out", tmp_path]
    assert run_cli(*args)[0] == 0
    folder = tmp_path / "magic-labyrinth" / "en"
    before = sorted(p.name for p in folder.iterdir())
    real = png_module.save_png
    calls = []

    def failing(image, path, dpi=None):
        calls.append(path)
        if len(calls) == 5:
            raise OSError(28, "No space left on device", str(path))
        real(image, path, dpi)

    monkeypatch.setattr(png_module, "save_png", failing)
    code, _, err = run_cli(*args[:-4], "--part", "tokens", *args[-4:])
    assert code == 1
    assert "No space left on device" in err.splitlines()[-1]
    assert sorted(p.name for p in folder.iterdir()) == before
    assert sorted(p.name for p in folder.parent.iterdir()) == ["en"]


def test_a_failed_first_export_removes_the_folders_it_made(tmp_path, monkeypatch):
    def failing(image, path, dpi=None):
        raise OSError(13, "Permission denied", str(path))

    monkeypatch.setattr(png_module, "save_png", failing)
    code, _, _ = run_cli("export", "magic-labyrinth", "--format", "png", "--lang", "en",
                         "--part", "counters", "--dpi", "20", "--out", tmp_path / "new")
    assert code == 1
    assert not (tmp_path / "new").exists()


def test_help_does_not_load_the_export_code():
    probe = ("import json, sys\nfrom generator.cli import main\n"
             "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
             "print(json.dumps(sorted(sys.modules)), file=sys.stderr)")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=False)
    modules = json.loads(proc.stderr.strip().splitlines()[-1])
    assert not [m for m in modules if m.startswith(("generator.export", "PIL", "pypdfium2"))]
    assert "export" in proc.stdout


def test_a_dpi_above_600_is_warned_about(tmp_path):
    code, _, err = run_cli("export", "magic-labyrinth", "--format", "png", "--dpi", "1200",
                           "--pieces", "token-1", "--lang", "en", "--out", tmp_path / "o")
    assert code == 0, err
    assert err.splitlines()[0] == (
        "warning: --dpi 1200 makes pictures 16 times the size of 300 dpi, with as much more "
        "memory and time (1200 dpi takes over 1 GB): 300 is print quality, 100–150 enough for "
        "a virtual table")

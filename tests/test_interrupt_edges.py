"""Ctrl-C at the two moments a build could lose it: while the temporary files are being made,
and while a drawing worker is being forked (found by the build helper's tests, which send
Ctrl-C as soon as the first temporary file appears)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from generator import atomic
from generator.build import run_build
from generator.pipeline.options import BuildOptions


def test_a_temporary_name_is_known_before_its_file_is_made(tmp_path: Path) -> None:
    reserved: list[Path] = []
    temp = atomic.temp_beside(tmp_path / "sub" / "a.pdf", reserved)
    assert reserved == [temp] and temp.exists() and temp.parent == tmp_path / "sub"
    assert temp.name.startswith(f".a.pdf.{os.getpid()}.") and temp.name.endswith(".tmp")
    mask = os.umask(0o022)
    os.umask(mask)
    assert temp.stat().st_mode & 0o777 == 0o666 & ~mask


def test_ctrl_c_while_the_temporary_files_are_made_leaves_none(tmp_path: Path,
                                                               monkeypatch) -> None:
    made = []
    real_close = os.close

    def close(fd: int) -> None:  # the third temporary file is made, then Ctrl-C
        real_close(fd)
        made.append(fd)
        if len(made) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "close", close)
    out = tmp_path / "out"
    with pytest.raises(KeyboardInterrupt):
        run_build(BuildOptions(games=("magic-labyrinth",), lang="en", out=out, jobs=1))
    monkeypatch.undo()
    assert len(made) == 3
    assert [p for p in out.rglob("*") if p.is_file()] == []


def test_ctrl_c_inside_fork_stops_the_workers_call() -> None:
    """A SIGINT delivered inside fork() (here from an at-fork hook) is not swallowed by the
    hook: it is raised once fork has returned."""
    script = textwrap.dedent("""
        import os, signal
        from generator.pipeline.workers import run_forked
        sent = []
        def hook():
            if not sent:
                sent.append(1)
                os.kill(os.getpid(), signal.SIGINT)
        os.register_at_fork(after_in_parent=hook)
        try:
            list(run_forked(lambda i: i, 4, 2))
        except KeyboardInterrupt:
            print("stopped")
        else:
            print("went on")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert (done.stdout, done.stderr) == ("stopped\n", "")

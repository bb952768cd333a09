"""Attack folders reach nothing outside: no file opened outside the roots, no program run.

`tests/reach_runner.py` runs `check` and `build` on the attack folders under an audit hook
(`sys.addaudithook`, in a subprocess so the hook never reaches other tests), with a trap
`fc-match` first on PATH that records any run of it (svglib used to start fc-match with a
picture's font name). Also: an interrupted build ends quietly and leaves no temporary file.
"""

from __future__ import annotations

import glob
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ATTACKS = sorted(p.name for p in (HERE / "fixtures" / "attacks").iterdir()
                 if p.name.startswith(("s-", "png-", "t-")) or p.name in ("r-concat10",
                                                                          "r-diagram-caption"))


def test_attacks_open_nothing_outside_and_start_no_program(tmp_path):
    trap = tmp_path / "trap"
    trap.mkdir()
    ran = trap / "ran"
    (trap / "fc-match").write_text(f'#!/bin/sh\necho "$@" >> {ran}\nexit 1\n')
    (trap / "fc-match").chmod(0o755)
    work = tmp_path / "work"
    work.mkdir()
    env = dict(os.environ, PATH=f"{trap}{os.pathsep}{os.environ.get('PATH', '')}",
               PYTHONPATH=str(HERE.parent))
    result = subprocess.run([sys.executable, str(HERE / "reach_runner.py"), str(work),
                             *ATTACKS], capture_output=True, text=True, timeout=300, env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["opened"] > 100  # the hook saw the run
    assert report["outside"] == []
    assert report["started"] == []
    assert not ran.exists(), ran.read_text()


def _build(out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "build", "--lang", "en", "--jobs", "2",
         "--out", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, cwd=HERE.parent,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _wait_for_temps(out: Path, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 120
    while not glob.glob(f"{out}/**/.*.tmp", recursive=True):
        assert process.poll() is None and time.monotonic() < deadline, "no temp file appeared"
        time.sleep(0.05)
    time.sleep(0.3)  # the workers are drawing


def test_ctrl_c_prints_one_line_exits_130_and_leaves_no_temp_file(tmp_path):
    out = tmp_path / "out"
    build = _build(out)
    _wait_for_temps(out, build)
    os.killpg(build.pid, signal.SIGINT)
    _, err = build.communicate(timeout=60)
    assert build.returncode == 130
    assert err == "interrupted\n"
    assert glob.glob(f"{out}/**/.*.tmp", recursive=True) == []


def test_killing_the_main_process_prints_no_worker_traceback(tmp_path):
    out = tmp_path / "out"
    build = _build(out)
    _wait_for_temps(out, build)
    os.kill(build.pid, signal.SIGKILL)
    _, err = build.communicate(timeout=60)  # returns once every worker closed the pipe
    assert err == ""
    left = glob.glob(f"{out}/**/.*.tmp", recursive=True)
    assert left  # the killed run could not clean up: the next build does
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "goblin-slayer", "--part",
                    "counters", "--lang", "en", "--out", str(out)], check=True,
                   capture_output=True, cwd=HERE.parent, timeout=120)
    assert glob.glob(f"{out}/**/.*.tmp", recursive=True) == []

"""Run attack folders (tests/fixtures/attacks/NAME) in this process; print one JSON line each.

Usage: python tests/attack_runner.py WORKDIR NAME... — each attack is copied into WORKDIR
and, in a forked child, its commands (`$ …` lines of attack.txt) run there through the
CLI, in order. Each printed record holds the command, its exit status, its output, whether
it ended in an exception (a traceback for a user), its time, and the peak RSS in MB.
`tests/test_attacks.py` runs groups of attacks in a subprocess with this script.
"""

from __future__ import annotations

import json
import resource
import shlex
import shutil
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from generator.cli import main
from generator.content.paths import bundled_dir

ATTACKS = Path(__file__).resolve().parent / "fixtures" / "attacks"


def commands(name: str) -> list[str]:
    """The command lines of an attack, without the leading '$ '."""
    text = (ATTACKS / name / "attack.txt").read_text(encoding="utf-8")
    return [line[2:] for line in text.splitlines() if line.startswith("$ ")]


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (build workers)."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def run(workdir: Path, name: str) -> list[dict[str, object]]:
    """Copy the attack into workdir and run its commands there."""
    import os

    folder = workdir / name
    shutil.copytree(ATTACKS / name, folder, symlinks=True)
    records: list[dict[str, object]] = []
    here = os.getcwd()
    os.chdir(folder)
    try:
        for line in commands(name):
            args = shlex.split(line.replace("{bundled}", str(bundled_dir("content"))))
            start, cpu = time.perf_counter(), _cpu()
            result = CliRunner().invoke(main, args)
            seconds, cpu = time.perf_counter() - start, _cpu() - cpu
            crashed = result.exception is not None and not isinstance(result.exception,
                                                                      SystemExit)
            records.append({
                "attack": name, "command": line, "rc": result.exit_code,
                "stdout": result.stdout, "stderr": result.stderr, "crashed": crashed,
                "error": repr(result.exception) if crashed else "",
                "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
                "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
            })
    finally:
        os.chdir(here)
    return records


def run_forked(work: Path, attack: str) -> None:
    """Run one attack in a forked child, so no cache or budget of one attack reaches the
    next, and the child's peak RSS is the attack's own (with what the parent had loaded)."""
    import os

    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            for record in run(work, attack):
                print(json.dumps(record, ensure_ascii=True), flush=True)
        except BaseException as exc:  # noqa: BLE001 - reported as a crash of the attack
            print(json.dumps({"attack": attack, "command": "", "rc": -1, "stdout": "",
                              "stderr": repr(exc), "crashed": True, "error": repr(exc),
                              "seconds": 0, "cpu_seconds": 0, "peak_mb": 0}), flush=True)
            code = 1
        os._exit(code)
    os.waitpid(pid, 0)


if __name__ == "__main__":
    import reportlab.graphics.renderPDF  # noqa: F401 - loaded once, before the forks
    import svglib.svglib  # noqa: F401

    workdir = Path(sys.argv[1])
    for name in sys.argv[2:]:
        run_forked(workdir, name)

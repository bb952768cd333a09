"""Run attack folders (tests/fixtures/attacks/NAME) in this process; print one JSON line each.

Usage: python tests/attack_runner.py WORKDIR NAME... — each attack is copied into WORKDIR
and its commands (`$ …` lines of attack.txt) run there through the CLI, in order. Each
printed record holds the command, its exit status, its output, whether it ended in an
exception (a traceback for a user), its time, and this process's peak RSS so far in MB.
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
            start = time.perf_counter()
            result = CliRunner().invoke(main, args)
            seconds = time.perf_counter() - start
            crashed = result.exception is not None and not isinstance(result.exception,
                                                                      SystemExit)
            records.append({
                "attack": name, "command": line, "rc": result.exit_code,
                "stdout": result.stdout, "stderr": result.stderr, "crashed": crashed,
                "error": repr(result.exception) if crashed else "",
                "seconds": round(seconds, 2),
                "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
            })
    finally:
        os.chdir(here)
    return records


if __name__ == "__main__":
    work = Path(sys.argv[1])
    for attack in sys.argv[2:]:
        for record in run(work, attack):
            print(json.dumps(record, ensure_ascii=True), flush=True)

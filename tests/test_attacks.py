"""The security review's reproducers, one attack folder each (tests/fixtures/attacks/NAME).

Each `attack.txt` lists commands (`$ …`), the exit status each must give (`rc N`) and lines
its output must hold (`> …`, `{bundled}` standing for the bundled content folder). The
attacks run in groups, each group in one subprocess (`tests/attack_runner.py`) that forks a
child per attack, under a 2 GB address-space cap; the test measures each attack's time and
the peak RSS of its child: every reproducer ends within 5 s and 300 MB, with no traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.content.paths import bundled_dir

HERE = Path(__file__).resolve().parent
ATTACKS = HERE / "fixtures" / "attacks"
NAMES = sorted(p.name for p in ATTACKS.iterdir() if (p / "attack.txt").is_file())
GROUPS = [NAMES[i::3] for i in range(3)]
CAP = 2 << 30  # address space, bytes


def expectations(name: str) -> list[tuple[str, int, list[str]]]:
    """(command, exit status, lines the output must hold) for each command of an attack."""
    out: list[tuple[str, int, list[str]]] = []
    for line in (ATTACKS / name / "attack.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("$ "):
            out.append((line[2:], 0, []))
        elif line.startswith("rc "):
            out[-1] = (out[-1][0], int(line[3:]), out[-1][2])
        elif line.startswith("> "):
            out[-1][2].append(line[2:].replace("{bundled}", str(bundled_dir("content"))))
    return out


def _limit() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


@pytest.mark.parametrize("group", range(len(GROUPS)))
def test_every_reproducer_ends_in_its_message_within_5_s_and_300_mb(tmp_path, group):
    names = GROUPS[group]
    env = dict(os.environ, PYTHONPATH=str(HERE.parent))
    result = subprocess.run([sys.executable, str(HERE / "attack_runner.py"), str(tmp_path),
                             *names], capture_output=True, text=True, timeout=600, env=env,
                            preexec_fn=_limit)
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    by_attack: dict[str, list[dict]] = {}
    for record in records:
        by_attack.setdefault(record["attack"], []).append(record)
    for name in names:
        got = by_attack.get(name, [])
        want = expectations(name)
        assert [r["command"] for r in got] == [w[0] for w in want], name
        for record, (command, rc, lines) in zip(got, want):
            where = f"{name}: {command}"
            assert not record["crashed"], (where, record["error"])
            assert "Traceback" not in record["stderr"] + record["stdout"], where
            assert record["rc"] == rc, (where, record["stderr"][-500:])
            output = (record["stdout"] + record["stderr"]).splitlines()
            for line in lines:
                assert line in output, (where, line, output[-5:])
            assert record["seconds"] < 5, (where, record["seconds"])
            assert record["peak_mb"] < 300, (where, record["peak_mb"])


def test_the_bundled_rulebooks_use_a_small_share_of_the_build_budget():
    from generator import budget, sandbox
    from generator.check import check_content
    from generator.rulebook import build

    build._LOADED.clear()  # rulebooks parsed by an earlier test in this process are not counted
    check_content(None, False)  # every game, every language: more than any build renders
    used = budget.BUILD_WORK - budget.build_left()
    assert 0 < used < budget.BUILD_WORK / 10, used
    assert sandbox._cpu_left[0] > sandbox.BUILD_SECONDS / 2

"""Run check and build on attack folders under an audit hook; print what reached outside.

Usage: python tests/reach_runner.py WORKDIR NAME... — prints one JSON object: the files
opened outside the allowed roots (the work folder, the project, Python's own folders) and
every process started (`subprocess.Popen`, `os.exec*`, `os.posix_spawn`, `os.system`).
`tests/test_attack_reach.py` runs it in a subprocess, so the hook stays out of other tests.
"""

from __future__ import annotations

import json
import os
import sys
import sysconfig
from pathlib import Path

HERE = Path(__file__).resolve().parent
opened: list[str] = []
started: list[str] = []


def _hook(event: str, args: tuple) -> None:
    if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
        opened.append(os.path.abspath(os.fsdecode(args[0])))
    elif event in ("subprocess.Popen", "os.exec", "os.posix_spawn", "os.spawn", "os.system",
                   "os.fork") and event != "os.fork":
        started.append(f"{event} {args[:2]!r}")


def main() -> None:
    workdir = Path(sys.argv[1]).resolve()
    sys.path.insert(0, str(HERE))
    import attack_runner

    roots = {str(workdir), str(HERE.parent.resolve()), sys.prefix, sys.base_prefix,
             sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["purelib"], "/dev/null",
             "/dev/urandom"}
    sys.addaudithook(_hook)
    for name in sys.argv[2:]:
        attack_runner.run(workdir, name)
    # ReportLab reads its own settings files from the home folder when it is imported,
    # whatever the input: those two are the only files allowed outside the roots.
    allowed = {str(Path.home() / ".reportlab_settings"), str(Path.home() / ".reportlab_mods")}
    # A folder "opened" reads nothing: Python 3.13's importlib.resources tries each folder of
    # pyphen's search path as a zip file when pyphen is imported, whatever the input.
    outside = sorted({p for p in opened if p not in allowed and not os.path.isdir(p)
                      and not any(p == r or p.startswith(r.rstrip("/") + "/") for r in roots)})
    print(json.dumps({"outside": outside, "started": started, "opened": len(opened)}))


if __name__ == "__main__":
    main()

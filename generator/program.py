"""The end of the `labyrinth-pnp` program: a quick exit once its command has finished.

Python's own exit takes apart every module and object one by one: 15–20 ms after a build, a
tenth of a small one. When a command has finished and no other thread is running, the output
streams are flushed, the exit handlers run, and the process ends at once (every file the
tool writes is closed before its command returns). `generator.cli.run` runs the command line
this way (the script's entry point, `generator.launch.run`, calls it when no build helper
takes the command); tests call `generator.cli.main` itself, which exits the usual way.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn


def fewer_collections() -> None:
    """Look for reference cycles less often: importing the tool and loading content make many
    objects and almost no cycles, and Python's default (a look every 700 new objects) cost a
    build of two sheets 12 ms of its 200 (6 %). Memory is freed as before (by reference
    counts); only cycles wait longer (a long-lived `serve` still looks at every generation
    every few builds)."""
    import gc

    gc.set_threshold(50_000, 10, 10)


def finish(main: Callable[[], Any]) -> NoReturn:
    """Run a Click command line (which always ends in SystemExit), then exit quickly."""
    try:
        main()
        code: Any = 0
    except SystemExit as exc:
        code = exc.code
    if threading.active_count() > 1:
        sys.exit(code)
    if not isinstance(code, int) and code is not None:
        print(code, file=sys.stderr)  # as sys.exit prints a message given instead of a status
    try:
        import atexit

        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - a broken pipe, say: Python's own exit handles it
        sys.exit(code)
    os._exit(code if isinstance(code, int) else (0 if code is None else 1))

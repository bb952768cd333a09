"""Quiet ends for interrupted runs: Ctrl-C prints one line, workers die with their parent.

- `quiet_worker()` runs first in every worker process of a pool (`export`): Ctrl-C is left to
  the main process (which stops the pool), and on Linux the kernel kills the worker when the
  main process dies (`PR_SET_PDEATHSIG`), so a killed run prints no worker tracebacks (a
  worker would otherwise fail writing its result into the broken pipe). The build's drawing
  workers (pipeline/workers.py) ignore Ctrl-C the same way and end quietly on their own.
- `interrupted()` is what the CLI does with a KeyboardInterrupt: print `interrupted` and
  exit with status 130, the shell's status for a run ended by Ctrl-C. The temporary files of
  the run are removed by the build's own clean-up on the way out (and any left by a kill -9
  are removed by the next build).
"""

from __future__ import annotations

import os
import signal
import sys
from typing import NoReturn

PR_SET_PDEATHSIG = 1


def quiet_worker() -> None:
    """Ignore Ctrl-C in a worker and make it die with the process that started it."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the main process died before the call above
        os._exit(1)


def interrupted() -> NoReturn:
    """Say the run was interrupted, in one line, and exit with status 130."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C while leaving: no traceback
    try:
        print("interrupted", file=sys.stderr, flush=True)
    except OSError:
        pass
    sys.exit(130)

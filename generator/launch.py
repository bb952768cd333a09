"""The `labyrinth-pnp` script's entry point: a build goes to a warm helper when one is ready.

Only the standard library's lightest modules are imported before that choice (Click alone
costs 20 ms); without a helper, or for any other command, the command line runs here as it
always did (`generator.cli.run`), and a build then starts a helper for the builds that follow.
See generator/helper/__init__.py.
"""

from __future__ import annotations

import os
import sys


def run() -> None:
    """The `labyrinth-pnp` script."""
    argv = sys.argv[1:]
    from .helper import client

    if client.wanted(argv):
        code = client.build_with_helper(argv)
        if code is not None:
            sys.stdout.flush()
            os._exit(code)
        import atexit

        atexit.register(client.start_helper)  # after this build, for the next ones
    from .cli import run as run_here

    run_here()


if __name__ == "__main__":
    run()

"""The build helper: a process kept warm between builds, so that a rebuild starts at once.

A `labyrinth-pnp build` run from the command line spends most of a small rebuild starting
Python, importing the tool and ReportLab and warming their caches, before it reads a line of
content. After such a build, the tool starts a helper in the background (`server.py`): it
imports everything, rehearses a build of the bundled content into a scratch folder, then waits
on a socket only its user can reach. The next `labyrinth-pnp build` (`client.py`, reached from
the script's entry point `generator/launch.py` before Click is imported) hands the helper its
command line, working folder, environment, umask and standard streams; the helper forks a copy
of itself that runs the build exactly as the command line would (the same code, the same
output, the same exit status), and reports its end to the client.

- Each build runs in a fresh fork: nothing a build does stays in the helper.
- A helper serves only the tool it was started from: the same Python, package versions and
  tool files (by name, size and time, as the build manifest judges them). When anything
  differs, the build runs the usual way and a new helper starts.
- It stops after `LABYRINTH_PNP_HELPER_IDLE` seconds without a build (default 900), on
  `labyrinth-pnp helper --stop`, or when its socket or the tool's files change.
- `LABYRINTH_PNP_HELPER=off` (or 0, no, false) turns it off: no helper is used or started.
- Only POSIX systems with `fork` have it; elsewhere every build runs the usual way.

docs/architecture.md ("The build helper") explains the choice and its limits for users.
"""

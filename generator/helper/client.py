"""The command line's side of the build helper (see `generator/helper/__init__.py`).

Imported by the script's entry point before anything else, so at module level it imports only
modules Python has started with or that are built in: `socket.py`, `signal.py`, `json` and
`pathlib` would bring `enum` and `re` and cost a build that finds no helper 10 ms. Requests
travel as `marshal` data (both ends are the same Python: the identity says so, and the socket
is reachable by its user only). Every way of failing to reach a helper means "build the usual
way".
"""

from __future__ import annotations

import _signal
import _socket
import marshal
import os
import sys
import zlib

from .. import __version__
from ..toolfiles import installed_packages, stat_signature

SWITCH = "LABYRINTH_PNP_HELPER"  # off, 0, no or false: no helper is used or started
FOLDER = "LABYRINTH_PNP_HELPER_DIR"  # where the helpers' sockets are (else a private folder)
IDLE = "LABYRINTH_PNP_HELPER_IDLE"  # seconds a helper waits for a build before it stops
IDLE_SECONDS = 900.0
COMMANDS = ("build",)  # the commands a helper runs
FORWARDED = tuple(getattr(_signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
                  if hasattr(_signal, name))  # Windows has no SIGHUP (nor a helper)
HEAD = 4  # bytes of a request's length, big-endian
MAX_PATH = 100  # a socket's path must fit in sockaddr_un (108 bytes on Linux)
START_SECONDS = 10.0  # the longest a helper may take to start a build before we build here


def enabled() -> bool:
    """Whether builds may use and start a helper here (POSIX with fork, not switched off)."""
    if os.environ.get(SWITCH, "").strip().lower() in ("0", "off", "no", "false"):
        return False
    return hasattr(os, "fork") and hasattr(_socket, "AF_UNIX") and hasattr(_socket, "SCM_RIGHTS")


def wanted(argv: list[str]) -> bool:
    """Whether this command line is one a helper runs: `build` with its options, not help."""
    return (bool(argv) and argv[0] in COMMANDS and "--help" not in argv and "-h" not in argv
            and enabled())


def chosen_folder() -> str:
    """Where the helpers' sockets go: LABYRINTH_PNP_HELPER_DIR, else a folder of the user's
    runtime folder, else of the temporary folder."""
    place = os.environ.get(FOLDER)
    if place:
        return place
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return (os.path.join(runtime, "labyrinth-pnp") if runtime else
            os.path.join(os.environ.get("TMPDIR") or "/tmp", f"labyrinth-pnp-{os.geteuid()}"))


def idle_seconds() -> float | None:
    """LABYRINTH_PNP_HELPER_IDLE, or IDLE_SECONDS when it is unset; None when it is not a
    positive number (a helper then waits IDLE_SECONDS)."""
    given = os.environ.get(IDLE)
    if given is None or not given.strip():
        return IDLE_SECONDS
    try:
        value = float(given)
    except ValueError:
        return None
    return value if 0 < value < float("inf") else None


def folder() -> str | None:
    """The private folder of the helpers' sockets, made if missing; None when it is not ours
    alone (another user could then reach or replace a socket)."""
    place = chosen_folder()
    try:
        os.mkdir(place, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        info = os.lstat(place)
    except OSError:
        return None
    mode = info.st_mode
    if (mode & 0o170000) != 0o040000 or info.st_uid != os.geteuid() or mode & 0o077:
        return None  # not a directory (a link, say), someone else's, or open to others
    return place


def identity() -> str:
    """What a helper must share with this process to build the same bytes: the tool's version
    and files, Python, the installed packages and where the tool was imported from."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return repr([__version__, sys.version, sys.executable, package, sys.path[1:],
                 installed_packages(sys.path[1:]), stat_signature(package)])


def socket_path(place: str, ident: str) -> str:
    """The socket of the helper for this identity (two checksums of it in the name)."""
    data = ident.encode("utf-8", "surrogateescape")
    return os.path.join(place, f"build-{zlib.crc32(data):08x}{zlib.adler32(data):08x}.sock")


def lock_path(sock: str) -> str:
    """The lock a helper holds from its start to its end (one helper per socket)."""
    return sock[:-len(".sock")] + ".lock"


def connect(sock: str) -> _socket.socket | None:
    """A connection to the helper listening at sock, or None."""
    if len(sock) > MAX_PATH:
        return None
    conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        conn.connect(sock)
    except OSError:
        conn.close()
        return None
    return conn


def send(conn: _socket.socket, message: dict[str, object], fds: tuple[int, ...] = ()) -> None:
    """Send a length-prefixed message; the file descriptors ride with its length."""
    data = marshal.dumps(message)
    head = len(data).to_bytes(HEAD, "big")
    if fds:
        import array

        conn.sendmsg([head], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS,
                               array.array("i", fds).tobytes())])
    else:
        conn.sendall(head)
    conn.sendall(data)


def lines(conn: _socket.socket):  # type: ignore[no-untyped-def]
    """The helper's answers, one text line each, until it closes the connection."""
    buffer = b""
    while True:
        chunk = conn.recv(4096)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            yield line.decode("utf-8", "replace")


def build_with_helper(argv: list[str]) -> int | None:
    """Run `labyrinth-pnp ARGV` in a ready helper; its exit status, or None when there is no
    helper for this tool (the caller then builds the usual way)."""
    place = folder()
    if place is None:
        return None
    ident = identity()
    conn = connect(socket_path(place, ident))
    if conn is None:
        return None
    umask = os.umask(0o022)
    os.umask(umask)
    streams = [(s.encoding, s.errors) if s is not None else None
               for s in (sys.stdin, sys.stdout, sys.stderr)]
    child: list[int] = []
    pending: list[int] = []

    def forward(signum: int, frame: object) -> None:
        if child:
            try:
                os.kill(child[0], signum)
            except ProcessLookupError:
                pass
        else:
            pending.append(signum)  # sent once the build's pid is known

    before = {signum: _signal.signal(signum, forward) for signum in FORWARDED}
    try:
        conn.settimeout(START_SECONDS)  # a helper stopped or stuck: build here instead
        main_package = getattr(sys.modules["__main__"], "__package__", None)  # Click names
        send(conn, {"build": {"identity": ident, "argv": [sys.argv[0], *argv],  # the program
                              "cwd": os.getcwd(), "env": dict(os.environ), "umask": umask,
                              "streams": streams, "package": main_package}}, (0, 1, 2))
        code = _follow(conn, child, pending, forward)
    except OSError:
        code = None  # the helper went away before it took the build
    finally:
        conn.close()
    if code is None and not child:
        for signum, handler in before.items():  # the build runs here after all
            _signal.signal(signum, handler)
        if pending:  # stopped before any build started
            if pending[0] == _signal.SIGINT:
                print("interrupted", file=sys.stderr)
                return 130
            return _die_by(pending[0])
    return code


def _follow(conn: _socket.socket, child: list[int], pending: list[int],
            forward: object) -> int | None:
    """Follow the build: note its pid, send it the signals that came first, return its exit
    status."""
    for line in lines(conn):
        word, _, value = line.partition(" ")
        if word == "pid":
            conn.settimeout(None)  # the build runs: as long as it takes
            child.append(int(value))
            for signum in pending:
                forward(signum, None)  # type: ignore[operator]
        elif word == "exit":
            return int(value)
        elif word == "signal":
            return _die_by(int(value))
        elif not child:
            return None  # "stale", or anything else before the build started: build here
    if not child:
        return None
    print("labyrinth-pnp: the build helper stopped before the build ended; run the build "
          "again (LABYRINTH_PNP_HELPER=off builds without it)", file=sys.stderr)
    return 1


def _die_by(signum: int) -> int:
    """End as the build ended: killed by the same signal (a shell then says the same)."""
    sys.stdout.flush()
    _signal.signal(signum, _signal.SIG_DFL)
    os.kill(os.getpid(), signum)
    return 128 + signum


def helper_running(sock: str) -> bool:
    """Whether a helper for sock holds its lock (is warming up or serving)."""
    import fcntl

    try:
        fd = os.open(lock_path(sock), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return True  # cannot tell: do not start another
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def start_helper() -> None:
    """Start a helper for this tool in the background, unless one is there already."""
    if not enabled():
        return
    place = folder()
    if place is None:
        return
    sock = socket_path(place, identity())
    if len(sock) > MAX_PATH or helper_running(sock):
        return
    import subprocess

    try:
        subprocess.Popen([sys.executable, "-m", "generator.helper.server"],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True,
                         cwd="/")
    except OSError:
        return  # no helper this time; the build itself went well
    if sys.stderr is not None and sys.stderr.isatty():  # a person, not a log, reads this
        print(STARTED, file=sys.stderr)


STARTED = ("Started a build helper: the next builds start faster. It stops after 15 minutes "
           "without a build; `labyrinth-pnp helper --stop` stops it now, "
           "LABYRINTH_PNP_HELPER=off keeps builds from starting one.")


def ask(question: str) -> dict[str, object] | None:
    """Ask the helper for this tool a question ("status", "stop"); its answer, or None when
    no helper is ready."""
    place = folder() if enabled() else None
    if place is None:
        return None
    conn = connect(socket_path(place, identity()))
    if conn is None:
        return None
    import json

    try:
        conn.settimeout(10)
        send(conn, {question: True})
        for line in lines(conn):
            answer = json.loads(line)
            return answer if isinstance(answer, dict) else None
    except (OSError, ValueError):
        return None
    finally:
        conn.close()
    return None

"""The build helper's process (see `generator/helper/__init__.py`): warm up, then run each
build it is handed in a fork of itself.

Started by `client.start_helper()` as `python -m generator.helper.server`, in a session of its
own, with no terminal and no inherited file open. One loop, one thread: it waits on its socket
and on a pipe the SIGCHLD handler writes to, forks a build for each request and tells each
client its build's pid and then its exit status (read by `waitpid`, so a build that crashed or
was killed is reported too).
"""

from __future__ import annotations

import atexit
import gc
import json
import marshal
import os
import select
import shutil
import signal
import socket
import sys
import tempfile
import time
from typing import Any

from . import client

_REQUEST_BYTES = 1 << 20  # a command line and its environment fit in far less
HELD = set(client.FORWARDED)  # the signals a client forwards: held across a build's fork


class Helper:
    """The listening socket, the builds running and what to tell their clients."""

    def __init__(self, sock: str, ident: str, idle: float) -> None:
        self.path = sock
        self.ident = ident
        self.idle = idle
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.wake_r, self.wake_w = os.pipe()
        self.builds: dict[int, socket.socket] = {}
        self.served = 0
        self.started = time.time()
        self.last = time.monotonic()
        self.stopping = False
        self.inode = 0

    def bind(self) -> None:
        """Listen at the socket's path (our lock is held: a file there is a dead helper's)."""
        try:
            os.unlink(self.path)
        except FileNotFoundError:
            pass
        self.listener.bind(self.path)
        self.listener.listen(16)
        self.inode = os.lstat(self.path).st_ino

    def run(self) -> None:
        """Serve until idle, asked to stop, or outdated; the builds running then are waited
        for and their clients told how they ended."""
        os.set_blocking(self.wake_w, False)
        signal.set_wakeup_fd(self.wake_w)
        signal.signal(signal.SIGCHLD, lambda *_: None)
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGHUP, self._stop)
        while True:
            self._reap()
            waited = time.monotonic() - self.last
            if waited >= self.idle or not self._socket_is_ours():
                self.stopping = True
            if self.stopping:
                self._stop_listening()
                if not self.builds:
                    break
            watched = [self.wake_r] if self.stopping else [self.listener, self.wake_r]
            ready, _, _ = select.select(watched, [], [],
                                        max(0.05, min(60.0, self.idle - waited)))
            if not ready and not self.builds and client.identity() != self.ident:
                self.stopping = True  # the tool was changed or reinstalled
            if self.wake_r in ready:
                os.read(self.wake_r, 4096)
            if self.listener in ready:
                self._accept()

    def _stop(self, *_: Any) -> None:
        self.stopping = True

    def _socket_is_ours(self) -> bool:
        try:
            return os.lstat(self.path).st_ino == self.inode
        except OSError:
            return False

    def _stop_listening(self) -> None:
        """Take no more builds: the socket goes (if still ours), the next build starts a new
        helper."""
        if self.listener.fileno() < 0:
            return
        if self._socket_is_ours():
            os.unlink(self.path)
        self.listener.close()

    def _reap(self) -> None:
        while self.builds:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            conn = self.builds.pop(pid, None)
            if conn is not None:
                code = os.waitstatus_to_exitcode(status)
                _tell(conn, f"exit {code}" if code >= 0 else f"signal {-code}")
                conn.close()
            self.last = time.monotonic()

    def _accept(self) -> None:
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        fds: list[int] = []
        try:
            conn.settimeout(5)
            if not _same_user(conn):
                return
            message, fds = _receive(conn)
            if "build" in message:
                request = message["build"]
                if request.get("identity") != self.ident:
                    _tell(conn, "stale")  # the tool changed under us: the client builds itself
                    self.stopping = True
                    return
                if self._fork(conn, request, fds):
                    conn = None  # kept until its build ends
            elif "status" in message:
                _tell(conn, json.dumps({"pid": os.getpid(), "served": self.served,
                                        "running": len(self.builds), "idle": self.idle,
                                        "started": self.started}))
            elif "stop" in message:
                _tell(conn, json.dumps({"stopped": os.getpid()}))
                self.stopping = True
        except (OSError, ValueError, KeyError, TypeError):
            pass  # a broken request: its client builds the usual way
        finally:
            for fd in fds:
                os.close(fd)
            if conn is not None:
                conn.close()

    def _fork(self, conn: socket.socket, request: dict[str, Any], fds: list[int]) -> bool:
        if len(fds) != 3:
            raise ValueError("three standard streams expected")
        if _peer_gone(conn):
            return False  # it waited too long for us and builds by itself
        # A client's Ctrl-C may reach the fork at once: held until it has its own handlers
        signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
        try:
            pid = os.fork()
            if pid == 0:
                _run_build(self, conn, request, fds)  # never returns
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
        self.builds[pid] = conn
        self.served += 1
        self.last = time.monotonic()
        _tell(conn, f"pid {pid}")
        return True


def _peer_gone(conn: socket.socket) -> bool:
    """Whether the client has closed its end (it sends nothing after its request)."""
    ready, _, _ = select.select([conn], [], [], 0)
    if not ready:
        return False
    try:
        return conn.recv(1, socket.MSG_PEEK) == b""
    except OSError:
        return True


def _same_user(conn: socket.socket) -> bool:
    """Only a process of this user may hand us a build (the folder is private already)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    import struct

    creds = conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i"))
    _, uid, _ = struct.unpack("3i", creds)
    return uid == os.geteuid()


def _receive(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    head, fds, _, _ = socket.recv_fds(conn, client.HEAD, 3)
    try:
        head = _read_exactly(conn, client.HEAD, head)
        size = int.from_bytes(head, "big")
        if size > _REQUEST_BYTES:
            raise ValueError("request too large")
        message = marshal.loads(_read_exactly(conn, size))
        if not isinstance(message, dict):
            raise ValueError("not a request")
    except BaseException:
        for fd in fds:  # a broken request's descriptors are not kept
            os.close(fd)
        raise
    return message, list(fds)


def _read_exactly(conn: socket.socket, size: int, start: bytes = b"") -> bytes:
    """start completed to size bytes from conn; ValueError when the client stops short."""
    data = start
    while len(data) < size:
        more = conn.recv(size - len(data))
        if not more:
            raise ValueError("short request")
        data += more
    return data


def _tell(conn: socket.socket, line: str) -> None:
    try:
        conn.sendall(line.encode("ascii") + b"\n")
    except OSError:
        pass  # the client is gone (killed): the build goes on, its files written whole


def _run_build(helper: Helper, conn: socket.socket, request: dict[str, Any],
               fds: list[int]) -> None:
    """In the fork: become the command line that asked, run it, exit with its status."""
    try:
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        helper.listener.close()
        os.close(helper.wake_r)
        os.close(helper.wake_w)
        for other in helper.builds.values():
            other.close()
        conn.close()  # the helper tells the client how this ends
        atexit._clear()
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.umask(int(request["umask"]))
        os.environ.clear()
        os.environ.update({str(k): str(v) for k, v in dict(request["env"]).items()})
        _reopen_streams(request.get("streams") or [None, None, None])
        sys.argv = [str(a) for a in request["argv"]]
        sys.modules["__main__"].__package__ = request.get("package")  # the same program name
        os.chdir(str(request["cwd"]))
    except BaseException as exc:  # noqa: BLE001 - the client must hear an end
        os.write(2, f"labyrinth-pnp: the build helper could not start the build ({exc}); "
                    "run it again with LABYRINTH_PNP_HELPER=off\n".encode())
        os._exit(1)
    from ..cli import run
    from ..interrupts import interrupted

    try:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)  # a Ctrl-C held comes now
        run()
    except KeyboardInterrupt:
        interrupted()  # before the command started: as the command would end
    os._exit(0)  # run() ends the process itself; this is a backstop


def _reopen_streams(encodings: list[Any]) -> None:
    """Standard streams over the client's descriptors, with its encodings, buffered as Python
    buffers them (by line on a terminal)."""
    made = []
    for fd, mode in ((0, "r"), (1, "w"), (2, "w")):
        given = encodings[fd] if fd < len(encodings) else None
        encoding, errors = (given if given else ("utf-8", "strict"))
        by_line = fd == 2 or (fd == 1 and os.isatty(fd))
        stream = open(fd, mode, buffering=1 if by_line else -1, encoding=encoding,
                      errors=errors, closefd=False)
        made.append(stream)
    sys.stdin, sys.stdout, sys.stderr = made
    sys.__stdin__, sys.__stdout__, sys.__stderr__ = made


def warm_up() -> None:
    """Import what builds use and run one build of the bundled content in this process, so
    every later fork starts with loaded modules, fonts, compiled patterns and templates."""
    from ..cli import main
    from ..program import fewer_collections

    fewer_collections()
    scratch = tempfile.mkdtemp(prefix="labyrinth-pnp-warm-")
    try:
        main(["build", "--jobs", "1", "--out", scratch])
    except SystemExit:
        pass
    except Exception:  # noqa: BLE001 - a helper that could not rehearse still helps
        pass
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    import generator.rulebook.build  # noqa: F401 - in case the rehearsal stopped early
    import generator.pipeline.draw  # noqa: F401

    gc.collect()
    gc.freeze()  # forks then leave the warm objects' pages shared, untouched by collections


def main() -> None:
    if not client.enabled():
        return
    place = client.folder()
    if place is None:
        return
    ident = client.identity()
    sock = client.socket_path(place, ident)
    import fcntl

    lock = os.open(client.lock_path(sock), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another helper for this tool is starting or serving
    warm_up()
    helper = Helper(sock, ident, client.idle_seconds() or client.IDLE_SECONDS)
    helper.bind()
    helper.run()
    try:
        os.unlink(client.lock_path(sock))  # still held: a starter waiting on it starts anew
    except OSError:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()

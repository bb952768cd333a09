"""Drawing workers: bare forked processes, tasks handed out through a pipe.

`multiprocessing.Pool` costs about 20 ms before the first task starts (its import, its queues
and handler threads), which is as long as a small build spends drawing. Here each worker is a
plain `os.fork()` of the build, which it inherits whole (the loaded content, the fonts): the
numbers of the tasks wait in one pipe, four bytes each, written before the first fork, and
each worker reads the next number when it is free (a read of a pipe is atomic, so each
number goes to exactly one worker; the heaviest tasks come first, so the workers finish
together). Each worker writes what each task returned, pickled, to a pipe of its own; the
parent reads them as they come, in the order they finish.

What a caller may rely on:
- each task runs exactly once, in some worker; an exception a task raises is raised again in
  the parent (the other workers are stopped);
- a caller that stops reading (the build's checks failed: nothing more is worth drawing)
  takes the tasks nobody started out of the pipe and stops the workers at once;
- a worker that dies without answering (killed, out of memory) is an error, never a hang;
- no worker outlives the call: each is waited for; a worker whose parent was killed ends
  after the task it is drawing (its answer has nowhere to go), and its temporary file is
  removed by the next build.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import selectors
import signal
import traceback
from collections.abc import Callable, Generator, Iterator
from typing import Any

WIDTH = 4  # bytes of a task's number in the pipe
MOST_TASKS = 4096  # numbers the pipe holds at once (16 KB, well inside its 64 KB)


def run_forked(work: Callable[[int], Any], count: int, workers: int,
               on_start: Callable[[], None] = lambda: None
               ) -> Generator[tuple[int, Any], None, None]:
    """Run work(0) … work(count - 1) in up to `workers` forked processes; yield (index,
    result) as each finishes. on_start runs first in every worker."""
    if count > MOST_TASKS:
        raise ValueError(f"at most {MOST_TASKS} tasks at once, not {count}")
    tokens, feed = os.pipe()
    os.write(feed, b"".join(i.to_bytes(WIDTH, "little") for i in range(count)))
    os.close(feed)  # a worker reading past the last number gets the end of the pipe
    children: dict[int, int] = {}  # the read end of a worker's answers -> its pid
    finished = False
    try:
        for _ in range(max(1, min(workers, count))):
            answers, answer = os.pipe()
            # A Ctrl-C that lands inside fork() runs its handler in one of the at-fork hooks
            # (logging's), which can only print it and go on: held until fork has returned
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                pid = os.fork()
                if pid == 0:
                    os.close(answers)
                    for other in children:
                        os.close(other)
                    _serve(work, tokens, answer, on_start)  # never returns
            finally:
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            os.close(answer)
            children[answers] = pid
        yield from _answers(children, count)
        finished = True
    finally:
        _take_the_rest(tokens)
        os.close(tokens)
        _end(children, stop=not finished)


def _serve(work: Callable[[int], Any], tokens: int, answer: int,
           on_start: Callable[[], None]) -> None:
    """A worker's life: take numbers until the pipe is empty, answer each; exit."""
    status = 0
    parent = os.getppid()
    try:
        on_start()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held across the fork
        while os.getppid() == parent:  # a worker whose parent was killed takes no more tasks
            raw = os.read(tokens, WIDTH)
            if len(raw) < WIDTH:
                break
            index = int.from_bytes(raw, "little")
            try:
                data, ok = pickle.dumps((index, True, work(index)), pickle.HIGHEST_PROTOCOL), True
            except BaseException as exc:  # noqa: BLE001 - raised again in the parent
                data = pickle.dumps((index, False, _portable(exc)), pickle.HIGHEST_PROTOCOL)
                ok = False
            _write_all(answer, len(data).to_bytes(8, "little") + data)
            if not ok:
                break
    except BaseException:  # noqa: BLE001 - the parent is gone: nobody to tell
        status = 1
    finally:
        os._exit(status)


def _portable(exc: BaseException) -> BaseException:
    """exc if it survives pickling, else a RuntimeError with its traceback's text."""
    try:
        pickle.loads(pickle.dumps(exc, pickle.HIGHEST_PROTOCOL))
        return exc
    except Exception:  # noqa: BLE001 - any failure to pickle
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        return RuntimeError(f"a drawing process failed:\n{text}")


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _answers(children: dict[int, int], count: int) -> Iterator[tuple[int, Any]]:
    """The workers' answers as they come; raise a task's exception, or when one is missing."""
    received = 0
    buffers = {fd: bytearray() for fd in children}
    with selectors.DefaultSelector() as selector:
        for fd in children:
            selector.register(fd, selectors.EVENT_READ)
        while buffers:
            for key, _ in selector.select():
                fd = int(key.fd)
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    selector.unregister(fd)
                    del buffers[fd]
                    continue
                buffer = buffers[fd]
                buffer += chunk
                while len(buffer) >= 8:
                    size = int.from_bytes(buffer[:8], "little")
                    if len(buffer) < 8 + size:
                        break
                    index, ok, value = pickle.loads(bytes(buffer[8:8 + size]))
                    del buffer[:8 + size]
                    if not ok:
                        raise value
                    received += 1
                    yield index, value
    if received < count:
        raise RuntimeError(f"a drawing process ended before it had finished its files "
                           f"({count - received} of {count} never came back): it was killed, "
                           "or ran out of memory")


def _take_the_rest(tokens: int) -> None:
    """Empty the pipe of numbers, so that no worker starts another task."""
    os.set_blocking(tokens, False)
    with contextlib.suppress(BlockingIOError, OSError):
        while os.read(tokens, 1 << 16):
            pass


def _end(children: dict[int, int], stop: bool) -> None:
    """Wait for every worker; with stop, end them first (their work is no longer wanted)."""
    for fd, pid in children.items():
        with contextlib.suppress(OSError):
            os.close(fd)
        if stop:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)

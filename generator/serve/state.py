"""What one run of the server holds: its folders, token, caches, and one drawing thread.

The library draws in one worker thread, one job at a time (ReportLab and the content caches
are not made for threads); a page waits at most `render_seconds` for it and then says so.
Every cache is keyed by the watcher's version, so a saved file is never shown stale.
"""

from __future__ import annotations

import hashlib
import sys
import threading
import traceback
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import CancelledError, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..errors import ContentError, LabyrinthError, Problem
from .catalogue import Catalogue, make_catalogue, piece_counts
from .engine import Built, Folders, PrintChoice, make_pdf
from .guard import new_token
from .watch import Watcher

T = TypeVar("T")
KEEP = 24  # PDFs and catalogues kept in memory


@dataclass
class Failure(Exception):
    """What went wrong, in words for the page: a message and the content's problems."""

    message: str
    problems: list[Problem] = field(default_factory=list)
    key: str = "error"  # "error", "limit" or "internal": how the page names it


class State:
    """The server's state for one run."""

    def __init__(self, folders: Folders, render_seconds: float = 60.0) -> None:
        self.folders = folders
        self.render_seconds = render_seconds
        self.token = new_token()
        watched = [f for f in (folders.content, folders.templates) if f is not None]
        self.watcher = Watcher(watched)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="labyrinth-draw")
        self._built: OrderedDict[str, Built] = OrderedDict()
        self._catalogues: OrderedDict[tuple[str, str, int], Catalogue] = OrderedDict()
        self._counts: dict[tuple[str, int], dict[str, int]] = {}
        self._making = threading.Lock()  # one request makes a PDF or catalogue, others wait

    @property
    def version(self) -> int:
        return self.watcher.version

    def start(self) -> None:
        self.watcher.start()

    def stop(self) -> None:
        self.watcher.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def run(self, work: Callable[..., T], *args: Any) -> T:
        """Run library work on the drawing thread; turn its errors into a Failure."""
        future = self._pool.submit(work, *args)
        try:
            return future.result(timeout=self.render_seconds)
        except FutureTimeout:
            raise Failure(f"{self.render_seconds:g}", key="limit") from None
        except CancelledError:  # the server is stopping
            raise Failure("", key="internal") from None
        except ContentError as exc:
            raise Failure("", exc.problems) from None
        except LabyrinthError as exc:
            raise Failure(str(exc)) from None
        except Exception:  # noqa: BLE001 - shown in the terminal, summarised on the page
            traceback.print_exc(file=sys.stderr)
            raise Failure("", key="internal") from None

    def built(self, choice: PrintChoice) -> tuple[str, Built]:
        """The choice's PDF (built once per content version) and the key naming it."""
        key = hashlib.sha256(repr((choice, self.version)).encode()).hexdigest()[:20]
        with self._making:
            if key not in self._built:
                self._built[key] = self.run(make_pdf, choice, self.folders)
                while len(self._built) > KEEP:
                    self._built.popitem(last=False)
            self._built.move_to_end(key)
            return key, self._built[key]

    def built_by_key(self, key: str) -> Built | None:
        return self._built.get(key)

    def catalogue(self, game: str, lang: str) -> Catalogue:
        """Every piece of game in lang as pictures (made once per content version)."""
        key = (game, lang, self.version)
        with self._making:
            if key not in self._catalogues:
                self._catalogues[key] = self.run(make_catalogue, game, lang, self.folders)
                while len(self._catalogues) > KEEP // 4:
                    self._catalogues.popitem(last=False)
            return self._catalogues[key]

    def counts(self, game: str) -> dict[str, int]:
        """How many pieces each part of game prints; empty when its content has errors."""
        key = (game, self.version)
        if key not in self._counts:
            self._counts = {k: v for k, v in self._counts.items() if k[1] == self.version}
            try:
                self._counts[key] = self.run(piece_counts, game, "en", self.folders)
            except Failure:
                return {}
        return self._counts[key]

    def readable(self, path: Path) -> bool:
        """Whether a problem's file lies in a folder the server may show lines of."""
        from ..content.paths import bundled_dir

        roots = [bundled_dir("content"), bundled_dir("templates"),
                 *(f for f in (self.folders.content, self.folders.templates) if f)]
        try:
            real = path.resolve()
        except OSError:
            return False
        return real.is_file() and any(real.is_relative_to(r.resolve()) for r in roots)

    def line_of(self, problem: Problem) -> str:
        """The offending line of a problem's file, when the server may read it."""
        path = Path(problem.file)
        if problem.line < 1 or not self.readable(path):
            return ""
        try:
            with path.open(encoding="utf-8", errors="replace") as handle:
                for number, line in enumerate(handle, 1):
                    if number == problem.line:
                        return line.rstrip("\n")[:300]
        except OSError:
            return ""
        return ""

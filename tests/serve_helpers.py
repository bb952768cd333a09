"""Start `labyrinth-pnp serve` in a background thread on a free port, for the serve tests."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
BUNDLED = Path(__file__).resolve().parent.parent / "content"


def free_port() -> int:
    """A port nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def content_with_english_texts(folder: Path) -> Path:
    """A content folder holding a copy of magic-labyrinth's text/en.yaml, to edit in tests."""
    target = folder / "magic-labyrinth" / "text" / "en.yaml"
    target.parent.mkdir(parents=True)
    shutil.copyfile(BUNDLED / "magic-labyrinth" / "text" / "en.yaml", target)
    return folder


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright, closed at the end; a clear failure (never a skip)
    when it is not installed."""
    import pytest

    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (`apt-get install -y "
                    "chromium`; .ci/run does it) to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def screenshots_folder(tmp_path_factory: Any, name: str) -> Path:
    """The screenshots' folder: $SERVE_SCREENSHOTS, or one under pytest's temporary folder."""
    import os

    chosen = os.environ.get("SERVE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp(name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def running_server(content: Path | None) -> Iterator[str]:
    """Serve the app on a free port in a thread; yield its address; stop it at the end."""
    import uvicorn

    from generator.serve.app import make_app
    from generator.serve.engine import Folders
    from generator.serve.state import State

    port = free_port()
    state = State(Folders(content, None))
    config = uvicorn.Config(make_app(state, port), host="127.0.0.1", port=port,
                            log_level="warning", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def edit(path: Path, old: str, new: str) -> None:
    """Save path with old replaced by new, as an editor would (a new modification time)."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")

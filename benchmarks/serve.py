"""Time what a player waits for in `labyrinth-pnp serve`, against the ReportLab yardstick.

Run: `python benchmarks/serve.py [PAIRS] [--browser]` (5 pairs by default). Each pair times
the yardstick (benchmarks/yardstick_reportlab.py in a fresh process) and then, on a fresh
server state in this process (as after `labyrinth-pnp serve` has started), four things a
player does:

- games: the Games page, first load;
- catalogue: the Print page of the largest game (magic-labyrinth: 164 piece faces drawn);
- click: one more piece chosen: the preview's PDF built and every sheet rendered;
- edit: a saved text/en.yaml noticed, then the same preview built and rendered again.

With `--browser`, the same steps are timed in Chromium (/usr/bin/chromium) until every picture
on the page has arrived, the saved edit including the watcher's look (every 0.2 s).

It prints, per step, the median of the per-pair ratios (ours / yardstick) and both medians in
seconds. One warm-up pair is not counted.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from serve_helpers import content_with_english_texts, edit  # noqa: E402

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from yardstick import yardstick_seconds  # noqa: E402

from generator.serve.app import make_app  # noqa: E402
from generator.serve.engine import Folders  # noqa: E402
from generator.serve.state import State  # noqa: E402

GAME = "magic-labyrinth"
STEPS = ("games", "catalogue", "click", "edit", "edit+catalogue")


def preview(client: TestClient, query: str) -> None:
    answer = client.get(f"/api/preview/{GAME}?lang=en&{query}").json()
    for sheet in answer["sheets"]:
        for page in sheet:
            assert client.get(page["url"]).status_code == 200


def ours(folder: Path) -> dict[str, float]:
    content = content_with_english_texts(folder / "content")
    state = State(Folders(content, None))
    client = TestClient(make_app(state, 8765), base_url="http://127.0.0.1:8765")
    times: dict[str, float] = {}
    start = time.perf_counter()
    assert client.get("/").status_code == 200
    times["games"] = time.perf_counter() - start
    start = time.perf_counter()
    assert client.get(f"/print/{GAME}?lang=en").status_code == 200
    times["catalogue"] = time.perf_counter() - start
    preview(client, "piece=token-14")
    start = time.perf_counter()
    preview(client, "piece=token-14&piece=formula-9")
    times["click"] = time.perf_counter() - start
    start = time.perf_counter()
    edit(content / GAME / "text" / "en.yaml", "14: Fire Salamander", "14: Fire Newt")
    state.watcher.look()
    preview(client, "piece=token-14&piece=formula-9")
    times["edit"] = time.perf_counter() - start
    times["edit+catalogue"] = times["edit"]  # pictures are fetched by a browser only
    return times


ALL_LOADED = "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)"
SHEETS_LOADED = ("() => [...document.querySelectorAll('[data-role=sheet] img')]"
                 ".every(i => i.complete && i.naturalWidth > 0)")


def in_browser(folder: Path) -> dict[str, float]:
    """The same steps as a player sees them in Chromium: until every picture has arrived."""
    from playwright.sync_api import sync_playwright
    from serve_helpers import CHROMIUM, CHROMIUM_ARGS, running_server

    content = content_with_english_texts(folder / "content")
    times: dict[str, float] = {}
    with running_server(content) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=url, viewport={"width": 1400, "height": 1000})
        start = time.perf_counter()
        page.goto("/")
        page.wait_for_function(ALL_LOADED)
        times["games"] = time.perf_counter() - start
        start = time.perf_counter()
        page.goto(f"/print/{GAME}?lang=en&piece=token-14")
        page.evaluate("() => document.querySelectorAll('img').forEach(i => i.loading = 'eager')")
        page.wait_for_function("() => document.querySelectorAll('[data-role=sheet]').length")
        page.wait_for_function(ALL_LOADED)
        times["catalogue"] = time.perf_counter() - start
        start = time.perf_counter()
        page.click('[data-piece="formula-9"]')
        page.wait_for_function("() => document.querySelector('[data-role=sheet-text]')"
                               "?.textContent.includes('Card 9')")
        page.wait_for_function(ALL_LOADED)
        times["click"] = time.perf_counter() - start
        start = time.perf_counter()
        edit(content / GAME / "text" / "en.yaml", "14: Fire Salamander", "14: Fire Newt")
        page.wait_for_function("() => document.querySelector('[data-role=sheet-text]')"
                               "?.textContent.includes('Newt')")
        page.wait_for_function(SHEETS_LOADED)
        times["edit"] = time.perf_counter() - start
        page.wait_for_function(ALL_LOADED)
        times["edit+catalogue"] = time.perf_counter() - start
        browser.close()
    return times


def main(pairs: int, browser: bool = False) -> None:
    ratios: dict[str, list[float]] = {step: [] for step in STEPS}
    walls: dict[str, list[float]] = {step: [] for step in STEPS}
    sticks: list[float] = []
    for index in range(pairs + 1):
        with tempfile.TemporaryDirectory() as folder:
            stick = yardstick_seconds(Path(folder) / "yardstick")
            times = (in_browser if browser else ours)(Path(folder))
        if index == 0:
            continue  # warm-up
        sticks.append(stick)
        for step in STEPS:
            ratios[step].append(times[step] / stick)
            walls[step].append(times[step])
    print(f"yardstick median {statistics.median(sticks):.3f} s over {pairs} pairs")
    for step in STEPS:
        print(f"{step:15} {statistics.median(ratios[step]):5.2f}x  "
              f"ours {statistics.median(walls[step]):.3f} s")


if __name__ == "__main__":
    numbers = [a for a in sys.argv[1:] if a.isdigit()]
    main(int(numbers[0]) if numbers else 5, browser="--browser" in sys.argv)

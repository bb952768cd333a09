"""Time the plan editor's re-check of a 12×12 plan after a change, against the yardstick.

Run: `python benchmarks/serve_plan.py [PAIRS] [--browser]` (5 pairs by default). A real server
(`labyrinth-pnp serve`'s app under uvicorn, in a thread) gets, per pair, 20 POSTs of
/api/plan/check over HTTP, each a 12×12 random plan with one cell changed from the one before
(what the page sends after a click); the median of those is the re-check latency. Each pair
also times the yardstick (benchmarks/yardstick_reportlab.py in a fresh process). It prints
both medians in seconds and the median of the per-pair ratios. One warm-up pair is not counted.
With `--browser`, the page itself is timed in Chromium (/usr/bin/chromium): from a key that
changes a cell of the imported 12×12 plan to the verdict on the page (the grid redrawn, the
POST answered, the messages pinned), the median of 20 keys.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from serve_helpers import running_server  # noqa: E402
from yardstick import yardstick_seconds  # noqa: E402

from generator.plan.making.randomplan import Request, make_plan  # noqa: E402
from generator.plan.text.gridtext import write_grid  # noqa: E402

CHECKS = 20


def token_of(address: str) -> str:
    html = urllib.request.urlopen(f"{address}/plan?ui=en").read().decode()
    return html.split('data-token="', 1)[1].split('"', 1)[0]


def recheck(address: str, token: str, texts: list[str]) -> float:
    """The median seconds of one POST /api/plan/check of each text, answer read."""
    times = []
    for text in texts:
        body = json.dumps({"text": text, "token": token}).encode()
        ask = urllib.request.Request(f"{address}/api/plan/check?ui=en", body,
                                     {"Content-Type": "application/json"})
        start = time.perf_counter()
        answer = json.loads(urllib.request.urlopen(ask).read())
        times.append(time.perf_counter() - start)
        assert answer["rows"] == 12
    return statistics.median(times)


def changed_texts() -> list[str]:
    """A 12×12 plan and its versions with one land cell after another made a hole."""
    text = write_grid(make_plan(Request(12, 12, lang="en"), 1))
    lines = text.split("\n")
    row = next(i for i, line in enumerate(lines) if line.startswith("|") and ".  " in line)
    out = []
    for k in range(CHECKS):
        at = lines[row].find(".  ")
        lines[row] = lines[row][:at] + ("Z1" if k % 2 == 0 else ". ") + lines[row][at + 2:]
        out.append("\n".join(lines))
    return out


def in_browser(address: str, text: str) -> float:
    """The median seconds from a key to the verdict on the /plan page."""
    from playwright.sync_api import sync_playwright
    from serve_helpers import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page(base_url=address)
        page.goto("/plan?ui=en")
        page.fill('[data-role="plan-import"]', text)
        page.click('[data-action="import"]')
        page.wait_for_selector('[data-role="verdict"]:not([aria-busy])')
        page.focus('[data-role="board"]')
        times = page.evaluate("""async count => {
            const board = document.querySelector('[data-role="board"]');
            const verdict = document.querySelector('[data-role="verdict"]');
            const times = [];
            for (let i = 0; i < count; i++) {
                const start = performance.now();
                board.dispatchEvent(new KeyboardEvent("keydown", {key: i % 2 ? "l" : "3",
                                                                  bubbles: true}));
                while (verdict.hasAttribute("aria-busy")) await new Promise(r => setTimeout(r, 1));
                times.push((performance.now() - start) / 1000);
            }
            return times; }""", CHECKS)
        browser.close()
    return statistics.median(times)


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 5
    texts = changed_texts()
    ours, sticks = [], []
    with running_server(None) as address, tempfile.TemporaryDirectory() as tmp:
        token = token_of(address)
        for i in range(pairs + 1):
            stick = yardstick_seconds(Path(tmp) / "y.pdf")
            mine = recheck(address, token, texts)
            if i:
                ours.append(mine)
                sticks.append(stick)
        page = in_browser(address, texts[0]) if "--browser" in sys.argv else None
    ratios = [a / b for a, b in zip(ours, sticks)]
    print(f"re-check of a 12x12 plan   {statistics.median(ours):.4f} s   yardstick "
          f"{statistics.median(sticks):.3f} s   ratio {statistics.median(ratios):.3f}×")
    if page is not None:
        stick = statistics.median(sticks)
        print(f"key to verdict in Chromium {page:.4f} s   ratio {page / stick:.3f}×")


if __name__ == "__main__":
    main()

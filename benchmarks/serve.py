"""Time what a player waits for in `labyrinth-pnp serve`, against the ReportLab yardstick.

Run: `python benchmarks/serve.py [PAIRS]` (5 by default). Each pair times the yardstick
(benchmarks/yardstick_reportlab.py in a fresh process) and then, on a fresh server state in
this process (as after `labyrinth-pnp serve` has started), four things a player does:

- games: the Games page, first load;
- catalogue: the Print page of the largest game (magic-labyrinth: 164 piece faces drawn);
- click: one more piece chosen: the preview's PDF built and every sheet rendered;
- edit: a saved text/en.yaml noticed, then the same preview built and rendered again.

It prints, per step, the median of the per-pair ratios (ours / yardstick) and both medians in
seconds. One warm-up pair is not counted.
"""

from __future__ import annotations

import statistics
import subprocess
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

from generator.serve.app import make_app  # noqa: E402
from generator.serve.engine import Folders  # noqa: E402
from generator.serve.state import State  # noqa: E402

GAME = "magic-labyrinth"
STEPS = ("games", "catalogue", "click", "edit")


def yardstick(out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "yardstick_reportlab.py"),
                    str(out)], check=True, capture_output=True)
    return time.perf_counter() - start


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
    return times


def main(pairs: int) -> None:
    ratios: dict[str, list[float]] = {step: [] for step in STEPS}
    walls: dict[str, list[float]] = {step: [] for step in STEPS}
    sticks: list[float] = []
    for index in range(pairs + 1):
        with tempfile.TemporaryDirectory() as folder:
            stick = yardstick(Path(folder) / "yardstick")
            times = ours(Path(folder))
        if index == 0:
            continue  # warm-up
        sticks.append(stick)
        for step in STEPS:
            ratios[step].append(times[step] / stick)
            walls[step].append(times[step])
    print(f"yardstick median {statistics.median(sticks):.3f} s over {pairs} pairs")
    for step in STEPS:
        print(f"{step:10} {statistics.median(ratios[step]):5.2f}x  "
              f"ours {statistics.median(walls[step]):.3f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)

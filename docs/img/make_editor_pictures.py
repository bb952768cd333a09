"""Take the plan editor's pictures in docs/img (plan-editor-en.png, plan-editor-ru.png).

Run from the checkout: `.venv/bin/python docs/img/make_editor_pictures.py` (needs Debian's
Chromium at /usr/bin/chromium and Playwright, as the browser tests do).
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from serve_helpers import CHROMIUM, CHROMIUM_ARGS, running_server
from playwright.sync_api import sync_playwright

PLANS = ROOT / "tests" / "fixtures" / "plans"
with running_server(None) as url, sync_playwright() as p:
    b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    for ui, plan in (("en", "bad_river_wall.txt"), ("ru", "bad_river_wall.txt")):
        page = b.new_page(base_url=url, viewport={"width": 1000, "height": 640}, locale="en-GB")
        page.goto(f"/plan?ui={ui}")
        page.fill('[data-role="plan-import"]', (PLANS / plan).read_text(encoding="utf-8"))
        page.click('[data-action="import"]')
        page.wait_for_selector('[data-role="verdict"]:not([aria-busy])')
        page.click("[data-role=\"problem\"] .message")
        page.locator(".plan-layout").screenshot(path=str(ROOT / "docs" / "img" / f"plan-editor-{ui}.png"))
    b.close()

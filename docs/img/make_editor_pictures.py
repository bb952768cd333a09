"""Take the plan editor's pictures in docs/img, in English and Russian (LANG = en, ru):

- plan-editor-LANG.png: a plan with a problem, the message clicked and its cells outlined;
- plan-editor-valid-LANG.png: the rulebook's example plan (docs/examples/rulebook-plan.txt),
  valid;
- plan-editor-photo-LANG.png: after a photo of a faintly filled form was opened, its unclear
  marks outlined and listed (the photo is made in software, as the tests make theirs).

Run from the checkout: `.venv/bin/python docs/img/make_editor_pictures.py` (needs Debian's
Chromium at /usr/bin/chromium and Playwright, as the browser tests do).
"""
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from playwright.sync_api import sync_playwright
from serve_helpers import CHROMIUM, CHROMIUM_ARGS, running_server
from test_serve_plan_scan import FAINT, photo_of

from generator.plan.form.synth import Camera

PLANS = ROOT / "tests" / "fixtures" / "plans"
IMG = ROOT / "docs" / "img"
DONE = '[data-role="verdict"]:not([aria-busy])'


def shoot(page, selector: str, name: str) -> None:
    """A screenshot of one part of the page, kept small: 128 colours, the PNG optimised."""
    from PIL import Image

    target = IMG / name
    page.locator(selector).screenshot(path=str(target))
    with Image.open(target) as image:
        small = image.convert("RGB").quantize(128, method=Image.Quantize.MEDIANCUT)
    small.save(target, optimize=True)


def open_text(page, text: str) -> None:
    page.fill('[data-role="plan-import"]', text)
    page.click('[data-action="import"]')
    page.wait_for_selector(DONE)


with tempfile.TemporaryDirectory() as folder, running_server(None) as url, \
        sync_playwright() as p:
    b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    for ui in ("en", "ru"):
        page = b.new_page(base_url=url, viewport={"width": 1000, "height": 640}, locale="en-GB")
        page.goto(f"/plan?ui={ui}")
        open_text(page, (PLANS / "bad_river_wall.txt").read_text(encoding="utf-8"))
        page.click("[data-role=\"problem\"] .message")
        shoot(page, ".plan-layout", f"plan-editor-{ui}.png")
        open_text(page, (ROOT / "docs" / "examples" / "rulebook-plan.txt").read_text("utf-8"))
        shoot(page, ".plan-main", f"plan-editor-valid-{ui}.png")
        photo = photo_of(Path(folder), "valid_upstream.txt", Camera(rotate=30), FAINT, ui)
        page.set_input_files('[data-action="import-photo"]', str(photo))
        page.wait_for_selector('[data-role="photo-status"][data-ok="false"]')
        page.wait_for_selector(DONE)
        shoot(page, ".plan-layout", f"plan-editor-photo-{ui}.png")
    b.close()

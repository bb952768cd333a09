"""The plan editor (`/plan` of `labyrinth-pnp serve`) in Debian's Chromium, driven by Playwright.

These tests fail (not skip) when /usr/bin/chromium is missing, as test_serve_browser.py does;
screenshots go to $SERVE_SCREENSHOTS if set, else to a folder under pytest's.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import CHROMIUM, CHROMIUM_ARGS, running_server
from test_serve_browser import shoot

from generator.plan.checker.check import check_plan

PLANS = Path(__file__).parent / "fixtures" / "plans"
DONE = '[data-role="verdict"]:not([aria-busy])'


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server(None) as address:
        yield address


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("SERVE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("plan-screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def page(url: str) -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (`apt-get install -y "
                    "chromium`; .ci/run does it) to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=url, locale="en-GB", accept_downloads=True,
                                      viewport={"width": 1300, "height": 1000})
        tab = context.new_page()
        tab.set_default_timeout(20_000)
        tab.goto("/plan?ui=en")
        tab.wait_for_selector(DONE)
        yield tab
        browser.close()


def verdict(page: object) -> tuple[bool, list[tuple[str, str]]]:
    """The page's verdict and its (rule, message) pairs, once the last check has answered."""
    page.wait_for_selector(DONE)  # type: ignore[attr-defined]
    ok = page.get_attribute('[data-role="verdict"]', "data-ok")  # type: ignore[attr-defined]
    items = page.eval_on_selector_all(  # type: ignore[attr-defined]
        '[data-role="problem"]',
        "items => items.map(i => [i.dataset.rule, i.querySelector('.message').textContent])")
    return ok == "true", [tuple(item) for item in items]


def expected(data: bytes) -> tuple[bool, list[tuple[str, str]]]:
    report = check_plan(data, "plan.txt", "en")
    return report.valid, [(p.rule, p.message) for p in report.problems]


def exported(page: object, folder: Path) -> bytes:
    with page.expect_download() as info:  # type: ignore[attr-defined]
        page.click('[data-action="export-text"]')  # type: ignore[attr-defined]
    target = folder / "exported.txt"
    info.value.save_as(target)
    return target.read_bytes()


def test_draw_a_plan_by_clicks_and_keys(page: object, tmp_path: Path, shots: Path) -> None:
    page.fill('[name="rows"]', "2")  # type: ignore[attr-defined]
    page.fill('[name="cols"]', "3")  # type: ignore[attr-defined]
    page.click('[data-action="new"]')  # type: ignore[attr-defined]
    assert verdict(page)[0] is False
    for edge in ("A1-bottom", "B1-bottom", "C1-bottom"):  # clicks take the inner walls away
        page.click(f'[data-edge="{edge}"]')  # type: ignore[attr-defined]
    page.click('[data-cell="A1"]')  # type: ignore[attr-defined]  # land, and the cursor
    for key in ("t", "ArrowRight", "h", "ArrowRight", "a", "ArrowDown", "ArrowLeft", "f",
                "ArrowRight", "Shift+ArrowRight", "e"):
        page.keyboard.press(key)  # type: ignore[attr-defined]
    ok, problems = verdict(page)
    shoot(page, shots / "plan-drawn.png")
    assert (ok, problems) == (True, [])
    drawn = "+--+--+--+\n|T+ H  A |\n+  +  +  +\n|.  T- .\n+--+--+--+\n"
    assert exported(page, tmp_path) == drawn.encode()
    assert expected(drawn.encode()) == (True, [])
    page.focus('[data-role="board"]')  # type: ignore[attr-defined]  # back from the download
    page.keyboard.press("Space")  # type: ignore[attr-defined]  # the exit walled up again
    assert verdict(page)[0] is False
    page.keyboard.press("Control+z")  # type: ignore[attr-defined]
    assert verdict(page) == (True, [])
    page.reload()  # type: ignore[attr-defined]
    assert verdict(page) == (True, [])  # kept in the browser
    assert page.text_content('[data-cell="A1"]') == "T+"  # type: ignore[attr-defined]


def test_every_fixture_plan_gets_plan_checks_verdict(page: object, tmp_path: Path,
                                                     shots: Path) -> None:
    files = sorted(PLANS.glob("*.txt"))
    assert len(files) > 20
    for path in files:
        page.set_input_files('[data-action="import-file"]', str(path))  # type: ignore
        assert verdict(page) == expected(path.read_bytes()), path.name
    shoot(page, shots / "plan-last-fixture.png")
    spec = PLANS / "spec_example.txt"
    page.fill('[data-role="plan-import"]', spec.read_text(encoding="utf-8"))  # type: ignore
    page.click('[data-action="import"]')  # type: ignore[attr-defined]
    assert verdict(page) == expected(spec.read_bytes())
    assert exported(page, tmp_path) == spec.read_bytes()
    with page.expect_download() as info:  # type: ignore[attr-defined]
        page.click('[data-action="print-host"]')  # type: ignore[attr-defined]
    assert info.value.suggested_filename == "plan-host-en-a4.pdf"
    info.value.save_as(tmp_path / "host.pdf")
    assert (tmp_path / "host.pdf").read_bytes().startswith(b"%PDF")


def test_fix_a_problem_and_its_message_goes(page: object, shots: Path) -> None:
    path = PLANS / "bad_river_wall.txt"
    page.set_input_files('[data-action="import-file"]', str(path))  # type: ignore
    ok, problems = verdict(page)
    assert not ok and [rule for rule, _ in problems] == ["river-wall"]
    page.click('[data-role="problem"]')  # type: ignore[attr-defined]
    for place in ("B2", "B3", "B2-bottom"):
        assert "bad" in page.get_attribute(  # type: ignore[attr-defined]
            f'[data-cell="{place}"], [data-edge="{place}"]', "class")
    assert "focus" in page.get_attribute('[data-edge="B2-bottom"]', "class")  # type: ignore
    page.click('[data-role="problem"] [data-action="explain"]')  # type: ignore[attr-defined]
    page.wait_for_selector('[data-role="explanation"]:not([hidden])')  # type: ignore
    shoot(page, shots / "plan-problem.png")
    page.click('[data-edge="B2-bottom"]')  # type: ignore[attr-defined]  # the wall it asks for
    ok, problems = verdict(page)
    assert "river-wall" not in [rule for rule, _ in problems]
    shoot(page, shots / "plan-fixed.png")


def test_swamps_holes_and_rivers_by_keys_and_the_russian_page(page: object, tmp_path: Path,
                                                              shots: Path) -> None:
    page.fill('[name="rows"]', "2")  # type: ignore[attr-defined]
    page.fill('[name="cols"]', "2")  # type: ignore[attr-defined]
    page.click('[data-action="new"]')  # type: ignore[attr-defined]
    page.focus('[data-role="board"]')  # type: ignore[attr-defined]
    kinds = []
    for key in ("s", "s", "s"):  # the cursor's edge is A1's right: swamp →, swamp ←, none
        page.keyboard.press(key)  # type: ignore[attr-defined]
        kinds.append(page.get_attribute('[data-edge="A1-right"]', "data-kind"))  # type: ignore
    assert kinds == ["swamp", "swamp", "open"]
    page.keyboard.press("s")  # type: ignore[attr-defined]
    for key in ("ArrowDown", "3", "ArrowRight", ">", "Shift+ArrowUp", "Space"):
        page.keyboard.press(key)  # type: ignore[attr-defined]
    verdict(page)
    text = exported(page, tmp_path).decode()
    assert text == "+--+--+\n|. >. |\n+--+  +\n|X3 R>|\n+--+--+\n"
    page.goto("/plan?ui=ru")  # type: ignore[attr-defined]
    ok, problems = verdict(page)
    report = check_plan(text, "plan.txt", "ru")
    assert (ok, problems) == (report.valid, [(p.rule, p.message) for p in report.problems])
    assert page.text_content('[data-role="verdict"]').startswith("Ошибок в плане")  # type: ignore
    shoot(page, shots / "plan-russian.png")


def test_a_random_plan_with_plan_randoms_options(page: object) -> None:
    for name, value in (("rows", "12"), ("cols", "12"), ("seed", "3")):
        page.fill(f'[name="{name}"]', value)  # type: ignore[attr-defined]
    page.select_option('[name="difficulty"]', "hard")  # type: ignore[attr-defined]
    page.click('[data-action="random"]')  # type: ignore[attr-defined]
    assert verdict(page) == (True, [])
    assert page.locator("[data-cell]").count() == 144  # type: ignore[attr-defined]
    assert page.text_content('[data-cell="L12"]')  # type: ignore[attr-defined]

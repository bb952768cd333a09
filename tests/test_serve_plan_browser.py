"""The plan editor (`/plan` of `labyrinth-pnp serve`) in Debian's Chromium, driven by Playwright.

These tests fail (not skip) when /usr/bin/chromium is missing, as test_serve_browser.py does;
screenshots go to $SERVE_SCREENSHOTS if set, else to a folder under pytest's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import chromium, running_server, screenshots_folder
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
    return screenshots_folder(tmp_path_factory, "plan-screenshots")


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """One Chromium for the module (a launch takes about a second); each test has its own
    context, so nothing a page keeps (its draft in local storage) reaches the next test."""
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: object, url: str) -> Iterator[object]:
    context = browser.new_context(base_url=url, locale="en-GB",  # type: ignore[attr-defined]
                                  accept_downloads=True, viewport={"width": 1300, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    tab.goto("/plan?ui=en")
    tab.wait_for_selector(DONE)
    yield tab
    context.close()


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


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from test_serve_plan_scan import FAINT, photo_of

    from generator.plan.form.synth import Camera

    folder = tmp_path_factory.mktemp("photos")
    text = folder / "not-a-photo.png"
    text.write_text("+--+--+\n|.  . |\n+--+--+\n", encoding="utf-8")
    return {"clear": photo_of(folder, "valid_holes.txt", Camera(rotate=197, tilt_x=18)),
            "faint": photo_of(folder, "valid_upstream.txt", Camera(rotate=30), FAINT),
            "text": text}


def test_a_photo_of_a_form_opens_in_the_editor(page: object, photos: dict[str, Path],
                                               tmp_path: Path, shots: Path) -> None:
    from generator.plan.form.scan import read_photo
    from generator.plan.form.texts import doubt_text
    from generator.plan.text.gridtext import write_grid

    page.set_input_files('[data-action="import-photo"]', str(photos["clear"]))  # type: ignore
    page.wait_for_selector('[data-role="photo-status"][data-ok="true"]')  # type: ignore
    assert verdict(page) == (True, [])
    assert page.locator('[data-uncertain="true"]').count() == 0  # type: ignore[attr-defined]
    reading = read_photo(photos["clear"], "en")
    assert exported(page, tmp_path) == write_grid(reading.plan).encode()
    faint = read_photo(photos["faint"], "en")
    page.set_input_files('[data-action="import-photo"]', str(photos["faint"]))  # type: ignore
    page.wait_for_selector('[data-role="photo-status"][data-ok="false"]')  # type: ignore
    ok, problems = verdict(page)
    assert (ok, problems) == expected(write_grid(faint.plan).encode())
    messages = page.eval_on_selector_all(  # type: ignore[attr-defined]
        '[data-role="unclear-mark"]', "items => items.map(i => i.querySelector('.message')"
                                      ".textContent)")
    assert messages == [doubt_text(d.what, d.cells, d.score, d.detail, "en")
                        for d in faint.doubts]
    cells = {f"{'ABCDEFGHIJKL'[c]}{r + 1}" for d in faint.doubts for r, c in d.cells
             if d.what in ("direction", "cycle", "number", "object", "clash")}
    marked = set(page.eval_on_selector_all(  # type: ignore[attr-defined]
        '[data-cell][data-uncertain="true"]', "items => items.map(i => i.dataset.cell)"))
    assert cells and marked == cells
    assert page.text_content('[data-role="photo-status"]').startswith(  # type: ignore
        f"The plan was read; {len(faint.doubts)} mark(s) are unclear")
    shoot(page, shots / "plan-photo-unclear.png")
    page.click('[data-role="unclear-mark"] [data-action="dismiss-unclear"]')  # type: ignore
    assert page.locator('[data-role="unclear-mark"]').count() == len(faint.doubts) - 1  # type: ignore
    page.set_input_files('[data-action="import-photo"]', str(photos["text"]))  # type: ignore
    page.wait_for_selector('[data-role="photo-status"][data-ok="false"]')  # type: ignore
    assert page.text_content('[data-role="photo-status"]') == (  # type: ignore
        "not an image (JPEG, PNG, WebP…): give a photo of the form")
    big = tmp_path / "huge.jpg"  # a sparse file by its path: a 25 MB buffer takes 10 s to send
    with big.open("wb") as sparse:
        sparse.truncate(25 * 2**20 + 1)
    page.set_input_files('[data-action="import-photo"]', str(big))  # type: ignore
    assert page.text_content('[data-role="photo-status"]') == (  # type: ignore
        "the photo is larger than 25 MB: scale it down or take it at a lower resolution")
    page.click('[data-action="new"]')  # type: ignore[attr-defined]  # another plan: no doubts
    verdict(page)
    assert page.locator('[data-uncertain="true"], [data-role="unclear-mark"]').count() == 0  # type: ignore


def drop(page: object, selector: str, path: Path, mime: str) -> None:
    """Drop a file on an element, as a person dragging it from a file manager would."""
    page.evaluate(  # type: ignore[attr-defined]
        """([selector, name, bytes, mime]) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
          const target = document.querySelector(selector);
          target.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true,
                                                           cancelable: true }));
          target.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true,
                                                       cancelable: true }));
        }""", [selector, path.name, list(path.read_bytes()), mime])


def test_drop_a_plan_file_and_a_photo(page: object, photos: dict[str, Path],
                                      tmp_path: Path) -> None:
    path = PLANS / "bad_river_wall.txt"
    drop(page, '[data-role="plan-import"]', path, "text/plain")
    assert verdict(page) == expected(path.read_bytes())
    assert page.input_value('[data-role="plan-import"]') == path.read_text("utf-8")  # type: ignore
    assert exported(page, tmp_path) == path.read_bytes()
    drop(page, '[data-role="photo-drop"]', photos["clear"], "image/jpeg")
    page.wait_for_selector('[data-role="photo-status"][data-ok="true"]')  # type: ignore
    assert verdict(page) == (True, [])
    page.click('[data-action="new"]')  # type: ignore[attr-defined]
    verdict(page)
    drop(page, '[data-role="plan-import"]', photos["clear"], "image/jpeg")  # a photo, there
    page.wait_for_selector('[data-role="photo-status"][data-ok="true"]')  # type: ignore
    assert verdict(page) == (True, [])
    assert page.input_value('[data-role="plan-import"]') == path.read_text("utf-8")  # type: ignore


def test_the_copy_button_puts_the_text_on_the_clipboard(browser: object, url: str) -> None:
    spec = PLANS / "spec_example.txt"
    context = browser.new_context(base_url=url, locale="en-GB")  # type: ignore[attr-defined]
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
        tab = context.new_page()
        tab.goto("/plan?ui=en")
        tab.wait_for_selector(DONE)
        tab.fill('[data-role="plan-import"]', spec.read_text(encoding="utf-8"))
        tab.click('[data-action="import"]')
        tab.wait_for_selector(DONE)
        tab.evaluate("navigator.clipboard.writeText('nothing yet')")
        tab.click('[data-action="copy-text"]')
        tab.wait_for_function("async () => (await navigator.clipboard.readText()) !== "
                              "'nothing yet'")
        assert tab.evaluate("navigator.clipboard.readText()") == spec.read_text("utf-8")
    finally:
        context.close()


def test_cells_show_the_host_sheets_pictures_and_their_codes(page: object,
                                                             shots: Path) -> None:
    spec = PLANS / "spec_example.txt"
    page.set_input_files('[data-action="import-file"]', str(spec))  # type: ignore
    verdict(page)
    kinds = page.eval_on_selector_all(  # type: ignore[attr-defined]
        "[data-cell]", "cells => cells.map(c => [c.dataset.cell, c.dataset.kind, c.title, "
                       "c.querySelector('use')?.getAttribute('href') || ''])")
    seen = {cell: (kind, title, picture) for cell, kind, title, picture in kinds}
    assert seen["B1"] == ("river", "Р>", "#pic-river")
    assert seen["D1"] == ("arsenal", "Ар", "#pic-arsenal")
    assert seen["E1"] == ("hole", "Я1", "#pic-hole")
    assert seen["C2"] == ("mouth", "У", "#pic-mouth")
    assert seen["E2"] == ("real", "Кн", "#pic-real")
    assert seen["A3"] == ("medpost", "М", "#pic-medpost")
    assert seen["B3"] == ("false", "Кл", "#pic-false")
    assert seen["A1"] == ("land", "С", "")
    assert page.locator('[data-edge].swamp use[href="#pic-swamp"]').count() == 1  # type: ignore
    assert page.locator('[data-edge].exit use[href="#pic-exit"]').count() == 1  # type: ignore
    assert not page.is_visible('[data-cell="B1"] .code')  # type: ignore[attr-defined]
    assert page.is_visible('[data-cell="B1"] .pic')  # type: ignore[attr-defined]
    page.check('[data-action="show-codes"]')  # type: ignore[attr-defined]
    assert page.is_visible('[data-cell="B1"] .code')  # type: ignore[attr-defined]
    assert not page.is_visible('[data-cell="B1"] .pic')  # type: ignore[attr-defined]
    shoot(page, shots / "plan-codes.png")
    page.reload()  # type: ignore[attr-defined]
    verdict(page)
    assert page.is_checked('[data-action="show-codes"]')  # type: ignore[attr-defined]


def test_draw_the_rulebooks_example_plan_by_clicks(page: object, tmp_path: Path) -> None:
    """The plan of the rulebook's example game (docs/examples/rulebook-plan.txt), clicked in
    as a person would: objects chosen and cells clicked, edges clicked, the exit clicked."""
    target = Path(__file__).parent.parent / "docs" / "examples" / "rulebook-plan.txt"
    objects = {"A1": ("medpost", ""), "C1": ("hole", "1"), "D1": ("river>", ""),
               "E1": ("riverv", ""), "B2": ("false", ""), "D2": ("mouth", ""),
               "E2": ("river<", ""), "A3": ("hole", "2"), "C3": ("arsenal", ""),
               "E3": ("real", "")}
    page.fill('[name="rows"]', "4")  # type: ignore[attr-defined]
    page.fill('[name="cols"]', "5")  # type: ignore[attr-defined]
    page.click('[data-action="new"]')  # type: ignore[attr-defined]
    for cell, (tool, number) in objects.items():
        page.check(f'input[name="tool"][value="{tool}"]')  # type: ignore[attr-defined]
        if number:
            page.fill('[name="hole-number"]', number)  # type: ignore[attr-defined]
        page.click(f'[data-cell="{cell}"]')  # type: ignore[attr-defined]
    page.check('input[name="tool"][value="land"]')  # type: ignore[attr-defined]
    # the new plan has a wall under every row and none between columns: take away and add
    for edge in ("A1-bottom", "C1-bottom", "E1-bottom", "A2-bottom", "B2-bottom", "C2-bottom",
                 "D2-bottom", "B3-bottom", "C3-bottom", "D3-bottom", "E3-bottom",
                 "B3-right", "C4-right"):
        page.click(f'[data-edge="{edge}"]')  # type: ignore[attr-defined]
    page.click('[data-edge="E4-right"]')  # type: ignore[attr-defined]  # the exit
    page.check('input[name="tool"][value="swamp"]')  # type: ignore[attr-defined]
    page.click('[data-edge="C2-right"]')  # type: ignore[attr-defined]  # from C2 into D2
    assert verdict(page) == (True, [])
    drawn = exported(page, tmp_path).decode()
    body = [line.rstrip() for line in target.read_text("utf-8").split("\n")
            if not line.startswith("#")]
    assert drawn == "\n".join(body)  # the file's line for the exit ends in spaces; the page's not
    assert expected(drawn.encode()) == (True, [])

"""`labyrinth-pnp serve` in Debian's Chromium, driven by Playwright as a player would use it.

These tests fail (not skip) when /usr/bin/chromium is missing: `.ci/run` installs it.
Screenshots of every page go to a folder printed at the end of the run: $SERVE_SCREENSHOTS if
set (pytest keeps only its last three temporary folders), else one under pytest's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from serve_helpers import (
    chromium,
    content_with_english_texts,
    edit,
    running_server,
    screenshots_folder,
)

from conftest import layout_json, run_cli

GAME = "magic-labyrinth"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return content_with_english_texts(tmp_path_factory.mktemp("serve-content"))


@pytest.fixture(scope="module")
def url(content: Path) -> Iterator[str]:
    with running_server(content) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory, pytestconfig: pytest.Config
          ) -> Iterator[Path]:
    """The screenshots' folder (printed at the end of the module)."""
    folder = screenshots_folder(tmp_path_factory, "serve-screenshots")
    yield folder
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        print(f"\nserve screenshots: {folder}")


def shoot(page: object, path: Path) -> None:
    """A full-page screenshot once every picture has loaded: lazily loaded ones (the
    catalogue, the preview) are asked for at once, and waited for up to 5 s."""
    page.evaluate("""() => Promise.race([
        Promise.all([...document.images].map(img => {
            img.loading = 'eager';
            return img.complete ? null : new Promise(done => { img.onload = img.onerror = done; });
        })),
        new Promise(done => setTimeout(done, 5000))])""")  # type: ignore[attr-defined]
    page.screenshot(path=path, full_page=True)  # type: ignore[attr-defined]


@pytest.fixture
def page(browser: object, url: str) -> Iterator[object]:
    context = browser.new_context(base_url=url, locale="en-GB",  # type: ignore[attr-defined]
                                  accept_downloads=True, viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(20_000)
    yield tab
    context.close()


def choose_lost_pieces(page: object) -> None:
    """Open the Print page and click token 14 and formula 9 in the catalogue."""
    from playwright.sync_api import expect

    page.goto(f"/print/{GAME}?lang=en")  # type: ignore[attr-defined]
    page.click('[data-piece="token-14"]')  # type: ignore[attr-defined]
    page.click('[data-piece="formula-9"]')  # type: ignore[attr-defined]
    expect(page.locator('[data-role="sheet"]')).to_have_count(1)  # type: ignore[attr-defined]
    expect(page.locator('[data-role="status"]')).to_contain_text(  # type: ignore[attr-defined]
        "magic-labyrinth-pieces-en-a4.pdf")


def download(page: object, folder: Path) -> Path:
    with page.expect_download() as info:  # type: ignore[attr-defined]
        page.click('[data-action="download"]')  # type: ignore[attr-defined]
    target = folder / info.value.suggested_filename
    info.value.save_as(target)
    return target


def cli_file(tmp_path: Path, content: Path, *options: str) -> Path:
    """Build the same file with the command line; return its path."""
    code, out, err = run_cli("build", GAME, "--lang", "en", "--content", str(content),
                             "--out", str(tmp_path / "cli"), *options)
    assert code == 0, err
    (path,) = (tmp_path / "cli" / GAME).glob("*.pdf")
    return path


def test_lost_pieces_download_is_the_cli_file(page: object, content: Path, tmp_path: Path,
                                              shots: Path) -> None:
    choose_lost_pieces(page)
    shoot(page, shots / "print-lost-pieces-en.png")
    got = download(page, tmp_path)
    assert got.name == "magic-labyrinth-pieces-en-a4.pdf"
    assert got.read_bytes() == cli_file(tmp_path, content, "--pieces",
                                        "token-14,formula-9").read_bytes()
    pages = PdfReader(got).pages
    assert len(pages) == 2  # one sheet: the fronts, then their backs
    front = pages[0].extract_text()
    assert "Salamander" in front and "Card 9" in front and "Pine Cone" not in front
    sheets = layout_json(GAME, "--lang", "en", "--pieces", "token-14,formula-9")
    placed = [sorted(p["id"] for p in page["pieces"]) for page in sheets["files"][0]["pages"]]
    assert placed == [["formula-9", "token-14"], ["formula-9", "token-14"]]
    assert [p["side"] for p in sheets["files"][0]["pages"]] == ["front", "back"]


def test_letter_and_fold_change_the_preview(page: object, content: Path, tmp_path: Path,
                                            shots: Path) -> None:
    from playwright.sync_api import expect

    choose_lost_pieces(page)
    first = page.locator('[data-role="sheet"] img').first  # type: ignore[attr-defined]
    a4 = first.get_attribute("src")
    page.select_option('select[name="paper"]', "letter")  # type: ignore[attr-defined]
    page.select_option('select[name="duplex"]', "fold")  # type: ignore[attr-defined]
    status = page.locator('[data-role="status"]')  # type: ignore[attr-defined]
    expect(status).to_contain_text("magic-labyrinth-pieces-en-letter.pdf")
    expect(page.locator('[data-role="sheet"] img')).to_have_count(1)  # type: ignore
    image = page.locator('[data-role="sheet"] img').first  # type: ignore[attr-defined]
    assert image.get_attribute("src") != a4
    image.evaluate("img => img.decode()")
    ratio = image.evaluate("img => img.naturalWidth / img.naturalHeight")
    assert abs(ratio - 8.5 / 11) < 0.01 or abs(ratio - 11 / 8.5) < 0.01  # Letter, not A4
    shoot(page, shots / "print-letter-fold-en.png")
    got = download(page, tmp_path)
    assert got.read_bytes() == cli_file(tmp_path, content, "--pieces", "token-14,formula-9",
                                        "--paper", "letter", "--duplex", "fold").read_bytes()


def test_a_saved_edit_shows_in_the_preview_without_a_reload(page: object, content: Path,
                                                             shots: Path) -> None:
    # How soon is measured by benchmarks/serve.py --browser (the "edit" step), not here: a
    # loaded test machine stretches any wall time.
    from playwright.sync_api import expect

    choose_lost_pieces(page)
    texts = page.locator('[data-role="sheet-text"]').first  # type: ignore[attr-defined]
    expect(texts).to_contain_text("Salamander")
    english = content / GAME / "text" / "en.yaml"
    kept = english.read_bytes()
    try:
        edit(english, "14: Fire Salamander", "14: Fire Newt")
        expect(texts).to_contain_text("Newt", timeout=30000)
        shoot(page, shots / "print-after-edit-en.png")
    finally:
        english.write_bytes(kept)


def test_a_broken_yaml_shows_on_the_check_page(page: object, content: Path,
                                               shots: Path) -> None:
    from playwright.sync_api import expect

    page.goto("/check")  # type: ignore[attr-defined]
    verdict = page.locator('[data-role="verdict"]')  # type: ignore[attr-defined]
    expect(verdict).to_contain_text("The content is valid")
    english = content / GAME / "text" / "en.yaml"
    kept = english.read_bytes()
    text = kept.decode("utf-8")
    line = text[:text.index("14: Fire Salamander")].count("\n") + 1
    try:
        edit(english, "14: Fire Salamander", "14: Fire: Salamander")
        problem = page.locator('[data-role="problem"]').first  # type: ignore[attr-defined]
        expect(problem).to_contain_text(f"magic-labyrinth/text/en.yaml:{line}:13",
                                        timeout=20_000)
        expect(problem).to_contain_text("invalid YAML: mapping values are not allowed here")
        expect(problem.locator("pre")).to_have_text("    14: Fire: Salamander")
        shoot(page, shots / "check-broken-yaml-en.png")
    finally:
        english.write_bytes(kept)
    expect(verdict).to_contain_text("The content is valid", timeout=20_000)


def tab_to(page: object, selector: str, key: str = "Tab", most: int = 40) -> int:
    """Press key until the focus is on selector; return how many presses it took."""
    for presses in range(1, most + 1):
        page.keyboard.press(key)  # type: ignore[attr-defined]
        if page.evaluate("s => document.activeElement.matches(s)", selector):  # type: ignore
            return presses
    raise AssertionError(f"{most} presses of {key} did not reach {selector}")


def test_keyboard_only_and_russian_interface(browser: object, url: str, tmp_path: Path,
                                             shots: Path) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(base_url=url, locale="ru-RU",  # type: ignore[attr-defined]
                                  accept_downloads=True, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    try:
        page.goto("/")
        expect(page.locator("h1")).to_have_text("Игры")
        shoot(page, shots / "games-ru.png")
        tab_to(page, f'a[href="/print/{GAME}"]')
        page.keyboard.press("Enter")
        expect(page.locator("h1")).to_have_text("Печать: Волшебный лабиринт")
        tab_to(page, 'input[value="token-1"]')  # past the settings and the preview
        for _ in range(13):
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")  # token-14
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")  # token-15
        status = page.locator('[data-role="status"]')
        expect(status).to_contain_text("Листов: 1, страниц: 2: magic-labyrinth-pieces-ru-a4.pdf")
        assert page.locator('input[name="piece"]:checked').evaluate_all(
            "boxes => boxes.map(b => b.value)") == ["token-14", "token-15"]
        shoot(page, shots / "print-keyboard-ru.png")
        tab_to(page, '[data-action="select-kind"][data-kind="card"]', most=5)
        page.keyboard.press("Enter")  # every formula card
        expect(status).to_contain_text("Листов: 3, страниц: 6")
        assert page.locator('input[name="piece"]:checked').count() == 2 + 21
        assert tab_to(page, '[data-action="download"]', key="Shift+Tab") <= 12
        with page.expect_download() as info:
            page.keyboard.press("Enter")
        assert info.value.suggested_filename == "magic-labyrinth-pieces-ru-a4.pdf"
        page.click('[data-action="switch-ui"]')
        expect(page.locator("h1")).to_have_text("Print: Magic Labyrinth")
        expect(status).to_contain_text("Sheets: 3, pages: 6")  # the same choices, in English
        for name in ("check", "languages"):
            page.goto(f"/{name}")
            shoot(page, shots / f"{name}-en.png")
        page.goto("/")
        shoot(page, shots / "games-en.png")
    finally:
        context.close()


def test_a_whole_part_and_the_whole_set(page: object, content: Path, tmp_path: Path,
                                        shots: Path) -> None:
    from playwright.sync_api import expect

    page.goto(f"/print/{GAME}?lang=en")  # type: ignore[attr-defined]
    page.select_option('select[name="part"]', "formulas")  # type: ignore[attr-defined]
    status = page.locator('[data-role="status"]')  # type: ignore[attr-defined]
    expect(status).to_contain_text("Sheets: 3, pages: 6: magic-labyrinth-formulas-en-a4.pdf")
    got = download(page, tmp_path)
    assert got.read_bytes() == cli_file(tmp_path, content, "--part", "formulas").read_bytes()
    page.check('input[name="what"][value="pack"]')  # type: ignore[attr-defined]
    # the guide and its blank back, 3 sheets with backs, 3 one-sided sheets (`layout --pack`)
    expect(status).to_contain_text("Sheets: 7, pages: 11: magic-labyrinth-all-en-a4.pdf")
    sheets = page.locator('[data-role="sheet"]')  # type: ignore[attr-defined]
    assert [sheets.nth(i).locator("figure").count() for i in range(7)] == [2, 2, 2, 2, 1, 1, 1]
    shoot(page, shots / "print-pack-en.png")

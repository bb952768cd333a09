"""A hosted game (/play of `labyrinth-pnp serve`) in Debian's Chromium: the host's page and three
players' pages in their own browser contexts, played to the end.

Fails (never skips) without /usr/bin/chromium. Screenshots go to $SERVE_SCREENSHOTS if set,
else to a folder under pytest's; with $PLAY_DOC_PICTURES set to a folder (docs/img), the
host's page and a phone's page are also saved there as play-host-en.png and play-phone-en.png.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import chromium, running_server, screenshots_folder
from test_serve_play import CELL, MOVES, PLAN, PLAYERS, SCRIPT, SEED, STARTS

from conftest import run_cli

PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running_server(None) as address:
        yield address


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return screenshots_folder(tmp_path_factory, "play-screenshots")


@pytest.fixture
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched


DOC_PICTURES = ("play-host-en.png", "play-phone-en.png", "play-host-ru.png", "play-phone-ru.png")


def keep(page: object, shots: Path, name: str) -> None:
    """A screenshot in the shots folder, and in $PLAY_DOC_PICTURES (64 colours, small) for
    the docs' pictures."""
    page.screenshot(path=shots / name, full_page="phone" in name)  # type: ignore[attr-defined]
    docs = os.environ.get("PLAY_DOC_PICTURES")
    if docs and name in DOC_PICTURES:
        from PIL import Image

        with Image.open(shots / name) as picture:
            small = picture.convert("RGB").quantize(64)
            small.save(Path(docs) / name, optimize=True)


def host_log(host: object, count: int) -> None:
    """Wait until the host's log has count lines."""
    host.wait_for_function(  # type: ignore[attr-defined]
        f"document.querySelectorAll('[data-role=\"host-log\"] li').length === {count}")


def test_three_phones_play_a_game_to_the_end(browser: object, url: str, shots: Path,
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    hosting = browser.new_context(base_url=url, locale="en-GB",  # type: ignore[attr-defined]
                                  accept_downloads=True, viewport={"width": 1100, "height": 900})
    host = hosting.new_page()
    host.set_default_timeout(20_000)
    # the editor's "Play this plan" button hands its plan to /play
    host.goto("/plan?ui=en")
    host.evaluate("text => localStorage.setItem('labyrinth-pnp.plan', text)", PLAN)
    host.goto("/plan?ui=en")
    host.click('[data-action="play-plan"]')
    host.wait_for_url("**/play?from=editor")
    host.wait_for_function("document.querySelector('[data-role=\"play-plan\"]').value.length > 0")
    assert host.input_value('[data-role="play-plan"]') == PLAN
    host.fill('[data-role="play-players"]', "Anya, Boris")
    host.select_option('[data-role="play-lang"]', "en")
    host.fill('[data-role="play-seed"]', str(SEED))
    host.click('[data-action="play-new"]')
    host.wait_for_selector('[data-role="play-error"] li')
    assert host.inner_text('[data-role="play-error"]') == "Name 3 to 8 players (you named 2)."
    host.fill('[data-role="play-players"]', ", ".join(PLAYERS))
    host.click('[data-action="play-new"]')
    host.wait_for_selector('[data-role="seat"] img.qr')
    links = {name: host.get_attribute(f'[data-role="seat"][data-player="{name}"] '
                                      '[data-role="join-link"]', "href") for name in PLAYERS}

    phones, heard = {}, {name: [] for name in PLAYERS}
    for name in PLAYERS:
        context = browser.new_context(base_url=url, locale="en-GB",  # type: ignore[attr-defined]
                                      viewport=PHONE, is_mobile=True, has_touch=True)
        phone = context.new_page()
        phone.set_default_timeout(20_000)
        phone.on("response", lambda r, got=heard[name]: got.append(r))
        phone.goto(links[name])
        phone.wait_for_selector('[data-role="start-choice"]:not([hidden])')
        phones[name] = phone
    for name in PLAYERS:
        phones[name].select_option('[data-role="start-cell"]', STARTS[name])
        phones[name].click('[data-action="choose-start"]')
    host_log(host, 3)

    def press(name: str, kind: str, direction: str | None) -> None:
        phones[name].click(f'[data-action="act"][data-kind="{kind}"]'
                           f'[data-direction="{direction or ""}"]')

    # a move taken back by the host: Anya bumps into the frame, the host undoes it
    press("Anya", "move", "left")
    host_log(host, 4)
    assert host.inner_text('[data-role="host-log"] li:last-child') == '1. Anya: left — "wall"'
    phones["Boris"].wait_for_selector('[data-role="log"] li:has-text("wall")')
    host.click('[data-action="undo"]')
    host_log(host, 3)
    phones["Anya"].wait_for_selector('[data-role="turn"][data-mine="true"]')
    # each phone hears the undo by its own long poll: Boris's may come after Anya's
    from playwright.sync_api import expect

    expect(phones["Boris"].locator('[data-role="log"]')).not_to_contain_text("wall")

    for count, (name, kind, direction) in enumerate(MOVES, start=4):
        phones[name].wait_for_selector(f'[data-action="act"][data-kind="{kind}"]')
        press(name, kind, direction)
        host_log(host, count)
        if count == 8:  # mid-game: Vera has bombed; the pictures for the docs
            phones["Vera"].wait_for_selector('[data-role="log"] li:has-text("exploded")')
            keep(phones["Vera"], shots, "play-phone-en.png")
            keep(host, shots, "play-host-en.png")

    ending = "Anya leaves with the real treasure and wins!"
    host.wait_for_selector('[data-role="downloads"]:not([hidden])')
    assert host.inner_text('[data-role="ending"]') == ending
    for name in PLAYERS:
        phones[name].wait_for_selector('[data-role="ending"]:not([hidden])')
        assert phones[name].inner_text('[data-role="ending"]') == ending
        assert phones[name].locator('[data-action="act"]').count() == 0
        keep(phones[name], shots, f"play-end-{name}.png")
    assert phones["Vera"].get_attribute('[data-role="me"]', "data-bombs") == "2"
    assert phones["Boris"].get_attribute('[data-role="me"]', "data-bullets") == "2"
    keep(host, shots, "play-host-end.png")

    # the finished game offers its files; the transcript is plan play --script's
    monkeypatch.chdir(tmp_path)
    files = {}
    for action in ("download-transcript", "download-moves", "download-plan", "download-trace"):
        with host.expect_download() as info:
            host.click(f'[data-action="{action}"]')
        files[action] = tmp_path / info.value.suggested_filename
        info.value.save_as(files[action])
    assert files["download-plan"].read_text(encoding="utf-8") == PLAN
    assert files["download-trace"].read_bytes().startswith(b"%PDF")
    Path("moves.txt").write_text(SCRIPT, encoding="utf-8")
    code, expected, _ = run_cli("plan", "play", "plan.txt", "--script", "moves.txt", "--seed",
                                str(SEED), "--lang", "en", "--format", "json")
    assert code == 0
    assert files["download-transcript"].read_text(encoding="utf-8") == expected
    assert json.loads(expected)["winner"] == "Anya"

    # hidden information: nothing any phone received names a cell but the player's own start
    tokens = [link.rsplit("/", 1)[1] for link in links.values()]
    for name in PLAYERS:
        bodies = [r.body().decode("utf-8", "replace") for r in heard[name]
                  if r.request.resource_type != "image"]
        assert len(bodies) > 10
        text = "\n".join(bodies)
        for token in tokens:
            text = text.replace(token, "TOKEN")
        assert set(CELL.findall(text)) == {STARTS[name]}, name
        for secret in ("+--+", "T+", "T-", "|A", "hosted-game tests"):
            assert secret not in text, (name, secret)

    # a wrong link gets a page that says so
    phones["Anya"].goto("/p/not-a-player")
    assert "not a player's link" in phones["Anya"].inner_text('[data-role="bad-link"]')


def test_the_pages_speak_russian(browser: object, url: str, shots: Path) -> None:
    """The host's and a phone's pages in Russian, the host's answers in Russian."""
    hosting = browser.new_context(base_url=url, locale="ru-RU",  # type: ignore[attr-defined]
                                  viewport={"width": 1100, "height": 900})
    host = hosting.new_page()
    host.set_default_timeout(20_000)
    host.goto("/play")
    host.wait_for_selector('[data-role="play-form"]:not([hidden]), '
                           '[data-role="play-game"]:not([hidden])')
    if host.is_visible('[data-action="play-reset"]'):  # another test's game: end it
        host.on("dialog", lambda dialog: dialog.accept())
        host.click('[data-action="play-reset"]')
    plan = PLAN.replace("A  T+ H", "Ар Кн М").replace(".  T- .", "С  Кл С").replace(
        "# a small plan for the hosted-game tests", "# маленький план")
    host.fill('[data-role="play-plan"]', plan)
    host.fill('[data-role="play-players"]', "Аня, Борис, Вера")
    assert host.input_value('[data-role="play-lang"]') == "ru"
    host.fill('[data-role="play-seed"]', "1")
    host.click('[data-action="play-new"]')
    host.wait_for_selector('[data-role="seat"] img.qr')
    assert "Ссылки игроков" in host.inner_text("main")
    links = host.eval_on_selector_all('[data-role="join-link"]', "links => links.map(a => a.href)")
    phones = []
    for link, cell in zip(links, ("A1", "C2", "")):
        phone = browser.new_context(  # type: ignore[attr-defined]
            base_url=url, locale="ru-RU", viewport=PHONE, is_mobile=True,
            has_touch=True).new_page()
        phone.set_default_timeout(20_000)
        phone.goto(link)
        phone.select_option('[data-role="start-cell"]', cell)
        phone.click('[data-action="choose-start"]')
        phones.append(phone)
    host_log(host, 3)
    anya, boris, vera = phones
    anya.click('[data-action="act"][data-kind="move"][data-direction="right"]')
    host_log(host, 4)
    anya.click('[data-action="act"][data-kind="take"]')
    host_log(host, 5)
    boris.click('[data-action="act"][data-kind="shoot"][data-direction="left"]')
    host_log(host, 6)
    vera.wait_for_selector('[data-role="turn"][data-mine="true"]')
    assert vera.inner_text('[data-role="turn"]') == "Вера, ваш ход!"
    log = vera.inner_text('[data-role="log"]')
    assert "Аня: вправо — «суша, клад»" in log and "Борис: выстрел влево" in log
    assert "клад у вас" not in log  # Аня's take is told to Аня only
    assert "Ваша стартовая клетка" in vera.inner_text('[data-role="me"]')
    for row, cell in enumerate(("A1", "C2", "B2")):
        vera.fill(f'[data-draft-cell="{cell}"]', "?" * (row + 1))
    vera.click('[data-draft-edge="3,2"]')
    keep(vera, shots, "play-phone-ru.png")
    keep(host, shots, "play-host-ru.png")
    vera.reload()
    assert vera.input_value('[data-draft-cell="B2"]') == "???"  # the draft survives a reload
    assert "wall" in (vera.get_attribute('[data-draft-edge="3,2"]', "class") or "")

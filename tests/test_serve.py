"""`labyrinth-pnp serve` over plain HTTP: its guard, its downloads, its forms (no browser)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from serve_helpers import content_with_english_texts

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.serve.app import make_app
from generator.serve.engine import Folders, PrintChoice
from generator.serve.i18n import choose
from generator.serve.state import State

from conftest import run_cli

PORT = 8765
GAME = "magic-labyrinth"


@pytest.fixture
def state(tmp_path: Path) -> State:
    return State(Folders(content_with_english_texts(tmp_path / "content"), None))


@pytest.fixture
def client(state: State) -> TestClient:
    return TestClient(make_app(state, PORT), base_url=f"http://127.0.0.1:{PORT}")


def test_a_foreign_host_is_refused(client: TestClient) -> None:
    answer = client.get("/", headers={"Host": "attacker.example:8765"})
    assert answer.status_code == 403
    assert answer.text.startswith("Refused: this server answers only 127.0.0.1:8765 or "
                                  "localhost:8765, not attacker.example:8765")
    assert client.get("/", headers={"Host": "localhost:8765"}).status_code == 200
    assert client.get("/", headers={"Host": "127.0.0.1:9999"}).status_code == 403


def test_a_change_without_the_run_token_is_refused(client: TestClient, state: State) -> None:
    answer = client.post("/languages/new", data={"code": "de", "source": "en"})
    assert answer.status_code == 403
    assert "did not come from this server's page" in answer.text
    assert not (state.folders.content / "magic-labyrinth" / "text" / "de.yaml").exists()


def test_starting_a_language_writes_into_the_content_folder(client: TestClient,
                                                            state: State) -> None:
    answer = client.post("/languages/new", data={"code": "de", "source": "en",
                                                 "token": state.token},
                         headers={"Accept-Language": "en"})
    assert answer.status_code == 200
    assert "into " + str(state.folders.content) in answer.text
    made = state.folders.content / "magic-labyrinth" / "text" / "de.yaml"
    assert "TODO»" in made.read_text(encoding="utf-8")
    again = client.post("/languages/new", data={"code": "de", "source": "en",
                                                "token": state.token})
    assert "&#39;de&#39; already has this file" in again.text  # nothing overwritten


def test_oversized_requests_are_refused_with_a_message(client: TestClient) -> None:
    answer = client.get("/api/preview/" + GAME + "?piece=" + "x" * 20_000)
    assert answer.status_code == 414
    assert answer.text == "Refused: the address is longer than 16384 bytes."
    big = client.post("/languages/new", content=b"a" * 70_000,
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert big.status_code == 413
    assert big.text == "Refused: the form is larger than 64 KB."


@pytest.mark.parametrize("path", ["/gallery/..%2F..%2Fpyproject.toml", "/static/../README.md",
                                  "/static/%2e%2e/cli.py", "/gallery/magic-labyrinth.svg"])
def test_no_address_reaches_a_file_outside_the_served_folders(client: TestClient,
                                                              path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert "[project]" not in answer.text and "import" not in answer.text


@pytest.mark.parametrize("query,options", [
    ("what=part&part=tokens", ["--part", "tokens"]),
    ("what=pack&paper=letter&duplex=short&gutter=3", ["--pack", "--paper", "letter",
                                                      "--duplex", "short", "--gutter", "3mm"]),
    ("piece=wand-3&piece=pawn-red&bleed=2&ink_saver=on&offset_x=1&offset_y=-0.5",
     ["--pieces", "wand-3,pawn-red", "--bleed", "2mm", "--ink-saver",
      "--back-offset", "1mm,-0.5mm"]),
    ("piece=token-14&piece=formula-9&one_up=on&bleed=3&duplex=none",
     ["--pieces", "token-14,formula-9", "--one-up", "--bleed", "3mm", "--duplex", "none"]),
])
def test_a_download_is_the_file_the_cli_writes(client: TestClient, state: State,
                                               tmp_path: Path, query: str,
                                               options: list[str]) -> None:
    answer = client.get(f"/download/{GAME}?lang=en&{query}")
    assert answer.status_code == 200, answer.text
    code, _, err = run_cli("build", GAME, "--lang", "en", "--content", str(state.folders.content),
                           "--out", str(tmp_path / "cli"), *options)
    assert code == 0, err
    (made,) = (tmp_path / "cli" / GAME).glob("*.pdf")
    assert answer.headers["content-disposition"] == f'attachment; filename="{made.name}"'
    assert answer.content == made.read_bytes()


def test_the_preview_says_the_equivalent_command(client: TestClient, state: State) -> None:
    answer = client.get(f"/api/preview/{GAME}?lang=ru&piece=token-14&paper=letter").json()
    assert answer["command"] == (f"labyrinth-pnp build {GAME} --lang ru --pieces token-14 "
                                 f"--paper letter --content {state.folders.content}")
    assert answer["file"] == "magic-labyrinth-pieces-ru-letter.pdf"
    assert [[page["side"] for page in sheet] for sheet in answer["sheets"]] == [["front",
                                                                                "back"]]


def test_bad_choices_give_a_message_not_a_trace(client: TestClient) -> None:
    answer = client.get(f"/api/preview/{GAME}?piece=token-99").json()
    assert answer["failure"]["message"].startswith("magic-labyrinth has no piece 'token-99'")
    answer = client.get(f"/api/preview/{GAME}?piece=token-1&gutter=25").json()
    assert answer["failure"]["message"] == "gutter: 25mm is out of range; use 0 to 20mm"
    answer = client.get(f"/download/{GAME}?piece=token-1&duplex=sideways")
    assert answer.status_code == 400
    assert answer.text == "duplex must be one of long, short, none, fold, not 'sideways'"


def test_content_problems_show_with_their_line(client: TestClient, state: State) -> None:
    english = state.folders.content / GAME / "text" / "en.yaml"
    text = english.read_text(encoding="utf-8")
    line = text[:text.index("14: Fire Salamander")].count("\n") + 1
    english.write_text(text.replace("14: Fire Salamander", "14: Fire: Salamander"),
                       encoding="utf-8")
    state.watcher.look()
    answer = client.get("/api/check").json()
    assert answer["ok"] is False
    (problem,) = answer["problems"]
    assert problem["where"] == f"{english}:{line}:13"
    assert problem["line"] == "    14: Fire: Salamander"
    preview = client.get(f"/api/preview/{GAME}?piece=token-14").json()
    assert preview["failure"]["message"] == ("The content has problems, so this cannot be "
                                             "drawn yet; fix them and save the file:")
    assert preview["failure"]["problems"] == [problem]  # and why: the problem that broke it


def test_a_slow_drawing_gives_a_limit_message(client: TestClient, state: State) -> None:
    state.render_seconds = 0.001
    answer = client.get(f"/api/preview/{GAME}?what=pack", headers={"Accept-Language": "ru"})
    assert answer.json()["failure"]["title"] == "Ограничение"
    assert answer.json()["failure"]["message"].startswith("Рисование заняло больше 0.001 секунд")


def test_the_interface_language_follows_the_browser_then_the_switch() -> None:
    assert choose({}, {}, "ru-RU,ru;q=0.9,en;q=0.8") == "ru"
    assert choose({}, {}, "de-DE,en;q=0.5,ru;q=0.3") == "en"
    assert choose({}, {}, "uk") == "en"
    assert choose({"ui": "ru"}, {"ui": "en"}, "en") == "ru"
    assert choose({}, {"ui": "ru"}, "en") == "ru"


def test_print_choice_maps_onto_build_options(tmp_path: Path) -> None:
    choice = PrintChoice(GAME, lang="ru", what="pieces", pieces=("token-14", "formula-9"),
                         duplex="fold", back_offset=(1.0, -0.5))
    options = choice.options(Folders(), tmp_path)
    assert options.pieces == ("token-14,formula-9",) and options.parts == ()
    assert (options.duplex, options.back_offset, options.jobs) == ("fold", (1.0, -0.5), 1)
    assert choice.command(Folders()) == (f"labyrinth-pnp build {GAME} --lang ru --pieces "
                                         "token-14,formula-9 --duplex fold --back-offset "
                                         "1mm,-0.5mm")


def test_the_serve_command_serves_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import time

    import httpx
    from serve_helpers import free_port

    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "generator.cli", "serve", "--no-browser",
                               "--port", str(port)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                              env={**__import__("os").environ, "PYTHONPATH": str(
                                  Path(__file__).resolve().parent.parent)})
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", headers={"Accept-Language": "ru"})
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and server.poll() is None
                time.sleep(0.1)
        assert page.status_code == 200 and "<h1>Игры</h1>" in page.text
        second = subprocess.run([sys.executable, "-m", "generator.cli", "serve", "--no-browser",
                                 "--port", str(port)], capture_output=True, text=True,
                                cwd=tmp_path, timeout=30)
        assert second.returncode == 2
        assert second.stderr.startswith(f"Error: port {port} is in use")
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert out == (f"Serving the games at http://127.0.0.1:{port}/ (this computer only). "
                   "Press Ctrl-C to stop.\nStopped.\n")
    assert "Traceback" not in err


def test_an_error_inside_the_tool_is_a_note_not_a_trace(client: TestClient, monkeypatch:
                                                         pytest.MonkeyPatch, capsys:
                                                         pytest.CaptureFixture[str]) -> None:
    import generator.serve.state as state_module

    def broken(*args: object) -> None:
        raise RuntimeError("a bug of ours")

    monkeypatch.setattr(state_module, "make_pdf", broken)
    answer = client.get(f"/api/preview/{GAME}?piece=token-14", headers={"Accept-Language": "en"})
    failure = answer.json()["failure"]
    assert failure["message"].startswith("Something went wrong inside the tool; the terminal")
    assert "a bug of ours" not in answer.text and "Traceback" not in answer.text
    assert "RuntimeError: a bug of ours" in capsys.readouterr().err  # the details: terminal


def test_the_games_page_says_what_each_game_contains(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "en"}).text
    for part in ("tokens (21)", "formulas (21)", "counters (28)", "tiles (51)",
                 "locations (9)", "counters (18)", "host sheets (3)"):
        assert f"<span>{part}</span>" in page
    assert '<img src="/gallery/magic-labyrinth.png" alt="Magic Labyrinth"' in page


def test_the_version_is_answered_as_soon_as_a_file_changes(client: TestClient, state: State,
                                                           monkeypatch) -> None:
    import threading
    import time

    from generator.serve import app as served

    start = time.monotonic()
    assert client.get("/api/version?since=0").json() == {"version": 0}  # nothing changed
    assert 0.9 < time.monotonic() - start < 5
    english = state.folders.content / GAME / "text" / "en.yaml"
    threading.Timer(0.2, lambda: (english.write_text("names: {}\n"), state.watcher.look())
                    ).start()
    # a 30 s hold, so "as soon as" is told apart from "when the hold ran out" on any machine
    monkeypatch.setattr(served, "HOLD_STEPS", 600)
    start = time.monotonic()
    assert client.get("/api/version?since=0").json() == {"version": 1}
    assert time.monotonic() - start < 15

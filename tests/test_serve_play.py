"""The hosted game of `serve` (/play, /p/TOKEN) over plain HTTP: a whole game equals
`plan play --script`, players are told nothing hidden, undo, refusals, the --lan guard."""

from __future__ import annotations

import html
import json
import re
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.serve.app import make_app
from generator.serve.engine import Folders
from generator.serve.state import State

from conftest import pdf_text, run_cli

PORT = 8767
PLAN = ("# a small plan for the hosted-game tests\n"
        "+--+--+--+\n"
        "|A  T+ H  \n"
        "+  +--+  +\n"
        "|.  T- . |\n"
        "+--+--+--+\n")
PLAYERS = ["Anya", "Boris", "Vera"]
STARTS = {"Anya": "A1", "Boris": "C2", "Vera": "B2"}
MOVES = [("Vera", "take", None), ("Anya", "move", "right"), ("Anya", "take", None),
         ("Boris", "shoot", "up"), ("Vera", "bomb", "up"), ("Anya", "move", "right"),
         ("Boris", "move", "up"), ("Vera", "move", "up"), ("Anya", "move", "right")]
SCRIPT = "".join(f"{n} start {c}\n" for n, c in STARTS.items()) + "".join(
    f"{n} {'' if k == 'move' else k + ' '}{d or ''}".rstrip() + "\n" for n, k, d in MOVES)
SEED = 5
CELL = re.compile(r"(?<![A-Za-z0-9_-])[A-C][12](?![A-Za-z0-9_-])")


def new_client(lan: str | None = None, client: tuple[str, int] = ("127.0.0.1", 5000)
               ) -> tuple[TestClient, State]:
    state = State(Folders(None, None))
    host = lan or "127.0.0.1"
    return TestClient(make_app(state, PORT, lan), base_url=f"http://{host}:{PORT}",
                      client=client), state


def host_game(client: TestClient, state: State, players: str = "Anya,Boris,Vera",
              text: str = PLAN) -> dict[str, str]:
    """Start hosting; return each player's token."""
    answer = client.post("/api/play/new?ui=en", json={
        "token": state.token, "text": text, "players": players, "lang": "en", "seed": SEED})
    assert answer.status_code == 200, answer.text
    seats = client.get("/api/play/host").json()["seats"]
    return {s["name"]: s["link"].rsplit("/", 1)[1] for s in seats}


def act(client: TestClient, token: str, **body: object) -> dict:
    return client.post(f"/api/p/{token}/act?ui=en", json=body).json()


def play_whole_game(client: TestClient, tokens: dict[str, str]) -> None:
    for name, cell in STARTS.items():
        assert act(client, tokens[name], start=cell) == {"ok": True}
    for name, kind, direction in MOVES:
        assert act(client, tokens[name], kind=kind, direction=direction) == {"ok": True}


def test_a_whole_game_equals_plan_play_script(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    client, state = new_client()
    tokens = host_game(client, state)
    play_whole_game(client, tokens)
    host = client.get("/api/play/host").json()
    assert host["over"] and host["ending"] == "Anya leaves with the real treasure and wins!"
    assert host["destroyed"] == ["B1–B2"] and host["treasures"] == []
    web_json = client.get("/play/download/game.json").text
    web_moves = client.get("/play/download/moves.txt").text
    monkeypatch.chdir(tmp_path)
    Path("plan.txt").write_text(client.get("/play/download/plan.txt").text, encoding="utf-8")
    assert Path("plan.txt").read_text(encoding="utf-8") == PLAN
    Path("moves.txt").write_text(SCRIPT, encoding="utf-8")
    Path("web-moves.txt").write_text(web_moves, encoding="utf-8")
    command = ["plan", "play", "plan.txt", "--seed", str(SEED), "--lang", "en", "--format", "json"]
    code, ours, _ = run_cli(*command, "--script", "moves.txt")
    assert code == 0 and ours == web_json
    code, theirs, _ = run_cli(*command, "--script", "web-moves.txt")
    assert code == 0 and theirs == web_json
    data = json.loads(web_json)
    assert data["winner"] == "Anya" and len(data["turns"]) == len(MOVES)
    # the traced host sheet is `plan print --trace` of the same files, byte for byte
    pdf = client.get("/play/download/trace.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    Path("game.json").write_text(web_json, encoding="utf-8")
    code, _, err = run_cli("plan", "print", "plan.txt", "--trace", "game.json", "--lang", "en",
                           "--out", "cli.pdf")
    assert code == 0, err
    assert Path("cli.pdf").read_bytes() == pdf.content
    assert "Anya" in pdf_text(Path("cli.pdf"))


def test_players_hear_nothing_hidden() -> None:
    """Every answer a player's page gets, all game long, names no cell but his own start."""
    client, state = new_client()
    tokens = host_game(client, state)
    heard: dict[str, list[str]] = {n: [] for n in PLAYERS}

    def listen() -> None:
        for name, token in tokens.items():
            heard[name] += [client.get(f"/p/{token}").text, client.get(f"/api/p/{token}").text]

    listen()
    for name, cell in STARTS.items():
        heard[name].append(json.dumps(act(client, tokens[name], start=cell)))
        listen()
    for name, kind, direction in MOVES:
        heard[name].append(json.dumps(act(client, tokens[name], kind=kind, direction=direction)))
        listen()
    heard["Boris"].append(json.dumps(act(client, tokens["Boris"], kind="take")))
    for static in ("/static/play.js", "/static/play.css", "/static/style.css"):
        listen_text = client.get(static).text
        assert not CELL.search(listen_text) and "+--+" not in listen_text
    for name in PLAYERS:
        text = "\n".join(heard[name])
        for token in tokens.values():
            text = text.replace(token, "TOKEN")
        assert set(CELL.findall(text)) == {STARTS[name]}, name
        for secret in ("+--+", "T+", "T-", "|A", "hosted-game tests", state.token):
            assert secret not in text, (name, secret)
        assert "exited, the treasure is real" in text  # the public answers are heard by all
    assert "you carry the treasure" in "".join(heard["Vera"])
    assert "you carry the treasure" not in "".join(heard["Boris"])


def test_offers_follow_the_turn_and_the_host_answers() -> None:
    client, state = new_client()
    tokens = host_game(client, state)
    for name, cell in STARTS.items():
        act(client, tokens[name], start=cell)
    vera = client.get(f"/api/p/{tokens['Vera']}").json()
    assert [a["kind"] for a in vera["actions"]] == ["take"]  # before the first turn, on T-
    anya = client.get(f"/api/p/{tokens['Anya']}").json()
    assert [a["label"] for a in anya["actions"]][:5] == ["up", "down", "left", "right", "shoot up"]
    assert act(client, tokens["Boris"], kind="move", direction="up") == {
        "error": "It is Anya's turn."}
    assert act(client, tokens["Anya"], kind="take") == {"error": "There is no treasure here."}
    assert act(client, tokens["Anya"], kind="fly", direction="up")["error"]
    assert anya["me"] == {"bullets": 3, "bombs": 3, "wounded": False, "dead": False,
                          "treasure": False}
    assert anya["log"] == ['Anya — "arsenal"', 'Boris — "land"', 'Vera — "land, treasure"']


def test_undo_takes_back_the_last_move() -> None:
    client, state = new_client()
    tokens = host_game(client, state)
    for name, cell in STARTS.items():
        act(client, tokens[name], start=cell)
    act(client, tokens["Anya"], kind="move", direction="right")
    act(client, tokens["Boris"], kind="shoot", direction="up")
    before = client.get("/api/play/host").json()
    assert before["players"][1]["bullets"] == 2 and before["turn"] == "Vera"
    refused = client.post("/api/play/undo", json={"token": "forged"})
    assert refused.status_code == 403
    assert client.post("/api/play/undo", json={"token": state.token}).json() == {"ok": True}
    after = client.get("/api/play/host").json()
    assert after["players"][1]["bullets"] == 3 and after["turn"] == "Boris"
    assert after["log"] == before["log"][:-1]
    boris = client.get(f"/api/p/{tokens['Boris']}").json()
    assert boris["me"]["bullets"] == 3 and boris["actions"]


def test_a_wrong_link_gets_a_clear_page() -> None:
    client, state = new_client()
    page = client.get("/p/not-a-token?ui=en")
    assert page.status_code == 404
    assert "This link is not a player's link" in html.unescape(page.text)
    host_game(client, state)
    page = client.get("/p/not-a-token?ui=ru")
    assert page.status_code == 404 and "Это не ссылка игрока" in page.text
    assert "Traceback" not in page.text
    data = client.get("/api/p/not-a-token?ui=en")
    assert data.status_code == 404 and "ask the host" in data.json()["error"].lower()
    assert client.post("/api/p/x/act", json={"kind": "move"}).status_code == 404


def test_new_game_refusals() -> None:
    client, state = new_client()

    def errors(**sent: object) -> list[str]:
        answer = client.post("/api/play/new?ui=en", json={
            "token": state.token, "text": PLAN, "players": "Anya,Boris,Vera", "lang": "en",
            **sent})
        assert answer.status_code == 400
        return answer.json()["errors"]

    assert errors(players="Anya,Boris") == ["Name 3 to 8 players (you named 2)."]
    assert errors(players="Anya,Boris,Anya") == [
        'Two players are called "Anya": give them different names.']
    assert errors(players="Anya Li,Boris,Vera") == [
        '"Anya Li": a name cannot hold spaces, commas, colons or #.']
    bad = errors(text=PLAN.replace("A ", ". "))
    assert bad[0] == "The plan has errors: fix them in the editor first." and len(bad) > 1
    assert errors(lang="xx") == ["The host has no words in this language."]
    forged = client.post("/api/play/new", json={"token": "x", "text": PLAN, "players": "A,B,C"})
    assert forged.status_code == 403


def test_lan_guard_lets_other_computers_reach_player_pages_only() -> None:
    lan = "192.0.2.7"
    local, state = new_client(lan, client=(lan, 5000))
    tokens = host_game(local, state)
    phone = TestClient(local.app, base_url=f"http://{lan}:{PORT}", client=("192.0.2.50", 6000))
    assert phone.get(f"/p/{tokens['Anya']}").status_code == 200
    assert phone.get(f"/api/p/{tokens['Anya']}").status_code == 200
    assert phone.get("/static/play.js").status_code == 200
    for path in ("/play", "/api/play/host", "/play/download/game.json", "/plan", "/"):
        answer = phone.get(path)
        assert answer.status_code == 403 and "host's computer only" in answer.text, path
    assert local.get("/play").status_code == 200
    # without --lan, the LAN address is not a name of this server
    plain, _ = new_client()
    refused = plain.get("/play", headers={"Host": f"{lan}:{PORT}"})
    assert refused.status_code == 403 and "answers only" in refused.text


def test_qr_code_holds_the_join_link() -> None:
    client, state = new_client()
    tokens = host_game(client, state)
    svg = client.get("/play/qr/0.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.startswith("<svg") and tokens["Anya"] not in svg.text
    assert client.get("/play/qr/3.svg").status_code == 404


def test_lan_address_asks_no_one_and_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The LAN address comes from the system's choice of interface, else the host name's
    addresses; loopback and public addresses are not taken for it."""
    import socket

    from generator.serve.cli import lan_address

    class Probe:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> Probe:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: tuple[str, int]) -> None:
            raise OSError("no network")

    monkeypatch.setattr(socket, "socket", Probe)
    names = {"addresses": ["127.0.1.1"]}
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a: [
        (socket.AF_INET, 0, 0, "", (ip, 0)) for ip in names["addresses"]])
    assert lan_address() is None
    names["addresses"] = ["127.0.1.1", "8.8.8.8", "192.168.1.20"]
    assert lan_address() == "192.168.1.20"


def test_lan_serving_also_listens_on_this_computer(tmp_path: Path) -> None:
    """`serve --lan` binds the LAN address and 127.0.0.1 (a host's browser may say
    localhost); if the port is taken on either, nothing stays bound."""
    import socket

    from generator.serve.cli import listening

    sockets = listening(["127.0.0.1", "127.0.0.2"], 0)  # any free port on the first
    port = sockets[0].getsockname()[1]
    for sock in sockets:
        sock.close()
    sockets = listening(["127.0.0.1", "127.0.0.2"], port)
    try:
        assert [s.getsockname() for s in sockets] == [("127.0.0.1", port), ("127.0.0.2", port)]
        for sock in sockets:
            sock.listen()
        for host in ("127.0.0.1", "127.0.0.2"):
            with socket.create_connection((host, port), timeout=5):
                pass
        with pytest.raises(OSError):  # in use: the first address is let go again
            listening(["127.0.0.3", "127.0.0.2"], port)
        with socket.socket() as again:
            again.bind(("127.0.0.3", port))
    finally:
        for sock in sockets:
            sock.close()

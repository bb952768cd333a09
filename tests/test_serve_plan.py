"""The plan editor's server side (`/plan`, `/api/plan/*`) over plain HTTP: verdicts, places."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.plan.checker.check import check_plan
from generator.serve.app import make_app
from generator.serve.engine import Folders
from generator.serve.planviews import MAX_PLAN, place_at
from generator.serve.state import State

from conftest import run_cli

PORT = 8766
PLANS = Path(__file__).parent / "fixtures" / "plans"


@pytest.fixture
def state() -> State:
    return State(Folders(None, None))


@pytest.fixture
def client(state: State) -> TestClient:
    return TestClient(make_app(state, PORT), base_url=f"http://127.0.0.1:{PORT}")


def post(client: TestClient, text: str, token: str, ui: str = "en") -> dict:
    answer = client.post(f"/api/plan/check?ui={ui}", content=json.dumps(
        {"text": text, "token": token}), headers={"Content-Type": "application/json"})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_the_check_is_plan_check_json_plus_places(client: TestClient, state: State) -> None:
    path = PLANS / "bad_river_wall.txt"
    _, out, _ = run_cli("plan", "check", "--format", "json", "--lang", "en", str(path))
    cli = json.loads(out)[0]
    got = post(client, path.read_text(encoding="utf-8"), state.token)
    assert [{k: v for k, v in p.items() if k != "places"} for p in got["problems"]] \
        == cli["problems"]
    assert got["valid"] is False and (got["rows"], got["cols"]) == (4, 5)
    assert got["problems"][0]["places"] == ["B2", "B3", "B2-bottom"]
    russian = post(client, path.read_text(encoding="utf-8"), state.token, "ru")
    assert russian["problems"][0]["message"] == check_plan(
        path.read_text(encoding="utf-8"), "plan.txt", "ru").problems[0].message


def test_places_name_the_cells_and_edges_at_a_line_and_column() -> None:
    text = "# note\n+--+--+\n|.  . |\n+  +--+\n|.  .  \n+--+--+\n"
    assert place_at(text, 3, 2) == "A1"
    assert place_at(text, 3, 5) == "B1"
    assert place_at(text, 3, 4) == "A1-right"
    assert place_at(text, 3, 1) == "A1-left"
    assert place_at(text, 3, 7) == "B1-right"
    assert place_at(text, 2, 2) == "A1-top"
    assert place_at(text, 4, 5) == "B1-bottom"
    assert place_at(text, 6, 2) == "A2-bottom"
    assert place_at(text, 4, 1) is None  # a corner
    assert place_at(text, 1, 1) is None  # the comment
    assert place_at("no grid", 1, 1) is None


def test_the_check_wants_the_token_and_a_small_body(client: TestClient) -> None:
    answer = client.post("/api/plan/check", content=json.dumps({"text": "+--+"}))
    assert answer.status_code == 403
    assert "did not come from this server's page" in answer.json()["error"]
    big = json.dumps({"text": "#" * MAX_PLAN, "token": "x"})
    assert client.post("/api/plan/check", content=big).status_code == 413
    assert client.post("/api/plan/check", content=b"[1").status_code == 400
    foreign = client.post("/api/plan/check", content=b"{}", headers={"Host": "evil.example"})
    assert foreign.status_code == 403


def test_a_random_plan_is_plan_randoms(client: TestClient) -> None:
    got = client.get("/api/plan/random?rows=5&cols=6&seed=7&ui=en").json()["text"]
    _, cli, _ = run_cli("plan", "random", "--rows", "5", "--cols", "6", "--seed", "7",
                        "--lang", "en")
    assert got == cli
    bad = client.get("/api/plan/random?rows=1&ui=en")
    assert bad.status_code == 400 and "rows" in bad.json()["error"]
    assert client.get("/api/plan/random?seed=x").status_code == 400


def test_explain_gives_the_rules_text(client: TestClient) -> None:
    got = client.get("/api/plan/explain/river-wall?ui=en").json()["text"]
    assert got == run_cli("plan", "check", "--explain", "river-wall", "--lang", "en")[1]
    assert client.get("/api/plan/explain/nothing").status_code == 404


def test_the_page_has_its_hooks_and_the_token(client: TestClient, state: State) -> None:
    html = client.get("/plan?ui=en").text
    for hook in ('data-role="plan-import"', 'data-action="import"', 'data-role="verdict"',
                 'data-action="export-text"', f'data-token="{state.token}"'):
        assert hook in html
    assert "Редактор плана" in client.get("/plan?ui=ru").text


def test_the_sheets_are_plan_print_and_plan_sheets_pdfs(client: TestClient, state: State,
                                                        tmp_path: Path) -> None:
    text = (PLANS / "spec_example.txt").read_text(encoding="utf-8")
    (tmp_path / "plan.txt").write_text(text, encoding="utf-8")
    for kind, command in (("host", "print"), ("players", "sheets")):
        answer = client.post("/api/plan/print?ui=en", content=json.dumps(
            {"text": text, "token": state.token, "kind": kind, "paper": "a4"}))
        assert answer.status_code == 200, answer.text
        assert answer.headers["content-type"] == "application/pdf"
        out = tmp_path / f"{kind}.pdf"
        code, _, err = run_cli("plan", command, str(tmp_path / "plan.txt"), "--lang", "en",
                               "--out", str(out))
        assert code == 0, err
        assert answer.content == out.read_bytes()
    broken = (PLANS / "bad_river_wall.txt").read_text(encoding="utf-8")
    refused = client.post("/api/plan/print?ui=en", content=json.dumps(
        {"text": broken, "token": state.token, "kind": "host"}))
    assert refused.status_code == 400
    assert refused.json()["problems"] == [
        "error[river-wall]: add a wall between B2 and B3: they belong to different rivers"]

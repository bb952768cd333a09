"""The plan editor's photo upload (`/api/plan/scan`): what `plan scan` reads, over HTTP."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import numpy as np
import pytest

with warnings.catch_warnings():  # Starlette 1.x asks for httpx2 and still works with httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from generator.plan.checker.check import load_plan, read_source
from generator.plan.form.draw import Pen, write_form
from generator.plan.form.layout import layout
from generator.plan.form.synth import Camera, photograph, render
from generator.serve.app import make_app
from generator.serve.engine import Folders
from generator.serve.planscan import doubt_places
from generator.serve.state import State

from conftest import run_cli

PORT = 8767
PLANS = Path(__file__).parent / "fixtures" / "plans"
FAINT = Pen(fill=0.32)  # boxes filled a third: neither clean nor marked


def photo_of(folder: Path, plan: str, camera: Camera, pen: Pen | None = None,
             lang: str = "en") -> Path:
    """A software photo of a form filled with a fixture plan (as tests/plan/test_plan_scan)."""
    original, _ = load_plan(read_source(PLANS / plan), plan)
    pdf = folder / f"{Path(plan).stem}-form.pdf"
    write_form(pdf, layout(original.rows, original.cols), lang, original, pen)
    photo = folder / f"{Path(plan).stem}{'-faint' if pen else ''}.jpg"
    photo.write_bytes(photograph(render(pdf, 110), camera, np.random.default_rng(7)))
    return photo


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("photos")
    return {"clear": photo_of(folder, "valid_holes.txt", Camera(rotate=197, tilt_x=18)),
            "faint": photo_of(folder, "valid_upstream.txt", Camera(rotate=30), FAINT)}


@pytest.fixture
def state() -> State:
    return State(Folders(None, None))


@pytest.fixture
def client(state: State) -> TestClient:
    return TestClient(make_app(state, PORT), base_url=f"http://127.0.0.1:{PORT}")


def upload(client: TestClient, data: bytes, token: str, ui: str = "en"):  # type: ignore
    return client.post(f"/api/plan/scan?ui={ui}", content=data,
                       headers={"X-Token": token, "Content-Type": "application/octet-stream"})


def cli_scan(photo: Path, lang: str) -> dict:
    _, out, _ = run_cli("plan", "scan", str(photo), "--format", "json", "--lang", lang)
    return json.loads(out)[0]


def test_a_photo_gives_the_plan_plan_scan_reads(client: TestClient, state: State,
                                                photos: dict[str, Path]) -> None:
    answer = upload(client, photos["clear"].read_bytes(), state.token)
    assert answer.status_code == 200, answer.text
    got = answer.json()
    assert got["plan"] == ("+--+--+--+--+\n|.  A  . |X2\n+  +  +  +--+\n|.  X1 .  H |\n"
                           "+  +  +  +  +\n|T+ .  .  . |\n+  +  +  +  +\n|.  .  T- . |\n"
                           "+--+--+--+--+\n")
    assert got["unclear"] == [] and got["check"]["valid"] is True
    cli = cli_scan(photos["clear"], "en")
    assert got["plan"] == cli["plan"]
    assert [{k: v for k, v in p.items() if k != "places"} for p in got["check"]["problems"]] \
        == cli["check"]["problems"]


def test_an_uncertain_photo_lists_its_unclear_marks(client: TestClient, state: State,
                                                    photos: dict[str, Path]) -> None:
    for lang in ("en", "ru"):
        answer = upload(client, photos["faint"].read_bytes(), state.token, lang)
        assert answer.status_code == 200, answer.text
        got = answer.json()
        cli = cli_scan(photos["faint"], lang)
        assert got["plan"] == cli["plan"]
        assert [(u["cells"], u["message"]) for u in got["unclear"]] \
            == [(u["cells"], u["message"]) for u in cli["unclear"]]
        assert got["unclear"], "the faint photo has unclear marks"
        for item in got["unclear"]:
            assert item["places"] and all(p[0] in "ABCDEFGHIJKL" for p in item["places"])
    assert any(u["message"].startswith("cell ") and "unclear (" in u["message"]
               for u in upload(client, photos["faint"].read_bytes(),
                               state.token).json()["unclear"])


def test_a_doubt_names_its_cell_or_edge() -> None:
    assert doubt_places(((1, 2),), "direction", "right") == ["C2"]
    assert doubt_places(((1, 2), (1, 3)), "wall", "right") == ["C2-right"]
    assert doubt_places(((2, 2), (1, 2)), "swamp-both", "") == ["C2-bottom"]
    assert doubt_places(((0, 0),), "frame", "left") == ["A1-left"]
    assert doubt_places(((1, 1),), "swamp", "top") == ["B1-bottom"]
    assert doubt_places(((1, 1),), "swamp", "left") == ["A2-right"]


@pytest.mark.parametrize("ui, message", [
    ("en", "not an image (JPEG, PNG, WebP…): give a photo of the form"),
    ("ru", "это не изображение (JPEG, PNG, WebP…): сфотографируйте бланк"),
])
def test_a_file_that_is_not_an_image_gets_plan_scans_message(client: TestClient, state: State,
                                                             ui: str, message: str) -> None:
    for data in (b"+--+--+\n|.  . |\n+--+--+\n", b""):
        answer = upload(client, data, state.token, ui)
        assert answer.status_code == 400
        assert answer.json() == {"error": message}


def test_a_white_picture_has_no_markers(client: TestClient, state: State) -> None:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (800, 600), 250).save(buffer, format="PNG")
    answer = upload(client, buffer.getvalue(), state.token)
    assert answer.status_code == 400
    assert answer.json() == {"error": "no corner marker of the form found: photograph the "
                                      "whole form in good light"}


def test_the_upload_wants_the_token_and_at_most_25_mb(client: TestClient, state: State) -> None:
    refused = upload(client, b"x", "wrong")
    assert refused.status_code == 403
    assert "did not come from this server's page" in refused.json()["error"]
    too_big = upload(client, b"\0" * (25 * 1024 * 1024 + 1), state.token)
    assert too_big.status_code == 413
    assert too_big.text == "Refused: the photo is larger than 25 MB."
    # the other addresses keep the 64 KB limit of a form
    big_check = client.post("/api/plan/check", content=b"x" * (65 * 1024))
    assert big_check.status_code == 413 and "form is larger than 64 KB" in big_check.text


def test_the_page_offers_a_photo_and_the_camera(client: TestClient) -> None:
    html = client.get("/plan?ui=en").text
    assert '<input type="file" data-action="import-photo" accept="image/*">' in html
    assert ('<input type="file" data-action="take-photo" accept="image/*" '
            'capture="environment">') in html
    assert 'data-role="photo-drop"' in html and 'data-role="unclear"' in html
    for picture in ("arsenal", "medpost", "real", "false", "river", "mouth", "hole", "swamp",
                    "exit"):
        assert f'<symbol id="pic-{picture}" viewBox="0 0 100 100">' in html
    assert "<!--" not in html.split('<symbol id="pic-arsenal"', 1)[1].split("</symbol>", 1)[0]

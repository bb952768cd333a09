"""`plan form` → fill → rasterise → photograph in software → `plan scan` gives the plan back."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from generator.plan.checker.check import check_plan, load_plan, read_source
from generator.plan.commands.cli import plan as plan_group
from generator.plan.form.draw import Pen, write_form
from generator.plan.form.layout import layout
from generator.plan.form.marks import plan_key
from generator.plan.form.scan import read_photo
from generator.plan.form.synth import Camera, photograph, render
from generator.plan.text.gridtext import write_grid

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "plans"
UNREADABLE = {"bad_cell_code.txt", "bad_size.txt", "bad_syntax_misaligned.txt"}
PLANS = sorted(p for p in FIXTURES.glob("*.txt") if p.name not in UNREADABLE)
DISTORTIONS = [
    Camera(rotate=90),
    Camera(rotate=197, tilt_x=18, fill=0.8),
    Camera(rotate=-8, tilt_y=-22, fill=0.9, curl=3),
    Camera(rotate=3, blur=1.4),
    Camera(rotate=265, noise=8, jpeg=40),
    Camera(rotate=12, light=0.45, shadow=0.45),
    Camera(rotate=180, tilt_x=-10, tilt_y=12, blur=0.8, noise=5, light=0.3, shadow=0.3,
           jpeg=60, curl=4),
]


def _photo(tmp_path: Path, the_plan, camera: Camera, name: str = "photo.jpg",  # type: ignore
           pen: Pen | None = None, dpi: float = 110, qr_text: str | None = None,
           size: tuple[int, int] | None = None) -> Path:
    rows, cols = size or (the_plan.rows, the_plan.cols)
    pdf = tmp_path / "form.pdf"
    write_form(pdf, layout(rows, cols), "ru", the_plan, pen, qr_text=qr_text)
    photo = tmp_path / name
    photo.write_bytes(photograph(render(pdf, dpi), camera, np.random.default_rng(7)))
    return photo


def _errors(text: str, file: str) -> list[str]:
    return sorted({p.rule for p in check_plan(text, file, "en").problems
                   if p.severity == "error"})


@pytest.mark.parametrize("index", range(len(PLANS)), ids=[p.stem for p in PLANS])
def test_every_fixture_plan_survives_the_form_and_a_photo(tmp_path: Path, index: int) -> None:
    path = PLANS[index]
    original, _ = load_plan(read_source(path), str(path))
    camera = DISTORTIONS[index % len(DISTORTIONS)]
    reading = read_photo(_photo(tmp_path, original, camera), "ru")
    assert reading.doubts == []
    assert plan_key(reading.plan) == plan_key(original)
    # the reader's plan breaks the same rules as the typed one
    assert _errors(write_grid(reading.plan), "scan") == _errors(path.read_text("utf-8"), "f")


@pytest.mark.parametrize("camera", DISTORTIONS)
def test_a_sloppy_pen_is_still_read_under_every_distortion(tmp_path: Path, camera) -> None:
    original, _ = load_plan(read_source(FIXTURES / "valid_swamps.txt"), "p")
    pen = Pen(width=0.35, ink=0.75, fill=0.62, overshoot=1.4, wobble=0.3, gap=0.4)
    reading = read_photo(_photo(tmp_path, original, camera, pen=pen), "en")
    assert reading.doubts == []
    assert plan_key(reading.plan) == plan_key(original)


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(plan_group, list(args))


@pytest.mark.parametrize("command", ["form", "scan"])
def test_both_commands_have_help(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0 and "Usage:" in result.output and len(result.output) > 300


def test_scan_prints_the_plan_then_the_check(tmp_path: Path) -> None:
    original, _ = load_plan(read_source(FIXTURES / "valid_holes.txt"), "p")
    photo = _photo(tmp_path, original, DISTORTIONS[1])
    overlay = tmp_path / "over.png"
    result = run("scan", str(photo), "--lang", "en", "--overlay", str(overlay))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:9] == ["+--+--+--+--+", "|.  A  . |X2", "+  +  +  +--+", "|.  X1 .  H |",
                         "+  +  +  +  +", "|T+ .  .  . |", "+  +  +  +  +",
                         "|.  .  T- . |", "+--+--+--+--+"]
    assert lines[9] == "1 plan checked: 1 valid, 0 with errors (0 errors, 0 warnings)"
    from PIL import Image

    with Image.open(overlay) as img:
        assert img.format == "PNG" and min(img.size) > 500


def test_scan_reports_the_errors_of_a_plan_it_read(tmp_path: Path) -> None:
    original, _ = load_plan(read_source(FIXTURES / "bad_river_merge.txt"), "p")
    photo = _photo(tmp_path, original, DISTORTIONS[0])
    result = run("scan", str(photo), "--lang", "en", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data[0]["unclear"] == []
    assert [p["rule"] for p in data[0]["check"]["problems"]] == ["river-merge"]


def test_an_unclear_mark_is_reported_not_guessed(tmp_path: Path) -> None:
    original, _ = load_plan(read_source(FIXTURES / "valid_upstream.txt"), "p")
    faint = Pen(fill=0.32)  # boxes filled a third: neither clean nor marked
    photo = _photo(tmp_path, original, Camera(rotate=30), pen=faint)
    result = run("scan", str(photo), "--lang", "en")
    assert result.exit_code == 1
    unclear = [line for line in result.output.splitlines() if "unclear (" in line]
    assert unclear and all(line.startswith(f"{photo}: cell ") for line in unclear)
    assert "unclear mark(s): fix them on the form" in result.output.splitlines()[-1]


def _sheet_photo(tmp_path: Path, image, name: str = "photo.png") -> Path:  # type: ignore
    from PIL import Image

    path = tmp_path / name
    Image.fromarray(image).save(path)
    return path


@pytest.mark.parametrize("case, message", [
    ("text", "not an image (JPEG, PNG, WebP…): give a photo of the form"),
    ("white", "no corner marker of the form found: photograph the whole form in good light"),
    ("cut", "the bottom-right corner marker is not visible: the corner is cut off or covered; "
            "photograph the whole sheet"),
    ("blank", "the form is blank: no wall traced and no box filled"),
    ("size", "the grid in the photo does not match the 6 × 6 size its QR code gives: the QR "
             "code comes from another form, or the form is damaged; print a new one"),
    ("two", "the top-right, bottom-right corner markers are not visible: the corners are cut "
            "off or covered; photograph the whole sheet"),
])
def test_a_photo_that_cannot_be_read_gets_one_line_and_exit_1(tmp_path: Path, case: str,
                                                              message: str) -> None:
    if case == "text":
        photo = tmp_path / "notes.jpg"
        photo.write_text("a plan, honestly\n", encoding="utf-8")
    elif case == "white":
        photo = _sheet_photo(tmp_path, np.full((600, 800), 230, np.uint8))
    elif case == "cut":
        pdf = tmp_path / "form.pdf"
        write_form(pdf, layout(4, 4), "ru")
        sheet = render(pdf, 100)
        h, w = sheet.shape
        ys, xs = np.mgrid[0:h, 0:w]
        sheet[xs / w + ys / h > 1.85] = 90  # the corner is folded away (the table shows)
        photo = _sheet_photo(tmp_path, sheet)
    elif case == "two":
        pdf = tmp_path / "form.pdf"
        write_form(pdf, layout(4, 4), "ru")
        sheet = render(pdf, 100)
        photo = _sheet_photo(tmp_path, sheet[:, : int(sheet.shape[1] * 0.88)])
    elif case == "blank":
        pdf = tmp_path / "form.pdf"
        write_form(pdf, layout(5, 7), "en")
        photo = _sheet_photo(tmp_path, render(pdf, 100))
    else:
        original, _ = load_plan(read_source(FIXTURES / "spec_example.txt"), "p")
        photo = _photo(tmp_path, original, Camera(), qr_text="LPNP-FORM/1/6X6/A4")
    result = run("scan", str(photo), "--lang", "en")
    assert result.exit_code == 1
    assert result.output == f"{photo}: {message}\n"


def test_a_photo_too_big_to_decode_is_refused_in_one_line(tmp_path: Path, monkeypatch) -> None:
    from generator.plan.form import scan

    monkeypatch.setattr(scan, "MAX_PIXELS", 2_000_000)  # 4 MP and more: too big here
    photo = _sheet_photo(tmp_path, np.full((2100, 2100), 200, np.uint8))
    result = run("scan", str(photo), "--lang", "en")
    assert result.exit_code == 1
    assert result.output == f"{photo}: the photo has more than 4 megapixels: scale it down\n"


def test_a_photo_too_coarse_for_its_boxes_is_refused_not_guessed(tmp_path: Path) -> None:
    pdf = tmp_path / "form.pdf"
    write_form(pdf, layout(12, 12), "en")
    photo = _sheet_photo(tmp_path, render(pdf, 50))
    result = run("scan", str(photo), "--lang", "en")
    assert result.exit_code == 1
    assert result.output.startswith(f"{photo}: the photo is too coarse: a box of the form is ")
    assert result.output.endswith(" pixels wide and at least 4.5 are needed; take it closer or at "
                                  "a higher resolution\n")


@pytest.mark.parametrize("env, said", [
    ({"LANG": "C.UTF-8"}, "not an image (JPEG, PNG, WebP…): give a photo of the form"),
    ({"LANG": "ru_RU.UTF-8"}, "это не изображение (JPEG, PNG, WebP…): сфотографируйте бланк")])
def test_scan_speaks_the_system_language_without_lang(tmp_path: Path, monkeypatch, env, said):
    """Like every plan command: --lang, else (no plan to read codes from) the locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    photo = tmp_path / "photo.jpg"
    photo.write_text("hello", encoding="utf-8")
    result = CliRunner().invoke(plan_group, ["scan", str(photo)])
    assert result.exit_code == 1
    assert f"{photo}: {said}" in result.output

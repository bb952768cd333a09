"""`labyrinth-pnp export --format png`: a picture per piece face, cut to its outline."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_cli


def _export_png(tmp_path_factory: pytest.TempPathFactory, lang: str, *options: str) -> Path:
    """Export magic-labyrinth's pieces as PNG in lang; return the folder of the pictures."""
    out = tmp_path_factory.mktemp("png")
    code, _, err = run_cli("export", "magic-labyrinth", "--format", "png", "--lang", lang,
                           *options, "--out", out)
    assert code == 0, err
    return out / "magic-labyrinth" / lang


@pytest.fixture(scope="module")
def magic_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every magic-labyrinth piece in English at a low resolution (the counts, not the art)."""
    return _export_png(tmp_path_factory, "en", "--dpi", "40")


def _manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_every_token_card_and_tile_gets_its_pictures(magic_png):
    pieces = _manifest(magic_png)["pieces"]
    by_kind: dict[str, list[dict]] = {}
    for piece in pieces:
        by_kind.setdefault(piece["kind"], []).append(piece)
    assert len(by_kind["token"]) == 21
    assert all(set(p["files"]) == {"front", "back"} for p in by_kind["token"])
    assert len(by_kind["card"]) == 21
    assert all(set(p["files"]) == {"front", "back"} for p in by_kind["card"])
    assert sum(p["count"] for p in by_kind["tile"] + by_kind["tile-fixed"]) == 50
    assert len(by_kind["tile"]) == 3  # 34 loose tiles are 3 pictures
    assert sorted(p["count"] for p in by_kind["tile"]) == [6, 13, 15]
    assert all(p["count"] == 1 for p in by_kind["token"] + by_kind["card"])
    assert len(list(magic_png.glob("token-*-front.png"))) == 21
    assert len(list(magic_png.glob("formula-*-front.png"))) == 21
    assert by_kind["score-sheet"][0]["sheet"] is True


def test_manifest_names_pieces_in_the_export_language(magic_png):
    pieces = {p["id"]: p for p in _manifest(magic_png)["pieces"]}
    assert pieces["token-1"]["name"] == "Crab Apple"
    assert pieces["token-1"]["description"] == "Ingredient tokens — Magic Labyrinth"
    assert pieces["formula-9"]["name"] == "Secret formula cards"
    wands = [p for p in pieces.values() if p["id"].startswith("wand-")]
    assert len(wands) == 1 and wands[0]["name"] == "Wand" and wands[0]["count"] > 1
    assert wands[0]["ids"][0] == "wand-1"


def test_manifest_lists_exactly_the_files_written(magic_png):
    manifest = _manifest(magic_png)
    listed = {name for p in manifest["pieces"] for name in p["files"].values()}
    on_disk = {p.name for p in magic_png.iterdir()} - {"manifest.json"}
    assert listed == on_disk
    for piece in manifest["pieces"]:
        with Image.open(magic_png / piece["files"]["front"]) as image:
            assert list(image.size) == piece["size_px"]
    assert manifest["dpi"] == 40 and manifest["units"] == "mm"


def test_every_picture_carries_its_resolution(magic_png):
    for path in magic_png.glob("*.png"):
        with Image.open(path) as image:
            assert tuple(round(v) for v in image.info["dpi"]) == (40, 40), path.name
        data = path.read_bytes()
        assert b"pHYs" in data and b"tIME" not in data  # no date: the same bytes each run


@pytest.fixture(scope="module")
def full_size(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every token and formula card at the default 300 dpi."""
    return _export_png(tmp_path_factory, "ru", "--pieces", "token,card")


def test_the_21_tokens_are_295_pixels_round_with_transparent_corners(full_size):
    pictures = sorted(full_size.glob("token-*.png"))
    assert len(pictures) == 42
    for path in pictures:
        with Image.open(path) as image:
            assert image.mode == "RGBA"
            w, h = image.size
            assert abs(w - 295) <= 1 and abs(h - 295) <= 1, path.name
            alpha = image.getchannel("A")
            for corner in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (20, 20)]:
                assert alpha.getpixel(corner) == 0, path.name
            assert alpha.getpixel((w // 2, h // 2)) == 255
            assert alpha.getpixel((w // 2, 3)) == 255  # just inside the cut
            # transparent pixels carry the colour of the piece's edge, not white
            rgb = image.convert("RGB")
            clear = {rgb.getpixel(p) for p in [(0, 0), (w - 1, h - 1), (20, 20)]}
            assert len(clear) == 1 and clear != {(255, 255, 255)}, path.name
            edge = rgb.getpixel((w // 2, 4))
            assert max(abs(a - b) for a, b in zip(edge, clear.pop())) < 40, path.name


def test_the_21_poker_cards_are_744_by_1039_pixels(full_size):
    fronts = sorted(full_size.glob("formula-*-front.png"))
    assert len(fronts) == 21
    for path in [*fronts, full_size / "formula-9-back.png"]:
        with Image.open(path) as image:
            w, h = image.size
            assert abs(w - 744) <= 1 and abs(h - 1039) <= 1, path.name
            assert image.mode == "RGB"
    pieces = {p["id"]: p for p in _manifest(full_size)["pieces"]}
    assert pieces["formula-9"]["size_mm"] == [63.0, 88.0]
    assert pieces["token-14"]["size_mm"] == [25.0, 25.0]


def test_backs_match_their_fronts_in_size(full_size):
    for piece in _manifest(full_size)["pieces"]:
        with Image.open(full_size / piece["files"]["front"]) as front, \
                Image.open(full_size / piece["files"]["back"]) as back:
            assert front.size == back.size


def test_two_exports_are_byte_identical(tmp_path):
    folders = []
    for name in ("a", "b"):
        code, _, err = run_cli("export", "magic-labyrinth", "--format", "png", "--lang", "en",
                               "--part", "tokens", "--dpi", "30", "--out", tmp_path / name)
        assert code == 0, err
        folders.append(tmp_path / name / "magic-labyrinth" / "en")
    names = sorted(p.name for p in folders[0].iterdir())
    assert names == sorted(p.name for p in folders[1].iterdir())
    for name in names:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name

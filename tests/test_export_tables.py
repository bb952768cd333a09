"""`export --format tts` and `--format ttpg`: saved objects and packages for virtual tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from conftest import run_cli

PREFIX = "https://example.org/pnp"


def _export(out: Path, game: str, fmt: str, *extra: str) -> Path:
    code, _, err = run_cli("export", game, "--format", fmt, "--lang", "en", "--dpi", "30",
                           "--out", out, *extra)
    assert code == 0, err
    return out / game / "en"


@pytest.fixture(scope="module")
def magic_tts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _export(tmp_path_factory.mktemp("tts"), "magic-labyrinth", "tts")


def _objects(folder: Path, game: str) -> list[dict]:
    data = json.loads((folder / f"{game}-en.json").read_text(encoding="utf-8"))
    assert isinstance(data["ObjectStates"], list)
    return data["ObjectStates"]


def _local(folder: Path, url: str) -> Path:
    assert url.startswith("file:///"), url
    return Path(url.removeprefix("file://"))


def test_tts_cards_are_one_custom_deck_of_sheets_within_limits(magic_tts):
    decks = [o for o in _objects(magic_tts, "magic-labyrinth") if o["Name"] == "DeckCustom"]
    assert len(decks) == 1
    deck = decks[0]
    assert len(deck["DeckIDs"]) == 21 == len(deck["ContainedObjects"])
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    for sheet in deck["CustomDeck"].values():
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        with Image.open(_local(magic_tts, sheet["FaceURL"])) as image:
            assert image.mode == "RGB"
            assert max(image.size) <= 4096
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0
        assert _local(magic_tts, sheet["BackURL"]).is_file()
    for card_id in deck["DeckIDs"]:
        sheet = deck["CustomDeck"][str(card_id // 100)]
        cells = sheet["NumWidth"] * sheet["NumHeight"]
        assert 0 <= card_id % 100 < cells - 1  # the last cell is the hidden card's
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names == [f"formula-{n}" for n in range(1, 22)]


def test_tts_maze_tiles_are_box_tiles_and_tokens_circle_tiles(magic_tts):
    objects = _objects(magic_tts, "magic-labyrinth")
    manifest_tiles = [o for o in objects if o["Name"] == "Custom_Tile"
                      and o["CustomImage"]["CustomTile"]["Type"] == 0]
    names = {o["Nickname"] for o in manifest_tiles}
    assert sum(1 for n in names if n.startswith(("fixed-", "corner-", "straight-", "t-"))) == 50
    circles = [o for o in objects if o["Name"] == "Custom_Tile"
               and o["CustomImage"]["CustomTile"]["Type"] == 2]
    assert len(circles) == 21
    assert all(o["CustomImage"]["ImageSecondaryURL"].endswith("-back.png") for o in circles)
    tokens = [o for o in objects if o["Name"] == "Custom_Token"]
    assert len(tokens) == 28  # the counters: wands, pawns, markers
    guids = [o["GUID"] for o in objects]
    assert len(set(guids)) == len(guids)
    for o in objects:
        for field in ("ImageURL", "ImageSecondaryURL"):
            url = o.get("CustomImage", {}).get(field)
            if url:
                assert _local(magic_tts, url).is_file()


def test_tts_hex_locations_are_hex_tiles(tmp_path):
    folder = _export(tmp_path, "goblin-slayer", "tts", "--part", "locations")
    objects = _objects(folder, "goblin-slayer")
    assert len(objects) == 9
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in objects} == {1}


def test_tts_export_with_a_url_prefix_is_byte_identical_wherever_written(tmp_path):
    folders = [_export(tmp_path / name, "magic-labyrinth", "tts", "--part", "formulas",
                       "--url-prefix", PREFIX) for name in ("a", "b")]
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*")
                           if p.is_file())
    for name in files:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name
    deck = _objects(folders[0], "magic-labyrinth")[0]
    assert deck["CustomDeck"]["1"]["FaceURL"] == f"{PREFIX}/decks/formula-1-faces.png"


@pytest.mark.parametrize("game", ["magic-labyrinth", "goblin-slayer"])
def test_ttpg_templates_reference_textures_that_exist(tmp_path, game):
    folder = _export(tmp_path, game, "ttpg")
    manifest = json.loads((folder / "Manifest.json").read_text(encoding="utf-8"))
    assert manifest["Name"] and len(manifest["GUID"]) == 32
    templates = sorted((folder / "assets" / "Templates").glob("*.json"))
    assert templates
    textures = folder / "assets" / "Textures"
    count = 0
    for path in templates:
        t = json.loads(path.read_text(encoding="utf-8"))
        assert t["Type"] == "Card" and t["Name"] == path.stem
        assert (textures / t["FrontTexture"]).is_file()
        assert t["BackTexture"] == "" or (textures / t["BackTexture"]).is_file()
        assert len(t["Indices"]) <= t["NumHorizontal"] * t["NumVertical"]
        assert set(t["CardNames"]) == {str(i) for i in t["Indices"]}
        assert t["Model"] in ("Rounded", "Hexagonal")
        with Image.open(textures / t["FrontTexture"]) as image:
            assert max(image.size) <= 4096
        count += len(t["Indices"])
    if game == "magic-labyrinth":
        formula = json.loads((folder / "assets/Templates/formula.json").read_text())
        assert (formula["Width"], formula["Height"]) == (6.3, 8.8)
        assert count == 21 + 21 + 28 + 50 + 2
    else:
        location = [json.loads(p.read_text()) for p in templates
                    if json.loads(p.read_text())["Model"] == "Hexagonal"]
        assert sum(len(t["Indices"]) for t in location) == 9

"""`export --format tts` and `--format ttpg`: saved objects and packages for virtual tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops

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
    """The file a local image URL names: `file:///` and a plain path, nothing encoded."""
    assert url.startswith("file:///"), url
    assert "%" not in url and "\\" not in url, url
    path = Path("/" + url.removeprefix("file:///"))
    assert path.is_file(), url
    return path


def _urls(objects: list[dict]) -> list[str]:
    """Every image URL of the objects, inside bags and decks too."""
    urls = []
    for o in objects:
        image = o.get("CustomImage", {})
        urls += [image[k] for k in ("ImageURL", "ImageSecondaryURL") if image.get(k)]
        for sheet in o.get("CustomDeck", {}).values():
            urls += [sheet["FaceURL"], sheet["BackURL"]]
        urls += _urls(o.get("ContainedObjects", []))
    return urls


def _all(objects: list[dict]) -> list[dict]:
    """The objects and everything they contain."""
    return [x for o in objects for x in [o, *_all(o.get("ContainedObjects", []))]]


def test_tts_cards_are_one_custom_deck_of_sheets_within_limits(magic_tts):
    decks = [o for o in _objects(magic_tts, "magic-labyrinth") if o["Name"] == "DeckCustom"]
    assert len(decks) == 1
    deck = decks[0]
    assert deck["Transform"]["rotZ"] == 180.0  # dealt face down
    assert len(deck["DeckIDs"]) == 21 == len(deck["ContainedObjects"])
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    for sheet in deck["CustomDeck"].values():
        assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
        with Image.open(_local(magic_tts, sheet["FaceURL"])) as image:
            assert image.mode == "RGB"
            assert max(image.size) <= 4096
            assert image.width % sheet["NumWidth"] == 0 and image.height % sheet["NumHeight"] == 0
        _local(magic_tts, sheet["BackURL"])
    for card_id in deck["DeckIDs"]:
        sheet = deck["CustomDeck"][str(card_id // 100)]
        cells = sheet["NumWidth"] * sheet["NumHeight"]
        assert 0 <= card_id % 100 < cells - 1  # the last cell is the hidden card's
    # a face-down card's tooltip must not tell which formula it is
    names = {c["Nickname"] for c in deck["ContainedObjects"]}
    assert names == {"Secret formula cards"}


def test_tts_cards_and_decks_keep_the_hide_when_face_down_default(magic_tts):
    objects = _all(_objects(magic_tts, "magic-labyrinth"))
    assert {o["Name"] for o in objects} >= {"Card", "DeckCustom", "Bag", "Custom_Tile"}
    assert all("HideWhenFaceDown" not in o for o in objects)


def test_tts_tokens_tiles_and_counters_are_in_bags_with_printed_names(magic_tts):
    objects = _objects(magic_tts, "magic-labyrinth")
    bags = {o["Nickname"]: o["ContainedObjects"] for o in objects if o["Name"] == "Bag"
            and o["Nickname"] != "Maze tiles"}
    tokens = bags["Ingredient tokens"]
    assert len(tokens) == 21
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in tokens} == {2}
    assert [o["Nickname"] for o in tokens][:3] == ["Crab Apple", "Pine Cone", "Oak Leaf"]
    assert tokens[0]["Description"] == "Ingredient tokens — Magic Labyrinth"
    counters = bags["Wands, pawns and shift markers"]
    assert len(counters) == 28 and {o["Name"] for o in counters} == {"Custom_Tile"}
    assert {o["CustomImage"]["CustomTile"]["Type"] for o in counters} == {2}
    assert all(o["CustomImage"]["ImageURL"] == o["CustomImage"]["ImageSecondaryURL"]
               for o in counters)
    (loose,) = [o for o in objects if o["Name"] == "Bag" and o["Nickname"] == "Maze tiles"]
    assert len(loose["ContainedObjects"]) == 34
    fixed = {o["Nickname"].rsplit(" ", 1)[-1]: o["Transform"] for o in objects
             if o["Name"] == "Custom_Tile" and re.fullmatch(r"Maze tiles: [A-G][1-7]",
                                                            o["Nickname"])}
    assert len(fixed) == 16  # laid out on their squares, as the rulebook's set-up shows
    assert fixed["A1"]["posX"] < fixed["C1"]["posX"] < fixed["G1"]["posX"]
    assert fixed["A1"]["posZ"] > fixed["A3"]["posZ"] > fixed["A7"]["posZ"]
    assert fixed["C3"]["posX"] - fixed["A3"]["posX"] == pytest.approx(
        fixed["A1"]["posZ"] - fixed["A3"]["posZ"], abs=0.01)
    guids = [o["GUID"] for o in _all(objects)]
    assert len(set(guids)) == len(guids)


def test_tts_images_are_one_file_per_picture_every_one_used(magic_tts):
    urls = _urls(_objects(magic_tts, "magic-labyrinth"))
    used = {_local(magic_tts, url).name for url in urls}
    on_disk = {p.name for p in (magic_tts / "images").iterdir()}
    assert used == on_disk
    assert len(on_disk) < 60  # 21 token fronts, one back, 16 fixed tiles, 3 loose …
    contents = [p.read_bytes() for p in (magic_tts / "images").iterdir()]
    assert len(set(contents)) == len(contents)
    assert {p.name for p in magic_tts.iterdir()} == {
        "images", "magic-labyrinth-en.json", "magic-labyrinth-en.png"}


def test_tts_local_paths_are_plain_in_a_folder_with_a_space_and_cyrillic(tmp_path):
    folder = _export(tmp_path / "Мои игры" / "pnp out", "goblin-slayer", "tts",
                     "--part", "locations")
    objects = _objects(folder, "goblin-slayer")
    for url in _urls(objects):
        assert "/Мои игры/pnp out/goblin-slayer/en/images/" in url
        _local(folder, url)


def test_tts_local_paths_under_wsl_name_the_windows_drive():
    from generator.export.tts import local_url

    assert local_url(Path("/mnt/c/Users/Андрей/My Games/x.png"), wsl=True) == \
        "file:///C:/Users/Андрей/My Games/x.png"
    assert local_url(Path("/home/a b/x.png"), wsl=True) == "file:///home/a b/x.png"
    assert local_url(Path("/mnt/c/x.png"), wsl=False) == "file:///mnt/c/x.png"


def test_ttpg_host_sheets_have_a_plain_back_and_hide_in_a_hand(tmp_path):
    folder = _ttpg(tmp_path, "paper-labyrinth", "--part", "host-sheets")
    host = json.loads((folder / "Templates" / "host.json").read_text(encoding="utf-8"))
    assert (host["BackIndex"], host["HiddenIndex"], host["HiddenInHand"]) == (-2, -3, True)
    assert host["Model"] == "Square" and len(host["Indices"]) == 3
    with Image.open(folder / "Textures" / host["BackTexture"]) as back:
        assert len(back.getcolors()) == 1  # plain: nothing of the plan shows through


def test_tts_locations_are_tokens_cut_to_their_outline_with_a_margin(tmp_path):
    folder = _export(tmp_path, "goblin-slayer", "tts", "--part", "locations")
    objects = _objects(folder, "goblin-slayer")
    assert len(objects) == 9
    assert {o["Name"] for o in objects} == {"Custom_Token"}
    assert objects[0]["Nickname"] == "Snarlsbad Gate"
    with Image.open(_local(folder, objects[0]["CustomImage"]["ImageURL"])) as image:
        assert image.mode == "RGBA"
        alpha = image.getchannel("A")
        w, h = image.size
        assert alpha.getpixel((w // 2, h // 2)) == 255
        assert all(alpha.getpixel((x, 1)) == 0 for x in range(w))  # the margin
        assert alpha.getpixel((6, 6)) == 0  # inside the margin: the box's corner is cut away
        # the zig-zag: about a quarter of the box is outside the 19 hexes
        assert 0.2 < alpha.histogram()[0] / (w * h) < 0.45


def test_tts_host_sheets_are_a_saved_object_of_their_own(tmp_path):
    folder = _export(tmp_path, "paper-labyrinth", "tts")
    shared = _objects(folder, "paper-labyrinth")
    host = json.loads((folder / "paper-labyrinth-en-host.json").read_text(encoding="utf-8"))
    assert [o["Nickname"] for o in shared] == ["Player sheet 1", "Player sheet 2"]
    assert len(host["ObjectStates"]) == 3
    assert all(o["Nickname"].startswith("Host sheets") for o in host["ObjectStates"])
    assert (folder / "paper-labyrinth-en-host.png").is_file()


def test_tts_export_with_a_url_prefix_is_byte_identical_wherever_written(tmp_path):
    folders = [_export(tmp_path / name, "magic-labyrinth", "tts", "--part", "formulas",
                       "--url-prefix", PREFIX) for name in ("a", "b")]
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*")
                           if p.is_file())
    for name in files:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name
    deck = _objects(folders[0], "magic-labyrinth")[0]
    (sheet,) = deck["CustomDeck"].values()
    for url in (sheet["FaceURL"], sheet["BackURL"]):
        assert url.startswith(f"{PREFIX}/images/formula-")
        assert (folders[0] / url.removeprefix(PREFIX + "/")).is_file()


# The fields of a card template in a published package (visnup/arcs-ttpg,
# assets/Templates/campaign/set-round.json), in its order; a mask model adds two.
TTPG_FIELDS = [
    "Type", "GUID", "Name", "Metadata", "CollisionType", "Friction", "Restitution", "Density",
    "SurfaceType", "Roughness", "Metallic", "PrimaryColor", "SecondaryColor", "Flippable",
    "AutoStraighten", "ShouldSnap", "ScriptName", "Blueprint", "Models", "Collision", "Lights",
    "SnapPointsGlobal", "SnapPoints", "ZoomViewDirection", "GroundAccessibility", "Tags",
    "FrontTexture", "BackTexture", "HiddenTexture", "BackIndex", "HiddenIndex",
    "NumHorizontal", "NumVertical", "Width", "Height", "Thickness", "HiddenInHand",
    "UsedWithCardHolders", "CanStack", "UsePrimaryColorForSide",
    "FrontTextureOverrideExposed", "AllowFlippedInStack", "MirrorBack", "EmissiveFront",
    "Model", "Indices", "CardNames", "CardMetadata", "CardTags"]
MASK_FIELDS = ["ShapeAccuracy", "ConvexCollision"]


def _ttpg(tmp_path: Path, game: str, *extra: str) -> Path:
    code, _, err = run_cli("export", game, "--format", "ttpg", "--lang", "en", "--dpi", "30",
                           "--out", tmp_path, *extra)
    assert code == 0, err
    return tmp_path / f"{game}-en"


@pytest.mark.parametrize("game", ["magic-labyrinth", "goblin-slayer"])
def test_ttpg_package_is_laid_out_at_its_root_with_real_template_fields(tmp_path, game):
    folder = _ttpg(tmp_path, game)
    assert {p.name for p in tmp_path.iterdir()} == {f"{game}-en"}
    assert {p.name for p in folder.iterdir()} == {
        "Manifest.json", "Thumbnail.png", "Templates", "Textures", "States"}
    manifest = json.loads((folder / "Manifest.json").read_text(encoding="utf-8"))
    assert manifest["Name"] and re.fullmatch(r"[0-9A-F]{32}", manifest["GUID"])
    with Image.open(folder / "Thumbnail.png") as thumbnail:  # the first piece, filling it
        assert thumbnail.size == (256, 256)
        box = ImageChops.difference(thumbnail.convert("RGB"),
                                    Image.new("RGB", (256, 256), "white")).getbbox()
        assert box is not None and max(box[2] - box[0], box[3] - box[1]) > 240
    templates = sorted((folder / "Templates").glob("*.json"))
    assert templates
    textures = folder / "Textures"
    used = set()
    count = 0
    for path in templates:
        t = json.loads(path.read_text(encoding="utf-8"))
        mask = t["Model"].endswith(".png")
        assert [k for k in t if k not in MASK_FIELDS] == TTPG_FIELDS, path.name
        assert all(k in t for k in MASK_FIELDS) == mask
        assert t["Type"] == "Card" and re.fullmatch(r"[0-9A-F]{32}", t["GUID"])
        for field in ("FrontTexture", "BackTexture", *(["Model"] if mask else [])):
            if t[field]:
                assert (textures / t[field]).is_file(), t[field]
                used.add(t[field])
        cells = t["NumHorizontal"] * t["NumVertical"]
        assert all(0 <= i < cells for i in t["Indices"])
        assert set(t["CardNames"]) == {str(i) for i in t["Indices"]}
        with Image.open(textures / t["FrontTexture"]) as image:
            assert max(image.size) <= 4096
            shape = "round" if image.mode == "RGBA" and not mask else ""
        cards = {"Rounded"} if t["BackTexture"] and t["Thickness"] == 0.05 else set()
        assert t["Model"] in ({"Round"} if shape else {"Square"} | cards | ({t["Model"]} if mask
                                                                             else set()))
        count += len(t["Indices"])
    assert used == {p.name for p in textures.iterdir()}
    _check_state(folder, game, manifest["GUID"], templates, count)
    if game == "magic-labyrinth":
        formula = json.loads((folder / "Templates/formula.json").read_text())
        assert (formula["Width"], formula["Height"]) == (6.3, 8.8)
        assert (formula["BackIndex"], formula["HiddenIndex"]) == (-2, -3)
        assert formula["Model"] == "Rounded"
        assert set(formula["CardNames"].values()) == {"Secret formula cards"}
        token = json.loads((folder / "Templates/token.json").read_text())
        assert token["Model"] == "Round" and token["CardNames"]["0"] == "Crab Apple"
        assert count == 21 + 21 + 28 + 50 + 2
        tiles = [json.loads(p.read_text()) for p in templates if p.stem.startswith("tile")]
        assert sum(len(set(t["Indices"])) for t in tiles) == 3  # straight, corner, T
    else:
        location = json.loads((folder / "Templates/location.json").read_text())
        assert location["Model"] == "location-mask.png" and location["ConvexCollision"] is False
        assert len(location["Indices"]) == 9
        assert location["CardNames"]["0"] == "Snarlsbad Gate"


def _check_state(folder: Path, game: str, guid: str, templates: list[Path], count: int
                 ) -> None:
    """The saved state: this package's cards, every one once, on the default table."""
    (path,) = (folder / "States").iterdir()
    assert path.name == f"{game}.vts"
    state = json.loads(path.read_text(encoding="utf-8"))
    assert guid in {p["guid"] for p in state["requiredPackages"]}
    by_guid = {t["GUID"]: t for t in (json.loads(p.read_text()) for p in templates)}
    objects = state["objects"]
    assert objects[0]["objectType"] == "Table"
    cards = [o for o in objects if o["objectType"] == "Card"]
    placed = 0
    for o in cards:
        t = by_guid[o["templateId"]]
        cells = [o["atlasIndex"], *(c["index"] for c in o["stackSerialization"])]
        assert all(c in t["Indices"] for c in cells)
        placed += len(cells)
    assert placed == count
    ids = [o["uniqueId"] for o in objects]
    assert len(set(ids)) == len(ids)
    if game == "magic-labyrinth":  # the 16 fixed tiles on their squares, 11 cm apart
        fixed = sorted((o["transform"]["translation"]["x"], o["transform"]["translation"]["y"])
                       for o in cards if not o["stackSerialization"]
                       and by_guid[o["templateId"]]["Width"] == 4.5)
        assert len(fixed) == 16
        assert sorted({x for x, _ in fixed}) == [-16.5, -5.5, 5.5, 16.5]
        formula = [o for o in cards if by_guid[o["templateId"]]["Height"] == 8.8]
        assert formula[0]["transform"]["rotation"]["w"] == 0  # dealt face down


def test_ttpg_package_guid_differs_by_game_and_language_and_stays(tmp_path):
    guids = {}
    for game, lang in [("goblin-slayer", "en"), ("goblin-slayer", "ru"),
                       ("paper-labyrinth", "en")]:
        code, _, err = run_cli("export", game, "--format", "ttpg", "--lang", lang, "--dpi",
                               "20", "--part", "player-aid" if game == "goblin-slayer"
                               else "player-sheet", "--out", tmp_path)
        assert code == 0, err
        manifest = tmp_path / f"{game}-{lang}" / "Manifest.json"
        guids[game, lang] = json.loads(manifest.read_text(encoding="utf-8"))["GUID"]
    assert len(set(guids.values())) == 3
    assert guids["goblin-slayer", "en"] == "56CF92B0575258E4BD7F2C58B227CF74"


def test_two_ttpg_exports_are_byte_identical(tmp_path):
    folders = [_ttpg(tmp_path / name, "goblin-slayer", "--part", "locations")
               for name in ("a", "b")]
    files = sorted(p.relative_to(folders[0]) for p in folders[0].rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(folders[1]) for p in folders[1].rglob("*")
                           if p.is_file())
    assert len(files) == 6  # manifest, thumbnail, state, template, front sheet, mask
    for name in files:
        assert (folders[0] / name).read_bytes() == (folders[1] / name).read_bytes(), name

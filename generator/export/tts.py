"""`export --format tts`: Tabletop Simulator saved objects per game and language.

OUT/GAME/LANG/GAME-LANG.json (Saved Objects format, the game's shared pieces as one spawn)
and GAME-LANG.png (its thumbnail); for the paper game also GAME-LANG-host.json and .png, the
host's secret sheets as an object of their own, spawned by the host alone; images/ holds one
picture per distinct face, named by its content's hash, and nothing else.

What becomes what (field names checked against public saved objects: docs/exports.md):
- rectangular pieces with a back (formula cards): a DeckCustom, face down; each sheet at
  most 10 × 7 cells and 4096 px a side, its last cell the hidden card (BackIsHidden set);
  CardID = deck key × 100 + cell, the deck key derived from game and language so two
  exports' decks can share a table. Cards and decks keep the program's default of hiding
  a face-down card (no HideWhenFaceDown field);
- round pieces with a back (ingredient tokens): Custom_Tile Type 2 (Circle), in a Bag;
- one-sided pieces of which there are several (maze tiles, counters): in a Bag per kind,
  maze tiles as Custom_Tile Type 0 (Box), counters Type 2 (Circle) with the front on both
  sides: one class of object for every tile and token keeps their sizes in proportion
  (a Custom_Token rests on a size of its own, docs/exports.md);
- Goblin Slayer's 19-hex locations: Custom_Token, cut out along their zig-zag outline (with
  a transparent margin), so that they can be pushed together;
- whole-page sheets (score sheet, player aid, the paper game's sheets): thin Box tiles.
The fixed maze tiles are laid out on their squares as the rulebook's set-up places them (A1
top left, G7 bottom right); everything else lies in rows beside them, or in its bag.
Images are `file:///` and the plain absolute path (forward slashes, nothing percent-encoded),
or `--url-prefix` and the file's path under the export folder.
"""

from __future__ import annotations

import hashlib
import math
import platform
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps

from ..pieces import family
from .faces import ExportOptions, Plan
from .install import install_folder
from .names import HOST_KINDS
from .output import Staging, content_name, save_json, save_png
from .png import merge_copies, write_pieces
from .sheets import Grid, choose_grid, chunks, compose

MM_PER_UNIT = 25.4
TILE_TYPES = {"box": 0, "circle": 2}
CARD_MM = (63.5, 88.9)  # a Tabletop Simulator card at scale 1 (2.5 × 3.5 inches)
BOARD_SIDE = 7  # the magic labyrinth's board: squares A1 (top left) to G7
TOKEN_MARGIN = 4  # transparent pixels around a cut-out token's picture, as the KB advises


def guid(*key: str) -> str:
    """A stable six-hex-digit GUID for a key (the same every export)."""
    return hashlib.sha1("/".join(key).encode()).hexdigest()[:6]


def deck_key(game: str, lang: str) -> int:
    """The first CustomDeck key of a game and language: 100–9099, stable, rarely shared."""
    return 100 + int(hashlib.sha1(f"{game}/{lang}".encode()).hexdigest(), 16) % 9000


def local_url(path: Path, wsl: bool | None = None) -> str:
    """`file:///` and the absolute path as the system spells it, with forward slashes.

    Under Windows' Subsystem for Linux (wsl None: find out), a path on a Windows drive
    (/mnt/c/…) is written as Windows spells it (C:/…), for Tabletop Simulator runs on Windows.
    """
    posix = path.resolve().as_posix()
    if wsl is None:
        wsl = sys.platform == "linux" and "microsoft" in platform.uname().release.lower()
    drive = re.match(r"/mnt/([a-z])(/.*)?$", posix) if wsl else None
    if drive:
        posix = f"{drive[1].upper()}:{drive[2] or '/'}"
    return "file:///" + posix.lstrip("/")


def transform(x: float, z: float, sx: float = 1.0, sz: float = 1.0, flip: bool = False
              ) -> dict[str, float]:
    """A Transform at (x, 1, z); flip turns the object face down."""
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flip else 0.0, "scaleX": round(sx, 4), "scaleY": 1.0,
            "scaleZ": round(sz, 4)}


def base_object(name: str, key: str, entry: dict[str, Any], where: dict[str, float]
                ) -> dict[str, Any]:
    """The fields every saved object carries, named and described in the export's language."""
    return {"GUID": key, "Name": name, "Transform": where, "Nickname": entry["name"],
            "Description": entry["description"], "GMNotes": "",
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "GridProjection": False, "Hands": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


class Writer:
    """Builds one language's saved objects from its pictures (in a scratch folder)."""

    def __init__(self, options: ExportOptions, lang: str, folder: Path, pictures: Path
                 ) -> None:
        self.options, self.lang, self.folder, self.pictures = options, lang, folder, pictures
        self.target = options.out / options.game / lang
        if options.install_root is not None:  # the images the saved object names: installed
            self.target = install_folder("tts", options.install_root, options.game, lang)
        self.row_z = 0.0

    def image(self, path: Path, stem: str) -> str:
        """Put a picture into images/ under its content name; return its URL."""
        name = content_name(path, stem)
        if not (self.folder / "images" / name).exists():
            (self.folder / "images").mkdir(exist_ok=True)
            shutil.copyfile(path, self.folder / "images" / name)
        relative = f"images/{name}"
        if self.options.url_prefix:
            return f"{self.options.url_prefix.rstrip('/')}/{relative}"
        return local_url(self.target / relative)

    def face(self, entry: dict[str, Any], side: str) -> str:
        """The URL of an entry's front or back picture."""
        return self.image(self.pictures / entry["files"][side], f"{family(entry['id'])}-{side}")

    def key(self, *what: str) -> str:
        return guid(self.options.game, self.lang, *what)

    def row(self, count: int, size_mm: list[float], per_row: int = 10
            ) -> list[tuple[float, float]]:
        """Table positions for count pieces laid out in rows below the previous groups."""
        w, h = (v / MM_PER_UNIT for v in size_mm)
        spots = [(i % per_row * (w + 0.3), self.row_z - i // per_row * (h + 0.3))
                 for i in range(count)]
        self.row_z -= math.ceil(count / per_row) * (h + 0.3) + 1.0
        return spots

    def deck(self, entries: list[dict[str, Any]], first_key: int) -> dict[str, Any]:
        """A face-down DeckCustom of the entries (their copies included)."""
        w, h = entries[0]["size_mm"]
        name = family(entries[0]["id"])  # formula-9 → formula
        shared = len({(self.pictures / e["files"]["back"]).read_bytes() for e in entries}) == 1
        (x, z), = self.row(1, entries[0]["size_mm"])
        where = transform(x, z, w / CARD_MM[0], h / CARD_MM[1], flip=True)
        custom: dict[str, Any] = {}
        cards, ids = [], []
        with tempfile.TemporaryDirectory(prefix="labyrinth-tts-") as temp:
            for number, group in enumerate(chunks(entries, 69), first_key):
                with Image.open(self.pictures / group[0]["files"]["front"]) as first:
                    cell_w, cell_h = first.size
                grid = choose_grid(len(group) + 1, cell_w, cell_h, min_cols=2, min_rows=2)
                back_file = self.pictures / group[0]["files"]["back"]
                fronts = [self.pictures / e["files"]["front"] for e in group]
                sheet = Path(temp) / f"{number}-faces.png"
                save_png(compose(fronts, grid, last=back_file), sheet)
                backs = Path(temp) / f"{number}-back.png"
                if shared:
                    save_png(compose([back_file], Grid(1, 1, grid.cell_w, grid.cell_h)), backs)
                else:
                    save_png(compose([self.pictures / e["files"]["back"] for e in group], grid,
                                     last=back_file), backs)
                custom[str(number)] = {
                    "FaceURL": self.image(sheet, f"{name}-faces"),
                    "BackURL": self.image(backs, f"{name}-back"),
                    "NumWidth": grid.cols, "NumHeight": grid.rows, "BackIsHidden": True,
                    "UniqueBack": not shared, "Type": 0}
                for index, entry in enumerate(group):
                    for copy in range(entry["count"]):
                        card = base_object("Card", self.key("card", entry["ids"][copy]), entry,
                                           dict(where))
                        card.update(CardID=number * 100 + index, SidewaysCard=False,
                                    Hands=True, CustomDeck={str(number): custom[str(number)]})
                        cards.append(card)
                        ids.append(number * 100 + index)
        label = {"name": entries[0]["name"], "description": entries[0]["description"]}
        deck = base_object("DeckCustom", self.key("deck", name), label, where)
        deck.update(SidewaysCard=False, DeckIDs=ids, CustomDeck=custom, ContainedObjects=cards)
        return deck

    def tile(self, entry: dict[str, Any], copy: int, shape: str, where: dict[str, float],
             thickness: float = 0.1) -> dict[str, Any]:
        """A Custom_Tile: the front on top, the back (or the front again) below."""
        files = entry["files"]
        tile = base_object("Custom_Tile", self.key("tile", entry["ids"][copy]), entry, where)
        tile["CustomImage"] = {
            "ImageURL": self.face(entry, "front"),
            "ImageSecondaryURL": self.face(entry, "back" if "back" in files else "front"),
            "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomTile": {"Type": TILE_TYPES[shape], "Thickness": thickness,
                           "Stackable": False, "Stretch": True}}
        return tile

    def token(self, entry: dict[str, Any], copy: int, where: dict[str, float]
              ) -> dict[str, Any]:
        """A Custom_Token (a location): one picture, cut out along its transparency."""
        token = base_object("Custom_Token", self.key("token", entry["ids"][copy]), entry, where)
        token["CustomImage"] = {
            "ImageURL": self.image(self.margined(entry), f"{family(entry['id'])}-front"),
            "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomToken": {"Thickness": 0.1, "MergeDistancePixels": 15.0,
                            "StandUp": False, "Stackable": True}}
        return token

    def margined(self, entry: dict[str, Any]) -> Path:
        """The entry's front with TOKEN_MARGIN transparent pixels around it."""
        source = self.pictures / entry["files"]["front"]
        path = source.with_name(f"{source.stem}-margin.png")
        if not path.exists():
            with Image.open(source) as picture:
                rgba = picture.convert("RGBA")
            corner = rgba.getpixel((0, 0))
            canvas = Image.new("RGBA", (rgba.width + 2 * TOKEN_MARGIN,
                                        rgba.height + 2 * TOKEN_MARGIN), corner)
            canvas.paste(rgba, (TOKEN_MARGIN, TOKEN_MARGIN))
            save_png(canvas, path)
        return path

    def pieces(self, entries: list[dict[str, Any]], role: str) -> list[dict[str, Any]]:
        """An object per piece (copies included) of one group, laid out in rows, or on the
        board's squares when every piece names its own (the fixed maze tiles)."""
        count = sum(e["count"] for e in entries)
        cells = [board_cell(i) for e in entries for i in e["ids"]]
        board = None not in cells
        size = BOARD_SIDE * BOARD_SIDE if board else count
        spots = self.row(size, entries[0]["size_mm"], BOARD_SIDE if board else 10)
        order = iter([spots[c] for c in cells if c is not None] if board else spots)
        objects = []
        for entry in entries:
            w, h = (v / MM_PER_UNIT for v in entry["size_mm"])
            for copy in range(entry["count"]):
                x, z = next(order)
                if role == "location":
                    px = entry["size_px"][0]
                    grow = (px + 2 * TOKEN_MARGIN) / px
                    objects.append(self.token(entry, copy, transform(x, z, w * grow, h * grow)))
                else:
                    sheet = role == "sheet"
                    shape = "circle" if role in ("circle", "token") else "box"
                    objects.append(self.tile(entry, copy, shape, transform(x, z, w, h),
                                             0.02 if sheet else 0.1))
        return objects

    def bag(self, entries: list[dict[str, Any]], contents: list[dict[str, Any]]
            ) -> dict[str, Any]:
        """A Bag holding the objects, named after their part."""
        (x, z), = self.row(1, [50.8, 50.8])
        part = entries[0]["description"].split(" — ")[0]
        label = {"name": part, "description": entries[0]["description"]}
        bag = base_object("Bag", self.key("bag", entries[0]["part"], entries[0]["kind"]),
                          label, transform(x, z))
        bag["ContainedObjects"] = contents
        return bag


def board_cell(piece_id: str) -> int | None:
    """The square a piece starts on, read from its id (`fixed-C5`: column C, row 5), as a
    cell of the board in reading order; None for a piece with no square of its own."""
    found = re.fullmatch(r"fixed-([A-G])([1-7])", piece_id)
    if not found:
        return None
    return (int(found[2]) - 1) * BOARD_SIDE + ord(found[1]) - ord("A")


def groups(entries: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The entries by what they become, each group's pieces of one kind, in order."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for e in entries:
        back = "back" in e["files"]
        role = ("sheet" if e["sheet"] else "deck" if e["shape"] == "rect" and back
                else "box" if e["shape"] == "rect" else "location" if e["shape"] == "hex"
                else "circle" if back else "token")
        out.setdefault((role, e["kind"]), []).append(e)
    return [(role, items) for (role, _), items in out.items()]


def saved_object(name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The Saved Objects wrapper around the objects."""
    return {"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {}, "VersionNumber": "",
            "ObjectStates": objects}


def thumbnail(path: Path) -> Image.Image:
    """A 256-pixel square thumbnail of a picture, on white."""
    with Image.open(path) as first:
        thumb = first.convert("RGBA")
    thumb = ImageOps.contain(thumb, (256, 256), Image.Resampling.LANCZOS)  # up or down
    canvas = Image.new("RGB", (256, 256), (255, 255, 255))
    canvas.paste(thumb, ((256 - thumb.width) // 2, (256 - thumb.height) // 2), thumb)
    return canvas


def language_objects(writer: Writer, entries: list[dict[str, Any]], key: int
                     ) -> list[dict[str, Any]]:
    """The saved objects of the entries: decks, bags of several pieces, loose pieces."""
    objects: list[dict[str, Any]] = []
    for role, items in groups(entries):
        if role == "deck":
            objects.append(writer.deck(items, key))
            key += math.ceil(len(items) / 69)
            continue
        pieces = writer.pieces(items, role)
        on_board = all(board_cell(i) is not None for e in items for i in e["ids"])
        if len(pieces) > 1 and role in ("circle", "box", "token") and not on_board:
            objects.append(writer.bag(items, pieces))
        else:
            objects.extend(pieces)
    return objects


def export_tts(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's saved objects and pictures into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(options.out / options.game / lang)
        jobs = [job for job in plan.jobs if job.lang == lang]
        with tempfile.TemporaryDirectory(prefix="labyrinth-tts-") as temp:
            pictures = Path(temp)
            entries = merge_copies(write_pieces(jobs, options.dpi, pictures), pictures)
            writer = Writer(options, lang, folder, pictures)
            name = f"{options.game}-{lang}"
            shared = [e for e in entries if e["kind"] not in HOST_KINDS]
            host = [e for e in entries if e["kind"] in HOST_KINDS]
            key = deck_key(options.game, lang)
            for suffix, chosen in (("", shared), ("-host", host)):
                if not chosen:
                    continue
                objects = language_objects(writer, chosen, key)
                save_json(saved_object(name + suffix, objects), folder / f"{name}{suffix}.json")
                save_png(thumbnail(pictures / chosen[0]["files"]["front"]),
                         folder / f"{name}{suffix}.png")

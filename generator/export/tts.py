"""`export --format tts`: a Tabletop Simulator saved object per game and language.

OUT/GAME/LANG/GAME-LANG.json (Saved Objects format, every piece of the game as one spawn),
GAME-LANG.png (its thumbnail), images/ (a picture per face) and decks/ (card sheets).

What becomes what (field names checked against public saved objects: docs/exports.md):
- rectangular pieces with a back (formula cards): a DeckCustom; each sheet at most 10 × 7
  cells and 4096 px a side, its last cell the hidden card (BackIsHidden is set as well);
  CardID = deck key × 100 + cell; DeckIDs lists the cards in deck order;
- rectangular pieces without a back (maze tiles): Custom_Tile, Type 0 (Box);
- hex locations: Custom_Tile, Type 1 (Hex); round pieces with a back: Type 2 (Circle);
- round pieces without a back (counters): Custom_Token, cut out by the picture's alpha;
- whole-page sheets (score sheet, player aid, the paper game's sheets): thin Box tiles.
Positions lay the groups out in rows; sizes assume 1 table unit = 1 inch at scale 1.
"""

from __future__ import annotations

import hashlib
import math
from pathlib import Path
from typing import Any

from PIL import Image

from ..pieces import family
from .faces import ExportOptions, Plan
from .output import Staging, save_json, save_png
from .png import write_pieces
from .sheets import Grid, choose_grid, chunks, compose

MM_PER_UNIT = 25.4
TILE_TYPES = {"box": 0, "hex": 1, "circle": 2}
CARD_MM = (63.5, 88.9)  # a Tabletop Simulator card at scale 1 (2.5 × 3.5 inches)


def guid(*key: str) -> str:
    """A stable six-hex-digit GUID for a key (the same every export)."""
    return hashlib.sha1("/".join(key).encode()).hexdigest()[:6]


def transform(x: float, z: float, sx: float = 1.0, sz: float = 1.0, flip: bool = False
              ) -> dict[str, float]:
    """A Transform at (x, 1, z); flip turns the object face down."""
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flip else 0.0, "scaleX": round(sx, 4), "scaleY": 1.0,
            "scaleZ": round(sz, 4)}


def base_object(name: str, key: str, nickname: str, where: dict[str, float]) -> dict[str, Any]:
    """The fields every saved object carries."""
    return {"GUID": key, "Name": name, "Transform": where, "Nickname": nickname,
            "Description": "", "GMNotes": "", "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
            "Locked": False, "Grid": True, "Snap": True, "IgnoreFoW": False,
            "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
            "Sticky": True, "Tooltip": True, "GridProjection": False,
            "HideWhenFaceDown": False, "Hands": False, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": ""}


class Writer:
    """Builds one language's saved object from its pictures."""

    def __init__(self, options: ExportOptions, lang: str, folder: Path) -> None:
        self.options, self.lang, self.folder = options, lang, folder
        self.target = options.out / options.game / lang
        self.objects: list[dict[str, Any]] = []
        self.row_z = 0.0

    def url(self, relative: str) -> str:
        """Where Tabletop Simulator finds a file: under --url-prefix, or a file:/// path."""
        if self.options.url_prefix:
            return f"{self.options.url_prefix.rstrip('/')}/{relative}"
        return (self.target / relative).resolve().as_uri()

    def key(self, *what: str) -> str:
        return guid(self.options.game, self.lang, *what)

    def row(self, entries: list[dict[str, Any]], per_row: int = 10) -> list[tuple[float, float]]:
        """Table positions for a group laid out in rows below the previous groups."""
        w, h = (v / MM_PER_UNIT for v in entries[0]["size_mm"])
        spots = [(i % per_row * (w + 0.3), self.row_z - i // per_row * (h + 0.3))
                 for i in range(len(entries))]
        self.row_z -= math.ceil(len(entries) / per_row) * (h + 0.3) + 1.0
        return spots

    def deck(self, entries: list[dict[str, Any]], first_key: int) -> int:
        """Add a DeckCustom of the entries; return the next free deck key."""
        w, h = entries[0]["size_mm"]
        name = family(entries[0]["id"])  # formula-9 → formula
        backs = {(self.folder / e["files"]["back"]).read_bytes() for e in entries}
        shared = len(backs) == 1
        custom: dict[str, Any] = {}
        cards, ids = [], []
        (x, z), = self.row(entries[:1])
        where = transform(x, z, w / CARD_MM[0], h / CARD_MM[1], flip=True)
        for number, group in enumerate(chunks(entries, 69), first_key):
            with Image.open(self.folder / group[0]["files"]["front"]) as first:
                cell_w, cell_h = first.size
            grid = choose_grid(len(group) + 1, cell_w, cell_h, min_cols=2, min_rows=2)
            back_file = self.folder / group[0]["files"]["back"]
            fronts = [self.folder / e["files"]["front"] for e in group]
            face = f"decks/{name}-{number}-faces.png"
            save_png(compose(fronts, grid, last=back_file), self.folder / face)
            back = f"decks/{name}-{number}-back.png"
            if shared:
                one = Grid(1, 1, grid.cell_w, grid.cell_h)
                save_png(compose([back_file], one), self.folder / back)
            else:
                backs_list = [self.folder / e["files"]["back"] for e in group]
                save_png(compose(backs_list, grid, last=back_file), self.folder / back)
            custom[str(number)] = {"FaceURL": self.url(face), "BackURL": self.url(back),
                                   "NumWidth": grid.cols, "NumHeight": grid.rows,
                                   "BackIsHidden": True, "UniqueBack": not shared, "Type": 0}
            for index, entry in enumerate(group):
                card_id = number * 100 + index
                card = base_object("Card", self.key("card", entry["id"]), entry["id"],
                                   dict(where))
                card.update(CardID=card_id, SidewaysCard=False, Hands=True,
                            CustomDeck={str(number): custom[str(number)]})
                cards.append(card)
                ids.append(card_id)
            last = number
        deck = base_object("DeckCustom", self.key("deck", name), name, where)
        deck.update(SidewaysCard=False, DeckIDs=ids, CustomDeck=custom, ContainedObjects=cards)
        self.objects.append(deck)
        return last + 1

    def tiles(self, entries: list[dict[str, Any]], shape: str, thickness: float = 0.1) -> None:
        """Add a Custom_Tile per entry, its back the bottom image (the front when it has none)."""
        for entry, (x, z) in zip(entries, self.row(entries)):
            w, h = (v / MM_PER_UNIT for v in entry["size_mm"])
            files = entry["files"]
            tile = base_object("Custom_Tile", self.key("tile", entry["id"]), entry["id"],
                               transform(x, z, w, h))
            tile["CustomImage"] = {
                "ImageURL": self.url(files["front"]),
                "ImageSecondaryURL": self.url(files.get("back", files["front"])),
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": TILE_TYPES[shape], "Thickness": thickness,
                               "Stackable": False, "Stretch": True}}
            self.objects.append(tile)

    def tokens(self, entries: list[dict[str, Any]]) -> None:
        """Add a Custom_Token per entry: one picture, cut out along its transparency."""
        for entry, (x, z) in zip(entries, self.row(entries)):
            w, h = (v / MM_PER_UNIT for v in entry["size_mm"])
            token = base_object("Custom_Token", self.key("token", entry["id"]), entry["id"],
                                transform(x, z, w, h))
            token["CustomImage"] = {
                "ImageURL": self.url(entry["files"]["front"]), "ImageSecondaryURL": "",
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomToken": {"Thickness": 0.1, "MergeDistancePixels": 15.0,
                                "StandUp": False, "Stackable": True}}
            self.objects.append(token)


def groups(entries: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The entries by what they become, each group's pieces of one kind, in order."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for e in entries:
        back = "back" in e["files"]
        role = ("sheet" if e["sheet"] else "deck" if e["shape"] == "rect" and back
                else "box" if e["shape"] == "rect" else "hex" if e["shape"] == "hex"
                else "circle" if back else "token")
        out.setdefault((role, e["kind"]), []).append(e)
    return [(role, items) for (role, _), items in out.items()]


def saved_object(name: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """The Saved Objects wrapper around the objects."""
    return {"SaveName": name, "GameMode": "", "Date": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "TabStates": {}, "VersionNumber": "",
            "ObjectStates": objects}


def export_tts(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's saved object, pictures and sheets into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(options.out / options.game / lang)
        jobs = [job for job in plan.jobs if job.lang == lang]
        entries = write_pieces(jobs, options.dpi, folder, prefix="images/")
        writer = Writer(options, lang, folder)
        deck_key = 1
        for role, items in groups(entries):
            if role == "deck":
                deck_key = writer.deck(items, deck_key)
            elif role == "token":
                writer.tokens(items)
            else:
                writer.tiles(items, "box" if role == "sheet" else role,
                             0.02 if role == "sheet" else 0.1)
        name = f"{options.game}-{lang}"
        save_json(saved_object(name, writer.objects), folder / f"{name}.json")
        with Image.open(folder / entries[0]["files"]["front"]) as first:
            thumb = first.convert("RGBA")
        thumb.thumbnail((256, 256), Image.Resampling.LANCZOS)
        canvas = Image.new("RGB", (256, 256), (255, 255, 255))
        canvas.paste(thumb, ((256 - thumb.width) // 2, (256 - thumb.height) // 2), thumb)
        save_png(canvas, folder / f"{name}.png")

"""`export --format ttpg`: a Tabletop Playground package folder per game and language.

OUT/GAME-LANG/ is the package, laid out as Tabletop Playground reads it (docs/exports.md):
Manifest.json (name, version, a GUID derived from game and language: the same every export,
different for every game and language), Thumbnail.png, Textures/NAME-front.png (and
NAME-back.png, NAME-mask.png) and Templates/NAME.json, all at the package's root. One card
template per group of pieces of one part, kind, shape, size and sidedness, its distinct
pictures on one texture sheet (NumHorizontal × NumVertical, at most 4096 px a side) and
`Indices` naming a cell once per copy (13 straight maze tiles: one cell, 13 indices). Names
are the pieces' printed names in the package's language. Model: `Round` for round pieces,
`Rounded` for playing cards, `Square` for tiles and sheets, and for the 19-hex locations an
alpha mask of their outline (`ShapeAccuracy`, `ConvexCollision` false: the outline is
concave). The paper game's host sheets get a plain back and hide in a hand, so the host can
keep the plan secret. Field names and values follow a published package, visnup/arcs-ttpg
(docs/exports.md). States/GAME.vts is the table ready to play (generator/export/ttpg_state.py).
"""

from __future__ import annotations

import hashlib
import tempfile
import uuid
from pathlib import Path
from typing import Any

from PIL import Image, ImageOps

from .faces import ExportOptions, Plan, outline_mask
from .names import HOST_KINDS
from .output import Staging, save_json, save_png
from .png import merge_copies, write_pieces
from .sheets import Grid, choose_grid, chunks, compose
from .ttpg_state import state

MAX_CELLS_SIDE = 16
PACKAGE_NAMESPACE = uuid.UUID("6f1c5a52-3d0e-5b7a-9a51-4c1b2e7d8f30")  # labyrinth-pnp's own
MODELS = {"circle": "Round", "rect": "Square"}
THUMBNAIL = 256
PLAIN_BACK = (236, 232, 222)  # the back given to a secret sheet printed one-sided


def ttpg_guid(*key: str) -> str:
    """A stable 32-hex-digit GUID, upper case as Tabletop Playground writes them."""
    return hashlib.md5("/".join(key).encode()).hexdigest().upper()


def package_guid(game: str, lang: str) -> str:
    """The package's GUID: a name-based UUID of game and language (the same every export)."""
    return uuid.uuid5(PACKAGE_NAMESPACE, f"labyrinth-pnp/{game}/{lang}").hex.upper()


def package_folder(out: Path, game: str, lang: str) -> Path:
    """Where a package goes: OUT/GAME-LANG, a folder to copy into the Packages folder."""
    return out / f"{game}-{lang}"


def groups(entries: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Entries of the same part, kind, shape, size and sidedness, in order."""
    out: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for e in entries:
        key = (e["part"], e["kind"], e["shape"], tuple(e["size_mm"]), "back" in e["files"])
        out.setdefault(key, []).append(e)
    return list(out.values())


def group_name(entries: list[dict[str, Any]]) -> str:
    """A piece's id when alone; else the ids' common family (`token`), else their kind."""
    from ..pieces import family

    if len(entries) == 1 and entries[0]["count"] == 1:
        return str(entries[0]["id"])
    families = {family(i) for e in entries for i in e["ids"]}
    return families.pop() if len(families) == 1 else str(entries[0]["kind"])


def thickness_cm(entry: dict[str, Any]) -> float:
    """Card stock for cards, cardboard for tiles and tokens, paper for sheets."""
    if entry["sheet"]:
        return 0.02
    return 0.05 if entry["shape"] == "rect" and "back" in entry["files"] else 0.2


def template(name: str, key: str, entries: list[dict[str, Any]], grid: Grid, front: str,
             back: str, shared_back: bool, mask: str = "") -> dict[str, Any]:
    """A card template of the entries, their faces on `front` (and backs on `back`)."""
    first = entries[0]
    w, h = first["size_mm"]
    has_back = bool(back)
    # -2: one back picture for all; -3: a back sheet in the face sheet's layout; -1: the
    # front mirrored (one-sided pieces)
    back_index = (-2 if shared_back else -3) if has_back else -1
    model: dict[str, Any] = {"Model": MODELS.get(first["shape"], "Hexagonal")}
    if first["shape"] == "rect" and "back" in first["files"] and not first["sheet"]:
        model = {"Model": "Rounded"}  # playing cards: rounded corners
    if mask:
        model = {"Model": mask, "ShapeAccuracy": 10, "ConvexCollision": False}
    return {
        "Type": "Card", "GUID": key, "Name": name, "Metadata": "",
        "CollisionType": "Regular", "Friction": 0.7, "Restitution": 0, "Density": 0.5,
        "SurfaceType": "Cardboard", "Roughness": 1, "Metallic": 0,
        "PrimaryColor": {"R": 255, "G": 255, "B": 255},
        "SecondaryColor": {"R": 0, "G": 0, "B": 0},
        "Flippable": True, "AutoStraighten": False, "ShouldSnap": True, "ScriptName": "",
        "Blueprint": "", "Models": [], "Collision": [], "Lights": [],
        "SnapPointsGlobal": False, "SnapPoints": [],
        "ZoomViewDirection": {"X": 0, "Y": 0, "Z": 0}, "GroundAccessibility": "Nothing",
        "Tags": [first["kind"]],
        "FrontTexture": front, "BackTexture": back, "HiddenTexture": "",
        "BackIndex": back_index, "HiddenIndex": -3 if has_back else -1,
        "NumHorizontal": grid.cols, "NumVertical": grid.rows,
        "Width": round(w / 10, 3), "Height": round(h / 10, 3),
        "Thickness": thickness_cm(first),
        "HiddenInHand": has_back, "UsedWithCardHolders": has_back and first["shape"] == "rect",
        "CanStack": True, "UsePrimaryColorForSide": False,
        "FrontTextureOverrideExposed": False, "AllowFlippedInStack": False,
        "MirrorBack": True, "EmissiveFront": False,
        **model,
        "Indices": [i for i, e in enumerate(entries) for _ in range(e["count"])],
        "CardNames": {str(i): e["name"] for i, e in enumerate(entries)},
        "CardMetadata": {str(i): ",".join(e["ids"]) for i, e in enumerate(entries)},
        "CardTags": {},
    }


def write_group(entries: list[dict[str, Any]], pictures: Path, folder: Path, name: str,
                key: str) -> dict[str, Any]:
    """Write one group's texture sheets and template into the package folder; return it."""
    with Image.open(pictures / entries[0]["files"]["front"]) as first:
        (cell_w, cell_h), mode = first.size, "RGBA" if first.mode == "RGBA" else "RGB"
    grid = choose_grid(len(entries), cell_w, cell_h, max_cols=MAX_CELLS_SIDE,
                       max_rows=MAX_CELLS_SIDE)
    textures = folder / "Textures"
    front = f"{name}-front.png"
    save_png(compose([pictures / e["files"]["front"] for e in entries], grid, mode),
             textures / front)
    back, shared = "", True
    if "back" in entries[0]["files"]:
        backs = [pictures / e["files"]["back"] for e in entries]
        shared = len({b.read_bytes() for b in backs}) == 1
        back = f"{name}-back.png"
        sheet = (compose(backs[:1], Grid(1, 1, grid.cell_w, grid.cell_h), mode) if shared
                 else compose(backs, grid, mode))
        save_png(sheet, textures / back)
    elif entries[0]["kind"] in HOST_KINDS:  # a plain back: the host keeps the plan hidden
        back = f"{name}-back.png"
        save_png(Image.new("RGB", (grid.cell_w, grid.cell_h), PLAIN_BACK), textures / back)
    mask = ""
    if entries[0]["shape"] == "hex":
        mask = f"{name}-mask.png"
        outline = outline_mask("hex", (grid.cell_w, grid.cell_h))
        cut = Image.new("RGBA", outline.size, (255, 255, 255, 0))
        cut.putalpha(outline)
        save_png(cut, textures / mask)
    title = entries[0]["description"].split(" — ")[0]
    made = template(title, key, entries, grid, front, back, shared, mask)
    save_json(made, folder / "Templates" / f"{name}.json")
    return made


def thumbnail(pictures: Path, entries: list[dict[str, Any]]) -> Image.Image:
    """The package's picture: its first piece's front on white, THUMBNAIL px square."""
    with Image.open(pictures / entries[0]["files"]["front"]) as first:
        picture = first.convert("RGBA")
    picture = ImageOps.contain(picture, (THUMBNAIL, THUMBNAIL), Image.Resampling.LANCZOS)
    canvas = Image.new("RGB", (THUMBNAIL, THUMBNAIL), (255, 255, 255))
    canvas.paste(picture, ((THUMBNAIL - picture.width) // 2,
                           (THUMBNAIL - picture.height) // 2), picture)
    return canvas


def export_ttpg(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's package folder into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(package_folder(options.out, options.game, lang))
        jobs = [job for job in plan.jobs if job.lang == lang]
        with tempfile.TemporaryDirectory(prefix="labyrinth-ttpg-") as temp:
            pictures = Path(temp)
            entries = merge_copies(write_pieces(jobs, options.dpi, pictures), pictures)
            names: dict[str, int] = {}
            templates = []
            for group in groups(entries):
                for run in chunks(group, MAX_CELLS_SIDE * MAX_CELLS_SIDE):
                    base = group_name(run)
                    names[base] = names.get(base, 0) + 1
                    name = base if names[base] == 1 else f"{base}-{names[base]}"
                    templates.append(write_group(run, pictures, folder, name,
                                                 ttpg_guid(options.game, lang, name)))
            save_png(thumbnail(pictures, entries), folder / "Thumbnail.png")
        title = f"{jobs[0].game.name(jobs[0].content, lang)} ({lang}, labyrinth-pnp)"
        guid = package_guid(options.game, lang)
        save_json({"Name": title, "Version": "1", "GUID": guid}, folder / "Manifest.json")
        save_json(state(title, guid, templates), folder / "States" / f"{options.game}.vts")

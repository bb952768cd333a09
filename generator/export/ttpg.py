"""`export --format ttpg`: a Tabletop Playground package folder per game and language.

OUT/GAME/LANG/Manifest.json, assets/Textures/NAME-front.png (and NAME-back.png) and
assets/Templates/NAME.json: one card template per group of equal pieces (same part, kind,
size and shape), its cards on one texture sheet (NumHorizontal × NumVertical, at most 4096 px
a side), named by the pieces' ids, sizes in centimetres from the content, Model `Hexagonal`
for hex locations and `Rounded` for everything else. Field names follow public packages
(docs/exports.md); where their meaning is uncertain, the values copy a working package.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image

from .faces import ExportOptions, Plan
from .output import Staging, save_json, save_png
from .png import write_pieces
from .sheets import Grid, choose_grid, chunks, compose

MAX_CELLS_SIDE = 16


def ttpg_guid(*key: str) -> str:
    """A stable 32-hex-digit GUID, upper case as Tabletop Playground writes them."""
    return hashlib.md5("/".join(key).encode()).hexdigest().upper()


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

    if len(entries) == 1:
        return str(entries[0]["id"])
    families = {family(e["id"]) for e in entries}
    return families.pop() if len(families) == 1 else str(entries[0]["kind"])


def thickness_cm(entry: dict[str, Any]) -> float:
    """Card stock for cards, cardboard for tiles and tokens, paper for sheets."""
    if entry["sheet"]:
        return 0.02
    return 0.05 if entry["shape"] == "rect" and "back" in entry["files"] else 0.2


def template(name: str, key: str, entries: list[dict[str, Any]], grid: Grid, front: str,
             back: str, shared_back: bool) -> dict[str, Any]:
    """A card template of the entries, their faces on `front` (and backs on `back`)."""
    first = entries[0]
    w, h = first["size_mm"]
    has_back = bool(back)
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
        "BackIndex": -2 if has_back and shared_back else -1,
        "HiddenIndex": -3 if has_back else -1,
        "NumHorizontal": grid.cols, "NumVertical": grid.rows,
        "Width": round(w / 10, 3), "Height": round(h / 10, 3),
        "Thickness": thickness_cm(first),
        "HiddenInHand": has_back, "UsedWithCardHolders": has_back and first["shape"] == "rect",
        "CanStack": True, "UsePrimaryColorForSide": False,
        "FrontTextureOverrideExposed": False, "AllowFlippedInStack": False,
        "MirrorBack": True, "EmissiveFront": False,
        "Model": "Hexagonal" if first["shape"] == "hex" else "Rounded",
        "Indices": list(range(len(entries))),
        "CardNames": {str(i): e["id"] for i, e in enumerate(entries)},
        "CardMetadata": {}, "CardTags": {},
    }


def write_group(entries: list[dict[str, Any]], pictures: Path, folder: Path, name: str,
                key: str) -> None:
    """Write one group's texture sheets and template into the package folder."""
    with Image.open(pictures / entries[0]["files"]["front"]) as first:
        (cell_w, cell_h), mode = first.size, "RGBA" if first.mode == "RGBA" else "RGB"
    grid = choose_grid(len(entries), cell_w, cell_h, max_cols=MAX_CELLS_SIDE,
                       max_rows=MAX_CELLS_SIDE)
    textures = folder / "assets" / "Textures"
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
    save_json(template(name, key, entries, grid, front, back, shared),
              folder / "assets" / "Templates" / f"{name}.json")


def export_ttpg(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's package folder into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(options.out / options.game / lang)
        jobs = [job for job in plan.jobs if job.lang == lang]
        with tempfile.TemporaryDirectory(prefix="labyrinth-ttpg-") as temp:
            pictures = Path(temp)
            entries = write_pieces(jobs, options.dpi, pictures)
            names: dict[str, int] = {}
            for group in groups(entries):
                for run in chunks(group, MAX_CELLS_SIDE * MAX_CELLS_SIDE):
                    base = group_name(run)
                    names[base] = names.get(base, 0) + 1
                    name = base if names[base] == 1 else f"{base}-{names[base]}"
                    write_group(run, pictures, folder, name,
                                ttpg_guid(options.game, lang, name))
        save_json({"Name": f"labyrinth-pnp {options.game} ({lang})", "Version": "1",
                   "GUID": ttpg_guid(options.game, lang, "package")},
                  folder / "Manifest.json")

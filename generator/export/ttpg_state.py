"""A Tabletop Playground saved state (States/GAME.vts): the game's table, ready to play.

Decisions:
- The state holds the default table (a template of the program's own "General" package) and
  one object per template of the package: a stack of all its cards, side by side in a row,
  face up, except cards with a back (formula cards), which lie face down.
- Where the rulebook's set-up is a fixed arrangement, its pieces lie where it puts them: the
  magic labyrinth's 16 fixed tiles on their squares of the 7 × 7 board (A1 top left).
- Field names and values copy published states: visnup/arcs-ttpg `assets/States/Empty.vts`
  (the wrapper, the table) and templative's generated states (a card stack:
  `stackSerialization`, `atlasIndex`). Units are centimetres, z up; objects start a little
  above the table and settle on it.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

GENERAL = {"name": "General", "guid": "D74C7D5D6745CD565913DAA5FB3E9C93"}
TABLE_TEMPLATE = "D7BC36B74A60E6D1B9553B933D953904"
HEIGHT = 90.0  # cm: just above the default table's top
GAP = 1.0  # cm between pieces
FACE_UP = {"x": 0, "y": 0, "z": 0, "w": 1}
FACE_DOWN = {"x": 1, "y": 0, "z": 0, "w": 0}  # turned over about the x axis
WHITE = {"r": 255, "g": 255, "b": 255, "a": 255}
BLACK = {"r": 0, "g": 0, "b": 0, "a": 255}
SLOTS = 20
PERMISSIONS = ("delete", "objectLibrary", "copyPaste", "cardPeek", "cardExplorer",
               "containerExplorer", "changeOwner", "changeTeam", "editZones", "draw", "ground",
               "throw", "editLabels", "saveGame", "spectators")  # -1: everyone may


def unique_id(*key: str) -> str:
    """A stable object id (the same every export)."""
    return hashlib.sha1("/".join(key).encode()).hexdigest()[:8]


def physical(template_id: str, package: str, where: dict[str, float],
             rotation: dict[str, Any], key: str) -> dict[str, Any]:
    """The fields every object of a state carries."""
    return {
        "transform": {"rotation": rotation, "translation": where,
                      "scale3D": {"x": 1, "y": 1, "z": 1}},
        "simulatingPhysics": True, "primaryColor": WHITE, "secondaryColor": BLACK,
        "metallic": 0, "roughness": 1, "friction": 0.7, "restitution": 0, "density": 0.5,
        "surfaceType": "SurfaceType1", "objectName": "", "objectDescription": "",
        "collisionType": "CB_Regular", "templateId": template_id, "shouldSnap": True,
        "previousPosition": {"x": 0, "y": 0, "z": 0}, "objectScriptPackage": package,
        "objectScriptName": "", "persistentData": "", "persistentKeyData": {},
        "uniqueId": unique_id(key), "drawingLines": [], "objectTags": [],
        "objectGroupId": -1, "ownerIndex": -1, "lightsOn": True, "bCanBeDamaged": False}


def card(template: dict[str, Any], cells: list[int], x: float, y: float, key: str,
         package: str) -> dict[str, Any]:
    """A card, or a stack of cards, of a template, its first cell on top."""
    down = bool(template["BackTexture"]) and template["Thickness"] <= 0.05
    data = physical(template["GUID"], package, {"x": round(x, 3), "y": round(y, 3),
                                                "z": HEIGHT}, FACE_DOWN if down else FACE_UP,
                    key)
    data.update({"objectType": "Card", "atlasIndex": cells[0], "frontTextureOverride": "",
                 "inHand": False,
                 "stackSerialization": [{"index": cell, "templateId": template["GUID"],
                                         "frontTextureOverride": "", "flipped": False}
                                        for cell in cells[1:]]})
    return data


def board_square(name: str) -> tuple[int, int] | None:
    """(column, row) from 0 of a card named after its square (`… A1`), else None."""
    found = re.search(r"\b([A-G])([1-7])$", name)
    return (ord(found[1]) - ord("A"), int(found[2]) - 1) if found else None


def layout(templates: list[dict[str, Any]], package: str) -> list[dict[str, Any]]:
    """The cards of the templates on the table: pieces with a square of the board on it,
    the other templates as stacks in a row on the near side (x down the table, y across)."""
    objects = []
    y = -60.0
    for template in templates:
        w, h = template["Width"], template["Height"]
        names = template["CardNames"]
        squares = {int(i): board_square(n) for i, n in names.items()}
        if squares and None not in squares.values() and len(set(template["Indices"])) == len(
                template["Indices"]):
            for cell in template["Indices"]:
                col, row = squares[cell]  # type: ignore[misc]
                objects.append(card(template, [cell], (3 - row) * (h + GAP),
                                    (col - 3) * (w + GAP), f"{template['GUID']}/{cell}",
                                    package))
            continue
        objects.append(card(template, template["Indices"], -45 - h / 2, y + w / 2,
                            template["GUID"], package))
        y += w + 4 * GAP
    return objects


def state(name: str, package_guid: str, templates: list[dict[str, Any]]) -> dict[str, Any]:
    """A saved state of the package's table."""
    table = physical(TABLE_TEMPLATE, GENERAL["guid"], {"x": 0, "y": 0, "z": 0}, FACE_UP,
                     "table")
    table.update(objectType="Table", collisionType="CB_Static", density=1, restitution=0.3)
    return {
        "saveStateVersion": "1.1",
        "gameState": {
            "measureUnit": 2.54, "rotationStep": 45, "notes": name, "turnInfo": {},
            "slotTeams": [0] * SLOTS, "globalScriptPackage": "0" * 32, "globalScriptName": "",
            "backgroundTexture": {"resourceName": "", "packageGuid": "0" * 32},
            "phases": [], "spectatorsSeeEverything": False, "persistentData": "",
            "persistentKeyData": {}, "permissions": dict.fromkeys(PERMISSIONS, -1),
            "physicsLocked": False,
            "measureAngles": "None", "alwaysSnap": False, "liftOverRegular": True,
            "gravityMultiplier": 1, "slotIds": [""] * SLOTS, "mapName": "VictorianRoom",
            "currentTurn": 0, "bCanBeDamaged": False},
        "requiredPackages": [{"name": name, "guid": package_guid}, GENERAL],
        "storedCameraSetups": [False] * 10, "playerCameraSetups": [False] * SLOTS,
        "playerSlotNames": [str(i + 1) for i in range(SLOTS)],
        "customPlayerColors": [False] * SLOTS,
        "lighting": {"intensity": 1, "specular": 1, "altitude": 90, "azimuth": 0,
                     "color": {"r": 255, "g": 255, "b": 255}},
        "floorHidden": False,
        "grid": {"type": 0, "snapType": 0, "visibility": 0, "size": {"x": 5.08, "y": 5.08},
                 "offset": {"x": 0, "y": 0}, "rotation": 0,
                 "color": {"r": 0, "g": 0, "b": 0, "a": 179}, "thickLines": False},
        "objects": [table, *layout(templates, package_guid)],
        "zones": [], "labels": []}

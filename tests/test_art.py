"""Pictures as content: art files replaced from a user's folder, refused SVGs, one copy a PDF."""

from __future__ import annotations

import shutil
import struct
import zlib
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from generator.content.paths import ContentRoots, bundled_dir, display_path
from generator.draw.kit import Box, Style
from generator.games.registry import get_game
from generator.units import mm

from conftest import run_cli

BUNDLED = bundled_dir("content")
MARKER_OP = b"1 0 1 rg"  # the marker's fill, #ff00ff, as the PDF sets it
MARKER = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<circle cx="5" cy="5" r="4" fill="#ff00ff"/></svg>')
# the same picture through svglib (a style attribute is beyond svgfast)
MARKER_STYLED = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                 '<circle cx="5" cy="5" r="4" style="fill:#ff00ff"/></svg>')
# the parts whose every piece front shows a picture
PICTURE_PARTS = {"magic-labyrinth": ("tokens", "formulas", "counters"),
                 "goblin-slayer": ("counters", "player-aid", "locations"),
                 "paper-labyrinth": ("host-sheets",)}


def _art_files() -> list[Path]:
    return sorted(p.relative_to(BUNDLED) for p in BUNDLED.glob("*/art/**/*")
                  if p.suffix in (".svg", ".png"))


def _marker_folder(root: Path, svg: str = MARKER) -> Path:
    """A content folder that replaces every bundled picture with the marker."""
    for rel in _art_files():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(svg, encoding="utf-8")
    return root


def _front_bytes(game_id: str, part: str, roots: ContentRoots, lang: str = "en",
                 style: Style | None = None) -> list[tuple[str, bytes]]:
    """Draw each piece of a part alone into an uncompressed PDF, its back (if any) on a second
    page; return the bytes of each front PDF and of each back page."""
    game = get_game(game_id)
    content, problems = game.load(roots)
    assert content is not None, problems
    painters = game.parts[part].painters()
    out = []
    for spec in game.parts[part].pieces(content, lang):
        buffer = BytesIO()
        c = Canvas(buffer, pagesize=(mm(spec.width) + 20, mm(spec.height) + 20), invariant=1,
                   pageCompression=0)
        painter = painters[spec.kind]
        box = Box(10, 10, mm(spec.width), mm(spec.height))
        painter.front(c, box, spec.front, style or Style())
        c.showPage()
        if painter.back is not None and spec.back is not None:  # its back on a page of its own
            painter.back(c, box, spec.back, style or Style())
            c.showPage()
        c.save()
        data = buffer.getvalue()
        out.append((spec.id, data))
        if painter.back is not None and spec.back is not None:
            back = PdfReader(BytesIO(data)).pages[1]
            out.append((f"{spec.id} back", _page_with_forms(back)))
    return out


def _page_with_forms(page: object) -> bytes:
    """A page's content stream followed by those of the forms it draws."""
    data = page.get_contents().get_data()  # type: ignore[attr-defined]
    xobjects = (page.get("/Resources") or {}).get("/XObject") or {}  # type: ignore[attr-defined]
    return data + b"".join(x.get_object().get_data() for x in xobjects.values())


@pytest.mark.parametrize("game_id, part", [(g, p) for g, parts in PICTURE_PARTS.items()
                                            for p in parts])
def test_every_picture_comes_from_an_art_file(tmp_path, game_id, part):
    roots = ContentRoots.with_user(_marker_folder(tmp_path))
    pieces = _front_bytes(game_id, part, roots)
    assert pieces
    assert [pid for pid, data in pieces if MARKER_OP not in data] == []
    bundled = _front_bytes(game_id, part, ContentRoots.with_user(None))
    assert [pid for pid, data in bundled if MARKER_OP in data] == []


def test_the_paper_games_pictures_come_from_art_files(tmp_path):
    """«Лабиринт»'s arsenal, medical post and treasure marks are art/icons/ files: a player
    sheet's first page (legend and trackers) shows the marker in their place, its page of
    draft grids has none to show."""
    roots = ContentRoots.with_user(_marker_folder(tmp_path))
    pages = _front_bytes("paper-labyrinth", "player-sheet", roots)
    assert [(pid, MARKER_OP in data) for pid, data in pages] == [("player-0-1", True),
                                                                  ("player-0-2", False)]
    bundled = _front_bytes("paper-labyrinth", "player-sheet", ContentRoots.with_user(None))
    assert not any(MARKER_OP in data for _, data in bundled)


def _pdf_xobjects(path: Path) -> dict[str, int]:
    """Count the distinct form and image XObjects of a PDF, nested ones included."""
    seen: dict[int, str] = {}

    def walk(resources: object) -> None:
        xobjects = (resources or {}).get("/XObject") or {}  # type: ignore[union-attr]
        for ref in xobjects.values():
            obj = ref.get_object()
            if ref.idnum in seen:
                continue
            seen[ref.idnum] = str(obj["/Subtype"])
            walk(obj.get("/Resources"))

    for page in PdfReader(path).pages:
        walk(page.get("/Resources"))
    kinds = list(seen.values())
    return {"/Form": kinds.count("/Form"), "/Image": kinds.count("/Image")}


def _tokens_pdf(tmp_path: Path, content: Path | None = None) -> Path:
    out = tmp_path / "out"
    extra = ["--content", str(content)] if content else []
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--out", out, *extra)
    assert code == 0, err
    return out / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf"


def test_each_picture_is_stored_once_per_pdf(tmp_path):
    # 21 ingredients and the back's emblem
    assert _pdf_xobjects(_tokens_pdf(tmp_path / "a")) == {"/Form": 22, "/Image": 0}
    same = _marker_folder(tmp_path / "marker")  # one picture on all 21 tokens and the backs
    assert _pdf_xobjects(_tokens_pdf(tmp_path / "b", same)) == {"/Form": 1, "/Image": 0}


def _png(width: int = 2, height: int = 2) -> bytes:
    """A tiny red RGB PNG, written by hand."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows))
            + chunk(b"IEND", b""))


def _user_tokens(root: Path, old: str, new: str) -> tuple[Path, int, int]:
    """Copy the bundled tokens.yaml into root with one `art:` value changed; return the file
    and the line and column of the changed value."""
    target = root / "magic-labyrinth" / "tokens.yaml"
    target.parent.mkdir(parents=True, exist_ok=True)
    text = (BUNDLED / "magic-labyrinth" / "tokens.yaml").read_text(encoding="utf-8")
    assert f"art: {old}\n" in text
    text = text.replace(f"art: {old}\n", f"art: {new}\n")
    target.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    line = next(i for i, s in enumerate(lines, 1) if s.endswith(f"art: {new}"))
    return target, line, lines[line - 1].index(new) + 1


def test_a_png_used_on_every_token_is_embedded_once(tmp_path):
    root = tmp_path / "user"
    tokens = (BUNDLED / "magic-labyrinth" / "tokens.yaml").read_text(encoding="utf-8")
    import re

    tokens = re.sub(r"art: \S+", "art: art/ingredients/red.png", tokens)
    (root / "magic-labyrinth" / "art" / "ingredients").mkdir(parents=True)
    (root / "magic-labyrinth" / "tokens.yaml").write_text(tokens, encoding="utf-8")
    (root / "magic-labyrinth" / "art" / "ingredients" / "red.png").write_bytes(_png())
    # the PNG's form (holding the image) and the back's emblem
    assert _pdf_xobjects(_tokens_pdf(tmp_path, root)) == {"/Form": 2, "/Image": 1}


TOAD = "art/ingredients/13-toad.svg"
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n'
BROKEN = {
    "missing": (None, "is missing: no file magic-labyrinth/art/ingredients/none.svg in the "
                "content folders"),
    "unparsable": (HEAD + "<g></svg>\n", "is not a readable SVG (line 2, column 6: mismatched "
                   "tag): fix the file or export it again"),
    "external": (HEAD + '<image href="file:///etc/passwd" width="5" height="5"/></svg>\n',
                 "refers to something outside it ('file:///etc/passwd', line 2): a picture "
                 "must be self-contained; embed the image as a data: URI or remove the "
                 "reference"),
    "css-url": (HEAD + '<rect width="5" height="5" style="fill:url(http://x.test/a.svg#g)"/>'
                "</svg>\n", "refers to something outside it ('http://x.test/a.svg#g', line 2): "
                "a picture must be self-contained; embed the image as a data: URI or remove "
                "the reference"),
    "script": (HEAD + "<script>alert(1)</script></svg>\n", "contains <script> (line 2): "
               "pictures may not carry scripts or embedded documents; remove it"),
    "foreign-object": (HEAD + "<foreignObject><p/></foreignObject></svg>\n",
                       "contains <foreignObject> (line 2): pictures may not carry scripts or "
                       "embedded documents; remove it"),
    "entity": ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY x "y">]>\n' + HEAD + "</svg>\n",
               "declares an XML entity (line 2): entities are refused in pictures; remove the "
               "<!ENTITY …> declaration"),
    "not-svg": ("<html></html>\n", "is not an SVG: its first element is <html>, not <svg>"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_picture_is_one_located_problem(tmp_path, monkeypatch, case):
    svg, message = BROKEN[case]
    root = tmp_path / "user"
    name = "art/ingredients/none.svg" if svg is None else "art/ingredients/mine.svg"
    _, line, column = _user_tokens(root, TOAD, name)
    if svg is not None:
        picture = root / "magic-labyrinth" / name
        picture.parent.mkdir(parents=True, exist_ok=True)
        picture.write_text(svg, encoding="utf-8")
    monkeypatch.chdir(root)
    code, _, err = run_cli("check", "--content", ".", "magic-labyrinth")
    assert code == 1
    assert "Traceback" not in err
    problems = [s for s in err.splitlines() if not s.startswith("Error:")]
    assert problems == [f"magic-labyrinth/tokens.yaml:{line}:{column}: picture '{name}' "
                        f"{message}"]
    code, _, err = run_cli("build", "magic-labyrinth", "--content", ".", "--part", "tokens",
                           "--out", tmp_path / "out")
    assert code == 1 and "Traceback" not in err


def test_a_picture_path_out_of_the_folder_is_refused(tmp_path, monkeypatch):
    root = tmp_path / "user"
    _, line, column = _user_tokens(root, TOAD, "../../secret.svg")
    monkeypatch.chdir(root)
    code, _, err = run_cli("check", "--content", ".", "magic-labyrinth")
    assert code == 1
    assert err.splitlines()[0] == (
        f"magic-labyrinth/tokens.yaml:{line}:{column}: picture '../../secret.svg' leads out of "
        "the content folder: name a file below magic-labyrinth/, e.g. art/picture.svg")


def test_a_replaced_picture_draws_through_svglib_when_it_needs_to(tmp_path):
    root = tmp_path / "user"
    target = root / "magic-labyrinth" / TOAD
    target.parent.mkdir(parents=True)
    target.write_text(MARKER_STYLED, encoding="utf-8")
    code, _, err = run_cli("check", "--content", root, "magic-labyrinth")
    assert code == 0, err
    roots = ContentRoots.with_user(root)
    pieces = dict(_front_bytes("magic-labyrinth", "tokens", roots))
    assert MARKER_OP in pieces["token-13"]
    assert MARKER_OP not in pieces["token-12"]


def test_a_users_own_picture_file_is_not_an_unread_file(tmp_path, monkeypatch):
    root = tmp_path / "user"
    _user_tokens(root, TOAD, "art/mine/toad.svg")
    (root / "magic-labyrinth" / "art" / "mine").mkdir(parents=True)
    shutil.copy(BUNDLED / "magic-labyrinth" / TOAD, root / "magic-labyrinth/art/mine/toad.svg")
    monkeypatch.chdir(root)
    code, out, err = run_cli("check", "--content", ".", "magic-labyrinth")
    assert code == 0, err
    assert "does not read" not in err + out and "reads nothing" not in err + out


PROBE = """
import json, sys
from generator.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('svglib', 'lxml'))),
      file=sys.stderr)
"""


@pytest.mark.parametrize("args", [("--help",),
                                  ("build", "magic-labyrinth", "--part", "tiles", "--lang", "ru"),
                                  ("build", "magic-labyrinth", "--part", "tokens", "--lang",
                                   "ru")])
def test_plain_pictures_and_no_pictures_need_no_svglib(tmp_path, args):
    import json
    import subprocess
    import sys

    extra = ("--out", str(tmp_path), "--jobs", "1") if args[0] == "build" else ()
    proc = subprocess.run([sys.executable, "-c", PROBE, *args, *extra], capture_output=True,
                          text=True, check=False)
    assert json.loads(proc.stderr.strip().splitlines()[-1]) == [], proc.stderr


def test_an_ink_saver_variant_beside_a_picture_is_drawn_with_the_ink_saver(tmp_path):
    variant = tmp_path / "user" / "magic-labyrinth" / "art" / "cards" / "flask.ink-saver.svg"
    variant.parent.mkdir(parents=True)
    variant.write_text(MARKER, encoding="utf-8")
    shutil.copy(BUNDLED / "magic-labyrinth/art/cards/flask.svg", variant.parent / "flask.svg")
    roots = ContentRoots.with_user(tmp_path / "user")
    saving = _front_bytes("magic-labyrinth", "formulas", roots, style=Style(ink_saver=True))
    plain = _front_bytes("magic-labyrinth", "formulas", roots)
    assert all(MARKER_OP in data for pid, data in saving if not pid.endswith("back"))
    assert not any(MARKER_OP in data for _, data in plain)


def _check_with_pictures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str,
                         pictures: dict[str, str]) -> list[str]:
    """Run `check --content` on a folder holding these pictures (path below the game → SVG
    text); return its error lines, after asserting it failed cleanly."""
    root = tmp_path / "user"
    for rel, text in pictures.items():
        path = root / game / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    code, _, err = run_cli("check", "--content", ".", game)
    assert code == 1 and "Traceback" not in err
    return err.splitlines()


def _bundled_line(game: str, file: str, found: Callable[[str], bool]) -> tuple[str, int, str]:
    """The shown name of a bundled content file, and the number and text of its first line
    for which found is true."""
    rows = (BUNDLED / game / file).read_text("utf-8").splitlines()
    line = next(i for i, s in enumerate(rows, 1) if found(s))
    return display_path(BUNDLED / game / file), line, rows[line - 1]


def test_a_broken_ink_saver_variant_is_a_located_problem(tmp_path, monkeypatch):
    flask = (BUNDLED / "magic-labyrinth/art/cards/flask.svg").read_text(encoding="utf-8")
    errors = _check_with_pictures(tmp_path, monkeypatch, "magic-labyrinth", {
        "art/cards/flask.ink-saver.svg": HEAD + "<script/></svg>",
        "art/cards/flask.svg": flask})
    bundled, line, row = _bundled_line("magic-labyrinth", "game.yaml",
                                       lambda s: "flask: art/cards/flask.svg" in s)
    assert errors[0] == (
        f"{bundled}:{line}:{row.index('art/') + 1}: picture 'art/cards/flask.ink-saver.svg' "
        "contains <script> (line 2): pictures may not carry scripts or embedded documents; "
        "remove it")


def test_a_broken_goblin_counter_picture_points_at_counters_yaml(tmp_path, monkeypatch):
    errors = _check_with_pictures(tmp_path, monkeypatch, "goblin-slayer",
                                  {"art/counters/ogre.svg": "<svg"})
    bundled, line, _ = _bundled_line("goblin-slayer", "counters.yaml",
                                     lambda s: "art: art/counters/ogre.svg" in s)
    assert errors[0] == (
        f"{bundled}:{line}:10: picture 'art/counters/ogre.svg' is not a readable SVG (line 1, "
        "column 1: unclosed token): fix the file or export it again")


def test_a_broken_door_or_tunnel_picture_points_at_the_first_door_or_tunnel(tmp_path,
                                                                            monkeypatch):
    """The door and tunnel pictures are named by no key (art/locations/door.svg is the file):
    their problems point at the first `"q,r": door` (or tunnel) of locations.yaml."""
    errors = _check_with_pictures(tmp_path, monkeypatch, "goblin-slayer", {
        "art/locations/door.svg": "<svg",
        "art/locations/tunnel.svg": HEAD + '<image href="http://x.test/t.png"/></svg>\n'})
    bundled, door, door_row = _bundled_line("goblin-slayer", "locations.yaml",
                                            lambda s: s.strip().endswith(": door"))
    _, tunnel, tunnel_row = _bundled_line("goblin-slayer", "locations.yaml",
                                          lambda s: s.strip().endswith(": tunnel"))
    assert errors[:2] == [
        f"{bundled}:{door}:{door_row.index('door') + 1}: picture 'art/locations/door.svg' "
        "is not a readable SVG (line 1, column 1: unclosed token): fix the file or export it "
        "again",
        f"{bundled}:{tunnel}:{tunnel_row.index('tunnel') + 1}: picture "
        "'art/locations/tunnel.svg' refers to something outside it ('http://x.test/t.png', "
        "line 2): a picture must be self-contained; embed the image as a data: URI or remove "
        "the reference"]


def test_a_broken_paper_icon_points_at_its_line_of_game_yaml(tmp_path, monkeypatch):
    errors = _check_with_pictures(tmp_path, monkeypatch, "paper-labyrinth",
                                  {"art/icons/arsenal.svg": "<svg"})
    bundled, line, row = _bundled_line("paper-labyrinth", "game.yaml",
                                       lambda s: "arsenal: art/icons/arsenal.svg" in s)
    assert errors[0] == (
        f"{bundled}:{line}:{row.index('art/') + 1}: picture 'art/icons/arsenal.svg' "
        "is not a readable SVG (line 1, column 1: unclosed token): fix the file or export it "
        "again")


def test_a_users_picture_does_not_take_the_bundled_ink_saver_variant(tmp_path):
    flask = tmp_path / "user" / "magic-labyrinth" / "art" / "cards" / "flask.svg"
    flask.parent.mkdir(parents=True)
    flask.write_text(MARKER, encoding="utf-8")
    roots = ContentRoots.with_user(tmp_path / "user")
    saving = _front_bytes("magic-labyrinth", "formulas", roots, style=Style(ink_saver=True))
    assert all(MARKER_OP in data for pid, data in saving if not pid.endswith("back"))

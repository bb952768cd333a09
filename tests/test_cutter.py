"""`build --cutter silhouette`: the machine's registration marks where Silhouette Studio's
Type 1 marks are (inset 10 mm, L arms 20 mm, square 5 mm), pieces clear of them, and beside
each PDF a cut file per page whose outlines are the layout's piece boxes."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import layout_json, run_cli

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.05  # mm


def _svg_boxes(path: Path) -> dict[str, tuple[float, float, float, float]]:
    """Each outline's bounding box (x, y, w, h) in mm, by piece id."""
    root = ET.parse(path).getroot()
    assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
    boxes = {}
    for el in root.iter():
        tag, ident = el.tag.replace(SVG, ""), el.get("id")
        if tag == "circle":
            cx, cy, r = (float(el.get(k)) for k in ("cx", "cy", "r"))
            boxes[ident] = (cx - r, cy - r, 2 * r, 2 * r)
        elif tag == "rect":
            boxes[ident] = tuple(float(el.get(k)) for k in ("x", "y", "width", "height"))
        elif tag == "polygon":
            pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            boxes[ident] = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return boxes


@pytest.mark.parametrize(("game", "paper"), [("magic-labyrinth", "a4"),
                                             ("magic-labyrinth", "letter"),
                                             ("goblin-slayer", "a4")])
def test_cut_files_outline_every_piece_of_the_layout(tmp_path: Path, game: str,
                                                     paper: str) -> None:
    args = ("--lang", "en", "--paper", paper, "--cutter", "silhouette")
    parts = ("tokens", "formulas", "tiles", "counters") if game == "magic-labyrinth" else (
        "locations", "counters")
    part_args = [a for p in parts for a in ("--part", p)]
    code, _, err = run_cli("build", game, *args, *part_args, "--out", tmp_path)
    assert code == 0, err
    checked = 0
    for f in layout_json(game, *args, *part_args)["files"]:
        pdf = tmp_path / f["file"]
        for page in f["pages"]:
            cut = [p for p in page["pieces"] if p["kind"] not in ("setup-diagram",)]
            stem = pdf.with_name(f"{pdf.stem}-cut-p{page['number']}")
            if page["side"] == "back" or not cut:
                assert not stem.with_suffix(".svg").exists()
                continue
            boxes = _svg_boxes(stem.with_suffix(".svg"))
            assert sorted(boxes) == sorted(p["id"] for p in cut)
            for p in cut:
                want = (p["x_mm"], p["y_mm"], p["width_mm"], p["height_mm"])
                assert all(abs(a - b) <= TOLERANCE for a, b in zip(boxes[p["id"]], want)), (
                    stem.name, p["id"], boxes[p["id"]], want)
                checked += 1
            dxf = stem.with_suffix(".dxf").read_text(encoding="utf-8").split("\n")
            circles = [p for p in cut if p["shape"] == "circle"]
            assert dxf.count("CIRCLE") == len(circles)
            for p in circles:  # DXF's y points up: measured from the paper's bottom edge
                cx = p["x_mm"] + p["width_mm"] / 2
                cy = page["height_mm"] - p["y_mm"] - p["height_mm"] / 2
                found = [(float(dxf[i + 4]), float(dxf[i + 6])) for i, v in enumerate(dxf)
                         if v == "CIRCLE"]
                assert min(math.dist((cx, cy), q) for q in found) <= TOLERANCE
    assert checked > 20


def test_cards_are_cut_with_the_content_s_corner_radius(tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "formulas", "--lang", "en",
                           "--cutter", "silhouette", "--out", tmp_path)
    assert code == 0, err
    svg = tmp_path / "magic-labyrinth" / "magic-labyrinth-formulas-en-a4-cut-p1.svg"
    rects = [el for el in ET.parse(svg).getroot().iter(f"{SVG}rect")]
    assert rects and all(el.get("rx") == el.get("ry") == "3" for el in rects)
    dxf = svg.with_suffix(".dxf").read_text(encoding="utf-8").split("\n")
    assert dxf.count("ARC") == 4 * len(rects)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_marks_sit_where_silhouette_studio_expects_them(tmp_path: Path,
                                                                     paper: str) -> None:
    args = ("--part", "tokens", "--part", "score-sheet", "--lang", "en", "--paper", paper,
            "--cutter", "silhouette")
    (tokens, score) = layout_json("magic-labyrinth", *args)["files"]
    assert "registration_mm" not in score["pages"][0]  # a form is not machine-cut
    front, back = tokens["pages"]
    W, H = front["width_mm"], front["height_mm"]
    assert front["registration_mm"] == [
        [7.5, 7.5, 5, 5],  # the square, centred 10 mm from the top and left edges
        [round(W - 30, 3), 10, 20, 0.5], [round(W - 10.5, 3), 10, 0.5, 20],  # L, top-right
        [10, round(H - 10.5, 3), 20, 0.5], [10, round(H - 30, 3), 0.5, 20]]  # L, bottom-left
    assert back.get("registration_mm") == []  # backs carry no marks
    for p in front["pieces"]:  # the pieces keep 18 mm from the edges, clear of the marks
        assert p["x_mm"] >= 18 - 1e-6 and p["y_mm"] >= 18 - 1e-6
        assert p["x_mm"] + p["width_mm"] <= W - 18 + 1e-6
        assert p["y_mm"] + p["height_mm"] <= H - 18 + 1e-6
    code, _, err = run_cli("build", "magic-labyrinth", *args, "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / f"magic-labyrinth-tokens-en-{paper}.pdf"
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=200 / 72).to_pil().convert("L")
    doc.close()

    def ink(x: float, y: float) -> int:
        return image.getpixel((round(x / 25.4 * 200), round(y / 25.4 * 200)))

    assert ink(10, 10) < 40 and ink(W - 20, 10.25) < 40 and ink(10.25, H - 20) < 40
    assert ink(10, 20) > 200 and ink(W - 20, 13) > 200  # nothing but the marks out there


def test_the_guide_says_how_to_load_the_files_into_silhouette_studio(tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--pack", "--lang", "en", "--cutter",
                           "silhouette", "--out", tmp_path)
    assert code == 0, err
    from pypdf import PdfReader

    text = " ".join(PdfReader(tmp_path / "magic-labyrinth" / "magic-labyrinth-all-en-a4.pdf")
                    .pages[0].extract_text().split())
    assert "Silhouette Studio" in text and "Type 1, length 20 mm" in text
    assert "thickness 0.5 mm, inset 10 mm" in text
    assert "both sides by the cutting machine, from the cut file" in text
    assert "crop mark" not in text  # no crop marks: the machine cuts


def test_cutter_refuses_one_up() -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--cutter", "silhouette", "--one-up",
                           "--out", "unused")
    assert code == 2 and "--cutter does not go with --one-up" in err


def test_the_corner_radius_comes_from_the_content(tmp_path: Path) -> None:
    mine = tmp_path / "mine" / "magic-labyrinth"
    mine.mkdir(parents=True)
    game = (Path(__file__).parent.parent / "content" / "magic-labyrinth" / "game.yaml"
            ).read_text(encoding="utf-8")
    assert "  corridor: 28mm" in game
    (mine / "game.yaml").write_text(
        game.replace("  corridor: 28mm", "  card_corner: 4.5mm\n  corridor: 28mm"),
        encoding="utf-8")
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "formulas", "--lang", "en",
                           "--cutter", "silhouette", "--content", tmp_path / "mine", "--out",
                           tmp_path / "out")
    assert code == 0, err
    svg = tmp_path / "out" / "magic-labyrinth" / "magic-labyrinth-formulas-en-a4-cut-p1.svg"
    assert {el.get("rx") for el in ET.parse(svg).getroot().iter(f"{SVG}rect")} == {"4.5"}


def test_cutter_refuses_fold_sheets() -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--cutter", "silhouette", "--duplex",
                           "fold", "--out", "unused")
    assert code == 2 and "--cutter does not go with --duplex fold" in err


# --- Cricut: Print Then Cut images ------------------------------------------------------------

CRICUT_AREA = (171.45, 234.95)  # 6.75 × 9.25 in: Design Space's Print Then Cut limit


@pytest.mark.parametrize(("game", "paper", "parts"), [
    ("magic-labyrinth", "a4", ("tokens", "formulas")),
    ("goblin-slayer", "letter", ("locations",))])
def test_cricut_images_hold_each_page_s_pieces_at_their_real_size(
        tmp_path: Path, game: str, paper: str, parts: tuple[str, ...]) -> None:
    from PIL import Image

    args = ("--lang", "en", "--paper", paper, "--cutter", "cricut",
            *[a for p in parts for a in ("--part", p)])
    code, _, err = run_cli("build", game, *args, "--out", tmp_path)
    assert code == 0, err
    checked = 0
    for f in layout_json(game, *args)["files"]:
        pdf = tmp_path / f["file"]
        assert not list(pdf.parent.glob(f"{pdf.stem}-cut-p*"))  # no Silhouette files
        for page in f["pages"]:
            stem = pdf.with_name(f"{pdf.stem}-cricut-p{page['number']}")
            ax, ay, aw, ah = page["cricut_area_mm"]
            assert (aw, ah) == CRICUT_AREA and page["registration_mm"] == []
            assert abs(ax - (page["width_mm"] - aw) / 2) < 1e-3  # centred on the paper
            ix, iy, iw, ih = page["cricut_image_mm"]
            # the pieces, and so the image, lie inside Design Space's area
            assert ax - 1e-6 <= ix and ix + iw <= ax + aw + 1e-6
            assert ay - 1e-6 <= iy and iy + ih <= ay + ah + 1e-6
            image = Image.open(stem.with_suffix(".png"))
            assert image.mode == "RGBA" and image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            # pixels / dpi is the size the guide gives to type, and the pieces' block
            assert image.size[0] * 25.4 / 300 == pytest.approx(iw, abs=1e-3)
            assert image.size[1] * 25.4 / 300 == pytest.approx(ih, abs=1e-3)
            left = min(p["x_mm"] for p in page["pieces"])
            right = max(p["x_mm"] + p["width_mm"] for p in page["pieces"])
            assert 0 <= left - ix < 25.4 / 300 and 0 <= ix + iw - right < 25.4 / 300
            boxes = _svg_boxes(stem.with_suffix(".svg"))
            root = ET.parse(stem.with_suffix(".svg")).getroot()
            assert float(root.get("width")[:-2]) == pytest.approx(iw, abs=1e-3)
            assert sorted(boxes) == sorted(p["id"] for p in page["pieces"])
            alpha = image.getchannel("A")
            for p in page["pieces"]:
                want = (p["x_mm"] - ix, p["y_mm"] - iy, p["width_mm"], p["height_mm"])
                assert all(abs(a - b) <= TOLERANCE for a, b in zip(boxes[p["id"]], want))
                cx, cy = want[0] + want[2] / 2, want[1] + want[3] / 2
                assert _alpha_at(alpha, cx, cy) == 255  # the piece is opaque...
                corner = _alpha_at(alpha, want[0] + 0.3, want[1] + 0.3)
                assert corner == 0  # ...its rounded corner is not
                if want[0] > 1.5:  # ...nor the gap beside it, where the cut runs
                    assert _alpha_at(alpha, want[0] - 1.0, cy) == 0
                checked += 1
    assert checked >= 9


def _alpha_at(alpha: object, x: float, y: float) -> int:
    """The opacity of an image's pixel at (x, y) mm from its top-left corner, at 300 dpi."""
    return alpha.getpixel((int(x * 300 / 25.4), int(y * 300 / 25.4)))  # type: ignore[attr-defined]


def test_cricut_files_are_deterministic(tmp_path: Path) -> None:
    args = ("build", "magic-labyrinth", "--part", "tokens", "--lang", "en", "--cutter",
            "cricut", "--force")
    digests = []
    for run in ("a", "b"):
        code, _, err = run_cli(*args, "--out", tmp_path / run)
        assert code == 0, err
        folder = tmp_path / run / "magic-labyrinth"
        digests.append({p.name: p.read_bytes() for p in sorted(folder.glob("*-cricut-*"))})
    assert len(digests[0]) == 4 and digests[0] == digests[1]


def test_the_guide_says_how_to_use_the_images_in_design_space(tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--pack", "--lang", "en", "--cutter",
                           "cricut", "--out", tmp_path)
    assert code == 0, err
    from pypdf import PdfReader

    pdf = tmp_path / "magic-labyrinth" / "magic-labyrinth-all-en-a4.pdf"
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    for step in ("1) Design Space: New Project > Upload > Upload Image",
                 "save it as a Print Then Cut image", "2) Size: keep the proportions locked",
                 "type the width from the Cutting column into W",
                 "3) Make It > Continue > Send to Printer: Add Bleed on",
                 "4) Put the sheet on the mat", "no larger than 6.75 × 9.25 in",
                 "glue each back to its front"):
        assert step in text, step
    assert "ruler" not in text and "double-sided" not in text  # Design Space prints
    from PIL import Image

    layout = layout_json("magic-labyrinth", "--pack", "--lang", "en", "--cutter", "cricut")
    imaged = [p for p in layout["files"][0]["pages"] if "cricut_image_mm" in p]
    assert [p["number"] for p in imaged] == list(range(3, 3 + len(imaged)))  # after the guide
    for page in imaged:  # each image's size, by the PDF page its file is named after
        w, h = page["cricut_image_mm"][2:]
        assert f"p. {page['number']}: {w:.1f} × {h:.1f} mm ({w / 25.4:.2f} × " \
               f"{h / 25.4:.2f} in)" in text, page["number"]
        png = pdf.with_name(f"{pdf.stem}-cricut-p{page['number']}.png")
        assert Image.open(png).size == (round(w * 300 / 25.4), round(h * 300 / 25.4))
    assert "Cricut, image size: p. 3: " in text
    assert "Sheets in all: 15 (card stock: 15, plain paper: 0)." in text  # backs: sheets too

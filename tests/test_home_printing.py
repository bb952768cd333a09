"""Pieces that survive a home printer: backs that tolerate duplex misregistration, spacing for
scissors, legible marks. Pages are rasterised with pypdfium2 and read pixel by pixel."""

from __future__ import annotations

import math
from itertools import combinations
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import layout_json, run_cli

DPI = 100
PX_PER_MM = DPI / 25.4


def _render(pdf: Path, index: int):  # type: ignore[no-untyped-def]
    """Page index of pdf as an RGB PIL image at DPI."""
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    doc.close()
    return image


def _is_paper(rgb: tuple[int, int, int]) -> bool:
    return min(rgb) > 235


def _pixel(image, x_mm: float, y_mm: float) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    return image.getpixel((round(x_mm * PX_PER_MM), round(y_mm * PX_PER_MM)))


def _outside_points(piece: dict, d: float) -> list[tuple[float, float]]:
    """Points d mm outside a piece's cut outline: around a circle, or off each edge's middle."""
    x, y, w, h = piece["x_mm"], piece["y_mm"], piece["width_mm"], piece["height_mm"]
    if piece["shape"] == "circle":
        cx, cy, r = x + w / 2, y + h / 2, w / 2 + d
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(0, 360, 30)]
    return [(x + w / 2, y - d), (x + w / 2, y + h + d), (x - d, y + h / 2), (x + w + d, y + h / 2)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", ["tokens", "formulas"])
def test_back_art_reaches_past_every_cut_outline(tmp_path: Path, part: str, paper: str) -> None:
    """1.5 mm outside every token's and card's cut line, a back page shows the back's art."""
    code, _, err = run_cli("build", "magic-labyrinth", "--part", part, "--lang", "en",
                           "--paper", paper, "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / f"magic-labyrinth-{part}-en-{paper}.pdf"
    (f,) = layout_json("magic-labyrinth", "--part", part, "--lang", "en", "--paper",
                       paper)["files"]
    backs = [(i, page) for i, page in enumerate(f["pages"]) if page["side"] == "back"]
    assert backs
    for index, page in backs:
        image = _render(pdf, index)
        for piece in page["pieces"]:
            for x, y in _outside_points(piece, 1.5):
                assert not _is_paper(_pixel(image, x, y)), (piece["id"], x, y)


def test_no_cut_outline_is_drawn_on_a_back_page(tmp_path: Path) -> None:
    """The grey cut circle belongs to the front; on the back it would sit on art that bleeds."""
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "tokens", "--lang", "en",
                           "--out", tmp_path)
    assert code == 0, err
    from pypdf import PdfReader

    pages = PdfReader(tmp_path / "magic-labyrinth" / "magic-labyrinth-tokens-en-a4.pdf").pages
    grey = b".541176 .541176 .541176 RG"  # the CUT colour (#8a8a8a) as a stroke
    assert grey in pages[0].get_contents().get_data()
    assert grey not in pages[1].get_contents().get_data()


@pytest.mark.parametrize(("game", "part"), [("magic-labyrinth", "tiles"),
                                            ("magic-labyrinth", "formulas"),
                                            ("magic-labyrinth", "tokens"),
                                            ("goblin-slayer", "locations")])
def test_gutter_leaves_room_for_scissors_between_every_two_pieces(game: str, part: str) -> None:
    (f,) = layout_json(game, "--part", part, "--lang", "en", "--gutter", "3mm")["files"]
    for page in f["pages"]:
        for a, b in combinations(page["pieces"], 2):
            dx = max(b["x_mm"] - a["x_mm"] - a["width_mm"], a["x_mm"] - b["x_mm"] - b["width_mm"])
            dy = max(b["y_mm"] - a["y_mm"] - a["height_mm"], a["y_mm"] - b["y_mm"] - b["height_mm"])
            assert max(dx, dy) >= 3 - 1e-6, (a["id"], b["id"])


def _text_sizes(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """(text, size in pt, baseline height above the page bottom in mm) of each text run."""
    from pypdf import PdfReader

    runs: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):  # type: ignore[no-untyped-def]
        if text.strip():
            scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append((text.strip(), size * scale, y / 72 * 25.4))

    PdfReader(pdf).pages[page].extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("part", ["tokens", "formulas", "counters", "tiles"])
def test_no_piece_text_below_6pt_and_the_print_note_is_8pt(tmp_path: Path, part: str) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--part", part, "--lang", "ru",
                           "--strict", "--out", tmp_path)
    assert code == 0, err  # --strict: nothing had to shrink below the minimum
    pdf = tmp_path / "magic-labyrinth" / f"magic-labyrinth-{part}-ru-a4.pdf"
    runs = _text_sizes(pdf, 0)
    note = [size for text, size, _ in runs if text.startswith("Печатайте в масштабе 100")]
    assert note and min(note) >= 8 - 1e-6
    furniture = ("0", "50 мм")  # the ruler's labels; the footer says "стр. N из M"
    pieces = [(text, size) for text, size, _ in runs
              if text not in furniture and "стр." not in text and "Печатайте" not in text]
    assert pieces
    assert min(size for _, size in pieces) >= 6 - 1e-6, min(pieces, key=lambda r: r[1])


def test_start_corners_and_pawns_carry_the_same_shape_besides_the_colour() -> None:
    from generator.build import BuildOptions, plan_jobs

    jobs, _ = plan_jobs(BuildOptions(games=("magic-labyrinth",), lang="en",
                                     parts=("tiles", "counters")), drawing=False)
    corners, pawns = {}, {}
    for job in jobs:
        for spec in job.part.pieces(job.content, job.lang):
            face = spec.front
            if spec.kind == "tile-fixed" and face.start_color:
                corners[face.start_color] = face.start_mark
            if spec.id.startswith("pawn-"):
                pawns[face.color] = face.mark
    assert len(corners) == 4 and corners == pawns
    assert sorted(corners.values()) == [0, 1, 2, 3]  # four different shapes


# --- duplex calibration ---------------------------------------------------------------------


def _line_position(image, axis: str, lo_mm: float, hi_mm: float, at_mm: tuple[float, float],
                   px_per_mm: float) -> float:  # type: ignore[no-untyped-def]
    """Where (mm) the darkest line across a strip lies: columns for an X box, rows for Y."""
    a0, a1 = (round(v * px_per_mm) for v in at_mm)  # the stretch along the line to average
    best, where = None, 0.0
    for i in range(round(lo_mm * px_per_mm), round(hi_mm * px_per_mm) + 1):
        if axis == "x":
            dark = sum(255 - image.getpixel((i, j))[0] for j in range(a0, a1))
        else:
            dark = sum(255 - image.getpixel((j, i))[0] for j in range(a0, a1))
        if best is None or dark > best:
            best, where = dark, i / px_per_mm
    return where


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("shift", [(1.0, -0.5), (-1.5, 2.0)])
def test_the_calibration_sheet_reads_a_known_misregistration(
        tmp_path: Path, paper: str, duplex: str, shift: tuple[float, float]) -> None:
    """Print the two pages, move the back by a known amount (as a printer would), look at it
    through the front, and find the box whose two lines meet: it reads the correction."""
    from PIL import ImageChops, ImageOps

    from generator.calibrate import FRONT_LEN, OVERLAP, PITCH, calibration_scales
    from generator.layout.imposition import PAPERS

    pdf = tmp_path / "cal.pdf"
    code, out, err = run_cli("calibrate", "--paper", paper, "--duplex", duplex, "--out", pdf)
    assert code == 0, err
    dpi = 254  # 0.1 mm a pixel: both shifts are whole pixels
    ppm = dpi / 25.4
    doc = pdfium.PdfDocument(str(pdf))
    assert len(doc) == 2
    front = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    back = doc[1].render(scale=dpi / 72).to_pil().convert("RGB")
    doc.close()
    # the printer moves the back page's content by `shift`, in the back page's own axes
    dx, dy = (round(v * ppm) for v in shift)
    back = ImageChops.offset(back, dx, dy)
    seen = ImageOps.mirror(back) if duplex == "long" else ImageOps.flip(back)  # through paper
    scale_x, scale_y = calibration_scales(PAPERS[paper], duplex)
    readings = []
    for scale in (scale_x, scale_y):
        front_span = (scale.start + 0.5, scale.start + FRONT_LEN - OVERLAP - 0.5)
        back_span = (scale.start + FRONT_LEN + 0.5, scale.start + FRONT_LEN + 4.0)
        gaps = []
        for box in scale.boxes:
            lo, hi = box.front - PITCH / 2 + 0.3, box.front + PITCH / 2 - 0.3
            f = _line_position(front, scale.axis, lo, hi, front_span, ppm)
            b = _line_position(seen, scale.axis, lo, hi, back_span, ppm)
            gaps.append((abs(f - b), box.correction))
        gaps.sort()
        assert gaps[0][0] < 0.1, gaps[:3]  # one box lines up within a pixel
        readings.append(gaps[0][1])
    # the correction cancels the shift
    assert readings == [-shift[0], -shift[1]]


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_offset_moves_every_back_box_by_exactly_that_much(duplex: str) -> None:
    args = ("magic-labyrinth", "--pack", "--lang", "en", "--duplex", duplex)
    plain = _pages_by_side(layout_json(*args))
    moved = _pages_by_side(layout_json(*args, "--back-offset", "1mm,-0.5mm"))
    assert plain["front"] == moved["front"]
    assert plain["back"].keys() == moved["back"].keys() and plain["back"]
    for key, (x, y) in plain["back"].items():
        assert moved["back"][key] == (round(x + 1.0, 3), round(y - 0.5, 3)), key


def _pages_by_side(data: dict) -> dict[str, dict[tuple[int, str], tuple[float, float]]]:
    out: dict[str, dict[tuple[int, str], tuple[float, float]]] = {"front": {}, "back": {}}
    for page in data["files"][0]["pages"]:
        for p in page["pieces"]:
            out[page["side"]][(page["number"], p["id"])] = (p["x_mm"], p["y_mm"])
    return out


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibrate_writes_two_pages_in_the_language_asked(tmp_path: Path, lang: str,
                                                         paper: str) -> None:
    from pypdf import PdfReader

    code, out, err = run_cli("calibrate", "--paper", paper, "--lang", lang, "--out",
                             tmp_path / "c.pdf")
    assert code == 0, err
    assert out == f"wrote {tmp_path / 'c.pdf'}\n"
    pages = PdfReader(tmp_path / "c.pdf").pages
    assert len(pages) == 2
    text = " ".join(pages[0].extract_text().split())
    title = {"ru": "Насколько принтер сдвигает оборот?",
             "en": "How far does your printer shift the back?"}[lang]
    assert text.startswith(title) and "--back-offset" in text
    assert "+4.00" in text and "-4.00" in text and "+0.25" in text


# --- fold-and-glue sheets -----------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("part", ["tokens", "formulas", "counters"])
def test_fold_pages_pair_every_front_with_its_mirrored_back(paper: str, part: str) -> None:
    (f,) = layout_json("magic-labyrinth", "--part", part, "--paper", paper, "--lang", "en",
                       "--duplex", "fold")["files"]
    pages = f["pages"]
    assert all(page["side"] in ("fold", "front") for page in pages)
    folds = [page for page in pages if page["side"] == "fold"]
    assert bool(folds) == (part != "counters")  # counters have no back: plain pages
    total = 0
    for page in folds:
        x1, y1, x2, y2 = page["fold_mm"]
        # down the middle, from 5 mm below the paper's top edge (home printers cannot print
        # above) to the band, whose ruler and words it must not cross
        assert x1 == x2 == page["width_mm"] / 2
        assert (y1, y2) == (5, page["height_mm"] - f["margin_mm"] - 10)
        fronts = {p["id"]: p for p in page["pieces"] if p["face"] == "front"}
        backs = {p["id"]: p for p in page["pieces"] if p["face"] == "back"}
        assert fronts.keys() == backs.keys() and fronts
        total += len(fronts)
        for key, front in fronts.items():
            back = backs[key]
            assert front["x_mm"] + front["width_mm"] <= x1 - 1.5 + 1e-6  # fronts left of it
            assert back["x_mm"] == pytest.approx(2 * x1 - front["x_mm"] - front["width_mm"])
            assert back["y_mm"] == front["y_mm"]
        for a, b in combinations(page["pieces"], 2):
            assert (a["x_mm"] + a["width_mm"] <= b["x_mm"] or b["x_mm"] + b["width_mm"]
                    <= a["x_mm"] or a["y_mm"] + a["height_mm"] <= b["y_mm"]
                    or b["y_mm"] + b["height_mm"] <= a["y_mm"]), (a["id"], b["id"])
    if folds:
        assert total == 21


def test_fold_sheets_build_and_show_the_fold_note(tmp_path: Path) -> None:
    from pypdf import PdfReader

    code, _, err = run_cli("build", "magic-labyrinth", "--part", "formulas", "--duplex", "fold",
                           "--lang", "en", "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / "magic-labyrinth-formulas-en-a4.pdf"
    pages = PdfReader(pdf).pages
    assert len(pages) == 7  # 3 cards a page: fronts left, backs right
    assert "score the dashed line, fold on it" in pages[0].extract_text()
    image = _render(pdf, 0)
    (f,) = layout_json("magic-labyrinth", "--part", "formulas", "--lang", "en", "--duplex",
                       "fold")["files"]
    for piece in f["pages"][0]["pieces"]:
        if piece["face"] == "back":  # the back art overprints its cut line here too
            for x, y in _outside_points(piece, 1.5):
                assert not _is_paper(_pixel(image, x, y)), (piece["id"], x, y)


# --- ink saver ------------------------------------------------------------------------------


def _dark_share(image) -> float:  # type: ignore[no-untyped-def]
    gray = image.convert("L")
    hist = gray.histogram()
    return sum(hist[:128]) / (gray.width * gray.height)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ink_saver_tiles_use_little_ink_and_keep_every_tile_edge(tmp_path: Path,
                                                                 paper: str) -> None:
    for saver in (False, True):
        out = tmp_path / str(saver)
        args = ["--ink-saver"] if saver else []
        code, _, err = run_cli("build", "magic-labyrinth", "--part", "tiles", "--lang", "en",
                               "--paper", paper, "--out", out, *args)
        assert code == 0, err
        pdf = out / "magic-labyrinth" / f"magic-labyrinth-tiles-en-{paper}.pdf"
        image = _render(pdf, 0)
        share = _dark_share(image)
        if not saver:
            assert share > 0.2  # the walls are solid on a normal print
            continue
        assert share <= 0.15, share
    (f,) = layout_json("magic-labyrinth", "--part", "tiles", "--lang", "en", "--paper",
                       paper)["files"]
    for tile in f["pages"][0]["pieces"]:
        x, y, w, h = tile["x_mm"], tile["y_mm"], tile["width_mm"], tile["height_mm"]
        edges = {"top": [(x + w * t, y) for t in (0.2, 0.4, 0.6, 0.8)],
                 "bottom": [(x + w * t, y + h) for t in (0.2, 0.4, 0.6, 0.8)],
                 "left": [(x, y + h * t) for t in (0.2, 0.4, 0.6, 0.8)],
                 "right": [(x + w, y + h * t) for t in (0.2, 0.4, 0.6, 0.8)]}
        for edge, points in edges.items():
            for px, py in points:
                near = [_pixel(image, px + dx / PX_PER_MM, py + dy / PX_PER_MM)
                        for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
                assert any(min(rgb) < 200 for rgb in near), (tile["id"], edge, px, py)


# --- print shops ----------------------------------------------------------------------------


def test_one_up_gives_each_piece_its_page_trim_box_and_bleed_box(tmp_path: Path) -> None:
    from pypdf import PdfReader

    code, _, err = run_cli("build", "magic-labyrinth", "--pieces", "token-2,formula-1",
                           "--one-up", "--bleed", "3mm", "--lang", "en", "--out", tmp_path)
    assert code == 0, err
    folder = tmp_path / "magic-labyrinth"
    assert [p.name for p in folder.iterdir()] == ["magic-labyrinth-pieces-en-a4-one-up.pdf"]
    pages = PdfReader(folder / "magic-labyrinth-pieces-en-a4-one-up.pdf").pages

    def mm_box(box) -> list[float]:  # type: ignore[no-untyped-def]
        return [round(float(v) * 25.4 / 72, 2) for v in box]

    sizes = [(mm_box(p.mediabox), mm_box(p.trimbox), mm_box(p.bleedbox)) for p in pages]
    token = ([0, 0, 31, 31], [3, 3, 28, 28], [0, 0, 31, 31])
    card = ([0, 0, 69, 94], [3, 3, 66, 91], [0, 0, 69, 94])
    assert sizes == [token, token, card, card]  # each front, then its back
    assert "Pine Cone" in pages[0].extract_text() and "Card 1" in pages[2].extract_text()
    assert "50 mm" not in pages[0].extract_text()  # no ruler or footer on a print shop's page
    (f,) = layout_json("magic-labyrinth", "--pieces", "token-2,formula-1", "--one-up",
                       "--bleed", "3mm", "--lang", "en")["files"]
    assert f["file"] == "magic-labyrinth/magic-labyrinth-pieces-en-a4-one-up.pdf"
    assert [(p["side"], p["width_mm"], p["height_mm"]) for p in f["pages"]] == [
        ("front", 31, 31), ("back", 31, 31), ("front", 69, 94), ("back", 69, 94)]

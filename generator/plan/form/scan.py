"""Read a photo of a plan form: markers, perspective, QR code, then every slot and box.

The photo is opened with Pillow (any format it reads, any size up to 50 megapixels: big ones
are decoded at a reduced size), the four ArUco markers are found on a copy at most
`DETECT_SIDE` pixels long, and a homography maps the sheet onto a flat image at `PX` pixels a
millimetre. Each pixel is compared with the paper level around it (a morphological closing
removes pen marks but keeps the edge of a shadow); a pixel darker than `INK` of its paper is
ink. A box scores the share of ink in its middle; a wall slot the share of points along it
with ink across it. `marks.read_plan` turns the scores into a plan and its doubts.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import cv2
import numpy as np

from ..text.model import MAX_SIZE, MIN_SIZE, Plan, Pos
from .layout import (
    BOX,
    MARKER,
    MARKER_IDS,
    MARKS,
    PAPERS,
    QR_SIDE,
    SLOT_BAND,
    SLOT_SPAN,
    Layout,
    layout,
    parse_qr,
)
from .marks import BOX_LEVELS, SLOT_LEVELS, Doubt, read_plan

PX = 6.0  # pixels a millimetre of the flattened sheet
WORK_SIDE = 4096  # the photo is scaled down to at most this many pixels on its long side
DETECT_SIDE = 1600
INK = 0.66  # a pixel darker than this share of its paper level is ink (in a box)
LINE_INK = 0.84  # the same for a wall slot: a thin blurred stroke is lighter than a fill
BOX_INSET = 0.15
MIN_BOX_PIXELS = 4.5  # a box narrower than this in the photo cannot be read with certainty
MAX_PIXELS = 100_000_000  # Pillow warns above this and refuses above twice this


class ScanError(Exception):
    """A photo that cannot be read as a form: a message key of texts.ERRORS and params."""

    def __init__(self, key: str, **params: object) -> None:
        """Keep the message key and its parameters."""
        super().__init__(key)
        self.key, self.params = key, params


@dataclass
class Reading:
    """What was read from one photo."""

    layout: Layout
    plan: Plan
    doubts: list[Doubt]
    homography: Any  # from sheet millimetres to working-image pixels
    scale: float  # working-image pixels per original photo pixel
    image: Any = field(repr=False, default=None)  # the working image (grey)
    scores: dict[str, Any] = field(default_factory=dict, repr=False)


def load_image(path: Path | BinaryIO) -> tuple[Any, float]:
    """Return the photo (a file or its bytes) in grey, at most WORK_SIDE pixels long; the scale."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            grey, width = _decode(Image.open(path))
    except Image.DecompressionBombError:
        raise ScanError("big", limit=MAX_PIXELS * 2 // 1_000_000) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
        raise ScanError("image") from None
    scale = grey.size[0] / width
    if max(grey.size) > WORK_SIDE:
        k = WORK_SIDE / max(grey.size)
        grey = grey.resize((round(grey.size[0] * k), round(grey.size[1] * k)),
                           Image.Resampling.BILINEAR)
        scale *= k
    return np.asarray(grey), scale


def _decode(img: Any) -> tuple[Any, int]:
    """Return the opened image in grey (a big JPEG decoded at a reduced size), and its width."""
    with img:
        width, height = img.size
        full = max(img.size)
        if full > 2 * WORK_SIDE and img.format == "JPEG":
            img.draft("L", (width * WORK_SIDE // full, height * WORK_SIDE // full))
        return img.convert("L"), width


def find_markers(grey: Any) -> dict[int, Any]:
    """Return the corners (4×2, image pixels) of each form marker found, by id."""
    found = _detect(grey, DETECT_SIDE)
    if len(found) < len(MARKER_IDS):  # a marker in a shadow's edge or small: look harder
        evened = (ink_map(grey, DETECT_SIDE / max(grey.shape) * 2) * 200).clip(0, 255)
        for side, image in ((max(grey.shape), grey), (DETECT_SIDE, evened.astype(np.uint8))):
            more = _detect(image, side)
            if len(more) > len(found):
                found = more
    return found


def _detect(grey: Any, detect_side: int) -> dict[int, Any]:
    """Return the markers found on grey scaled to at most detect_side pixels."""
    k = min(1.0, detect_side / max(grey.shape))
    small = cv2.resize(grey, None, fx=k, fy=k, interpolation=cv2.INTER_AREA) if k < 1 else grey
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    corners, ids, _ = cv2.aruco.ArucoDetector(dictionary, params).detectMarkers(small)
    found: dict[int, Any] = {}
    if ids is None:
        return found
    for quad, marker_id in zip(corners, ids.ravel()):
        mid = int(marker_id)
        if mid not in MARKER_IDS:
            continue
        pts = quad.reshape(4, 2) / k
        area = cv2.contourArea(pts.astype(np.float32))
        if mid not in found or area > cv2.contourArea(found[mid].astype(np.float32)):
            found[mid] = pts
    if k < 1 and found:
        pts = np.concatenate([found[m] for m in sorted(found)]).astype(np.float32)
        win = max(2, int(round(1 / k)) + 1)
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
        cv2.cornerSubPix(grey, pts, (win, win), (-1, -1), crit)
        for i, m in enumerate(sorted(found)):
            found[m] = pts[4 * i:4 * i + 4]
    return found


def _pixels_per_mm(found: dict[int, Any]) -> float:
    """Return the photo's pixels a millimetre near the markers (the least of the four)."""
    sides = []
    for quad in found.values():
        edges = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1)
        sides.append(float(edges.min()) / MARKER)
    return min(sides)


def sheet_homography(found: dict[int, Any], width: float, height: float) -> Any:
    """Return the homography from sheet millimetres to image pixels for a paper size."""
    lay = Layout(2, 2, "a4", width, height, 10.0, 0.0, 0.0)
    src, dst = [], []
    for (x, y, w, _), marker_id in zip(lay.markers(), MARKER_IDS):
        for (cx, cy), (px, py) in zip(((x, y), (x + w, y), (x + w, y + w), (x, y + w)),
                                      found[marker_id]):
            src.append((cx, cy))
            dst.append((px, py))
    h, _ = cv2.findHomography(np.array(src, np.float32), np.array(dst, np.float32))
    return h


def flatten(grey: Any, h: Any, width: float, height: float, px: float = PX,
            x0: float = 0.0, y0: float = 0.0) -> Any:
    """Return the part of the sheet from (x0, y0) mm of size width×height mm, px pixels a mm."""
    shift = np.array([[1 / px, 0, x0], [0, 1 / px, y0], [0, 0, 1]])
    size = (int(round(width * px)), int(round(height * px)))
    return cv2.warpPerspective(grey, h @ shift, size, flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def read_qr(grey: Any, found: dict[int, Any]) -> tuple[int, int, str] | None:
    """Return (rows, cols, paper) from the QR code beside the bottom-right marker."""
    h = sheet_homography(found, *PAPERS["a4"])
    bx, by = 210.0 - 8.0 - MARKER, 297.0 - 8.0 - MARKER
    x0, y0 = bx - 4 - QR_SIDE - 7, by + MARKER - QR_SIDE - 7
    detectors = (cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco())
    for px in (8.0, 5.0, 11.0):
        crop = flatten(grey, h, QR_SIDE + 14, QR_SIDE + 14, px, x0, y0)
        level = (ink_map(crop, px) * 200).clip(0, 255).astype(np.uint8)  # shadows evened out
        for image in (crop, level, cv2.threshold(level, 0, 255, cv2.THRESH_BINARY +
                                                 cv2.THRESH_OTSU)[1]):
            for detector in detectors:
                try:
                    text, _, _ = detector.detectAndDecode(image)
                except cv2.error:
                    text = ""
                if text:
                    return parse_qr(text)
    return None


def size_from_grid(ratio: Any) -> tuple[int, int, str] | None:
    """Return the only form size whose vertex dots all show on the sheet, or None."""
    dots = cv2.erode((ratio < LINE_INK).astype(np.uint8), np.ones((2, 2), np.uint8))
    dots = cv2.dilate(dots, np.ones((3, 3), np.uint8))
    best: list[tuple[float, tuple[int, int, str]]] = []
    for paper in PAPERS:
        for rows in range(MIN_SIZE, MAX_SIZE + 1):
            for cols in range(MIN_SIZE, MAX_SIZE + 1):
                lay = layout(rows, cols, paper)
                ys = (lay.top + np.arange(rows + 1) * lay.cell) * PX
                xs = (lay.left + np.arange(cols + 1) * lay.cell) * PX
                yy, xx = np.meshgrid(ys.round().astype(int), xs.round().astype(int))
                inside = (yy < dots.shape[0]) & (xx < dots.shape[1])
                hits = dots[yy.clip(0, dots.shape[0] - 1), xx.clip(0, dots.shape[1] - 1)]
                best.append((float((hits * inside).mean()), (rows, cols, paper)))
    best.sort(reverse=True)
    if best[0][0] >= 0.95 and best[1][0] < 0.8:
        return best[0][1]
    return None


def ink_map(flat: Any, px: float = PX) -> Any:
    """Return each pixel of the flattened sheet as a share of its paper level."""
    smooth = cv2.GaussianBlur(flat, (3, 3), 0)
    k = int(px * 5) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (k, k))
    paper = cv2.morphologyEx(smooth, cv2.MORPH_CLOSE, kernel)
    paper = cv2.blur(paper, (5, 5))
    return smooth.astype(np.float32) / np.maximum(paper.astype(np.float32), 40.0)


def _box_score(integral: Any, rect: tuple[float, float, float, float]) -> float:
    """Return the share of ink in the middle of a box."""
    x, y, w, h = rect
    x0 = int(round((x + w * BOX_INSET) * PX))
    x1 = int(round((x + w * (1 - BOX_INSET)) * PX))
    y0 = int(round((y + h * BOX_INSET) * PX))
    y1 = int(round((y + h * (1 - BOX_INSET)) * PX))
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)
    total = integral[y1, x1] - integral[y0, x1] - integral[y1, x0] + integral[y0, x0]
    return float(total) / ((x1 - x0) * (y1 - y0))


def _slot_score(ink: Any, lay: Layout, slot: tuple[float, float, float, float]) -> float:
    """Return the share of points along a slot's middle with ink across it."""
    x0, y0, x1, y1 = slot
    band = max(1, int(round(SLOT_BAND * lay.cell * PX)))
    a, b = SLOT_SPAN
    if y0 == y1:  # horizontal
        row = int(round(y0 * PX))
        strip = ink[row - band:row + band + 1, int((x0 + (x1 - x0) * a) * PX):
                    int((x0 + (x1 - x0) * b) * PX)]
        return float(strip.max(axis=0).mean())
    col = int(round(x0 * PX))
    strip = ink[int((y0 + (y1 - y0) * a) * PX):int((y0 + (y1 - y0) * b) * PX),
                col - band:col + band + 1]
    return float(strip.max(axis=1).mean())


def _grid_present(integral: Any, lay: Layout) -> float:
    """Return the share of grid vertex dots found where the layout puts them."""
    v = max(0.7, lay.cell * 0.05)
    hits = 0
    for r in range(lay.rows + 1):
        for c in range(lay.cols + 1):
            x, y = lay.vertex(r, c)
            hits += _box_score(integral, (x - v / 2, y - v / 2, v, v)) > 0.5
    return hits / ((lay.rows + 1) * (lay.cols + 1))


def _grid_absent(integral: Any, lay: Layout) -> float:
    """Return the share of mid-cell paper points that are clean (a wrong-size grid is not)."""
    v = max(0.7, lay.cell * 0.05)
    clean = 0
    for r, c in lay.positions():
        x, y = lay.vertex(r, c)
        clean += _box_score(integral, (x + lay.cell / 2 - v / 2, y + lay.cell * 0.08, v, v)) < 0.3
    return clean / (lay.rows * lay.cols)


def read_photo(path: Path | BinaryIO, lang: str) -> Reading:
    """Read a photo of a form, a file or its bytes (raise ScanError saying why it cannot)."""
    grey, scale = load_image(path)
    found = find_markers(grey)
    if not found:
        raise ScanError("no-markers")
    missing = [i for i in MARKER_IDS if i not in found]
    if missing:
        raise ScanError("corner" if len(missing) == 1 else "corners", corners=missing)
    size = read_qr(grey, found)
    if size is None:  # no QR code: the grid itself may still say which form it is
        h = sheet_homography(found, *PAPERS["a4"])
        guess = size_from_grid(ink_map(flatten(grey, h, *PAPERS["a4"])))
        for paper in PAPERS:
            if guess is None and paper != "a4":
                h = sheet_homography(found, *PAPERS[paper])
                guess = size_from_grid(ink_map(flatten(grey, h, *PAPERS[paper])))
        if guess is None:
            raise ScanError("qr")
        size = guess
    rows, cols, paper = size
    lay = layout(rows, cols, paper)
    box_pixels = _pixels_per_mm(found) * lay.cell * BOX
    if box_pixels < MIN_BOX_PIXELS:
        raise ScanError("coarse", pixels=f"{box_pixels:.1f}", need=MIN_BOX_PIXELS)
    h = sheet_homography(found, lay.width, lay.height)
    flat = flatten(grey, h, lay.width, lay.height)
    ratio = ink_map(flat)
    integral = cv2.integral((ratio < INK).astype(np.float32))
    ink = ratio < LINE_INK
    if _grid_present(cv2.integral(ink.astype(np.float32)), lay) < 0.8 \
            or _grid_absent(integral, lay) < 0.6:
        raise ScanError("size", rows=rows, cols=cols)
    slots = {key: _slot_score(ink, lay, lay.slot(*key)) for key in lay.slots()}
    marks = {(pos, key): _box_score(integral, lay.mark(pos, key))
             for pos in lay.positions() for key in MARKS}
    swamps = {(pos, side): _box_score(integral, lay.swamp(pos, side))
              for pos in lay.positions() for side in lay.swamp_sides(pos)}
    if max(slots.values()) <= SLOT_LEVELS[0] and \
            max(max(marks.values()), max(swamps.values(), default=0)) <= BOX_LEVELS[0]:
        raise ScanError("blank")
    plan, doubts = read_plan(lay, slots, marks, swamps, lang)
    return Reading(lay, plan, doubts, h, scale, grey,
                   {"slots": slots, "marks": marks, "swamps": swamps})


def project(h: Any, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Return sheet points (mm) as working-image pixels."""
    pts = cv2.perspectiveTransform(np.array(points, np.float32).reshape(-1, 1, 2), h)
    return [(float(x), float(y)) for x, y in pts.reshape(-1, 2)]


__all__ = ["Pos", "Reading", "ScanError", "project", "read_photo"]

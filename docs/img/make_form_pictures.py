"""Make the pictures of docs/plan-form.md: a form filled by hand, its photo, and the overlay.

The blank form is rasterised, then marked the way a person marks it in an image editor:
wobbling strokes of uneven width over the wall slots (one wall drawn in two pieces), boxes
scribbled over with a zigzag that leaves part of them blank. The filled sheet is then
photographed in software (tilt, turn, uneven light, a hard shadow, blur, noise, JPEG), and
`plan scan` reads the photo and draws the overlay.

    .venv/bin/python docs/img/make_form_pictures.py [ru|en]
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from generator.plan.checker.check import load_plan, read_source  # noqa: E402
from generator.plan.form.draw import write_form  # noqa: E402
from generator.plan.form.layout import layout  # noqa: E402
from generator.plan.form.marks import plan_marks  # noqa: E402
from generator.plan.form.synth import Camera, photograph, render  # noqa: E402

DPI = 150
INK = (30, 35, 95)


def px(v: float) -> float:
    """Return millimetres as pixels at DPI."""
    return v * DPI / 25.4


def hand_line(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float],
              rng: random.Random) -> None:
    """Draw a wobbling stroke of uneven width from a to b (millimetres)."""
    steps = 14
    drift = rng.uniform(-0.35, 0.35)
    points = []
    for i in range(steps + 1):
        t = -0.04 + 1.08 * i / steps
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t
        off = drift + rng.uniform(-0.2, 0.2)
        if a[0] == b[0]:
            x += off
        else:
            y += off
        points.append((px(x), px(y)))
    for p, q in zip(points, points[1:]):
        draw.line([p, q], fill=INK, width=rng.choice((2, 3, 3, 4)))


def scribble(draw: ImageDraw.ImageDraw, rect: tuple[float, float, float, float],
             rng: random.Random) -> None:
    """Scribble over a box, leaving some of it blank."""
    x, y, w, h = rect
    share = rng.uniform(0.7, 1.0)
    lines = 7
    pts = []
    for i in range(lines):
        yy = y + h * share * i / (lines - 1)
        ends = (x + rng.uniform(-0.1, 0.15) * w, x + w * rng.uniform(0.85, 1.1))
        pts += [(px(ends[i % 2]), px(yy)), (px(ends[1 - i % 2]), px(yy + h * 0.05))]
    draw.line(pts, fill=INK, width=3, joint="curve")


def main(lang: str = "ru") -> None:
    """Write form-filled-LANG.png and form-overlay-LANG.png (the photo is not kept)."""
    plan, _ = load_plan(read_source(ROOT / "tests/fixtures/plans/spec_example.txt"), "p")
    lay = layout(plan.rows, plan.cols)
    rng = random.Random(5)
    out = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "blank.pdf"
        write_form(pdf, lay, lang)
        sheet = Image.fromarray(render(pdf, DPI)).convert("RGB")
    draw = ImageDraw.Draw(sheet)
    walls, marks, swamps = plan_marks(plan, lay)
    for i, (pos, side) in enumerate(walls):
        x0, y0, x1, y1 = lay.slot(pos, side)
        if i == 3:  # one wall drawn in two strokes that leave a small gap
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            hand_line(draw, (x0, y0), (mx - 0.6 * (x1 > x0), my - 0.6 * (y1 > y0)), rng)
            hand_line(draw, (mx + 0.8 * (x1 > x0), my + 0.8 * (y1 > y0)), (x1, y1), rng)
        else:
            hand_line(draw, (x0, y0), (x1, y1), rng)
    for pos, key in marks:
        scribble(draw, lay.mark(pos, key), rng)
    for pos, side in swamps:
        scribble(draw, lay.swamp(pos, side), rng)
    sheet.save(out / f"form-filled-{lang}.png", optimize=True)
    grey = np.asarray(sheet.convert("L"))
    camera = Camera(rotate=-7, tilt_x=14, tilt_y=-9, fill=0.86, curl=3, light=0.3, shadow=0.35,
                    blur=0.8, noise=4, jpeg=75)
    with tempfile.TemporaryDirectory() as tmp:
        photo, overlay = Path(tmp) / "photo.jpg", Path(tmp) / "overlay.png"
        photo.write_bytes(photograph(grey, camera, np.random.default_rng(3)))
        subprocess.run([sys.executable, "-m", "generator.cli", "plan", "scan", str(photo),
                        "--lang", lang, "--overlay", str(overlay)], cwd=ROOT, check=False)
        with Image.open(overlay) as image:  # a smaller copy for the docs
            small = image.convert("RGB")
            small.thumbnail((1100, 1100))
            small.quantize(96).save(out / f"form-overlay-{lang}.png", optimize=True)


if __name__ == "__main__":
    main(*sys.argv[1:])

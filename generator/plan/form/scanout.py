"""Report what `plan scan` read from one photo: grid text, doubts, check, overlay picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from ..text.gridtext import write_grid
from ..text.model import cell_name
from .marks import SLOT_LEVELS, is_marked
from .texts import CORNERS, doubt_text, error_text, summary_text

WALL_RED = (220, 30, 30)
EXIT_GREEN = (20, 160, 60)
DOUBT_ORANGE = (255, 140, 0)
CODE_BLUE = (20, 60, 200)


def scan_one(photo: Path, lang: str, overlay: Path | None, text: bool) -> tuple[dict, bool]:
    """Read photo; print the text report if text; return the JSON report and success."""
    from ..checker.check import check_plan
    from ..checker.messages import summary
    from .scan import ScanError, read_photo

    name = str(photo)
    try:
        reading = read_photo(photo, lang)
    except ScanError as exc:
        message = scan_error_text(exc, lang)
        if text:
            click.echo(f"{name}: {message}")
        return {"file": name, "error": message, "plan": None, "unclear": [], "check": None}, False
    grid = write_grid(reading.plan)
    report = check_plan(grid, name, lang)
    doubts = [{"cells": [cell_name(p) for p in d.cells], "score": d.score,
               "message": doubt_text(d.what, d.cells, d.score, d.detail, lang)}
              for d in reading.doubts]
    if text:
        click.echo(grid, nl=False)
        for doubt in doubts:
            click.echo(f"{name}: {doubt['message']}")
        for problem in report.problems:
            click.echo(problem.format(name))
        click.echo(summary(1, int(report.valid), int(not report.valid), report.errors,
                           report.warnings, lang))
        if doubts:
            click.echo(f"{name}: {summary_text(len(doubts), lang)}")
    if overlay is not None:
        _overlay(photo, reading, overlay)
    result = {"file": name, "rows": reading.layout.rows, "cols": reading.layout.cols,
              "plan": grid, "unclear": doubts, "check": report.to_dict()}
    return result, report.valid and not doubts


def scan_error_text(exc: Any, lang: str) -> str:
    """Return the one-line message for a ScanError (a photo that cannot be read)."""
    params = dict(exc.params)
    if "corners" in params:
        names = [CORNERS[lang][i] for i in params.pop("corners")]
        params["corner"] = (", " if lang == "en" else ", ").join(names)
    return error_text(exc.key, lang, **params)


def _overlay(photo: Path, reading: Any, target: Path) -> None:
    """Draw the walls, exits, codes and doubts read over the photo; write it as PNG."""
    from PIL import Image, ImageDraw, ImageFont

    from ...atomic import write_atomically
    from ...draw.fonts import FONT_DIR, FONT_FILES
    from .scan import project

    lay, plan, h = reading.layout, reading.plan, reading.homography
    grey = reading.image
    picture = Image.fromarray(grey).convert("RGB")
    picture = Image.blend(picture, Image.new("RGB", picture.size, (255, 255, 255)), 0.35)
    draw = ImageDraw.Draw(picture)
    (ax, ay), (bx, by) = project(h, [(0.0, 0.0), (lay.cell, 0.0)])
    cell_px = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    width = max(2, int(cell_px * 0.06))
    scores = reading.scores["slots"]
    for (pos, side), score in scores.items():
        x0, y0, x1, y1 = lay.slot(pos, side)
        p, q = project(h, [(x0, y0), (x1, y1)])
        outer = (pos, side) in plan.exits
        if outer:
            draw.line([p, q], fill=EXIT_GREEN, width=width)
        elif is_marked(score, SLOT_LEVELS):
            draw.line([p, q], fill=WALL_RED, width=width)
    for (a, b), target_cell in plan.swamps.items():
        source = b if target_cell == a else a
        (sx, sy), (tx, ty) = (project(h, [_centre(lay, p)])[0] for p in (source, target_cell))
        draw.line([((sx * 2 + tx) / 3, (sy * 2 + ty) / 3), ((sx + tx * 2) / 3, (sy + ty * 2) / 3)],
                  fill=EXIT_GREEN, width=max(1, width // 2))
    face = ImageFont.truetype(str(FONT_DIR / FONT_FILES["Sans-Bold"]), max(10, int(cell_px * 0.3)))
    for pos in lay.positions():
        code = plan.cell(pos).code
        if code in ("С", "."):
            continue
        (cx, cy), = project(h, [_centre(lay, pos)])
        draw.text((cx, cy), code, fill=CODE_BLUE, font=face, anchor="mm")
    for doubt in reading.doubts:
        for pos in doubt.cells:
            x, y = lay.cell_origin(pos)
            corners = project(h, [(x, y), (x + lay.cell, y), (x + lay.cell, y + lay.cell),
                                  (x, y + lay.cell)])
            draw.polygon(corners, outline=DOUBT_ORANGE, width=width)
    write_atomically(target, lambda tmp: picture.save(tmp, format="PNG"))


def _centre(lay: Any, pos: tuple[int, int]) -> tuple[float, float]:
    """Return the centre of a cell in sheet millimetres."""
    x, y = lay.cell_origin(pos)
    return (x + lay.cell / 2, y + lay.cell / 2)

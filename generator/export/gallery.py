"""The README's picture gallery: a small preview of one sheet per part, a montage per game.

Run `make gallery` (or `python -m generator.export.gallery [FOLDER]`, by default
docs/gallery). The pictures are rasterised from the same PDFs and piece pictures the tool
makes, in English, and saved as 256-colour PNGs with fixed settings, so that regenerating
them gives the same bytes and a changed picture shows up as a diff in review.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PIL import Image

from ..games.registry import game_ids
from ..pipeline.draw import draw_job
from ..pipeline.options import BuildOptions
from ..pipeline.plan import Job, plan_jobs
from .faces import part_faces
from .output import png_bytes

SHEET_DPI = 40  # an A4 sheet becomes 331 × 468 pixels
PIECE_DPI = 56
MONTAGE_WIDTH = 1200
PER_FAMILY = 4  # fronts shown per family of pieces (token, wand, corner …)
PER_KIND = 10  # and at most this many per kind, before one back
GAP = 12
BACKGROUND = (238, 234, 226)
LANG = "en"


def small_png(image: Image.Image) -> bytes:
    """A reproducible 256-colour PNG of an RGB image (a tenth the size of the full colours)."""
    palette = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                            dither=Image.Dither.NONE)
    return png_bytes(palette)


def sheet_preview(job: Job) -> Image.Image | None:
    """The first page of a part's PDF, as built, at SHEET_DPI."""
    import pypdfium2 as pdfium

    with tempfile.TemporaryDirectory(prefix="labyrinth-gallery-") as folder:
        path = Path(folder) / "part.pdf"
        draw_job(job, BuildOptions(games=(job.game.id,)), path)
        pdf = pdfium.PdfDocument(str(path))
        try:
            if len(pdf) == 0:
                return None
            bitmap = pdf[0].render(scale=SHEET_DPI / 72, rev_byteorder=True)
            return bitmap.to_pil().convert("RGB")
        finally:
            pdf.close()


def montage_faces(jobs: list[Job]) -> list[Image.Image]:
    """A few fronts and one back of every kind of piece (the sheets when a game has none)."""
    from ..pieces import family

    chosen: list[Image.Image] = []
    sheets: list[Image.Image] = []
    for job in jobs:
        kinds: dict[str, int] = {}
        families: dict[str, int] = {}
        backs: set[str] = set()
        for face in part_faces(job, PIECE_DPI):
            kind, fam = face.spec.kind, family(face.spec.id)
            if not face.spec.cut:
                sheets.append(face.image)
            elif (face.side == "front" and kinds.get(kind, 0) < PER_KIND
                  and families.get(fam, 0) < PER_FAMILY):
                kinds[kind] = kinds.get(kind, 0) + 1
                families[fam] = families.get(fam, 0) + 1
                chosen.append(face.image)
            elif face.side == "back" and kind not in backs:
                backs.add(kind)
                chosen.append(face.image)
    if chosen:
        return chosen
    return [s.resize((s.width // 2, s.height // 2), Image.Resampling.LANCZOS)
            for s in sheets[:4]]


def montage(faces: list[Image.Image]) -> Image.Image:
    """The faces in rows (wrapping at MONTAGE_WIDTH) on a light background."""
    rows: list[list[Image.Image]] = [[]]
    width = GAP
    for face in faces:
        if rows[-1] and width + face.width + GAP > MONTAGE_WIDTH:
            rows.append([])
            width = GAP
        rows[-1].append(face)
        width += face.width + GAP
    heights = [max(f.height for f in row) for row in rows]
    widths = [GAP + sum(f.width + GAP for f in row) for row in rows]
    canvas = Image.new("RGB", (max(widths), GAP + sum(h + GAP for h in heights)), BACKGROUND)
    y = GAP
    for row, height in zip(rows, heights):
        x = GAP
        for face in row:
            top = y + (height - face.height) // 2
            rgba = face.convert("RGBA")
            canvas.paste(rgba, (x, top), rgba)
            x += face.width + GAP
        y += height + GAP
    return canvas


def make_gallery(folder: Path) -> list[Path]:
    """Write every game's sheet previews and montage into folder; return the files."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game in game_ids():
        jobs, _ = plan_jobs(BuildOptions(games=(game,), lang=LANG), drawing=False)
        for job in jobs:
            preview = sheet_preview(job)
            if preview is not None:
                written.append(_write(folder / f"{game}-{job.part.name}.png", preview))
        pieces = [j for j in jobs if j.part.render is None and not j.part.special]
        written.append(_write(folder / f"{game}.png", montage(montage_faces(pieces))))
    return written


def _write(path: Path, image: Image.Image) -> Path:
    path.write_bytes(small_png(image))
    return path


def main(argv: list[str]) -> None:
    """Write the gallery into the folder given, or docs/gallery."""
    folder = Path(argv[0]) if argv else Path("docs/gallery")
    for path in make_gallery(folder):
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    (folder / "made-with.txt").write_text(made_with(), encoding="utf-8")


def made_with() -> str:
    """The versions that decide the pictures' bytes: the same ones give the same bytes."""
    from importlib.metadata import version

    names = ("pypdfium2", "pillow", "reportlab")
    return ("# `make gallery` wrote these pictures with (the same versions give the same "
            "bytes):\n" + "".join(f"{name} {version(name)}\n" for name in names))


if __name__ == "__main__":
    main(sys.argv[1:])

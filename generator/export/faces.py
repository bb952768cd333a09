"""Rasterise every piece face of a game: plan the jobs, draw one-up PDFs, cut the pictures.

Decisions:
- The pictures come from the same drawing code as the PDFs: each part is drawn as a one-up
  PDF (one piece a page, the page the piece's size, no bleed) into a temporary folder and
  rendered by PDFium with a transparent background.
- A picture is cut to the piece's outline from its geometry, not from its pixels: a circle's
  picture is transparent outside the circle, a hex location's outside its 19 small hexes,
  whatever the art paints there (a token back's disc overprints its cut on paper). The
  outline is drawn at 4× and scaled down, so its edge is smooth.
- Rectangular pieces and whole-page sheets are RGB (nothing to cut away); round and hex
  pieces are RGBA, their fully transparent pixels the colour of the piece's edge (its bleed
  colour) rather than white, which texture filtering would show as a light fringe.
"""

from __future__ import annotations

import math
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageStat

from ..errors import Problem, UsageError
from ..layout.imposition import PieceSpec
from ..pipeline.draw import draw_job
from ..pipeline.impose import impose_job
from ..pipeline.options import BuildOptions
from ..pipeline.plan import Job, plan_jobs

SUPERSAMPLE = 4
EDGE_RING = 2  # pixels of the cut's inside edge whose colour fills the transparent ones
MM_PER_INCH = 25.4


@dataclass(frozen=True)
class ExportOptions:
    """Everything `labyrinth-pnp export` can be told."""

    game: str
    fmt: str = "png"
    parts: tuple[str, ...] = ()
    pieces: tuple[str, ...] = ()
    lang: str = "all"
    dpi: int = 300
    out: Path = Path("output")
    content: Path | None = None
    url_prefix: str | None = None
    install: str | None = None  # None: no install; "": the program's folder; else DIR
    replace: bool = False  # --install may replace an earlier export of the same game
    install_root: Path | None = None  # where --install copies to (set by run_export)

    def build_options(self) -> BuildOptions:
        """The build options that impose one piece a page, fronts then backs."""
        return BuildOptions(games=(self.game,), parts=self.parts, pieces=self.pieces,
                            lang=self.lang, content=self.content, duplex="long", one_up=True,
                            jobs=1)


@dataclass(frozen=True)
class Face:
    """One rasterised side of one piece."""

    spec: PieceSpec
    side: str  # "front" or "back"
    image: Image.Image
    part: str


@dataclass
class Plan:
    """The jobs to export (one per part and language) and the content's warnings."""

    jobs: list[Job]
    warnings: list[Problem] = field(default_factory=list)

    @property
    def languages(self) -> list[str]:
        return list(dict.fromkeys(job.lang for job in self.jobs))


def plan_export(options: ExportOptions) -> Plan:
    """Check the options and load the content; return the parts to export in each language."""
    if options.dpi < 10 or options.dpi > 1200:
        raise UsageError(f"--dpi {options.dpi} is out of range: use 10 to 1200 "
                         "(300 for print quality, 100–150 for a virtual table)")
    if options.url_prefix is not None and options.fmt != "tts":
        raise UsageError("--url-prefix is for --format tts: the other formats refer to their "
                         "files by relative paths")
    if options.replace and options.install is None:
        raise UsageError("--replace goes with --install: it lets an install replace an "
                         "earlier export of the same game")
    if options.url_prefix is not None:
        check_url_prefix(options.url_prefix)
    jobs, warnings = plan_jobs(options.build_options(), drawing=False)
    drawn = [job for job in jobs if job.part.render is None and not job.part.special]
    if not drawn:
        asked = ", ".join(options.parts) or "its parts"
        raise UsageError(f"{options.game} has nothing to export in {asked}: rulebooks and the "
                         "print guide are PDFs only (`labyrinth-pnp build`)")
    return Plan(drawn, warnings)


def check_url_prefix(prefix: str) -> None:
    """Refuse a --url-prefix that is not a plain http(s) address (a usage error)."""
    shown = prefix.encode("unicode_escape").decode("ascii")[:80]
    if any(not ch.isprintable() or ch.isspace() for ch in prefix):
        raise UsageError(f"--url-prefix '{shown}' holds a space or a control character: give "
                         "the address where the images are hosted, such as "
                         "https://example.org/pnp/")
    if not prefix.lower().startswith(("http://", "https://")) or len(prefix) < 9:
        raise UsageError(f"--url-prefix '{shown}' is not an http:// or https:// address: "
                         "Tabletop Simulator loads the images from a web address, such as "
                         "https://example.org/pnp/")


def part_faces(job: Job, dpi: int) -> Iterator[Face]:
    """Yield every face of the job's pieces, in order: each piece's front, then its back."""
    options = BuildOptions(games=(job.game.id,), duplex="long", one_up=True)
    pages = impose_job(job, options)
    if not pages:
        return
    import pypdfium2 as pdfium  # imported here: only an export pays for it

    with tempfile.TemporaryDirectory(prefix="labyrinth-export-") as folder:
        pdf_path = Path(folder) / "one-up.pdf"
        draw_job(job, options, pdf_path)
        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            for index, page in enumerate(pages):
                placed = page.pieces[0]
                side = "back" if page.side == "back" or placed.face == "back" else "front"
                image = render_page(pdf[index], placed.spec, dpi)
                yield Face(placed.spec, side, image, job.part.name)
        finally:
            pdf.close()


def pixel_size(mm: float, dpi: int) -> int:
    """The pixels that `mm` millimetres take at dpi, rounded to the nearest."""
    return max(1, round(mm / MM_PER_INCH * dpi))


def render_page(page: Any, spec: PieceSpec, dpi: int) -> Image.Image:
    """Render one one-up page at dpi and cut it to the piece's outline."""
    width, height = pixel_size(spec.width, dpi), pixel_size(spec.height, dpi)
    page_w, page_h = page.get_size()
    # PDFium rounds a page's pixels up: a scale a hair under the target's gives exactly it
    scale = min((width - 0.01) / page_w, (height - 0.01) / page_h)
    bitmap = page.render(scale=scale, fill_color=(255, 255, 255, 0), rev_byteorder=True)
    image = bitmap.to_pil().convert("RGBA")
    if image.size != (width, height):
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    if spec.shape == "rect":
        flat = Image.new("RGB", image.size, (255, 255, 255))
        flat.paste(image, mask=image.getchannel("A"))
        return flat
    mask = outline_mask(spec.shape, image.size)
    alpha = Image.composite(image.getchannel("A"), Image.new("L", image.size, 0), mask)
    image.putalpha(alpha)
    return bleed_transparent(image)


def bleed_transparent(image: Image.Image) -> Image.Image:
    """Give every fully transparent pixel the piece's bleed colour: the median colour of the
    opaque ring just inside its cut, so a table's texture filtering shows no white fringe."""
    alpha = image.getchannel("A")
    opaque = alpha.point(lambda v: 255 if v == 255 else 0)
    inner = opaque.filter(ImageFilter.MinFilter(EDGE_RING * 2 + 1))
    ring = ImageChops.subtract(opaque, inner)
    if ring.getbbox() is None:
        ring = opaque
    if ring.getbbox() is None:
        return image
    colour = tuple(int(v) for v in ImageStat.Stat(image.convert("RGB"), ring).median)
    clear = alpha.point(lambda v: 255 if v == 0 else 0)
    image.paste(colour + (0,), mask=clear)
    return image


@lru_cache(maxsize=16)
def outline_mask(shape: str, size: tuple[int, int]) -> Image.Image:
    """An 8-bit mask of a cut outline, white inside, smooth at the edge (one per shape and
    size: equal pieces share it)."""
    w, h = size
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(big)
    if shape == "circle":
        draw.ellipse((0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1), fill=255)
    else:
        for polygon in hex_outline(w * SUPERSAMPLE, h * SUPERSAMPLE):
            draw.polygon(polygon, fill=255)
    return big.resize(size, Image.Resampling.BOX)


def hex_outline(w: float, h: float) -> list[list[tuple[float, float]]]:
    """The small hexes of a location fitted into a w × h box (pixels, y down), as polygons.

    A location is the cluster of 19 pointy-top hexes of radius 2 (generator/goblin/hexgrid.py),
    5√3 circumradii wide and 8 high, centred in its box as the painter centres it.
    """
    from ..goblin.hexgrid import LOCATION_HEXES, corner_mm

    size = min(w / (5 * math.sqrt(3)), h / 8.0)
    cx, cy = w / 2, h / 2
    return [[(cx + x, cy + y) for x, y in (corner_mm(hx, size, k) for k in range(6))]
            for hx in LOCATION_HEXES]

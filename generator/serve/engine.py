"""What the web pages ask of the library: a print choice, its PDF, its sheets as pictures.

Every PDF comes from `run_build`, the function `labyrinth-pnp build` calls, with the same
options, into a private temporary folder: the file the page offers is the file the command
would write. `make_pdf` is the one place a build happens, so an incremental build can be
plugged in there later.
"""

from __future__ import annotations

import atexit
import shlex
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..build import run_build
from ..errors import UsageError
from ..pipeline.options import BuildOptions
from ..units import LengthSyntaxError, parse_length

PAPERS = ("a4", "letter")
DUPLEXES = ("long", "short", "none", "fold")
WHAT = ("pieces", "part", "pack")
MAX_PIECES = 400  # ids in one request: more than any game has


@dataclass(frozen=True)
class Folders:
    """The user's folders the server was started with (None: the bundled ones)."""

    content: Path | None = None
    templates: Path | None = None


@dataclass(frozen=True)
class PrintChoice:
    """Everything the Print page can choose; it maps one to one onto `build` options."""

    game: str
    lang: str = "en"
    paper: str = "a4"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    gutter: float = 0.0
    bleed: float = 0.0
    ink_saver: bool = False
    one_up: bool = False
    what: str = "pieces"  # "pieces", "part" or "pack"
    pieces: tuple[str, ...] = ()
    part: str = ""

    def options(self, folders: Folders, out: Path) -> BuildOptions:
        """The BuildOptions `labyrinth-pnp build` makes of the equivalent command line."""
        return BuildOptions(
            games=(self.game,), lang=self.lang, paper=self.paper, duplex=self.duplex,
            back_offset=self.back_offset, gutter=self.gutter, bleed=self.bleed,
            ink_saver=self.ink_saver, one_up=self.one_up, out=out, jobs=1,
            content=folders.content, templates=folders.templates,
            parts=(self.part,) if self.what == "part" else (),
            pieces=(",".join(self.pieces),) if self.what == "pieces" else (),
            pack=self.what == "pack")

    def command(self, folders: Folders) -> str:
        """The `labyrinth-pnp build` command line that writes the same file."""
        words = ["labyrinth-pnp", "build", self.game, "--lang", self.lang]
        if self.what == "pieces":
            words += ["--pieces", ",".join(self.pieces)]
        elif self.what == "part":
            words += ["--part", self.part]
        else:
            words.append("--pack")
        defaults = PrintChoice(self.game)
        for name in ("paper", "duplex", "gutter", "bleed"):
            value = getattr(self, name)
            if value != getattr(defaults, name):
                text = f"{value:g}mm" if isinstance(value, float) else str(value)
                words += [f"--{name}", text]
        if self.back_offset != defaults.back_offset:
            words += ["--back-offset", ",".join(f"{v:g}mm" for v in self.back_offset)]
        words += [flag for flag, on in (("--ink-saver", self.ink_saver),
                                        ("--one-up", self.one_up)) if on]
        for name in ("content", "templates"):
            folder = getattr(folders, name)
            if folder is not None:
                words += [f"--{name}", str(folder)]
        return shlex.join(words)


def _mm(query: Mapping[str, str], name: str, least: float, most: float, label: str) -> float:
    """Read a length in mm from a form field; raise UsageError when out of range."""
    text = (query.get(name) or "0").strip().removesuffix("mm").strip()
    sign = -1.0 if text.startswith("-") else 1.0
    try:
        value = sign * parse_length(f"{text.lstrip('+-')}mm")
    except LengthSyntaxError as exc:
        raise UsageError(f"{label}: write a number of millimetres, e.g. 3 (not {text!r})"
                         ) from exc
    if not least <= value <= most:
        raise UsageError(f"{label}: {value:g}mm is out of range; use {least:g} to {most:g}mm")
    return value


def _one_of(query: Mapping[str, str], name: str, allowed: tuple[str, ...]) -> str:
    value = query.get(name) or allowed[0]
    if value not in allowed:
        raise UsageError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    return value


def read_choice(game: str, query: Mapping[str, str], pieces: list[str]) -> PrintChoice:
    """Read a PrintChoice from the Print page's form fields; raise UsageError on bad values."""
    if len(pieces) > MAX_PIECES:
        raise UsageError(f"at most {MAX_PIECES} pieces at once: choose the whole set instead")
    lang = query.get("lang") or "en"
    if not lang.replace("-", "").replace("_", "").isalnum() or len(lang) > 12:
        raise UsageError(f"{lang!r} is not a language code")
    return PrintChoice(
        game=game, lang=lang, paper=_one_of(query, "paper", PAPERS),
        duplex=_one_of(query, "duplex", DUPLEXES),
        back_offset=(_mm(query, "offset_x", -5, 5, "back offset X"),
                     _mm(query, "offset_y", -5, 5, "back offset Y")),
        gutter=_mm(query, "gutter", 0, 20, "gutter"), bleed=_mm(query, "bleed", 0, 5, "bleed"),
        ink_saver=query.get("ink_saver") == "on", one_up=query.get("one_up") == "on",
        what=_one_of(query, "what", WHAT), pieces=tuple(dict.fromkeys(pieces)),
        part=query.get("part") or "")


@dataclass
class Built:
    """One PDF the page can show and offer: its bytes, file name and sheets."""

    data: bytes
    name: str
    sides: list[str]  # "front" or "back", one a page
    sizes: list[tuple[float, float]]  # each page's width and height in points
    pictures: dict[int, bytes] = field(default_factory=dict)  # page index -> PNG
    texts: dict[int, str] = field(default_factory=dict)  # page index -> words printed on it

    def sheets(self) -> list[list[int]]:
        """Page indices grouped as printed sheets: a front and the back that follows it."""
        out: list[list[int]] = []
        for index, side in enumerate(self.sides):
            if side == "back" and out and len(out[-1]) == 1 and self.sides[out[-1][0]] != "back":
                out[-1].append(index)
            else:
                out.append([index])
        return out


_PREVIEWS: list[Path] = []  # this process's private output folder, made on first use


def _preview_folder() -> Path:
    """The server's own output folder, kept for the life of the process and removed at exit,
    so that the build's manifest (see pipeline/skip.py) lets an unchanged choice be reused."""
    if not _PREVIEWS:
        folder = Path(tempfile.mkdtemp(prefix="labyrinth-serve-"))
        atexit.register(shutil.rmtree, folder, True)
        _PREVIEWS.append(folder)
    return _PREVIEWS[0]


def make_pdf(choice: PrintChoice, folders: Folders) -> Built:
    """Build the choice's PDF with run_build into a private folder; return it."""
    if choice.what == "pieces" and not choice.pieces:
        raise UsageError("no pieces chosen yet: click the pieces you want to print")
    if choice.what == "part" and not choice.part:
        raise UsageError("choose a part to print")
    from ..layout.export import layout_data

    folder = _preview_folder()
    options = choice.options(folders, folder)
    report = run_build(options)  # incremental: a choice whose inputs did not change is reused
    made = report.written + report.skipped
    if len(made) != 1:
        raise UsageError(f"this choice makes {len(made)} files; choose one part")
    path = made[0]
    data = path.read_bytes()
    files = layout_data(replace(options, out=folder))["files"]
    sides = [page["side"] for f in files for page in f["pages"]]
    texts, sizes = read_pages(data)
    if len(sides) != len(texts):  # rulebooks and the print guide of a part: no layout data
        sides = ["front"] * len(texts)
    return Built(data, path.name, sides, sizes, texts=texts)


def read_pages(data: bytes) -> tuple[dict[int, str], list[tuple[float, float]]]:
    """The words printed on each page of a PDF and each page's size in points, without
    drawing the pages."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    try:
        texts, sizes = {}, []
        for index in range(len(pdf)):
            page = pdf[index]
            text = page.get_textpage()
            texts[index] = text.get_text_range()
            sizes.append(page.get_size())
            text.close()
            page.close()
        return texts, sizes
    finally:
        pdf.close()


PREVIEW_DPI = 48  # an A4 page is 397 × 561 pixels


def render_page(built: Built, index: int, dpi: int = PREVIEW_DPI) -> bytes:
    """Render one page of a built PDF as PNG (kept in `built`)."""
    if index in built.pictures:
        return built.pictures[index]
    import io

    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(built.data)
    try:
        page = pdf[index]
        image = page.render(scale=dpi / 72).to_pil()
        page.close()
    finally:
        pdf.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    built.pictures[index] = buffer.getvalue()
    return built.pictures[index]



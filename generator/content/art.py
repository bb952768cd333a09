"""Pictures as content: SVG or PNG files under `GAME/art/`, named by path from the YAML.

A picture is found through the content roots like every content file (a user's folder first,
file by file) and checked when the content loads, with the standard library only (svglib is
imported by the drawing code, and only when a picture is drawn). A picture must be

- a file inside the content folder, ending in `.svg` or `.png`, at most 2 MiB;
- for SVG: well-formed XML with an `<svg>` root, no entity declarations, no `<script>` and
  no `<foreignObject>`, and nothing outside itself: every `href` names `#an-id` or holds a
  `data:` URI, every CSS `url(...)` names `#an-id`, no `@import`;
- for PNG: a PNG file.

Every refusal is one problem located at the YAML value that names the picture. The loaders
register the pictures they resolved (`register`), so pieces drawn from plain values (the
rulebook's diagrams) find the same files as the printed pieces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any
from xml.parsers import expat

from ..errors import Problem
from ..sourceyaml import SourceDoc
from .paths import ContentRoots, bundled_dir, safe_file
from .svglimits import (
    SvgLimitError,
    check_depth,
    check_encoding,
    check_image,
    check_numbers,
    check_root_size,
)

MAX_PICTURE_BYTES = 2 << 20
SUFFIXES = (".svg", ".png")
INK_SAVER = ".ink-saver"  # NAME.ink-saver.svg: the picture drawn with --ink-saver
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
REFUSED_ELEMENTS = ("script", "foreignObject")
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"]*)", re.IGNORECASE)


@dataclass(frozen=True)
class Picture:
    """A checked picture file and the YAML place that names it."""

    path: Path
    ref: str  # as written in the YAML, relative to the game's folder
    file: str
    line: int
    column: int
    ink_saver: Picture | None = None  # the variant for --ink-saver: NAME.ink-saver.svg beside it

    @property
    def kind(self) -> str:
        """'svg' or 'png'."""
        return self.path.suffix.lower().lstrip(".")

    def problem(self, message: str) -> Problem:
        """A problem about this picture, located at its YAML reference."""
        return Problem(self.file, self.line, self.column, f"picture '{self.ref}' {message}")


_REGISTRY: dict[tuple[str, str], Picture] = {}


def register(game: str, pictures: dict[str, Picture]) -> None:
    """Make these the pictures of a game (by key, e.g. 'ingredient-13'), forgetting older ones."""
    for key in [k for k in _REGISTRY if k[0] == game]:
        del _REGISTRY[key]
    _REGISTRY.update({(game, key): picture for key, picture in pictures.items()})


def registered(game: str, key: str) -> Picture | None:
    """The picture a loaded content gave this key, or None."""
    return _REGISTRY.get((game, key))


def registry_of(game: str) -> list[tuple[str, Picture]]:
    """The pictures a loaded content gave a game's keys, by key."""
    return sorted((key, p) for (owner, key), p in _REGISTRY.items() if owner == game)


def registered_pictures(games: list[str] | None = None) -> list[Picture]:
    """Every registered picture (of the given games), each file once, in a stable order."""
    found = {p.path: p for (game, _), p in sorted(_REGISTRY.items(), key=lambda kv: kv[0])
             if games is None or game in games}
    return list(found.values())


def bundled_picture(game: str, ref: str) -> Picture | None:
    """A bundled picture taken as it is (for drawings made before any content is loaded)."""
    path = bundled_dir("content") / game / ref
    if not path.is_file():
        return None
    variant = path.with_name(path.stem + INK_SAVER + path.suffix)
    ink = Picture(variant, ref, f"{game}/{ref}", 1, 1) if variant.is_file() else None
    return Picture(path, ref, f"{game}/{ref}", 1, 1, ink)


def resolve_refs(roots: ContentRoots, game: str, relative: str,
                 refs: list[tuple[str, tuple[Any, ...], str | None]],
                 problems: list[Problem]) -> dict[str, Picture]:
    """Resolve (key, YAML path, file) references of one content file of a game, by key; a
    file of None is read at the YAML path, and skipped when the file does not name one."""
    from ..sourceyaml import load_yaml_file
    from .paths import display_path

    path = roots.find(f"{game}/{relative}")
    if path is None:
        return {}
    doc, _ = load_yaml_file(path, display_path(path))
    found: dict[str, Picture] = {}
    for key, where, ref in refs:
        if ref is None and not _value(doc, where, default=""):
            continue
        picture = resolve(roots, game, doc, where, problems, ref)
        if picture is not None:
            found.setdefault(key, picture)
    return found


def resolve(roots: ContentRoots, game: str, doc: SourceDoc, where: tuple[Any, ...],
            problems: list[Problem], ref: str | None = None) -> Picture | None:
    """Find and check the picture named at `where` in doc (or `ref`, a default for a value
    left out); add a problem and return None when it is missing, outside the content folder
    or refused."""
    ref = _value(doc, where) if ref is None else ref
    line, column = doc.where(where)
    located = Picture(Path(ref), ref, doc.file, line, column)
    parts = PurePosixPath(ref)
    if not ref or parts.is_absolute() or ".." in parts.parts or "\\" in ref:
        problems.append(located.problem("leads out of the content folder: name a file below "
                                        f"{game}/, e.g. art/picture.svg"))
        return None
    if parts.suffix.lower() not in SUFFIXES:
        problems.append(located.problem("must be an .svg or a .png file"))
        return None
    path, refusal = _locate(roots, f"{game}/{ref}")
    if refusal is not None:
        problems.append(located.problem(f"is refused: {refusal}"))
        return None
    if path is None:
        problems.append(located.problem(f"is missing: no file {game}/{ref} in the content "
                                        "folders"))
        return None
    picture = Picture(path, ref, doc.file, line, column)
    reason = file_problem(path)
    if reason is not None:
        problems.append(picture.problem(reason))
        return None
    return _with_ink_saver(roots, game, picture, problems)


def _with_ink_saver(roots: ContentRoots, game: str, picture: Picture,
                    problems: list[Problem]) -> Picture | None:
    """Attach the picture's --ink-saver variant (NAME.ink-saver.svg beside it, in the same
    content folder: a user's own picture never gets the bundled one's variant), if any."""
    parts = PurePosixPath(picture.ref)
    ref = str(parts.with_name(parts.stem + INK_SAVER + parts.suffix))
    root = next(r for r in roots.roots if picture.path == r / game / picture.ref)
    path, found = safe_file(root, f"{game}/{ref}")
    refusal = found.message if found is not None else None
    if path is None and refusal is None:
        return picture
    variant = Picture(path or Path(ref), ref, picture.file, picture.line, picture.column)
    reason = f"is refused: {refusal}" if refusal is not None else file_problem(variant.path)
    if reason is not None:
        problems.append(variant.problem(reason))
        return None
    return replace(picture, ink_saver=variant)


def _value(doc: SourceDoc, where: tuple[Any, ...], default: str | None = None) -> str:
    data: Any = doc.data
    for step in where:
        try:
            data = data[step]
        except (KeyError, IndexError, TypeError):
            if default is None:
                raise
            return default
    return str(data).strip()


def _locate(roots: ContentRoots, relative: str) -> tuple[Path | None, str | None]:
    """The first root's file at relative, or why it is refused (a link out of the folder)."""
    for root in roots.roots:
        path, refusal = safe_file(root, relative)
        if refusal is not None:
            return None, refusal.message
        if path is not None:
            return path, None
    return None, None


_VERDICTS: dict[tuple[Path, float, int], str | None] = {}


def file_problem(path: Path) -> str | None:
    """Why a picture file cannot be used (the end of a sentence), or None; once per file."""
    try:
        stat = path.stat()
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    key = (path, stat.st_mtime, stat.st_size)
    if key not in _VERDICTS:
        _VERDICTS[key] = _judge(path, stat.st_size)
    return _VERDICTS[key]


def _judge(path: Path, size: int) -> str | None:
    if size > MAX_PICTURE_BYTES:
        return (f"is larger than {MAX_PICTURE_BYTES >> 20} MiB ({size} bytes): simplify it or "
                "save it smaller")
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"cannot be read: {exc.strerror}"
    if path.suffix.lower() == ".png":
        return png_problem(data)
    return svg_problem(data)


def png_problem(data: bytes) -> str | None:
    """Why PNG data is refused (not a PNG, too many pixels, cut short), or None."""
    if not data.startswith(PNG_SIGNATURE):
        return "is not a PNG file: save it as PNG"
    import struct
    import warnings
    from io import BytesIO

    from PIL import Image

    from .svglimits import MAX_IMAGE_PIXELS

    if len(data) >= 24 and data[12:16] == b"IHDR":  # the size, before any decoder sees it
        width, height = struct.unpack(">II", data[16:24])
        if width * height > MAX_IMAGE_PIXELS:
            return (f"has {width}×{height} pixels; at most {MAX_IMAGE_PIXELS:,} are allowed: "
                    "scale it down")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(BytesIO(data)) as image:
                width, height = image.size
                if width * height > MAX_IMAGE_PIXELS:
                    return (f"has {width}×{height} pixels; at most {MAX_IMAGE_PIXELS:,} are "
                            "allowed: scale it down")
                image.load()
    except Exception:  # noqa: BLE001 - PIL raises many kinds for a broken file
        return "is a damaged PNG file (its data is cut short or broken): save it again"
    return None


def svg_problem(data: bytes) -> str | None:
    """Why SVG data is refused (unreadable, not SVG, not self-contained, scripted), or None."""
    checker = _SvgChecker()
    try:
        check_encoding(data)
        checker.run(data)
    except (_Refusal, SvgLimitError) as exc:
        return str(exc)
    except (ValueError, LookupError):  # an encoding expat cannot read
        return "is saved in an encoding that is not read: save it as UTF-8"
    except expat.ExpatError as exc:
        return (f"is not a readable SVG (line {exc.lineno}, column {exc.offset + 1}: "
                f"{expat.ErrorString(exc.code)}): fix the file or export it again")
    if not checker.root_seen:
        return "is not a readable SVG (no element in it): fix the file or export it again"
    return None


class _Refusal(Exception):
    """An SVG feature we do not accept."""


class _SvgChecker:
    """Walk an SVG with expat: refuse entities, scripts and references to anything outside."""

    def __init__(self) -> None:
        self.root_seen = False
        self.in_style = 0
        self.depth = 0
        self.parser = expat.ParserCreate(namespace_separator=" ")

    def run(self, data: bytes) -> None:
        p = self.parser
        p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartElementHandler = self.start
        p.EndElementHandler = self.end
        p.CharacterDataHandler = self.text
        p.EntityDeclHandler = self.entity
        p.ExternalEntityRefHandler = self.external_entity
        p.Parse(data, True)

    def _line(self) -> int:
        return self.parser.CurrentLineNumber

    def start(self, name: str, attrs: dict[str, str]) -> None:
        local = name.rsplit(" ", 1)[-1]
        self.depth += 1
        check_depth(self.depth, self._line())
        if not self.root_seen:
            self.root_seen = True
            if local != "svg":
                raise _Refusal(f"is not an SVG: its first element is <{local}>, not <svg>")
            check_root_size(attrs, self._line())
        if local in REFUSED_ELEMENTS:
            raise _Refusal(f"contains <{local}> (line {self._line()}): pictures may not carry "
                           "scripts or embedded documents; remove it")
        if local == "style":
            self.in_style += 1
        for attr, value in attrs.items():
            attr_local = attr.rsplit(" ", 1)[-1]
            if attr_local == "href":
                target = value.strip()
                if not (target.startswith("#") or target.lower().startswith("data:")):
                    raise _Refusal(self._outside(target))
                if local == "image":
                    check_image(target, self._line())
            elif attr_local.lower().startswith("on"):
                raise _Refusal(f"has a script attribute '{attr_local}' (line {self._line()}): "
                               "remove it")
            else:
                self._css(value)
                if " " not in attr:  # our own attributes; other namespaces are ignored
                    check_numbers(attr_local, value, self._line())

    def end(self, name: str) -> None:
        self.depth -= 1
        if name.rsplit(" ", 1)[-1] == "style":
            self.in_style -= 1

    def text(self, data: str) -> None:
        if self.in_style:
            self._css(data)
            check_numbers("style", data, self._line())

    def _css(self, value: str) -> None:
        if "@import" in value.lower():
            raise _Refusal(self._outside("@import"))
        for target in _URL.findall(value):
            if not target.strip().startswith("#"):
                raise _Refusal(self._outside(target.strip()))

    def _outside(self, target: str) -> str:
        return (f"refers to something outside it ('{target[:60]}', line {self._line()}): "
                "a picture must be self-contained; embed the image as a data: URI or remove "
                "the reference")

    def entity(self, *args: Any) -> None:
        raise _Refusal(f"declares an XML entity (line {self._line()}): entities are refused "
                       "in pictures; remove the <!ENTITY …> declaration")

    def external_entity(self, *args: Any) -> int:
        raise _Refusal(self._outside(str(args[2] or args[1] or "an external entity")))

"""Fonts for the text in SVG pictures: the bundled Noto fonts only, never a file elsewhere.

svglib, left alone, turns a `font-family` into a font file by trying the name as a path and
then by asking the `fc-match` program, so a picture could embed any TrueType file of the
machine and start a program with its own text. `confine_svglib()` replaces svglib's font map
by `BundledFontMap`: a family is mapped to the bundled Serif or Sans font by its name,
nothing is opened by the name a picture gives and no program is started. A family we do not
ship is drawn in Sans and recorded in `unknown_families`, so `check` can warn about it.
"""

from __future__ import annotations

from typing import Any

from .fonts import font

SERIF = ("serif", "times", "georgia", "garamond", "palatino", "cambria", "noto serif",
         "liberation serif", "dejavu serif", "book")
KNOWN = {"sans-serif", "sans", "serif", "monospace", "helvetica", "arial", "times",
         "times new roman", "courier", "courier new", "noto sans", "noto serif",
         "noto sans mono", "verdana", "georgia", "liberation sans", "dejavu sans"}
unknown_families: set[str] = set()


def bundled_font_for(family: str, weight: str = "normal", style: str = "normal") -> str:
    """The ReportLab name of the bundled font that stands in for an SVG font family."""
    name = family.strip().strip("'\"").lower()
    base = "Serif" if any(word in name for word in SERIF) else "Sans"
    bold = str(weight).lower() in ("bold", "bolder", "600", "700", "800", "900")
    italic = str(style).lower() in ("italic", "oblique")
    suffix = ("Bold" if bold else "") + ("Italic" if italic else "")
    return font(f"{base}-{suffix}" if suffix else base)


def confine_svglib() -> None:
    """Make svglib find fonts through BundledFontMap (idempotent)."""
    import svglib.fonts as svgfonts

    if isinstance(svgfonts._font_map, BundledFontMap):  # noqa: SLF001
        return

    class _Map(svgfonts.FontMap, BundledFontMap):  # type: ignore[misc]
        def find_font(self, font_name: str, weight: str = "normal",
                      style: str = "normal") -> tuple[str, bool]:
            return BundledFontMap.find(font_name, weight, style)

        def use_fontconfig(self, *args: Any, **kwargs: Any) -> tuple[None, bool]:
            return None, False

        def register_font(self, *args: Any, **kwargs: Any) -> tuple[None, bool]:
            return None, False

    svgfonts._font_map = _Map()  # noqa: SLF001


class BundledFontMap:
    """A font map that answers from the bundled fonts only (see the module's docstring)."""

    @staticmethod
    def find(font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        """The bundled font for a family, and whether the family is one we stand in for."""
        clean = font_name.strip().strip("'\"")
        if clean.lower() not in KNOWN:
            unknown_families.add(clean[:60])
        return bundled_font_for(clean, weight, style), True

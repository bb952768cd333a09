"""Where a language's files are and what in them is text: the ground both `lang new` /
`lang status` (generator/languages.py) and the PO round trip (generator/lang/) stand on."""

from __future__ import annotations

import re
from pathlib import Path

from ..content.translation import SOURCE_KEY

COMMON = "common/text"
PER_GAME = (("text", ".yaml", "labels and names printed on the pieces and sheets"),
            ("terms", ".yaml", "the glossary: one spelling per game term, words to avoid"),
            ("rules", ".md", "the rulebook"),
            ("play", ".yaml", "what the program says when it hosts a game (plan play)"))
# YAML keys whose values are names the tool reads, not words: never marked
NOT_WORDS = {SOURCE_KEY, "marks", "symbol"}
_WORDS = re.compile(r"\{[^{}]*\}")


def _has_words(text: str) -> bool:
    return any(ch.isalpha() for ch in _WORDS.sub("", text))


_CAPTION = re.compile(r'caption="([^"]*)"')
_STRUCT = re.compile(r"(#{1,6} |[-*+] |\d+[.)] |> |\| )")


def text_units(lines: list[str]) -> list[tuple[int, int]]:
    """(line index, column) where each unit of a rulebook's text starts: a heading, a list
    item, a table row, a quote, or a paragraph's first line; code, templates left out."""
    units = []
    fence = ""
    previous_blank = True
    for i, row in enumerate(lines):
        stripped = row.strip()
        indent = len(row) - len(row.lstrip())
        if fence:
            fence = "" if stripped.startswith(fence) else fence
            previous_blank = False
            continue
        if stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
            continue
        if not stripped:
            previous_blank = True
            continue
        caption = _CAPTION.search(row) if stripped.startswith("{{") else None
        if caption and _has_words(caption.group(1)):  # a diagram's own caption is text too
            units.append((i, caption.start(1)))
            previous_blank = False
            continue
        skip = (stripped.startswith(("{%", "<!--", "{#"))
                or re.fullmatch(r"\|?[\s|:-]+\|?", stripped)
                or (stripped.startswith("{{") and stripped.endswith("}}")))
        struct = _STRUCT.match(stripped)
        if not skip and (struct or previous_blank):
            at = indent + (struct.end() if struct else 0)
            if _has_words(row[at:]):
                units.append((i, at))
        previous_blank = False
    return units


def source_language(path: Path | None) -> str:
    """What a language file says it was translated from, or ""."""
    if path is None:
        return ""
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"(?m)^{SOURCE_KEY}:\s*([A-Za-z-]+)\s*$", text[:4000])
    return found.group(1) if found else ""

"""Which comment lines of a plan a sheet in one language shows.

Decision: a plan's comments are its author's free text, in any language. A line may name its
language with a tag, `# en: A 4×5 example` or `# ru: Пример 4×5`; a tagged line is shown only
on sheets of that language, without the tag. An untagged line is shown on a sheet when every
letter in it is Latin or of the sheet's own alphabet (the alphabet of its ravine letters), so a
Russian comment never appears on an English sheet; the sheet says how many such lines it left
out. Tagged lines of other languages are translations and are left out without a word.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .model import Plan

_TAG = re.compile(r"([a-z]{2,3}):\s?(.*)\Z", re.DOTALL)


@dataclass(frozen=True)
class Comments:
    """The comment lines a sheet shows (without `#`), and how many it leaves out."""

    shown: list[str]
    hidden: int


def script(ch: str) -> str:
    """Return the script of a letter ('LATIN', 'CYRILLIC', …), or '' for any other character."""
    if not ch.isalpha():
        return ""
    try:
        return unicodedata.name(ch).split(" ", 1)[0]
    except ValueError:
        return "?"


def alphabet_of(letters: str) -> str:
    """Return the script of a sheet's ravine letters (its alphabet)."""
    return next((s for s in map(script, letters) if s), "LATIN")


def _fits(text: str, alphabet: str) -> bool:
    return all(s in ("", "LATIN", alphabet) for s in map(script, text))


def comment_texts(plan: Plan) -> list[str]:
    """Return the text of every comment line around the grid, in file order, `#` removed."""
    out = []
    for line in [*plan.before, *plan.after]:
        text = line.strip()
        if text.startswith("#"):
            text = text.lstrip("#").strip()
            if text:
                out.append(text)
    return out


def sheet_comments(plan: Plan, lang: str, letters: str) -> Comments:
    """Return the comment lines a sheet in lang (ravine letters `letters`) shows."""
    alphabet = alphabet_of(letters)
    shown: list[str] = []
    hidden = 0
    for text in comment_texts(plan):
        tag = _TAG.match(text)
        if tag is not None and (tag.group(1) in _LANGUAGE_TAGS or tag.group(1) == lang):
            if tag.group(1) == lang and tag.group(2).strip():
                shown.append(tag.group(2).strip())
        elif _fits(text, alphabet):
            shown.append(text)
        else:
            hidden += 1
    return Comments(shown, hidden)


_LANGUAGE_TAGS = frozenset({"ru", "en", "de", "fr", "es", "it", "pl", "uk", "be", "kk", "pt",
                            "nl", "cs", "sv", "fi", "ja", "zh"})

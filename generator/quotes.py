"""Typographic quotes for English text: the rulebooks' own words and the content's words they
quote (kept apart from the typesetter, so that a rulebook's key is worked out without it)."""

from __future__ import annotations

import re


def smart_quotes(text: str) -> str:
    """Straight quotes to typographic ones: “…”, ‘…’, and ’ for an apostrophe."""
    text = text.replace("&quot;", '"')
    text = re.sub(r'(^|[\s(\[\u00a0])"', "\\1\u201c", text)
    text = text.replace('"', "\u201d")
    text = re.sub(r"(?<=\w)'(?=\w)", "\u2019", text)
    text = re.sub(r"(^|[\s(\[\u00a0])'", "\\1\u2018", text)
    return text.replace("'", "\u2019")

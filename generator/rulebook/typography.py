"""Typography of a paragraph's markup: dashes and quotes per language, symbols the fonts lack,
non-breaking joins."""

from __future__ import annotations

import re

from ..quotes import smart_quotes as _smart_quotes
from .flowables import (
    symbol_font,
)
from .typestyle import FALLBACKS

# --- blocks to flowables -------------------------------------------------------------------

_DASH = re.compile(r" ([—–]) ")


_UNBREAKABLE = re.compile(r"<code>.*?</code>|«[^»]*»|“[^”]*”|\"[^\"]*\"")
_CODE_TAG = "backColor="


def typography(markup: str, lang: str = "ru") -> str:
    """Bind numbers and short words to the next word, dashes to the previous; swap glyphs;
    in English, typographic quotes and apostrophes (never inside code)."""
    parts = re.split(r"(<[^>]*>)", markup)
    in_code = False
    for i in range(0, len(parts)):
        if i % 2:
            tag = parts[i]
            if _CODE_TAG in tag:
                in_code = True
            elif tag.startswith("</font") and in_code:
                in_code = False
            continue
        text = parts[i]
        if in_code:
            continue
        if lang == "en":
            text = _smart_quotes(text)
        text = _DASH.sub("\u00a0\\1 ", text)
        text = re.sub(r"(?<=\d) (?=[^\W\d_])", "\u00a0", text)
        text = re.sub(r"(?:(?<=\s)|^)([^\W\d_]{1,2}) (?=\S|$)", "\\1\u00a0", text)
        parts[i] = _symbols(text)
    return "".join(parts)


def _symbols(text: str) -> str:
    """Set characters the text fonts lack in the symbol font, or print a plain substitute."""
    if not any(ch in text for ch in FALLBACKS):
        return text
    symbols = symbol_font()
    out = []
    for ch in text:
        if ch in FALLBACKS:
            if symbols and ord(ch) in symbols[1]:
                out.append(f'<font name="{symbols[0]}">{ch}</font>')
            else:
                out.append(FALLBACKS[ch])
        else:
            out.append(ch)
    return "".join(out)

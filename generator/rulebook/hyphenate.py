"""Hyphenation for ReportLab paragraphs that also works for Russian words with «ё».

ReportLab 4/5 hyphenates only words matching its letter class, which covers А–я but not ё/Ё,
so «чёрных» was never split. `enable_yo()` widens that class (once, idempotent), and
`hyphenator(lang)` returns a callable for `ParagraphStyle.hyphenationLang` that hyphenates a copy
of the word with ё→е (pyphen's Russian patterns split ё-words poorly) and maps the split points
back onto the original word.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

import pyphen
from reportlab.platypus import paragraph as _rl_paragraph

PYPHEN_LANG = {"ru": "ru_RU", "en": "en_GB", "de": "de_DE", "uk": "uk_UA", "fr": "fr_FR"}
_EXTRA_LETTERS = "\u0400-\u04ff"  # all of Cyrillic, ё and Ё included


def enable_yo() -> None:
    """Let ReportLab's hyphenation consider words with ё (and other Cyrillic letters)."""
    mod = _rl_paragraph
    letters = getattr(mod, "_hy_letters", None)
    if not isinstance(letters, str) or _EXTRA_LETTERS in letters:
        return
    letters += _EXTRA_LETTERS
    shy = getattr(mod, "_hy_shy", "-\xad")
    mod._hy_letters = letters
    mod._hy_letters_pat = mod.re.compile("^[" + letters + "]+$")
    mod._hy_shy_letters_pat = mod.re.compile("^[" + shy + letters + "]+$")
    # Quoted words keep their quotes attached, so they are not hyphenated: a quoted name
    # (a phase, a command) reads better whole.


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    code = PYPHEN_LANG.get(lang, lang)
    if code not in pyphen.LANGUAGES:
        return None
    return pyphen.Pyphen(lang=code, left=2, right=2)


def split_points(word: str, lang: str) -> list[int]:
    """Return the positions where word may be hyphenated (ё treated as е)."""
    dic = _dictionary(lang)
    if dic is None:
        return []
    plain = word.replace("ё", "е").replace("Ё", "Е")
    # never beside a hyphen the word has (Гравець-гоблін): some patterns (Ukrainian) put one there
    return [p for p in dic.positions(plain) if "-" not in plain[max(p - 1, 0):p + 1]]


KEEP_WHOLE: set[str] = set()
"""Words never hyphenated in the book being typeset: those of code spans (a reader may type
them) and of quoted names. The typesetter fills it before laying out each book."""


@cache
def hyphenator(lang: str) -> Callable[[str], Iterator[tuple[str, str]]] | None:
    """Return a ReportLab hyphenator: word -> (head, tail) pairs, longest head first."""
    if _dictionary(lang) is None:
        return None

    def pairs(word: str) -> Iterator[tuple[str, str]]:
        if word.lower() in KEEP_WHOLE:
            return
        for pos in reversed(split_points(word, lang)):
            yield word[:pos], word[pos:]

    return pairs


def hyphenated(word: str, lang: str) -> str:
    """Show word with its hyphenation points as '-' (for tests and debugging)."""
    points = split_points(word, lang)
    out, last = [], 0
    for pos in points:
        out.append(word[last:pos])
        last = pos
    out.append(word[last:])
    return "-".join(out)

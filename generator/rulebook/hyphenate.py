"""Hyphenation for ReportLab paragraphs that also works for Russian words with «ё».

ReportLab 4/5 hyphenates only words matching its letter class, which covers А–я but not ё/Ё,
so «чёрных» was never split. `enable_yo()` widens that class (once, idempotent), and
`hyphenator(lang)` returns a callable for `ParagraphStyle.hyphenationLang` that hyphenates a copy
of the word with ё→е (pyphen's Russian patterns split ё-words poorly) and maps the split points
back onto the original word.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Protocol

import pyphen
from reportlab.platypus import paragraph as _rl_paragraph

PYPHEN_LANG = {"ru": "ru_RU", "en": "en_GB", "de": "de_DE", "uk": "uk_UA", "fr": "fr_FR"}
_EXTRA_LETTERS = "\u0400-\u04ff\u02bc"  # all of Cyrillic, ё and Ё included; the Ukrainian ʼ


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


class _Hyphenation(Protocol):
    def positions(self, word: str) -> list[int]: ...


_IGNORED = ("%", "#", "LEFTHYPHENMIN", "RIGHTHYPHENMIN", "COMPOUNDLEFTHYPHENMIN",
            "COMPOUNDRIGHTHYPHENMIN")  # lines of a .dic file that are not patterns
_HEX = re.compile(r"\^{2}([0-9a-f]{2})")  # ^^hh: the character with code hh
_PAIRS = re.compile(r"(\d?)(\D?)").findall  # (digit before, letter) pairs of a pattern
_NO_DIGITS = str.maketrans("", "", "0123456789")
_VALUED_LINES = re.compile(r"^[^\n]*[1-9][^\n]*$", re.MULTILINE).findall


class Patterns:
    """Liang's hyphenation patterns of one `hyph_*.dic` file (the ones pyphen ships).

    Reading is the costly part of hyphenation (pyphen parses every pattern of a dictionary
    when it opens it: about 60 ms for British English, paid again in each drawing worker).
    Here a pattern is only filed under its letters when the file is read, and its digits are
    parsed the first time a word meets it; the split points are the same as pyphen's (tested
    on every word of the bundled rulebooks). The lines that carry a value are found and their
    digits removed in whole-file passes (British English opens in 8 ms rather than 30); a file
    with escaped letters (^^hh) or nonstandard patterns is read line by line.
    """

    def __init__(self, path: Path, left: int = 2, right: int = 2) -> None:
        with path.open("rb") as head:
            encoding = head.readline().decode().strip()
        if encoding.lower() == "microsoft-cp1251":
            encoding = "cp1251"
        body = path.read_text(encoding).partition("\n")[2]
        if "^^" in body or ("/" in body and "=" in body):
            raw = self._read_lines(body)  # escaped letters or nonstandard patterns: rare
        else:  # the lines with a non-zero value, their letters found in one pass over the bytes
            lines = [line for line in map(str.strip, _VALUED_LINES(body))
                     if not line.startswith(_IGNORED)]
            letters = "\n".join(lines).encode().translate(None, b"0123456789").decode()
            raw = dict(zip(letters.split("\n"), lines))
        self.left, self.right = left, right
        self._raw = raw
        self._parsed: dict[str, tuple[int, tuple[int, ...]]] = {}
        self._longest = max(map(len, raw), default=0)
        self._cache: dict[str, list[int]] = {}

    @staticmethod
    def _read_lines(body: str) -> dict[str, str]:
        raw: dict[str, str] = {}
        for line in body.split("\n"):
            line = line.strip()
            if not line or line.startswith(_IGNORED):
                continue
            if "^^" in line:
                line = _HEX.sub(lambda m: chr(int(m.group(1), 16)), line)
            if "/" in line and "=" in line:
                raise ValueError("nonstandard hyphenation (such as ff=f) is not read here")
            if not any(digit in line for digit in "123456789"):
                continue  # all its values are 0: it changes nothing
            raw[line.translate(_NO_DIGITS)] = line
        return raw

    def _values(self, letters: str) -> tuple[int, tuple[int, ...]]:
        """The pattern's non-zero stretch of values and the gap it starts at."""
        found = self._parsed.get(letters)
        if found is None:
            values = [int(digit or "0") for digit, _ in _PAIRS(self._raw[letters])]
            start, end = 0, len(values)
            while not values[start]:
                start += 1
            while not values[end - 1]:
                end -= 1
            found = self._parsed[letters] = (start, tuple(values[start:end]))
        return found

    def _points(self, word: str) -> list[int]:
        points = self._cache.get(word)
        if points is None:
            dotted = f".{word}."
            size = len(dotted)
            levels = [0] * (size + 1)
            raw = self._raw
            for i in range(size - 1):
                for j in range(i + 1, min(i + self._longest, size) + 1):
                    if dotted[i:j] not in raw:
                        continue
                    offset, values = self._values(dotted[i:j])
                    for k, value in enumerate(values, i + offset):
                        if k <= size and value > levels[k]:
                            levels[k] = value
            points = self._cache[word] = [i - 1 for i, level in enumerate(levels) if level % 2]
        return points

    def positions(self, word: str) -> list[int]:
        """Where word may be split (an odd level), at least left and right letters from its
        ends."""
        last = len(word) - self.right
        return [i for i in self._points(word.lower()) if self.left <= i <= last]


@cache
def _dictionary(lang: str) -> _Hyphenation | None:
    code = PYPHEN_LANG.get(lang, lang)
    if code not in pyphen.LANGUAGES:
        return None
    try:
        return Patterns(Path(str(pyphen.LANGUAGES[code])))
    except ValueError:  # a dictionary with nonstandard hyphenation (German): pyphen reads it
        return pyphen.Pyphen(lang=code, left=2, right=2)


EXCEPTIONS = {"шестигранний": "шести-гран-ний", "шестигранник": "шести-гран-ник",
              "гоблін": "гоблін", "гоблин": "гоблин", "гравець": "гравець"}
"""Words whose dictionary breaks are wrong (a root split, a vowelless piece): their own breaks."""
_SOFT = "ьъйЬЪЙ'’ʼ"  # a line never starts with these (nor with a consonant and ь)


def split_points(word: str, lang: str) -> list[int]:
    """Return the positions where word may be hyphenated (ё treated as е).

    A compound (игрок-гоблин) is split only at its own hyphen; a line never starts with a soft
    sign, «й» or an apostrophe, nor with a consonant and its soft sign (кіль-ця, not кі-льця).
    """
    if "-" in word:
        return [i + 1 for i, ch in enumerate(word) if ch == "-" and 0 < i < len(word) - 1]
    dic = _dictionary(lang)
    if dic is None:
        return []
    known = EXCEPTIONS.get(word.lower())
    if known is not None:
        return [i - n for n, i in enumerate(m.start() for m in re.finditer("-", known))]
    # ё as е, and the Ukrainian ʼ as the patterns spell it
    plain = word.replace("ё", "е").replace("Ё", "Е").replace("\u02bc", "'")
    return [p for p in dic.positions(plain)
            if plain[p] not in _SOFT and plain[p + 1:p + 2] not in ("ь", "Ь")
            and not _CLUSTER.match(plain[p:])]


_CLUSTER = re.compile(r"[бвгґджзйклмнпрстфхцчшщ]{3}", re.IGNORECASE)
"""Three consonants at the start of a line's piece (мо-нстрів): the break is moved or dropped."""


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

"""Plural forms of nouns after a number, by each language's own rule (CLDR, through Babel).

A counted noun is written in content as its forms by category, in the order the language's
rule names them for whole numbers: Russian and Ukrainian `one, few, many` (1 проём, 3 проёма,
5 проёмов), English and German `one, other` (1 player, 2 players). A template's `plural`
filter takes the forms in the same order; a text file may also spell them out as a mapping,
`{one: игрок, few: игрока, many: игроков}`.

Babel is imported, and a locale's data read, only when a number is first counted in a
language other than those of the bundled content: for English, Russian and Ukrainian, CLDR's
rules for whole numbers are written out below as functions (importing Babel and reading a
locale cost 25–40 ms in every drawing process; a test checks them against Babel's rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

CLDR_ORDER = ("zero", "one", "two", "few", "many", "other")
# Whole numbers enough to meet every category a language uses: for each of the 1,147 locales
# Babel knows, these give the same categories as every number from 0 to 1000 does.
_PROBES = (*range(0, 200), 1000)


class PluralError(ValueError):
    """Forms that do not fit the language's plural rule, or a language Babel does not know."""


def _english(n: int) -> str:
    """CLDR's English rule for a whole number: one: i = 1 and v = 0."""
    return "one" if n == 1 else "other"


def _east_slavic(n: int) -> str:
    """CLDR's Russian and Ukrainian rule for a whole number (v = 0): one when n ends in 1 but
    not 11, few when it ends in 2–4 but not 12–14, many otherwise."""
    ones, tens = n % 10, n % 100
    if ones == 1 and tens != 11:
        return "one"
    if 2 <= ones <= 4 and not 12 <= tens <= 14:
        return "few"
    return "many"


WHOLE_NUMBER_RULES = {"en": _english, "ru": _east_slavic, "uk": _east_slavic}


@lru_cache(maxsize=32)
def _rule(lang: str):  # type: ignore[no-untyped-def]
    if lang in WHOLE_NUMBER_RULES:
        return WHOLE_NUMBER_RULES[lang]
    from babel.core import Locale, UnknownLocaleError

    try:
        return Locale.parse(lang.replace("-", "_")).plural_form
    except (UnknownLocaleError, ValueError, TypeError):
        raise PluralError(f"no plural rule is known for the language '{lang}': use a language "
                          "code such as de, uk, fr") from None


@lru_cache(maxsize=32)
def categories(lang: str) -> tuple[str, ...]:
    """The categories whole numbers take in lang, in CLDR order (ru: one, few, many)."""
    rule = _rule(lang)
    seen = {rule(n) for n in _PROBES}
    return tuple(c for c in CLDR_ORDER if c in seen)


def category(n: int, lang: str) -> str:
    """The plural category of the whole number n in lang."""
    return str(_rule(lang)(abs(n)))


def example(lang: str) -> str:
    """How to write the forms in lang, for messages: `one, few, many` (3 forms)."""
    cats = categories(lang)
    return f"{', '.join(cats)} ({len(cats)} form{'s' if len(cats) != 1 else ''})"


def form(n: int, forms: Sequence[str] | Mapping[str, str], lang: str) -> str:
    """The form of a noun that agrees with n; forms in the language's order or by category."""
    cats = categories(lang)
    if isinstance(forms, Mapping):
        missing = [c for c in cats if not forms.get(c)]
        if missing:
            raise PluralError(f"the forms in '{lang}' need {example(lang)}: "
                              f"{', '.join(missing)} missing")
        return forms[category(n, lang)]
    if len(forms) != len(cats):
        raise PluralError(f"plural in '{lang}' needs {len(cats)} forms, for "
                          f"{', '.join(cats)}; got {len(forms)}")
    return forms[cats.index(category(n, lang))]


def count(n: int, forms: Sequence[str] | Mapping[str, str], lang: str) -> str:
    """`N noun` with the noun's form agreeing with n."""
    return f"{n} {form(n, forms, lang)}"


def check_forms(forms: Mapping[str, str], lang: str) -> str:
    """Empty when forms fit lang's rule, else what is wrong (for content checks)."""
    try:
        cats = categories(lang)
    except PluralError as exc:
        return str(exc)
    missing = [c for c in cats if not str(forms.get(c, "")).strip()]
    extra = [k for k in forms if k not in cats]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"add {', '.join(missing)}")
        if extra:
            parts.append(f"remove {', '.join(extra)}")
        return (f"a counted word in '{lang}' has the forms {', '.join(cats)}: "
                + " and ".join(parts))
    return ""

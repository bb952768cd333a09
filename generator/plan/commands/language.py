"""Which language a `plan` command speaks: an explicit --lang, else the plan's own cell codes,
else the system locale.

`--lang` takes any language with content for «Лабиринт» (the host's words, `play/LANG.yaml`,
and the sheets' words, `text/LANG.yaml`, as `labyrinth-pnp lang new` writes them), whatever
its case. The checker's messages and the cell codes exist in Russian and English only: any
other language gets English ones (`message_language`). Without --lang, a plan written with
Cyrillic codes (С, Ар, Кн) is Russian and one with Latin codes (L, A, T+) English; without a
plan (or codes), the language of the system locale if it has content, else English.
"""

from __future__ import annotations

import locale
import os
import re
from pathlib import Path

import click

from ...content.paths import ContentRoots
from ...errors import UsageError

GAME = "paper-labyrinth"
CODE_LANGUAGES = ("ru", "en")
LANG_HELP = (" Any language with content, in any case; the checker's messages and cell codes "
             "are Russian or English (English for other languages). [default: the plan's cell "
             "codes (Latin: en, Cyrillic: ru), else the system locale's language]")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LATIN = re.compile(r"[A-Za-z]")


class LanguageError(click.ClickException):
    """An unknown --lang: a usage error (exit status 2)."""

    exit_code = 2


def plan_languages(content: Path | None) -> list[str]:
    """The languages that have the host's or the sheets' words for «Лабиринт»."""
    roots = ContentRoots.with_user(content)
    found = {name.rsplit(".", 1)[0] for folder in ("play", "text")
             for name in roots.glob(f"{GAME}/{folder}", "*.yaml")}
    return sorted(found | set(CODE_LANGUAGES))


def message_language(lang: str) -> str:
    """The language of the checker's messages and of cell codes for lang: ru or en."""
    return lang if lang in CODE_LANGUAGES else "en"


def choose_language(lang: str | None, plans: list[Path], content: Path | None,
                    piped: bytes = b"") -> str:
    """Return the language a plan command speaks (see the module's doc); raise on an unknown
    --lang, with "did you mean" for a near miss."""
    known = plan_languages(content)
    if lang is not None:
        from ...languages import content_option, resolve_language  # YAML and more: only here

        flag = content_option(ContentRoots.with_user(content)) or " --content my-content"
        try:
            return resolve_language(lang, known, (), "«Лабиринт»", flag)
        except UsageError as exc:  # exit status 2, also when the group runs on its own
            raise LanguageError(str(exc)) from None
    found = codes_language(plans[0]) if plans else text_language(piped.decode(
        "utf-8-sig", errors="replace"), False)
    return found or locale_language(known)


def codes_language(path: Path) -> str:
    """ru for a plan with Cyrillic cell codes, en for Latin ones, "" when it cannot tell."""
    try:
        with path.open("rb") as handle:
            text = handle.read(200_000).decode("utf-8-sig", errors="replace")
    except OSError:
        return ""
    return text_language(text, path.suffix.lower() in (".yaml", ".yml", ".json"))


def text_language(text: str, structured: bool) -> str:
    """ru for a plan text with Cyrillic cell codes, en for Latin ones, "" when it cannot tell."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    grid = [line for line in lines if line.lstrip().startswith("|")] or lines
    body = "\n".join(grid)
    if _CYRILLIC.search(body):
        return "ru"
    if grid is not lines and _LATIN.search(body):
        return "en"
    return "en" if structured and body.strip() else ""


def locale_language(known: list[str]) -> str:
    """The system locale's language when it has content, else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(name, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in known else "en"
    code = (locale.getlocale()[0] or "en").split("_")[0].lower()
    return code if code in known else "en"

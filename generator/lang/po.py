"""Write gettext PO files: `labyrinth-pnp lang export LANG --format po`.

One PO file per game and source file (`goblin-slayer-rules.de.po`): each text is an entry
with `msgctxt` its context (a YAML key path, a rulebook anchor), `msgid` the source text,
`msgstr` the translation (empty when there is none yet), a `#:` reference to the source
file's line, `python-brace-format` for texts with `{placeholders}`, and a comment listing the
glossary's words the text uses. A counted word's forms are a plural entry, one `msgstr[n]`
per plural form of the language (the `Plural-Forms` header comes from CLDR, through Babel).
A translation made from an older source text is `#, fuzzy`, with that text as `#| msgid`.
The files are written the same way every time: no dates, entries in the source's order.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

from ..atomic import write_atomically
from ..content.plurals import categories, category
from ..errors import UsageError
from .pairs import FilePair
from .units import Unit, translated

BRACE = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
TERM = re.compile(r"\{\{\s*terms\.([A-Za-z0-9_]+)")
_PROBES = (*range(0, 200), 1000, 1000000)


@dataclass(frozen=True)
class PluralForms:
    """A language's gettext plural forms: the header and the category of each msgstr[n]."""

    count: int
    expression: str
    slots: tuple[str, ...]  # the CLDR category of msgstr[n] ("" for one no whole number takes)

    @property
    def header(self) -> str:
        return f"nplurals={self.count}; plural={self.expression};"


@lru_cache(maxsize=16)
def plural_forms(lang: str) -> PluralForms:
    """The gettext plural forms of lang, from CLDR through Babel."""
    from babel.core import UnknownLocaleError
    from babel.messages.plurals import get_plural

    try:
        found = get_plural(lang.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        raise UsageError(f"no plural rule is known for '{lang}': use a language code such as "
                         "de, fr, pl") from None
    pick = gettext.c2py(found.plural_expr)
    slots = [""] * found.num_plurals
    for n in _PROBES:
        index = pick(n)
        if 0 <= index < found.num_plurals and not slots[index]:
            slots[index] = category(n, lang) if n < 1000000 else "many"
    wanted = categories(lang)
    if any(c not in slots for c in wanted):
        raise UsageError(f"the gettext plural forms of '{lang}' do not fit its CLDR "
                         "categories: translate its YAML files directly")
    return PluralForms(found.num_plurals, found.plural_expr, tuple(slots))


def slot_note(lang: str) -> str:
    """Which number each msgstr[n] of a counted word is for: `msgstr[0]: 1, 21, 31…`."""
    forms = plural_forms(lang)
    pick = gettext.c2py(forms.expression)
    parts = []
    for n, slot in enumerate(forms.slots):
        numbers = [str(k) for k in _PROBES if pick(k) == n][:3]
        unused = "" if slot in categories(lang) else " (no count in these games needs it)"
        parts.append(f"msgstr[{n}] for {', '.join(numbers)}…{unused}")
    return "; ".join(parts)


def quote(text: str) -> str:
    """A PO string literal."""
    return '"' + (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
                  .replace("\n", "\\n")) + '"'


def po_lines(keyword: str, text: str, prefix: str = "") -> list[str]:
    """`keyword "text"`, split after each newline the way gettext writes long texts."""
    if "\n" not in text.rstrip("\n"):
        return [f"{prefix}{keyword} {quote(text)}"]
    pieces = re.findall(r"[^\n]*\n|[^\n]+$", text)
    return [f'{prefix}{keyword} ""'] + [f"{prefix}{quote(p)}" for p in pieces]


def po_name(pair: FilePair, lang: str | None) -> str:
    """The PO file's name: `GAME-FOLDER.LANG.po`, or `GAME-FOLDER.pot` for a template."""
    base = "common-text" if pair.game == "common" else f"{pair.game}-{pair.folder}"
    return f"{base}.{lang}.po" if lang else f"{base}.pot"


def header(pair: FilePair, lang: str | None) -> list[str]:
    """The PO header entry."""
    forms = plural_forms(lang).header if lang else "nplurals=INTEGER; plural=EXPRESSION;"
    fields = [f"Project-Id-Version: labyrinth-pnp {pair.game} {pair.folder}",
              "PO-Revision-Date: ", "Last-Translator: ", "Language-Team: ",
              f"Language: {lang or ''}", "MIME-Version: 1.0",
              "Content-Type: text/plain; charset=UTF-8", "Content-Transfer-Encoding: 8bit",
              f"Plural-Forms: {forms}", f"X-Source-Language: {pair.source}",
              f"X-Source-File: {pair.relative(pair.source)}"]
    first = ("# Translate each msgstr; keep {placeholders}, {{ … }} and Markdown marks.\n"
             f"# `labyrinth-pnp lang import {lang or 'LANG'} FILE.po --content DIR` writes "
             "it back.")
    return [*first.split("\n"), 'msgid ""', 'msgstr ""', *(quote(f + "\n") for f in fields)]


def entry(pair: FilePair, unit: Unit, lang: str | None, glossary: dict[str, tuple[str, str]]
          ) -> list[str]:
    """The PO entry of one source unit."""
    own = pair.own.get(unit.ctx) if lang else None
    done = translated(own)
    lines = [f"#. {c}" for c in comments(unit, glossary)]
    if unit.kind == "forms" and lang:
        lines.append(f"#. {slot_note(lang)}")
    lines.append(f"#: {pair.relative(pair.source)}:{unit.line}")
    flags = []
    old = pair.outdated(unit.ctx) if lang else None
    if old is not None:
        flags.append("fuzzy")
    if pair.ext == ".yaml" and BRACE.search(unit.text):
        flags.append("python-brace-format")
    if flags:
        lines.append("#, " + ", ".join(flags))
    if unit.kind == "forms":
        values = list(unit.forms.values())
        if old is not None:
            before = old.source.split(" | ")
            lines += po_lines("msgctxt", unit.ctx, "#| ") + po_lines("msgid", before[0], "#| ")
            lines += po_lines("msgid_plural", before[-1], "#| ")
        lines += po_lines("msgctxt", unit.ctx) + po_lines("msgid", values[0])
        lines += po_lines("msgid_plural", values[-1])
        slots = plural_forms(lang).slots if lang else ("", "")
        mine = own.forms if done and own is not None else {}
        for n, slot in enumerate(slots):
            text = mine.get(slot) or (mine.get("other", "") if mine else "")
            lines += po_lines(f"msgstr[{n}]", text)
        return lines
    if old is not None:
        lines += po_lines("msgctxt", unit.ctx, "#| ") + po_lines("msgid", old.source, "#| ")
    lines += po_lines("msgctxt", unit.ctx) + po_lines("msgid", unit.text)
    lines += po_lines("msgstr", own.text if done and own is not None else "")
    return lines


def comments(unit: Unit, glossary: dict[str, tuple[str, str]]) -> list[str]:
    """Translator comments: the kind of text, what to keep, the glossary's words it uses."""
    out = []
    if unit.kind == "words":
        out.append("A list: separate the words with ' | '; there may be more or fewer.")
    if unit.kind == "forms":
        out.append("A counted word: one form for each plural form of your language.")
    keep = sorted(set(JINJA.findall(unit.text)))
    if keep:
        out.append("Keep these as they are, but translate the words in quotes in them (a "
                   "plural(...)'s forms, a quoted text): " + " ".join(keep))
    used = sorted(set(TERM.findall(unit.text)) | {
        key for key, (word, _) in glossary.items()
        if word and word.lower() in unit.text.lower()})
    if used:
        pairs = [f"{glossary[k][0]} = {glossary[k][1] or '(not translated yet)'}"
                 for k in used if k in glossary]
        out.append("Glossary: " + "; ".join(pairs))
    return out


def glossary_of(pairs: list[FilePair], game: str) -> dict[str, tuple[str, str]]:
    """The glossary of game: each term's source spelling and its translation ("" if none)."""
    for pair in pairs:
        if pair.game == game and pair.folder == "terms":
            out = {}
            for ctx, unit in pair.src.items():
                key, _, part = ctx.partition(".")
                if part == "term":
                    mine = pair.own.get(ctx)
                    out[key] = (unit.text, mine.text if translated(mine) and mine else "")
            return out
    return {}


def render(pair: FilePair, lang: str | None, pairs: list[FilePair]) -> str:
    """The PO (or, with no lang, POT) text of one file pair."""
    glossary = glossary_of(pairs, pair.game)
    blocks = [header(pair, lang)] + [entry(pair, u, lang, glossary) for u in pair.src.values()]
    return "\n\n".join("\n".join(b) for b in blocks) + "\n"


def export(pairs: list[FilePair], lang: str | None, out: Path) -> list[Path]:
    """Write one PO (or POT) file per pair into out; return their paths."""
    written = []
    for pair in pairs:
        target = out / po_name(pair, lang)
        write_atomically(target, partial(_write, text=render(pair, lang, pairs)))
        written.append(target)
    return written


def _write(temp: Path, text: str) -> None:
    temp.write_text(text, encoding="utf-8")

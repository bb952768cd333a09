"""Read translated PO files back into a content folder: `labyrinth-pnp lang import`.

Every file is checked before anything is written: each entry's context must still exist in
the source, its `{placeholders}` and a rulebook's `{{ … }}` must be the source's, a counted
word needs every plural form, and a rulebook's text may not break its Markdown. Problems are
reported as `FILE.po:LINE:1: …`, all at once, and nothing is written. Then only the changed
texts of each file are replaced (comments, order and formatting kept) and each file is
written in one step; a file the language does not have yet is made first, as `lang new` makes
it. A confirmed entry (not fuzzy) records that its translation is made from today's source.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..atomic import write_atomically
from ..content.paths import ContentRoots
from ..content.plurals import categories
from ..errors import ContentError, Problem
from ..languages import PER_GAME, mark_markdown, mark_yaml, source_language
from ..sourceyaml import read_text_file
from .mdedit import markup_problems, replace_units
from .pairs import FilePair, make_pair, read_units_text, stamp
from .po import BRACE, plural_forms
from .records import render_records, sidecar
from .units import Unit
from .yamledit import replace_values

_FIELD = re.compile(r'^"([A-Za-z-]+): ?(.*?)\\n"$', re.M)


@dataclass
class Incoming:
    """What one PO file brings: the pair it translates and the new texts by context."""

    po: Path
    pair: FilePair
    texts: dict[str, object] = field(default_factory=dict)
    confirmed: set[str] = field(default_factory=set)


def header_fields(text: str) -> dict[str, str]:
    """The fields of a PO file's header entry."""
    head = text.split("\n\n", 1)[0] if 'msgid ""' in text[:2000] else ""
    return {m.group(1): m.group(2) for m in _FIELD.finditer(head)}


def _pair_of(po: Path, fields: dict[str, str], lang: str, roots: ContentRoots,
             problems: list[Problem]) -> FilePair | None:
    shown = str(po)
    source_file = fields.get("X-Source-File", "")
    from ..games.registry import game_ids

    parts = source_file.split("/")
    places = {("common", "text", ".yaml")} | {(g, f, e) for g in game_ids()
                                              for f, e, _ in PER_GAME}
    game, folder = (parts[0], parts[1]) if len(parts) == 3 else ("", "")
    ext = Path(source_file).suffix
    if (game, folder, ext) not in places:
        problems.append(Problem(shown, 1, 1, "not a PO file of `labyrinth-pnp lang export`: its "
                                "header has no X-Source-File naming a content file"))
        return None
    said = fields.get("Language", "").replace("_", "-")
    if said != lang and said.split("-")[0] != lang:  # de_DE from a PO editor is German
        problems.append(Problem(shown, 1, 1, f"this file is in '{said}', not '{lang}': import "
                                "it with that language code" if said else "the header has no "
                                f"Language: add the line `\"Language: {lang}\\n\"`"))
        return None
    source = fields.get("X-Source-Language") or Path(source_file).stem
    pair = make_pair(roots, game, folder, ext, lang, source)
    if pair is None:
        problems.append(Problem(shown, 1, 1, f"{source_file} is not in the content folder"))
        return None
    made_from = source_language(pair.own_path)
    if made_from and made_from != source:
        problems.append(Problem(shown, 1, 1, f"exported from '{source}', but "
                                f"{pair.relative(lang)} is translated from '{made_from}': "
                                f"export it again with --from {made_from}"))
        return None
    return pair


def read_incoming(po: Path, lang: str, roots: ContentRoots, problems: list[Problem]
                  ) -> Incoming | None:
    """Read and check one PO file; its problems are added to problems."""
    from babel.messages.pofile import PoFileError, read_po

    text, unreadable = read_text_file(po, str(po))
    if text is None:
        problems += unreadable
        return None
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as exc:
        line = int(getattr(exc, "lineno", 0) or 0)
        what = re.sub(r" on \d+$", "", str(exc)).lower()
        problems.append(Problem(str(po), line + 1, 1, f"not a PO file gettext can read ({what})"
                                ": open and save it in a PO editor, or export again"))
        return None
    fields = header_fields(text)
    if "X-Source-File" not in fields:  # a tool that drops unknown headers: the references
        first = next((m.locations[0][0] for m in catalog if m.id and m.locations), "")
        fields["X-Source-File"] = str(first)
    pair = _pair_of(po, fields, lang, roots, problems)
    if pair is None:
        return None
    forms = plural_forms(lang)
    if catalog.num_plurals != forms.count:
        problems.append(Problem(str(po), 1, 1, f"the Plural-Forms header says "
                                f"nplurals={catalog.num_plurals}; '{lang}' has {forms.count}: "
                                f"write `Plural-Forms: {forms.header}`"))
        return None
    incoming = Incoming(po, pair)
    for message in catalog:
        if not message.id:
            continue
        where = Problem(str(po), message.lineno or 1, 1, "")
        ctx = str(message.context or "")
        unit = pair.src.get(ctx)
        if unit is None:
            problems.append(_at(where, f"'{ctx}' no longer exists in {pair.relative(pair.source)}"
                                f": export again (`labyrinth-pnp lang export {lang}`) and move "
                                "the translation to its new entry"))
            continue
        sent = " | ".join(message.id) if isinstance(message.id, tuple) else str(message.id)
        if unit.kind == "forms":
            sent = " | ".join(message.id[:1] + message.id[-1:]) if isinstance(
                message.id, tuple) else sent
            today = " | ".join([*unit.forms.values()][:1] + [*unit.forms.values()][-1:])
        else:
            today = unit.text
        if sent != today:
            problems.append(_at(where, f"the source of '{ctx}' has changed since this file "
                                "was exported: export again and carry your work over with "
                                "`msgmerge --previous YOUR.po NEW.po -o MERGED.po`"))
            continue
        value, wrong = _value(unit, message.string, lang)
        problems += [_at(where, w) for w in wrong]
        if value is not None and not wrong:
            incoming.texts[ctx] = value
            if not message.fuzzy:
                incoming.confirmed.add(ctx)
    return incoming


def _at(where: Problem, message: str) -> Problem:
    return Problem(where.file, where.line, where.column, message)


def _value(unit: Unit, string: object, lang: str) -> tuple[object | None, list[str]]:
    """The value an entry brings for unit (None if untranslated), and what is wrong with it."""
    if unit.kind == "forms":
        if not isinstance(string, tuple):
            return None, ["a counted word needs msgid_plural and msgstr[n]: export again"]
        if not any(s for s in string):
            return None, []
        slots = plural_forms(lang).slots
        got = {slot: s for slot, s in zip(slots, string) if slot}
        gone = [f"msgstr[{slots.index(c)}] ({c})" for c in categories(lang) if not got.get(c)]
        if gone:
            return None, [f"missing plural form {', '.join(gone)}: '{lang}' needs one for each "
                          f"of {', '.join(categories(lang))}"]
        return {c: got[c] for c in categories(lang)}, []
    if isinstance(string, tuple):
        return None, ["this text is not counted: use msgstr, not msgstr[n]"]
    text = str(string)
    if not text:
        return None, []
    wrong = []
    if unit.kind in ("text", "words"):
        mine, theirs = set(BRACE.findall(text)), set(BRACE.findall(unit.text))
        if mine != theirs:
            wrong.append(f"the placeholders differ from the source's: it has "
                         f"{_names(theirs)}, the translation {_names(mine)}; keep each "
                         "{name} as it is")
    else:
        wrong += markup_problems(unit, text)
    if unit.kind == "words":
        return [w.strip() for w in text.split("|") if w.strip()], wrong
    return text, wrong


def _names(names: set[str]) -> str:
    return " ".join(f"{{{n}}}" for n in sorted(names)) or "none"


Write = tuple[Path, str, str]  # file, its new text, what to say


def plan(incoming: Incoming, folder: Path) -> list[Write]:
    """The files one PO file changes in folder (texts and records), not yet written."""
    pair, lang = incoming.pair, incoming.pair.lang
    relative = pair.relative(lang)
    target = folder / relative
    if pair.own_path is not None:
        before = pair.own_path.read_text(encoding="utf-8")
    else:
        source = pair.source_path.read_text(encoding="utf-8")
        before = (mark_markdown(source, pair.source) if pair.ext == ".md" else
                  mark_yaml(source, str(pair.source_path), pair.source))
    own = read_units_text(before, str(target), pair.ext)
    changes = {ctx: value for ctx, value in incoming.texts.items()
               if own.get(ctx) is None or _current(own[ctx]) != value}
    if pair.ext == ".md":
        lost = [c for c in changes if c not in own]
        if lost:
            raise ContentError([Problem(str(target), 1, 1, f"'{lost[0]}' is missing here: add "
                                        "the section as in the source, then import again")])
        text = replace_units(before, own, {c: str(v) for c, v in changes.items()})
    else:
        paths = {pair.src[c].path: v for c, v in changes.items()}
        text, problems = replace_values(before, str(target), paths)
        if problems:
            raise ContentError(problems)
    old_records = dict(pair.records)
    pair.own = read_units_text(text, str(target), pair.ext)
    renewed = {c for c in incoming.confirmed
               if c in changes or (c in pair.records and pair.outdated(c) is not None)}
    records = stamp(pair, renewed) if renewed else old_records
    moved = pair.own_path is None or pair.own_path.resolve() != target.resolve()
    out: list[Write] = []
    if text != before or (moved and records != old_records):
        n = len(changes)
        out.append((target, text, f"wrote {target} ({n} text{'s' if n != 1 else ''})"))
    if records != old_records:
        side = sidecar(target)
        rendered = render_records(target.name, pair.source, records)
        if not side.is_file() or side.read_text(encoding="utf-8") != rendered:
            out.append((side, rendered, f"wrote {side}"))
    return out


def write_all(writes: list[Write]) -> list[str]:
    """Write each planned file in one step; return what was said."""
    for target, text, _ in writes:
        write_atomically(target, partial(_write, text=text))
    return [said for _, _, said in writes]


def _current(unit: Unit) -> object:
    if unit.marked:
        return None
    if unit.kind == "forms":
        return unit.forms
    if unit.kind == "words":
        return unit.words
    return unit.text


def _write(temp: Path, text: str) -> None:
    temp.write_text(text, encoding="utf-8")

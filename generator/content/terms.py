"""A game's glossary: one spelling per term and language, and the synonyms to avoid.

`content/GAME/terms/LANG.yaml` maps a key to a term and the words it replaces:

    spare_tile:
      term: запасная плитка
      avoid: [лишн* плитк*, свободн* плитк*]

Rulebooks write `{{ terms.spare_tile }}` (or the term itself); `labyrinth-pnp check` warns where
a rulebook or a sheet text of the game uses an avoided word instead. In `avoid`, `*` stands for
any ending of a word, so one entry catches every case of a Russian noun. The file is optional.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Annotated

from ..errors import Problem
from ..sourceyaml import SourceDoc
from .docs import load_doc
from .modeling import Strict, validate_model
from .paths import ContentRoots
from .schema import Before, Field

_KEY = re.compile(r"[a-z][a-z0-9_]*\Z")


def _words(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValueError("'avoid' must be a list of words, e.g. [лишн* плитк*]")
    return [v.strip() for v in value]


class Term(Strict):
    term: str = Field(min_length=1, max_length=80)
    avoid: Annotated[list[str], Before(_words)] = Field(default_factory=list)


@dataclass
class Glossary:
    """The loaded terms of one game and language, and where each avoided word was declared."""

    file: str = ""
    terms: dict[str, Term] = field(default_factory=dict)

    def spelled(self) -> dict[str, str]:
        """key → term: what rulebooks see as `terms`."""
        return {key: t.term for key, t in self.terms.items()}

    def matcher(self, text: str | None = None
                ) -> tuple[re.Pattern[str], list[tuple[str, str]]] | None:
        """One pattern for every avoided word (group i+1 is word i), and (key, term) per group;
        None when nothing is avoided. Given a text, only the words whose first letters (up to
        a `*`) occur in it take part: most texts contain none, and one search over a long
        alternation is slow."""
        lowered = text.lower() if text is not None else None
        parts, owners = [], []
        for key, t in self.terms.items():
            for word in t.avoid:
                stem = word.split()[0].split("*")[0].lower() if word.split() else ""
                if lowered is not None and stem not in lowered:
                    continue
                body = r"\s+".join(re.escape(w).replace(r"\*", r"\w*") for w in word.split())
                parts.append(f"({body})")
                owners.append((key, t.term))
        if not parts:
            return None
        return _compiled(rf"(?<!\w)(?:{'|'.join(parts)})(?!\w)"), owners


@lru_cache(maxsize=64)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def load_glossary(roots: ContentRoots, game: str, lang: str,
                  problems: list[Problem], _chain: tuple[str, ...] = ()) -> Glossary:
    """Read `GAME/terms/LANG.yaml` (an empty glossary if there is none).

    A user's file adds to and overrides the bundled one term by term: the bundled books use
    the bundled keys, so a user file with fewer terms (or a broken one) must not break them.
    Read once per run (`roots.memo`): loading, the sheets and the rulebooks all ask for it.
    """
    key = ("glossary", game, lang, _chain)
    known = roots.memo.get(key)
    if known is None:
        found: list[Problem] = []
        known = roots.memo[key] = (_load_glossary(roots, game, lang, found, _chain), found)
    glossary, found = known
    problems.extend(found)
    return Glossary(glossary.file, dict(glossary.terms))


def _load_glossary(roots: ContentRoots, game: str, lang: str,
                   problems: list[Problem], _chain: tuple[str, ...]) -> Glossary:
    rel = f"{game}/terms/{lang}.yaml"
    if roots.find(rel) is None:
        return Glossary()
    glossary = Glossary()
    source = _source(roots, rel, lang)
    if source and source not in _chain:  # a translation's glossary starts as its source's
        glossary = load_glossary(roots, game, source, [], (*_chain, lang))
        glossary.file = ""
    for depth in range(len(roots.roots), 0, -1):  # bundled first, the user's file over it
        layer = ContentRoots(roots.roots[depth - 1:])
        if layer.find(rel) is None or (depth > 1 and layer.find(rel) == roots.find(rel)):
            continue
        _read(layer, rel, glossary, problems if depth == 1 else [])
    return glossary


def _source(roots: ContentRoots, rel: str, lang: str) -> str:
    """The language a glossary says it was translated from (`translated_from:`), or ""."""
    from .translation import source_of

    doc = load_doc(roots, rel, [])
    source = source_of(doc.data) if doc is not None else ""
    return source if source != lang and roots.find(rel.rsplit("/", 1)[0] + f"/{source}.yaml"
                                                    ) else ""


def _read(roots: ContentRoots, rel: str, glossary: Glossary, problems: list[Problem]) -> None:
    from .translation import SOURCE_KEY, strip_marks

    doc = load_doc(roots, rel, problems)
    if doc is None:
        return
    data, _ = strip_marks({k: v for k, v in doc.data.items() if k != SOURCE_KEY})
    doc = SourceDoc(doc.file, data, doc.positions, doc.key_positions)
    glossary.file = doc.file
    for key in doc.data:
        if not isinstance(key, str) or not _KEY.match(key):
            problems.append(doc.problem((key,), f"term key '{key}' must be lower case letters, "
                                        "digits and _ (it is written {{ terms.KEY }})", key=True))
            continue
        term, found = validate_model(doc, Term, (key,))
        problems.extend(found)
        if term is not None:
            glossary.terms[key] = term


def synonym_warnings(glossary: Glossary, file: str, text: str, first_line: int = 1
                     ) -> list[Problem]:
    """A warning for each avoided word in text (a file's lines from first_line)."""
    found = glossary.matcher(text)
    if found is None:
        return []
    pattern, owners = found
    problems = []
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    for match in pattern.finditer(text):
        key, term = owners[match.lastindex - 1]  # type: ignore[operator]
        line = bisect.bisect_right(starts, match.start()) - 1
        problems.append(Problem(file, line + first_line, match.start() - starts[line] + 1,
                                f"'{match.group(0)}' is not the glossary's word: write "
                                f"'{term}' ({{{{ terms.{key} }}}} in a rulebook; "
                                f"{glossary.file}: {key})", "warning"))
    return problems

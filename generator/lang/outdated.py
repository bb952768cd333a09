"""Outdated translations as problems for `check`: a warning for each text of a finished
language whose source changed since it was translated (an error with --strict)."""

from __future__ import annotations

from ..content.paths import ContentRoots
from ..errors import Problem
from ..languages import language_status, languages_in
from .records import record_problem
from .status import _short


def outdated_problems(roots: ContentRoots, games: list[str]) -> list[Problem]:
    """A warning for each outdated text of a finished language (errors with --strict), and for
    each record that cannot be read."""
    out = []
    for lang in languages_in(roots, games):
        found = language_status(roots, games, lang)
        for status in found:
            for f in status.files:
                path = roots.find(f.relative)
                broken = record_problem(path) if path else None
                if broken:
                    out.append(broken)
        if not all(f.untranslated == 0 and f.missing == 0 for s in found for f in s.files):
            continue  # a draft: its gaps are reported already
        for status in found:
            for f in status.files:
                path = roots.find(f.relative)
                for change in f.changes:
                    again = f"labyrinth-pnp lang stamp {lang} --only {change['context']}"
                    out.append(Problem(str(path or f.relative), change["line"], 1,
                                       f"outdated: '{change['context']}' was translated from "
                                       f"«{_short(change['was'])}», the {status.source} text is "
                                       f"now «{_short(change['now'])}»: update the translation, "
                                       f"then `{again}` (or import it "
                                       "from a PO file)", "warning", lang=lang))
    return out

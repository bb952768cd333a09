"""Texts with placeholders: `Card {card}`, `page {page} of {pages}`.

A placeholder is a name in braces that the tool fills in; `{{` and `}}` print a brace. Each
text field declares the names it is given (`Annotated[str, uses("rows", "cols")]`), and validation
refuses unknown, missing and malformed placeholders with a message naming the allowed ones,
so a text that passes `check` always fills. Filling is our own small substitution, not
`str.format`, so a text can never reach an attribute or index of the value (`{n.__class__}`).
"""

from __future__ import annotations

import re

from .schema import After

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class PlaceholderError(ValueError):
    """A text whose placeholders do not match the names it is given."""


def _allowed(names: tuple[str, ...]) -> str:
    if not names:
        return "this text takes no placeholder: write '{{' and '}}' for a brace"
    shown = [f"{{{n}}}" for n in names]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return f"this text can use {listed}"


def placeholders_in(text: str, names: tuple[str, ...]) -> list[str]:
    """Return the placeholder names in text, in order; raise PlaceholderError if malformed."""
    found = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token in ("{{", "}}"):
            continue
        if token in ("{", "}"):
            raise PlaceholderError(f"a lone '{token}' at character {match.start() + 1}: "
                                   f"write '{token * 2}' to print a brace; {_allowed(names)}")
        name = match.group(1)
        if not _NAME.match(name):
            raise PlaceholderError(f"'{token}' is not a placeholder: a placeholder is a name in "
                                   f"braces; {_allowed(names)}")
        if name not in names:
            raise PlaceholderError(f"unknown placeholder '{token}': {_allowed(names)}")
        found.append(name)
    return found


def check_placeholders(text: str, names: tuple[str, ...]) -> str:
    """Validate text against the names it is given (all required); return it unchanged."""
    found = placeholders_in(text, names)
    missing = [n for n in names if n not in found]
    if missing:
        shown = ", ".join(f"{{{n}}}" for n in missing)
        raise PlaceholderError(f"missing placeholder {shown}: {_allowed(names)}, and must use "
                               "each of them once at least")
    return text


def uses(*names: str) -> After:
    """Mark a text field whose placeholders are exactly these names: `Annotated[str, uses(…)]`."""
    return After(lambda text: check_placeholders(text, names))


def fill(text: str, **values: object) -> str:
    """Put the values into a checked text's placeholders; `{{`/`}}` become braces."""

    def put(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = match.group(1)
        if name is not None and name in values:
            return str(values[name])
        return token  # unchecked text: leave what is not ours as it stands

    return _TOKEN.sub(put, text)

"""Physical lengths written as strings (`25mm`, `0.5in`, `12pt`), converted in one place."""

from __future__ import annotations

import re

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


class LengthSyntaxError(ValueError):
    """A length string that cannot be read."""


def parse_length(text: str) -> float:
    """Return the length in millimetres; raise LengthSyntaxError with a hint if unreadable."""
    match = _LENGTH.match(text) if isinstance(text, str) else None
    if not match:
        raise LengthSyntaxError(
            f"cannot read length {text!r}: write a number and a unit, e.g. '25mm', '2.5cm', '1in'"
        )
    return float(match.group(1)) * MM_PER_UNIT[match.group(2)]


def mm(value: float) -> float:
    """Convert millimetres to PDF points."""
    return value * PT_PER_MM


def format_mm(value: float) -> str:
    """Write a millimetre value compactly, e.g. 25.0 -> '25mm'."""
    return f"{value:g}mm"

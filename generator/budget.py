"""The work templates may do in one build, counted before each value is built.

Every operation of a template that can make a value larger than its inputs (concatenation,
`%`, `*`, `+`, filters, printing, calls of our helpers) first estimates the size of what it
will make, as characters plus items (`estimate`), refuses it when one value would pass
`MAX_TEXT`, and charges it to the meter (`charge`). Each step of a `{% for %}` loop costs one
unit plus the literal text of its body, a call `CALL_UNITS`. Measuring a value costs what it
visits, so even measuring cannot run away.

The meter holds `BUILD_WORK` units for all rulebooks of one `check` or `build` (`new_build`
refills it, once per command; a build's worker processes each start from it and check a
share of the rulebooks `check` renders in one process), and `TEMPLATE_WORK` for each render
of a footer or document title (those render once per page, so their share is per render and
small). Code that runs in C (json, repr, joins) only ever runs on values whose estimated
size is within the limits, so the CPU-time limit in `sandbox.py` is a backstop that a
template within these bounds does not reach.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from jinja2 import TemplateError

MAX_TEXT = 1_000_000  # characters plus items of one value a template builds
MAX_ITEMS = 100_000  # items one filter or loop may go over
CALL_UNITS = 50  # a call of a macro or function: about the CPU time of 50 loop steps
BUILD_WORK = 5_000_000  # units all rulebooks of one build may spend
TEMPLATE_WORK = 20_000  # units one render of a footer or title may spend
CHECK_SHARE = 4  # `check` gives a footer a quarter of it, so longer real values still fit


class WorkLimitError(TemplateError):
    """A template would go past a size or work limit (a sentence for the user)."""


class Meter:
    """Units left to spend, for the build or for one render."""

    def __init__(self, units: int, what: str) -> None:
        self.left = units
        self.total = units
        self.what = what

    def charge(self, units: int, doing: str) -> None:
        """Spend units, or refuse when the meter would go below zero."""
        self.left -= units
        if self.left < 0:
            raise WorkLimitError(f"{doing} takes the templates past {self.total:,} steps and "
                                 f"characters {self.what}: build smaller texts and lists, or "
                                 "loop over fewer items")


_build = Meter(BUILD_WORK, "per build")
_current: list[Meter] = [_build]


def new_build() -> None:
    """Refill the build's meter (at the start of each check or build command)."""
    global _build
    _build = Meter(BUILD_WORK, "per build")
    _current[:] = [_build]


def build_left() -> int:
    """The units the build's meter has left."""
    return _build.left


def refund(left: int) -> None:
    """Give the build's meter back what a failed render spent (it stops the build anyway,
    and the next rulebook is judged by its own work, not blamed for the failed one's)."""
    _build.left = max(_build.left, left)


@contextmanager
def per_render(units: int | None) -> Iterator[Meter]:
    """Charge the block to a meter of its own (`units`), or to the build's (None)."""
    label = "per render of a footer or title"
    if units is not None and units < TEMPLATE_WORK:
        label += f" when checked (a quarter of the {TEMPLATE_WORK:,} a page may use)"
    meter = Meter(units, label) if units is not None else _build
    _current.append(meter)
    try:
        yield meter
    finally:
        _current.pop()


def charge(units: int, doing: str) -> None:
    """Spend units on the meter in use."""
    _current[-1].charge(units, doing)


def estimate(value: Any, limit: int = MAX_TEXT) -> int:
    """An upper estimate of len(str(value)) plus its item count, at most limit + 1; charged."""
    seen = 0
    stack = [value]
    while stack and seen <= limit:
        item = stack.pop()
        if isinstance(item, str):
            seen += len(item) + 2 if item is not value else len(item)
        elif isinstance(item, (bool, int, float)) or item is None:
            seen += 24
        elif isinstance(item, dict):
            seen += 2 * len(item) + 2
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            seen += 2 * len(item) + 2
            stack.extend(item)
        else:
            seen += 100  # a range, an undefined value, a macro: short when printed
    charge(min(seen, limit + 1) // 16 + 1, "measuring a value")
    return min(seen, limit + 1)


def refuse_above(size: int, doing: str, limit: int = MAX_TEXT) -> None:
    """Refuse a value of size characters and items before it is built."""
    if size > limit:
        raise WorkLimitError(f"{doing} would make a text or list of more than {limit:,} "
                             "characters and items; build smaller ones")


def metered(items: Iterable[Any], doing: str, step: int = 1) -> Iterator[Any]:
    """Yield items, charging each one's size (a step costs at least `step` units); refuse
    more than MAX_ITEMS of them."""
    meter = _current[-1]
    for count, item in enumerate(items):
        if count >= MAX_ITEMS:
            raise WorkLimitError(f"{doing} goes over more than {MAX_ITEMS:,} items: use a "
                                 "shorter list")
        meter.left -= len(item) if type(item) is str else step  # noqa: E721 - the fast path
        if meter.left < 0:
            meter.charge(0, doing)  # raises
        if type(item) is str and len(item) > MAX_TEXT:  # noqa: E721
            refuse_above(len(item), doing)
        yield item

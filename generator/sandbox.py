"""The one Jinja sandbox every template and rulebook runs in.

Content may come from strangers, so a template can read only the values it is given and the
template files under its own roots, and its work is bounded:

- `ContentSandbox` is Jinja's immutable sandbox (no attribute starting with `_`, no mutating
  methods) with only `range` and `dict` as globals, and with every operator, filter and call
  checked so that no number, text or list grows past `MAX_ITEMS` / `MAX_TEXT`;
- `ConfinedLoader` finds templates only below its root folders: no absolute names, no `..`,
  no link that leads outside the folder it was found in, no file over `MAX_TEMPLATE_BYTES`;
- `render_bounded()` stops a render that writes more than `MAX_OUTPUT` characters, recurses
  too deeply or runs longer than `TIME_LIMIT` seconds, with a `TemplateLimitError`.

`docs/security.md` describes the same guarantees for users.
"""

from __future__ import annotations

import math
import os
import re
import signal
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, TemplateError, TemplateNotFound
from jinja2.sandbox import ImmutableSandboxedEnvironment

from .content.paths import escape_reason

MAX_ITEMS = 100_000  # longest list or range, largest whole-number argument
MAX_TEXT = 1_000_000  # longest text a single operation may produce
MAX_OUTPUT = 2_000_000  # characters one render may write
MAX_POWER = 64  # largest exponent of `**`
MAX_TEMPLATE_BYTES = 256 * 1024
TIME_LIMIT = 5.0  # seconds one render may take


class TemplateLimitError(TemplateError):
    """A template asked for more than the sandbox allows (size, depth, time, files)."""


def _check_value(value: Any, what: str) -> Any:
    """Refuse a value too big for a template to build; return it unchanged otherwise."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and abs(value) > 10 ** 18:
        raise TemplateLimitError(f"{what} gives a number above 10^18: templates work with "
                                 "small numbers")
    if isinstance(value, float) and not math.isfinite(value):
        raise TemplateLimitError(f"{what} gives {value}: divide or multiply by smaller numbers")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise TemplateLimitError(f"{what} makes a text of {len(value):,} characters; at most "
                                 f"{MAX_TEXT:,} are allowed")
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > MAX_ITEMS:
        raise TemplateLimitError(f"{what} makes {len(value):,} items; at most {MAX_ITEMS:,} "
                                 "are allowed")
    return value


def _check_arguments(args: tuple[Any, ...], kwargs: Mapping[str, Any], what: str) -> None:
    for value in (*args, *kwargs.values()):
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_ITEMS:
            raise TemplateLimitError(f"{what} is given the number {value}; numbers passed to "
                                     f"filters and functions may be at most {MAX_ITEMS:,}")
        _check_value(value, what)


# Methods a template may call; every other method of a value is refused. Text and list
# methods that can build huge values (replace, format, ljust, join…) are not among them.
SAFE_METHODS = frozenset({
    "get", "items", "keys", "values", "index", "count", "lower", "upper", "title",
    "capitalize", "strip", "lstrip", "rstrip", "startswith", "endswith", "split", "isdigit",
    "isalpha", "isupper", "islower", "cycle", "changed",
})
# Filters left out: `random` (builds must be reproducible), and those that pad or wrap text
# to a width a template chooses (center, indent, wordwrap, urlize).
DROPPED_FILTERS = frozenset({"random", "center", "indent", "wordwrap", "urlize"})
_PRINTF_WIDTH = re.compile(r"%[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")


def _check_printf(template: Any, what: str) -> None:
    """Refuse a `%` format whose width or precision would pad a text enormously."""
    if not isinstance(template, str):
        return
    for match in _PRINTF_WIDTH.finditer(template):
        for group in match.groups():
            if group == "*" or (group and int(group) > 100):
                raise TemplateLimitError(f"{what}: a width or precision above 100 in a "
                                         "'%' format is not allowed")


def _guard_filter(name: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Refuse the arguments of a filter whose result would be far larger than its input."""
    if name == "format" and args:
        _check_printf(args[0], "the filter 'format'")
    elif name == "join" and args:
        items = list(args[0]) if isinstance(args[0], (list, tuple, str)) else []
        sep = args[1] if len(args) > 1 else kwargs.get("d", "")
        total = sum(len(x) for x in items if isinstance(x, str)) + \
            len(str(sep)) * max(0, len(items) - 1)
        if total > MAX_TEXT:
            raise TemplateLimitError(f"the filter 'join' would make a text of {total:,} "
                                     f"characters; at most {MAX_TEXT:,} are allowed")
    elif name == "replace" and len(args) >= 3:
        text, old, new = (str(a) for a in args[:3])
        grows = (text.count(old) if old else len(text) + 1) * max(0, len(new) - len(old))
        if len(text) + grows > MAX_TEXT:
            raise TemplateLimitError(f"the filter 'replace' would make a text longer than "
                                     f"{MAX_TEXT:,} characters")


def _bounded_filter(name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap a filter so its arguments and result stay within the limits."""
    passes = getattr(func, "jinja_pass_arg", None)
    skip = 1 if passes is not None else 0  # the context or environment Jinja passes first

    def bounded(*args: Any, **kwargs: Any) -> Any:
        what = f"the filter '{name}'"
        _check_arguments(args[skip + 1:], kwargs, what)
        _guard_filter(name, args[skip:], kwargs)
        return _check_value(func(*args, **kwargs), what)

    if passes is not None:
        bounded.jinja_pass_arg = passes  # type: ignore[attr-defined]
    return bounded


class ContentSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with size limits on every operator, filter and call."""

    intercepted_binops = frozenset(["*", "**", "+", "//", "/", "%", "-"])

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals = {"range": self.globals["range"], "dict": dict}
        self.filters = {name: _bounded_filter(name, func) for name, func in self.filters.items()
                        if name not in DROPPED_FILTERS}

    def add_filter(self, name: str, func: Callable[..., Any]) -> None:
        """Register a filter of ours, bounded like the built-in ones."""
        self.filters[name] = _bounded_filter(name, func)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if not super().is_safe_attribute(obj, attr, value):
            return False
        return not callable(value) or attr in SAFE_METHODS

    def wrap_str_format(self, value: Any) -> None:
        return None  # `str.format` is not among SAFE_METHODS: no formatter to hand out

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_POWER:
            raise TemplateLimitError(f"the power {right} is too large: at most {MAX_POWER}")
        if operator == "%":
            _check_printf(left, "the operator '%'")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int) and \
                        len(seq) * times > MAX_TEXT:
                    raise TemplateLimitError(f"repeating a text or list {times} times makes it "
                                             f"longer than {MAX_TEXT:,}")
        try:
            result = super().call_binop(context, operator, left, right)
        except (ArithmeticError, TypeError, ValueError) as exc:
            raise TemplateError(f"cannot compute {left!r} {operator} {right!r}: {exc}") from None
        return _check_value(result, f"the operator '{operator}'")

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        what = f"the call of '{getattr(__obj, '__name__', type(__obj).__name__)}'"
        _check_arguments(args, kwargs, what)
        return _check_value(super().call(__context, __obj, *args, **kwargs), what)


class ConfinedLoader(BaseLoader):
    """Load templates by relative name from the first root that has them, never from outside."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = [Path(r) for r in roots]

    def get_source(self, environment: Any, template: str
                   ) -> tuple[str, str, Callable[[], bool]]:
        parts = safe_parts(template)
        for root in self.roots:
            path = root.joinpath(*parts)
            if not os.path.lexists(path):
                continue
            if escape_reason(root, path) is not None:
                raise TemplateLimitError(f"template '{template}' is a link to a file outside "
                                         f"the folder {root}, or a loop of links: copy the "
                                         "file in instead")
            real = path.resolve()
            if not real.is_file():
                continue
            size = real.stat().st_size
            if size > MAX_TEMPLATE_BYTES:
                raise TemplateLimitError(f"template '{template}' is {size:,} bytes; templates "
                                         f"may be at most {MAX_TEMPLATE_BYTES:,}")
            try:
                source = real.read_bytes().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise TemplateLimitError(f"template '{template}' is not UTF-8 text: save it "
                                         "as UTF-8") from None
            mtime = real.stat().st_mtime
            return source, str(path), _unchanged(real, mtime)
        raise TemplateNotFound(template)


def _unchanged(path: Path, mtime: float) -> Callable[[], bool]:
    """Jinja's up-to-date test for a loaded template file."""
    return lambda: path.exists() and path.stat().st_mtime == mtime


def safe_parts(name: str) -> list[str]:
    """Split a template name into path parts, refusing absolute names and `..`."""
    if not name or "\\" in name or "\0" in name or name.startswith("/") or \
            (len(name) > 1 and name[1] == ":"):
        raise TemplateLimitError(f"template name '{name}' must be a relative path such as "
                                 "'footer.txt.j2'")
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise TemplateLimitError(f"template name '{name}' may not go up with '..'")
    return parts


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise TemplateLimitError in the block after `seconds` (main thread, POSIX only)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is \
        threading.main_thread()
    if not usable:
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise TemplateLimitError(f"the template ran longer than {seconds:g} s: look for a loop "
                                 "over a very long range or list")

    previous = signal.signal(signal.SIGALRM, expired)
    remaining, interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if remaining:  # an outer timer was running: give it back what is left
            signal.setitimer(signal.ITIMER_REAL, remaining, interval)


def render_bounded(chunks: Callable[[], Iterator[str]]) -> str:
    """Join what a template's generate() yields, within the output, depth and time limits."""
    out: list[str] = []
    size = 0
    try:
        with time_limit(TIME_LIMIT):
            for chunk in chunks():
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise TemplateLimitError(f"the template writes more than {MAX_OUTPUT:,} "
                                             "characters: look for a loop that never ends")
                out.append(chunk)
    except RecursionError:
        raise TemplateLimitError("the template calls itself too deeply: a macro that calls "
                                 "itself needs a condition that stops it") from None
    except MemoryError:
        raise TemplateLimitError("the template needs more memory than the sandbox allows") \
            from None
    return "".join(out)

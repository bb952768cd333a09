"""The one Jinja sandbox every template and rulebook runs in.

Content may come from strangers, so a template can read only the values it is given and the
template files under its own roots, and its work is bounded by construction:

- `ContentSandbox` is Jinja's immutable sandbox (no attribute starting with `_`, no mutating
  methods) with only `range` and `dict` as globals. Every operator, filter, call, slice and
  printed value first estimates what it will make and refuses it above `MAX_TEXT` characters
  and items, then charges it to the work meter of `budget.py`; `~` and `{% for %}` are
  rewritten at parse time to go through the same meter, and number literals that are huge or
  not finite are refused at parse time with their line;
- `ConfinedLoader` finds templates only below its root folders: no absolute names, no `..`,
  no link that leads outside the folder it was found in, no file over `MAX_TEMPLATE_BYTES`;
- `render_bounded()` stops a render that writes more than `MAX_OUTPUT` characters, spends
  more than its work budget (the build's, or its own for a footer or title), recurses too
  deeply or passes its CPU-time backstop, with a `TemplateLimitError`.

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

from jinja2 import BaseLoader, TemplateError, TemplateNotFound, TemplateSyntaxError, nodes
from jinja2.environment import TemplateModule
from jinja2.sandbox import ImmutableSandboxedEnvironment

from . import budget
from .budget import charge, estimate, metered, refuse_above
from .content.paths import escape_reason
from .templatecode import (
    CONCAT,
    STEPS,
    SURROGATE,
    concat,
    finalize,
    long_number_line,
    metered_tree,
    short,
    steps,
    too_deep,
)

MAX_ITEMS = 100_000  # longest list or range, largest whole-number argument
MAX_TEXT = budget.MAX_TEXT  # characters (plus items) of one value an operation may produce
MAX_OUTPUT = 2_000_000  # characters one render may write
MAX_POWER = 64  # largest exponent of `**`
MAX_INDENT = 8  # widest indent of `tojson`
MAX_TEMPLATE_BYTES = 256 * 1024
BUILD_SECONDS = 10.0  # CPU seconds all rulebooks of one build may take (a backstop)
TIME_LIMIT = 1.0  # CPU seconds one render of a footer or title may take (a backstop)
_cpu_left = [BUILD_SECONDS]


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
_PRINTF_WIDTH = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?")
# Filters whose result can be larger than their input, with how many times larger at most.
GROWING = {"string": 10, "pprint": 10, "tojson": 6, "list": 3, "urlencode": 9, "escape": 6,
           "e": 6, "forceescape": 6, "xmlattr": 6, "sum": 1, "batch": 1, "slice": 1,
           "dictsort": 2, "items": 2}


def _check_printf(template: Any, what: str, values: Any = ()) -> None:
    """Refuse a `%` format whose width or precision would pad a text enormously, or whose
    result (format, padding and values) would pass MAX_TEXT; charge its size."""
    if not isinstance(template, str):
        return
    count = 0
    for match in _PRINTF_WIDTH.finditer(template):
        count += 1
        for group in match.groups():
            if group == "*" or (group and int(group) > 100):
                raise TemplateLimitError(f"{what}: a width or precision above 100 in a "
                                         "'%' format is not allowed")
    size = len(template) + 100 * count + estimate(values)
    refuse_above(size, what)
    charge(size, what)


def _guard_filter(name: str, args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> None:
    """Refuse the arguments of a filter whose result would be far larger than its input."""
    what = f"the filter '{name}'"
    size = estimate(args[0]) if args else 0
    charge(size, what)
    if name == "format" and args:
        _check_printf(args[0], what, (args[1:], kwargs))
    elif name == "join" and args:
        items = args[0] if isinstance(args[0], (list, tuple, str)) else ()
        sep = args[1] if len(args) > 1 else kwargs.get("d", "")
        refuse_above(size + estimate(sep) * len(items), what)
    elif name == "truncate":
        length = args[1] if len(args) > 1 else kwargs.get("length", 255)
        end = args[3] if len(args) > 3 else kwargs.get("end", "...")
        if isinstance(length, int) and isinstance(end, str) and length < len(end):
            raise TemplateLimitError(f"truncate({length}) is shorter than its end '{end}': "
                                     f"give a length of at least {len(end)}, or end=''")
    elif name == "tojson":
        indent = args[1] if len(args) > 1 else kwargs.get("indent")
        if isinstance(indent, int) and indent > MAX_INDENT:
            raise TemplateLimitError(f"tojson(indent={indent}): the indent may be at most "
                                     f"{MAX_INDENT}")
        refuse_above(size * GROWING[name] * (1 + (indent or 0)), what)
    elif name in GROWING:
        refuse_above(size * GROWING[name], what)
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
        result = func(*args, **kwargs)
        if isinstance(result, Iterator):
            return metered(result, what)
        if isinstance(result, str):
            charge(len(result), what)
        return _check_value(result, what)

    if passes is not None:
        bounded.jinja_pass_arg = passes  # type: ignore[attr-defined]
    return bounded


class ContentSandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox with size limits on every operator, filter and call."""

    intercepted_binops = frozenset(["*", "**", "+", "//", "/", "%", "-"])

    def __init__(self, **options: Any) -> None:
        options.setdefault("optimized", False)  # no constant folding into `inf` at compile
        options["finalize"] = finalize
        super().__init__(**options)
        self.globals = {"range": self.globals["range"], "dict": dict}
        self.filters = {name: _bounded_filter(name, func) for name, func in self.filters.items()
                        if name not in DROPPED_FILTERS}
        self.filters[CONCAT] = concat
        self.filters[STEPS] = steps

    def add_filter(self, name: str, func: Callable[..., Any]) -> None:
        """Register a filter of ours, bounded like the built-in ones."""
        self.filters[name] = _bounded_filter(name, func)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        """Parse, refuse literals too large to use, and meter `~` and `{% for %}`."""
        try:
            tree = super()._parse(source, name, filename)
            return metered_tree(tree, self, name, filename)
        except (ValueError, OverflowError):  # an integer literal of thousands of digits
            raise TemplateSyntaxError("a number in the template has thousands of digits: write "
                                      "numbers below 10^18", long_number_line(source), name,
                                      filename) from None
        except RecursionError:
            raise too_deep(name, filename, source) from None

    def _generate(self, source: Any, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        try:
            return super()._generate(source, name, filename, defer_init)
        except RecursionError:
            raise too_deep(name, filename) from None

    def _compile(self, source: str, filename: str) -> Any:
        try:
            return super()._compile(source, filename)
        except (RecursionError, SyntaxError, MemoryError):  # Python's own nesting limits
            raise too_deep(None, filename) from None

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if not super().is_safe_attribute(obj, attr, value):
            return False
        if isinstance(obj, TemplateModule):  # `{% import "m.j2" as m %}{{ m.f() }}`: a macro
            return True
        return not callable(value) or attr in SAFE_METHODS

    def getitem(self, obj: Any, argument: Any) -> Any:
        result = super().getitem(obj, argument)
        if isinstance(argument, slice) and isinstance(result, (str, list, tuple)):
            charge(len(result), "a slice")  # `a[::-1]` copies the text
        return result

    def wrap_str_format(self, value: Any) -> None:
        return None  # `str.format` is not among SAFE_METHODS: no formatter to hand out

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        what = f"the operator '{operator}'"
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > MAX_POWER:
            raise TemplateLimitError(f"the power {right} is too large: at most {MAX_POWER}")
        if operator == "%":
            _check_printf(left, what, right)
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(times, int):
                    size = estimate(seq) * max(times, 0)
                    if size > MAX_TEXT:
                        raise TemplateLimitError(f"repeating a text or list {times} times "
                                                 f"makes it longer than {MAX_TEXT:,}")
                    charge(size, what)
        if operator == "+" and isinstance(left, (str, list, tuple)):
            size = estimate(left) + estimate(right)
            refuse_above(size, what)
            charge(size, what)
        try:
            result = super().call_binop(context, operator, left, right)
        except (ArithmeticError, TypeError, ValueError) as exc:
            raise TemplateError(f"cannot compute {short(left)} {operator} {short(right)}: "
                                f"{exc}") from None
        return _check_value(result, what)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        what = f"the call of '{getattr(__obj, '__name__', type(__obj).__name__)}'"
        charge(budget.CALL_UNITS, what)  # a macro calling itself twice: each call costs
        _check_arguments(args, kwargs, what)
        for value in (*args, *kwargs.values()):
            refuse_above(estimate(value), what)
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, (str, list, tuple, dict)):
            charge(estimate(owner), what)  # a method works through its whole value
        result = super().call(__context, __obj, *args, **kwargs)
        if isinstance(result, str):
            charge(len(result), what)
        return _check_value(result, what)


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
def time_limit(seconds: float, what: str = "the template") -> Iterator[None]:
    """Raise TemplateLimitError in the block after `seconds` of CPU time (main thread, POSIX
    only): a backstop, as the meter of `budget.py` stops a template long before."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is \
        threading.main_thread()
    if not usable:
        yield
        return

    def expired(signum: int, frame: Any) -> None:
        raise TemplateLimitError(f"{what} ran longer than {seconds:.1f} s of CPU time: look for "
                                 "a loop over a very long range or list")

    previous = signal.signal(signal.SIGPROF, expired)
    remaining, interval = signal.setitimer(signal.ITIMER_PROF, max(seconds, 0.01))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        if remaining:  # an outer timer was running: give it back what is left
            signal.setitimer(signal.ITIMER_PROF, remaining, interval)


def new_build() -> None:
    """Refill the work and CPU budgets of templates (at the start of each check or build)."""
    budget.new_build()
    _cpu_left[0] = BUILD_SECONDS


def render_bounded(chunks: Callable[[], Iterator[str]], units: int | None = None) -> str:
    """Join what a template's generate() yields, within the output, work, depth and time
    limits: the build's budget, or a budget of `units` for this render alone."""
    import time

    out: list[str] = []
    size = 0
    seconds = _cpu_left[0] if units is None else TIME_LIMIT
    what = "the rulebooks of this build" if units is None else "the template"
    started = time.process_time()
    left = budget.build_left()
    try:
        with budget.per_render(units), time_limit(seconds, what):
            for chunk in chunks():
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise TemplateLimitError(f"the template writes more than {MAX_OUTPUT:,} "
                                             "characters: look for a loop that never ends")
                charge(len(chunk), "writing the text")
                out.append(chunk)
    except RecursionError:
        raise TemplateLimitError("the template calls itself too deeply: a macro that calls "
                                 "itself needs a condition that stops it") from None
    except MemoryError:
        raise TemplateLimitError("the template needs more memory than the sandbox allows") \
            from None
    except BaseException:
        budget.refund(left)  # a render that failed spends nothing: the next is judged alone
        started = time.process_time()
        raise
    finally:
        if units is None:
            _cpu_left[0] -= time.process_time() - started
    text = "".join(out)
    bad = SURROGATE.search(text)
    if bad:
        raise TemplateLimitError(f"the template makes the character U+{ord(bad.group()):04X}, "
                                 "half of a surrogate pair, which no font can print: remove "
                                 "the '\\u' escape that makes it")
    return text

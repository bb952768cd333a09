"""Read a rulebook file: YAML front matter, then a Markdown body rendered through Jinja.

Jinja contract (see docs/rules-format.md): StrictUndefined, `trim_blocks` and `lstrip_blocks`
(so `{% for %}` lines leave no blank lines inside tables), a `plural` filter and a global
`diagram(name, **kwargs)` that emits a placeholder line `<!--diagram {...}-->` for the parser.
Jinja comments are `{## … ##}`, because `{#id}` is taken by heading ids.
Every problem is located by the file's own line and column.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes
from jinja2.sandbox import SecurityError

from ..errors import ContentError, Problem
from ..sandbox import ContentSandbox, render_bounded
from ..sourceyaml import parse_yaml, read_text_file

DIAGRAM_PREFIX = "<!--diagram "
DIAGRAM_SUFFIX = "-->"

@dataclass
class RulesSource:
    """One rulebook file split into its parts, with where the body starts."""

    file: str
    text: str
    meta: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    body_first_line: int = 1  # 1-based line of the file where the body starts
    problems: list[Problem] = field(default_factory=list)


def read_rules(path: Path, display: str | None = None) -> RulesSource:
    """Read a rulebook file; unreadable or oversized files and bad front matter are problems."""
    name = display or str(path)
    text, problems = read_text_file(path, name)
    if text is None:
        return RulesSource(name, "", problems=problems)
    return split_front_matter(text, name)


def split_front_matter(text: str, file: str) -> RulesSource:
    """Split `---` YAML front matter from the Markdown body."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    src = RulesSource(file, text, body=text)
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        src.problems.append(Problem(file, 1, 1, "the file must start with front matter: a line "
                                    "`---`, `title: …`, `subtitle: …`, and another `---`"))
        return src
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
    if end is None:
        src.problems.append(Problem(file, 1, 1, "front matter is not closed: add a line `---` "
                                    "after the title and subtitle"))
        return src
    # Leading newline keeps YAML line numbers equal to file line numbers.
    doc, problems = parse_yaml("\n" + "\n".join(lines[1:end]), file)
    src.problems.extend(problems)
    if doc.data is None and not problems:
        doc.data = {}
    if isinstance(doc.data, dict):
        src.meta = doc.data
        if not isinstance(src.meta.get("title"), str) or not src.meta["title"].strip():
            src.problems.append(Problem(file, 2, 1, "front matter has no `title: …`: add the "
                                        "game's title"))
    elif not problems:
        src.problems.append(Problem(file, 2, 1, "front matter must be `key: value` lines"))
    src.body = "\n".join(lines[end + 1:])
    src.body_first_line = end + 2
    return src


# --- plural -------------------------------------------------------------------------------

def plural(n: Any, forms: tuple[str, ...], lang: str) -> str:
    """Return "N word" with the form agreeing with n, by the language's plural rule."""
    from ..content.plurals import count

    if isinstance(n, bool) or not isinstance(n, int):
        if isinstance(n, float) and n.is_integer():
            n = int(n)
        elif isinstance(n, str) and n.strip().lstrip("-").isdigit():
            n = int(n)
        else:
            raise ValueError(f"plural needs a whole number, got {n!r}")
    return count(n, forms, lang)


# --- Jinja rendering ----------------------------------------------------------------------

class _Recorder:
    """Collects problems raised by filters and globals while the template runs."""

    def __init__(self, file: str, filename: str, first_line: int, body: str) -> None:
        self.file = file
        self.filename = filename
        self.first_line = first_line
        self.lines = body.split("\n")
        self.template: jinja2.Template | None = None
        self.problems: list[Problem] = []

    def here(self) -> int:
        """Return the template line (1-based) of the innermost running template frame."""
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code.co_filename == self.filename and self.template is not None:
                return self.template.get_corresponding_lineno(frame.f_lineno)
            frame = frame.f_back  # type: ignore[assignment]
        return 1

    def add(self, tline: int, message: str, needle: str = "") -> None:
        self.problems.append(Problem(self.file, tline + self.first_line - 1,
                                     self.column(tline, needle), message))

    def column(self, tline: int, needle: str) -> int:
        """Best column on template line tline: where needle occurs inside a Jinja tag."""
        text = self.lines[tline - 1] if 0 < tline <= len(self.lines) else ""
        if needle:
            for pattern in (r"(?<=[.\[])['\"]?" + re.escape(needle) + r"(?!\w)",
                            r"(?<![\w.])" + re.escape(needle) + r"(?!\w)"):
                m = re.search(pattern, text)
                if m:
                    return m.start() + 1
        for tag in ("{{", "{%"):
            if tag in text:
                return text.index(tag) + 1
        return 1


def _syntax_column(text: str, message: str) -> int:
    m = re.search(r"'([^']+)'", message)
    if m and m.group(1) in text:
        return text.index(m.group(1)) + 1
    for tag in ("{%", "{{"):
        if tag in text:
            return text.rindex(tag) + 1
    return 1


def _environment() -> ContentSandbox:
    # `{#id}` marks heading ids, so Jinja comments are `{## … ##}` instead of `{# … #}`.
    # The sandbox: rulebooks may come from strangers (see generator/sandbox.py).
    return ContentSandbox(undefined=jinja2.StrictUndefined, autoescape=False,
                          trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                          comment_start_string="{##", comment_end_string="##}",
                          optimized=False)


_FILE_TAGS = (nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)


@dataclass(frozen=True)
class _Compiled:
    """A rulebook body parsed and compiled, with what the checks before a render read of it."""

    code: Any  # the compiled module, or the TemplateSyntaxError compiling it raised
    file_tags: tuple[tuple[int, str], ...]  # (line, tag) of each include/import/extends
    loaded: tuple[tuple[str, int], ...]  # (name, line) of each variable read
    assigned: frozenset[str]  # names the template sets itself


_COMPILED: dict[tuple[str, str, str], _Compiled] = {}


def _compiled(env: ContentSandbox, text: str, file: str, filename: str) -> _Compiled:
    """Parse and compile a rulebook body once per process for the same text and file (a
    build renders each book for its check and to typeset it; a check of every language
    renders the source language's again; `serve` renders on every edit). Every environment
    of `_environment()` compiles the same way: a template's filters and globals are looked up
    in the environment it runs in, so the code is shared and the render is not."""
    key = (text, file, filename)
    found = _COMPILED.get(key)
    if found is None:
        tree = env.parse(text, file, filename)  # TemplateSyntaxError: not kept, raised again
        tags = tuple((node.lineno, type(node).__name__.lower().replace(
            "fromimport", "from … import")) for node in _file_tags(tree))
        loaded = tuple((node.name, node.lineno) for node in tree.find_all(nodes.Name)
                       if node.ctx == "load")
        try:
            code: Any = env.compile(tree, file, filename)
        except jinja2.TemplateSyntaxError as exc:
            code = exc
        if len(_COMPILED) >= 32:  # a long-lived process keeps only the newest
            del _COMPILED[next(iter(_COMPILED))]
        found = _COMPILED[key] = _Compiled(code, tags, loaded, frozenset(_assigned_names(tree)))
    return found


def _file_tags(tree: nodes.Template) -> list[nodes.Node]:
    """The include/import/extends tags of a rulebook: a rulebook reads no other file."""
    return [node for node in tree.find_all(_FILE_TAGS)]


def _assigned_names(tree: nodes.Template) -> set[str]:
    names: set[str] = set()
    for name in tree.find_all(nodes.Name):
        if name.ctx in ("store", "param"):
            names.add(name.name)
    for macro in tree.find_all(nodes.Macro):
        names.add(macro.name)
    return names


def render_markdown(text: str, context: dict[str, Any], lang: str,
                    diagram_names: set[str] | list[str] | Any, file: str = "<rules>",
                    first_line: int = 1,
                    enrich: Callable[[str, dict[str, Any], dict[str, Any]], dict[str, Any]]
                    | None = None) -> str:
    """Render the Jinja in a rulebook body; raise ContentError with located problems.

    first_line is the file line where text starts (so problems carry the file's own lines);
    enrich(name, kwargs, context) may complete a diagram's arguments from the context.
    """
    env = _environment()
    filename = f"<rulebook {file}>"
    rec = _Recorder(file, filename, first_line, text)
    known = set(diagram_names)

    def plural_filter(n: Any, *forms: str) -> str:
        if rec.template is None:  # Jinja folding constants at compile time: run it later
            raise RuntimeError("evaluate when rendering")
        try:
            return plural(n, tuple(forms), lang)
        except ValueError as exc:
            rec.add(rec.here(), str(exc), "plural")
            return str(n)

    def diagram(name: str, /, **kwargs: Any) -> str:
        if name not in known:
            rec.add(rec.here(), f"unknown diagram '{name}': use one of "
                    + ", ".join(sorted(known)), "diagram")
            return ""
        for key, value in kwargs.items():
            if key.endswith("_mm") and not _positive_lengths(value):
                rec.add(rec.here(), f"diagram '{name}': {key} must be a length in millimetres "
                        f"between 1 and 500, or a list of them, not {value!r}", key)
                return ""
        if enrich is not None:
            kwargs = enrich(name, kwargs, context)
        try:
            payload = json.dumps({"name": name, "kwargs": kwargs}, ensure_ascii=False,
                                 sort_keys=True, default=_jsonable)
        except (TypeError, ValueError) as exc:
            rec.add(rec.here(), f"diagram '{name}': arguments must be numbers, text or lists "
                    f"({exc})", "diagram")
            return ""
        return "\n\n" + DIAGRAM_PREFIX + payload + DIAGRAM_SUFFIX + "\n\n"

    env.add_filter("plural", plural_filter)
    env.globals["diagram"] = diagram
    try:  # after the filters: Jinja compiles a call to a filter by the filter it finds
        compiled = _compiled(env, text, file, filename)
    except jinja2.TemplateSyntaxError as exc:
        line = exc.lineno or 1
        msg = exc.message or "template syntax error"
        row = rec.lines[line - 1] if 0 < line <= len(rec.lines) else ""
        raise ContentError([Problem(file, line + first_line - 1, _syntax_column(row, msg),
                                    f"template syntax error: {msg}")]) from None

    for lineno, tag in compiled.file_tags:
        rec.add(lineno, f"'{{% {tag} %}}' is not available in a rulebook: a rulebook "
                "reads no other file; write the text here", tag.split()[0])
    # Report every unknown top-level variable at once, before running anything.
    available = set(context) | set(env.globals) | {"diagram", "lang"} | compiled.assigned | \
        {"loop", "caller", "varargs", "kwargs"}
    seen: set[str] = set()
    for name, lineno in compiled.loaded:
        if name not in available and name not in seen:
            seen.add(name)
            rec.add(lineno, f"unknown variable '{name}': check its spelling "
                    "(docs/rules-format.md lists the variables)", name)
    if rec.problems:
        raise ContentError(rec.problems)

    if isinstance(compiled.code, jinja2.TemplateSyntaxError):
        exc = compiled.code
        raise ContentError([Problem(file, (exc.lineno or 1) + first_line - 1, 1,
                                    f"template syntax error: {exc.message}")])
    template = env.template_class.from_code(env, compiled.code, env.make_globals(None), None)
    rec.template = template
    try:
        values = {"lang": lang, **context}
        out = render_bounded(lambda: template.generate(values))
    except jinja2.UndefinedError as exc:
        tline = _template_line(exc, filename)
        needle = _undefined_needle(str(exc))
        rec.add(tline, f"{exc.message}: check the spelling against the variables in "
                "docs/rules-format.md", needle)
        raise ContentError(rec.problems) from None
    except SecurityError as exc:
        rec.add(_template_line(exc, filename), f"not allowed: {exc} A rulebook may use only "
                "the variables, filters and methods listed in docs/rules-format.md")
        raise ContentError(rec.problems) from None
    except (jinja2.TemplateError, TypeError, ValueError, ArithmeticError, LookupError,
            AttributeError) as exc:
        tline = _template_line(exc, filename)
        rec.add(tline, f"template error: {getattr(exc, 'message', None) or exc}")
        raise ContentError(rec.problems) from None
    except Exception as exc:  # noqa: BLE001 - whatever a rulebook does ends in a message
        rec.add(_template_line(exc, filename), f"template error: {type(exc).__name__}: {exc}")
        raise ContentError(rec.problems) from None
    if rec.problems:
        raise ContentError(rec.problems)
    return out


def _positive_lengths(value: Any) -> bool:
    """Tell whether value is a sensible diagram size in mm (or a list of them)."""
    values = value if isinstance(value, (list, tuple)) else [value]
    return bool(values) and all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                and 1 <= v <= 500 for v in values)


def _template_line(exc: BaseException, filename: str) -> int:
    line = 1
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _undefined_needle(message: str) -> str:
    m = re.search(r"has no attribute '([^']+)'", message) or re.search(r"'([^']+)' is undefined",
                                                                       message)
    return m.group(1) if m else ""


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, tuple)):
        return list(value)
    if hasattr(value, "model_dump"):
        return value.model_dump()
    raise TypeError(f"{type(value).__name__} is not text or a number")


def parse_diagram_line(text: str) -> tuple[str, dict[str, Any]] | None:
    """Decode a diagram placeholder line made by `diagram()`; None when it is not one."""
    text = text.strip()
    if not (text.startswith(DIAGRAM_PREFIX) and text.endswith(DIAGRAM_SUFFIX)):
        return None
    try:
        data = json.loads(text[len(DIAGRAM_PREFIX):-len(DIAGRAM_SUFFIX)])
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return None
    kwargs = data.get("kwargs")
    return str(data["name"]), kwargs if isinstance(kwargs, dict) else {}

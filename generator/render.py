"""Render short texts (footer, document title) from Jinja templates, user folder first.

Templates run in the sandbox of `generator/sandbox.py` and are found only below the user's
templates folder and the bundled one. `check_templates()` compiles each template, refuses
variables it will not be given and renders it once with sample values, so a build that
`check` passed does not fail on a template.

A template that only puts values into text (`{{ game }} · {{ page_label }}`, like the bundled
ones) is filled by a plain substitution with the same result, so a build does not load Jinja
for it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .content.paths import bundled_dir, display_path, escape_reason
from .errors import ContentError, Problem

if TYPE_CHECKING:
    from jinja2 import nodes

    from .sandbox import ContentSandbox

# Every template the tool renders, with the values it is given (and sample values for check).
TEMPLATES: dict[str, dict[str, str]] = {
    "footer.txt.j2": {"game": "Game", "part": "Part", "language": "English",
                      "page_label": "page 1 of 2"},
    "document-title.txt.j2": {"game": "Game", "part": "Part", "language": "English",
                              "paper": "a4"},
}


_PLAIN = re.compile(r"\{\{ *([A-Za-z_][A-Za-z0-9_]*) *\}\}")
_PLAIN_LIMIT = 4096


def plain_template(name: str, user_dir: Path | None = None) -> str | None:
    """The text of a template that only substitutes variables, else None (Jinja renders it).

    The file is read on every call (a few bytes), so that a long-lived process sees it
    edited between two builds; what is made of its bytes is kept."""
    for folder in ([user_dir] if user_dir else []) + [bundled_dir("templates")]:
        path = folder / name
        if not path.exists():
            continue
        if escape_reason(folder, path) is not None or not path.is_file() or \
                path.stat().st_size > _PLAIN_LIMIT:
            return None
        try:
            return _plain(path.read_bytes())
        except OSError:
            return None
    return None


@lru_cache(maxsize=16)
def _plain(data: bytes) -> str | None:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    rest = _PLAIN.sub("", text)
    return None if any(tag in rest for tag in ("{{", "{%", "{#")) else text


@lru_cache(maxsize=16)
def environment(user_dir: Path | None = None) -> ContentSandbox:
    """Return a sandboxed environment that looks in the user's templates, then the bundled."""
    from jinja2 import StrictUndefined

    from .sandbox import ConfinedLoader, ContentSandbox

    folders = [user_dir] if user_dir else []
    folders.append(bundled_dir("templates"))
    return ContentSandbox(loader=ConfinedLoader(folders), undefined=StrictUndefined,
                          autoescape=False, keep_trailing_newline=False)


def render_line(name: str, user_dir: Path | None = None, work_units: int | None = None,
                **values: object) -> str:
    """Render a one-line template, trimmed; a template that fails raises ContentError.

    The render may spend `work_units` (budget.TEMPLATE_WORK unless given: see budget.py).
    """
    text = plain_template(name, user_dir)
    if text is not None and all(m.group(1) in values for m in _PLAIN.finditer(text)):
        return _PLAIN.sub(lambda m: str(values[m.group(1)]), text).strip()

    from .budget import TEMPLATE_WORK
    from .sandbox import render_bounded

    env = environment(user_dir)
    try:
        template = env.get_template(name)
        return render_bounded(lambda: template.generate(**values),
                              TEMPLATE_WORK if work_units is None else work_units).strip()
    except Exception as exc:  # noqa: BLE001 - whatever a template does ends in a message
        raise ContentError([_problem(exc, name, user_dir)]) from None


def _problem(exc: BaseException, name: str, user_dir: Path | None) -> Problem:
    """Locate a template failure in the template's own file."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError
    from jinja2.sandbox import SecurityError

    filename = getattr(exc, "filename", None) or _source_file(name, user_dir) or name
    line = getattr(exc, "lineno", None) or _runtime_line(exc, filename) or 1
    if isinstance(exc, TemplateNotFound):
        text = (f"template '{exc.name}' is not in the templates folder: include a template by "
                "its file name, such as 'footer.txt.j2'")
    elif isinstance(exc, TemplateSyntaxError):
        text = f"template syntax error: {exc.message}"
    elif isinstance(exc, SecurityError):
        text = (f"not allowed: {exc} A template may use only the values "
                f"{_names(name)} and the filters in docs/security.md")
    elif isinstance(exc, (TypeError, ValueError, ArithmeticError, LookupError, AttributeError,
                          TemplateError)):
        text = f"template error: {getattr(exc, 'message', None) or exc}"
    else:
        text = f"template error: {type(exc).__name__}: {exc}"
    return Problem(display_path(Path(filename)), line, 1, text)


def _source_file(name: str, user_dir: Path | None) -> str | None:
    for folder in ([user_dir] if user_dir else []) + [bundled_dir("templates")]:
        if (folder / name).is_file():
            return str(folder / name)
    return None


def _runtime_line(exc: BaseException, filename: str) -> int | None:
    line = None
    tb = exc.__traceback__
    while tb is not None:
        template = tb.tb_frame.f_globals.get("__jinja_template__")
        if tb.tb_frame.f_code.co_filename == filename and template is not None:
            line = template.get_corresponding_lineno(tb.tb_lineno)
        tb = tb.tb_next
    return line


def _names(template: str) -> str:
    return ", ".join(f"'{n}'" for n in TEMPLATES.get(template, {}))


def check_templates(user_dir: Path | None, names: list[str] | None = None) -> list[Problem]:
    """Compile, inspect and sample-render each template; report every problem located."""
    from jinja2 import TemplateError

    from .budget import CHECK_SHARE, TEMPLATE_WORK

    problems: list[Problem] = []
    env = environment(user_dir)
    for name in names or list(TEMPLATES):
        allowed = TEMPLATES.get(name, {})
        try:
            source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
            tree = env.parse(source, name, filename)
        except TemplateError as exc:
            problems.append(_problem(exc, name, user_dir))
            continue
        shown = display_path(Path(filename or name))
        unknown = _unknown_names(tree, set(allowed))
        for node_name, line in unknown:
            problems.append(Problem(shown, line, 1, f"unknown variable '{node_name}': the "
                                    f"template {name} is given {_names(name)}"))
        if unknown:
            continue
        try:
            render_line(name, user_dir, TEMPLATE_WORK // CHECK_SHARE, **allowed)
        except ContentError as exc:
            problems.extend(exc.problems)
    return problems


def _unknown_names(tree: nodes.Template, allowed: set[str]) -> list[tuple[str, int]]:
    """Names a template reads that it is neither given nor sets itself, with their lines."""
    from jinja2 import nodes

    assigned = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    assigned |= {m.name for m in tree.find_all(nodes.Macro)}
    assigned |= {i.target for i in tree.find_all(nodes.Import)}
    assigned |= {n if isinstance(n, str) else n[1] for f in tree.find_all(nodes.FromImport)
                 for n in f.names}
    known = allowed | assigned | {"range", "dict", "loop", "caller", "varargs", "kwargs"}
    found: dict[str, int] = {}
    for node in tree.find_all(nodes.Name):
        if node.ctx == "load" and node.name not in known:
            found.setdefault(node.name, node.lineno)
    return sorted(found.items(), key=lambda item: item[1])


def templates_in_use(user_dir: Path | None) -> set[str]:
    """The templates the tool renders and every template they include or import, by name."""
    from jinja2 import TemplateError, nodes

    env = environment(user_dir)
    used: set[str] = set()
    waiting = list(TEMPLATES)
    while waiting:
        name = waiting.pop()
        if name in used:
            continue
        used.add(name)
        try:
            source, filename, _ = env.loader.get_source(env, name)  # type: ignore[union-attr]
            tree = env.parse(source, name, filename)
        except TemplateError:
            continue  # reported by check_templates
        for node in tree.find_all((nodes.Include, nodes.Import, nodes.FromImport,
                                   nodes.Extends)):
            target = getattr(node, "template", None)
            if isinstance(target, nodes.Const) and isinstance(target.value, str):
                waiting.append(target.value)
    return used

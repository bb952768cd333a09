"""Render short texts (footer, document title) from Jinja templates, user folder first."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateError

from .content.paths import bundled_dir
from .errors import Problem


@cache
def environment(user_dir: Path | None = None) -> Environment:
    """Return a Jinja environment that looks in the user's templates, then the bundled ones."""
    folders = [str(user_dir)] if user_dir else []
    folders.append(str(bundled_dir("templates")))
    return Environment(loader=FileSystemLoader(folders), undefined=StrictUndefined,
                       autoescape=False, keep_trailing_newline=False)


def render_line(name: str, user_dir: Path | None = None, **values: object) -> str:
    """Render a one-line template, trimmed."""
    return environment(user_dir).get_template(name).render(**values).strip()


def check_templates(user_dir: Path | None, names: list[str]) -> list[Problem]:
    """Try to compile each template; report syntax errors with file and line."""
    problems = []
    env = environment(user_dir)
    for name in names:
        try:
            env.get_template(name)
        except TemplateError as exc:
            line = getattr(exc, "lineno", 1) or 1
            where = getattr(exc, "filename", None) or name
            problems.append(Problem(str(where), line, 1, f"template error: {exc.message}"))
    return problems

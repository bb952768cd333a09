"""The `rules` part every game has: its rulebook typeset from `content/GAME/rules/LANG.md`.

A language exists for the rulebook when its Markdown file exists, so adding a language is
adding files. Rulebooks are checked (templates rendered, languages compared with Russian)
when content loads, before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..content.common import ProjectInfo, load_model
from ..content.paths import ContentRoots
from ..errors import Problem
from ..rulebook.build import build_rulebook, check_rulebooks

RULES_LABEL = {"ru": "Правила игры", "en": "Rules of play"}


def rules_files(roots: ContentRoots, game: str) -> dict[str, Path]:
    """Every `rules/LANG.md` of a game, by language, user folder first."""
    return {name.removesuffix(".md"): path
            for name, path in roots.glob(f"{game}/rules", "*.md").items()}


def check_game_rules(roots: ContentRoots, game: str, content: Any,
                     context: Callable[[Any, str], dict[str, Any]]) -> list[Problem]:
    """Render and compare every language's rulebook of a game."""
    files = rules_files(roots, game)
    if not files:
        return []
    return check_rulebooks(files, {lang: context(content, lang) for lang in files})


def project_url(roots: ContentRoots) -> str:
    """The project's page, printed as a QR code on the back of every rulebook."""
    problems: list[Problem] = []
    info, _ = load_model(roots, "common/project.yaml", ProjectInfo, problems)
    return info.url if info else ""


def render_rules(game: str, content: Any, context: Callable[[Any, str], dict[str, Any]],
                 roots: ContentRoots, lang: str, paper: str, path: Path) -> list[str]:
    """Typeset one rulebook to path; return the texts that did not fit (none for rulebooks)."""
    source = rules_files(roots, game)[lang]
    build_rulebook(source, context(content, lang), lang, paper, path, project_url(roots),
                   RULES_LABEL.get(lang, ""))
    return []

"""The `rules` part every game has: its rulebook typeset from `content/GAME/rules/LANG.md`.

A language exists for the rulebook when its Markdown file exists, so adding a language is
adding files. Rulebooks are checked (templates rendered, languages compared with Russian)
when content loads, before anything is written.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from ..content.common import ProjectInfo, check_counted, load_model
from ..content.paths import ContentRoots, display_path
from ..content.terms import load_glossary, synonym_warnings
from ..errors import ContentError, Problem
from .base import rules_files


def rules_context(roots: ContentRoots, game: str, content: Any,
                  context: Callable[[Any, str], dict[str, Any]], lang: str,
                  problems: list[Problem] | None = None) -> dict[str, Any]:
    """What a rulebook's Jinja sees: the game's context and its glossary as `terms`."""
    glossary = load_glossary(roots, game, lang, problems if problems is not None else [])
    full = {**context(content, lang), "terms": glossary.spelled()}
    return _typographic(full) if lang == "en" else full


def _typographic(value: Any) -> Any:
    """English words from content (names, labels, diagram legends) with typographic quotes,
    as the book's own text gets them."""
    from ..quotes import smart_quotes

    if isinstance(value, str):
        return smart_quotes(value) if ("'" in value or '"' in value) else value
    if isinstance(value, dict):
        return {k: _typographic(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typographic(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_typographic(v) for v in value)
    return value


def check_game_rules(roots: ContentRoots, game: str, content: Any,
                     context: Callable[[Any, str], dict[str, Any]],
                     langs: Collection[str] | None = None) -> list[Problem]:
    """Render and compare the rulebooks of a game in langs (None: every language); warn where
    a rulebook or a sheet text uses a word its glossary avoids. Each problem belongs to its
    language. A rulebook in langs is compared with its source language's, which is rendered
    for that but whose own problems are left to a check of its language."""
    from ..content.translation import tag
    from ..rulebook.build import check_rulebooks, rulebook_sources

    files = rules_files(roots, game)
    if not files:
        return []
    wanted = set(files) if langs is None else set(langs) & set(files)
    compared = wanted | rulebook_sources({lang: files[lang] for lang in wanted}, set(files))
    problems: list[Problem] = []
    load_project(roots, problems)
    ready = {}
    for lang, path in files.items():
        if lang not in compared:
            continue
        missing = _missing_game_words(roots, game, content, lang)
        if not missing and lang in getattr(content, "texts", {}):
            ready[lang] = path
        if lang in wanted:
            problems += missing
    contexts = {}
    for lang in ready:
        found: list[Problem] = []
        contexts[lang] = rules_context(roots, game, content, context, lang, found)
        if lang in wanted:
            problems += tag(found, lang)
    problems += check_rulebooks(ready, contexts, wanted)
    for lang, path in ready.items():
        if lang not in wanted:
            continue
        found = _check_book_words(roots, content, lang)
        glossary = load_glossary(roots, game, lang, [])
        paths = [path]
        sheet_text = roots.find(f"{game}/text/{lang}.yaml")
        if sheet_text is not None:
            paths.append(sheet_text)
        for text_path in paths:
            try:
                text = text_path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue  # reported where the file is loaded
            found += synonym_warnings(glossary, display_path(text_path), text)
        problems += tag(found, lang)
    return problems


def _missing_game_words(roots: ContentRoots, game: str, content: Any, lang: str
                        ) -> list[Problem]:
    """An error when a rulebook's language has no text file of the game (a broken one is
    reported where it is loaded)."""
    relative = f"{game}/text/{lang}.yaml"
    if lang in getattr(content, "texts", {}) or roots.find(relative) is not None:
        return []
    path = rules_files(roots, game)[lang]
    return [Problem(display_path(path), 1, 1, f"this rulebook needs the game's words in "
                    f"'{lang}': add {relative} (copy the file of another language and translate "
                    "it)", lang=lang)]


def _check_book_words(roots: ContentRoots, content: Any, lang: str) -> list[Problem]:
    """The rulebook's own words in lang: present, and each counted word's forms right."""
    texts = content.sheet_texts.get(lang)
    relative = f"common/text/{lang}.yaml"
    if texts is None:
        return [Problem(relative, 1, 1, f"the rulebook in '{lang}' needs the words printed on "
                        f"every sheet: add {relative} (copy the file of another language and "
                        "translate it)")]
    if texts.rulebook is None:
        path = roots.find(relative)
        shown = display_path(path) if path else relative
        return [Problem(shown, 1, 1, "this language has a rulebook but no `rulebook:` section "
                        "(the footer, cover line, contents and back page): add it, as in "
                        "the English file")]
    return check_counted(roots, lang, texts)


MAX_URL = 300  # a QR code of this much text still prints legibly at the rulebook's size


def load_project(roots: ContentRoots, problems: list[Problem]) -> str:
    """Load the project's page (printed as a QR code on every rulebook's back), checked."""
    info, doc = load_model(roots, "common/project.yaml", ProjectInfo, problems)
    if info is None or doc is None:
        return ""
    url = info.url.strip()
    if len(url) > MAX_URL or not url.startswith(("https://", "http://")) or " " in url:
        problems.append(doc.problem(("url",), f"'url' must be a web address starting with "
                                    f"https:// and at most {MAX_URL} characters, without "
                                    "spaces: it is printed as a QR code"))
        return ""
    return url


def project_url(roots: ContentRoots) -> str:
    """The project's page, printed as a QR code on the back of every rulebook."""
    return load_project(roots, [])


def render_rules(game: str, content: Any, context: Callable[[Any, str], dict[str, Any]],
                 roots: ContentRoots, lang: str, paper: str, path: Path,
                 draft: bool = False) -> list[str]:
    """Typeset one rulebook to path; return the texts that did not fit (none for rulebooks)."""
    from ..rulebook.build import build_rulebook
    from ..rulebook.typestyle import BookWords

    source = rules_files(roots, game)[lang]
    missing = _check_book_words(roots, content, lang) + _missing_game_words(roots, game,
                                                                            content, lang)
    if any(p.severity == "error" for p in missing):  # the rulebook check says the same
        raise ContentError(missing)
    texts = content.sheet_texts[lang]
    words = BookWords.from_texts(texts.rulebook, texts.draft if draft else "")
    build_rulebook(source, rules_context(roots, game, content, context, lang), lang, paper,
                   path, project_url(roots), words)
    return []

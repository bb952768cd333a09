"""Rulebooks: Markdown + Jinja content typeset into PDFs (call build.build_rulebook).

Importing this package imports ReportLab's paragraph module first, so that one of its
patterns is compiled only for a word that could be a URL. ReportLab compiles its URL pattern
on import (a case-insensitive class over all of Unicode: about 45 ms in every process that
typesets a rulebook) and matches it against every word it tries to hyphenate; the pattern
cannot match without "://", so a word without it is answered "not a URL" at once, and the
pattern is compiled the first time a word has "://".
"""

from __future__ import annotations

import re
import sys
from typing import Any

_URL_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # how ReportLab's uri_pat begins


class _PatternOnFirstUse:
    """Stands for a compiled pattern; compiles it when an attribute is first asked for."""

    def __init__(self, compile_: Any, pattern: str, flags: int) -> None:
        self._args = (compile_, pattern, flags)
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        if self._compiled is None:
            compile_, pattern, flags = self._args
            self._compiled = compile_(pattern, flags)
        return getattr(self._compiled, name)


def _import_paragraph() -> None:
    if "reportlab.platypus.paragraph" in sys.modules:
        return
    real = re.compile

    def compile_(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(_URL_PATTERN_START):
            return _PatternOnFirstUse(real, pattern, flags)
        return real(pattern, flags)

    re.compile = compile_  # type: ignore[assignment]
    try:
        from reportlab.platypus import paragraph
    finally:
        re.compile = real
    split_pairs = getattr(paragraph, "_uri_split_pairs", None)
    if not isinstance(getattr(paragraph, "uri_pat", None), _PatternOnFirstUse) or not callable(
            split_pairs):
        return  # another ReportLab: leave it as it is

    def uri_split_pairs(uri: str | bytes) -> Any:
        text = uri.decode("utf8") if isinstance(uri, bytes) else uri
        return split_pairs(uri) if "://" in text else None

    paragraph._uri_split_pairs = uri_split_pairs


_import_paragraph()

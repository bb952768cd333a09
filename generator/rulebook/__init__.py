"""Rulebooks: Markdown + Jinja content typeset into PDFs (call build.build_rulebook).

Importing this package imports ReportLab's paragraph module first, with one of its patterns
left to be compiled when first used: ReportLab compiles its URL pattern on import, a
case-insensitive class over all of Unicode that takes about 45 ms, in every process that
typesets a rulebook; it is used only to split long URLs between lines (the paragraph style
`uriWasteReduce`, which our styles leave off), so a build never pays for it.
"""

from __future__ import annotations

import re
import sys
from typing import Any

_URL_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"  # how ReportLab's uri_pat begins


class _PatternOnFirstUse:
    """Stands for a compiled pattern and compiles it when an attribute is first asked for."""

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
        import reportlab.platypus.paragraph  # noqa: F401
    finally:
        re.compile = real


_import_paragraph()

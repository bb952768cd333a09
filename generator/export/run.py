"""Run an export: plan it, write every folder to a hidden staging folder, then swap them in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import OutputError, Problem
from .faces import ExportOptions, plan_export
from .output import staged

FORMATS = ("png", "tts", "ttpg")


@dataclass
class ExportReport:
    """The folders written and the content's warnings."""

    written: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def run_export(options: ExportOptions, progress: Callable[[str], None] = lambda _: None
               ) -> ExportReport:
    """Export a game's pieces in the chosen format into OUT/GAME/LANG, one folder a language.

    Nothing is in place until every language is written; a failure leaves the old folders.
    """
    from .png import export_png
    from .ttpg import export_ttpg
    from .tts import export_tts

    writers = {"png": export_png, "tts": export_tts, "ttpg": export_ttpg}
    plan = plan_export(options)
    try:
        with staged() as staging:
            writers[options.fmt](plan, options, staging)
            written = staging.commit()
    except OSError as exc:
        raise OutputError(f"cannot write {exc.filename or options.out}: {exc.strerror}"
                          ) from exc
    for path in written:
        progress(str(path))
    return ExportReport(written, plan.warnings)

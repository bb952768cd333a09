"""Run an export: plan it, write every folder to a hidden staging folder, then swap them in."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..errors import OutputError, Problem
from .faces import ExportOptions, plan_export
from .install import check_free, copy_in, install_folder, install_root
from .output import staged

FORMATS = ("png", "tts", "ttpg")


@dataclass
class ExportReport:
    """The folders written, the content's warnings, and the copies --install made."""

    written: list[Path] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    installed: list[Path] = field(default_factory=list)


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
    installs: list[Path] = []
    if options.install is not None:
        options = replace(options, install_root=install_root(options.fmt, options.install))
        installs = [install_target(options, lang) for lang in plan.languages]
    try:
        with staged() as staging:
            writers[options.fmt](plan, options, staging)
            written = staging.commit()
    except OSError as exc:
        raise OutputError(f"cannot write {exc.filename or options.out}: {exc.strerror}"
                          ) from exc
    for path in written:
        progress(str(path))
    for source, target in zip(written, installs):
        copy_in(source, target)
        progress(f"{target} (installed)")
    return ExportReport(written, plan.warnings, installs)


def install_target(options: ExportOptions, lang: str) -> Path:
    """Where --install puts one language, checked free (or replaceable) before any writing."""
    from .ttpg import package_guid

    assert options.install_root is not None
    target = install_folder(options.fmt, options.install_root, options.game, lang)
    expected = (f"{options.game}-{lang}" if options.fmt == "tts"
                else package_guid(options.game, lang))
    check_free(options.fmt, target, options.game, lang, expected, options.replace)
    return target

"""What `lang export`, `lang import` and `lang stamp` do, for the commands in langcli.py."""

from __future__ import annotations

from pathlib import Path

from ..content.paths import ContentRoots, bundled_dir
from ..errors import ContentError, Problem, UsageError
from ..languages import check_code, source_language


def export_po(lang: str | None, games: list[str], source: str | None, fmt: str,
              content: Path | None, out: Path) -> list[str]:
    """Write the PO (or POT) files; return the lines to show."""
    from .pairs import file_pairs
    from .po import export, plural_forms

    if fmt == "po" and lang is None:
        raise UsageError("name the language to export, e.g. `lang export de --out po/`; "
                         "`--format pot` writes templates without one")
    for code in (lang, source):
        if code:
            check_code(code)
    if lang:
        plural_forms(lang)
    roots = ContentRoots.with_user(content)
    pairs = file_pairs(roots, games, lang or "", source if lang else (source or "en"))
    if not pairs:
        raise UsageError(f"nothing to translate from '{source or 'en'}': choose --from en or ru")
    written = export(pairs, lang if fmt == "po" else None, out)
    outdated = sum(len(p.outdated_units()) for p in pairs) if lang else 0
    lines = [f"wrote {path}" for path in written]
    lines.append(f"{len(written)} {fmt.upper()} files in {out}"
                 + (f"; {outdated} outdated translations marked fuzzy" if outdated else ""))
    return lines


def import_po(lang: str, files: list[Path], content: Path | None) -> list[str]:
    """Check every PO file, then write their translations; return the lines to show."""
    from .importer import plan, read_incoming, write_all

    check_code(lang)
    folder = content or bundled_dir("content")
    roots = ContentRoots.with_user(content)
    problems: list[Problem] = []
    incoming = [read_incoming(po, lang, roots, problems) for po in files]
    if problems:
        raise ContentError(problems)
    writes = [w for item in incoming if item is not None for w in plan(item, folder)]
    lines = write_all(writes)
    lines.append(f"imported {len(files)} PO file{'s' if len(files) != 1 else ''}"
                 + ("" if len(lines) else ": nothing changed"))
    return lines


def stamp_language(lang: str, games: list[str], content: Path | None,
                   contexts: set[str] | None) -> list[str]:
    """Record the translated texts of lang as made from today's source."""
    from .pairs import file_pairs, stamp
    from .records import sidecar, write_records

    check_code(lang)
    folder = (content or bundled_dir("content")).resolve()
    lines = []
    for pair in file_pairs(ContentRoots.with_user(content), games, lang, None):
        if (pair.own_path is None or folder not in pair.own_path.resolve().parents
                or not source_language(pair.own_path)):  # not there, or not a translation
            continue
        records = stamp(pair, contexts)
        if records and write_records(pair.own_path, pair.source, records):
            lines.append(f"wrote {sidecar(pair.own_path)}")
    lines.append(f"{len(lines)} record files written" if lines else "every record was current")
    return lines

"""`export --format png`: one picture per piece face and a manifest.json per language.

OUT/GAME/LANG/ID-front.png (and ID-back.png for a piece with a back), and
OUT/GAME/LANG/manifest.json listing every piece: id, kind, part, shape, size in mm and in
pixels, whether it is a whole-page sheet, and its files.
"""

from __future__ import annotations

import multiprocessing as mp
from pathlib import Path
from typing import Any

from ..build import Job, default_workers
from ..interrupts import quiet_worker
from .faces import ExportOptions, Plan, part_faces
from .output import Staging, save_json, save_png


def write_pieces(jobs: list[Job], dpi: int, folder: Path, prefix: str = ""
                 ) -> list[dict[str, Any]]:
    """Rasterise the jobs' pieces into folder/prefix; return their manifest entries in order.

    With several parts and cores, parts are drawn in forked workers (as `build` draws files):
    each part is drawn by one process, so the pictures are the same bytes either way.
    """
    _WORK[:] = [jobs, dpi, folder, prefix]
    try:
        workers = min(default_workers(), len(jobs))
        if workers < 2 or "fork" not in mp.get_all_start_methods():
            parts = list(map(_write_job, range(len(jobs))))
        else:
            with mp.get_context("fork").Pool(workers, initializer=quiet_worker) as pool:
                parts = pool.map(_write_job, range(len(jobs)), chunksize=1)
    finally:
        _WORK.clear()
    return [entry for part in parts for entry in part]


_WORK: list[Any] = []  # (jobs, dpi, folder, prefix), inherited by forked workers


def _write_job(index: int) -> list[dict[str, Any]]:
    """Write one job's pictures; return its entries."""
    jobs, dpi, folder, prefix = _WORK
    entries: dict[str, dict[str, Any]] = {}
    for face in part_faces(jobs[index], dpi):
        spec = face.spec
        name = f"{prefix}{spec.id}-{face.side}.png"
        save_png(face.image, folder / name)
        entry = entries.setdefault(spec.id, {
            "id": spec.id, "kind": spec.kind, "part": face.part, "shape": spec.shape,
            "size_mm": [round(spec.width, 3), round(spec.height, 3)],
            "size_px": list(face.image.size), "sheet": not spec.cut, "files": {}})
        entry["files"][face.side] = name
    return list(entries.values())


def manifest(game: str, lang: str, dpi: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest of one language's pictures."""
    return {"game": game, "lang": lang, "dpi": dpi, "units": "mm", "pieces": entries}


def export_png(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's pictures and manifest into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(options.out / options.game / lang)
        jobs = [job for job in plan.jobs if job.lang == lang]
        entries = write_pieces(jobs, options.dpi, folder)
        save_json(manifest(options.game, lang, options.dpi, entries), folder / "manifest.json")

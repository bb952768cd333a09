"""`export --format png`: one picture per distinct piece face and a manifest.json per language.

OUT/GAME/LANG/ID-front.png (and ID-back.png for a piece with a back), each carrying its
resolution (pHYs), and OUT/GAME/LANG/manifest.json listing every picture: the pieces it
shows (ids, their name in the export's language, how many), kind, part, shape, size in mm
and in pixels, whether it is a whole-page sheet, and its files. Pieces whose pictures are
the same bytes (13 straight maze tiles) share one entry and one set of files, `count` 13.
"""

from __future__ import annotations

import hashlib
import multiprocessing as mp
import re
from pathlib import Path
from typing import Any

from ..interrupts import quiet_worker
from ..pipeline.draw import default_workers
from ..pipeline.plan import Job
from .faces import ExportOptions, Plan, part_faces
from .names import piece_description, piece_name
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
    job = jobs[index]
    entries: dict[str, dict[str, Any]] = {}
    for face in part_faces(job, dpi):
        spec = face.spec
        name = f"{prefix}{spec.id}-{face.side}.png"
        save_png(face.image, folder / name, dpi)
        entry = entries.setdefault(spec.id, {
            "id": spec.id, "name": "", "description": piece_description(job),
            "kind": spec.kind, "part": face.part, "shape": spec.shape,
            "size_mm": [round(spec.width, 3), round(spec.height, 3)],
            "size_px": list(face.image.size), "sheet": not spec.cut, "files": {}})
        entry["files"][face.side] = name
        if face.side == "front":
            secret = spec.shape == "rect" and spec.back is not None and spec.cut
            entry["name"] = piece_name(job, spec, secret)
    return list(entries.values())


def merge_copies(entries: list[dict[str, Any]], folder: Path) -> list[dict[str, Any]]:
    """One entry per distinct set of pictures, listing the ids it shows and their count;
    the copies' files are removed."""
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for entry in entries:
        key = (entry["part"], entry["kind"],
               *((side, hashlib.sha256((folder / f).read_bytes()).digest())
                 for side, f in sorted(entry["files"].items())))
        first = merged.get(key)
        if first is None:
            merged[key] = {**entry, "ids": [entry["id"]], "count": 1}
            continue
        first["ids"].append(entry["id"])
        first["count"] += 1
        for name in entry["files"].values():
            (folder / name).unlink()
    for entry in merged.values():
        if entry["count"] > 1:  # "Wand 1" names them all: "Wand"
            entry["name"] = re.sub(r" \d+$", "", entry["name"])
    return list(merged.values())


def manifest(game: str, lang: str, dpi: int, entries: list[dict[str, Any]]) -> dict[str, Any]:
    """The manifest of one language's pictures."""
    return {"game": game, "lang": lang, "dpi": dpi, "units": "mm", "pieces": entries}


def export_png(plan: Plan, options: ExportOptions, staging: Staging) -> None:
    """Write every language's pictures and manifest into staging folders."""
    for lang in plan.languages:
        folder = staging.folder(options.out / options.game / lang)
        jobs = [job for job in plan.jobs if job.lang == lang]
        entries = merge_copies(write_pieces(jobs, options.dpi, folder), folder)
        save_json(manifest(options.game, lang, options.dpi, entries), folder / "manifest.json")

"""The imposed geometry as plain data (for `labyrinth-pnp layout` and for tests)."""

from __future__ import annotations

from typing import Any

from .cutter import cricut_image, page_registration
from .imposition import Page


def _r(value: float) -> float:
    return round(value, 3)


def page_data(page: Page) -> dict[str, Any]:
    """One page: number, side, size, its pieces' cut boxes in mm, its number of crop marks and
    their lines (x1, y1, x2, y2), and the edge its furniture band (ruler, print note, footer)
    runs along."""
    return {
        "number": page.number,
        "side": page.side,
        "width_mm": _r(page.width),
        "height_mm": _r(page.height),
        "pieces": [
            {"kind": p.spec.kind, "id": p.spec.id, "shape": p.spec.shape, "x_mm": _r(p.x),
             "y_mm": _r(p.y), "width_mm": _r(p.width), "height_mm": _r(p.height),
             "face": "back" if page.side == "back" else p.face}
            for p in page.pieces
        ],
        "marks": len(page.marks),
        "mark_lines_mm": [[_r(m.x1), _r(m.y1), _r(m.x2), _r(m.y2)] for m in page.marks],
        "band": page.band,
        **({"registration_mm": [[_r(v) for v in r] for r in page_registration(page)]}
           if page.cutter else {}),
        **({"fold_mm": [_r(v) for v in page.fold]} if page.fold else {}),
        **cricut_image(page),
    }


def layout_data(options: Any) -> dict[str, Any]:
    """Impose every job of a build and return its geometry without drawing."""
    from ..pipeline.impose import iter_layout

    files = []
    for job, pages in iter_layout(options):
        files.append({
            "file": job.relative.as_posix(),
            "game": job.game.id,
            "part": job.part.name,
            "lang": job.lang,
            "paper": job.paper,
            "margin_mm": job.part.margin,
            "pages": [page_data(p) for p in pages],
        })
    return {"units": "mm", "origin": "top-left", "files": files}


def layout_text(data: dict[str, Any]) -> str:
    """A short human summary of layout data: files, pages, and the ids of their pieces (the
    names `build --pieces` takes)."""
    lines = []
    for f in data["files"]:
        n = len(f["pages"])
        lines.append(f"{f['file']}: {n} page{'s' if n != 1 else ''}")
        for p in f["pages"]:
            k = len(p["pieces"])
            ids = ", ".join(q["id"] for q in p["pieces"] if q["face"] == "front")
            head = f"  page {p['number']} ({p['side']}): {k} piece{'s' if k != 1 else ''}"
            lines.append(f"{head}: {ids}" if ids else head)
    return "\n".join(lines)

"""The plan editor's photo upload: read a photo of a filled plan form as `plan scan` does.

POST `/api/plan/scan` with the photo's bytes as the body (any image Pillow reads, at most
`MAX_PHOTO` bytes; the guard lets this one address past its usual body limit) and the run's
token in the `X-Token` header. The photo is read in memory by the reader of `plan scan`
(plan/form/scan.py) and forgotten: it is never written to disk. The answer is the plan as grid
text, every mark the reader is unsure of (`unclear`, the messages of `plan scan` with the cells
and edges they concern, named as the editor's hooks are) and the checker's report of the plan;
or `{"error": MESSAGE}` with the one-line message `plan scan` prints for a photo it cannot read.
"""

from __future__ import annotations

import io
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .guard import MAX_UPLOAD, token_ok
from .planpage import photo_too_big
from .state import State

WORDS = {  # the upload's refusal
    "token": {"ru": "отказано: запрос пришёл не со страницы этого сервера (обновите страницу)",
              "en": "refused: this request did not come from this server's page (reload the "
                    "page)"},
}
MAX_PHOTO = MAX_UPLOAD


def edge_name(pos: tuple[int, int], side: str) -> str:
    """Name an edge of a cell as the editor's hooks do (`B3-right`, `A1-left`)."""
    from ..plan.text.model import cell_name

    r, c = pos
    if side == "left" and c > 0:
        return f"{cell_name((r, c - 1))}-right"
    if side == "top" and r > 0:
        return f"{cell_name((r - 1, c))}-bottom"
    return f"{cell_name(pos)}-{side}"


def doubt_places(cells: tuple[tuple[int, int], ...], what: str, detail: str) -> list[str]:
    """The cells and edges a doubt of the reader concerns, as hook names."""
    from ..plan.text.model import cell_name

    if len(cells) == 2:  # a wall or a swamp between two neighbours
        (r0, c0), (r1, c1) = sorted(cells)
        side = "right" if r0 == r1 else "bottom"
        return [edge_name((r0, c0), side)]
    if what in ("frame", "swamp"):
        return [edge_name(cells[0], detail)]
    return [cell_name(cells[0])]


def read_upload(data: bytes, lang: str) -> dict[str, Any]:
    """Read a photo's bytes: the plan, its unclear marks and its check, or an error."""
    from ..plan.form.scan import ScanError, read_photo
    from ..plan.form.scanout import scan_error_text
    from ..plan.form.texts import doubt_text
    from ..plan.text.gridtext import write_grid
    from ..plan.text.model import cell_name
    from .planviews import report_of

    try:
        reading = read_photo(io.BytesIO(data), lang)
    except ScanError as exc:
        return {"error": scan_error_text(exc, lang)}
    grid = write_grid(reading.plan)
    unclear = [{"cells": [cell_name(p) for p in d.cells], "score": d.score,
                "places": doubt_places(d.cells, d.what, d.detail),
                "message": doubt_text(d.what, d.cells, d.score, d.detail, lang)}
               for d in reading.doubts]
    return {"plan": grid, "rows": reading.layout.rows, "cols": reading.layout.cols,
            "unclear": unclear, "check": report_of(grid, lang)}


class ScanView:
    """The upload view of one run."""

    def __init__(self, state: State) -> None:
        self.token = state.token

    async def scan(self, request: Request) -> Response:
        """POST a photo (the body) with the token in X-Token: what `plan scan` reads in it."""
        from starlette.concurrency import run_in_threadpool

        from .planviews import _lang

        lang = _lang(request)
        if not token_ok(request.headers.get("x-token"), self.token):
            return JSONResponse({"error": WORDS["token"][lang]}, 403)
        data = await request.body()
        if len(data) > MAX_PHOTO:
            return JSONResponse({"error": photo_too_big(lang)}, 413)
        answer = await run_in_threadpool(read_upload, data, lang)
        return JSONResponse(answer, 400 if "error" in answer else 200)


"""The plan editor's server side: check a plan's text, make a random plan, explain a rule.

The page (`/plan`, static/plan.js) keeps the plan as grid text and asks these views for every
verdict: no rule of the game is decided in JavaScript. Each problem of the checker's report
(`plan check --format json`) also says where it lies on the grid, as `places`: the cells the
checker names (its structured `cells` field) and the cell or edge at the problem's line and
column, named as the page's hooks are (`B3`, `B3-right`; see `place_at`).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from . import i18n
from .guard import token_ok
from .state import Failure, State

MAX_PLAN = 16 * 1024  # bytes of a plan's text: a commented 12×12 plan needs about 2 KB
RANDOM_OPTIONS = ("rows", "cols", "seed", "rivers", "holes")


def grid_shape(lines: list[str]) -> tuple[int, int] | None:
    """Return the first grid line's index and the cell width, or None without a grid."""
    for top, line in enumerate(lines):
        if line.startswith("+") and line.count("+") >= 2:
            return top, line.index("+", 1) - 1
    return None


def place_at(text: str, line: int, column: int) -> str | None:
    """Name the cell (`B3`) or edge (`B3-right`) at a 1-based line and column, if any.

    An inner edge is named after the cell left of or above it (`-right`, `-bottom`); an edge
    of the frame after its cell (`A1-left`, `A1-top`, `E4-right`, `E4-bottom`).
    """
    from ..plan.text.model import cell_name

    lines = text.split("\n")
    shape = grid_shape(lines)
    if shape is None or line < 1:
        return None
    top, width = shape
    frame = lines[top]
    cols = frame.count("+") - 1
    rows = 0
    while top + 2 * rows + 2 < len(lines) and lines[top + 2 * rows + 2].startswith("+"):
        rows += 1
    rel, x, step = line - 1 - top, column - 1, width + 1
    if rows == 0 or not 0 <= rel <= 2 * rows or not 0 <= x <= cols * step:
        return None
    if rel % 2:  # a cell line: a cell's code or a vertical edge
        r = rel // 2
        k, inside = divmod(x, step)
        if inside:
            return cell_name((r, k)) if k < cols else None
        return f"{cell_name((r, 0))}-left" if k == 0 else f"{cell_name((r, k - 1))}-right"
    k, c = rel // 2, min(x // step, cols - 1)
    if x % step == 0:
        return None  # a corner
    return f"{cell_name((0, c))}-top" if k == 0 else f"{cell_name((k - 1, c))}-bottom"


def report_of(text: str, lang: str) -> dict[str, Any]:
    """The checker's JSON report of text in lang, each problem with its places."""
    from ..plan.checker.check import check_plan

    report = check_plan(text, "plan.txt", lang, structured=False).to_dict()
    for problem in report["problems"]:
        places = list(problem["cells"])
        where = place_at(text, problem["line"], problem["column"])
        if where is not None and where not in places:
            places.append(where)
        problem["places"] = places
    return report


def _lang(request: Request) -> str:
    """The page's language, chosen as every page's is (see i18n.choose)."""
    return i18n.choose(request.query_params, request.cookies,
                       request.headers.get("accept-language", ""))


def print_sheets(text: str, kind: str, lang: str, paper: str, content: Path | None
                 ) -> bytes | list[str]:
    """The host sheet (`plan print`) or player sheets (`plan sheets`) of text, as a PDF made
    from a file plan.txt holding it; or the messages of the errors that stop it."""
    from ..hostsheet import PlanError, print_host_sheets, print_player_sheets

    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder) / "plan.txt", Path(folder) / "sheets.pdf"
        path.write_bytes(text.encode("utf-8"))
        try:
            if kind == "host":
                print_host_sheets([path], lang, paper, out, False, content)
            else:
                print_player_sheets(path, lang, paper, out, content)
        except PlanError as exc:
            return [p.message for p in exc.problems if p.severity == "error"]
        return out.read_bytes()


class PlanViews:
    """The views of the plan editor."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.token = state.token

    async def _sent(self, request: Request) -> dict[str, Any] | Response:
        """The JSON a page sent with this run's token, or the response refusing it."""
        body = await request.body()
        if len(body) > MAX_PLAN:
            return JSONResponse({"error": f"the plan is larger than {MAX_PLAN // 1024} KB"}, 413)
        try:
            sent = json.loads(body.decode("utf-8"))
            if not isinstance(sent["text"], str):
                raise TypeError
        except (ValueError, KeyError, TypeError, AttributeError):
            return JSONResponse({"error": 'send JSON {"text": PLAN, "token": TOKEN}'}, 400)
        if not token_ok(sent.get("token"), self.token):
            return JSONResponse({"error": "refused: this request did not come from this "
                                          "server's page (reload the page)"}, 403)
        return dict(sent)

    async def check(self, request: Request) -> Response:
        """POST {"text", "token"}: the checker's report of the text in the page's language."""
        from starlette.concurrency import run_in_threadpool

        sent = await self._sent(request)
        if isinstance(sent, Response):
            return sent
        report = await run_in_threadpool(report_of, sent["text"], _lang(request))
        return JSONResponse(report)

    async def print_pdf(self, request: Request) -> Response:
        """POST {"text", "token", "kind": "host"|"players", "paper"}: the sheets' PDF."""
        from starlette.concurrency import run_in_threadpool

        sent = await self._sent(request)
        if isinstance(sent, Response):
            return sent
        kind, paper, lang = sent.get("kind"), sent.get("paper", "a4"), _lang(request)
        if kind not in ("host", "players") or paper not in ("a4", "letter"):
            return JSONResponse({"error": "kind: host or players; paper: a4 or letter"}, 400)
        try:
            made = await run_in_threadpool(self.state.run, print_sheets, sent["text"], kind,
                                           lang, paper, self.state.folders.content)
        except Failure as exc:
            return JSONResponse({"error": exc.message or i18n.WORDS[lang]["error.internal"]},
                                400)
        if isinstance(made, list):
            return JSONResponse({"error": i18n.WORDS[lang]["plan.unprintable"],
                                 "problems": made}, 400)
        name = f"plan-{kind}-{lang}-{paper}.pdf"
        return Response(made, media_type="application/pdf",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def random(self, request: Request) -> Response:
        """GET with the options of `plan random`: a random valid plan's grid text."""
        from ..plan.making.randomplan import DIFFICULTIES, RandomPlanError, make_plan
        from ..plan.making.randomplan import Request as Ask
        from ..plan.text.gridtext import write_grid

        query = request.query_params
        values: dict[str, int | None] = {}
        for name in RANDOM_OPTIONS:
            raw = query.get(name, "").strip()
            if raw and not raw.lstrip("-").isdigit():
                return JSONResponse({"error": f"{name}: write a whole number"}, 400)
            values[name] = int(raw) if raw else None
        difficulty = query.get("difficulty", "normal")
        if difficulty not in DIFFICULTIES:
            return JSONResponse({"error": f"difficulty: choose {', '.join(DIFFICULTIES)}"}, 400)
        ask = Ask(values["rows"] or 4, values["cols"] or 5, values["rivers"], values["holes"],
                  _lang(request), difficulty)
        try:
            plan = make_plan(ask, values["seed"])
        except RandomPlanError as exc:
            return JSONResponse({"error": str(exc)}, 400)
        return JSONResponse({"text": write_grid(plan)})

    def explain(self, request: Request) -> Response:
        """GET: the `plan check --explain RULE` text in the page's language."""
        from ..plan.checker.explain import explain_text, rule_ids

        rule = request.path_params["rule"]
        if rule not in rule_ids():
            return JSONResponse({"error": f"no rule {rule!r}"}, 404)
        return JSONResponse({"rule": rule, "text": explain_text(rule, _lang(request))})

    def page(self, request: Request, render: Any) -> Response:
        """The editor page."""
        from .planpage import PAGE, photo_too_big, sprite

        lang = _lang(request)
        return render(request, "plan.html", rules=[], langs=i18n.LANGUAGES, sprite=sprite(),
                      photo={**PAGE[lang], "big": photo_too_big(lang)})

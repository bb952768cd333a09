"""The web pages: thin views over the library, as the CLI's commands are.

Pages are HTML written by Jinja from generator/serve/templates; the Print and Check pages
ask the JSON views below for what changes (the preview, the problems) and a small script
(static/app.js) puts it in place. No view reads a file named by the URL: pictures of pieces
and sheets come from memory, the gallery from a fixed list, the rest from `static/`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import UsageError
from . import i18n
from .engine import PREVIEW_DPI, PrintChoice, read_choice, render_page
from .guard import Guard, allowed_hosts, token_ok
from .planscan import ScanView
from .planviews import PlanViews
from .playviews import PlayViews, play_routes
from .state import Failure, State

HERE = Path(__file__).parent
PNG = "image/png"
HOLD_STEP, HOLD_STEPS = 0.05, 20  # /api/version?since=N waits up to a second for a change


def ui_of(request: Request) -> str:
    """The interface language of a request (see i18n.choose)."""
    return i18n.choose(request.query_params, request.cookies,
                       request.headers.get("accept-language", ""))


def gallery_dir() -> Path:
    """The game pictures: inside the package in a wheel, docs/gallery in a checkout."""
    inside = HERE.parent / "_bundled" / "gallery"
    return inside if inside.is_dir() else HERE.parent.parent / "docs" / "gallery"


def make_app(state: State, port: int, lan: str | None = None,
             announce: Callable[[str], None] | None = None) -> Guard:
    """The whole web app for one run, behind its guard (with lan, also on that address)."""
    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True)
    views = Views(state, env)
    plans = PlanViews(state)
    plays = PlayViews(state, env, views.page, f"http://{lan}:{port}" if lan else None, announce)
    routes = [
        Route("/", views.games), Route("/print/{game}", views.print_page),
        Route("/api/preview/{game}", views.preview), Route("/download/{game}", views.download),
        Route("/sheet/{key}/{index:int}.png", views.sheet),
        Route("/piece/{game}/{lang}/{version:int}/{piece}/{side}.png", views.piece),
        Route("/check", views.check_page), Route("/api/check", views.check_data),
        Route("/languages", views.languages_page),
        Route("/languages/new", views.new_language, methods=["POST"]),
        Route("/api/version", views.version), Route("/gallery/{name}", views.gallery),
        Route("/plan", lambda r: plans.page(r, views.page)),
        Route("/api/plan/check", plans.check, methods=["POST"]),
        Route("/api/plan/random", plans.random),
        Route("/api/plan/print", plans.print_pdf, methods=["POST"]),
        Route("/api/plan/explain/{rule}", plans.explain),
        Route("/api/plan/scan", ScanView(state).scan, methods=["POST"]),
        *play_routes(plays),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        state.start()
        yield
        state.stop()

    async def crashed(request: Request, exc: Exception) -> Response:
        return PlainTextResponse(i18n.WORDS["en"]["error.internal"], 500)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={Exception: crashed})
    return Guard(app, allowed_hosts(port, lan), lan)


class Views:
    """The views of one run."""

    def __init__(self, state: State, env: Environment) -> None:
        self.state = state
        self.env = env

    def page(self, request: Request, template: str, **values: Any) -> HTMLResponse:
        """Render a page in the request's interface language; remember a switched language."""
        ui = ui_of(request)
        words = i18n.translator(ui)
        other = "en" if ui == "ru" else "ru"
        html = self.env.get_template(template).render(
            ui=ui, t=words, other=other, path=request.url.path, token=self.state.token,
            names={"common": i18n.SHARED[ui], **{g: n[ui] for g, n in i18n.NAMES.items()}},
            part_word=i18n.part_word,
            version=self.state.version, folders=self.state.folders, **values)
        response = HTMLResponse(html, headers={"Cache-Control": "no-store"})
        if request.query_params.get("ui") in i18n.LANGUAGES:
            response.set_cookie("ui", ui, samesite="strict", httponly=True)
        return response

    def games(self, request: Request) -> Response:
        from ..games.registry import all_games

        ui = ui_of(request)
        pictures = {p.name for p in gallery_dir().glob("*.png")}
        games = [{"id": g.id, "about": i18n.ABOUT[g.id][ui], "parts": list(g.parts),
                  "pictures": pictures, "counts": self.state.counts(g.id)} for g in all_games()]
        return self.page(request, "games.html", games=games)

    def gallery(self, request: Request) -> Response:
        name = request.path_params["name"]
        pictures = {p.name: p for p in gallery_dir().glob("*.png")}
        if name not in pictures:
            return Response("No such picture.", 404)
        return Response(pictures[name].read_bytes(), media_type=PNG,
                        headers={"Cache-Control": "max-age=3600"})

    def _game(self, request: Request) -> str:
        from ..games.registry import game_ids

        game = request.path_params["game"]
        if game not in game_ids():
            raise UsageError(f"unknown game '{game}': choose from {', '.join(game_ids())}")
        return game

    def _languages(self, game: str) -> list[str]:
        from ..content.paths import ContentRoots
        from ..languages import languages_in

        return languages_in(ContentRoots.with_user(self.state.folders.content), [game])

    def print_page(self, request: Request) -> Response:
        try:
            game = self._game(request)
        except UsageError as exc:
            return Response(str(exc), 404)
        ui = ui_of(request)
        langs = self._languages(game)
        lang = request.query_params.get("lang") or (ui if ui in langs else "en")
        failure, catalogue = None, None
        try:
            catalogue = self.state.catalogue(game, lang)
        except Failure as exc:
            failure = self._failure(exc, ui)
        from ..games.registry import get_game

        parts = [g.part for g in catalogue.groups] if catalogue else []
        mixed = {part for part in parts if parts.count(part) > 1}  # parts of several kinds
        return self.page(request, "print.html", game=game, lang=lang, langs=langs,
                         catalogue=catalogue, failure=failure, mixed=mixed,
                         parts=list(get_game(game).parts))

    def _choice(self, request: Request) -> PrintChoice:
        query = request.query_params
        return read_choice(self._game(request), query, query.getlist("piece"))

    def preview(self, request: Request) -> Response:
        ui = ui_of(request)
        try:
            choice = self._choice(request)
            key, built = self.state.built(choice)
            sheets = [[{"url": f"/sheet/{key}/{i}.png", "side": built.sides[i],
                        "text": built.texts.get(i, ""),
                        "size": [round(v * PREVIEW_DPI / 72) for v in built.sizes[i]]}
                       for i in sheet]
                      for sheet in built.sheets()]
        except UsageError as exc:
            return JSONResponse({"failure": {"title": i18n.WORDS[ui]["error"],
                                             "message": str(exc), "problems": []}})
        except Failure as exc:
            failure = self._failure(exc, ui)
            if exc.key == "error" and not exc.problems:  # say why, when the content is why
                found = self._check(request)
                failure["problems"] = [] if found["ok"] else found["problems"]
            return JSONResponse({"failure": failure})
        query = request.url.query
        return JSONResponse({"sheets": sheets, "file": built.name, "pages": len(built.sides),
                             "command": choice.command(self.state.folders),
                             "download": f"/download/{choice.game}?{query}",
                             "version": self.state.version})

    def _failure(self, exc: Failure, ui: str) -> dict[str, Any]:
        """A failure as the page shows it: a title, a message, the problems with their lines."""
        words = i18n.WORDS[ui]
        message = {"limit": words["error.slow"].format(s=exc.message),
                   "internal": words["error.internal"]}.get(exc.key, exc.message)
        if not message and exc.problems:  # a content error: its problems say what is wrong
            message = words["error.content"]
        return {"title": words["limit" if exc.key == "limit" else "error"],
                "message": message, "problems": self._problems(exc.problems)}

    def _problems(self, problems: list[Any]) -> list[dict[str, Any]]:
        from ..errors import unique_problems

        return [{"where": f"{p.file}:{p.line}:{p.column}", "message": p.message,
                 "severity": p.severity, "line": self.state.line_of(p)}
                for p in unique_problems(problems)]

    def download(self, request: Request) -> Response:
        ui = ui_of(request)
        try:
            _, built = self.state.built(self._choice(request))
        except UsageError as exc:
            return Response(str(exc), 400, media_type="text/plain; charset=utf-8")
        except Failure as exc:
            return Response(self._failure(exc, ui)["message"], 400,
                            media_type="text/plain; charset=utf-8")
        return Response(built.data, media_type="application/pdf", headers={
            "Content-Disposition": f'attachment; filename="{built.name}"'})

    def sheet(self, request: Request) -> Response:
        built = self.state.built_by_key(request.path_params["key"])
        index = request.path_params["index"]
        if built is None or not 0 <= index < len(built.sides):
            return Response("This preview is out of date: reload the page.", 404)
        try:
            data = self.state.run(render_page, built, index)
        except Failure:
            return Response("The sheet could not be drawn.", 500)
        return Response(data, media_type=PNG, headers={"Cache-Control": "max-age=600"})

    def piece(self, request: Request) -> Response:
        params = request.path_params
        try:
            catalogue = self.state.catalogue(self._game(request), params["lang"])
        except (UsageError, Failure):
            return Response("No picture.", 404)
        piece = catalogue.by_id.get(params["piece"])
        data = None if piece is None else {"front": piece.front,
                                           "back": piece.back}.get(params["side"])
        if data is None:
            return Response("No picture.", 404)
        return Response(data, media_type=PNG, headers={"Cache-Control": "max-age=600"})

    def check_page(self, request: Request) -> Response:
        return self.page(request, "check.html", **self._check(request))

    def check_data(self, request: Request) -> Response:
        return JSONResponse(self._check(request))

    def _check(self, request: Request) -> dict[str, Any]:
        from ..check import check_content

        ui = ui_of(request)
        folders = self.state.folders
        version = self.state.version
        try:
            warnings = self.state.run(check_content, folders.content, False, (),
                                      folders.templates)
            return {"ok": True, "problems": self._problems(warnings), "at": version}
        except Failure as exc:
            failure = self._failure(exc, ui)
            return {"ok": False, "problems": failure["problems"], "at": version,
                    "message": failure["message"]}

    async def version(self, request: Request) -> Response:
        """The content version; with `since`, answered as soon as it differs, or after a
        second (short enough for Ctrl-C to find no request waiting)."""
        import asyncio

        since = request.query_params.get("since", "")
        for _ in range(HOLD_STEPS if since.isdigit() else 0):
            if self.state.version != int(since):
                break
            await asyncio.sleep(HOLD_STEP)
        return JSONResponse({"version": self.state.version})

    def languages_page(self, request: Request, made: str = "", failure: Any = None
                       ) -> Response:
        from ..content.paths import ContentRoots
        from ..games.registry import game_ids
        from ..languages import language_status, languages_in

        roots = ContentRoots.with_user(self.state.folders.content)
        games = game_ids()
        codes = languages_in(roots, games)
        rows = [s for code in codes for s in language_status(roots, games, code)]
        count = request.query_params.get("made", "")
        if not made and count.isdigit():
            ui = ui_of(request)
            made = i18n.WORDS[ui]["lang.made"].format(n=count, folder=self.state.folders.content)
        return self.page(request, "languages.html", rows=rows, codes=codes, made=made,
                         failure=failure)

    async def new_language(self, request: Request) -> Response:
        from urllib.parse import parse_qs

        from starlette.concurrency import run_in_threadpool

        # a urlencoded form, read here: the guard has bounded its size
        body = (await request.body()).decode("utf-8", errors="replace")
        form = {k: v[0] for k, v in parse_qs(body, max_num_fields=20).items()}
        if not token_ok(form.get("token"), self.state.token):
            return Response("Refused: this form did not come from this server's page "
                            "(reload the page and try again).", 403)
        return await run_in_threadpool(self._start_language, request, str(form.get("code", "")),
                                       str(form.get("source", "en")))

    def _start_language(self, request: Request, code: str, source: str) -> Response:
        from ..games.registry import game_ids
        from ..languages import new_language

        ui = ui_of(request)
        folder = self.state.folders.content
        if folder is None:
            return self.languages_page(request, failure={
                "title": i18n.WORDS[ui]["error"], "message": i18n.WORDS[ui]["lang.needs_folder"],
                "problems": []})
        try:
            made = self.state.run(new_language, code.strip(), source, folder, game_ids())
        except Failure as exc:
            return self.languages_page(request, failure=self._failure(exc, ui))
        return RedirectResponse(f"/languages?made={len(made)}", 303)  # a reload does not post

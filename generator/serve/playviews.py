"""The hosted game's views: the host's page /play, each player's page /p/TOKEN, their data.

One game at a time per run of `serve`. The host's views (the page, `/api/play/*`, the
downloads, the QR codes) are refused under `--lan` to any other computer (see guard.py);
a player's views answer only with that player's token in the path, and only with
`HostedGame.player_view`. Every handler runs on the event loop without awaiting in the middle
of a change, so two players pressing at once are served one after the other.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from . import i18n
from .guard import token_ok
from .playgame import PLAN_FILE, HostedGame
from .playwords import WORDS
from .state import Failure, State

HOLD_STEP, HOLD_STEPS = 0.05, 20  # a page asking `since=N` waits up to a second for a change
MAX_BODY = 32 * 1024
NO_STORE = {"Cache-Control": "no-store"}


def ui_of(request: Request) -> str:
    """The page's interface language (see i18n.choose)."""
    return i18n.choose(request.query_params, request.cookies,
                       request.headers.get("accept-language", ""))


def qr_svg(text: str) -> str:
    """A QR code of text as an SVG of dark squares (the same matrix as the printed codes)."""
    from ..draw.qr import qr_matrix

    matrix = qr_matrix(text)
    n = len(matrix)
    squares = "".join(f"M{c} {r}h1v1h-1z" for r, row in enumerate(matrix)
                      for c, dark in enumerate(row) if dark)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {n} {n}" '
            f'shape-rendering="crispEdges"><rect width="{n}" height="{n}" fill="#fff"/>'
            f'<path d="{squares}" fill="#000"/></svg>')


def play_languages(content: Path | None) -> list[str]:
    """The languages the host speaks: each with a play/LANG.yaml file."""
    from ..content.paths import ContentRoots
    from ..content.play import FOLDER

    roots = ContentRoots.with_user(content)
    return sorted({name.removesuffix(".yaml") for name in roots.glob(FOLDER, "*.yaml")})


class PlayViews:
    """The views of the hosted game."""

    def __init__(self, state: State, env: Environment, render: Callable[..., Response],
                 base: str | None = None, announce: Callable[[str], None] | None = None
                 ) -> None:
        self.state, self.env, self.render = state, env, render
        self.base = base  # the players' address under --lan, e.g. http://192.168.1.5:8765
        self.announce = announce or (lambda line: None)
        self.game: HostedGame | None = None

    # -- the host ---------------------------------------------------------------------------

    def page(self, request: Request) -> Response:
        """The host's page: the new-game form, or the game being hosted."""
        ui = ui_of(request)
        from ..plan.game.answers import load_play_texts

        try:
            players = ", ".join(load_play_texts(ui, self.state.folders.content)[0]
                                .default_players)
        except Exception:  # broken user content: the form still opens
            players = ""
        return self.render(request, "play.html", w=WORDS[ui], lan=self.base is not None,
                           langs=play_languages(self.state.folders.content),
                           players=players)

    def _base(self, request: Request) -> str:
        return self.base or f"{request.url.scheme}://{request.url.netloc}"

    def host_data(self, request: Request) -> Response:
        """The host's view of the game, with the join links; `since` waits for a change."""
        return self._held(request, lambda: self._host_view(request))

    def _host_view(self, request: Request) -> dict[str, Any]:
        game = self.game
        if game is None:
            return {"version": 0, "game": False}
        view = game.host_view()
        base = self._base(request)
        for i, (seat, shown) in enumerate(zip(game.seats, view["seats"])):  # type: ignore
            shown.update(link=f"{base}/p/{seat.token}", qr=f"/play/qr/{i}.svg?game={game.key}")
        return {"game": True, **view}

    async def _sent(self, request: Request) -> dict[str, Any] | Response:
        body = await request.body()
        if len(body) > MAX_BODY:
            return JSONResponse({"error": f"larger than {MAX_BODY // 1024} KB"}, 413)
        try:
            sent = json.loads(body.decode("utf-8"))
            if not isinstance(sent, dict):
                raise TypeError
        except (ValueError, TypeError):
            return JSONResponse({"error": "send a JSON object"}, 400)
        return sent

    async def _host_sent(self, request: Request) -> dict[str, Any] | Response:
        sent = await self._sent(request)
        if not isinstance(sent, Response) and not token_ok(sent.get("token"), self.state.token):
            return JSONResponse({"error": "refused: this request did not come from this "
                                          "server's page (reload the page)"}, 403)
        return sent

    async def new(self, request: Request) -> Response:
        """POST {"token", "text", "players", "lang", "seed"}: host a new game."""
        from starlette.concurrency import run_in_threadpool

        sent = await self._host_sent(request)
        if isinstance(sent, Response):
            return sent
        made = await run_in_threadpool(self._make, sent, WORDS[ui_of(request)])
        if isinstance(made, list):
            return JSONResponse({"errors": made}, 400)
        self.game = made
        base = self._base(request)
        self.announce("A new game: anyone with a link can join as that player.")
        for seat in made.seats:
            self.announce(f"  {seat.name}: {base}/p/{seat.token}")
        return JSONResponse({"ok": True})

    def _make(self, sent: dict[str, Any], w: dict[str, str]) -> HostedGame | list[str]:
        """A new game from the form, or the messages of what is wrong with it."""
        from ..content.placeholders import fill
        from ..plan.checker.check import load_plan
        from ..plan.checker.report import PlanReadError
        from ..plan.game.answers import error_text, load_play_texts
        from ..plan.game.engine import IllegalAction

        text, lang = str(sent.get("text", "")), str(sent.get("lang", ""))
        seed_text = str(sent.get("seed", "")).strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            return [f"{seed_text}: the seed is a whole number"]
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1_000_000_000)
        try:
            texts = load_play_texts(lang, self.state.folders.content)[0]
        except Exception:
            return [w["play.error.lang"]]
        try:
            plan, problems = load_plan(text, PLAN_FILE, lang if lang in ("ru", "en") else "en")
        except PlanReadError:
            return [w["play.error.plan"]]
        errors = [p.format(PLAN_FILE) for p in problems if p.severity == "error"]
        if errors:
            return [w["play.error.plan"], *errors]
        bounds = _player_bounds(self.state.folders.content)
        try:
            return HostedGame.create(plan, text, str(sent.get("players", "")), lang, seed,
                                     texts, bounds)
        except IllegalAction as exc:
            return [error_text(texts, exc.code, exc.params)]
        except ValueError as exc:
            what, _, rest = str(exc).partition(":")
            if what == "name":
                return [fill(w["play.error.name"], name=rest)]
            n, low, high = rest.split(":")
            return [fill(w["play.error.players"], n=n, low=low, high=high)]

    async def begin(self, request: Request) -> Response:
        """POST {"token"}: start the game now; starts not chosen are drawn."""
        sent = await self._host_sent(request)
        if isinstance(sent, Response):
            return sent
        if self.game is None:
            return JSONResponse({"error": WORDS[ui_of(request)]["play.nogame"]}, 409)
        self.game.begin()
        return JSONResponse({"ok": True})

    async def undo(self, request: Request) -> Response:
        """POST {"token"}: take back the last action."""
        sent = await self._host_sent(request)
        if isinstance(sent, Response):
            return sent
        if self.game is None:
            return JSONResponse({"error": WORDS[ui_of(request)]["play.nogame"]}, 409)
        return JSONResponse({"ok": self.game.undo()})

    def qr(self, request: Request) -> Response:
        """The QR code of a player's join link."""
        game, index = self.game, request.path_params["index"]
        if game is None or not 0 <= index < len(game.seats):
            return Response("No such player.", 404)
        link = f"{self._base(request)}/p/{game.seats[index].token}"
        return Response(qr_svg(link), media_type="image/svg+xml",
                        headers={"Cache-Control": "private, max-age=86400"})

    async def download(self, request: Request) -> Response:
        """The game's files: the moves script, the JSON transcript, the plan, the traced PDF."""
        from starlette.concurrency import run_in_threadpool

        game, kind = self.game, request.path_params["kind"]
        if game is None:
            return Response(WORDS[ui_of(request)]["play.nogame"], 404)
        files = {"moves.txt": game.moves_script, "game.json": game.transcript,
                 PLAN_FILE: lambda: game.text}
        if kind in files:
            return Response(files[kind]().encode("utf-8"), media_type="text/plain; charset=utf-8",
                            headers={"Content-Disposition": f'attachment; filename="{kind}"'})
        if kind != "trace.pdf" or game.session is None:
            return Response("No such file.", 404)
        try:
            data = await run_in_threadpool(self.state.run, traced_pdf, game.text,
                                           game.transcript(), game.lang,
                                           self.state.folders.content)
        except Failure as exc:
            return Response(exc.message or "The sheet could not be drawn.", 500)
        return Response(data, media_type="application/pdf", headers={
            "Content-Disposition": f'attachment; filename="game-{game.lang}.pdf"'})

    # -- the players ------------------------------------------------------------------------

    def player_page(self, request: Request) -> Response:
        """A player's page; a link of no seat gets a page that says so."""
        ui = ui_of(request)
        seat = self.game.seat(request.path_params["token"]) if self.game else None
        html = self.env.get_template("play_player.html").render(
            ui=ui, w=WORDS[ui], name=seat.name if seat else "", known=seat is not None)
        return HTMLResponse(html, 200 if seat else 404, headers=NO_STORE)

    def player_data(self, request: Request) -> Response:
        """The player's view; `since` waits for a change."""
        game = self.game
        seat = game.seat(request.path_params["token"]) if game else None
        if game is None or seat is None:
            return JSONResponse({"error": WORDS[ui_of(request)]["play.badlink"]}, 404,
                                headers=NO_STORE)
        return self._held(request, lambda: game.player_view(seat))

    async def player_act(self, request: Request) -> Response:
        """POST {"kind", "direction"} or {"start": CELL|""}: a player's action or start."""
        from ..plan.game.engine import Action, IllegalAction
        from ..plan.game.play import read_cell

        w = WORDS[ui_of(request)]
        game = self.game
        seat = game.seat(request.path_params["token"]) if game else None
        if game is None or seat is None:
            return JSONResponse({"error": w["play.badlink"]}, 404)
        sent = await self._sent(request)
        if isinstance(sent, Response):
            return sent
        try:
            if "start" in sent:
                cell = str(sent["start"] or "")
                pos = read_cell(cell, game.plan) if cell else None
                if cell and pos is None:
                    return JSONResponse({"error": cell}, 400)
                game.choose_start(seat, pos)
            else:
                direction = sent.get("direction")
                game.act(seat, Action(str(sent.get("kind")),
                                      str(direction) if direction else None))
        except IllegalAction as exc:
            return JSONResponse({"error": game.refusal(exc, w)}, 409)
        return JSONResponse({"ok": True})

    def _held(self, request: Request, view: Callable[[], dict[str, Any]]) -> Response:
        """The view now; with `since=N`, answered as soon as the game's version differs."""
        return _Held(self, request, view)  # type: ignore[return-value]


def play_routes(plays: PlayViews) -> list[Route]:
    """The routes of the hosted game (the host's under /play and /api/play, a player's under
    /p and /api/p: guard.PLAYER_PATHS)."""
    return [
        Route("/play", plays.page), Route("/api/play/host", plays.host_data),
        Route("/api/play/new", plays.new, methods=["POST"]),
        Route("/api/play/begin", plays.begin, methods=["POST"]),
        Route("/api/play/undo", plays.undo, methods=["POST"]),
        Route("/play/qr/{index:int}.svg", plays.qr),
        Route("/play/download/{kind}", plays.download),
        Route("/p/{token}", plays.player_page), Route("/api/p/{token}", plays.player_data),
        Route("/api/p/{token}/act", plays.player_act, methods=["POST"]),
    ]


class _Held(Response):
    """A JSON response that waits (up to a second) for the game to change past `since`."""

    def __init__(self, views: PlayViews, request: Request,
                 view: Callable[[], dict[str, Any]]) -> None:
        super().__init__(b"", headers=NO_STORE)
        self.views, self.request, self.view = views, request, view

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        since = self.request.query_params.get("since", "")
        for _ in range(HOLD_STEPS if since.isdigit() else 0):
            game = self.views.game
            if (game.version if game else 0) != int(since):
                break
            await asyncio.sleep(HOLD_STEP)
        await JSONResponse(self.view(), headers=NO_STORE)(scope, receive, send)


def _player_bounds(content: Path | None) -> tuple[int, int]:
    """The rules' numbers of players (game.yaml's `players: {min, max}`); 3 to 8 if unread."""
    import yaml

    from ..content.paths import ContentRoots

    found = ContentRoots.with_user(content).find("paper-labyrinth/game.yaml")
    try:
        players = yaml.safe_load(found.read_text(encoding="utf-8"))["players"]  # type: ignore
        return int(players["min"]), int(players["max"])
    except (AttributeError, TypeError, ValueError, KeyError, OSError, yaml.YAMLError):
        return 3, 8


def traced_pdf(text: str, transcript: str, lang: str, content: Path | None) -> bytes:
    """`plan print plan.txt --trace game.json`: the host sheet with the game's paths."""
    from ..hostsheet import print_host_sheets

    with tempfile.TemporaryDirectory() as folder:
        plan, trace, out = (Path(folder) / PLAN_FILE, Path(folder) / "game.json",
                            Path(folder) / "sheet.pdf")
        plan.write_bytes(text.encode("utf-8"))
        trace.write_bytes(transcript.encode("utf-8"))
        print_host_sheets([plan], lang, "a4", out, False, content, None, trace)
        return out.read_bytes()

"""The server's gate: only its own Host, bounded requests, and a token for every change.

- DNS rebinding: a web page elsewhere can point its own name at 127.0.0.1, but its requests
  still say that name in `Host`; anything but `127.0.0.1:PORT` or `localhost:PORT` is refused.
- Cross-site requests: every request that changes something (POST) must carry the token of
  this run, which only the pages this server wrote contain.
- `serve --lan`: the server also answers on the machine's address in the local network, where
  the phones of a hosted game's players reach it. Other computers then get only the players'
  pages and their data (`PLAYER_PATHS`, each behind its own token) and the static files; every
  other page, the host's page of the game and the plan editor included, answers this computer
  only (the plan is the host's secret).
- Sizes: a request line or body larger than the limits below is refused with a message (a
  photo for the plan editor may be larger than a form, up to MAX_UPLOAD).
"""

from __future__ import annotations

import secrets

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

MAX_URL = 16 * 1024  # bytes of path and query: 400 piece ids fit easily
MAX_BODY = 64 * 1024  # bytes of a form
MAX_UPLOAD = 25 * 1024 * 1024  # bytes of a photo sent to the plan editor (/api/plan/scan)
UPLOADS = {"/api/plan/scan"}  # the only addresses that take a body larger than MAX_BODY
PLAYER_PATHS = ("/p/", "/api/p/", "/static/")  # what other computers may ask under --lan
LOOPBACK = ("127.0.0.1", "::1")


def allowed_hosts(port: int, lan: str | None = None) -> set[str]:
    """The Host headers this server answers (the LAN address only when serving on it)."""
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}"}
    return hosts | {f"{lan}:{port}"} if lan else hosts


def new_token() -> str:
    """A fresh per-run token for state-changing requests."""
    return secrets.token_urlsafe(24)


def token_ok(sent: str | None, token: str) -> bool:
    """Whether a request carried this run's token."""
    return bool(sent) and secrets.compare_digest(str(sent), token)


class Guard:
    """ASGI middleware refusing foreign hosts and oversized requests."""

    def __init__(self, app: ASGIApp, hosts: set[str], lan: str | None = None) -> None:
        self.app = app
        self.hosts = hosts
        self.local = (*LOOPBACK, lan) if lan else None  # None: everyone is this computer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            status, message = refusal
            await PlainTextResponse(message, status)(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and message refusing a request, or None to let it through."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        host = headers.get("host", "")
        if host not in self.hosts:
            return 403, (f"Refused: this server answers only {' or '.join(sorted(self.hosts))}, "
                         f"not {host or 'a request without a Host'} (a guard against "
                         "web pages that point their own names at your computer).")
        client = (scope.get("client") or ("", 0))[0]
        if (self.local is not None and client not in self.local
                and not str(scope.get("path", "")).startswith(PLAYER_PATHS)):
            return 403, ("Refused: from another computer only the players' pages of a hosted "
                         "game open here; the other pages answer on the host's computer only.")
        if len(scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) > MAX_URL:
            return 414, f"Refused: the address is longer than {MAX_URL} bytes."
        if scope["method"] not in ("GET", "HEAD"):
            length = headers.get("content-length")
            if length is None or not length.isdigit():
                return 411, "Refused: a request with a body must say its length."
            if scope.get("path") in UPLOADS:
                if int(length) > MAX_UPLOAD:
                    return 413, f"Refused: the photo is larger than {MAX_UPLOAD // 2**20} MB."
            elif int(length) > MAX_BODY:
                return 413, f"Refused: the form is larger than {MAX_BODY // 1024} KB."
        return None

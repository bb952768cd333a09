"""`labyrinth-pnp serve`: the pages of generator/serve/app.py on 127.0.0.1, in the browser."""

from __future__ import annotations

import socket
import threading
import webbrowser
from pathlib import Path

import click

from ..errors import UsageError

FOLDER = click.Path(exists=True, file_okay=False, path_type=Path)


@click.command(name="serve")
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True,
              help="The port on 127.0.0.1 to answer on.")
@click.option("--content", type=FOLDER,
              help="Your content folder: shown over the bundled one, watched for saved files.")
@click.option("--templates", type=FOLDER, help="Your templates folder, also watched.")
@click.option("--no-browser", is_flag=True, help="Do not open the pages in a browser.")
@click.option("--lan", is_flag=True,
              help="Also answer on this computer's address in your local network, so that "
                   "players' phones can join a game hosted at /play (anyone with a player's "
                   "link can join as that player).")
def serve(port: int, content: Path | None, templates: Path | None, no_browser: bool,
          lan: bool) -> None:
    """Open the games in your browser: print lost pieces by their picture, check, translate,
    draw a plan, host a game on the players' phones.

    Runs on this computer only (127.0.0.1) and needs no network, unless --lan. Ctrl-C stops it.
    """
    import uvicorn

    from .app import make_app
    from .engine import Folders
    from .state import State

    address = lan_address() if lan else None
    if lan and address is None:
        click.echo("Could not find this computer's address in a local network (is it on Wi-Fi "
                   "or a cable?): serving on this computer only, 127.0.0.1.", err=True)
    host = address or "127.0.0.1"
    try:  # say it plainly rather than let uvicorn log a traceback
        sockets = listening(["127.0.0.1", *([address] if address else [])], port)
    except OSError as exc:
        raise UsageError(f"port {port} is in use ({exc.strerror}): choose another with "
                         "--port, e.g. --port 8766") from None
    state = State(Folders(content.resolve() if content else None,
                          templates.resolve() if templates else None))
    url = f"http://{host}:{port}/"
    if address:
        click.echo(f"Serving the games at {url} in your local network. Host a game at "
                   f"{url}play: its page lists each player's join link, and anyone with a "
                   "link can join as that player. The other pages answer this computer only "
                   f"(here also at http://127.0.0.1:{port}/). Press Ctrl-C to stop.")
    else:
        click.echo(f"Serving the games at {url} (this computer only). Press Ctrl-C to stop.")
    if not no_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(make_app(state, port, address, click.echo), host=host, port=port,
                            log_level="warning", timeout_graceful_shutdown=2,
                            server_header=False)
    try:
        uvicorn.Server(config).run(sockets=sockets)
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then passes it on
        pass
    finally:
        for sock in sockets:
            sock.close()
    click.echo("Stopped.")


def listening(hosts: list[str], port: int) -> list[socket.socket]:
    """Sockets bound to port on each of hosts (127.0.0.1 always: with --lan the host's own
    browser may still say localhost); all closed again if one address cannot be had."""
    made: list[socket.socket] = []
    try:
        for host in hosts:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            made.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((host, port))
            sock.set_inheritable(True)
    except OSError:
        for sock in made:
            sock.close()
        raise
    return made


def lan_address() -> str | None:
    """This computer's IPv4 address in its local network, or None; sends nothing anywhere.

    A UDP socket "connected" to a private address makes the system choose the interface it
    would use (no packet leaves); failing that, the addresses of the machine's own name.
    """
    import ipaddress
    import socket

    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None,
                                                            socket.AF_INET)]
    except OSError:
        pass
    for candidate in found:
        ip = ipaddress.ip_address(candidate)
        if ip.is_private and not ip.is_loopback and not ip.is_link_local:
            return str(candidate)
    return None

"""`labyrinth-pnp serve`: the pages of generator/serve/app.py on 127.0.0.1, in the browser."""

from __future__ import annotations

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
def serve(port: int, content: Path | None, templates: Path | None, no_browser: bool) -> None:
    """Open the games in your browser: print lost pieces by their picture, check, translate.

    Runs on this computer only (127.0.0.1) and needs no network. Ctrl-C stops it.
    """
    import socket

    import uvicorn

    from .app import make_app
    from .engine import Folders
    from .state import State

    with socket.socket() as probe:  # say it plainly rather than let uvicorn log a traceback
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as exc:
            raise UsageError(f"port {port} is in use ({exc.strerror}): choose another with "
                             "--port, e.g. --port 8766") from None
    state = State(Folders(content.resolve() if content else None,
                          templates.resolve() if templates else None))
    url = f"http://127.0.0.1:{port}/"
    click.echo(f"Serving the games at {url} (this computer only). Press Ctrl-C to stop.")
    if not no_browser:
        threading.Timer(0.8, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(make_app(state, port), host="127.0.0.1", port=port,
                            log_level="warning", timeout_graceful_shutdown=2,
                            server_header=False)
    try:
        uvicorn.Server(config).run()
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then passes it on
        pass
    click.echo("Stopped.")

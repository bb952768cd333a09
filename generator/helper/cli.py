"""`labyrinth-pnp helper`: say whether a build helper is ready, or stop it."""

from __future__ import annotations

import os

import click

from . import client


@click.command()
@click.option("--stop", is_flag=True, help="Stop the helper now (the next build starts a new "
              "one; LABYRINTH_PNP_HELPER=off keeps builds from starting one).")
def helper(stop: bool) -> None:
    """Show or stop the build helper.

    After a build, labyrinth-pnp keeps a helper process ready for the builds that follow:
    they then start at once instead of loading the tool again. It stops by itself after 15
    minutes without a build (LABYRINTH_PNP_HELPER_IDLE sets the seconds), and
    LABYRINTH_PNP_HELPER=off turns it off.
    """
    if not client.enabled():
        click.echo("The build helper is off here: LABYRINTH_PNP_HELPER is off, or this "
                   "system has no fork(). Every build loads the tool itself.")
        return
    if client.idle_seconds() is None:
        click.echo(f"{client.IDLE}={os.environ[client.IDLE]!r} is not a number of seconds "
                   "above 0: a helper waits 15 minutes (900 seconds) for a build.", err=True)
    if client.folder() is None:
        click.echo(f"No build helper can run here: {client.chosen_folder()} must be a folder "
                   "that belongs to you and that nobody else can open (`chmod 700` it, or set "
                   f"{client.FOLDER} to such a folder).")
        return
    answer = client.ask("stop" if stop else "status")
    if answer is None:
        click.echo("No build helper is running for this copy of labyrinth-pnp; the next "
                   "`labyrinth-pnp build` starts one." if not stop else
                   "No build helper was running for this copy of labyrinth-pnp.")
        return
    if stop:
        click.echo(f"Stopped the build helper (process {answer.get('stopped')}).")
        return
    served = int(answer.get("served", 0))  # type: ignore[call-overload]
    minutes = float(answer.get("idle", 0)) / 60  # type: ignore[arg-type]
    click.echo(f"A build helper is ready (process {answer.get('pid')}): it has run {served} "
               f"build{'' if served == 1 else 's'} and stops after {minutes:g} minutes without "
               "one. `labyrinth-pnp helper --stop` stops it now.")

"""`labyrinth-pnp check`: load and validate content and templates, write nothing."""

from __future__ import annotations

from pathlib import Path

from .content.paths import ContentRoots
from .errors import ContentError, Problem, errors_only
from .pipeline.load import load_games, with_side_problems
from .pipeline.select import select_games


def check_content(content: Path | None, strict: bool, games: tuple[str, ...] = (),
                  templates: Path | None = None) -> list[Problem]:
    """Raise ContentError on errors (warnings too when strict); return the warnings."""
    from .sandbox import new_build

    new_build()  # the templates' work and time budget, per command (see budget.py)
    selected = select_games(games)
    roots = ContentRoots.with_user(content)
    from .render import check_templates

    bundled = [] if templates is not None else check_templates(None)
    _, warnings = with_side_problems(lambda: load_games(selected, roots, strict), content,
                                     templates, strict)
    drawn = picture_problems([game.id for game in selected])  # as a build would draw them
    if errors_only(drawn, strict):
        raise ContentError(drawn)
    if errors_only(bundled, strict):
        raise ContentError(bundled)
    from .lang.outdated import outdated_problems

    stale = outdated_problems(roots, [game.id for game in selected])
    if strict and stale:
        raise ContentError(stale)
    return warnings + drawn + bundled + stale


def picture_problems(games: list[str]) -> list[Problem]:
    """Draw every picture the loaded games name, off the page: what svglib cannot read fails
    here, not in a build."""
    from .content.art import registered_pictures
    from .draw.art import drawing_problems

    return drawing_problems(registered_pictures(games))

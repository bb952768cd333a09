"""Goblin Slayer tests run from the repository root so messages carry relative paths."""

from __future__ import annotations

import pytest

from generator.content.goblin import GoblinContent

from .helpers import ROOT


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def bundled() -> GoblinContent:
    """The bundled content, with the names of its text files filled in."""
    from generator.content.goblin_files import load_goblin
    from generator.content.paths import ContentRoots

    bundle, problems = load_goblin(ContentRoots.with_user(None))
    assert bundle is not None, [p.format() for p in problems]
    return bundle.content

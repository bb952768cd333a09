"""Goblin Slayer tests run from the repository root so messages carry relative paths."""

from __future__ import annotations

import pytest

from generator.goblin.load import load_goblin_content
from generator.goblin.model import GoblinContent

from .helpers import ROOT


@pytest.fixture(autouse=True)
def _at_repo_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session")
def bundled() -> GoblinContent:
    content, problems = load_goblin_content([ROOT / "content"])
    assert content is not None, [p.format() for p in problems]
    return content

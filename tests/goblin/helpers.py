"""Paths and a helper shared by the Goblin Slayer tests."""

from __future__ import annotations

from pathlib import Path

from generator.content.goblin_files import load_goblin_content
from generator.goblin.cave import check_cave

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path("tests/fixtures/goblin")
def fixture_messages(name: str) -> list[str]:
    """Load a fixture root (falling back to the bundled content) and return every message."""
    content, problems = load_goblin_content([FIXTURES / name, Path("content")])
    messages = [p.format() for p in problems]
    if content is not None:
        messages += [p.format() for p in check_cave(content)]
    return messages

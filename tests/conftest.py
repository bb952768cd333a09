"""Shared test helpers: run the CLI, read PDFs, build the default magic-labyrinth set once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
MM = 25.4 / 72


def run_cli(*args: str) -> tuple[int, str, str]:
    """Run labyrinth-pnp in-process; return (exit code, stdout, stderr)."""
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def pdf_text(path: Path) -> str:
    """All text extracted from a PDF."""
    return "\n".join(page.extract_text() or "" for page in PdfReader(path).pages)


def pdf_fonts(path: Path) -> list[dict]:
    """Every font resource used on any page, resolved."""
    fonts = []
    for page in PdfReader(path).pages:
        resources = page.get("/Resources") or {}
        for font in (resources.get("/Font") or {}).values():
            fonts.append(font.get_object())
    return fonts


def layout_json(*args: str) -> dict:
    code, out, err = run_cli("layout", *args, "--format", "json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="session")
def magic_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build every magic-labyrinth part in both languages on A4, once per test session."""
    out = tmp_path_factory.mktemp("magic")
    code, _, err = run_cli("build", "magic-labyrinth", "--out", out)
    assert code == 0, err
    return out / "magic-labyrinth"

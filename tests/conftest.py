"""Shared test helpers: run the CLI, read PDFs, build the default magic-labyrinth set once."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.cli import main

FIXTURES = Path(__file__).parent / "fixtures"

# No test starts or uses a build helper (generator/helper/) unless it says so itself: the
# suite's builds each load the tool, as they always did, and leave no process behind.
os.environ["LABYRINTH_PNP_HELPER"] = "off"


def pytest_configure(config: pytest.Config) -> None:
    """Give Playwright's `expect` the browser tests' patience: its 5 s default was missed on a
    test machine loaded by other work (the pages are not slow; `benchmarks/serve*.py` time
    them). Without Playwright the browser tests fail on their own import, as they should."""
    try:
        from playwright.sync_api import expect
    except ImportError:
        return
    expect.set_options(timeout=20_000)
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


def shared_folder(tmp_path_factory: pytest.TempPathFactory, name: str,
                  make: Callable[[Path], None]) -> Path:
    """A folder that make() fills once per test run, shared by the pytest-xdist workers (the
    first to come makes it under a file lock; the others wait and read it). Read-only."""
    from filelock import FileLock

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the run's folder, above the workers' own
        base = base.parent
    folder = base / f"shared-{name}"
    with FileLock(f"{folder}.lock"):
        if not (folder / ".done").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            make(folder)
            (folder / ".done").touch()
    return folder


def build_into(*args: str) -> Callable[[Path], None]:
    """A make() for shared_folder: `labyrinth-pnp build ARGS --out FOLDER`, which must pass."""

    def make(folder: Path) -> None:
        code, _, err = run_cli("build", *args, "--out", str(folder))
        assert code == 0, err

    return make


@pytest.fixture(scope="session")
def magic_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build every magic-labyrinth part in both languages on A4, once per test run."""
    return shared_folder(tmp_path_factory, "magic", build_into("magic-labyrinth")
                         ) / "magic-labyrinth"

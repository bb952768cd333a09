"""A non-editable install carries content/ and templates/ inside the package and still builds."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "--wheel-dir", str(out), str(ROOT)],
                   check=True, capture_output=True)
    (built,) = out.glob("labyrinth_pnp-*.whl")
    return built


def test_wheel_contains_content_templates_and_fonts(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "generator/_bundled/content/magic-labyrinth/tokens.yaml" in names
    assert "generator/_bundled/templates/footer.txt.j2" in names
    assert "generator/fonts/NotoSans-Regular.ttf" in names
    assert "generator/fonts/OFL.txt" in names


def test_cli_from_installed_wheel_builds_outside_the_checkout(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(target), str(wheel)], check=True, capture_output=True)
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    where = subprocess.run([sys.executable, "-c", "import generator; print(generator.__file__)"],
                           cwd=work, env=env, capture_output=True, text=True, check=True)
    assert where.stdout.strip().startswith(str(target))
    run = subprocess.run([sys.executable, "-m", "generator.cli", "build", "magic-labyrinth",
                          "--part", "tokens", "--lang", "ru"], cwd=work, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert (work / "output/magic-labyrinth/magic-labyrinth-tokens-ru-a4.pdf").stat().st_size > 0

"""Print settings inside every PDF: no scaling, and the duplex flip its pages were imposed for
(read back from the catalog's /ViewerPreferences with pypdf)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import layout_json, run_cli

GAMES = ("magic-labyrinth", "paper-labyrinth", "goblin-slayer")
FLIP = {"long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}


def _prefs(pdf: Path) -> dict[str, str]:
    root = PdfReader(pdf).trailer["/Root"]
    return {str(k): str(v) for k, v in root["/ViewerPreferences"].items()}



def _sides(*args: str) -> dict[str, list[str]]:
    """Each file's page sides, from `layout GAME --format json` with the build's options."""
    sides = {}
    for game in GAMES:
        for f in layout_json(game, *args)["files"]:
            sides[Path(f["file"]).name] = [p["side"] for p in f["pages"]]
    return sides


@pytest.mark.parametrize("duplex", ["long", "short", "none", "fold"])
def test_every_file_asks_for_actual_size_and_its_own_duplex_flip(tmp_path: Path,
                                                                 duplex: str) -> None:
    """Every PDF of a build, rulebooks and forms included: /PrintScaling /None; /Duplex the
    flip of its back pages, /Simplex when it has none (fold sheets are one-sided)."""
    code, _, err = run_cli("build", "--lang", "en", "--duplex", duplex, "--jobs", "1",
                           "--out", tmp_path)
    assert code == 0, err
    sides = _sides("--lang", "en", "--duplex", duplex)
    pdfs = sorted(tmp_path.rglob("*.pdf"))
    assert len(pdfs) == 16
    backed = 0
    for pdf in pdfs:
        prefs = _prefs(pdf)
        assert prefs["/PrintScaling"] == "/None", pdf.name
        has_backs = pdf.name in sides and "back" in sides[pdf.name]
        backed += has_backs
        assert prefs["/Duplex"] == (FLIP[duplex] if has_backs else "/Simplex"), pdf.name
    assert backed == (2 if duplex in ("long", "short") else 0)  # tokens and formulas


@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_the_pack_and_pieces_files_ask_for_their_flip(tmp_path: Path, duplex: str) -> None:
    for option in (["--pack"], ["--pieces", "token-14,formula-9,corner-1"]):
        code, _, err = run_cli("build", "magic-labyrinth", *option, "--lang", "en",
                               "--duplex", duplex, "--out", tmp_path)
        assert code == 0, err
    for name in ("all", "pieces"):
        prefs = _prefs(tmp_path / "magic-labyrinth" / f"magic-labyrinth-{name}-en-a4.pdf")
        assert prefs == {"/PrintScaling": "/None", "/Duplex": FLIP.get(duplex, "/Simplex")}


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_calibration_sheet_asks_for_the_flip_it_measures(tmp_path: Path,
                                                             duplex: str) -> None:
    out = tmp_path / "cal.pdf"
    code, _, err = run_cli("calibrate", "--duplex", duplex, "--out", out)
    assert code == 0, err
    assert _prefs(out) == {"/PrintScaling": "/None", "/Duplex": FLIP[duplex]}


def test_host_sheets_of_plan_print_are_one_sided(tmp_path: Path) -> None:
    plan = tmp_path / "p.txt"
    code, text, err = run_cli("plan", "random", "--seed", "7", "--rows", "5", "--cols", "5")
    assert code == 0, err
    plan.write_text(text, encoding="utf-8")
    out = tmp_path / "host.pdf"
    code, _, err = run_cli("plan", "print", plan, "--out", out)
    assert code == 0, err
    assert _prefs(out) == {"/PrintScaling": "/None", "/Duplex": "/Simplex"}

"""Goblin Slayer's location tiles say their role: a tag on the two tiles used in the variant
only, and a triangle with its word on the side an entrance or edge tile lays against the
centre (print review, cosmetic 6)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_cli


@pytest.mark.parametrize(("lang", "variant", "centre"), [("en", "variant", "to centre"),
                                                         ("ru", "вариант", "к центру"),
                                                         ("uk", "варіант", "до центру")])
def test_each_location_tile_says_its_role(tmp_path: Path, lang: str, variant: str,
                                          centre: str) -> None:
    code, _, err = run_cli("build", "goblin-slayer", "--part", "locations", "--lang", lang,
                           "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "goblin-slayer" / f"goblin-slayer-locations-{lang}-a4.pdf"
    pages = [" ".join((p.extract_text() or "").split()) for p in PdfReader(pdf).pages]
    text = " ".join(pages)
    assert text.count(variant) == 2  # the open centre and the blocked edge
    assert text.count(centre) == 7  # the entrance, five edges and the blocked edge
    assert variant not in pages[0] and centre in pages[0]  # the gate yes; the throne hall no

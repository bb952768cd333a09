"""The score sheet says whether a box takes a count or points, and shows where to cut."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
from pypdf import PdfReader

from conftest import run_cli


def test_each_counted_row_multiplies_a_count_and_a_cut_line_parts_the_copies(
        tmp_path: Path) -> None:
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "score-sheet", "--lang", "en",
                           "--out", tmp_path)
    assert code == 0, err
    pdf = tmp_path / "magic-labyrinth" / "magic-labyrinth-score-sheet-en-a4.pdf"
    text = PdfReader(pdf).pages[0].extract_text()
    # two copies of 4 players: a count box "× 20 =" a points box, and "× 3 =" for wands
    assert text.count("× 20 =") == 8 and text.count("× 3 =") == 8
    # a dashed line across the page between the copies: grey dashes at mid-height
    doc = pdfium.PdfDocument(str(pdf))
    image = doc[0].render(scale=100 / 72).to_pil().convert("L")
    doc.close()
    w, h = image.size
    rows = []
    for y in range(int(h * 0.40), int(h * 0.55)):
        dark = [x for x in range(int(w * 0.2), int(w * 0.8)) if image.getpixel((x, y)) < 200]
        if len(dark) > w * 0.6 * 0.4:
            runs = sum(1 for a, b in zip(dark, dark[1:]) if b - a > 1)
            rows.append(runs)
    assert rows and max(rows) >= 20  # many dashes on one row, not a solid rule

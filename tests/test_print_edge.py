"""Nothing printed within 5 mm of the paper's edge (home printers cannot print there): crop
marks, cut outlines, fold lines and the band, in every game, part, paper and mode, read from
`labyrinth-pnp layout --format json`."""

from __future__ import annotations

import pytest

from conftest import layout_json

EDGE = 5.0
GAMES = ("magic-labyrinth", "goblin-slayer", "paper-labyrinth")
MODES = ([], ["--duplex", "short"], ["--duplex", "none"], ["--duplex", "fold"],
         ["--gutter", "3mm"], ["--gutter", "20mm"], ["--bleed", "3mm"],
         ["--back-offset", "1mm,-0.5mm"], ["--pack"], ["--pack", "--duplex", "fold"],
         ["--pack", "--duplex", "short"], ["--pack", "--gutter", "3mm"],
         ["--cutter", "silhouette"], ["--pack", "--cutter", "silhouette"],
         ["--cutter", "cricut"], ["--pack", "--cutter", "cricut"])


def _inside(page: dict, x: float, y: float) -> bool:
    eps = 1e-6
    return (EDGE - eps <= x <= page["width_mm"] - EDGE + eps
            and EDGE - eps <= y <= page["height_mm"] - EDGE + eps)


# every game with every mode, but the paper game has no pieces to pack
CASES = [(game, mode) for game in GAMES for mode in MODES
         if not ("--pack" in mode and game == "paper-labyrinth")]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, mode", CASES,
                         ids=[f"{g}-{' '.join(m) or 'default'}" for g, m in CASES])
def test_every_mark_and_line_is_5mm_from_the_paper_edge(game: str, mode: list[str],
                                                        paper: str) -> None:
    data = layout_json(game, "--lang", "en", "--paper", paper, *mode)
    checked = 0
    for f in data["files"]:
        assert f["margin_mm"] >= EDGE, f["file"]  # the band is drawn from the margin in
        for page in f["pages"]:
            where = f"{f['file']} p.{page['number']}"
            assert len(page["mark_lines_mm"]) == page["marks"]
            for x1, y1, x2, y2 in page["mark_lines_mm"]:
                assert _inside(page, x1, y1) and _inside(page, x2, y2), (where, x1, y1)
                assert max(abs(x2 - x1), abs(y2 - y1)) >= 1.5 - 1e-6, (where, x1, y1)
                checked += 1
            for p in page["pieces"]:  # cut outlines and cut lines run along the piece's box
                assert _inside(page, p["x_mm"], p["y_mm"]), (where, p["id"])
                assert _inside(page, p["x_mm"] + p["width_mm"], p["y_mm"] + p["height_mm"]), (
                    where, p["id"])
                checked += 1
            if "fold_mm" in page:
                x1, y1, x2, y2 = page["fold_mm"]
                assert _inside(page, x1, y1) and _inside(page, x2, y2), where
    assert checked > 0

"""The plain-SVG drawer: what it reads itself, what it leaves to svglib, and that both agree."""

from __future__ import annotations

import math

import pytest

from generator.content.paths import bundled_dir
from generator.draw.art import fast_svg
from generator.draw.svgfast import compile_svg, pdf_stream

BUNDLED_TOAD = bundled_dir("content") / "magic-labyrinth/art/ingredients/13-toad.svg"
HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'


def _ops(body: str) -> list[tuple[str, tuple[float, ...]]]:
    picture = compile_svg(f"{HEAD}{body}</svg>".encode())
    assert picture is not None
    return [op for shape in picture.shapes for op in shape.ops]


def test_relative_and_smooth_path_commands_become_absolute_points():
    ops = _ops('<path d="m10 10 h20 v5 l-5 5 c0 10 10 10 10 0 s10-10 10 0 q5 5 10 0 t10 0 z"/>')
    assert ops[:4] == [("m", (10, 10)), ("l", (30, 10)), ("l", (30, 15)), ("l", (25, 20))]
    assert ops[4] == ("c", (25, 30, 35, 30, 35, 20))
    assert ops[5] == ("c", (35, 10, 45, 10, 45, 20))  # S mirrors the last control point
    x1, y1, x2, y2, x, y = ops[6][1]  # Q 50,25 → 55,20 as a cubic
    assert (x, y) == (55, 20) and math.isclose(x1, 45 + 2 / 3 * 5) and math.isclose(y1, 25 - 5 / 3)
    assert ops[7][1][4:] == (65, 20) and ops[8] == ("z", ())


def test_implicit_repeats_after_a_move_are_lines():
    assert _ops('<path d="M0 0 10 0 10 10Z"/>') == [("m", (0, 0)), ("l", (10, 0)),
                                                     ("l", (10, 10)), ("z", ())]


def test_transforms_and_inherited_styles():
    picture = compile_svg(f'{HEAD}<g fill="#ff0000" transform="translate(10 20)">'
                          '<circle r="5" transform="rotate(90 5 5)" stroke="blue"/></g></svg>'
                          .encode())
    assert picture is not None
    (shape,) = picture.shapes
    a, b, c, d, e, f = shape.matrix
    assert [round(v, 6) for v in (a, b, c, d, e, f)] == [0, 1, -1, 0, 20, 20]
    assert shape.style["fill"] == "#ff0000" and shape.style["stroke"] == "blue"
    stream = pdf_stream(picture)
    assert "1 0 0 rg" in stream and "0 0 1 RG" in stream and stream.rstrip().endswith("Q")


@pytest.mark.parametrize("body", [
    '<path d="M0 0 A5 5 0 0 1 10 10"/>',  # an arc
    '<rect width="10" height="10" style="fill:red"/>',  # CSS
    '<rect width="10" height="10" fill="url(#g)"/>',  # a gradient
    '<text x="1" y="9">A</text>',
    '<rect width="10mm" height="10"/>',  # a unit
    '<rect width="10" height="10" opacity="0.5"/>',
    '<use href="#a"/>',
])
def test_anything_beyond_the_plain_subset_is_left_to_svglib(tmp_path, body):
    path = tmp_path / "picture.svg"
    path.write_text(f"{HEAD}{body}</svg>", encoding="utf-8")
    assert fast_svg(path) is None
    assert fast_svg(BUNDLED_TOAD) is not None


def test_a_tint_replaces_pure_black_only():
    from reportlab.lib.colors import white

    picture = compile_svg(f'{HEAD}<rect width="5" height="5"/><rect width="5" height="5" '
                          'fill="#ff0000"/></svg>'.encode())
    assert picture is not None
    stream = pdf_stream(picture, white)
    assert "1 1 1 rg" in stream and "1 0 0 rg" in stream and "0 0 0 rg" not in stream


def test_svglib_reads_every_bundled_picture_at_the_same_size():
    from generator.draw.art import svg_drawing

    pictures = sorted(bundled_dir("content").glob("*/art/**/*.svg"))
    assert len(pictures) >= 21 + 3 + 5 + 2 + 9
    for path in pictures:
        fast = fast_svg(path)
        assert fast is not None, path  # the bundled pictures stay within the plain subset
        drawing = svg_drawing(path)
        assert (drawing.width, drawing.height) == (fast.width, fast.height), path

"""Diagrams are drawn by the real piece painters from the game's context, or fall back neatly."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing
from reportlab.lib.units import mm

from generator.rulebook import parse as P
from generator.rulebook.diagrams import DIAGRAMS, caption_for, enrich_kwargs
from generator.rulebook.flowables import Figure, PainterFlowable
from generator.rulebook.hex_diagrams import to_location
from generator.rulebook.typeset import Builder, Styles, _prepare

from .conftest import GAME_OF_DIAGRAM, game_content, game_context

WIDTH = 174 * mm
# The calls the bundled rulebooks make (content/GAME/rules/*.md).
CALLS: dict[str, dict[str, Any]] = {"token": {"number": 7}, "formula-card": {"card": 5},
                                    "hex-location": {"id": "entrance"},
                                    "movement": {"case": "hole"},
                                    "turn-example": {"names": ["Аня", "Борис"]}}


def _text(pdf: Path) -> str:
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    return re.sub(r"[\s\u00a0\u2002]+", " ", text)


def _before(text: str, caption: str, chars: int = 250) -> str:
    """The text extracted just before a caption: the words drawn in its diagram."""
    at = text.index(caption)
    return text[max(0, at - chars):at]


def test_every_diagram_has_a_game() -> None:
    assert set(GAME_OF_DIAGRAM) == set(DIAGRAMS)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_diagram_is_painted_from_the_real_context(name: str, lang: str) -> None:
    _prepare()
    kwargs = enrich_kwargs(name, CALLS.get(name, {}), game_context(GAME_OF_DIAGRAM[name], lang))
    json.dumps(kwargs)  # a diagram's arguments travel as JSON through the Markdown
    art = DIAGRAMS[name](kwargs, lang, WIDTH)
    assert isinstance(art, PainterFlowable)
    w, h = art.wrap(WIDTH, 1000)
    assert 20 * mm < w <= WIDTH + 0.5 and 15 * mm < h < 200 * mm
    assert caption_for(name, kwargs, "ru")
    assert caption_for(name, kwargs, "en")


@pytest.mark.parametrize("game", sorted(set(GAME_OF_DIAGRAM.values())))
def test_rules_context_is_plain_json(game: str) -> None:
    context = game_context(game, "ru")
    assert json.loads(json.dumps(context)) == context


def test_pieces_keep_their_printed_size() -> None:
    _prepare()
    ctx = game_context("magic-labyrinth", "ru")
    token = DIAGRAMS["token"](enrich_kwargs("token", {"number": 7}, ctx), "ru", WIDTH)
    assert token.wrap(WIDTH, 1000) == pytest.approx((25 * mm, 25 * mm))
    card = DIAGRAMS["formula-card"](enrich_kwargs("formula-card", {"card": 5}, ctx), "ru", WIDTH)
    assert card.wrap(WIDTH, 1000) == pytest.approx((63 * mm * 0.8, 88 * mm * 0.8))


def test_context_locations_turn_back_into_the_loaded_ones() -> None:
    content = game_content("goblin-slayer").content
    for data, loc in zip(game_context("goblin-slayer", "ru")["locations"], content.locations):
        back = to_location(data)
        assert (back.id, back.name, back.walls, back.features, back.doorway) == (
            loc.id, loc.name, loc.walls, loc.features, loc.doorway)


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_missing_data_gives_a_placeholder_not_a_crash(name: str) -> None:
    _prepare()
    builder = Builder(Styles("ru"), "ru", WIDTH, DIAGRAMS)
    bad = {"formula-card": {"ingredients": "nonsense"}, "movement": {"path": ["Z9"]},
           "token": {"number": "x"}, "plan-sample": {"plan": "not a plan"},
           "tile-shift": {"row": ["?"]}}.get(name, {})
    fig = builder.diagram(P.Diagram(name, {**bad, "caption": "Подпись"}))
    assert isinstance(fig, Figure) and fig.caption is not None
    w, h = fig.wrap(WIDTH, 1000)
    assert h > 0
    assert isinstance(fig.art, Drawing)  # the framed placeholder


def test_magic_rules_show_the_printed_token_card_and_board(real_rulebooks) -> None:
    ctx = game_context("magic-labyrinth", "ru")
    text = _text(real_rulebooks["magic-labyrinth", "ru"])
    drawn = " ".join(_before(text, "Все жетоны ингредиентов, как они напечатаны", 900).split())
    for token in ctx["tokens"]:  # every token as printed, each with its number and name
        assert str(token["number"]) in drawn and token["name"].split()[0] in drawn
    card = next(f for f in ctx["formulas"] if f["card"] == 5)
    drawn = _before(text, "Карта секретной формулы", 400)
    assert card["title"] in drawn and card["label"] in drawn
    assert card["hint"].split()[0] in drawn
    setup = ctx["board"]["setup"]
    drawn = _before(text, "Поле 7 × 7 перед началом игры", 800)
    assert setup["title"] in drawn and setup["token"] in drawn
    assert "запасная" in _before(text, "Сдвиг ряда", 60)


def test_goblin_rules_show_the_printed_locations_and_counters(real_rulebooks) -> None:
    ctx = game_context("goblin-slayer", "ru")
    text = _text(real_rulebooks["goblin-slayer", "ru"])
    entrance = next(loc for loc in ctx["locations"] if loc["kind"] == "entrance")
    assert entrance["name"]["ru"] in _before(text, "Входная локация: большой шестиугольник", 80)
    assert entrance["name"]["ru"] in _before(text, "Пещера из 7 локаций", 400)
    drawn = _before(text, "Фишки", 200)
    for counter in ctx["counters"]:
        assert counter["name"] in drawn
    en = _text(real_rulebooks["goblin-slayer", "en"])
    assert entrance["name"]["en"] in en


@pytest.mark.parametrize(("lang", "caption", "holes", "exit_word"),
                         [("ru", "Пример плана", "Я1 Я2", "выход"),
                          ("en", "A sample plan", "X1 X2", "exit")])
def test_paper_rules_show_the_plan_as_the_host_sheet_draws_it(real_rulebooks, lang: str,
                                                              caption: str, holes: str,
                                                              exit_word: str) -> None:
    text = _text(real_rulebooks["paper-labyrinth", lang])
    drawn = _before(text, caption, 60)
    assert holes in drawn and exit_word in drawn and "A B C D E" in drawn
    legend = game_context("paper-labyrinth", lang)["legend"]
    symbols = _before(text, game_context("paper-labyrinth", lang)["captions"]["plan-legend"],
                      600)
    assert legend["river"] in symbols and legend["false"] in symbols


@pytest.mark.parametrize(("lang", "caption", "names"), [
    ("ru", "точки с именами — стартовые клетки", ("Аня", "Борис", "Вера")),
    ("en", "the named dots are the start cells", ("Anya", "Boris", "Vera"))])
def test_the_worked_example_marks_each_start_cell(real_rulebooks, lang: str, caption: str,
                                                  names: tuple[str, ...]) -> None:
    drawn = _before(_text(real_rulebooks["paper-labyrinth", lang]), caption, 120)
    for name in names:
        assert name in drawn

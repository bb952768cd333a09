"""Fixtures of the rulebook tests: a fixed Jinja context and a rulebook built once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

RULES = Path(__file__).resolve().parent.parent / "fixtures" / "rules"
URL = "https://pypi.org/project/labyrinth-pnp/"

_NAMES = {
    "ru": ["Дикое яблоко", "Сосновая шишка", "Дубовый лист", "Масло чёрных слизней",
           "Четырёхлистный клевер", "Чеснок", "Воронье перо", "Белена", "Паук", "Мох с черепа",
           "Палочка из веретеницы", "Кварц", "Жаба", "Огненная саламандра", "Слюна ласки",
           "Серебряный чертополох", "Змея", "Изумруд", "Корень мандрагоры", "Чёрный петух",
           "Ягоды омелы"],
    "en": ["Crab Apple", "Pine Cone", "Oak Leaf", "Oil of Black Slugs", "Four-leaf Clover",
           "Garlic", "Raven's Feather", "Henbane", "Spider", "Skull Moss", "Blindworm Wand",
           "Quartz", "Toad", "Fire Salamander", "Weasel Spit", "Silver Thistle", "Snake",
           "Emerald", "Mandrake Root", "Black Rooster", "Mistletoe Berries"],
}


def magic_context(lang: str) -> dict[str, Any]:
    """The Jinja context of «Волшебный лабиринт» as the lead's code provides it."""
    numbers = list(range(1, 21)) + [25]
    names = _NAMES.get(lang, _NAMES["en"])
    tokens = [{"number": n, "value": n, "name": name} for n, name in zip(numbers, names)]
    return {
        "names": {"ru": "Волшебный лабиринт", "en": "Magic Labyrinth"},
        "players": {"min": 2, "max": 4}, "minutes": 45,
        "facts": {"wands_per_player": 3, "formula_bonus": 20, "wand_bonus": 3,
                  "ingredients_per_formula": 3},
        "tokens": tokens, "token_count": 21, "last_token": 25,
        "formulas": [{"card": 5, "ingredients": [5, 25, 18]}], "formula_count": 21,
        "tiles": {"straight": 13, "corner": 15, "t": 6, "loose": 34, "fixed": 16, "total": 50},
        "sizes": {"token_mm": 25},
    }


@pytest.fixture(scope="session")
def built_ru(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Russian fixture rulebook on A4, built once."""
    from generator.rulebook.build import build_rulebook

    out = tmp_path_factory.mktemp("rulebook") / "ru-a4.pdf"
    build_rulebook(RULES / "ru.md", magic_context("ru"), "ru", "a4", out, URL, "Правила")
    return out

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
           "Чешуя веретеницы", "Кварц", "Жаба", "Огненная саламандра", "Слюна ласки",
           "Серебряный чертополох", "Змея", "Изумруд", "Корень мандрагоры", "Чёрный петух",
           "Ягоды омелы"],
    "en": ["Crab Apple", "Pine Cone", "Oak Leaf", "Oil of Black Slugs", "Four-leaf Clover",
           "Garlic", "Raven's Feather", "Henbane", "Spider", "Skull Moss", "Blindworm Scale",
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


_GERMAN = dict(label="Regeln", contents="Inhalt", back="Neueste Fassung:",
               players_range="{min}–{max} {players}", players_exact="{n} {players}",
               players_from="ab {n} {players}", minutes="etwa {n} {minutes}",
               counted={"players": {"one": "Spieler", "other": "Spieler"},
                        "players_from": {"one": "Spieler", "other": "Spielern"},
                        "minutes": {"one": "Minute", "other": "Minuten"}})


def book_words(lang: str) -> Any:
    """The rulebook's own words in lang: the bundled ones, or German made up for the tests."""
    from generator.content.common import SheetTexts, load_language_texts
    from generator.content.paths import ContentRoots
    from generator.rulebook.typeset import BookWords

    if lang == "de":
        return BookWords(**_GERMAN)  # type: ignore[arg-type]
    texts = load_language_texts(ContentRoots.with_user(None), "common/text", SheetTexts, [])
    return BookWords.from_texts(texts[lang].rulebook)


@pytest.fixture(scope="session")
def built_ru(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Russian fixture rulebook on A4, built once."""
    from generator.rulebook.build import build_rulebook

    out = tmp_path_factory.mktemp("rulebook") / "ru-a4.pdf"
    build_rulebook(RULES / "ru.md", magic_context("ru"), "ru", "a4", out, URL,
                   book_words("ru"))
    return out


GAME_OF_DIAGRAM = {"token": "magic-labyrinth", "formula-card": "magic-labyrinth",
                   "tile-shift": "magic-labyrinth", "board-setup": "magic-labyrinth",
                   "turn-example": "magic-labyrinth",
                   "plan-sample": "paper-labyrinth", "plan-legend": "paper-labyrinth",
                   "movement": "paper-labyrinth", "hex-location": "goblin-slayer",
                   "cave": "goblin-slayer", "counters": "goblin-slayer",
                   "magic-counters": "magic-labyrinth"}
_CONTENT: dict[str, Any] = {}


def game_content(game_id: str) -> Any:
    """The bundled content of a game, loaded once per session."""
    if game_id not in _CONTENT:
        from generator.content.paths import ContentRoots
        from generator.games.registry import get_game

        content, problems = get_game(game_id).load(ContentRoots())
        assert content is not None, problems
        _CONTENT[game_id] = content
    return _CONTENT[game_id]


def game_context(game_id: str, lang: str) -> dict[str, Any]:
    """The rules context the build gives a game's rulebook, from the bundled content."""
    from generator.games.registry import get_game

    context = get_game(game_id).rules_context
    assert context is not None
    return context(game_content(game_id), lang)


@pytest.fixture(scope="session")
def real_rulebooks(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """Every game's rulebook from the bundled content, in Russian and English, on A4."""
    from generator.content.paths import ContentRoots
    from generator.games.registry import get_game
    from generator.games.rules import render_rules

    out = tmp_path_factory.mktemp("real-rules")
    built = {}
    for game_id in GAME_OF_DIAGRAM.values():
        context = get_game(game_id).rules_context
        assert context is not None
        for lang in ("ru", "en"):
            path = out / f"{game_id}-{lang}.pdf"
            if (game_id, lang) not in built:
                render_rules(game_id, game_content(game_id), context, ContentRoots(), lang,
                             "a4", path)
                built[game_id, lang] = path
    return built

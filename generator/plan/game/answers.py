"""The host's words for `plan play`: loaded from content/paper-labyrinth/play/LANG.yaml.

Every sentence the program prints while hosting lives in those files; this module checks them
(one `Problem` per mistake, with file, line and column) and puts the engine's `Answer` data
into words. Commands are understood in every language, whichever one the host speaks.
"""

from __future__ import annotations

from pathlib import Path

from ...content.common import load_language_texts
from ...content.paths import ContentRoots
from ...content.placeholders import fill
from ...content.play import FOLDER, PlayTexts
from ...errors import ContentError, Problem
from .engine import KILLED, NOTE_WORDS, Answer

LANGUAGES = ("ru", "en")
def load_play_texts(lang: str, content: Path | None = None) -> tuple[PlayTexts, list[PlayTexts]]:
    """Return the host's words in lang, and every language's words for reading commands.

    Commands are understood in each language (lang first), so a Russian script plays with
    `--lang en`; ContentError when a file is missing or broken.
    """
    roots = ContentRoots.with_user(content)
    problems: list[Problem] = []
    texts = load_language_texts(roots, FOLDER, PlayTexts, problems)
    wanted = [code for code in dict.fromkeys((lang, *LANGUAGES)) if code in texts or code == lang]
    errors = [p for p in problems if p.severity == "error" and p.lang in ("", *wanted)]
    if errors or lang not in texts:
        raise ContentError(errors or [Problem(f"{FOLDER}/{lang}.yaml", 1, 1, f"the host has no "
                                              f"words in '{lang}': add {FOLDER}/{lang}.yaml")])
    return texts[lang], [texts[code] for code in wanted]


def feminine(texts: PlayTexts, name: str) -> bool:
    """Return True when name takes the feminine forms («Аня ранена»)."""
    if name.lower() in (n.lower() for n in texts.masculine_names):
        return False
    return any(name.lower().endswith(e) for e in texts.feminine_endings)


def is_feminine(texts: PlayTexts, name: str, genders: dict[str, str]) -> bool:
    """Return True when the host uses name's feminine forms (given with `:ж`, or guessed)."""
    return genders.get(name) == "f" or (name not in genders and feminine(texts, name))


def _word(texts: PlayTexts, word: str, player: str, genders: dict[str, str]) -> str:
    """One answer word; «вышла» for a woman, «два клада» falling back to «клад»."""
    if word in NOTE_WORDS:
        return str(getattr(texts.notes, word))
    words = texts.answers
    if word == "out" and words.out_feminine and is_feminine(texts, player, genders):
        return words.out_feminine
    if word == "two_treasures" and not words.two_treasures:
        return words.treasure
    return str(getattr(words, word))


def hit_text(texts: PlayTexts, name: str, outcome: str, genders: dict[str, str]) -> str:
    """«Аня ранена», "Boris killed": one hit, in the player's grammatical gender."""
    female = is_feminine(texts, name, genders)
    if outcome == KILLED:
        text = texts.killed_feminine if female and texts.killed_feminine else texts.killed
    else:
        text = texts.wounded_feminine if female and texts.wounded_feminine else texts.wounded
    return fill(text, name=name)


def answer_text(texts: PlayTexts, answer: Answer, genders: dict[str, str] | None = None) -> str:
    """The words of one answer, joined as the host says them: «суша, клад»."""
    genders = genders or {}
    parts = [_word(texts, w, answer.player, genders) for w in answer.words]
    parts += [hit_text(texts, name, outcome, genders) for name, outcome in answer.hits]
    return texts.separator.join(parts)


def error_text(texts: PlayTexts, code: str, params: dict[str, object]) -> str:
    """The host's sentence for an IllegalAction code."""
    template = getattr(texts.errors, code, None) or texts.errors.unknown_action
    names = {"name", "current", "action", "command"}
    values = {k: v for k, v in params.items() if k in names}
    if template is texts.errors.unknown_action:
        values = {"action": params.get("action", code)}
    return fill(template, **values)

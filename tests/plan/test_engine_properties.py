"""Random games on random plans: the engine never raises on a legal action and says only the
rulebook's words."""

from __future__ import annotations

import random
import re
from pathlib import Path

from generator.plan.game.answers import answer_text, load_play_texts
from generator.plan.game.engine import (
    ANSWER_WORDS,
    KILLED,
    NOTE_WORDS,
    WOUNDED,
    apply,
    legal_actions,
    new_game,
)
from generator.plan.making.randomplan import random_plan

RULES = Path(__file__).resolve().parents[2] / "content/paper-labyrinth/rules"
PLANS = 2000
ACTIONS = 30


def _quoted(lang: str) -> set[str]:
    """Every phrase the rulebook's answer table puts in quotes."""
    text = (RULES / f"{lang}.md").read_text(encoding="utf-8")
    table = text[text.index("{#announcements}"):text.index("{#movement}")]
    return set(re.findall(r"[«“]([^»”]+)[»”]", table))


def test_every_answer_word_is_one_the_rulebook_lists() -> None:
    for lang in ("ru", "en"):
        texts, _ = load_play_texts(lang)
        quoted = _quoted(lang)
        for key in ANSWER_WORDS:
            assert getattr(texts.answers, key) in quoted, (lang, key)
        assert texts.wounded.replace("{name}", "").strip() in " ".join(quoted)
        assert texts.killed.replace("{name}", "").strip() in " ".join(quoted)


def test_random_legal_games_on_random_plans_never_raise() -> None:
    ru, _ = load_play_texts("ru")
    en, _ = load_play_texts("en")
    seen: set[str] = set()
    for seed in range(PLANS):
        rng = random.Random(seed)
        plan = random_plan(rng.randint(2, 7), rng.randint(2, 7), seed=seed)
        names = ["Аня", "Борис", "Вера", "Глеб"][:rng.randint(1, 4)]
        state, starts = new_game(plan, names, seed=seed)
        answers = list(starts)
        for _ in range(ACTIONS):
            options = legal_actions(state)
            if not options:
                break
            state, answer = apply(state, state.current().name, rng.choice(options))
            answers.append(answer)
        for answer in answers:
            assert set(answer.words) <= set(ANSWER_WORDS + NOTE_WORDS)
            assert answer.words or answer.hits
            assert {outcome for _, outcome in answer.hits} <= {WOUNDED, KILLED}
            assert answer_text(ru, answer) and answer_text(en, answer)
            seen.update(answer.words)
            seen.update(outcome for _, outcome in answer.hits)
    assert seen >= {"land", "wall", "river", "mouth", "hole", "treasure", "out", "miss",
                    "blown", "not_blown", WOUNDED, "taken"}

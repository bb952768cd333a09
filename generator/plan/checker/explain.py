"""`plan check --explain RULE`: what a rule asks, a plan that breaks it, the message, the fix.

The words are in `explanations.py`; the examples are written once with English codes and
shown with Russian codes on a Russian page (`localize_codes`). The message shown is not stored:
the example is run through the checker each time, so it is always the checker's own words.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from .check import check_plan
from .examples import EXAMPLES, Example
from .explanations import HEADINGS, TEXTS

WIDTH = 90
EXAMPLE_FILE = "plan.txt"
EN_TO_RU = {".": "С", "L": "С", "A": "Ар", "H": "М", "O": "У", "T+": "Кн", "T-": "Кл",
            "R>": "Р>", "R<": "Р<", "R^": "Р^", "Rv": "Рv"}
HOLE_RU = {"X": "Я", "Y": "Ю", "Z": "Э"}


def rule_ids() -> list[str]:
    """Return every rule id the checker can report, in the order of the format description."""
    return list(EXAMPLES)


def localize_codes(grid: str, lang: str) -> str:
    """Return grid with its English cell codes written the lang way (ru: Russian codes)."""
    if lang != "ru":
        return grid
    lines = grid.splitlines()
    first = lines[0] if lines else ""
    width = first.find("+", 1) - 1 if first.startswith("+") else 2
    return "\n".join(_localize_line(line, width) if line[:1] in "| " else line
                     for line in lines) + "\n"


def _localize_line(line: str, width: int) -> str:
    out = []
    for start in range(0, len(line), width + 1):
        out.append(line[start])
        slot = line[start + 1:start + 1 + width]
        code = slot.strip()
        if code in EN_TO_RU:
            code = EN_TO_RU[code]
        elif code[:1] in HOLE_RU and code[1:].isdigit():
            code = HOLE_RU[code[0]] + code[1:]
        out.append(code.ljust(len(slot)) if slot else "")
    return "".join(out)


@dataclass(frozen=True)
class Explained:
    """One rule explained in one language, with the checker's messages for the example."""

    rule: str
    title: str
    text: str
    example: str
    messages: list[str]
    fix: str
    fixed: str


def explain(rule: str, lang: str = "ru") -> Explained:
    """Return the explanation of rule in lang; raise KeyError for an unknown rule id."""
    example: Example = EXAMPLES[rule]
    words = TEXTS[lang][rule]
    bad = localize_codes(example.bad, lang)
    report = check_plan(bad, EXAMPLE_FILE, lang)
    messages = [p.format(EXAMPLE_FILE) for p in report.problems if p.rule == rule]
    return Explained(rule, words.title, words.rule, bad, messages, words.fix,
                     localize_codes(example.fixed, lang))


def explain_text(rule: str, lang: str = "ru") -> str:
    """Return the whole explanation of rule as the text `--explain` prints."""
    e = explain(rule, lang)
    head = HEADINGS[lang]
    out = [f"{rule}: {e.title}", "", head["rule"], _wrap(e.text), "", head["example"], "",
           e.example, head["says"], *e.messages, "", head["fix"], _wrap(e.fix), "", e.fixed,
           head["more"]]
    return "\n".join(out).rstrip("\n") + "\n"


def _wrap(text: str) -> str:
    return "\n".join(textwrap.fill(p, WIDTH, initial_indent="  ", subsequent_indent="  ")
                     for p in text.split("\n\n"))


def unknown_rule(rule: str) -> str:
    """Return the usage message for a rule id that does not exist."""
    return f"unknown rule '{rule}': choose one of {', '.join(rule_ids())}"

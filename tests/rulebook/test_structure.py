"""The language check: sections missing or extra compared with Russian, untranslated text."""

from __future__ import annotations

from pathlib import Path

from generator.rulebook import parse as P
from generator.rulebook.build import check_rulebooks
from generator.rulebook.structure import (
    compare_languages,
    needs_translation,
    paragraph_texts,
    section_ids,
)

from .conftest import RULES, magic_context

RU = P.parse_blocks("""\
## Раздел {#a}

Первый абзац раздела, пока не переведённый.

### Подраздел {#a-1}

- пункт списка
- `labyrinth-pnp build`

| Ход | Кто |
| --- | --- |
| 1 | Аня |

## Подсчёт {#scoring}

42
""")

EN = P.parse_blocks("""\
## Section {#a}

Первый абзац раздела, пока не переведённый.

- item
- `labyrinth-pnp build`

| Turn | Who |
| --- | --- |
| 1 | Аня |

42

## Extra {#house-rules}
""")


def test_section_ids_and_texts() -> None:
    assert section_ids(RU) == ["a", "a-1", "scoring"]
    assert "пункт списка" in paragraph_texts(RU)
    assert "Аня" in paragraph_texts(RU)


def test_compare_finds_missing_extra_and_untranslated() -> None:
    found = compare_languages(RU, EN)
    assert ("missing", "a-1") in found
    assert ("missing", "scoring") in found
    assert ("extra", "house-rules") in found
    assert ("untranslated", "Первый абзац раздела, пока не переведённый.") in found
    # a name or label of up to three words may read the same in a translation
    assert ("untranslated", "Аня") not in found


def test_numbers_commands_and_code_need_no_translation() -> None:
    found = compare_languages(RU, EN)
    assert ("untranslated", "42") not in found
    assert ("untranslated", "1") not in found
    assert not any("labyrinth-pnp" in detail for _, detail in found)
    assert not needs_translation("--strict")
    assert not needs_translation("A1, B2 12")
    assert needs_translation("Сдвиг лабиринта")


def test_check_rulebooks_warns_with_positions(tmp_path: Path) -> None:
    problems = check_rulebooks({"ru": RULES / "ru.md", "en": RULES / "en.md",
                                "de": RULES / "de.md"},
                               {lang: magic_context(lang) for lang in ("ru", "en", "de")})
    text = [p.format() for p in problems]
    assert all(p.severity == "warning" for p in problems), text
    en = str(RULES / "en.md")
    assert any(t.startswith(f"{en}:") and "section 'scoring' is missing (it is in ru.md" in t
               for t in text)
    assert any(t.startswith(f"{en}:") and "section 'house-rules' is not in ru.md" in t
               for t in text)
    untranslated = [p for p in problems if "untranslated" in p.message]
    assert any(p.file == en and p.line == 27 for p in untranslated), text
    de = str(RULES / "de.md")
    assert any(p.file == de and "section 'components' is missing" in p.message for p in problems)


def test_check_rulebooks_reports_template_errors_as_errors() -> None:
    problems = check_rulebooks({"ru": RULES / "ru.md", "en": RULES / "bad_unknown_variable.md"},
                               {"ru": magic_context("ru"), "en": magic_context("en")})
    errors = [p for p in problems if p.severity == "error"]
    assert [(p.line, p.column) for p in errors] == [(7, 11)]

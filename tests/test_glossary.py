"""A game's glossary (`content/GAME/terms/LANG.yaml`): rulebooks use its terms through Jinja,
and `check` warns where a rulebook or a sheet text uses a word the glossary avoids."""

from __future__ import annotations

from pathlib import Path

from generator.content.paths import bundled_dir, display_path

from conftest import pdf_text, run_cli

CONTENT = bundled_dir("content")


def _rules(tmp_path: Path, extra: str, lang: str = "en") -> Path:
    folder = tmp_path / "content" / "magic-labyrinth" / "rules"
    folder.mkdir(parents=True)
    text = (CONTENT / "magic-labyrinth" / "rules" / f"{lang}.md").read_text(encoding="utf-8")
    (folder / f"{lang}.md").write_text(text + "\n" + extra + "\n", encoding="utf-8")
    return tmp_path / "content"


def _lines(lang: str = "en") -> int:
    text = (CONTENT / "magic-labyrinth" / "rules" / f"{lang}.md").read_text(encoding="utf-8")
    return len(text.split("\n")) + 1


def test_a_synonym_in_a_rulebook_is_a_located_warning(tmp_path: Path) -> None:
    content = _rules(tmp_path, "Put the Extra Tile back, then the other extra tiles.")
    code, out, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 0 and out == "content is valid (2 warnings)\n"
    md = display_path(content / "magic-labyrinth" / "rules" / "en.md")
    terms = display_path(CONTENT / "magic-labyrinth" / "terms" / "en.yaml")
    line = _lines()
    assert err.splitlines() == [
        f"{md}:{line}:9: warning: 'Extra Tile' is not the glossary's word: write 'spare tile' "
        f"({{{{ terms.spare_tile }}}} in a rulebook; {terms}: spare_tile)",
        f"{md}:{line}:41: warning: 'extra tiles' is not the glossary's word: write 'spare tile'"
        f" ({{{{ terms.spare_tile }}}} in a rulebook; {terms}: spare_tile)",
    ]
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content, "--strict")
    assert code == 1


def test_a_russian_synonym_is_found_in_any_case(tmp_path: Path) -> None:
    content = _rules(tmp_path, "Положите лишнюю плитку рядом; с лишней плиткой ходить нельзя.",
                     "ru")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", content)
    assert code == 0
    found = [line.split(": warning: ")[1].split(" is not")[0] for line in err.splitlines()]
    assert found == ["'лишнюю плитку'", "'лишней плиткой'"]


def test_rulebooks_print_the_glossary_terms(tmp_path: Path) -> None:
    content = _rules(tmp_path, "Keep the {{ terms.spare_tile }} beside the {{ terms.fixed_tile }}.")
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "rules", "--lang", "en",
                           "--content", content, "--out", tmp_path / "out")
    assert code == 0, err
    text = " ".join(pdf_text(tmp_path / "out" / "magic-labyrinth"
                             / "magic-labyrinth-rules-en-a4.pdf").split())
    assert "Keep the spare tile beside the fixed tile." in text


def test_a_broken_glossary_gets_located_errors(tmp_path: Path) -> None:
    folder = tmp_path / "content" / "magic-labyrinth" / "terms"
    folder.mkdir(parents=True)
    (folder / "en.yaml").write_text("Spare-Tile:\n  term: spare tile\nwand:\n  term: wand\n"
                                    "  avoid: stick\n", encoding="utf-8")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", tmp_path / "content")
    assert code == 1
    path = display_path(folder / "en.yaml")
    assert err.splitlines()[:2] == [
        f"{path}:1:1: term key 'Spare-Tile' must be lower case letters, digits and _ (it is "
        "written {{ terms.KEY }})",
        f"{path}:5:10: 'avoid' must be a list of words, e.g. [лишн* плитк*]",
    ]


def test_the_bundled_content_uses_its_glossaries() -> None:
    code, out, err = run_cli("check", "--strict")
    assert (code, err) == (0, "")
    assert out == "content is valid\n"


def test_a_user_glossary_adds_to_the_bundled_one(tmp_path: Path) -> None:
    """The bundled books use the bundled terms: a user file with one term must not break them."""
    folder = tmp_path / "content" / "magic-labyrinth" / "terms"
    folder.mkdir(parents=True)
    (folder / "en.yaml").write_text("spare_tile:\n  term: extra piece\n", encoding="utf-8")
    code, _, err = run_cli("check", "magic-labyrinth", "--content", tmp_path / "content")
    assert code == 0, err
    code, _, err = run_cli("build", "magic-labyrinth", "--part", "rules", "--lang", "en",
                           "--content", tmp_path / "content", "--out", tmp_path / "out")
    assert code == 0, err
    text = " ".join(pdf_text(tmp_path / "out" / "magic-labyrinth"
                             / "magic-labyrinth-rules-en-a4.pdf").split())
    assert "extra piece" in text


def test_sheet_legends_take_their_words_from_the_glossary(tmp_path: Path) -> None:
    content = tmp_path / "content"
    terms = bundled_dir("content") / "paper-labyrinth" / "terms" / "en.yaml"
    mine = content / "paper-labyrinth" / "terms" / "en.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_text(terms.read_text("utf-8").replace("term: swamp", "term: bog"), "utf-8")
    code, _, err = run_cli("build", "paper-labyrinth", "--part", "player-sheet", "--lang", "en",
                           "--content", content, "--out", tmp_path / "out")
    assert code == 0, err
    text = " ".join(pdf_text(tmp_path / "out" / "paper-labyrinth" /
                             "paper-labyrinth-player-sheet-en-a4.pdf").split())
    assert "bog — into the mouth only, along the arrow" in text
    assert "swamp — into" not in text


def test_an_unknown_term_in_a_sheet_text_is_a_located_error(tmp_path: Path) -> None:
    content = tmp_path / "content"
    text = bundled_dir("content") / "goblin-slayer" / "text" / "en.yaml"
    mine = content / "goblin-slayer" / "text" / "en.yaml"
    mine.parent.mkdir(parents=True)
    source = text.read_text("utf-8")
    mine.write_text(source.replace("terms.door |", "terms.gate |"), "utf-8")
    line = next(i for i, row in enumerate(source.splitlines(), 1) if "terms.door |" in row)
    code, _, err = run_cli("check", "goblin-slayer", "--content", content)
    assert code == 1
    assert (f"{display_path(mine)}:{line}:31: unknown term 'gate' in {{{{ terms.gate }}}}: the "
            "glossary of 'en' has adjacent, door, goblin_player, hero_player") in err

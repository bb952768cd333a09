"""gettext PO files: export, import, outdated translations, checked with real gettext tools."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from conftest import pdf_text, run_cli

ROOT = Path(__file__).resolve().parent.parent
_KEEP = r"(\{\{.*?\}\}|\{%.*?%\}|\{[A-Za-z_]+\}|`[^`]*`|https?://\S+)"


def _tool(name: str) -> str:
    """A gettext tool: missing, the test fails (CI installs gettext in .ci/run)."""
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is missing: install Debian's gettext (apt-get install gettext)")
    return found


def german(text: str) -> str:
    """A made-up German: every word of two letters or more spelled backwards, markup kept."""
    parts = re.split(_KEEP, text)
    return "".join(p if re.fullmatch(_KEEP, p) else
                   re.sub(r"[A-Za-z]{2,}", lambda m: m.group(0)[::-1], p) for p in parts)


def fill(folder: Path) -> int:
    """What a translator does in a PO editor: fill every msgstr (Babel writes the files)."""
    count = 0
    for path in sorted(folder.glob("*.po")):
        catalog = read_po(path.open(encoding="utf-8"))
        for message in catalog:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                message.string = tuple(german(message.id[min(i, 1)])
                                       for i in range(catalog.num_plurals))
            else:
                message.string = german(message.id)
            count += 1
        out = io.BytesIO()
        write_po(out, catalog, width=0)
        path.write_bytes(out.getvalue())
    return count


def _copy_content(target: Path) -> Path:
    shutil.copytree(ROOT / "content", target, ignore=shutil.ignore_patterns("art", "plans"))
    return target


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _export(*args: object) -> None:
    code, out, err = run_cli("lang", "export", *args)
    assert code == 0, err


@pytest.fixture(scope="module")
def german_content(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A German translation made only through PO files: export, fill, import."""
    po = tmp_path_factory.mktemp("po-de")
    _export("de", "--from", "en", "--out", po)
    pot = tmp_path_factory.mktemp("pot-en")
    _export("--format", "pot", "--from", "en", "--out", pot)
    # each template's entries, less its header (a POT's "nplurals=INTEGER" is no catalog)
    texts = sum(path.read_text(encoding="utf-8").count("\nmsgid ") - 1
                for path in pot.glob("*.pot"))
    assert texts > 800  # every text of the bundled English content
    assert fill(po) == texts
    content = tmp_path_factory.mktemp("content-de")
    code, out, err = run_cli("lang", "import", "de", *sorted(po.glob("*.po")), "--content",
                             content)
    assert code == 0, err
    assert "wrote" in out and (content / "goblin-slayer" / "rules" / "de.md").is_file()
    return content


def test_exported_files_pass_msgfmt_and_babel_reads_them(tmp_path: Path) -> None:
    msgfmt, msginit = _tool("msgfmt"), _tool("msginit")
    for lang in ("en", "uk", "de"):
        _export(lang, "--out", tmp_path / lang)
    _export("--format", "pot", "--from", "en", "--out", tmp_path / "pot")
    files = sorted(tmp_path.rglob("*.po"))
    assert len(files) == 33
    for path in files:
        result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)],
                                capture_output=True, text=True)
        assert result.returncode == 0 and not result.stderr, (path, result.stderr)
        catalog = read_po(path.open(encoding="utf-8"))
        assert catalog.num_plurals == (3 if ".uk." in path.name else 2)
        assert not [m for m in catalog if m.id and m.fuzzy], path  # all current today
    uk = read_po((tmp_path / "uk" / "common-text.uk.po").open(encoding="utf-8"))
    counted = uk.get(("игрок", "игроков"), context="rulebook.counted.players")
    assert counted is not None and counted.string == ("гравець", "гравці", "гравців")
    page = uk.get("стр. {page} из {pages}", context="page")
    assert page is not None and page.string == "стор. {page} з {pages}"
    assert page.flags == {"python-brace-format"}
    rules = (tmp_path / "uk" / "goblin-slayer-rules.uk.po").read_text("utf-8")
    assert '#. Glossary: игрок-гоблин = гравець-гоблін; игрок-герой = гравець-герой\n' \
           '#: goblin-slayer/rules/ru.md:10\nmsgctxt "about/2"' in rules
    assert '"Plural-Forms: nplurals=3; plural=n % 10 == 1 && n % 100 != 11 ? 0' in rules
    # A template becomes a new language's PO file with gettext's own msginit.
    for pot in sorted((tmp_path / "pot").glob("*.pot")):
        made = tmp_path / "init" / pot.with_suffix(".pl.po").name
        made.parent.mkdir(exist_ok=True)
        result = subprocess.run([msginit, "--no-translator", "--locale=pl", "-i", str(pot),
                                 "-o", str(made)], capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(made)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
    # Exports are the same bytes every time.
    _export("uk", "--out", tmp_path / "again")
    assert _tree(tmp_path / "again") == _tree(tmp_path / "uk")


def test_round_trip_of_every_bundled_language_changes_no_byte(tmp_path: Path) -> None:
    content = _copy_content(tmp_path / "content")
    before = _tree(content)
    for lang in ("en", "uk", "ru"):
        _export(lang, "--content", content, "--out", tmp_path / lang)
        code, out, err = run_cli("lang", "import", lang, *sorted((tmp_path / lang).glob("*.po")),
                                 "--content", content)
        assert code == 0, err
        assert out.strip() == "imported 11 PO files: nothing changed"
    assert _tree(content) == before


def test_a_changed_source_paragraph_makes_exactly_it_outdated(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "goblin-slayer" / "rules").mkdir(parents=True)
    rules = content / "goblin-slayer" / "rules" / "ru.md"
    old = (ROOT / "content/goblin-slayer/rules/ru.md").read_text("utf-8")
    new = old.replace("Один игрок ведёт Штормборода", "Один игрок всегда ведёт Штормборода")
    assert new != old
    rules.write_text(new, "utf-8")
    code, out, _ = run_cli("lang", "status", "--content", content, "--format", "json")
    assert code == 0
    outdated = {(s["lang"], f["relative"]): f["changes"] for s in json.loads(out)
                for f in s["files"] if f["outdated"]}
    assert sorted(outdated) == [("en", "goblin-slayer/rules/en.md"),
                                ("uk", "goblin-slayer/rules/uk.md")]
    for changes in outdated.values():
        assert [(c["context"], c["line"]) for c in changes] == [("about/2", 11)]
        assert changes[0]["was"].startswith("Один игрок ведёт Штормборода")
        assert changes[0]["now"].startswith("Один игрок всегда ведёт Штормборода")
    code, out, _ = run_cli("lang", "status", "uk", "--content", content)
    assert "outdated: goblin-slayer/rules/uk.md:11 (about/2)\n  translated from: Один игрок " \
           "ведёт" in out
    code, _, err = run_cli("check", "goblin-slayer", "--strict", "--content", content)
    assert code == 1
    assert (f"{ROOT / 'content/goblin-slayer/rules/uk.md'}:11:1: warning: outdated: 'about/2' "
            "was translated from «Один игрок ведёт") in err
    _export("uk", "--game", "goblin-slayer", "--content", content, "--out", tmp_path / "po")
    catalog = read_po((tmp_path / "po" / "goblin-slayer-rules.uk.po").open(encoding="utf-8"))
    fuzzy = [m for m in catalog if m.id and m.fuzzy]
    assert [m.context for m in fuzzy] == ["about/2"]
    assert fuzzy[0].id.startswith("Один игрок всегда ведёт")
    # gettext's own tool finds it fuzzy, with the source it was translated from (Babel does
    # not read `#|` lines)
    result = subprocess.run([_tool("msgattrib"), "--only-fuzzy", "--no-wrap",
                             str(tmp_path / "po" / "goblin-slayer-rules.uk.po")],
                            capture_output=True, text=True, check=True)
    assert ('#, fuzzy\n#| msgctxt "about/2"\n#| msgid "Один игрок ведёт Штормборода — это '
            '**игрок-герой**.') in result.stdout
    assert result.stdout.count("#, fuzzy") == 1


def test_a_new_language_goes_from_po_files_to_a_finished_build(german_content: Path,
                                                               tmp_path: Path) -> None:
    code, out, err = run_cli("lang", "status", "de", "--content", german_content, "--strict",
                             "--format", "json")
    assert code == 0, out
    assert all(s["done"] and s["source"] == "en" for s in json.loads(out))
    code, out, err = run_cli("check", "--strict", "--content", german_content)
    assert code == 0, err
    code, _, err = run_cli("build", "goblin-slayer", "--part", "rules", "--lang", "de",
                           "--content", german_content, "--out", tmp_path / "out")
    assert code == 0, err
    text = " ".join(pdf_text(next((tmp_path / "out").rglob("*-de-*.pdf"))).split())
    assert "nilboG reyalS" in text and "draft" not in text.lower()
    assert "Goblin Slayer" not in text


def test_a_changed_english_paragraph_makes_it_outdated_in_german(german_content: Path,
                                                                tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(german_content, content)
    english = (ROOT / "content/goblin-slayer/rules/en.md").read_text("utf-8")
    (content / "goblin-slayer/rules/en.md").write_text(
        english.replace("One player leads Stormbeard", "One player always leads Stormbeard"),
        "utf-8")
    code, out, _ = run_cli("lang", "status", "de", "--content", content, "--format", "json")
    changes = [(f["relative"], c["context"]) for s in json.loads(out) for f in s["files"]
               for c in f["changes"]]
    assert changes == [("goblin-slayer/rules/de.md", "about/2")]


def _po(tmp_path: Path, name: str, entries: str, lang: str = "de",
        source: str = "goblin-slayer/rules/en.md") -> Path:
    path = tmp_path / name
    path.write_text(
        f'msgid ""\nmsgstr ""\n"Language: {lang}\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        f'"X-Source-Language: en\\n"\n"X-Source-File: {source}\\n"\n\n' + entries, "utf-8")
    return path


def test_import_refuses_what_would_break_the_files(tmp_path: Path) -> None:
    content = tmp_path / "content"
    rules = _po(tmp_path, "rules.de.po", 'msgctxt "no-such/9"\nmsgid "x"\nmsgstr "y"\n\n'
                'msgctxt "about/2"\nmsgid "One player leads Stormbeard: this is **the hero '
                'player**. The other commands the cave’s inhabitants, the goblins and Hrotgar '
                'the Ogre: this is **the goblin player**."\nmsgstr "Ein **Spieler.\\n\\nZwei"\n\n'
                'msgctxt "about"\nmsgid "About the game"\nmsgstr "Über das Spiel {#uber}"\n')
    text = _po(tmp_path, "text.de.po", 'msgctxt "rulebook.counted.players"\nmsgid "player"\n'
               'msgid_plural "players"\nmsgstr[0] "Spieler"\nmsgstr[1] ""\n\n'
               'msgctxt "page"\nmsgid "page {page} of {pages}"\nmsgstr "Seite {seite}"\n',
               lang="de", source="common/text/en.yaml")
    code, out, err = run_cli("lang", "import", "de", rules, text, "--content", content)
    assert code == 1 and not content.exists()
    assert (f"{rules}:10:1: 'no-such/9' no longer exists in goblin-slayer/rules/en.md: export "
            "again (`labyrinth-pnp lang export de`) and move the translation to its new entry"
            ) in err
    assert f"{rules}:14:1: a blank line would split the paragraph in two: remove it" in err
    assert f"{rules}:14:1: an unclosed ** (bold): close it" in err
    assert (f"{rules}:18:1: '{{#' starts a section id: the tool keeps the heading's id itself"
            ) in err
    assert (f"{text}:10:1: missing plural form msgstr[1] (other): 'de' needs one for each of "
            "one, other") in err
    assert (f"{text}:16:1: the placeholders differ from the source's: it has {{page}} "
            "{pages}, the translation {seite}; keep each {name} as it is") in err
    assert err.endswith("Error: 6 problems found\n")


def test_yaml_values_are_replaced_in_place() -> None:
    from generator.lang.yamledit import replace_values

    text = ("# a comment\nkey: plain text  # trailing\nquoted: 'it''s'\nlist: [a, b]\n"
            "block: >-\n  folded text\n  on two lines\nforms: {one: x, other: y}\n"
            "items:\n  - one\n  - two\nlast: end\n")
    out, problems = replace_values(text, "t.yaml", {
        ("key",): "neuer Text: mit Doppelpunkt", ("quoted",): "es ist", ("list",): ["c", "d, e"],
        ("block",): "gefalteter Text", ("forms",): {"one": "eins", "few": "paar", "many": "viele"},
        ("items",): ["eins"]})
    assert problems == []
    assert out == ("# a comment\nkey: 'neuer Text: mit Doppelpunkt'  # trailing\n"
                   "quoted: 'es ist'\nlist: [c, \"d, e\"]\nblock: >-\n  gefalteter Text\n"
                   "forms: {one: eins, few: paar, many: viele}\nitems:\n  - eins\nlast: end\n")
    _, problems = replace_values(text, "t.yaml", {("nothing",): "x"})
    assert [p.message for p in problems] == ["'nothing' is missing or not a text here: add it "
                                             "(as in the source file) and import again"]


def test_unreadable_po_files_and_unknown_languages_are_clear_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.de.po"
    broken.write_text('msgid ""\nmsgstr ""\n\nmsgctxt "a"\nmsgid "x"\nmsgstr "y"\nfoo "z"\n',
                      "utf-8")
    latin = tmp_path / "latin.de.po"
    latin.write_bytes(b'msgid "\xff"\n')
    code, _, err = run_cli("lang", "import", "de", broken, latin, "--content", tmp_path / "c")
    assert code == 1 and "Traceback" not in err
    assert (f"{broken}:7:1: not a PO file gettext can read (unknown or misformatted keyword): "
            "open and save it in a PO editor, or export again") in err
    assert f"{latin}:1:1: file is not UTF-8 text: save it as UTF-8" in err
    code, _, err = run_cli("lang", "export", "zz", "--out", tmp_path / "po")
    assert code == 2 and "no plural rule is known for 'zz'" in err
    assert not (tmp_path / "po").exists()


def test_a_damaged_record_is_a_warning_and_stamp_writes_it_again(german_content: Path,
                                                                 tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(german_content, content)
    record = content / "goblin-slayer" / "terms" / "de.sources"
    record.write_text("texts: [\n", "utf-8")
    code, _, err = run_cli("check", "goblin-slayer", "--content", content)
    assert code == 0
    assert (f"{record}:2:1: warning: invalid YAML") in err
    assert "`labyrinth-pnp lang stamp de` writes it again" in err
    code, out, _ = run_cli("lang", "stamp", "de", "--game", "goblin-slayer", "--content", content)
    assert code == 0 and out == f"wrote {record}\n1 record files written\n"
    assert record.read_bytes() == (german_content / "goblin-slayer/terms/de.sources").read_bytes()


def test_a_po_editors_regional_language_is_accepted_and_a_missing_one_named(
        tmp_path: Path) -> None:
    entry = ('"X-Source-File: common/text/en.yaml\\n"\n\nmsgctxt "ruler"\nmsgid "50 mm"\n'
             'msgstr "50 Millimeter"\n')
    regional = tmp_path / "regional.po"
    regional.write_text('msgid ""\nmsgstr ""\n"Language: de_DE\\n"\n' + entry, "utf-8")
    bare = tmp_path / "bare.po"
    bare.write_text('msgid ""\nmsgstr ""\n' + entry, "utf-8")
    code, _, err = run_cli("lang", "import", "de", bare, "--content", tmp_path / "c")
    assert code == 1 and f'{bare}:1:1: the header has no Language: add the line ' \
                         '`"Language: de\\n"`' in err
    code, out, err = run_cli("lang", "import", "de", regional, "--content", tmp_path / "c")
    assert code == 0, err
    assert out.startswith(f"wrote {tmp_path / 'c/common/text/de.yaml'} (1 text)\n")
    assert "\nruler: 50 Millimeter\n" in (tmp_path / "c/common/text/de.yaml").read_text("utf-8")

"""The translation workflow: `lang new`, `lang status`, drafts, and languages kept apart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from generator.content.translation import MARKER

from conftest import pdf_text, run_cli

ROOT = Path(__file__).resolve().parent.parent
_SKIP = re.compile(r"(\{\{.*?\}\}|\{[^{}]*\}|`[^`]*`|https?://\S+)")


def pseudo(text: str) -> str:
    """A made-up translation: every word spelled backwards; placeholders, code and addresses
    kept, so that no English word of the source is left."""
    text = text.replace(f"{MARKER} ", "").replace(MARKER, "")
    text = re.sub(r'caption="([^"]*)"', lambda m: f'caption="{pseudo(m.group(1))}"', text)
    text = re.sub(r"plural\(([^)]*)\)", lambda m: "plural(" + re.sub(
        r"[A-Za-z]{2,}", lambda w: w.group(0)[::-1], m.group(1)) + ")", text)
    parts = _SKIP.split(text)
    return "".join(p if _SKIP.fullmatch(p) else
                   re.sub(r"[A-Za-z]{2,}", lambda m: m.group(0)[::-1], p) for p in parts)


def _translate_yaml(data):  # type: ignore[no-untyped-def]
    if isinstance(data, dict):
        return {k: v if k == "translated_from" else _translate_yaml(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_translate_yaml(v) for v in data]
    if isinstance(data, str) and MARKER in data:
        return pseudo(data)
    return data


def translate_folder(folder: Path) -> None:
    """What a translator does: replace every marked text by its translation."""
    for path in folder.rglob("*"):
        if path.suffix == ".yaml":
            data = _translate_yaml(yaml.safe_load(path.read_text("utf-8")))
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), "utf-8")
        elif path.suffix == ".md":
            front, body = path.read_text("utf-8").split("\n---\n", 1)
            fence, lines = False, []
            for line in body.split("\n"):
                fence = fence != line.strip().startswith("```")
                lines.append(line if fence or line.strip().startswith("```") else pseudo(line))
            front = "\n".join(f"{k}:{pseudo(v)}" if v.strip() and k != "translated_from" else
                              f"{k}:{v}" for k, _, v in (r.partition(":") for r in
                                                        front.split("\n")))
            path.write_text(front.replace("---:", "---") + "\n---\n" + "\n".join(lines),
                            "utf-8")


def _status(folder: Path) -> list[dict]:  # type: ignore[type-arg]
    code, out, err = run_cli("lang", "status", "de", "--content", folder, "--format", "json")
    assert code == 0, err
    return json.loads(out)


def _fixed_labels(books: bool) -> set[str]:
    """The fixed English labels (the words between placeholders): of every sheet, or of the
    rulebooks (their cover line, contents, footer, back page and diagram captions; the book's
    own text is content, translated like any other)."""
    from generator.languages import string_leaves

    labels: set[str] = set()
    for path in [ROOT / "content/common/text/en.yaml", *ROOT.glob("content/*/text/en.yaml")]:
        data = yaml.safe_load(path.read_text("utf-8"))
        if books:
            data = {"rulebook": data.get("rulebook"), "captions": data.get("captions")}
        for text in string_leaves(data).values():
            for piece in re.split(r"\{[^{}]*\}|\|", text):
                if re.search(r"[A-Za-z]{3,}", piece) and len(piece.strip()) >= 5:
                    labels.add(piece.strip())
    return labels


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("content")
    code, out, err = run_cli("lang", "new", "de", "--from", "en", "--content", folder)
    assert code == 0, err
    assert "goblin-slayer/rules/de.md" in out and "common/text/de.yaml" in out
    return folder


def test_a_new_language_starts_untranslated_then_reaches_every_part(german: Path,
                                                                     tmp_path: Path) -> None:
    before = _status(german)
    assert {s["game"] for s in before} == {"common", "magic-labyrinth", "paper-labyrinth",
                                           "goblin-slayer"}
    for item in before:
        assert item["source"] == "en" and not item["done"] and item["translated"] == 0
        for f in item["files"]:
            assert f["untranslated"] == f["total"] > 0 and f["missing"] == 0, f
    assert run_cli("lang", "status", "de", "--content", german, "--strict")[0] == 1

    translate_folder(german)
    after = _status(german)
    assert all(s["done"] and s["translated"] == s["total"] for s in after), after
    assert run_cli("lang", "status", "de", "--content", german, "--strict")[0] == 0

    out = tmp_path / "out"
    code, _, err = run_cli("build", "--lang", "de", "--content", german, "--out", out)
    assert code == 0, err
    code, _, err = run_cli("build", "--lang", "en", "--out", tmp_path / "en")
    assert code == 0, err
    english = sorted(p.relative_to(tmp_path / "en").as_posix()
                     for p in (tmp_path / "en").rglob("*.pdf"))
    german_files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))
    assert german_files == [name.replace("-en-", "-de-") for name in english]
    sheets, books = _fixed_labels(books=False), _fixed_labels(books=True)
    for pdf in out.rglob("*.pdf"):
        labels = books if "-rules-" in pdf.name else sheets
        # file names, part ids and options in commands are names, not words
        text = re.sub(r"\S+\.pdf|labyrinth-pnp [^\n]*|--[a-z][a-z-]*", " ", pdf_text(pdf))
        text = " ".join(text.split())
        left = sorted(label for label in labels if label in text)
        assert left == [], (pdf.name, left[:5])
        assert "draft" not in text.lower()


def test_a_half_made_language_does_not_touch_the_others(german: Path, tmp_path: Path) -> None:
    half = tmp_path / "half"
    code, _, err = run_cli("lang", "new", "de", "--from", "en", "--content", half)
    assert code == 0, err
    broken = half / "magic-labyrinth" / "text" / "de.yaml"
    broken.write_text(broken.read_text("utf-8").replace("parts:", "parts: [", 1), "utf-8")
    code, _, err = run_cli("build", "magic-labyrinth", "goblin-slayer", "--lang", "en",
                           "--content", half, "--out", tmp_path / "with")
    assert code == 0, err
    code, _, err = run_cli("build", "magic-labyrinth", "goblin-slayer", "--lang", "en",
                           "--out", tmp_path / "without")
    assert code == 0, err
    files = sorted(p.relative_to(tmp_path / "with") for p in (tmp_path / "with").rglob("*.pdf"))
    assert files and files == sorted(p.relative_to(tmp_path / "without")
                                     for p in (tmp_path / "without").rglob("*.pdf"))
    for name in files:
        assert (tmp_path / "with" / name).read_bytes() == (tmp_path / "without" / name
                                                            ).read_bytes(), name
    # The broken German stops only German builds, with its position.
    code, _, err = run_cli("build", "magic-labyrinth", "--lang", "de", "--content", half,
                           "--out", tmp_path / "de")
    assert code == 1
    assert f"{broken}:" in err and "invalid YAML" in err


def test_a_draft_says_so_in_every_footer_and_lists_what_is_left(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    assert run_cli("lang", "new", "de", "--content", folder, "--game", "goblin-slayer")[0] == 0
    code, _, err = run_cli("build", "goblin-slayer", "--lang", "de", "--content", folder,
                           "--out", tmp_path / "out")
    assert code == 0, err
    assert re.search(r"goblin-slayer/text/de.yaml:\d+:\d+: warning: \d+ texts not translated "
                     r"yet in 'de', the first here: `labyrinth-pnp lang status de --content "
                     r"\S+` counts them by file, `labyrinth-pnp check -v --content \S+` lists "
                     "each", err), err  # one line per file: `check` lists each text
    for pdf in (tmp_path / "out").rglob("*.pdf"):
        pages = pdf_text(pdf).split("\f") if False else None  # noqa: F841
        text = " ".join(pdf_text(pdf).split())
        assert "draft translation" in text, pdf.name  # the German file has no word for it yet
    # A build of every language leaves the draft out and says why.
    code, _, err = run_cli("build", "goblin-slayer", "--content", folder, "--out",
                           tmp_path / "all")
    assert code == 0, err
    assert "the 'de' translation is not finished, so it was not built" in err
    assert not list((tmp_path / "all").rglob("*-de-*.pdf"))


def test_lang_new_never_overwrites(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    assert run_cli("lang", "new", "fr", "--content", folder, "--game", "paper-labyrinth")[0] == 0
    mine = folder / "paper-labyrinth" / "rules" / "fr.md"
    mine.write_text("mine", "utf-8")
    code, _, err = run_cli("lang", "new", "fr", "--content", folder, "--game", "paper-labyrinth")
    assert code == 1
    assert f"{mine}:1:1: 'fr' already has this file" in err
    assert mine.read_text("utf-8") == "mine"


@pytest.mark.parametrize(("args", "message"), [
    (("lang", "new", "DE!", "--content", "x"), "'DE!' is not a language code"),
    (("lang", "new", "de", "--from", "de", "--content", "x"), "cannot be translated from itself"),
    (("lang", "new", "de", "--from", "xx", "--content", "x"), "no content in 'xx'"),
    (("lang", "status", "xx"), "no game has the language 'xx': available are en, ru, uk"),
    (("lang", "status", "eng"), "did you mean en?"),
])
def test_lang_usage_errors_exit_2(args: tuple[str, ...], message: str, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(*args)
    assert code == 2 and message in err and "Traceback" not in err


def test_bundled_languages_are_complete() -> None:
    code, out, err = run_cli("lang", "status", "--format", "json", "--strict")
    assert code == 0, out
    found = {(s["game"], s["lang"]): s for s in json.loads(out)}
    assert found["goblin-slayer", "uk"]["source"] == "ru"
    assert found["magic-labyrinth", "en"]["source"] == "ru"
    assert ("magic-labyrinth", "uk") not in found

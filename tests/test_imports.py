"""A command imports only what it needs: checked in a fresh process through sys.modules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

PLAN = Path(__file__).resolve().parents[1] / "content/paper-labyrinth/plans"

PROBE = """
import json, sys
from generator.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def _modules(*args: str) -> set[str]:
    """Run the CLI with args in a fresh process; return the modules it imported."""
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True,
                          check=False)
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["code"] in (0, None), proc.stderr
    return set(report["modules"])


def _loaded(modules: set[str], *prefixes: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


RULEBOOK_STACK = ("generator.rulebook", "generator.games.rules", "markdown_it", "pyphen",
                  "qrcode", "generator.plan", "jinja2", "pydantic")


@pytest.mark.parametrize("parts", [("tokens", "formulas"), ("counters", "score-sheet", "tiles")])
def test_a_pieces_build_loads_no_rulebook_plan_or_template_code(tmp_path, parts):
    args = ["build", "magic-labyrinth", "--lang", "ru", "--out", str(tmp_path), "--jobs", "1"]
    modules = _modules(*args, *[f"--part={p}" for p in parts])
    assert "reportlab.pdfgen.canvas" in modules  # the probe does see a real build
    assert _loaded(modules, *RULEBOOK_STACK) == []


def test_goblin_pieces_build_loads_no_rulebook_code(tmp_path):
    modules = _modules("build", "goblin-slayer", "--part", "locations", "--lang", "en",
                       "--out", str(tmp_path), "--jobs", "1")
    assert _loaded(modules, *RULEBOOK_STACK) == []


def test_a_rules_build_does_load_the_rulebook_code(tmp_path):
    modules = _modules("build", "magic-labyrinth", "--part", "rules", "--lang", "en",
                       "--out", str(tmp_path), "--jobs", "1")
    assert _loaded(modules, "generator.rulebook.typeset", "markdown_it", "pyphen")
    # the bundled languages count without Babel (content.plurals writes their rules out)
    assert "generator.content.plurals" in modules and _loaded(modules, "babel") == []


@pytest.mark.parametrize("args", [("--help",), ("plan", "check",
                                               str(PLAN / "plan_4x5_river_and_gully.txt"))])
def test_help_and_plan_check_load_no_pdf_template_or_model_library(args):
    modules = _modules(*args)
    assert _loaded(modules, "reportlab", "pydantic", "jinja2", "yaml" if args == ("--help",)
                   else "reportlab") == []


def test_a_build_renders_only_the_rulebooks_it_makes_and_their_sources(tmp_path, monkeypatch):
    """`build --lang en` checks the English rulebook against the Russian one it was translated
    from, and leaves the Ukrainian one alone (a build pays only for what it makes)."""
    from generator.build import BuildOptions, run_build
    from generator.rulebook import build as rulebook_build

    rendered: list[str] = []
    real = rulebook_build._load_rules

    def counting(path, context, lang, display=None):
        rendered.append(lang)
        return real(path, context, lang, display)

    monkeypatch.setattr(rulebook_build, "_load_rules", counting)
    rulebook_build._LOADED.clear()
    run_build(BuildOptions(games=("goblin-slayer",), parts=("rules",), lang="en",
                           out=tmp_path, jobs=1))
    assert sorted(rendered) == ["en", "ru"]
    assert [p.name for p in tmp_path.rglob("*.pdf")] == ["goblin-slayer-rules-en-a4.pdf"]
    rendered.clear()
    rulebook_build._LOADED.clear()
    from generator.check import check_content  # `check` still reads every language

    check_content(None, strict=False, games=("goblin-slayer",))
    assert sorted(rendered) == ["en", "ru", "uk"]



def test_reportlabs_url_pattern_is_compiled_only_for_a_word_with_a_scheme(tmp_path):
    """ReportLab's URL pattern (45 ms to compile) is not compiled to typeset a rulebook, and
    a URL is still split where ReportLab splits it."""
    code = (
        "from generator.cli import main\n"
        "import generator.rulebook\n"
        "from reportlab.platypus import paragraph as p\n"
        "try:\n"
        f"    main(['build', 'paper-labyrinth', '--part', 'rules', '--lang', 'ru', '--jobs', '1',"
        f" '--out', {str(tmp_path)!r}], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(type(p.uri_pat).__name__, p.uri_pat._compiled is None)\n"
        "print(p._uri_split_pairs('Лабиринт'), p._uri_split_pairs(b'plain/word'))\n"
        "print(p._uri_split_pairs('https://example.org/a/b')[0])\n"
        "print(type(p.uri_pat._compiled).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[-4:] == ["_PatternOnFirstUse True", "None None",
                        "('https://example.org/a/', 'b')", "Pattern"]
    assert (tmp_path / "paper-labyrinth" / "paper-labyrinth-rules-ru-a4.pdf").is_file()


def test_the_package_imports_only_its_own_dependencies() -> None:
    """`pip install .` leaves out the test extra: an import of pypdf (say) in generator/
    crashes a user's build that the suite, with every extra installed, never sees."""
    import ast

    root = Path(__file__).resolve().parents[1]
    test_only = {"pytest", "xdist", "filelock", "hypothesis", "pypdf", "hatchling", "zxingcpp",
                 "httpx", "playwright"}
    found = []
    for path in sorted((root / "generator").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0
                     and node.module else [])
            for name in names:
                if name.split(".")[0] in test_only:
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {name}")
    assert found == []

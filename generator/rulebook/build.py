"""Build a rulebook PDF from `content/GAME/rules/LANG.md`, and check translations against Russian.

The lead's code calls `build_rulebook()` (one PDF) and `check_rulebooks()` (for `check`).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content.translation import MARKER as MARK
from ..content.translation import ORIGINAL, SOURCE_KEY
from ..errors import ContentError, Problem
from . import parse as P
from .diagrams import DIAGRAMS, enrich_kwargs
from .source import DIAGRAM_PREFIX, RulesSource, read_rules, render_markdown
from .structure import compare_languages, headings, paragraph_texts_with_lines
from .typeset import typeset_rulebook
from .typestyle import missing_glyphs

REFERENCE_LANG = ORIGINAL  # a rulebook that names no source is compared with this one


@dataclass
class LoadedRules:
    """A rulebook read, rendered and parsed, with every problem found on the way."""

    source: RulesSource
    blocks: list[P.Block] = field(default_factory=list)
    rendered: str = ""
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


_LOADED: dict[tuple[str, str, str | None, str], LoadedRules] = {}


def load_rules(rules_path: Path, context: Mapping[str, Any], lang: str,
               display: str | None = None) -> LoadedRules:
    """Read, render and parse a rulebook once per process for the same file and context.

    `check` (at load time) and the build both need the parsed rulebook; the second call
    reuses the first one's work.
    """
    fingerprint = json.dumps(context, sort_keys=True, default=repr, ensure_ascii=False)
    try:  # the file's bytes too: a long-lived process sees the file edited between builds
        fingerprint += hashlib.sha256(Path(rules_path).read_bytes()).hexdigest()
    except OSError:
        pass  # read_rules reports it
    key = (str(rules_path), lang, display, fingerprint)
    if key not in _LOADED:
        if len(_LOADED) >= 32:  # a long-lived process (tests, fuzzing) keeps only the newest
            del _LOADED[next(iter(_LOADED))]
        _LOADED[key] = _load_rules(rules_path, context, lang, display)
    return _LOADED[key]


def _load_rules(rules_path: Path, context: Mapping[str, Any], lang: str,
                display: str | None = None) -> LoadedRules:
    """Read front matter, render Jinja and parse the Markdown; collect problems, never raise."""
    src = unmark_rules(read_rules(rules_path, display), lang)
    loaded = LoadedRules(src, problems=list(src.problems))
    if any(p.severity == "error" for p in src.problems) and not src.body:
        return loaded
    try:
        loaded.rendered = render_markdown(src.body, dict(context), lang, set(DIAGRAMS),
                                          file=src.file, first_line=src.body_first_line,
                                          enrich=enrich_kwargs)
    except ContentError as exc:
        loaded.problems.extend(exc.problems)
        return loaded
    issues: list[P.ParseIssue] = []
    loaded.blocks = P.parse_blocks(loaded.rendered, issues)
    mapper = _LineMapper(src, loaded.rendered)
    loaded.problems.extend(_unsettable(src, loaded.rendered, mapper))
    loaded.problems.extend(_long_code(src, loaded.blocks, mapper))
    for issue in issues:
        loaded.problems.append(Problem(src.file, mapper.line(issue.line), 1, issue.message,
                                       "warning"))
    seen: dict[str, int] = {}
    for h in headings(loaded.blocks):
        line = mapper.heading_line(h)
        if not h.explicit_id:
            loaded.problems.append(Problem(src.file, line, 1, f"heading '{h.text}' has no id: "
                                           "end it with {#some-id}, the same in every language",
                                           "warning"))
        elif h.id in seen:
            loaded.problems.append(Problem(src.file, line, 1, f"section id '{h.id}' is used "
                                           f"twice (first at line {seen[h.id]}): make it unique",
                                           "warning"))
        seen.setdefault(h.id, line)
    for ch in sorted(missing_glyphs(loaded.rendered)):
        line, col = _first_position(src, ch)
        loaded.problems.append(Problem(src.file, line, col, f"the bundled fonts cannot print "
                                       f"'{ch}' (U+{ord(ch):04X}): a plain substitute is "
                                       "printed instead", "warning"))
    return loaded


def unmark_rules(src: RulesSource, lang: str) -> RulesSource:
    """The rulebook with its `TODO»` marks removed, each reported as a gap of lang."""
    import dataclasses

    from ..content.translation import is_marked, unmark

    if not is_marked(src.text):
        return src
    gaps = []
    for number, row in enumerate(src.body.split("\n"), src.body_first_line):
        if is_marked(row):
            gaps.append(Problem(src.file, number, row.index(MARK) + 1, "not translated yet: the "
                                "source text is printed until the TODO» mark is replaced",
                                "warning", lang=lang, gap=True))
    meta = {k: unmark(v) if isinstance(v, str) else v for k, v in src.meta.items()}
    for key, value in src.meta.items():
        if isinstance(value, str) and is_marked(value):
            gaps.append(Problem(src.file, 2, 1, f"'{key}' is not translated yet: the source "
                                "text is printed", "warning", lang=lang, gap=True))
    return dataclasses.replace(src, meta=meta, body=unmark(src.body),
                               problems=[*src.problems, *gaps])


def _first_position(src: RulesSource, ch: str) -> tuple[int, int]:
    for i, row in enumerate(src.body.split("\n")):
        if ch in row:
            return i + src.body_first_line, row.index(ch) + 1
    return src.body_first_line, 1


MAX_WORD = 60  # characters: the longest word a column of the rulebook can hold
MAX_TITLE = 200
_LONG_WORD = re.compile(rf"[^\s|]{{{MAX_WORD + 1},}}")


def _unsettable(src: RulesSource, rendered: str, mapper: _LineMapper) -> list[Problem]:
    """Words too long for a line and titles too long for the title page, located."""
    problems = []
    for key in ("title", "subtitle"):
        value = src.meta.get(key)
        if isinstance(value, str) and (len(value) > MAX_TITLE or _LONG_WORD.search(value)):
            problems.append(Problem(src.file, 2, 1, f"the {key} is too long for the title page: "
                                    f"at most {MAX_TITLE} characters, words of at most "
                                    f"{MAX_WORD}"))
    for number, text in enumerate(rendered.split("\n"), 1):
        if text.lstrip().startswith(DIAGRAM_PREFIX):
            continue
        match = _LONG_WORD.search(text)
        if match and "://" not in match.group(0):
            problems.append(Problem(src.file, mapper.line(number), 1, f"a word of "
                                    f"{len(match.group(0))} characters ('{match.group(0)[:20]}…') "
                                    f"does not fit a line: words may have at most {MAX_WORD} "
                                    "characters; break it with spaces"))
    return problems


MAX_CODE_LINES = 50  # a code block is never split across pages


def _long_code(src: RulesSource, blocks: list[P.Block], mapper: _LineMapper) -> list[Problem]:
    """Code blocks longer than a page holds (often a fence left open), located."""
    problems = []
    for block in blocks:
        inner = getattr(block, "blocks", None)
        if isinstance(inner, list):
            problems.extend(_long_code(src, inner, mapper))
        if isinstance(block, P.Code) and block.text.count("\n") + 1 > MAX_CODE_LINES:
            problems.append(Problem(src.file, mapper.line(block.line), 1, f"a code block of "
                                    f"{block.text.count(chr(10)) + 1} lines does not fit a "
                                    f"page (at most {MAX_CODE_LINES}): close its fence with "
                                    "``` or ~~~, or split it"))
    return problems


class _LineMapper:
    """Map lines of the rendered Markdown back to lines of the source file (best effort)."""

    def __init__(self, src: RulesSource, rendered: str) -> None:
        self.src = src
        self.body = src.body.split("\n")
        self.rendered = rendered.split("\n")

    def line(self, rendered_line: int) -> int:
        text = self.rendered[rendered_line - 1].strip() if 0 < rendered_line <= len(
            self.rendered) else ""
        if text:
            for i, row in enumerate(self.body):
                if row.strip() == text:
                    return i + self.src.body_first_line
        return min(max(rendered_line, 1), len(self.body)) + self.src.body_first_line - 1

    def heading_line(self, h: P.Heading) -> int:
        marker = "{#" + h.id + "}"
        for i, row in enumerate(self.body):
            if row.lstrip().startswith("#") and marker in row:
                return i + self.src.body_first_line
        return self.line(h.line)

    def text_line(self, text: str, rendered_line: int) -> int:
        """The source line of a rendered text: found by its first 40 characters, or, when a
        template value comes early (`has {{ n }} rows`), by its first words."""
        words = text.split()
        for probe in (text.strip()[:40], " ".join(words[:4]), " ".join(words[:3])):
            if len(probe) < 8:
                continue
            for i, row in enumerate(self.body):
                if probe in row:
                    return i + self.src.body_first_line
        return self.line(rendered_line)


def rulebook_meta(meta: Mapping[str, Any], context: Mapping[str, Any]) -> dict[str, Any]:
    """Front matter, completed with players and minutes from the game's context."""
    out = dict(meta)
    if "ornament" not in out and isinstance(context.get("cover_ornament"), str):
        out["ornament"] = context["cover_ornament"]  # the title page's vignette: maze or hex
    for key in ("players", "minutes"):
        source = f"cover_{key}" if f"cover_{key}" in context else key  # the cover's own count
        if key not in out and source in context:
            value = context[source]
            if hasattr(value, "model_dump"):
                value = value.model_dump()
            elif not isinstance(value, (Mapping, int, str)) and hasattr(value, "__dict__"):
                value = {k: v for k, v in vars(value).items() if not k.startswith("_")}
            out[key] = value
    return out


def build_rulebook(rules_path: Path, context: dict[str, Any], lang: str, paper: str,
                   out_file: Path, project_url: str, words: Any = None) -> Any:
    """Typeset one rulebook to out_file; raise ContentError listing every error first; return
    where its headings and page ends fell (typeset.LayoutRecord)."""
    loaded = load_rules(Path(rules_path), context, lang)
    errors = [p for p in loaded.problems if p.severity == "error"]
    if errors:
        raise ContentError(errors)
    from reportlab.platypus.doctemplate import LayoutError

    try:
        return typeset_rulebook(rulebook_meta(loaded.source.meta, context), loaded.blocks,
                                lang, paper, out_file, DIAGRAMS, project_url, words)
    except LayoutError as exc:
        raise ContentError([Problem(loaded.source.file, 1, 1, "a block of this rulebook (most "
                                    "often a table row) is taller than a page: split it into "
                                    f"shorter rows or paragraphs ({str(exc)[:80]})")]) from None


def check_rulebooks(paths_by_lang: Mapping[str, Path],
                    context_by_lang: Mapping[str, Mapping[str, Any]],
                    langs: Collection[str] | None = None) -> list[Problem]:
    """Check the rulebooks in langs (None: every one given); compare each translation with its
    source language (warnings). Each problem belongs to its rulebook's language; a rulebook
    given only as the source of one in langs is compared with, its own problems not reported."""
    from ..content.translation import tag

    problems: list[Problem] = []
    loaded: dict[str, LoadedRules] = {}
    for lang, path in paths_by_lang.items():
        item = load_rules(Path(path), context_by_lang.get(lang, {}), lang)
        loaded[lang] = item
        if langs is None or lang in langs:
            problems.extend(tag(item.problems, lang))
    for lang, item in loaded.items():
        if langs is not None and lang not in langs:
            continue
        ref = loaded.get(source_language(item.source, lang))
        if ref is None or ref is item or not ref.ok or not item.ok:
            continue
        ref_name = Path(ref.source.file).name
        ref_map = _LineMapper(ref.source, ref.rendered)
        ref_lines = {h.id: ref_map.heading_line(h) for h in headings(ref.blocks)}
        ref_order = [h.id for h in headings(ref.blocks)]
        problems.extend(tag(_compare(item, ref.blocks, ref_name, ref_lines, ref_order), lang))
    return problems


def rulebook_sources(paths_by_lang: Mapping[str, Path], known: Collection[str]) -> set[str]:
    """The languages (among known) the given rulebooks were translated from: what comparing
    them needs besides themselves. Reads only their front matter."""
    sources = {source_language(read_rules(Path(path)), lang)
               for lang, path in paths_by_lang.items()}
    return {lang for lang in sources if lang in known}


def source_language(src: RulesSource, lang: str) -> str:
    """The language a rulebook was translated from: `translated_from:` in its front matter,
    else the language the bundled books were written in."""
    given = src.meta.get(SOURCE_KEY)
    return str(given).strip() if isinstance(given, str) and given.strip() else (
        REFERENCE_LANG if lang != REFERENCE_LANG else "")


def _compare(item: LoadedRules, ref_blocks: list[P.Block], ref_name: str,
             ref_lines: dict[str, int], ref_order: list[str]) -> list[Problem]:
    file = item.source.file
    mapper = _LineMapper(item.source, item.rendered)
    own = {h.id: mapper.heading_line(h) for h in headings(item.blocks)}
    texts = dict(paragraph_texts_with_lines(item.blocks))
    out: list[Problem] = []
    marked = {p.line for p in item.problems if p.gap}  # reported as not translated already
    for kind, detail in compare_languages(ref_blocks, item.blocks):
        if kind == "missing":
            line = _anchor_line(detail, ref_order, own, item.source.body_first_line)
            out.append(Problem(file, line, 1, f"section '{detail}' is missing (it is in "
                               f"{ref_name} at line {ref_lines.get(detail, 1)}): translate it "
                               "here", "warning"))
        elif kind == "extra":
            out.append(Problem(file, own.get(detail, 1), 1, f"section '{detail}' is not in "
                               f"{ref_name}: add it there too or remove it here", "warning"))
        else:
            line = mapper.text_line(detail, texts.get(detail, 0))
            if line in marked:
                continue
            short = detail if len(detail) <= 50 else detail[:47] + "..."
            out.append(Problem(file, line, 1, f"text is the same as in {ref_name}, probably "
                               f"untranslated: '{short}'", "warning"))
    return out


def _anchor_line(sid: str, ref_order: list[str], own: dict[str, int], default: int) -> int:
    """Line of the nearest section before sid (in Russian order) that this file has."""
    idx = ref_order.index(sid) if sid in ref_order else 0
    for prev in reversed(ref_order[:idx]):
        if prev in own:
            return own[prev]
    return default

"""Content shared by every game: sheet wording per language, game facts, the project's URL."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, TypeVar

from ..errors import Problem
from ..sourceyaml import SourceDoc
from ..units import parse_length
from .docs import load_doc
from .modeling import Strict, validate_model
from .paths import ContentRoots
from .placeholders import uses
from .schema import Before, Field

M = TypeVar("M", bound=Strict)

Length = Annotated[float, Before(parse_length)]
"""A length written with a unit (`25mm`), held in millimetres."""



def _hex_color(value: object) -> str:
    if isinstance(value, str) and re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        return value.lower()
    raise ValueError(f"colour {value!r} is not a colour code: write it as '#rrggbb', "
                     "e.g. '#7a4fa3', in quotes")


HexColor = Annotated[str, Before(_hex_color)]
"""A colour written as `'#rrggbb'`."""



class GuideColumns(Strict):
    """Column heads of the print guide's table."""

    sheet: str
    sheets: str
    pages: str = ""  # a --one-up build's guide counts pages
    file: str
    contents: str
    stock: str
    sides: str
    cut: str


class GuideTexts(Strict):
    """The print guide: what is on which sheet, on what paper, printed how, cut how."""

    title: Annotated[str, uses("game")]
    pack_title: Annotated[str, uses("game")]
    intro: str
    duplex_long: str
    duplex_short: str
    duplex_none: str
    duplex_fold: str = ""
    # how to print double-sided by hand; empty: the guide says nothing of it
    duplex_hand_long: str = ""
    duplex_hand_short: str = ""
    pages_both: Annotated[str, uses("pages")] = ""  # a pack's double-sided PDF pages
    pages_one: Annotated[str, uses("pages")] = ""  # and its one-sided ones
    page_label: Annotated[str, uses("pages")] = ""  # a pack sheet's PDF pages, in its row
    fold_stock: str = ""  # the paper of a fold sheet (folded and glued: not card)
    one_up: str = ""  # what a --one-up build's files are
    one_up_count: Annotated[str, uses("pages")] = ""
    shop_cut: str = ""
    machine_cut: str = ""  # the cutting column of a sheet a cutting machine cuts
    cutter_silhouette: str = ""  # loading sheets and cut files into Silhouette Studio
    cutter_cricut: str = ""  # uploading the images to Cricut Design Space, step by step
    cricut_cut: Annotated[str, uses("sizes")] = ""  # a sheet's image size, to keep
    per_player: Annotated[str, uses("part")] = ""  # a file every player needs a copy of
    sheets: Annotated[str, uses("sheets", "card", "plain")]
    reprint: Annotated[str, uses("command")]
    blank_back: str
    columns: GuideColumns
    card_stock: str
    plain_paper: str
    one_side: str
    two_sides: str
    cut_marks: str
    cut_outline: str
    no_cut: str
    pieces_part: str
    pack_part: str
    guide_part: str
    rulebook: str


class CalibrationTexts(Strict):
    """The duplex calibration sheet (`labyrinth-pnp calibrate`)."""

    title: str
    steps: list[str] = Field(min_length=1, max_length=8)
    x_scale: str
    y_scale: str
    back_side: str


class GameTexts(Strict):
    """What every game's `text/LANG.yaml` holds besides its own words: the captions under
    the rulebook's diagrams, by diagram name (and `name:detail`)."""

    captions: dict[str, str] = Field(default_factory=dict)


class Worded:
    """What a game's loaded content (with `texts` and `sheet_texts` by language) offers: the
    languages that have both its own words and the words on every sheet."""

    texts: Mapping[str, Any]
    sheet_texts: Mapping[str, Any]

    @property
    def languages(self) -> list[str]:
        return sorted(set(self.texts) & set(self.sheet_texts))


class RulebookTexts(Strict):
    """The rulebooks' own words: footer label, cover line, contents, back page, draft mark."""

    label: str
    contents: str
    back: str
    players_range: Annotated[str, uses("min", "max", "players")]
    players_exact: Annotated[str, uses("n", "players")]
    players_from: Annotated[str, uses("n", "players")]
    minutes: Annotated[str, uses("n", "minutes")]
    # the forms of each counted word by plural category (see content/plurals.py)
    counted: dict[str, dict[str, str]]


COUNTED = ("players", "players_from", "minutes")


class SheetTexts(Strict):
    """Words printed on every sheet (ruler, footer) in one language."""

    language: str
    print_at_100: str
    ruler: str
    page: Annotated[str, uses("page", "pages")]
    front: str
    back: str
    fold: str = ""  # beside the fold line of `--duplex fold` pages
    guide: GuideTexts | None = None  # the print guide; English is used when a language lacks it
    calibrate: CalibrationTexts | None = None  # the same for the calibration sheet
    rulebook: RulebookTexts | None = None  # the rulebooks' words; needed to build a rulebook
    draft: str = ""  # added to every footer of a build of an unfinished translation


class Players(Strict):
    min: int = Field(ge=1, le=20)
    max: int = Field(ge=1, le=20)


class GameInfo(Strict):
    """Player count, length and the facts rules and pieces share (names: text/LANG.yaml)."""

    players: Players
    minutes: int = Field(ge=1, le=600)
    accent: HexColor | None = None  # the game's colour: the band at the foot of every sheet
    facts: dict[str, int] = Field(default_factory=dict)


class ProjectInfo(Strict):
    url: str


def load_model(roots: ContentRoots, relative: str, model: type[M],
               problems: list[Problem]) -> tuple[M | None, SourceDoc | None]:
    """Load and validate one content file into a model, collecting problems."""
    doc = load_doc(roots, relative, problems)
    if doc is None:
        return None, None
    obj, found = validate_model(doc, model)
    problems.extend(found)
    return obj, doc


def load_items(roots: ContentRoots, relative: str, key: str, model: type[M],
               problems: list[Problem]) -> tuple[list[tuple[int, M]], SourceDoc | None]:
    """Load a file of the form `key: [items]`, validating each item on its own.

    Valid items come back with their index, so checks across items still run when some items
    are broken, and every problem of the file is reported in one run.
    """
    doc = load_doc(roots, relative, problems)
    if doc is None:
        return [], None
    for extra in doc.data:
        if extra != key:
            problems.append(doc.problem((extra,), f"unknown key '{extra}': this file holds only "
                                        f"'{key}'", key=True))
    items = doc.data.get(key)
    if not isinstance(items, list):
        where = (key,) if key in doc.data else ()
        problems.append(doc.problem(where, f"'{key}' must be a list of items (lines starting "
                                    "with '- ')", key=bool(where)))
        return [], doc
    valid: list[tuple[int, M]] = []
    for i in range(len(items)):
        obj, found = validate_model(doc, model, (key, i))
        problems.extend(found)
        if obj is not None:
            valid.append((i, obj))
    return valid, doc


def load_language_texts(roots: ContentRoots, folder: str, model: type[M],
                        problems: list[Problem], docs: dict[str, SourceDoc] | None = None
                        ) -> dict[str, M]:
    """Load every `FOLDER/LANG.yaml` text file into model, keyed by language code.

    A file's problems belong to its language: they stop builds of that language only. In a
    translation (`translated_from: LANG` at its top), texts still marked `TODO»` and texts
    left out are taken from the source language and reported as gaps (content/translation.py).
    """
    from .translation import SOURCE_KEY, fill_gaps, gap_problems, source_of, strip_marks, tag

    docs = {} if docs is None else docs  # filled for the caller's own checks
    for name in roots.glob(folder, "*.yaml"):
        lang = name.removesuffix(".yaml")
        found: list[Problem] = []
        doc = load_doc(roots, f"{folder}/{name}", found)
        problems.extend(tag(found, lang))
        if doc is not None:
            docs[lang] = doc
    texts: dict[str, M] = {}
    for lang, doc in docs.items():
        source = source_of(doc.data)
        data, marked = strip_marks({k: v for k, v in doc.data.items() if k != SOURCE_KEY})
        missing: list[tuple[Any, ...]] = []
        if source and source != lang and source in docs:
            origin, _ = strip_marks({k: v for k, v in docs[source].data.items()
                                     if k != SOURCE_KEY})
            data, missing = fill_gaps(data, origin)
        elif source and source != lang and roots.find(f"{folder}/{source}.yaml") is None:
            problems.extend(tag([doc.problem((SOURCE_KEY,), f"this file is translated from "
                                             f"'{source}', but there is no {folder}/{source}"
                                             ".yaml: name a language that has one", key=True)],
                                lang))
        problems.extend(gap_problems(doc, marked, missing, lang, source or "source"))
        data = _with_terms(roots, folder, lang, source, doc, data, problems)
        view = SourceDoc(doc.file, data, doc.positions, doc.key_positions)
        obj, found = validate_model(view, model)
        problems.extend(tag(found, lang))
        if obj is not None:
            texts[lang] = obj
    return texts


def _with_terms(roots: ContentRoots, folder: str, lang: str, source: str, doc: SourceDoc,
                data: Any, problems: list[Problem]) -> Any:
    """A game's text file with its `{{ terms.KEY }}` references spelled from the game's
    glossary (terms/LANG.yaml), so sheets and rulebooks say the same word; unknown keys are
    problems."""
    from .terms import load_glossary
    from .translation import TERM_REF, resolve_terms, tag

    game, _, kind = folder.partition("/")
    if kind not in ("text", "play") or not TERM_REF.search(str(data)):
        return data
    spelled = load_glossary(roots, game, lang, []).spelled()
    if source and source != lang:  # a translation without its glossary yet: the source's words
        spelled = {**load_glossary(roots, game, source, []).spelled(), **spelled}
    data, unknown = resolve_terms(data, spelled)
    known = ", ".join(sorted(spelled)) or "none: add terms/" + lang + ".yaml"
    for path, key in unknown:
        problems.extend(tag([doc.problem(path, f"unknown term '{key}' in {{{{ terms.{key} }}}}: "
                                         f"the glossary of '{lang}' has {known}")], lang))
    return data


def check_counted(roots: ContentRoots, lang: str, text: SheetTexts) -> list[Problem]:
    """Problems with the forms of the rulebook's counted words in lang (Babel's plural rule).

    Run by the rulebook's check, so a build of pieces never loads the plural rules.
    """
    from .plurals import check_forms

    if text.rulebook is None:
        return []
    problems: list[Problem] = []
    counted = text.rulebook.counted
    for word in COUNTED:
        wrong = check_forms(counted[word], lang) if word in counted else (
            f"add the forms of '{word}'")
        if wrong:
            doc = load_doc(roots, f"common/text/{lang}.yaml", problems)
            where = ("rulebook", "counted", word) if word in counted else ("rulebook", "counted")
            if doc is not None:
                problems.append(doc.problem(where, wrong))
    return problems

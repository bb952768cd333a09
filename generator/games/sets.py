"""Parts made from a game's other parts: the pieces a user asks for (`--pieces`), every piece
on the fewest sheets (`--pack`), and the print guide that says what to print on what.

Decisions:
- "Every piece" means every piece that is cut out: tokens, cards, counters, tiles, locations.
  Whole-page forms (score sheet, set-up diagram, player aid, the paper game's sheets) are
  handouts, printed from their own files, and stay out of the pack.
- The pack places the pieces that have a back first, so the sheets that need double-sided
  printing come first and the rest are one-sided; within each, larger pieces go first and
  smaller ones fill the holes they leave.
- The pack's first page is the print guide; when the file has back pages, the guide's own
  back stays blank so that every later back still lands behind its front.
- A language without a `guide` section in `common/text/LANG.yaml` gets the English guide
  (any other language that has one if English has none): a build never fails for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..content.placeholders import fill
from ..draw.sheet import Painter
from ..layout.imposition import Page, PieceSpec, SheetOptions, impose, mirror
from .base import Game, Part
from .cricutguide import cricut_backs, cricut_words

GUIDE_KIND = "print-guide"


@dataclass(frozen=True)
class GuideRow:
    """One row of the guide's table."""

    label: str  # the sheet's number, or the file's name
    contents: str | Callable[[], str]  # a callable: counted when the guide is drawn
    stock: str
    sides: str
    cut: str


@dataclass(frozen=True)
class Guide:
    """Everything the guide page prints, already in the sheet's language."""

    title: str
    intro: str
    duplex: str
    count: str | Callable[[], str]  # a callable: counted when the guide is drawn
    reprint: str
    heads: tuple[str, str, str, str, str]
    rows: tuple[GuideRow, ...]
    blank: str  # printed on the guide's back when it must stay blank
    widths: tuple[float, ...] = (0.10, 0.36, 0.21, 0.10, 0.23)  # of the table, per column


def piece_parts(game: Game) -> list[Part]:
    """The game's parts that impose pieces (not rulebooks, not made from other parts)."""
    return [p for p in game.parts.values() if p.render is None and not p.special]


def guide_texts(game: Game, content: Any, lang: str) -> Any:
    """The guide's words in lang, or in English (or any language) when lang has none."""
    order = [lang, "en", *game.languages(content)]
    for code in dict.fromkeys(order):
        try:
            texts = game.sheet_texts(content, code).guide
        except (KeyError, AttributeError):
            continue
        if texts is not None:
            return texts
    return None


def merged_painters(game: Game) -> Callable[[], dict[str, Painter]]:
    """Every piece part's painters, and the guide's."""

    def painters() -> dict[str, Painter]:
        from ..draw.guide import draw_guide

        out: dict[str, Painter] = {}
        for part in piece_parts(game):
            out.update(part.painters())
        out[GUIDE_KIND] = Painter(draw_guide, back=draw_guide, outline=False)
        return out

    return painters


def _part_of_kind(game: Game, content: Any, lang: str) -> dict[str, Part]:
    found: dict[str, Part] = {}
    for part in piece_parts(game):
        for spec in part.pieces(content, lang):
            found.setdefault(spec.kind, part)
    return found


def all_pieces(game: Game, content: Any, lang: str) -> list[PieceSpec]:
    """Every piece of every piece part, in part order."""
    return [spec for part in piece_parts(game) for spec in part.pieces(content, lang)]


def packable(game: Game, content: Any, lang: str) -> list[PieceSpec]:
    """The pieces that are cut out, those with a back first, larger before smaller."""
    pieces = [p for p in all_pieces(game, content, lang) if p.cut and not p.alone]
    order = {id(p): i for i, p in enumerate(pieces)}
    return sorted(pieces, key=lambda p: (p.back is None, -(p.width * p.height), order[id(p)]))


def title_for(game: Game, content: Any, lang: str, key: str) -> str:
    texts = guide_texts(game, content, lang)
    return getattr(texts, key) if texts is not None else key


def pieces_part(game: Game, selectors: list[str]) -> Part:
    """The part `--pieces` builds: the chosen pieces, packed, with their backs."""
    from ..pieces import Catalogue

    def pieces(content: Any, lang: str) -> list[PieceSpec]:
        return Catalogue(game.id, all_pieces(game, content, lang)).select(selectors)

    return Part("pieces", pieces, merged_painters(game),
                lambda content, lang: title_for(game, content, lang, "pieces_part"),
                margin=min(p.margin for p in piece_parts(game)))


def pack_part(game: Game) -> Part:
    """The part `--pack` builds: the guide, then every piece on the fewest sheets."""
    parts = piece_parts(game)
    return Part("all", lambda content, lang: packable(game, content, lang),
                merged_painters(game),
                lambda content, lang: title_for(game, content, lang, "pack_part"),
                margin=min(p.margin for p in parts), special="pack")


def guide_part(game: Game) -> Part:
    """The print guide of a default build: which file to print on what, and how."""
    return Part("print-guide", lambda content, lang: [], merged_painters(game),
                lambda content, lang: title_for(game, content, lang, "guide_part"),
                special="guide")


def has_pieces(game: Game, content: Any, lang: str) -> bool:
    """Whether the game has pieces to cut out (the paper game has sheets only)."""
    return bool(packable(game, content, lang))


# --- the guide's contents ------------------------------------------------------------------


def _sheet_facts(pages: list[Page], index: int) -> tuple[bool, bool, set[str]]:
    """For the front page at index: has a back page, is card (something to cut), cut kinds."""
    front = pages[index]
    backed = index + 1 < len(pages) and pages[index + 1].side == "back"
    cuts = set()
    for placed in front.pieces:
        spec = placed.spec
        if not spec.cut:
            cuts.add("none")
        elif spec.shape == "rect":
            cuts.add("marks")
        else:
            cuts.add("outline")
    return backed, any(p.spec.cut for p in front.pieces), cuts


def _cut_words(texts: Any, cuts: set[str], cutter: str | None = None,
               pages: list[Page] | None = None, lang: str = "en", head: int = 0) -> str:
    if cutter == "cricut" and texts.cricut_cut and pages and cuts - {"none"}:
        return cricut_words(texts, pages, lang, head)
    if cutter and texts.machine_cut and cuts - {"none"}:  # the machine cuts, not the reader
        return str(texts.machine_cut)
    words = [texts.cut_marks if "marks" in cuts else "",
             texts.cut_outline if "outline" in cuts else ""]
    joined = "; ".join(w for w in words if w)
    return joined or texts.no_cut


def _fronts(page: Page) -> list[PieceSpec]:
    """The pieces of a sheet, each once (a fold sheet holds each piece's front and back)."""
    return [p.spec for p in page.pieces if p.face == "front"]


def _stock(texts: Any, page: Page, is_card: bool, backed: bool = False) -> str:
    """The paper of a sheet: a fold sheet is folded and glued, so paper, not card; so is a
    Cricut sheet of pieces with a back (their backs are cut apart and glued on)."""
    glued = page.side == "fold" or (backed and page.cutter == "cricut")
    if glued and texts.fold_stock:
        return str(texts.fold_stock)
    return str(texts.card_stock if is_card else texts.plain_paper)


def _stocks(texts: Any, sheets: list[tuple[int, str]]) -> str:
    """The papers of a file's sheets; when they differ, each with its PDF pages ("card,
    200–300 g/m² (p. 1–3), plain paper (p. 4)")."""
    kinds = list(dict.fromkeys(stock for _, stock in sheets))
    if len(kinds) < 2 or not texts.page_label:
        return ", ".join(kinds)
    named = []
    for kind in kinds:
        numbers = [n for n, stock in sheets if stock == kind]
        runs: list[list[int]] = []
        for n in numbers:
            if runs and n - runs[-1][-1] <= 2:  # the page after, or the one after its back
                runs[-1].append(n)
            else:
                runs.append([n])
        spans = ", ".join(_span(run) for run in runs)
        named.append(f"{kind} ({fill(texts.page_label, pages=spans)})")
    return ", ".join(named)


def _contents(pages_pieces: list[PieceSpec], titles: dict[str, str]) -> str:
    counts: dict[str, int] = {}
    for spec in pages_pieces:
        name = titles.get(spec.kind, spec.kind)
        counts[name] = counts.get(name, 0) + 1
    return "; ".join(f"{name}: {n}" for name, n in counts.items())


def _duplex_line(texts: Any, duplex: str, any_back: bool) -> str:
    if duplex == "fold":
        return str(texts.duplex_fold)
    if duplex == "none":
        return str(texts.duplex_none)
    if not any_back:
        return ""
    machine = texts.duplex_short if duplex == "short" else texts.duplex_long
    hand = texts.duplex_hand_short if duplex == "short" else texts.duplex_hand_long
    return f"{machine}\n{hand}" if hand else str(machine)


def _with_cutter(texts: Any, intro: str, pages: list[Page]) -> str:
    """The intro, and how to load the sheets and cut files into the cutting machine's
    software when the sheets carry its marks."""
    machine = next((p.cutter for p in pages if p.cutter), None)
    words = getattr(texts, f"cutter_{machine}", "") if machine else ""
    if machine == "cricut" and words:  # Design Space prints the images, not these PDFs
        return str(words)
    return f"{intro}\n{words}" if words else str(intro)


def guide_length(pages: list[Page], duplex: str) -> int:
    """The pages the pack's guide takes: one, and a blank back when the file has backs."""
    return 2 if duplex != "none" and any(p.side == "back" for p in pages) else 1


def _span(numbers: list[int]) -> str:
    return f"{numbers[0]}–{numbers[-1]}" if len(numbers) > 1 else str(numbers[0])


def page_runs(pages: list[Page], duplex: str) -> list[tuple[bool, list[int]]]:
    """The pack file's PDF pages in runs to print alike: (double-sided, page numbers), the
    guide (and its blank back) counted with the sheets after it."""
    head = guide_length(pages, duplex)
    items: list[tuple[bool, list[int]]] = [(head == 2, list(range(1, head + 1)))]
    for index, page in enumerate(pages):
        number = head + index + 1
        if page.side == "back":
            items[-1][1].append(number)
            continue
        items.append((index + 1 < len(pages) and pages[index + 1].side == "back", [number]))
    runs: list[tuple[bool, list[int]]] = []
    for both, numbers in items:
        if runs and runs[-1][0] == both:
            runs[-1][1].extend(numbers)
        else:
            runs.append((both, list(numbers)))
    return runs


def _ranges_line(texts: Any, pages: list[Page], duplex: str) -> str:
    """"PDF pages 1–8: double-sided. PDF pages 9–11: one side only." for a mixed pack."""
    runs = page_runs(pages, duplex)
    if not texts.pages_both or not any(both for both, _ in runs):
        return ""
    return " ".join(fill(texts.pages_both if both else texts.pages_one, pages=_span(numbers))
                    for both, numbers in runs)


def pack_guide(game: Game, content: Any, lang: str, pages: list[Page], duplex: str,
               command: str) -> Guide | None:
    """The guide page of a pack: one row per sheet."""
    texts = guide_texts(game, content, lang)
    if texts is None:
        return None
    titles = {kind: part.title(content, lang)
              for kind, part in _part_of_kind(game, content, lang).items()}
    rows, card, plain, any_back = [], 0, 0, False
    fronts = [i for i, p in enumerate(pages) if p.side in ("front", "fold")]
    number = guide_length(pages, duplex)  # the PDF page before each sheet
    for n, index in enumerate(fronts, 1):
        backed, is_card, cuts = _sheet_facts(pages, index)
        any_back |= backed
        card, plain = card + is_card + cricut_backs(pages[index + 1:index + 1 + backed]), \
            plain + (not is_card)
        numbers = list(range(number + 1, number + 2 + backed))
        number = numbers[-1]
        label = (f"{n}\n{fill(texts.page_label, pages=_span(numbers))}" if texts.page_label
                 else str(n))
        rows.append(GuideRow(label, _contents(_fronts(pages[index]), titles),
                             _stock(texts, pages[index], is_card, backed),
                             texts.two_sides if backed else texts.one_side,
                             _cut_words(texts, cuts, pages[index].cutter,
                                        pages[index:index + 1 + backed], lang,
                                        guide_length(pages, duplex))))
    c = texts.columns
    cricut = any(p.cutter == "cricut" for p in pages)  # Design Space prints: no duplex
    ranges = "" if cricut else _ranges_line(texts, pages, duplex)
    line = "" if cricut else _duplex_line(texts, duplex, any_back)
    return Guide(fill(texts.pack_title, game=game.name(content, lang)),
                 _with_cutter(texts, texts.intro, pages),
                 f"{ranges}\n{line}" if ranges and line else ranges or line,
                 fill(texts.sheets, sheets=str(card + plain), card=str(card), plain=str(plain)),
                 fill(texts.reprint, command=command),
                 (c.sheet, c.contents, c.stock, c.sides, c.cut), tuple(rows), texts.blank_back)


def files_guide(game: Game, content: Any, lang: str, files: list[tuple[str, Part, list[Page]]],
                duplex: str, command: str, one_up: bool = False,
                book_pages: Callable[[Part], int | None] | None = None) -> Guide | None:
    """The guide of a default build: one row per file, with its number of sheets (with
    `one_up` and texts for it: of pages, for a print shop). A rulebook's sheets are its pages,
    counted by `book_pages` (which typesets it) only when the guide is drawn."""
    texts = guide_texts(game, content, lang)
    if texts is None:
        return None
    rows, card, plain, any_back = [], 0, 0, False
    notes = [fill(texts.per_player, part=part.title(content, lang)) for _, part, _ in files
             if part.per_player and texts.per_player]
    books: list[Callable[[], int | None]] = []
    for name, part, pages in files:
        if part.render is not None:  # a rulebook: typeset at build time, counted when drawn
            books.append(_counter(book_pages, part))
            rows.append(GuideRow(f"{texts.rulebook}\n{name}", _shown(books[-1], name),
                                 texts.plain_paper, texts.one_side, texts.no_cut))
            continue
        fronts = [i for i, p in enumerate(pages) if p.side in ("front", "fold")]
        facts = [_sheet_facts(pages, i) for i in fronts]
        backed = any(f[0] for f in facts)
        any_back |= backed
        n_card = sum(1 for f in facts if f[1])
        backs = cricut_backs(pages)  # Print Then Cut: a back is a sheet of its own
        card, plain = card + n_card + backs, plain + len(facts) - n_card
        stock = _stocks(texts, [(pages[i].number, _stock(texts, pages[i], f[1], f[0]))
                                for i, f in zip(fronts, facts)])
        cuts = set().union(*(f[2] for f in facts)) if facts else {"none"}
        shop = one_up and texts.one_up and any(p.band == "none" for p in pages)
        rows.append(GuideRow(f"{part.title(content, lang)}\n{name}",
                             str(len(pages) if shop else len(fronts) + backs), stock,
                             texts.two_sides if backed else texts.one_side,
                             texts.shop_cut if shop else _cut_words(
                                 texts, cuts, next((p.cutter for p in pages if p.cutter), None),
                                 pages, lang)))
    c = texts.columns
    if one_up and texts.one_up:  # a print shop's files: pages, not sheets to cut at home
        total = sum(len(pages) for _, _, pages in files)
        return Guide(fill(texts.title, game=game.name(content, lang)), texts.one_up, "",
                     fill(texts.one_up_count, pages=str(total)), "",
                     (c.file, c.pages or c.sheets, c.stock, c.sides, c.cut), tuple(rows),
                     texts.blank_back, (0.40, 0.08, 0.21, 0.10, 0.21))
    return Guide(fill(texts.title, game=game.name(content, lang)),
                 _with_cutter(texts, texts.intro, [p for _, _, pages in files for p in pages]),
                 "" if any(p.cutter == "cricut" for _, _, pages in files for p in pages)
                 else _duplex_line(texts, duplex, any_back),
                 _total(texts, card, plain, books),
                 "\n".join([fill(texts.reprint, command=command)] * bool(command) + notes),
                 (c.file, c.sheets, c.stock, c.sides, c.cut), tuple(rows), texts.blank_back,
                 (0.40, 0.08, 0.21, 0.10, 0.21))


@dataclass(frozen=True)
class Lazy:
    """A guide's text worked out only when the guide is drawn (a rulebook's pages, so that
    `layout` needs no typesetting). Its key (pipeline/manifest.py canonical) is its label
    alone: what the text is made from keys the guide's file (pipeline/skip.py)."""

    label: tuple[str, ...]
    make: Callable[[], str] = field(compare=False, metadata={"unkeyed": True})

    def __call__(self) -> str:
        return self.make()


def _counter(book_pages: Callable[[Part], int | None] | None, part: Part
             ) -> Callable[[], int | None]:
    """A rulebook's pages, counted once, when first asked for (None: not known)."""
    known: list[int | None] = []

    def count() -> int | None:
        if not known:
            known.append(book_pages(part) if book_pages is not None else None)
        return known[0]

    return count


def _shown(count: Callable[[], int | None], name: str) -> Lazy:
    return Lazy(("pages", name), lambda: str(count() or "—"))


def _total(texts: Any, card: int, plain: int, books: list[Callable[[], int | None]]
           ) -> str | Lazy:
    """The sheets-in-all line; with rulebooks, counted when the guide is drawn."""
    def line() -> str:
        more = sum(count() or 0 for count in books)
        return fill(texts.sheets, sheets=str(card + plain + more), card=str(card),
                    plain=str(plain + more))

    return Lazy(("sheets",), line) if books else line()


def guide_piece(guide: Guide, options: SheetOptions) -> PieceSpec:
    """The guide as a whole-page piece that fills the room inside the margins and band."""
    from ..layout.packer import BAND

    paper, m = options.paper, options.margin
    return PieceSpec(GUIDE_KIND, GUIDE_KIND, "rect", paper.width - 2 * m,
                     paper.height - 2 * m - BAND, guide, cut=False, alone=True)


def with_guide(guide: Guide | None, pages: list[Page], options: SheetOptions) -> list[Page]:
    """The guide page first (and a blank back after it when the file has backs), then pages."""
    if guide is None or options.one_up:  # a print shop's file: pieces only
        return pages
    head = impose([guide_piece(guide, options)], options)
    if guide_length(pages, options.duplex) == 2:
        note = replace(guide_piece(guide, options), id="blank-back", back=guide.blank)
        front = impose([note], replace(options, duplex="none"))[0]
        head.append(mirror(front, 2, options.duplex, options.back_offset))  # type: ignore[arg-type]
    out = head + pages
    return [replace(p, number=i) for i, p in enumerate(out, 1)]

"""«Волшебный лабиринт»: the parts tokens, formulas, counters and score-sheet."""

from __future__ import annotations

from typing import Any

from ..content.magic import MagicContent, load_magic
from ..content.placeholders import fill
from ..draw import magic as art
from ..draw.sheet import Painter
from ..layout import maze
from ..layout.imposition import PieceSpec
from .base import Game, Part, part_title
from .standard import with_standard_parts

SCORE_SHEET_W, SCORE_SHEET_H = 180.0, 240.0


def _face(content: MagicContent, number: int, lang: str) -> art.TokenFace:
    token = content.token(number)
    return art.TokenFace(token.number, token.value, content.token_name(number, lang))


def token_pieces(content: MagicContent, lang: str) -> list[PieceSpec]:
    """The 21 ingredient tokens with their common back."""
    size = content.game.sizes.token
    back = art.BackFace(content.texts[lang].back_title, content.game.sizes.overprint)
    return [PieceSpec("token", f"token-{t.number}", "circle", size, size,
                      _face(content, t.number, lang), back) for t in content.tokens]


def formula_pieces(content: MagicContent, lang: str) -> list[PieceSpec]:
    """The formula cards with their common back."""
    texts = content.texts[lang]
    sizes = content.game.sizes
    bonus = content.game.facts.get("formula_bonus", 20)
    back = art.BackFace(texts.back_title, content.game.sizes.overprint)
    return [
        PieceSpec("card", f"formula-{f.card}", "rect", sizes.card_width, sizes.card_height,
                  art.CardFace(f.card, texts.formula_title,
                               tuple(_face(content, n, lang) for n in f.ingredients),
                               fill(texts.formula_hint, bonus=bonus),
                               fill(texts.card, card=f.card)), back,
                  corner=sizes.card_corner)
        for f in content.formulas
    ]


def counter_pieces(content: MagicContent, lang: str) -> list[PieceSpec]:
    """Wands, the four pawns and the insertion markers, as round counters."""
    texts = content.texts[lang]
    size = content.game.sizes.counter
    counters = content.counters
    pieces = [PieceSpec("counter", f"wand-{i + 1}", "circle", size, size,
                        art.CounterFace(texts.wand, counters.wands.color, "wand"))
              for i in range(counters.wands.count)]
    pieces += [PieceSpec("counter", f"pawn-{p.id}", "circle", size, size,
                         art.CounterFace(content.pawn_name(p.id, lang), p.color, "pawn", i))
                for i, p in enumerate(counters.pawns)]
    pieces += [PieceSpec("counter", f"marker-{i + 1}", "circle", size, size,
                         art.CounterFace(texts.marker, counters.markers.color, "marker"))
               for i in range(counters.markers.count)]
    return pieces


def score_pieces(content: MagicContent, lang: str) -> list[PieceSpec]:
    """One score sheet page holding two score tables."""
    from ..draw.scoresheet import ScoreForm

    s = content.texts[lang].score
    facts = content.game.facts
    form = ScoreForm(
        title=s.title, game=content.name(lang), player=s.player,
        rows=(s.tokens, fill(s.formula, bonus=facts.get("formula_bonus", 20)),
              fill(s.wands, bonus=facts.get("wand_bonus", 3))),
        total=s.total, values=fill(s.values, last=content.tokens[-1].value),
        players=content.game.players.max,
        factors=(None, facts.get("formula_bonus", 20), facts.get("wand_bonus", 3)),
    )
    return [PieceSpec("score-sheet", "score-sheet", "rect", SCORE_SHEET_W, SCORE_SHEET_H, form,
                      cut=False, alone=True)]


def tile_pieces(content: MagicContent, lang: str) -> list[PieceSpec]:
    """All 50 maze tiles (16 fixed, then the loose ones), then the set-up diagram page."""
    from ..draw import tiles

    game = content.game
    colors = {p.id: p.color for p in content.counters.pawns}
    marks = {p.id: i for i, p in enumerate(content.counters.pawns)}  # shapes besides colours
    fixed = maze.fixed_tiles(game.fixed_rows, game.board.starts)
    loose = maze.loose_tiles(game.tiles.model_dump())
    size, corridor = game.sizes.tile, game.sizes.corridor
    pieces = [PieceSpec("tile-fixed", t.id, "rect", size, size,
                        tiles.TileFace(t, corridor, colors.get(t.start or ""),
                                       marks.get(t.start or ""))) for t in fixed]
    pieces += [PieceSpec("tile", t.id, "rect", size, size, tiles.TileFace(t, corridor))
               for t in loose]
    s = content.texts[lang].setup
    face = tiles.SetupFace(tuple(fixed), corridor / size,
                           tuple((sq, colors[p], marks[p]) for sq, p in game.board.starts.items()),
                           s.title, (s.fixed, s.loose, s.token, s.insert))
    pieces.append(PieceSpec("setup-diagram", "setup-diagram", "rect", SCORE_SHEET_W,
                            SCORE_SHEET_H, face, cut=False, alone=True))
    return pieces


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


def magic_rules_context(content: MagicContent, lang: str) -> dict[str, Any]:
    """What the rulebook's Jinja sees, from the same content the pieces are built from."""
    game = content.game

    tokens = [{"number": t.number, "value": t.value, "name": content.token_name(t.number, lang)}
              for t in content.tokens]
    loose = game.tiles.straight + game.tiles.corner + game.tiles.t
    fixed = sum(len(row) for row in game.fixed_rows)
    texts = content.texts[lang]
    bonus = game.facts.get("formula_bonus", 20)
    colors = {p.id: p.color for p in content.counters.pawns}
    # The words and data the rulebook's diagrams need to draw the real pieces (plain values).
    # Fixed tiles as their open sides ("ES"), not box-drawing glyphs the text fonts lack.
    board = {"fixed_rows": [["".join(sorted(maze.GLYPHS[g])) for g in row]
                            for row in game.fixed_rows],
             "start_colors": {sq: colors[p] for sq, p in game.board.starts.items()
                              if p in colors},
             "start_marks": {sq: [q.id for q in content.counters.pawns].index(p)
                             for sq, p in game.board.starts.items() if p in colors},
             "corridor_ratio": game.sizes.corridor / game.sizes.tile,
             "setup": texts.setup.model_dump()}
    return {
        "lang": lang,
        "captions": dict(texts.captions),
        "names": {code: text.names.game for code, text in content.texts.items()},
        "name": content.name(lang),
        "players": game.players.model_dump(),
        "minutes": game.minutes,
        "facts": dict(game.facts),
        "tokens": tokens,
        "token_count": len(tokens),
        "last_token": tokens[-1]["number"],
        "formulas": [{"card": f.card, "ingredients": list(f.ingredients),
                      "title": texts.formula_title,
                      "hint": fill(texts.formula_hint, bonus=bonus),
                      "label": fill(texts.card, card=f.card)}
                     for f in content.formulas],
        "formula_count": len(content.formulas),
        "tiles": {**game.tiles.model_dump(), "fixed": fixed, "loose": loose,
                  "total": fixed + loose},
        "sizes": {"token_mm": _number(game.sizes.token), "tile_mm": _number(game.sizes.tile),
                  "card_width_mm": _number(game.sizes.card_width),
                  "card_height_mm": _number(game.sizes.card_height)},
        "board": board,
        # one printed counter of each kind, for the quick reference's picture row
        "counter_faces": [{"label": texts.wand, "color": content.counters.wands.color,
                           "picture": "wand"}]
        + [{"label": content.pawn_name(p.id, lang), "color": p.color, "picture": "pawn",
            "mark": i} for i, p in enumerate(content.counters.pawns)]
        + [{"label": texts.marker, "color": content.counters.markers.color,
            "picture": "marker"}],
        "counter_mm": _number(game.sizes.counter),
        # the printed sheets' titles, for the rulebook's list of handouts
        "sheets": {key.replace("-", "_"): title for key, title in texts.parts.items()},
    }


def _painters_tokens() -> dict[str, Painter]:
    return {"token": Painter(art.draw_token_front, art.draw_token_back)}


def _painters_cards() -> dict[str, Painter]:
    return {"card": Painter(art.draw_card_front, art.draw_card_back, outline=False)}


def _painters_counters() -> dict[str, Painter]:
    return {"counter": Painter(art.draw_counter)}


def _painters_tiles() -> dict[str, Painter]:
    from ..draw import tiles

    tile = Painter(tiles.draw_tile, outline=False, cut_line=True)
    return {"tile": tile, "tile-fixed": tile,
            "setup-diagram": Painter(tiles.draw_setup, outline=False)}


def _painters_score() -> dict[str, Painter]:
    from ..draw.scoresheet import draw_score_sheet

    return {"score-sheet": Painter(draw_score_sheet, outline=False)}


MAGIC_LABYRINTH = with_standard_parts(Game(
    id="magic-labyrinth",
    load=load_magic,
    parts={
        "tokens": Part("tokens", token_pieces, _painters_tokens, part_title("tokens")),
        # 7 mm margins: three rows of 88 mm cards fit on Letter too (with the band at the side)
        "formulas": Part("formulas", formula_pieces, _painters_cards, part_title("formulas"),
                         margin=7.0, weight=2.0),
        "counters": Part("counters", counter_pieces, _painters_counters, part_title("counters")),
        "score-sheet": Part("score-sheet", score_pieces, _painters_score,
                            part_title("score-sheet")),
        "tiles": Part("tiles", tile_pieces, _painters_tiles, part_title("tiles")),
    },
    name=lambda content, lang: content.name(lang),
    accent=lambda content: content.game.accent,
    languages=lambda content: content.languages,
    sheet_texts=lambda content, lang: content.sheet_texts[lang],
    rules_context=magic_rules_context,
))

"""Message templates of the plan checker in Russian and English, keyed by `rule.variant`.

Every message names the cells involved and says what to change. Parameters are filled with
`str.format`; a parameter given as a `Term` is translated first (kinds, sides, directions).
"""

from __future__ import annotations

import unicodedata

LANGS = ("ru", "en")


class Term(str):
    """A word that the message table translates (a kind, a side or a direction)."""


class SideList(tuple):
    """Pairs of (cell name, side) rendered as 'A1 (top), E3 (right)' in the message language."""


class Nested:
    """A message inside a message, rendered in the same language."""

    def __init__(self, key: str, params: dict[str, object]) -> None:
        self.key, self.params = key, params


TERMS: dict[str, dict[str, str]] = {
    "ru": {
        "land": "суша", "arsenal": "арсенал", "medpost": "медпункт", "mouth": "устье",
        "river": "клетка реки", "hole": "яма",
        "treasure-real": "суша с настоящим кладом", "treasure-false": "суша с ложным кладом",
        "top": "сверху", "bottom": "снизу", "left": "слева", "right": "справа",
        "up": "вверх", "down": "вниз", "to-left": "влево", "to-right": "вправо",
        "list-of-rows": "списком рядов, каждый ряд — список кодов клеток",
        "code-string": "строкой с кодом клетки",
        "list-of-strings": "списком строк", "list": "списком",
        "cell-pair": "парой соседних клеток, например [B2, C2]",
        "swamp-entry": "записью вида {from: C2, to: B2}",
        "exit-entry": "записью вида {cell: E3, side: right} (или null, или списком таких)",
    },
    "en": {
        "land": "land", "arsenal": "the arsenal", "medpost": "the medpost", "mouth": "a mouth",
        "river": "a river cell", "hole": "a hole",
        "treasure-real": "land with the real treasure",
        "treasure-false": "land with the false treasure",
        "top": "top", "bottom": "bottom", "left": "left", "right": "right",
        "up": "up", "down": "down", "to-left": "left", "to-right": "right",
        "list-of-rows": "a list of rows, each a list of cell codes",
        "code-string": "a string holding a cell code",
        "list-of-strings": "a list of strings", "list": "a list",
        "cell-pair": "a pair of neighbouring cells such as [B2, C2]",
        "swamp-entry": "an entry like {from: C2, to: B2}",
        "exit-entry": "an entry like {cell: E3, side: right} (or null, or a list of them)",
    },
}

RU_CODES = ("С (суша), Ар (арсенал), М (медпункт), У (устье), Р> Р< Р^ Рv (река), Я1 (яма), "
            "Кн/Кл (клад)")
EN_CODES = (". (land), A (arsenal), H (medpost), O (mouth), R> R< R^ Rv (river), X1 (hole), "
            "T+/T- (treasure)")

MESSAGES: dict[str, tuple[str, str]] = {
    # key: (Russian, English)
    "syntax.not-utf8": (
        "файл не в кодировке UTF-8 (ошибочный байт {offset}): сохраните его как UTF-8",
        "the file is not UTF-8 text (bad byte at offset {offset}): save it as UTF-8"),
    "syntax.no-grid": (
        "в файле нет сетки плана, только комментарии и пустые строки: нарисуйте план",
        "no plan grid found, only comments and blank lines: draw the plan"),
    "syntax.control": (
        "недопустимый символ {char}: уберите его (для выравнивания используйте пробелы)",
        "character {char} is not allowed here: remove it (align the grid with spaces)"),
    "syntax.start": (
        "сетка должна начинаться с линии границ, которая начинается с «+»: добавьте её",
        "the grid must begin with a border line starting with '+': add one"),
    "syntax.width": (
        "не удаётся определить ширину клеток: в первой линии границ нужны «+» в обоих "
        "углах первой клетки",
        "cannot tell the cell width: the first border line needs '+' at both corners of the "
        "first cell"),
    "syntax.narrow": (
        "ширина клеток — {width} символ, а нужно не меньше 2: расширьте все клетки",
        "cells are {width} character wide, at least 2 are needed: widen every cell"),
    "syntax.length": (
        "в строке {length} симв., а должно быть {expected} (клеток в ряду: {cols}, ширина "
        "клетки: {width}, и границы): выровняйте её по первой строке сетки",
        "the line is {length} characters long, {expected} expected ({cols} cells of {width} "
        "characters plus borders): align it with the first grid line"),
    "syntax.trailing": (
        "после правой рамки лишние пробелы ({spaces}): удалите их",
        "trailing spaces after the right frame ({spaces}): delete them"),
    "syntax.even": (
        "сетка должна заканчиваться линией границ (строк сетки: {count}; для R рядов нужно 2R+1)",
        "the grid must end with a border line ({count} grid lines; R rows need 2R+1)"),
    "syntax.plus": (
        "здесь должен быть «+», а стоит {found}: углы клеток должны стоять друг под другом",
        "'+' expected here, found {found}: the corners of the cells must line up"),
    "syntax.hborder": (
        "непонятная граница {found} между {a} и {b}: пишите «--» (стенка), пробелы "
        "(открыто), «vv» или «^^» (болото)",
        "unknown border {found} between {a} and {b}: write '--' (wall), spaces (open), 'vv' "
        "or '^^' (swamp)"),
    "syntax.vborder": (
        "непонятный символ границы {found} между {a} и {b}: пишите «|» (стенка), пробел "
        "(открыто), «>» или «<» (болото)",
        "unknown border character {found} between {a} and {b}: write '|' (wall), a space "
        "(open), '>' or '<' (swamp)"),
    "syntax.frame": (
        "непонятный символ {found} на внешней рамке у {cell} ({side}): на рамке бывают только "
        "капитальная стенка и проём выхода",
        "unknown character {found} on the outer frame at {cell} ({side}): the frame holds only "
        "capital walls and the exit gap"),
    "syntax.frame-swamp": (
        "болото на внешней рамке у {cell} ({side}): болото бывает только между устьем и "
        "соседней клеткой; замените его стенкой или проёмом выхода",
        "a swamp on the outer frame at {cell} ({side}): swamps belong between a mouth and a "
        "neighbouring cell; draw a wall or the exit gap instead"),
    "syntax.inside": (
        "пустая строка или комментарий внутри сетки: уберите её",
        "a blank line or comment inside the grid: remove it"),
    "syntax.yaml": (
        "не удаётся прочитать YAML/JSON: {detail}",
        "cannot read the YAML/JSON: {detail}"),
    "syntax.s-root": (
        "файл должен содержать словарь с ключами cells, walls, swamps, exit (см. "
        "docs/plan-structured.md)",
        "the file must hold a mapping with the keys cells, walls, swamps, exit (see "
        "docs/plan-structured.md)"),
    "syntax.s-alias": (
        "ссылки YAML (*имя) в плане не поддерживаются: выпишите значение полностью",
        "YAML aliases (*name) are not supported in plan files: write the value out in full"),
    "syntax.s-missing": ("нет ключа «{key}»: добавьте его", "the key '{key}' is missing: add it"),
    "syntax.s-type": ("«{key}» должно быть {expected}", "'{key}' must be {expected}"),
    "syntax.s-unknown-key": (
        "неизвестный ключ «{key}» пропущен: проверьте написание",
        "unknown key '{key}' ignored: check its spelling"),
    "syntax.s-ragged": (
        "в ряду {row} {count} клеток, а в первом ряду {expected}: все ряды должны быть "
        "одинаковой длины",
        "row {row} has {count} cells, the first row has {expected}: make all rows equally long"),
    "syntax.s-size-mismatch": (
        "«{key}» = {given}, а в cells {actual}: исправьте одно из двух",
        "'{key}' is {given} but cells has {actual}: correct one of them"),
    "syntax.s-cell-name": (
        "{name} — не клетка плана {rows}×{cols}: укажите клетку вида B3",
        "{name} is not a cell of the {rows}×{cols} plan: name a cell like B3"),
    "syntax.s-not-adjacent": (
        "{a} и {b} не соседи по стороне: стенка и болото стоят только между соседними клетками",
        "{a} and {b} are not side by side: walls and swamps stand only between neighbours"),
    "syntax.s-side": (
        "сторона {side} не годится: пишите top, bottom, left или right",
        "side {side} is not valid: write top, bottom, left or right"),
    "syntax.s-not-frame": (
        "у {cell} нет стороны {side} на внешней рамке: выход должен быть на краю плана",
        "{cell} has no {side} side on the outer frame: the exit must be on the edge"),
    "syntax.s-duplicate": (
        "граница между {a} и {b} указана дважды: оставьте одну запись",
        "the border between {a} and {b} is listed twice: keep one entry"),
    "syntax.s-comment": (
        "строка комментария должна быть пустой или начинаться с «#»",
        "a comment line must be blank or start with '#'"),
    "syntax.s-width": (
        "cell_width должно быть целым числом от 2 до 8",
        "cell_width must be a whole number from 2 to 8"),
    "cell-code.unknown": (
        "непонятный код {code} в {cell}: используйте " + RU_CODES,
        "unknown code {code} in {cell}: use " + EN_CODES),
    "cell-code.digit": (
        "код {code} в {cell} — цифра ноль; может быть, это буква «O» (устье)?",
        "code {code} in {cell} is the digit zero: did you mean the letter 'O' (a mouth)?"),
    "cell-code.case": (
        "код {code} в {cell}: коды различают заглавные и строчные буквы; напишите «{hint}»",
        "code {code} in {cell}: codes are case-sensitive; write '{hint}'"),
    "cell-code.lookalike": (
        "код {code} в {cell} написан похожими буквами другого алфавита; прочитан как «{hint}» "
        "({meaning}); если это верно, перепишите его как «{hint}»",
        "code {code} in {cell} uses look-alike letters of the other alphabet; read as '{hint}' "
        "({meaning}); if that is right, write it as '{hint}'"),
    "cell-code.hole-letter": (
        "код {code} в {cell}: буква «{hint}» начинает другой код и не может обозначать цикл "
        "ям; возьмите другую букву, например Я или X",
        "code {code} in {cell}: the letter '{hint}' starts another code and cannot name a hole "
        "cycle; use another letter such as X or Я"),
    "cell-code.hole-number": (
        "код {code} в {cell}: слишком длинный номер ямы; нумеруйте ямы 1, 2, 3…",
        "code {code} in {cell}: the hole number is too long; number holes 1, 2, 3…"),
    "cell-code.river-arrow": (
        "код {code} в {cell}: у клетки реки нужна стрелка течения: Р> Р< Р^ или Рv",
        "code {code} in {cell}: a river cell needs a flow arrow: R> R< R^ or Rv"),
    "cell-code.treasure": (
        "код {code} в {cell}: клад пишется «Кн» (настоящий) или «Кл» (ложный)",
        "code {code} in {cell}: write a treasure as 'T+' (real) or 'T-' (false)"),
    "size.file": (
        "файл больше {limit} байт, а план лабиринта намного меньше: проверьте, тот ли это файл",
        "the file is larger than {limit} bytes, far more than any plan: check it is the right "
        "file"),
    "size.grid": (
        "размер плана {rows}×{cols} (ряды × столбцы), а каждое число должно быть от 2 до 12: "
        "измените размер плана",
        "the plan is {rows}×{cols} (rows × columns); each must be between 2 and 12: resize it"),
    "exit.none": (
        "во внешней рамке нет выхода: оставьте проём (пробелы вместо стенки) у одной "
        "клетки на краю",
        "the outer frame has no exit: leave one gap (spaces instead of the wall) at one edge "
        "cell"),
    "exit.short-row": (
        "в строке {length} симв., а должно быть {expected}: она кончается стенкой раньше "
        "последней клетки — похоже, пропущена клетка, и поэтому в рамке у {cell} проём; "
        "допишите клетку",
        "the line is {length} characters long, {expected} expected: it ends in a wall before "
        "the last cell, so a cell seems to be missing, which leaves a gap in the frame at "
        "{cell}; add the cell"),
    "exit.many": (
        "во внешней рамке {count} {count:проём|проёма|проёмов} ({where}): выход должен быть "
        "один, закройте "
        "остальные стенкой",
        "the outer frame has {count} gaps ({where}): there must be one exit, close the others "
        "with a wall"),
    "arsenal.none": (
        "в плане нет арсенала: напишите «Ар» в одной клетке",
        "the plan has no arsenal: write 'A' in one cell"),
    "arsenal.many": (
        "арсеналов {count} ({cells}), а нужен ровно один: оставьте один, остальные замените",
        "there are {count} arsenals ({cells}), exactly one is needed: keep one, change the rest"),
    "medpost.none": (
        "в плане нет медпункта: напишите «М» в одной клетке",
        "the plan has no medpost: write 'H' in one cell"),
    "medpost.many": (
        "медпунктов {count} ({cells}), а нужен ровно один: оставьте один, остальные замените",
        "there are {count} medposts ({cells}), exactly one is needed: keep one, change the rest"),
    "land.few": (
        "клеток суши {count}, а нужно не меньше двух (для двух кладов): сделайте сушей ещё "
        "{missing}",
        "land cells: {count}, at least two are needed (for the two treasures): turn {missing} "
        "more into land"),
    "treasure.real": (
        "настоящих кладов {count} ({cells}), а может быть один: оставьте один «Кн»",
        "{count} real treasures ({cells}), at most one is allowed: keep one 'T+'"),
    "treasure.false": (
        "ложных кладов {count} ({cells}), а может быть один: оставьте один «Кл»",
        "{count} false treasures ({cells}), at most one is allowed: keep one 'T-'"),
    "river-flow.off": (
        "река в {cell} течёт {direction} за край плана: поверните стрелку к соседней клетке "
        "реки или к устью",
        "the river in {cell} flows {direction} off the plan: turn the arrow towards the next "
        "river cell or the mouth"),
    "river-flow.into": (
        "река в {cell} течёт в {target}, а там {kind}: сделайте {target} клеткой реки или "
        "устьем, или поверните стрелку",
        "the river in {cell} flows into {target}, which is {kind}: make {target} a river cell "
        "or a mouth, or turn the arrow"),
    "river-flow.loop": (
        "река {cells} течёт по кругу: сделайте одну из этих клеток устьем",
        "the river {cells} flows in a loop: make one of its cells the mouth"),
    "river-flow.mouth": (
        "в устье {cell} не впадает ни одна река: направьте в него стрелку соседней клетки "
        "реки или сделайте {cell} другой клеткой",
        "no river flows into the mouth {cell}: point a neighbouring river cell at it or make "
        "{cell} something else"),
    "river-merge.merge": (
        "в {target} впадают сразу {cells}: реки не ветвятся и не сливаются; поверните одну "
        "из стрелок",
        "{cells} flow into the same cell {target}: rivers may not branch or merge; turn one "
        "of the arrows"),
    "river-blocked.wall": (
        "стенка между {a} и {b} перегораживает реку: уберите её",
        "a wall between {a} and {b} blocks the river: remove it"),
    "river-wall.different": (
        "поставьте стенку между {a} и {b}: они принадлежат разным рекам",
        "add a wall between {a} and {b}: they belong to different rivers"),
    "river-wall.same": (
        "поставьте стенку между {a} и {b}: это несоседние клетки одной реки",
        "add a wall between {a} and {b}: they are non-consecutive cells of the same river"),
    "swamp.not-mouth": (
        "болото между {a} и {b}, но ни одна из них не устье: болото рисуют только у устья; "
        "уберите его",
        "a swamp between {a} and {b}, but neither is a mouth: swamps belong only next to a "
        "mouth; remove it"),
    "swamp.out": (
        "болото между {mouth} и {other} указывает из устья: поверните стрелку к устью {mouth}",
        "the swamp between {mouth} and {other} points out of the mouth: turn the arrow towards "
        "the mouth {mouth}"),
    "swamp.river": (
        "болото между устьем {mouth} и {other}, а {other} — часть реки: болото граничит только "
        "с клеткой вне рек; уберите его",
        "a swamp between the mouth {mouth} and {other}, which is part of a river: a swamp may "
        "only border a cell outside rivers; remove it"),
    "swamp.wall": (
        "болото между {a} и {b} стоит на стенке: оставьте либо стенку, либо болото",
        "the swamp between {a} and {b} lies on a wall: keep either the wall or the swamp"),
    "swamp-count.many": (
        "у устья {mouth} {count} болота, а можно не больше трёх: уберите болото между "
        "{mouth} и {extra}",
        "the mouth {mouth} has {count} swamps, at most three are allowed: remove the swamp "
        "between {mouth} and {extra}"),
    "hole-cycle.single": (
        "в цикле ям {letter} только одна яма ({cell}): добавьте вторую ({letter}2) или "
        "сделайте {cell} другой клеткой",
        "the hole cycle {letter} has only one hole ({cell}): add {letter}2 or make {cell} "
        "something else"),
    "hole-cycle.numbers": (
        "ямы цикла {letter} пронумерованы {numbers}, а должны быть 1…{count} без пропусков "
        "и повторов: перенумеруйте их",
        "the holes of cycle {letter} are numbered {numbers}, they must be 1…{count} with no "
        "gap or repeat: renumber them"),
    "hole-cycle.spelling": (
        "цикл ям {letter} записан разными буквами ({codes}), они прочитаны как один цикл: "
        "пишите одну и ту же букву",
        "the hole cycle {letter} is spelled with different letters ({codes}), read as one "
        "cycle: use the same letter"),
    "reachability.in": (
        "в {cells} нельзя попасть из остальной части плана (например, из {other}): {fix}",
        "{cells} cannot be reached from the rest of the plan (e.g. from {other}): {fix}"),
    "reachability.out": (
        "из {cells} нельзя выбраться в остальную часть плана (например, в {other}): {fix}",
        "{cells} cannot be left towards the rest of the plan (e.g. to {other}): {fix}"),
    "reachability.fix-walls": (
        "уберите одну из стенок {walls}",
        "remove one of the walls {walls}"),
    "reachability.fix-other": (
        "измените стенки, болота или реки вокруг",
        "change the walls, swamps or rivers around them"),
}


def show(text: str) -> str:
    """Return text quoted for a message, with invisible characters escaped."""
    out = []
    for ch in text[:40]:
        if unicodedata.category(ch)[0] in "CZ" and ch != " ":
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    shown = "".join(out) + ("…" if len(text) > 40 else "")
    return f"«{shown}»"


def _value(value: object, terms: dict[str, str], lang: str) -> object:
    if isinstance(value, Nested):
        return render(value.key, value.params, lang)
    if isinstance(value, Term):
        return terms.get(value, str(value))
    if isinstance(value, SideList):
        return ", ".join(f"{cell} ({terms.get(side, side)})" for cell, side in value)
    return value


class _Count(int):
    """A number whose format spec `one|few|many` picks the Russian plural form of a word."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(int(self), spec)
        one, few, many = spec.split("|")
        n = abs(int(self))
        if n % 10 == 1 and n % 100 != 11:
            return one
        return few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many


def render(key: str, params: dict[str, object], lang: str = "ru") -> str:
    """Return the message for key in lang with params filled in."""
    index = 1 if lang == "en" else 0
    template = MESSAGES[key][index]
    terms = TERMS["en" if lang == "en" else "ru"]
    values = {k: _Count(v) if type(v) is int else _value(v, terms, lang)
              for k, v in params.items()}
    if lang == "en":
        values = {k: (v.replace("«", "'").replace("»", "'") if isinstance(v, str) else v)
                  for k, v in values.items()}
    return template.format(**values)


SUMMARY = {
    "ru": ("проверено планов: {n}; без ошибок: {ok}, с ошибками: {bad} "
           "(ошибок: {errors}, предупреждений: {warnings})"),
    "en": ("{n} {plans} checked: {ok} valid, {bad} with errors "
           "({errors} {errs}, {warnings} {warns})"),
}


def summary(n: int, ok: int, bad: int, errors: int, warnings: int, lang: str) -> str:
    """Return the summary line of a check run."""
    if lang == "en":
        return SUMMARY["en"].format(
            n=n, plans="plan" if n == 1 else "plans", ok=ok, bad=bad, errors=errors,
            errs="error" if errors == 1 else "errors", warnings=warnings,
            warns="warning" if warnings == 1 else "warnings")
    text = SUMMARY["ru"].format(n=n, ok=ok, bad=bad, errors=errors, warnings=warnings)
    return text[:1].upper() + text[1:]


EXPLAIN_HINT = {
    "ru": ("Подробнее о правиле, с примером и исправлением: labyrinth-pnp plan check --lang ru "
           "--explain {rule}",
           "Подробнее о правилах, с примерами и исправлениями: labyrinth-pnp plan check --lang ru "
           "--explain ПРАВИЛО, где ПРАВИЛО — одно из: {rules}"),
    "en": ("More on this rule, with an example and the fix: labyrinth-pnp plan check --lang en "
           "--explain {rule}",
           "More on these rules, with examples and fixes: labyrinth-pnp plan check --lang en "
           "--explain RULE, where RULE is one of: {rules}"),
}


def explain_hint(rules: list[str], lang: str) -> str:
    """Return the last line of a check with problems: how to read about their rules."""
    one, many = EXPLAIN_HINT["en" if lang == "en" else "ru"]
    if len(rules) == 1:
        return one.format(rule=rules[0])
    return many.format(rules=", ".join(rules))

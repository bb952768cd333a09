"""Every sentence the plan form and its reader print, in Russian and English."""

from __future__ import annotations

from ..text.model import cell_name

LABELS = {
    "ru": {"arsenal": "Ар", "medpost": "М", "real": "Кн", "false": "Кл", "mouth": "У",
                      "n1": "1", "n2": "2", "n3": "3", "n4": "4"},
    "en": {"arsenal": "A", "medpost": "H", "real": "T+", "false": "T-", "mouth": "O",
                      "n1": "1", "n2": "2", "n3": "3", "n4": "4"},
}

LEGEND = {
    "ru": [
        "Как заполнить бланк плана «Лабиринта»",
        "Стена: обведите пунктир на стороне клетки сплошной линией. Рамку обведите целиком,",
        "кроме одного отрезка — это выход. Пустая клетка без отметок — суша.",
        "Предмет: закрасьте одну клетку-окошко: Ар — арсенал, М — медпункт, У — устье,",
        "Кн — настоящий клад, Кл — ложный клад. Река: закрасьте стрелку её течения.",
        "Яма: закрасьте букву её цепочки (Я Ю Э Ж) и её номер (1–4) — два окошка.",
        "Болото: окошко ~ у стороны клетки-устья — болото через эту сторону, к устью.",
        "Закрашивайте окошко почти целиком тёмной ручкой; ошибку заклейте или возьмите",
        "новый бланк. Фотографируйте лист целиком: все четыре угловых знака в кадре.",
    ],
    "en": [
        "How to fill in the «Labyrinth» plan form",
        "Wall: trace the dotted line on a side of a cell with a solid line. Trace the whole",
        "frame except one side of one cell: that gap is the exit. A cell with no mark is land.",
        "Object: fill one box: A arsenal, H medpost, O mouth, T+ real treasure,",
        "T- false treasure. River: fill the arrow of its current.",
        "Hole: fill the letter of its cycle (X Y Z W) and its number (1-4): two boxes.",
        "Swamp: the ~ box by a side of a mouth cell: a swamp across that side, into the mouth.",
        "Fill a box almost entirely with a dark pen; cover a mistake or start a new form.",
        "Photograph the whole sheet: all four corner markers in the picture.",
    ],
}


def title(lang: str, rows: int, cols: int) -> str:
    """Return the form's title."""
    if lang == "ru":
        return f"Бланк плана «Лабиринта»: {rows} × {cols}"
    return f"«Labyrinth» plan form: {rows} × {cols}"


def legend_lines(lang: str) -> list[str]:
    """Return the legend's lines."""
    return LEGEND[lang]


SIDE_WORD = {"ru": {"top": "сверху", "bottom": "снизу", "left": "слева", "right": "справа"},
             "en": {"top": "at the top", "bottom": "at the bottom", "left": "on the left",
                    "right": "on the right"}}
MARK_WORD = {
    "ru": {"arsenal": "арсенал", "medpost": "медпункт", "mouth": "устье",
           "real": "настоящий клад", "false": "ложный клад"},
    "en": {"arsenal": "arsenal", "medpost": "medpost", "mouth": "mouth",
           "real": "real treasure", "false": "false treasure"},
}


def doubt_text(what: str, cells: tuple[tuple[int, int], ...], score: float | None,
               detail: str, lang: str) -> str:
    """Return the message for one doubtful mark (without the photo's name)."""
    names = [cell_name(p) for p in cells]
    tail = f" ({score:.2f})" if score is not None else ""
    ru = lang == "ru"
    if what == "wall":
        return (f"стена между {names[0]} и {names[1]} неясна{tail}: обведите её или сотрите"
                if ru else f"wall between {names[0]} and {names[1]} unclear{tail}")
    if what == "frame":
        side = SIDE_WORD[lang][detail]
        return (f"клетка {names[0]}: рамка {side} неясна{tail}" if ru
                else f"cell {names[0]}: frame {side} unclear{tail}")
    if what == "swamp":
        side = SIDE_WORD[lang][detail]
        return (f"клетка {names[0]}: болото {side} неясно{tail}" if ru
                else f"cell {names[0]}: swamp {side} unclear{tail}")
    if what == "swamp-both":
        return (f"болото между {names[0]} и {names[1]} отмечено с обеих сторон" if ru else
                f"swamp between {names[0]} and {names[1]} marked on both sides")
    if what == "swamp-wall":
        return (f"болото между {names[0]} и {names[1]} отмечено на стене" if ru else
                f"swamp between {names[0]} and {names[1]} marked on a traced wall")
    if what == "direction":
        return (f"клетка {names[0]}: направление реки неясно{tail}" if ru
                else f"cell {names[0]}: river direction unclear{tail}")
    if what == "cycle":
        return (f"клетка {names[0]}: буква ямы неясна{tail}" if ru
                else f"cell {names[0]}: hole letter unclear{tail}")
    if what == "number":
        return (f"клетка {names[0]}: номер ямы неясен{tail}" if ru
                else f"cell {names[0]}: hole number unclear{tail}")
    if what == "object":
        word = MARK_WORD[lang][detail]
        return (f"клетка {names[0]}: отметка «{word}» неясна{tail}" if ru
                else f"cell {names[0]}: mark '{word}' unclear{tail}")
    return (f"клетка {names[0]}: закрашено несовместимое ({detail}): оставьте одну отметку"
            if ru else f"cell {names[0]}: marks that cannot go together ({detail}): keep one")


ERRORS = {
    "image": ("это не изображение (JPEG, PNG, WebP…): сфотографируйте бланк",
              "not an image (JPEG, PNG, WebP…): give a photo of the form"),
    "big": ("фото больше {limit} мегапикселей: уменьшите его",
            "the photo has more than {limit} megapixels: scale it down"),
    "coarse": ("снимок слишком мелкий: окошко бланка занимает {pixels} точки, нужно хотя бы "
               "{need} — снимите ближе или с большим разрешением",
               "the photo is too coarse: a box of the form is {pixels} pixels wide and at least "
               "{need} are needed; take it closer or at a higher resolution"),
    "no-markers": ("не найдено ни одного углового знака бланка: сфотографируйте бланк целиком, "
                   "при хорошем свете",
                   "no corner marker of the form found: photograph the whole form in good "
                   "light"),
    "corner": ("не виден угловой знак {corner}: угол обрезан или закрыт — сфотографируйте "
               "лист целиком",
               "the {corner} corner marker is not visible: the corner is cut off or covered; "
               "photograph the whole sheet"),
    "corners": ("не видны угловые знаки {corner}: углы обрезаны или закрыты — сфотографируйте "
                "лист целиком",
                "the {corner} corner markers are not visible: the corners are cut off or "
                "covered; photograph the whole sheet"),
    "qr": ("QR-код бланка не читается: снимите ближе и резче, без бликов",
           "the form's QR code cannot be read: take the photo closer and sharper, without "
           "glare"),
    "size": ("сетка на фото не совпадает с размером {rows} × {cols} из QR-кода: QR-код "
             "наклеен с другого бланка или бланк испорчен — напечатайте новый",
             "the grid in the photo does not match the {rows} × {cols} size its QR code "
             "gives: the QR code comes from another form, or the form is damaged; print a "
             "new one"),
    "blank": ("бланк пуст: не обведено ни одной стены и не закрашено ни одного окошка",
              "the form is blank: no wall traced and no box filled"),
}
CORNERS = {"ru": ("левый верхний", "правый верхний", "правый нижний", "левый нижний"),
           "en": ("top-left", "top-right", "bottom-right", "bottom-left")}


def error_text(key: str, lang: str, **params: object) -> str:
    """Return the one-line message for a photo that cannot be read."""
    return ERRORS[key][0 if lang == "ru" else 1].format(**params)


def summary_text(doubts: int, lang: str) -> str:
    """Return the line that ends a reading with doubtful marks."""
    if lang == "ru":
        return (f"неясных отметок: {doubts}. Поправьте их на бланке и сфотографируйте снова; "
                "план выше — лишь вероятное прочтение")
    return (f"{doubts} unclear mark(s): fix them on the form and photograph it again; the plan "
            "above is only the likeliest reading")

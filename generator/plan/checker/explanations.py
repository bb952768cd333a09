"""The words of `plan check --explain`: every rule id, in Russian and English.

The example plans that go with them are in `examples.py`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """What a rule is called, what it asks, and how to mend a plan that breaks it."""

    title: str
    rule: str
    fix: str


HEADINGS: dict[str, dict[str, str]] = {
    "en": {"rule": "The rule:", "example": "A plan that breaks it:",
           "says": "The checker says:", "fix": "The fix:",
           "more": "The whole plan format, with an example for every rule: docs/plan-format.md"},
    "ru": {"rule": "Правило:", "example": "План, который его нарушает:",
           "says": "Что пишет проверка:", "fix": "Как исправить:",
           "more": "Весь формат плана, с примером для каждого правила: docs/plan-format.ru.md"},
}

EN: dict[str, Words] = {
    "syntax": Words(
        "the grid cannot be read",
        "A plan is typed as a grid of text lines. Border lines start with '+' and hold a '+' at "
        "every corner of a cell; cell lines hold a border character and a cell code for every "
        "cell. All cells are equally wide, so every line of the grid has the same length and "
        "the '+' signs of all border lines stand exactly under each other. Only the line of "
        "the exit may be shorter, when the spaces of a right-hand exit were cut off.",
        "Go to the line and column in the message and line the grid up again: count the "
        "characters of that line against the first line of the grid. Here one border line has "
        "a space too many in its last cell."),
    "cell-code": Words(
        "a cell holds a code that means nothing",
        "Every cell holds one code: '.', 'L' or nothing for land, A for the arsenal, H for the "
        "medpost, O for a mouth, R with an arrow (R> R< R^ Rv) for a river cell, a letter and a "
        "number for a hole (X1, Y2), T+ and T- for the real and the false treasure. Russian "
        "codes work too and may be mixed with these. Codes are case-sensitive, except the "
        "letter of a hole.",
        "Write one of the codes instead. Walls are not written inside cells: they are the "
        "'|' and '--' between them."),
    "size": Words(
        "the plan is too small or too big",
        "A plan has at least 2 and at most 12 rows, and at least 2 and at most 12 columns.",
        "Add rows or columns, or remove some. Here the plan had a single row."),
    "exit": Words(
        "the frame needs exactly one exit",
        "The outer frame is a capital wall all round, with one gap: the exit. The gap is one "
        "side of one cell on the edge, written as spaces where the frame would be. A frame "
        "without a gap, or with two, is an error.",
        "Replace one piece of the frame with spaces: '  ' in a top or bottom border line, ' ' "
        "at the start or the end of a cell line. Close every other gap with '--' or '|'."),
    "arsenal": Words(
        "exactly one arsenal",
        "The plan has exactly one arsenal (A), where players get their bullets and bombs back.",
        "Write A in one cell, or keep one arsenal and turn the others into something else."),
    "medpost": Words(
        "exactly one medpost",
        "The plan has exactly one medpost (H), where a wounded player is healed.",
        "Keep one medpost and turn the others into something else (here land), or add H to a "
        "plan that has none."),
    "land": Words(
        "at least two land cells",
        "At least two cells are land, so that both treasures have somewhere to lie.",
        "Turn cells into land: '.', 'L' or an empty cell. A land cell with a treasure (T+ or "
        "T-) counts as land; here the mended plan places the false treasure on it."),
    "treasure": Words(
        "one real treasure and one false treasure at most",
        "A plan holds at most one real treasure (T+) and at most one false treasure (T-). They "
        "may also be left out, when the host places them after the check.",
        "Keep one T+ and make the other cell land, or the false treasure (T-)."),
    "river-flow": Words(
        "every river cell flows on, and every mouth ends a river",
        "A river cell's arrow points at the next cell of its river, which is another river "
        "cell or the mouth. Following the arrows from any river cell ends at a mouth, never "
        "off the plan, on land or back where it started. Every mouth (O) has a river flowing "
        "into it.",
        "Turn the arrow towards the next cell of the river, or make the cell it points at a "
        "river cell or a mouth. Here the river in B3 flowed down off the plan; it now flows "
        "right into a new mouth, C3."),
    "river-merge": Words(
        "rivers do not branch or merge",
        "Each river is a single chain: no cell receives water from two river cells. Two rivers "
        "cannot share a mouth; each mouth ends exactly one river.",
        "Turn one of the arrows away, usually towards a mouth of its own. Here D2 flowed up "
        "into the mouth of the other river; it now flows down into a mouth of its own, D3, "
        "and a wall parts it from the first river's mouth D1."),
    "river-blocked": Words(
        "no wall across a river",
        "Between two cells that follow each other in a river there is no wall: the water has "
        "to get through.",
        "Remove the wall between the two cells the message names."),
    "river-wall": Words(
        "rivers that touch are kept apart by a wall",
        "Where cells of two different rivers share a side (mouths included), a wall stands "
        "between them. The same goes for two cells of one river that share a side but do not "
        "follow each other in the chain, as when a river bends back on itself.",
        "Draw a wall between the two cells the message names."),
    "swamp": Words(
        "a swamp sits between a mouth and a cell outside the rivers",
        "A swamp is an arrow on the border between a mouth and a neighbour that belongs to no "
        "river, and it always points into the mouth. A swamp never lies on a wall.",
        "Turn the arrow towards the mouth, or remove the swamp. In a cell line write '>' or '<' "
        "for a swamp, in a border line 'vv' (pointing down) or '^^' (pointing up)."),
    "swamp-count": Words(
        "at most three swamps per mouth",
        "A mouth has three swamps at most. Its fourth side always touches its own river, and "
        "a swamp cannot lie there.",
        "Remove the swamp the message names, here the one between the river cell and its "
        "mouth."),
    "hole-cycle": Words(
        "holes of one letter are numbered 1, 2, 3…",
        "The holes of one ravine share a letter and are numbered from 1 without a gap or a "
        "repeat: X1, X2, X3. A ravine has two holes at least. Whoever steps into a hole comes "
        "out of the next one, and out of the first after the last.",
        "Renumber the holes 1, 2, 3… or add the missing hole. A ravine with one hole needs a "
        "second hole, or the lonely hole becomes another cell."),
    "reachability": Words(
        "every cell can be reached from every other cell",
        "At the start of the game a player can get from any cell to any other by the movement "
        "rules, without blowing up a wall: walls stop them, a swamp lets them into a mouth but "
        "not out, the current carries them downstream, a hole sends them to the next hole. A "
        "cell no one can reach, or one no one can leave, makes the plan unfair.",
        "Remove one of the walls the message names, or turn a swamp or a river so that the "
        "cells it names are connected again. Here B2 was walled in on all four sides."),
}

RU: dict[str, Words] = {
    "syntax": Words(
        "сетку не удаётся прочитать",
        "План набирают сеткой из строк текста. Строки границ начинаются с «+», и «+» стоит в "
        "каждом углу клетки; в строках клеток у каждой клетки есть символ границы и код. "
        "Все клетки одной ширины, поэтому все строки сетки одной длины, а «+» всех строк "
        "границ стоят точно друг под другом. Короче может быть только строка с выходом справа, "
        "если у неё обрезали пробелы в конце.",
        "Найдите строку и столбец из сообщения и выровняйте сетку: сверьте длину этой строки с "
        "первой строкой сетки. Здесь в одной строке границ в последней клетке лишний пробел."),
    "cell-code": Words(
        "в клетке код, который ничего не значит",
        "В каждой клетке один код: «С» или пусто — суша, Ар — арсенал, М — медпункт, У — "
        "устье, Р со стрелкой (Р> Р< Р^ Рv) — клетка реки, буква с номером — яма (Я1, Ю2), "
        "Кн и Кл — настоящий и ложный клад. Английские коды тоже понимаются, их можно "
        "смешивать с русскими. Заглавные и строчные буквы различаются, кроме буквы ямы.",
        "Напишите вместо него один из кодов. Стенки в клетках не пишут: это «|» и «--» между "
        "клетками."),
    "size": Words(
        "план слишком мал или слишком велик",
        "В плане от 2 до 12 рядов и от 2 до 12 столбцов.",
        "Добавьте ряды или столбцы либо уберите лишние. Здесь в плане был всего один ряд."),
    "exit": Words(
        "в рамке ровно один выход",
        "Внешняя рамка — капитальная стенка по всему краю с одним разрывом: выходом. Разрыв — "
        "одна сторона одной клетки у края; на месте рамки там пробелы. Рамка без разрыва или с "
        "двумя разрывами — ошибка.",
        "Замените один кусок рамки пробелами: «  » в верхней или нижней строке границ, « » в "
        "начале или в конце строки клеток. Остальные разрывы закройте «--» или «|»."),
    "arsenal": Words(
        "ровно один арсенал",
        "В плане ровно один арсенал (Ар): там игроки пополняют пули и бомбы.",
        "Напишите Ар в одной клетке или оставьте один арсенал, а остальные замените."),
    "medpost": Words(
        "ровно один медпункт",
        "В плане ровно один медпункт (М): там лечат раненых.",
        "Оставьте один медпункт, а остальные замените (здесь — сушей), или добавьте М, если "
        "медпункта нет."),
    "land": Words(
        "не меньше двух клеток суши",
        "Хотя бы две клетки — суша, чтобы обоим кладам было где лежать.",
        "Сделайте клетки сушей: «С» или пустая клетка. Суша с кладом (Кн или Кл) тоже суша; "
        "в исправленном плане на ней лежит ложный клад."),
    "treasure": Words(
        "не больше одного настоящего и одного ложного клада",
        "В плане не больше одного настоящего клада (Кн) и не больше одного ложного (Кл). Их "
        "можно и не отмечать, если ведущий положит клады после проверки.",
        "Оставьте один Кн, а другую клетку сделайте сушей или ложным кладом (Кл)."),
    "river-flow": Words(
        "каждая клетка реки течёт дальше, и в каждое устье впадает река",
        "Стрелка клетки реки указывает на следующую клетку той же реки: другую клетку реки или "
        "устье. Если идти по стрелкам от любой клетки реки, придёшь в устье — не за край "
        "плана, не на сушу и не туда, откуда начал. В каждое устье (У) впадает река.",
        "Поверните стрелку к следующей клетке реки или сделайте клетку, на которую она "
        "указывает, клеткой реки или устьем. Здесь река в B3 текла вниз за край плана; теперь "
        "она течёт вправо, в новое устье C3."),
    "river-merge": Words(
        "реки не ветвятся и не сливаются",
        "Каждая река — одна цепочка: ни в одну клетку вода не втекает из двух клеток реки. У "
        "двух рек не бывает общего устья: каждое устье заканчивает ровно одну реку.",
        "Поверните одну из стрелок, обычно к собственному устью. Здесь D2 текла вверх в устье "
        "другой реки; теперь она течёт вниз, в своё устье D3, а от устья D1 первой реки её "
        "отделяет стенка."),
    "river-blocked": Words(
        "стенка не перегораживает реку",
        "Между клетками, которые идут в реке друг за другом, стенки нет: вода должна протекать.",
        "Уберите стенку между клетками, названными в сообщении."),
    "river-wall": Words(
        "соседние реки разделены стенкой",
        "Если клетки двух разных рек граничат стороной (устья тоже считаются), между ними стоит "
        "стенка. Так же разделяют клетки одной реки, которые граничат, но в цепочке идут не "
        "подряд — например, когда река поворачивает назад.",
        "Поставьте стенку между клетками, названными в сообщении."),
    "swamp": Words(
        "болото — между устьем и клеткой вне рек",
        "Болото — стрелка на границе устья с соседней клеткой, которая не входит ни в одну "
        "реку, и смотрит она всегда в устье. На стенке болота не бывает.",
        "Поверните стрелку к устью или уберите болото. В строке клеток болото пишут «>» или "
        "«<», в строке границ — «vv» (вниз) или «^^» (вверх)."),
    "swamp-count": Words(
        "у устья не больше трёх болот",
        "У одного устья не больше трёх болот. Четвёртой стороной устье всегда граничит со своей "
        "рекой, а там болота быть не может.",
        "Уберите болото, названное в сообщении, — здесь между клеткой реки и её устьем."),
    "hole-cycle": Words(
        "ямы одной буквы пронумерованы 1, 2, 3…",
        "Ямы одного оврага пишут одной буквой и нумеруют с 1 без пропусков и повторов: Я1, Я2, "
        "Я3. В овраге не меньше двух ям. Кто шагнул в яму, выходит из следующей, а после "
        "последней — из первой.",
        "Перенумеруйте ямы 1, 2, 3… или добавьте недостающую. Если в овраге одна яма, добавьте "
        "вторую или сделайте эту клетку чем-то другим."),
    "reachability": Words(
        "из любой клетки можно попасть в любую другую",
        "В начале игры из любой клетки можно дойти до любой другой по правилам перемещения и "
        "ничего не взрывая: стенки не пускают, болото пускает в устье, но не обратно, течение "
        "сносит вниз по реке, яма переносит в следующую яму. Клетка, куда нельзя попасть или "
        "откуда нельзя выйти, делает игру нечестной.",
        "Уберите одну из стенок, названных в сообщении, или измените болото или реку так, "
        "чтобы названные клетки снова были связаны с остальными. Здесь B2 была окружена "
        "стенками со всех четырёх сторон."),
}

TEXTS: dict[str, dict[str, Words]] = {"en": EN, "ru": RU}

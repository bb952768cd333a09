"""The web pages' words in Russian and English; the interface language of a request."""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("ru", "en")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Labyrinth print-and-play",
        "nav.games": "Games", "nav.check": "Check", "nav.languages": "Languages",
        "switch": "По-русски", "skip": "Skip to the page",
        "games.intro": "Choose a game to print a whole set, a part, or only the pieces you lost.",
        "games.print": "Print {name}", "games.parts": "Parts",
        "print.title": "Print: {name}", "print.settings": "How to print",
        "print.lang": "Language of the game", "print.paper": "Paper",
        "print.duplex": "Double-sided", "duplex.long": "flip on the long edge",
        "duplex.short": "flip on the short edge", "duplex.none": "one-sided",
        "duplex.fold": "fold each sheet in half",
        "print.offset": "Back offset, mm (X, Y)", "print.gutter": "Gutter, mm",
        "print.bleed": "Bleed, mm", "print.ink": "Ink saver",
        "print.oneup": "One piece a page (for print shops)",
        "print.what": "What to print", "what.pieces": "The pieces I choose below",
        "what.part": "A whole part", "what.pack": "The whole set, on the fewest sheets",
        "print.catalogue": "Pieces",
        "print.keys": "Keyboard: Tab goes from kind to kind, the arrow keys from piece to "
                      "piece, Space chooses.", "print.all_kind": "Select all: {kind}",
        "print.none_kind": "Clear: {kind}", "print.chosen": "Chosen: {n}",
        "print.preview": "The sheets as they will print", "print.download": "Download PDF",
        "print.command": "The same file from the command line:",
        "print.guide": "Print guide", "print.front": "front", "print.back": "back",
        "print.sheet": "Sheet {n}", "print.wait": "Drawing the sheets…",
        "print.pick": "Click the pieces you lost, or choose a whole part or the whole set.",
        "print.sheets": "Sheets: {n}, pages: {pages}: {file}",
        "check.title": "Check the content", "check.ok": "The content is valid.",
        "check.count": "Problems: {n}", "check.warnings": "Warnings: {n}",
        "check.folder": "Your content folder: {folder}. The page updates when you save a file.",
        "check.bundled": "Checking the bundled content (start with --content DIR to check "
                         "yours; the page then updates when you save a file).",
        "lang.title": "Languages", "lang.game": "game", "lang.lang": "language",
        "lang.from": "from", "lang.file": "file", "lang.translated": "translated",
        "lang.todo": "TODO»", "lang.missing": "missing", "lang.done": "done",
        "lang.new": "Start a language", "lang.code": "Language code (e.g. de)",
        "lang.source": "Translate from", "lang.start": "Write its files",
        "lang.needs_folder": "Starting a language writes files into your content folder: "
                             "start the server with --content DIR.",
        "lang.made": "Wrote {n} files into {folder}; replace each text marked TODO».",
        "error": "Problem", "limit": "Limit",
        "error.content": "The content has problems, so this cannot be drawn yet; fix them and "
                         "save the file:",
        "error.internal": "Something went wrong inside the tool; the terminal running "
                          "`labyrinth-pnp serve` shows what. Nothing was written.",
        "error.slow": "Drawing took longer than {s} seconds, so it was stopped waiting for: "
                      "choose fewer pieces, or build from the command line.",
    },
    "ru": {
        "title": "Лабиринты: распечатай и играй",
        "nav.games": "Игры", "nav.check": "Проверка", "nav.languages": "Языки",
        "switch": "In English", "skip": "К содержимому",
        "games.intro": "Выберите игру, чтобы напечатать весь комплект, одну часть или только "
                       "потерянные детали.",
        "games.print": "Печать: {name}", "games.parts": "Части",
        "print.title": "Печать: {name}", "print.settings": "Как печатать",
        "print.lang": "Язык игры", "print.paper": "Бумага",
        "print.duplex": "Двусторонняя печать", "duplex.long": "переворот по длинному краю",
        "duplex.short": "переворот по короткому краю", "duplex.none": "односторонняя",
        "duplex.fold": "сложить лист пополам",
        "print.offset": "Сдвиг оборота, мм (X, Y)", "print.gutter": "Промежуток, мм",
        "print.bleed": "Вылет под обрез, мм", "print.ink": "Экономия краски",
        "print.oneup": "Одна деталь на страницу (для типографии)",
        "print.what": "Что печатать", "what.pieces": "Детали, выбранные ниже",
        "what.part": "Целая часть", "what.pack": "Весь комплект на наименьшем числе листов",
        "print.catalogue": "Детали",
        "print.keys": "С клавиатуры: Tab — к следующему виду деталей, стрелки — от детали к "
                      "детали, пробел — выбрать.", "print.all_kind": "Выбрать все: {kind}",
        "print.none_kind": "Снять: {kind}", "print.chosen": "Выбрано: {n}",
        "print.preview": "Листы, как они напечатаются", "print.download": "Скачать PDF",
        "print.command": "Тот же файл из командной строки:",
        "print.guide": "Как печатать", "print.front": "лицо", "print.back": "оборот",
        "print.sheet": "Лист {n}", "print.wait": "Рисую листы…",
        "print.pick": "Щёлкните потерянные детали или выберите целую часть или весь комплект.",
        "print.sheets": "Листов: {n}, страниц: {pages}: {file}",
        "check.title": "Проверка содержимого", "check.ok": "Ошибок нет.",
        "check.count": "Проблем: {n}", "check.warnings": "Предупреждений: {n}",
        "check.folder": "Ваша папка содержимого: {folder}. Страница обновляется, когда вы "
                        "сохраняете файл.",
        "check.bundled": "Проверяется встроенное содержимое (запустите с --content ПАПКА, "
                         "чтобы проверять своё; страница будет обновляться при сохранении).",
        "lang.title": "Языки", "lang.game": "игра", "lang.lang": "язык",
        "lang.from": "с языка", "lang.file": "файл", "lang.translated": "переведено",
        "lang.todo": "TODO»", "lang.missing": "нет", "lang.done": "готово",
        "lang.new": "Начать перевод", "lang.code": "Код языка (например, de)",
        "lang.source": "Переводить с", "lang.start": "Создать файлы",
        "lang.needs_folder": "Новый язык записывается в вашу папку содержимого: запустите "
                             "сервер с --content ПАПКА.",
        "lang.made": "Создано файлов: {n} в {folder}; замените каждый текст с пометкой TODO».",
        "error": "Проблема", "limit": "Ограничение",
        "error.content": "В содержимом есть ошибки, поэтому нарисовать это пока нельзя; "
                         "исправьте их и сохраните файл:",
        "error.internal": "Внутренняя ошибка программы; подробности в терминале, где запущен "
                          "`labyrinth-pnp serve`. Ничего не записано.",
        "error.slow": "Рисование заняло больше {s} секунд, ждать перестали: выберите меньше "
                      "деталей или соберите файл из командной строки.",
    },
}

NAMES = {
    "magic-labyrinth": {"ru": "Волшебный лабиринт", "en": "Magic Labyrinth"},
    "paper-labyrinth": {"ru": "Лабиринт (на бумаге)", "en": "Labyrinth (pen and paper)"},
    "goblin-slayer": {"ru": "Убийца гоблинов", "en": "Goblin Slayer"},
}
SHARED = {"ru": "общее для всех игр", "en": "shared by every game"}  # `lang status`'s "common"

ABOUT = {
    "magic-labyrinth": {
        "ru": "Поле из плиток, ингредиенты, карты формул, жезлы и фишки: настольная игра "
              "на поиск в лабиринте.",
        "en": "A board of tiles, ingredient tokens, formula cards, wands and pawns: a board "
              "game of searching a maze."},
    "paper-labyrinth": {
        "ru": "Листы ведущего и игрока: лабиринт рисуют и проходят на бумаге, с ручкой.",
        "en": "Host and player sheets: a maze drawn and explored with pen and paper."},
    "goblin-slayer": {
        "ru": "Шестиугольные локации, счётчики и памятка игрока.",
        "en": "Hexagonal locations, counters and a player aid."},
}

PARTS = {
    "tokens": "жетоны", "formulas": "формулы", "counters": "фишки", "score-sheet": "лист счёта",
    "tiles": "плитки", "rules": "правила", "print-guide": "как печатать",
    "player-sheet": "лист игрока", "host-sheets": "листы ведущего", "locations": "локации",
    "player-aid": "памятка", "token": "жетоны", "card": "карты", "counter": "фишки",
    "tile": "плитки", "tile-fixed": "неподвижные плитки", "setup-diagram": "схема раскладки",
    "location": "локации", "host-sheet": "листы ведущего",
}


def choose(query: Mapping[str, str], cookies: Mapping[str, str], accept: str) -> str:
    """The interface language: asked in the URL, remembered in a cookie, or the browser's."""
    for asked in (query.get("ui"), cookies.get("ui")):
        if asked in LANGUAGES:
            return asked
    ranked = []
    for item in accept.split(","):
        code, _, weight = item.strip().partition(";q=")
        try:
            q = float(weight) if weight else 1.0
        except ValueError:
            q = 0.0
        ranked.append((q, code.split("-")[0].strip().lower()))
    for _, code in sorted(ranked, key=lambda r: -r[0]):
        if code in LANGUAGES:
            return code
    return "en"


def translator(ui: str) -> dict[str, str]:
    """The words of one interface language."""
    return WORDS[ui]


PARTS_EN = {"token": "tokens", "card": "cards", "counter": "counters", "tile": "tiles",
            "tile-fixed": "fixed tiles", "setup-diagram": "set-up diagram",
            "location": "locations", "host-sheet": "host sheets"}


def part_word(ui: str, name: str) -> str:
    """A part's or kind's name in the interface language."""
    if ui == "ru":
        return PARTS.get(name, name)
    return PARTS_EN.get(name, name.replace("-", " "))

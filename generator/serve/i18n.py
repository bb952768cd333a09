"""The web pages' words in Russian and English; the interface language of a request."""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("ru", "en")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Labyrinth print-and-play",
        "nav.games": "Games", "nav.check": "Check", "nav.languages": "Languages",
        "nav.plan": "Plan editor", "nav.play": "Host a game",
        "plan.play": "Play this plan on phones",
        "plan.title": "Plan editor: «Labyrinth»",
        "plan.intro": "Draw a plan: choose an object, then click cells; click an edge to put or "
                      "take away a wall; click an edge of the frame to open or close it (the "
                      "exit). Keys: arrows move, Shift+arrow picks the cursor's edge, space "
                      "toggles its wall, E makes it the exit, S puts a swamp on it; L land, A "
                      "arsenal, H medpost, O mouth, > < ^ V river, T real and F false "
                      "treasure, 1–9 a hole; Ctrl+Z undo, Ctrl+Y redo. The plan is checked "
                      "after every change and stays in this browser only.",
        "plan.tools": "Object", "plan.hole": "Hole letter", "plan.rows": "Rows",
        "plan.cols": "Columns", "plan.new": "New empty plan", "plan.undo": "Undo",
        "plan.redo": "Redo", "plan.random": "Random plan", "plan.seed": "Seed",
        "plan.rivers": "Rivers", "plan.holes": "Holes", "plan.difficulty": "Difficulty",
        "plan.import": "Import: paste a plan's text here, or drop a file on it",
        "plan.import.do": "Import", "plan.file": "Open a file", "plan.export": "Download",
        "plan.copy": "Copy the text", "plan.text": "The plan's text",
        "plan.ok": "The plan is valid.", "plan.bad": "The plan has errors: {n}.",
        "plan.warnings": "Warnings: {n}", "plan.explain": "Why?",
        "plan.checking": "Checking…", "plan.swamp": "swamp (on an edge)",
        "tool.land": "land", "tool.arsenal": "arsenal", "tool.medpost": "medpost",
        "tool.mouth": "mouth", "tool.river>": "river →", "tool.river<": "river ←",
        "tool.river^": "river ↑", "tool.riverv": "river ↓", "tool.real": "real treasure",
        "tool.false": "false treasure", "tool.hole": "hole",
        "plan.unprintable": "The plan has errors: fix them first (the messages say how).",
        "plan.print.host": "Host sheet (PDF)", "plan.print.players": "Player sheets (PDF)",
        "plan.paper": "Paper", "plan.easy": "easy", "plan.normal": "normal",
        "plan.hard": "hard",
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
        "nav.plan": "Редактор плана", "nav.play": "Игра на телефонах",
        "plan.play": "Сыграть по этому плану на телефонах",
        "plan.title": "Редактор плана: «Лабиринт»",
        "plan.intro": "Нарисуйте план: выберите предмет и щёлкайте по клеткам; щелчок по "
                      "краю клетки ставит или убирает стенку, по краю рамки — открывает или "
                      "закрывает его (выход). Клавиши: стрелки двигают курсор, Shift+стрелка "
                      "выбирает его край, пробел ставит или убирает там стенку, E делает край "
                      "выходом, S кладёт на него болото; L суша, A арсенал, H медпункт, O "
                      "устье, > < ^ V река, T настоящий и F ложный клад, 1–9 яма; Ctrl+Z "
                      "отменить, Ctrl+Y вернуть. План проверяется после каждого изменения и "
                      "хранится только в этом браузере.",
        "plan.tools": "Предмет", "plan.hole": "Буква ямы", "plan.rows": "Строк",
        "plan.cols": "Столбцов", "plan.new": "Новый пустой план", "plan.undo": "Отменить",
        "plan.redo": "Вернуть", "plan.random": "Случайный план", "plan.seed": "Зерно",
        "plan.rivers": "Рек", "plan.holes": "Ям", "plan.difficulty": "Сложность",
        "plan.import": "Импорт: вставьте сюда текст плана или перетащите на это поле файл",
        "plan.import.do": "Импортировать", "plan.file": "Открыть файл",
        "plan.export": "Скачать", "plan.copy": "Скопировать текст", "plan.text": "Текст плана",
        "plan.ok": "План верен.", "plan.bad": "Ошибок в плане: {n}.",
        "plan.warnings": "Предупреждений: {n}", "plan.explain": "Почему?",
        "plan.checking": "Проверка…", "plan.swamp": "болото (на краю)",
        "tool.land": "суша", "tool.arsenal": "арсенал", "tool.medpost": "медпункт",
        "tool.mouth": "устье", "tool.river>": "река →", "tool.river<": "река ←",
        "tool.river^": "река ↑", "tool.riverv": "река ↓", "tool.real": "настоящий клад",
        "tool.false": "ложный клад", "tool.hole": "яма",
        "plan.unprintable": "В плане есть ошибки: сначала исправьте их (сообщения говорят как).",
        "plan.print.host": "Лист ведущего (PDF)", "plan.print.players": "Листы игроков (PDF)",
        "plan.paper": "Бумага", "plan.easy": "лёгкий", "plan.normal": "обычный",
        "plan.hard": "трудный",
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

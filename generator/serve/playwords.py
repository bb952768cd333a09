"""The words of the hosted game's pages (/play and a player's /p/TOKEN), in Russian and English.

The host's answers themselves are content (content/paper-labyrinth/play/LANG.yaml, any
language with such a file); these are the pages' own labels, in the interface language.
"""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "play.title": "Host a game on phones: «Labyrinth»",
        "play.intro": "The program is the host: it keeps the plan secret and answers every move "
                      "by the rules. Open a plan, name the players, then give each player his "
                      "link (or let him scan its QR code): the phone shows his moves, every "
                      "answer the host gives, his bullets, bombs and wound, and a draft grid.",
        "play.plan": "The plan's text (paste it, open a file, or take the editor's plan)",
        "play.from_editor": "Take the plan from the editor", "play.file": "Open a file",
        "play.players": "Players in turn order, comma-separated (3 to 8; add :f or :m to a "
                        "name for the Russian answers' gender)",
        "play.lang": "The host's language", "play.seed": "Seed (empty: random)",
        "play.new": "Start hosting", "play.newgame": "New game",
        "play.newgame.sure": "End this game and start another? The players' links stop working.",
        "play.seats": "Join links", "play.lan": "Anyone who has a link can join as that player: "
                                                "give each link only to its player.",
        "play.local": "This server answers on this computer only: start it with "
                      "`labyrinth-pnp serve --lan` so that phones on your network can open "
                      "the links.",
        "play.ready": "has chosen a start", "play.notready": "is choosing a start",
        "play.begin": "Start the game now (players who have not chosen start at random)",
        "play.positions": "Players", "play.col.name": "player", "play.col.start": "start",
        "play.col.pos": "now", "play.col.bullets": "bullets", "play.col.bombs": "bombs",
        "play.col.state": "state", "play.wounded": "wounded", "play.dead": "dead",
        "play.treasure.real": "carries the real treasure",
        "play.treasure.false": "carries the false treasure",
        "play.treasures": "Treasures lying", "play.kind.real": "real",
        "play.kind.false": "false", "play.destroyed": "Walls destroyed",
        "play.hostplan": "The plan (only on this page)",
        "play.log": "What the host said", "play.undo": "Undo the last move",
        "play.turn": "Turn: {name}", "play.yourturn": "Your turn, {name}!",
        "play.downloads": "The game's files",
        "play.download.moves": "Moves script (plan play --script)",
        "play.download.json": "Transcript (JSON, for plan print --trace)",
        "play.download.plan": "The plan (plan.txt)",
        "play.download.trace": "Host sheet with the paths (PDF)",
        "play.me": "You", "play.bullets": "Bullets: {n}", "play.bombs": "Bombs: {n}",
        "play.healthy": "not wounded", "play.you.wounded": "wounded",
        "play.you.dead": "killed: you are out of the game",
        "play.you.treasure": "you carry a treasure", "play.you.notreasure": "no treasure",
        "play.start": "Your start cell: {cell}",
        "play.choose": "Choose your start cell secretly (the others do not see it)",
        "play.random": "at random", "play.choose.do": "This is my start",
        "play.waiting": "Waiting for: {names}", "play.waitstart": "The game has not begun.",
        "play.moves": "Your moves", "play.nomoves": "Wait for your turn.",
        "play.draft": "Your draft (kept in this browser only): tap a cell to write in it, "
                      "tap between cells to draw a wall",
        "play.draft.clear": "Clear the draft", "play.draft.sure": "Clear your whole draft?",
        "play.refused.not_started": "The game has not begun yet.",
        "play.refused.not_offered": "That move is not yours to make now.",
        "play.refused.start_late": "The game has already begun.",
        "play.error.players": "Name {low} to {high} players (you named {n}).",
        "play.error.name": "\"{name}\": a name cannot hold spaces, commas, colons or #.",
        "play.error.plan": "The plan has errors: fix them in the editor first.",
        "play.error.lang": "The host has no words in this language.",
        "play.nogame": "No game is being hosted here.",
        "play.badlink": "This link is not a player's link of the game hosted here: the host may "
                        "have started a new game. Ask the host for your link.",
        "play.over": "The game is over.",
    },
    "ru": {
        "play.title": "Игра на телефонах: «Лабиринт»",
        "play.intro": "Ведущий — программа: она держит план в тайне и отвечает на каждый ход "
                      "по правилам. Откройте план, впишите игроков и дайте каждому его ссылку "
                      "(или QR-код): на телефоне он увидит свои ходы, каждый ответ ведущего, "
                      "свои пули, бомбы и ранение и черновую сетку.",
        "play.plan": "Текст плана (вставьте, откройте файл или возьмите план из редактора)",
        "play.from_editor": "Взять план из редактора", "play.file": "Открыть файл",
        "play.players": "Игроки по порядку ходов, через запятую (от 3 до 8; :ж или :м после "
                        "имени задаёт род в ответах)",
        "play.lang": "Язык ведущего", "play.seed": "Зерно (пусто — случайное)",
        "play.new": "Начать игру", "play.newgame": "Новая игра",
        "play.newgame.sure": "Закончить эту игру и начать другую? Ссылки игроков перестанут "
                             "работать.",
        "play.seats": "Ссылки игроков", "play.lan": "Кто получил ссылку, тот и играет за этого "
                                                    "игрока: давайте каждую ссылку только ему.",
        "play.local": "Сервер отвечает только на этом компьютере: запустите "
                      "`labyrinth-pnp serve --lan`, чтобы ссылки открывались на телефонах в "
                      "вашей сети.",
        "play.ready": "старт выбран", "play.notready": "выбирает старт",
        "play.begin": "Начать игру сейчас (кто не выбрал старт, начнёт в случайной клетке)",
        "play.positions": "Игроки", "play.col.name": "игрок", "play.col.start": "старт",
        "play.col.pos": "сейчас", "play.col.bullets": "пули", "play.col.bombs": "бомбы",
        "play.col.state": "состояние", "play.wounded": "ранен(а)", "play.dead": "убит(а)",
        "play.treasure.real": "несёт настоящий клад",
        "play.treasure.false": "несёт ложный клад",
        "play.treasures": "Где лежат клады", "play.kind.real": "настоящий",
        "play.kind.false": "ложный", "play.destroyed": "Взорванные стенки",
        "play.hostplan": "План (только на этой странице)",
        "play.log": "Что сказал ведущий", "play.undo": "Отменить последний ход",
        "play.turn": "Ходит: {name}", "play.yourturn": "{name}, ваш ход!",
        "play.downloads": "Файлы игры",
        "play.download.moves": "Ходы (для plan play --script)",
        "play.download.json": "Запись игры (JSON, для plan print --trace)",
        "play.download.plan": "План (plan.txt)",
        "play.download.trace": "Лист ведущего с путями (PDF)",
        "play.me": "Вы", "play.bullets": "Пули: {n}", "play.bombs": "Бомбы: {n}",
        "play.healthy": "не ранены", "play.you.wounded": "ранены",
        "play.you.dead": "убиты: вы выбыли из игры",
        "play.you.treasure": "у вас клад", "play.you.notreasure": "клада нет",
        "play.start": "Ваша стартовая клетка: {cell}",
        "play.choose": "Тайно выберите стартовую клетку (другие её не видят)",
        "play.random": "случайная", "play.choose.do": "Начинаю здесь",
        "play.waiting": "Ждём: {names}", "play.waitstart": "Игра ещё не началась.",
        "play.moves": "Ваши ходы", "play.nomoves": "Дождитесь своего хода.",
        "play.draft": "Ваш черновик (хранится только в этом браузере): коснитесь клетки, чтобы "
                      "написать в ней, или промежутка между клетками, чтобы нарисовать стенку",
        "play.draft.clear": "Очистить черновик", "play.draft.sure": "Очистить весь черновик?",
        "play.refused.not_started": "Игра ещё не началась.",
        "play.refused.not_offered": "Сейчас этот ход вам недоступен.",
        "play.refused.start_late": "Игра уже началась.",
        "play.error.players": "Впишите от {low} до {high} игроков (вписано: {n}).",
        "play.error.name": "«{name}»: в имени не может быть пробелов, запятых, двоеточий и #.",
        "play.error.plan": "В плане есть ошибки: сначала исправьте их в редакторе.",
        "play.error.lang": "У ведущего нет слов на этом языке.",
        "play.nogame": "Здесь сейчас не идёт игра.",
        "play.badlink": "Это не ссылка игрока в игре, которая идёт здесь: возможно, ведущий "
                        "начал новую игру. Попросите у ведущего свою ссылку.",
        "play.over": "Игра окончена.",
    },
}

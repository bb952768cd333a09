"""`plan play`: the program hosts «Лабиринт» — a session, the command reader, the terminal.

A `Session` wraps the pure engine with the log and the players' grammatical genders. Commands
are read in Russian or English, whatever the host's language (`вверх`, `стрелять влево`,
`s l`, `bl`); the interactive host asks for start cells, names the player whose turn it is,
answers, and at the end shows the plan and every path. Reading and writing go through two
callables, so tests drive it without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...content.placeholders import fill
from ...content.play import PlayTexts
from ..text.gridtext import write_grid
from ..text.model import COLUMN_LETTERS, DIRECTIONS, Plan, Pos, cell_name, parse_cell_name
from .answers import answer_text, error_text
from .engine import (
    FREE_ACTIONS,
    TAKE,
    Action,
    Answer,
    IllegalAction,
    State,
    apply,
    new_game,
)

SPECIALS = ("status", "log", "help", "quit", "start")
VERBS = ("move", "shoot", "bomb")
LOOKALIKE = str.maketrans("АВСЕНКМавсенкм", "ABCEHKMabcehkm")  # Cyrillic letters typed for A-L


@dataclass(frozen=True)
class Entry:
    """One line of the log: the turn it belongs to, who did what, and the answer."""

    turn: int
    player: str
    action: Action
    answer: Answer


@dataclass
class Session:
    """A game in progress: the engine's state, the start answers, the log, the genders."""

    state: State
    starts: list[Answer]
    seed: int
    genders: dict[str, str] = field(default_factory=dict)
    log: list[Entry] = field(default_factory=list)
    drawn: tuple[str, ...] = ()  # the players whose start cell was drawn at random
    treasures: tuple[tuple[str, Pos], ...] = ()  # where the treasures lay at the start

    @classmethod
    def begin(cls, plan: Plan, names: list[str], starts: list[Pos | None] | None = None,
              seed: int = 0, genders: dict[str, str] | None = None) -> Session:
        """Start a game (IllegalAction for bad players or starts)."""
        state, answers = new_game(plan, names, starts, seed)
        chosen = list(starts or [])
        drawn = tuple(n for k, n in enumerate(names) if k >= len(chosen) or chosen[k] is None)
        return cls(state, answers, seed, dict(genders or {}), drawn=drawn,
                   treasures=state.treasures)

    def act(self, name: str, action: Action) -> Answer:
        """Apply one action, log it and return the host's answer."""
        self.state, answer = apply(self.state, name, action)
        self.log.append(Entry(self.state.played, name, action, answer))
        return answer

    def can_take(self, name: str) -> bool:
        """Return True when name could take a treasure lying where he stands."""
        p = self.state.player(name)
        return (not p.dead and not p.wounded and p.treasure is None
                and self.state.treasure_at(p.pos) is not None)


def shown(text: str, limit: int = 40) -> str:
    """User input fit to quote back: control characters as `?`, at most limit characters."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text.strip())
    return clean if len(clean) <= limit else clean[:limit - 1] + "…"


def split_players(text: str) -> tuple[list[str], dict[str, str]]:
    """`Аня,Борис,Никита:м` -> names and genders given with `:ж`/`:f` or `:м`/`:m`."""
    names: list[str] = []
    genders: dict[str, str] = {}
    for part in text.split(","):
        name, _, mark = part.strip().partition(":")
        name = shown(name, 24)
        if not name:
            continue
        names.append(name)
        mark = mark.strip().lower()
        if mark in ("ж", "f"):
            genders[name] = "f"
        elif mark in ("м", "m"):
            genders[name] = "m"
    return names, genders


class Vocabulary:
    """The command words of every language (the host's first): word -> meaning."""

    def __init__(self, languages: list[PlayTexts]) -> None:
        self.words: dict[str, str] = {}
        self.answers: dict[str, str] = {}
        for source in languages:
            for meaning in DIRECTIONS + VERBS + FREE_ACTIONS + SPECIALS:
                for word in getattr(source.words, meaning):
                    self.words.setdefault(word.lower(), meaning)
            for meaning in ("yes", "no"):
                for word in getattr(source.words, meaning):
                    self.answers.setdefault(word.lower(), meaning)

    def parse(self, line: str) -> Action | str:
        """Return the Action, or a special command name; IllegalAction when it means nothing."""
        tokens = line.lower().replace(",", " ").replace(":", " ").split()
        if len(tokens) == 1 and tokens[0] not in self.words and len(tokens[0]) == 2:
            tokens = list(tokens[0])  # `su`, `бл`: verb and direction in two letters
        meanings = [self.words.get(t) for t in tokens]
        if not tokens or None in meanings:
            raise IllegalAction("unknown_command", command=shown(line))
        if len(meanings) == 1 and meanings[0] in FREE_ACTIONS + SPECIALS:
            return Action(meanings[0]) if meanings[0] in FREE_ACTIONS else str(meanings[0])
        verbs = [m for m in meanings if m in VERBS]
        directions = [m for m in meanings if m in DIRECTIONS]
        if len(verbs) > 1 or len(directions) > 1 or len(verbs) + len(directions) != len(tokens):
            raise IllegalAction("unknown_command", command=shown(line))
        if not directions:
            raise IllegalAction("direction")
        return Action(verbs[0] if verbs else "move", directions[0])

    def yes(self, line: str) -> bool | None:
        """Return True for yes, False for no, None for anything else."""
        meaning = self.answers.get(line.strip().lower())
        return None if meaning is None else meaning == "yes"


def read_cell(text: str, plan: Plan) -> Pos | None:
    """Return the cell named by text (Cyrillic look-alike letters accepted), or None."""
    return parse_cell_name(text.strip().translate(LOOKALIKE), plan.rows, plan.cols)


def last_cell(plan: Plan) -> str:
    """Return the name of the bottom-right cell, e.g. `E4`."""
    return f"{COLUMN_LETTERS[plan.cols - 1]}{plan.rows}"


def action_text(texts: PlayTexts, action: Action) -> str:
    """`вверх`, `выстрел влево`, `взять клад`: an action in words."""
    template = getattr(texts.actions, action.kind)
    direction = getattr(texts.words, action.direction)[0] if action.direction else ""
    return fill(template, direction=direction)


def place_text(texts: PlayTexts, plan: Plan, pos: Pos) -> str:
    """A cell's name, or the word for outside."""
    return cell_name(pos) if plan.inside(pos) else texts.outside


def path_text(texts: PlayTexts, plan: Plan, path: tuple[Pos, ...]) -> str:
    """`B3 → B2 → C2 → снаружи`: the cells a player stopped in, repeats merged."""
    shown: list[str] = []
    for pos in path:
        place = place_text(texts, plan, pos)
        if not shown or shown[-1] != place:
            shown.append(place)
    return " → ".join(shown)


def reveal(texts: PlayTexts, session: Session) -> list[str]:
    """The end of a game: the plan as text and each player's path."""
    plan = session.state.plan
    lines = [texts.reveal, *write_grid(plan).rstrip("\n").splitlines()]
    marked = {plan.cell(pos).treasure for pos in plan.positions()}
    placed = dict(session.treasures)
    if placed and not {"real", "false"} <= marked:  # the program placed them: say where
        lines.append(fill(texts.placed, real=place_text(texts, plan, placed.get("real", (-1, -1))),
                          false=place_text(texts, plan, placed.get("false", (-1, -1)))))
    lines.append(texts.paths)
    for p in session.state.players:
        lines.append(fill(texts.path, name=p.name, path=path_text(texts, plan, p.path)))
    return lines


def log_lines(texts: PlayTexts, session: Session, viewer: str | None = None) -> list[str]:
    """The start answers and every logged action with its answer.

    With a viewer, the notes meant for other players (who took or dropped a treasure) are
    left out: the log shows what that player has heard.
    """
    lines = [fill(texts.start, name=a.player, answer=answer_text(texts, a, session.genders))
             for a in session.starts]
    for e in session.log:
        if viewer is not None and e.answer.to not in ("all", viewer):
            continue
        lines.append(fill(texts.log_line, turn=e.turn, name=e.player,
                          action=action_text(texts, e.action),
                          answer=answer_text(texts, e.answer, session.genders)))
    return lines


def ending(texts: PlayTexts, session: Session) -> str:
    """Who won, that the labyrinth won, or that the game was stopped."""
    state = session.state
    if state.winner:
        return fill(texts.winner, name=state.winner)
    return texts.no_winner if state.over else texts.stopped


class Host:
    """The interactive host: reads commands, answers, repeats the player after bad input."""

    def __init__(self, texts: PlayTexts, languages: list[PlayTexts],
                 read: Callable[[str], str | None], write: Callable[[str], None],
                 colour: bool = False) -> None:
        self.texts, self.vocab = texts, Vocabulary(languages)
        self.read, self.write, self.colour = read, write, colour

    def say(self, line: str, tint: str = "") -> None:
        """Print a line, tinted on a colour terminal (bold answers, red refusals)."""
        codes = {"answer": "\033[1m", "error": "\033[31m", "note": "\033[2m"}
        self.write(f"{codes[tint]}{line}\033[0m" if self.colour and tint else line)

    def starts(self, plan: Plan, names: list[str]) -> list[Pos | None] | None:
        """Ask each player's start cell (empty: random); None at `quit` or the end of input."""
        chosen: list[Pos | None] = []
        for name in names:
            while True:
                line = self.read(fill(self.texts.ask_start, name=name))
                if line is None:
                    return None
                pos = read_cell(line, plan) if line.strip() else None
                if pos is not None or not line.strip():
                    chosen.append(pos)
                    break
                if self.vocab.words.get(line.strip().lower()) == "quit":
                    return None  # `quit` / `конец` works here too: nothing to show yet
                self.say(fill(self.texts.bad_cell, cell=shown(line), last=last_cell(plan)),
                         "error")
        return chosen

    def play(self, session: Session) -> Session:
        """Run the game to its end (a win, every player dead, `quit` or end of input)."""
        t = self.texts
        for name in session.drawn:
            cell = cell_name(session.state.player(name).start)
            self.say(fill(t.note, name=name, note=fill(t.random_start, cell=cell)), "note")
        for answer in session.starts:
            self.say(fill(t.start, name=answer.player,
                          answer=answer_text(t, answer, session.genders)), "answer")
        for answer in session.starts:
            if not self._offer(session, answer.player):
                return self._end(session)
        while not session.state.over:
            name = session.state.current().name
            line = self.read(fill(t.prompt, name=name))
            if line is None:
                break
            if not line.strip():
                continue
            try:
                command = self.vocab.parse(line)
                if command == "quit":
                    break
                if isinstance(command, str):
                    self._special(session, command, name)
                    continue
                answer = session.act(name, command)
            except IllegalAction as exc:
                self.say(error_text(t, exc.code, exc.params), "error")
                continue
            self._announce(session, answer)
            if command.kind not in FREE_ACTIONS and ({"treasure", "two_treasures"}
                                                     & set(answer.words)):
                if not self._offer(session, name):
                    break
        return self._end(session)

    def _announce(self, session: Session, answer: Answer) -> None:
        t = self.texts
        text = answer_text(t, answer, session.genders)
        if answer.to == "all":
            self.say(fill(t.answer, answer=text), "answer")
        else:
            self.say(fill(t.note, name=answer.to, note=text), "note")

    def _offer(self, session: Session, name: str) -> bool:
        """Ask name whether to take the treasure here; False on `quit` or the end of input."""
        if not session.can_take(name):
            return True
        while True:
            line = self.read(fill(self.texts.take_prompt, name=name))
            if line is None:
                return False
            choice = self.vocab.yes(line)
            if choice is None and self.vocab.words.get(line.strip().lower()) == "quit":
                return False
            if choice is None:
                self.say(self.texts.yes_or_no, "error")
                continue
            if choice:
                self._announce(session, session.act(name, Action(TAKE)))
            return True

    def _special(self, session: Session, command: str, name: str) -> None:
        t = self.texts
        if command == "help":
            self.say(t.help)
        elif command == "log":
            self.say(t.log_title)
            for line in log_lines(t, session, viewer=name):
                self.say("  " + line)
        elif command == "status":
            p = session.state.player(name)
            parts = [fill(t.status, name=name, bullets=p.bullets, bombs=p.bombs)]
            parts += [t.status_wounded] if p.wounded else []
            parts += [t.status_treasure] if p.treasure else []
            self.say(t.separator.join(parts))
        else:
            raise IllegalAction("unknown_command", command=command)

    def _end(self, session: Session) -> Session:
        self.say(ending(self.texts, session), "answer")
        for line in reveal(self.texts, session):
            self.say(line)
        return session


__all__ = ["Entry", "Host", "Session", "Vocabulary", "shown", "split_players"]

"""A game of «Лабиринт» hosted on the players' phones: what /play of `serve` holds and shows.

The program is the host: a `plan play` `Session` (generator/plan/game) decides every answer;
nothing of the rules is decided here. Each player has a seat with its own random token, the
only key to that player's page. `player_view` is everything a player's page ever receives: the
plan's size, the public log (the answers everyone hears, and this player's own notes), this
player's bullets, bombs, wound, treasure and start cell, and the actions allowed now — never
the plan, another player's position or start cell. `host_view` holds everything.

Undo replays the game from its start without the last action (the engine is deterministic).
The moves script and the JSON transcript are those `plan play --script` reads and writes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from ..content.placeholders import fill
from ..content.play import PlayTexts
from ..plan.game.answers import error_text
from ..plan.game.engine import BOMB, DROP, MOVE, SHOOT, TAKE, Action, IllegalAction, apply
from ..plan.game.play import Session, action_text, ending, log_lines, place_text, split_players
from ..plan.game.playscript import transcript_json
from ..plan.text.gridtext import write_grid
from ..plan.text.model import DIRECTIONS, Plan, Pos, cell_name

PLAN_FILE = "plan.txt"  # the plan's name in transcripts: download it under this name
TREASURE_WORDS = {"treasure", "two_treasures"}
BAD_NAME_CHARS = set(" \t#,:")
PAGE_CODES = ("not_started", "not_offered", "start_late")


@dataclass
class Seat:
    """One player: the name, the token of the join link, the chosen start, whether chosen."""

    name: str
    token: str
    start: Pos | None = None
    ready: bool = False


@dataclass
class HostedGame:
    """One hosted game: the plan, the seats, the actions so far and the session they make."""

    plan: Plan
    text: str
    seats: list[Seat]
    genders: dict[str, str]
    lang: str
    seed: int
    texts: PlayTexts
    actions: list[tuple[str, Action]] = field(default_factory=list)
    session: Session | None = None
    version: int = 1
    key: str = field(default_factory=lambda: secrets.token_hex(6))  # names this game's QR codes

    @classmethod
    def create(cls, plan: Plan, text: str, players: str, lang: str, seed: int,
               texts: PlayTexts, bounds: tuple[int, int]) -> HostedGame:
        """A new game for `Аня,Борис:м,Вера`-style players; IllegalAction-like ValueError."""
        names, genders = split_players(players.replace("\n", ","))
        low, high = bounds
        if not low <= len(names) <= high:
            raise ValueError(f"players:{len(names)}:{low}:{high}")
        for name in names:
            if BAD_NAME_CHARS & set(name):
                raise ValueError(f"name:{name}")
        if len(set(names)) != len(names):
            raise IllegalAction("same_name", name=next(n for n in names if names.count(n) > 1))
        seats = [Seat(n, secrets.token_urlsafe(18)) for n in names]
        return cls(plan, text, seats, genders, lang, seed, texts)

    def seat(self, token: str) -> Seat | None:
        """The seat whose token this is (compared in constant time), or None."""
        found = None
        for seat in self.seats:
            if secrets.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def changed(self) -> None:
        """Count a change, so that waiting pages answer."""
        self.version += 1

    def choose_start(self, seat: Seat, pos: Pos | None) -> None:
        """Remember a player's secret start (None: drawn); begin when every player chose."""
        if self.session is not None:
            raise IllegalAction("start_late")
        seat.start, seat.ready = pos, True
        if all(s.ready for s in self.seats):
            self.begin()
        self.changed()

    def begin(self) -> None:
        """Start the game: starts not chosen are drawn with the seed."""
        if self.session is None:
            self.session = self._fresh()
            self.changed()

    def _fresh(self) -> Session:
        return Session.begin(self.plan, [s.name for s in self.seats],
                             [s.start for s in self.seats], self.seed, self.genders)

    def act(self, seat: Seat, action: Action) -> None:
        """Play one action of a player; IllegalAction when the rules or the page forbid it."""
        if self.session is None:
            raise IllegalAction("not_started")
        if action not in self.offers(seat.name):
            apply(self.session.state, seat.name, action)  # the engine's own refusal first
            raise IllegalAction("not_offered")
        self.session.act(seat.name, action)
        self.actions.append((seat.name, action))
        self.changed()

    def undo(self) -> bool:
        """Take back the last action (replayed from the start); False when there is none."""
        if not self.actions:
            return False
        self.actions.pop()
        session = self._fresh()
        for name, action in self.actions:
            session.act(name, action)
        self.session = session
        self.changed()
        return True

    def offers(self, name: str) -> list[Action]:
        """The actions a player may take now, as `plan play` offers them.

        `take` is offered only when the player's own last answer about his cell said «клад»
        and the treasure still lies there, so the button never tells more than the host said.
        """
        session = self.session
        if session is None or session.state.over:
            return []
        state = session.state
        i = state.index(name)
        me = state.players[i]
        if me.dead:
            return []
        offered: list[Action] = []
        if i == state.turn:
            offered += [Action(MOVE, d) for d in DIRECTIONS]
            offered += [Action(SHOOT, d) for d in DIRECTIONS] if me.bullets else []
            offered += [Action(BOMB, d) for d in DIRECTIONS] if me.bombs else []
        free = not state.played or i in (state.turn, state.last)
        if free and me.treasure is not None:
            offered.append(Action(DROP))
        if free and session.can_take(name) and self._heard_treasure(name):
            offered.append(Action(TAKE))
        return offered

    def _heard_treasure(self, name: str) -> bool:
        """Whether the last answer about name's cell (a step or the start) said «клад»."""
        assert self.session is not None
        for entry in reversed(self.session.log):
            if entry.player == name and entry.action.kind in (MOVE, TAKE, DROP):
                return entry.action.kind == MOVE and bool(TREASURE_WORDS & set(entry.answer.words))
        start = next(a for a in self.session.starts if a.player == name)
        return bool(TREASURE_WORDS & set(start.words))

    def refusal(self, exc: IllegalAction, words: dict[str, str]) -> str:
        """The host's words for a refused action (the page's own words for the page's codes)."""
        if exc.code in PAGE_CODES:
            return words[f"play.refused.{exc.code}"]
        return error_text(self.texts, exc.code, exc.params)

    def player_view(self, seat: Seat) -> dict[str, object]:
        """Everything one player's page is told: nothing of the plan but its size."""
        t = self.texts
        view: dict[str, object] = {
            "version": self.version, "name": seat.name, "rows": self.plan.rows,
            "cols": self.plan.cols, "started": self.session is not None,
            "ready": seat.ready, "start": cell_name(seat.start) if seat.start else None,
            "waiting": [s.name for s in self.seats if not s.ready]}
        session = self.session
        if session is None:
            return view
        state = session.state
        me = state.player(seat.name)
        log = log_lines(t, session, viewer=seat.name)
        if seat.name in session.drawn:
            log.insert(0, fill(t.note, name=seat.name,
                               note=fill(t.random_start, cell=cell_name(me.start))))
        view.update({
            "start": cell_name(me.start), "over": state.over,
            "turn": None if state.over else state.current().name,
            "me": {"bullets": me.bullets, "bombs": me.bombs, "wounded": me.wounded,
                   "dead": me.dead, "treasure": me.treasure is not None},
            "players": [{"name": p.name, "dead": p.dead} for p in state.players],
            "log": log, "ending": ending(t, session) if state.over else "",
            "actions": [self._offer(a) for a in self.offers(seat.name)]})
        return view

    def _offer(self, action: Action) -> dict[str, object]:
        return {"kind": action.kind, "direction": action.direction,
                "label": action_text(self.texts, action)}

    def host_view(self) -> dict[str, object]:
        """Everything the host's page shows: the plan, every position, the whole log."""
        t = self.texts
        view: dict[str, object] = {
            "version": self.version, "plan": write_grid(self.plan), "lang": self.lang,
            "seed": self.seed, "started": self.session is not None,
            "seats": [{"name": s.name, "ready": s.ready} for s in self.seats],
            "undo": bool(self.actions)}
        session = self.session
        if session is None:
            return view
        state, plan = session.state, self.plan
        view.update({
            "over": state.over, "turn": None if state.over else state.current().name,
            "players": [{"name": p.name, "start": cell_name(p.start),
                         "pos": place_text(t, plan, p.pos), "bullets": p.bullets,
                         "bombs": p.bombs, "wounded": p.wounded, "dead": p.dead,
                         "treasure": p.treasure or ""} for p in state.players],
            "treasures": [[w, place_text(t, plan, pos)] for w, pos in state.treasures],
            "destroyed": sorted(f"{cell_name(a)}–{cell_name(b)}" for a, b in state.destroyed),
            "log": log_lines(t, session), "ending": ending(t, session) if state.over else ""})
        return view

    def moves_script(self) -> str:
        """The game as a `plan play --script` file: start lines, then one action a line."""
        t = self.texts
        marks = ",".join(s.name + {"f": ":f", "m": ":m"}.get(self.genders.get(s.name, ""), "")
                         for s in self.seats)
        lines = [f"# labyrinth-pnp plan play {PLAN_FILE} --script THIS-FILE --seed {self.seed} "
                 f"--lang {self.lang} --players {marks}"]
        session = self.session
        if session is not None:
            lines += [f"{p.name} {t.words.start[0]} {cell_name(p.start)}"
                      for p in session.state.players]
        for name, action in self.actions:
            words = [] if action.kind == MOVE else [getattr(t.words, action.kind)[0]]
            words += [getattr(t.words, action.direction)[0]] if action.direction else []
            lines.append(f"{name} {' '.join(words)}")
        return "\n".join(lines) + "\n"

    def transcript(self) -> str:
        """The JSON transcript, as `plan play --script --format json` writes it."""
        return transcript_json(self.texts, self.session, PLAN_FILE, self.lang, seed=self.seed)

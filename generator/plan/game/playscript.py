"""Scripted games: `plan play PLAN --script MOVES.txt`, their transcripts, and replays for traces.

A script has one `PLAYER ACTION` per line (`Аня вверх`, `Boris shoot left`, `Вера take`),
optionally preceded by `PLAYER start CELL` lines; `#` starts a comment. A line the rules do not
allow is an error located by file, line and column. The JSON transcript records the seed,
the start cells and every action, so `plan print --trace` replays it exactly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...content.placeholders import fill
from ...content.play import PlayTexts
from ...errors import ContentError, Problem
from ..text.model import Plan, Pos, cell_name
from .answers import answer_text, error_text
from .engine import Action, IllegalAction
from .play import (
    Session,
    Vocabulary,
    ending,
    last_cell,
    log_lines,
    path_text,
    read_cell,
    reveal,
    shown,
)

MAX_SCRIPT_LINES = 100_000


class ScriptError(ContentError):
    """A script line the rules or the reader refuse, with the game played up to it (or None)."""

    def __init__(self, problems: list[Problem], session: Session | None) -> None:
        super().__init__(problems)
        self.session = session


@dataclass(frozen=True)
class Line:
    """One script line: where it is, the player, the command text and where that starts."""

    number: int
    column: int
    player: str
    command: str
    command_column: int


def visible(name: str) -> str:
    """A name with its control characters written as escapes (`\\x1b`), so that printing
    it cannot send a terminal a command (security review F8)."""
    if name.isprintable():
        return name
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in name)


def script_lines(text: str) -> list[Line]:
    """Split a script into lines of a player and a command (comments and blanks dropped)."""
    lines = []
    for number, raw in enumerate(text.splitlines()[:MAX_SCRIPT_LINES], start=1):
        body = raw.split("#", 1)[0].rstrip()
        stripped = body.lstrip()
        if not stripped:
            continue
        column = len(body) - len(stripped) + 1
        player, _, rest = stripped.partition(" ")
        player = visible(player.rstrip(":"))
        command = rest.strip()
        lines.append(Line(number, column, player, command,
                          column + len(stripped) - len(rest.lstrip()) if command else column))
    return lines


def run_script(plan: Plan, text: str, file: str, texts: PlayTexts, languages: list[PlayTexts],
               names: list[str] | None, genders: dict[str, str], seed: int) -> Session:
    """Play a script to its end; ContentError (file:line:col) at the first line not allowed."""
    vocab = Vocabulary(languages)
    lines = script_lines(text)
    order = list(names or dict.fromkeys(line.player for line in lines))
    starts: dict[str, Pos] = {}
    session: Session | None = None

    def fail(line: Line, message: str, column: int | None = None) -> ScriptError:
        return ScriptError([Problem(file, line.number, column or line.command_column, message)],
                           session)

    for line in lines:
        if line.player not in order:
            raise fail(line, error_text(texts, "unknown_player", {"name": shown(line.player)}),
                       line.column)
        first, _, cell = line.command.partition(" ")
        if vocab.words.get(first.lower()) == "start":
            pos = read_cell(cell, plan)
            if pos is None:
                raise fail(line, fill(texts.bad_cell, cell=shown(cell), last=last_cell(plan)))
            if session is not None:
                raise fail(line, texts.errors.start_late, line.column)
            starts[line.player] = pos
            continue
        try:
            command = vocab.parse(line.command)
        except IllegalAction as exc:
            raise fail(line, error_text(texts, exc.code, exc.params)) from exc
        if command == "quit":
            break
        if isinstance(command, str):
            raise fail(line, error_text(texts, "unknown_command", {"command": shown(line.command)}))
        if session is None:
            session = _begin(plan, order, starts, seed, genders, texts, file, line)
        try:
            session.act(line.player, command)
        except IllegalAction as exc:
            raise fail(line, error_text(texts, exc.code, exc.params)) from exc
    if session is None:
        session = _begin(plan, order, starts, seed, genders, texts, file, None)
    return session


def _begin(plan: Plan, order: list[str], starts: dict[str, Pos], seed: int,
           genders: dict[str, str], texts: PlayTexts, file: str, line: Line | None) -> Session:
    try:
        return Session.begin(plan, order, [starts.get(n) for n in order], seed, genders)
    except IllegalAction as exc:
        where = (line.number, line.column) if line else (1, 1)
        raise ScriptError([Problem(file, *where, error_text(texts, exc.code, exc.params))],
                          None) from exc


def transcript_text(texts: PlayTexts, session: Session) -> str:
    """The transcript as the host would read it out, then the ending, the plan and the paths."""
    lines = log_lines(texts, session) + [ending(texts, session)] + reveal(texts, session)
    return "\n".join(lines) + "\n"


def transcript_data(texts: PlayTexts, session: Session, plan_file: str, lang: str) -> dict:
    """The transcript as data: seed, players, every action with its answer, the result."""
    state = session.state
    plan = state.plan
    players = []
    for p, start in zip(state.players, session.starts):
        players.append({
            "name": p.name, "start": cell_name(p.start),
            "start_answer": answer_text(texts, start, session.genders),
            "path": [cell_name(pos) if plan.inside(pos) else None for pos in p.path],
            "bullets": p.bullets, "bombs": p.bombs, "wounded": p.wounded, "dead": p.dead,
            "treasure": p.treasure})
    turns = [{"turn": e.turn, "player": e.player, "action": e.action.kind,
              "direction": e.action.direction, "words": list(e.answer.words),
              "hits": [{"player": n, "result": r} for n, r in e.answer.hits], "to": e.answer.to,
              "answer": answer_text(texts, e.answer, session.genders)} for e in session.log]
    return {"plan": plan_file, "lang": lang, "seed": session.seed,
            "genders": dict(sorted(session.genders.items())), "players": players,
            "turns": turns, "winner": state.winner, "over": state.over,
            "treasures": [{"treasure": w, "cell": cell_name(pos) if plan.inside(pos) else None}
                          for w, pos in state.treasures]}


def transcript_json(texts: PlayTexts, session: Session | None, plan_file: str, lang: str,
                    problems: list[Problem] | None = None, seed: int = 0) -> str:
    """The JSON transcript, UTF-8 text with stable key order, and the problems that stopped it.

    A refused script line ends the transcript at the last allowed action; its `problems` are
    given as `plan check --format json` gives a plan's (file, line, column, message).
    """
    if session is None:
        data = {"plan": plan_file, "lang": lang, "seed": seed, "genders": {}, "players": [],
                "turns": [], "winner": None, "over": False, "treasures": []}
    else:
        data = transcript_data(texts, session, plan_file, lang)
    data["problems"] = [{"file": p.file, "line": p.line, "column": p.column,
                         "severity": p.severity, "message": p.message} for p in problems or []]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def replay_transcript(plan: Plan, text: str, file: str, texts: PlayTexts,
                      languages: list[PlayTexts]) -> Session:
    """Replay a JSON transcript or a moves script on plan; ContentError when it does not fit."""
    stripped = text.lstrip()
    if not stripped.startswith("{"):
        return run_script(plan, text, file, texts, languages, None, {}, 0)
    try:
        data = json.loads(text)
        names = [str(p["name"]) for p in data["players"]]
        starts = [read_cell(str(p["start"]), plan) for p in data["players"]]
        seed = int(data.get("seed", 0))
        turns = [(str(t["player"]), Action(str(t["action"]), t.get("direction")))
                 for t in data["turns"]]
        genders = {str(k): str(v) for k, v in dict(data.get("genders", {})).items()}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        line = getattr(exc, "lineno", 1)
        column = getattr(exc, "colno", 1)
        raise ContentError([Problem(file, line, column, "not a transcript of `labyrinth-pnp plan "
                                    f"play --format json` ({type(exc).__name__}: {exc}): "
                                    "write one with --script MOVES.txt --format json")]) from exc
    done = 0
    try:
        session = Session.begin(plan, names, list(starts), seed, genders)
        for name, action in turns:
            session.act(name, action)
            done += 1
    except IllegalAction as exc:
        where = f"action {done + 1}: " if done < len(turns) else ""
        tail = f" {texts.errors.other_plan}" if texts.errors.other_plan else ""
        raise ContentError([Problem(file, 1, 1, f"{where}{error_text(texts, exc.code, exc.params)}"
                                    f"{tail}")]) from exc
    return session


__all__ = ["ScriptError", "path_text", "replay_transcript", "run_script", "transcript_json",
           "transcript_text"]

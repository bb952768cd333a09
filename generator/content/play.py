"""What the program says when it hosts a game of «Лабиринт» (`plan play`), per language.

The words live in content/paper-labyrinth/play/LANG.yaml; generator/plan/game/answers.py loads
them and puts the engine's answers into words.
"""

from __future__ import annotations

from typing import Annotated

from .modeling import Strict
from .placeholders import uses

FOLDER = "paper-labyrinth/play"
NameText = Annotated[str, uses("name")]


class AnswerWords(Strict):
    land: str
    arsenal: str
    medpost: str
    mouth: str
    river: str
    hole: str
    wall: str
    swamp: str
    treasure: str
    two_treasures: str = ""  # «два клада»; empty: the treasure word (older content)
    out: str
    out_feminine: str = ""  # «вышла»; empty: languages whose word has one form
    real: str
    false: str
    blown: str
    not_blown: str
    miss: str


class NoteWords(Strict):
    taken: str
    dropped: str


class Words(Strict):
    up: list[str]
    down: list[str]
    left: list[str]
    right: list[str]
    move: list[str]
    shoot: list[str]
    bomb: list[str]
    take: list[str]
    drop: list[str]
    start: list[str]
    status: list[str]
    log: list[str]
    help: list[str]
    quit: list[str]
    yes: list[str]
    no: list[str]


class ActionWords(Strict):
    move: Annotated[str, uses("direction")]
    shoot: Annotated[str, uses("direction")]
    bomb: Annotated[str, uses("direction")]
    take: str
    drop: str


class ErrorTexts(Strict):
    unknown_command: Annotated[str, uses("command")]
    direction: str
    not_your_turn: Annotated[str, uses("current")]
    no_bullets: NameText
    no_bombs: NameText
    no_treasure: str
    wounded_take: str
    carrying: str
    nothing_to_drop: str
    game_over: str
    dead: NameText
    unknown_player: NameText
    same_name: NameText
    no_players: str
    start_off_plan: NameText
    bad_plan: str
    unknown_action: Annotated[str, uses("action")]
    start_late: str
    # after a replayed transcript's refused action (`plan print --trace`); optional, as older
    # translations lack it: without it the refusal is said alone
    other_plan: str = ""


class PlayTexts(Strict):
    """Everything the host says in one language."""

    answers: AnswerWords
    notes: NoteWords
    wounded: NameText
    killed: NameText
    wounded_feminine: str = ""
    killed_feminine: str = ""
    feminine_endings: list[str] = []
    masculine_names: list[str] = []
    separator: str
    default_players: list[str]
    outside: str
    words: Words
    banner: Annotated[str, uses("rows", "cols", "players")]
    ask_start: NameText
    random_start: Annotated[str, uses("cell")]
    bad_cell: Annotated[str, uses("cell", "last")]
    start: Annotated[str, uses("name", "answer")]
    prompt: NameText
    answer: Annotated[str, uses("answer")]
    note: Annotated[str, uses("name", "note")]
    take_prompt: NameText
    yes_or_no: str
    winner: NameText
    no_winner: str
    stopped: str
    reveal: str
    placed: Annotated[str, uses("real", "false")]
    paths: str
    path: Annotated[str, uses("name", "path")]
    status: Annotated[str, uses("name", "bullets", "bombs")]
    status_wounded: str
    status_treasure: str
    log_title: str
    log_line: Annotated[str, uses("turn", "name", "action", "answer")]
    actions: ActionWords
    help: str
    errors: ErrorTexts

"""`plan play` in a real pseudo-terminal: a short game in Russian and one in English."""

from __future__ import annotations

import codecs
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

EXAMPLE = """\
+--+--+--+--+--+
|H  .  X1 R> Rv|
+  +--+  +--+  +
|.  T- . >O  R<|
+  +  +  +  +--+
|X2 . |A  .  T+|
+--+  +  +  +  +
|.  .  . |.  .
+--+--+--+--+--+
"""


class Terminal:
    """The CLI running in a pseudo-terminal: type lines, wait for text."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = dict(os.environ, NO_COLOR="", COLUMNS="100")
        self.proc = subprocess.Popen([sys.executable, "-m", "generator.cli", *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     cwd=Path(__file__).resolve().parents[2])
        os.close(slave)
        self.seen = ""
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def expect(self, text: str, timeout: float = 15.0) -> str:
        """Read until text has appeared; return everything read so far."""
        end = time.monotonic() + timeout
        while text not in self.seen:
            left = end - time.monotonic()
            assert left > 0, f"no {text!r} in:\n{self.seen}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:
                    chunk = b""
                assert chunk, f"the program ended before {text!r}:\n{self.seen}"
                self.seen += self.decoder.decode(chunk)
        return self.seen

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def close(self) -> int:
        code = self.proc.wait(timeout=15)
        os.close(self.master)
        return code


@pytest.fixture
def example(tmp_path: Path) -> Path:
    path = tmp_path / "example.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    return path


def _drain(term: Terminal) -> None:
    """Read what is left until the program exits."""
    try:
        while True:
            ready, _, _ = select.select([term.master], [], [], 5)
            if not ready:
                return
            chunk = os.read(term.master, 4096)
            if not chunk:
                return
            term.seen += term.decoder.decode(chunk)
    except OSError:
        return


def test_a_short_game_in_russian(example: Path) -> None:
    term = Terminal("plan", "play", str(example), "--players", "Аня,Борис", "--seed", "3",
                    "--lang", "ru")
    term.expect("Аня, стартовая клетка")
    term.type("B3")
    term.expect("Борис, стартовая клетка")
    term.type("в4")  # the Cyrillic look-alike of B
    term.expect("Аня — «суша»")
    term.expect("Аня, ваш ход")
    term.type("вверх")
    term.expect("«суша, клад»")
    term.expect("брать клад?")
    term.type("может быть")
    term.expect("Ответьте «да» или «нет»")
    term.type("да")
    term.expect("клад у вас")
    term.expect("Борис, ваш ход")
    term.type("прыжок")
    term.expect("Не понял «прыжок»")
    term.expect("Борис, ваш ход: ")
    term.type("стрелять")
    term.expect("Назовите направление")
    term.type("стрелять вверх")  # from B4 up: Аня in B2 is the first one met
    term.expect("«Аня ранена»")
    term.expect("Аня, ваш ход")
    term.type("конец")
    term.expect("Партия остановлена.")
    _drain(term)
    assert term.close() == 0
    assert "Аня: B3 → B2" in term.seen and "Traceback" not in term.seen


def test_a_short_game_in_english_to_a_win(example: Path) -> None:
    term = Terminal("plan", "play", str(example), "--players", "Anya,Boris", "--lang", "en")
    term.expect("Anya, start cell")
    term.type("E3")
    term.expect("Boris, start cell")
    term.type("Z7")
    term.expect("is not a cell of this plan")
    term.type("A1")
    term.expect('Anya — "land, treasure"')
    term.expect("take the treasure? (yes/no)")
    term.type("y")
    term.expect("Anya, your turn")
    term.type("d")
    term.expect('Host: "land"')
    term.type("status")
    term.expect("Boris: bullets 3, bombs 3")
    term.type("shoot right")
    term.expect('Host: "miss"')
    term.type("r")
    term.expect('Host: "exited, the treasure is real"')
    term.expect("Anya leaves with the real treasure and wins!")
    term.expect("Boris: A1")
    _drain(term)
    assert term.close() == 0
    assert "Anya: E3 → E4 → outside" in term.seen and "Traceback" not in term.seen

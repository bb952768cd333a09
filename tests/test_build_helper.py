"""The build helper (generator/helper/): a build starts one; the next builds run in it and give
the same files, output, errors and exit statuses as a build that loads the tool itself; Ctrl-C
reaches them; it stops when asked, when idle, or when another tool asks it; it is never used
when switched off or when its folder is not private.

These tests run the installed `labyrinth-pnp` script, as a user does, each with a socket
folder of its own, and stop every helper they start.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.content.paths import bundled_dir

SCRIPT = Path(sys.executable).parent / "labyrinth-pnp"
HERE = Path(__file__).resolve().parent


@pytest.fixture
def helper_dir() -> Iterator[Path]:
    """A private socket folder with a short path (a socket's path must fit in 108 bytes);
    every helper still in it at the end is stopped."""
    place = Path(tempfile.mkdtemp(prefix="lh-", dir="/tmp"))
    try:
        yield place
    finally:
        subprocess.run([str(SCRIPT), "helper", "--stop"], env=_env(place), capture_output=True,
                       timeout=60)
        for pid in _helper_pids(place):
            os.kill(pid, signal.SIGKILL)
        shutil.rmtree(place, ignore_errors=True)


def _env(place: Path, **more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LABYRINTH_PNP_HELPER")}
    env["LABYRINTH_PNP_HELPER_DIR"] = str(place)
    env.update(more)
    return env


def _helper_pids(place: Path) -> list[int]:
    """The helpers whose environment names this socket folder (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes()
        except OSError:
            continue
        if (b"generator.helper.server" in cmdline
                and f"LABYRINTH_PNP_HELPER_DIR={place}".encode() in environ.split(b"\0")):
            found.append(int(entry.name))
    return found


def _run(place: Path | None, *args: object, cwd: Path = HERE.parent, **env: str
         ) -> subprocess.CompletedProcess[str]:
    environment = _env(place, **env) if place is not None else {**os.environ, **env}
    return subprocess.run([str(SCRIPT), *map(str, args)], env=environment, cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def _status(place: Path) -> str:
    return _run(place, "helper").stdout


def _wait_ready(place: Path) -> None:
    deadline = time.monotonic() + 120
    while "is ready" not in _status(place):
        assert time.monotonic() < deadline, "no helper became ready"
        time.sleep(0.2)


def _served(place: Path) -> int:
    text = _status(place)
    assert "is ready" in text, text
    return int(text.split("it has run ")[1].split()[0])


def _pdfs(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.pdf")}


def test_the_script_is_installed() -> None:
    assert SCRIPT.is_file(), f"{SCRIPT}: the package's script is missing (pip install -e .)"


def test_a_build_starts_a_helper_and_the_next_builds_match_builds_without_it(
        helper_dir: Path, tmp_path: Path) -> None:
    first = _run(helper_dir, "build", "magic-labyrinth", "--lang", "en", "--out",
                 tmp_path / "a")
    assert first.returncode == 0, first.stderr

    # while the helper warms up: an edited text, a broken one and a usage error, built by
    # builds that load the tool themselves
    text = (bundled_dir("content") / "magic-labyrinth" / "text" / "en.yaml").read_text("utf-8")
    assert "\nwand: Wand\n" in text
    for name, value in (("mine", "Magic wand"), ("bad", "[Wand")):
        folder = tmp_path / name / "magic-labyrinth" / "text"
        folder.mkdir(parents=True)
        (folder / "en.yaml").write_text(text.replace("\nwand: Wand\n", f"\nwand: {value}\n"),
                                        "utf-8")
    edited = ("build", "magic-labyrinth", "--lang", "en", "--content", tmp_path / "mine")
    broken = ("build", "magic-labyrinth", "--lang", "en", "--content", tmp_path / "bad",
              "--out", tmp_path / "d")
    alone = [_run(None, *edited, "--out", tmp_path / "c", LABYRINTH_PNP_HELPER="off"),
             _run(None, *broken, LABYRINTH_PNP_HELPER="off"),
             _run(None, "build", "--paper", "a5", LABYRINTH_PNP_HELPER="off")]
    _wait_ready(helper_dir)
    assert _served(helper_dir) == 0
    assert len(_helper_pids(helper_dir)) == 1

    helped = _run(helper_dir, *edited, "--out", tmp_path / "b")
    assert _served(helper_dir) == 1
    assert helped.returncode == alone[0].returncode == 0
    assert helped.stdout.replace(str(tmp_path / "b"), "OUT") == \
        alone[0].stdout.replace(str(tmp_path / "c"), "OUT")
    assert helped.stderr == alone[0].stderr
    assert _pdfs(tmp_path / "b") == _pdfs(tmp_path / "c")
    assert len(_pdfs(tmp_path / "b")) == 7

    # a folder built without the helper is up to date for a build in it
    again = _run(helper_dir, "build", "magic-labyrinth", "--lang", "en", "--out",
                 tmp_path / "a")
    assert again.stdout == f"0 files written to {tmp_path / 'a'}, 7 up to date\n", again.stdout
    assert _served(helper_dir) == 2

    # errors: the same lines on stderr, the same status, nothing written
    helped = _run(helper_dir, *broken)
    assert helped.returncode == alone[1].returncode == 1
    assert helped.stderr == alone[1].stderr and "en.yaml:" in helped.stderr
    assert not (tmp_path / "d").exists()
    helped = _run(helper_dir, "build", "--paper", "a5")
    assert helped.returncode == alone[2].returncode == 2
    assert helped.stderr == alone[2].stderr and "a5" in helped.stderr

    # the working folder and the umask are the build's own
    work = tmp_path / "work"
    work.mkdir()
    umasked = subprocess.run(f"umask 077 && exec '{SCRIPT}' build goblin-slayer --part counters "
                             "--lang en --out here", shell=True, cwd=work, env=_env(helper_dir),
                             capture_output=True, text=True, timeout=300)
    assert umasked.returncode == 0, umasked.stderr
    made = next((work / "here").rglob("*.pdf"))
    assert made.stat().st_mode & 0o777 == 0o600
    assert _served(helper_dir) == 5

    _ctrl_c_reaches_the_build(helper_dir, tmp_path / "interrupted")
    assert _served(helper_dir) == 6

    stopped = _run(helper_dir, "helper", "--stop")
    assert "Stopped the build helper" in stopped.stdout
    deadline = time.monotonic() + 30
    while _helper_pids(helper_dir):
        assert time.monotonic() < deadline, "the helper did not stop"
        time.sleep(0.1)
    assert not glob.glob(f"{helper_dir}/*.sock")
    assert "No build helper is running" in _status(helper_dir)


def _ctrl_c_reaches_the_build(helper_dir: Path, out: Path) -> None:
    """Ctrl-C as soon as the build's first temporary file appears: the client alone gets it
    (as from a terminal), the build in the helper stops as a build without it does."""
    build = subprocess.Popen([str(SCRIPT), "build", "--jobs", "2", "--out", str(out)],
                             env=_env(helper_dir), cwd=HERE.parent, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while not glob.glob(f"{out}/**/.*.tmp", recursive=True):
        assert build.poll() is None and time.monotonic() < deadline, "no temp file appeared"
        time.sleep(0.01)
    os.killpg(build.pid, signal.SIGINT)
    _, err = build.communicate(timeout=60)
    assert (build.returncode, err) == (130, "interrupted\n")
    assert glob.glob(f"{out}/**/.*.tmp", recursive=True) == []


def _bare_helper(place: Path, idle: float, ident: str | None = None) -> subprocess.Popen:
    """A helper's loop without its rehearsal build (only the loop is under test), for this
    tool's identity unless another is given."""
    script = ("import sys; from generator.helper import client; "
              "from generator.helper.server import Helper; "
              "ident = sys.argv[2] or client.identity(); "
              "h = Helper(client.socket_path(sys.argv[1], ident), ident, float(sys.argv[3])); "
              "h.bind(); h.run()")
    return subprocess.Popen([sys.executable, "-c", script, str(place), ident or "", str(idle)],
                            cwd=HERE.parent, env=_env(place))


def test_a_helper_stops_when_idle(helper_dir: Path) -> None:
    server = _bare_helper(helper_dir, 1.5)
    try:
        _wait_ready(helper_dir)
        assert "stops after 0.025 minutes" in _status(helper_dir)
        assert server.wait(timeout=30) == 0
        assert not glob.glob(f"{helper_dir}/*.sock")
    finally:
        server.kill()


def test_a_helper_asked_by_another_tool_says_so_and_stops(helper_dir: Path) -> None:
    """The identity in a request is compared in full (the socket's name is only a checksum of
    it); a helper that differs answers `stale`, and the client then builds by itself. This
    helper skips the rehearsal build."""
    from generator.helper import client

    sock = client.socket_path(str(helper_dir), "this tool")
    server = _bare_helper(helper_dir, 60.0, "this tool")
    try:
        deadline = time.monotonic() + 30
        while (conn := client.connect(sock)) is None:
            assert time.monotonic() < deadline, "the helper did not listen"
            time.sleep(0.05)
        client.send(conn, {"build": {"identity": "another tool"}}, (0, 1, 2))
        assert list(client.lines(conn)) == ["stale"]
        conn.close()
        assert server.wait(timeout=30) == 0
        assert not Path(sock).exists()
    finally:
        server.kill()


def test_no_helper_when_switched_off_or_when_its_folder_is_open(tmp_path: Path) -> None:
    for switch in ("off", "No"):
        place = Path(tempfile.mkdtemp(prefix="lh-", dir="/tmp"))
        try:
            done = _run(place, "build", "goblin-slayer", "--part", "counters", "--lang", "en",
                        "--out", tmp_path / "out", LABYRINTH_PNP_HELPER=switch)
            assert done.returncode == 0, done.stderr
            assert list(place.iterdir()) == [] and not _helper_pids(place)
            assert "off here" in _run(place, "helper", LABYRINTH_PNP_HELPER=switch).stdout
        finally:
            shutil.rmtree(place)
    place = Path(tempfile.mkdtemp(prefix="lh-", dir="/tmp"))
    try:
        place.chmod(0o777)  # others could reach or replace a socket here: never used
        done = _run(place, "build", "goblin-slayer", "--part", "counters", "--lang", "en",
                    "--out", tmp_path / "out")
        assert done.returncode == 0, done.stderr
        said = _run(place, "helper", LABYRINTH_PNP_HELPER_IDLE="soon")
        assert said.stdout == (
            f"No build helper can run here: {place} must be a folder that belongs to you and "
            "that nobody else can open (`chmod 700` it, or set LABYRINTH_PNP_HELPER_DIR to "
            "such a folder).\n")
        assert said.stderr == ("LABYRINTH_PNP_HELPER_IDLE='soon' is not a number of seconds "
                               "above 0: a helper waits 15 minutes (900 seconds) for a build.\n")
        assert list(place.iterdir()) == [] and not _helper_pids(place)
    finally:
        shutil.rmtree(place)


def test_starting_a_helper_says_so_on_a_terminal_only(helper_dir: Path, monkeypatch,
                                                      capsys) -> None:
    import subprocess as real

    from generator.helper import client

    started: list[list[str]] = []
    monkeypatch.setattr(real, "Popen", lambda argv, **_: started.append(argv))
    monkeypatch.setenv("LABYRINTH_PNP_HELPER", "on")
    monkeypatch.setenv("LABYRINTH_PNP_HELPER_DIR", str(helper_dir))
    for tty in (False, True):
        monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
        client.start_helper()
    assert started == [[sys.executable, "-m", "generator.helper.server"]] * 2
    assert capsys.readouterr().err == client.STARTED + "\n"
    assert "15 minutes" in client.STARTED and "helper --stop" in client.STARTED


def test_a_stuck_helper_is_left_and_starts_no_build_later(helper_dir: Path,
                                                          monkeypatch) -> None:
    """A helper that does not answer in time (stopped here) is left: the command builds by
    itself; when the helper wakes, the request whose client left starts nothing."""
    from generator.helper import client

    monkeypatch.setenv("LABYRINTH_PNP_HELPER", "on")
    monkeypatch.setenv("LABYRINTH_PNP_HELPER_DIR", str(helper_dir))
    monkeypatch.setattr(client, "START_SECONDS", 0.5)
    ident = client.identity()
    server = _bare_helper(helper_dir, 60.0, ident)
    try:
        deadline = time.monotonic() + 30
        while not Path(client.socket_path(str(helper_dir), ident)).exists():
            assert time.monotonic() < deadline, "the helper did not listen"
            time.sleep(0.05)
        os.kill(server.pid, signal.SIGSTOP)
        started = time.monotonic()
        assert client.build_with_helper(["build", "--help"]) is None  # harmless if run
        assert 0.5 <= time.monotonic() - started < 5
        os.kill(server.pid, signal.SIGCONT)
        answer = client.ask("status")  # answered after the old request was dropped
        assert answer is not None and answer["served"] == 0
    finally:
        server.kill()


def test_a_helper_asked_to_stop_finishes_the_builds_it_runs(helper_dir: Path,
                                                            tmp_path: Path) -> None:
    server = _bare_helper(helper_dir, 60.0)
    try:
        _wait_ready(helper_dir)
        build = subprocess.Popen([str(SCRIPT), "build", "goblin-slayer", "--lang", "en",
                                  "--jobs", "1", "--out", str(tmp_path / "out")],
                                 env=_env(helper_dir), cwd=HERE.parent, text=True,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while "it has run 1 build" not in _status(helper_dir):
            assert build.poll() is None and time.monotonic() < deadline, "no build started"
            time.sleep(0.02)
        assert "Stopped the build helper" in _run(helper_dir, "helper", "--stop").stdout
        assert build.poll() is None, "the build ended before the helper was asked to stop"
        assert "No build helper is running" in _status(helper_dir)  # takes no new build
        out, err = build.communicate(timeout=120)
        assert (build.returncode, err) == (0, "")
        assert out.endswith(f"5 files written to {tmp_path / 'out'}\n"), out
        assert server.wait(timeout=30) == 0
    finally:
        server.kill()

"""Fuzz user content folders: mutate one bundled file, run `check` and `build`, judge the result.

A case takes one bundled file (a YAML file, a rulebook, an example plan or a template), applies
one to three random mutations and writes it into a fresh user folder at the same relative path.
It then runs, in process, `check GAME --content DIR` and `build GAME --content DIR ...` for a
part that reads the file. The property: no step raises anything but SystemExit, exits with a
status outside {0, 1, 2}, prints a traceback or outlives its time bound; and when `check`
passes, `build` passes too.

Every random choice goes through one `random.Random` that hypothesis seeds (`st.randoms` with
true randomness: hypothesis' own random values lean to the first choices), so a run is
reproducible from its seed, or derandomized in CI. `run_fuzz()` runs every case, without
stopping at the first failure, and collects the distinct failure classes (exception type and
innermost `generator/` frame; for a timeout, the generator/ package running at the alarm) with
the smallest case of each; `minimize()` reverts the edits a failure does not need. A step that
ignores even the alarm is ended by faulthandler, which leaves the case and the stacks in
$TMPDIR/labyrinth-fuzz-watchdog-PID.txt. The CI test is tests/test_fuzz_content.py; the long
run is `make fuzz` (benchmarks/fuzz.py).
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import difflib
import faulthandler
import os
import re
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from random import Random
from types import TracebackType
from typing import Any, TextIO

import fuzz_attacks
import yaml
from click.testing import CliRunner

from generator.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
TEMPLATES = ROOT / "templates"

STEP_SECONDS = float(os.environ.get("FUZZ_TIMEOUT", "20"))
MEMORY_MB = int(os.environ.get("FUZZ_MEMORY_MB", "3072"))  # more address space per step
WATCHDOG_GRACE = 30.0  # after the alarm, faulthandler ends the process if nothing else did
OK_STATUSES = (0, 1, 2)

# ------------------------------------------------------------------------------------------
# Targets: the bundled files, and the game and parts that read each one
# ------------------------------------------------------------------------------------------

# Parts that read a file, by pattern of its path under content/ (first match wins). A game
# missing from `labyrinth-pnp list` is dropped; a file that matches nothing gets every part.
USES: list[tuple[str, dict[str, tuple[str, ...]]]] = [
    (r"common/project\.yaml", {"magic-labyrinth": ("rules",), "paper-labyrinth": ("rules",),
                               "goblin-slayer": ("rules",)}),
    (r"common/text/.*\.yaml", {"magic-labyrinth": ("counters",),
                               "paper-labyrinth": ("player-sheet",),
                               "goblin-slayer": ("counters",)}),
    (r"[^/]+/rules/.*\.md", {"*": ("rules",)}),
    (r"magic-labyrinth/game\.yaml", {"*": ("tokens", "formulas", "counters", "score-sheet",
                                           "tiles", "rules")}),
    (r"magic-labyrinth/tokens\.yaml", {"*": ("tokens", "formulas", "score-sheet", "rules")}),
    (r"magic-labyrinth/formulas\.yaml", {"*": ("formulas", "rules")}),
    (r"magic-labyrinth/counters\.yaml", {"*": ("counters", "tiles", "rules")}),
    (r"magic-labyrinth/text/.*\.yaml", {"*": ("tokens", "formulas", "counters", "score-sheet",
                                              "tiles")}),
    (r"paper-labyrinth/game\.yaml", {"*": ("player-sheet", "host-sheets", "rules")}),
    (r"paper-labyrinth/plans/.*\.txt", {"*": ("host-sheets",)}),
    (r"paper-labyrinth/text/.*\.yaml", {"*": ("player-sheet", "host-sheets")}),
    (r"goblin-slayer/game\.yaml", {"*": ("player-aid", "rules")}),
    (r"goblin-slayer/counters\.yaml", {"*": ("counters", "rules")}),
    (r"goblin-slayer/locations\.yaml", {"*": ("locations", "rules")}),
    (r"goblin-slayer/text/.*\.yaml", {"*": ("locations", "counters", "player-aid")}),
]

USES[:0] = fuzz_attacks.SVG_USES

# Cheap parts that draw the footer and document title, for template cases.
TEMPLATE_PARTS = {"magic-labyrinth": ("counters", "score-sheet"),
                  "paper-labyrinth": ("player-sheet",), "goblin-slayer": ("counters",)}


@dataclass(frozen=True)
class Target:
    """One bundled file a case can mutate, and where it is used."""

    root: str  # "content" or "templates"
    relative: str  # path under that root, with forward slashes
    kind: str  # "yaml", "text-yaml", "markdown", "plan" or "template"
    uses: tuple[tuple[str, tuple[str, ...]], ...]  # (game, parts that read the file)
    lang: str | None  # the file's language when its name is one (text/en.yaml, rules/ru.md)

    @property
    def original(self) -> str:
        """Return the bundled text of the file."""
        base = CONTENT if self.root == "content" else TEMPLATES
        return (base / self.relative).read_text(encoding="utf-8")


def list_parts() -> dict[str, tuple[str, ...]]:
    """Return each game's parts as `labyrinth-pnp list` prints them."""
    result = CliRunner().invoke(main, ["list"])
    if result.exit_code != 0:
        raise RuntimeError(f"labyrinth-pnp list failed: {result.output}")
    games: dict[str, tuple[str, ...]] = {}
    for line in result.output.splitlines():
        game, sep, parts = line.partition(":")
        if sep and not line.startswith(" "):
            games[game.strip()] = tuple(p.strip() for p in parts.split(",") if p.strip())
    return games


def _kind(relative: str) -> str:
    if relative.endswith(".svg"):
        return "svg"
    if relative.endswith(".md"):
        return "markdown"
    if relative.endswith(".txt"):
        return "plan"
    if re.fullmatch(r"[^/]+/text/[^/]+\.yaml", relative):
        return "text-yaml"
    return "yaml"


def _uses(relative: str, games: dict[str, tuple[str, ...]]) -> tuple[tuple[str, tuple[str, ...]],
                                                                      ...]:
    owner = relative.split("/", 1)[0]
    table: dict[str, tuple[str, ...]] = {}
    for pattern, found in USES:
        if re.fullmatch(pattern, relative):
            table = {owner if g == "*" else g: parts for g, parts in found.items()}
            break
    uses = []
    for game, parts in (table or {owner: games.get(owner, ())}).items():
        if game in games:
            kept = tuple(p for p in parts if p in games[game]) or games[game]
            uses.append((game, kept))
    return tuple(uses)


def discover_targets(games: dict[str, tuple[str, ...]] | None = None) -> list[Target]:
    """Return every bundled YAML, rulebook, example plan and template as a fuzz target."""
    games = games or list_parts()
    targets = []
    pictures: dict[str, int] = {}
    for path in sorted(CONTENT.rglob("*")):
        if path.suffix not in (".yaml", ".yml", ".md", ".txt", ".svg") or not path.is_file():
            continue
        relative = path.relative_to(CONTENT).as_posix()
        if path.suffix == ".svg":  # a few pictures of each folder the fuzzer knows
            folder = next((p for p, _ in fuzz_attacks.SVG_USES if re.fullmatch(p, relative)), "")
            pictures[folder] = pictures.get(folder, 0) + 1
            if not folder or pictures[folder] > fuzz_attacks.SVG_PER_FOLDER:
                continue
        if relative.endswith(".txt") and "/plans/" not in relative:
            continue
        uses = _uses(relative, games)
        if not uses:
            continue
        lang = path.stem if path.parent.name in ("text", "rules") else None
        targets.append(Target("content", relative, _kind(relative), uses, lang))
    template_uses = tuple((g, tuple(p for p in parts if p in games.get(g, ())))
                          for g, parts in TEMPLATE_PARTS.items() if g in games)
    for path in sorted(TEMPLATES.glob("*.j2")):
        targets.append(Target("templates", path.name, "template", template_uses, None))
    return targets


# ------------------------------------------------------------------------------------------
# Random values
# ------------------------------------------------------------------------------------------

TEXT_ALPHABET = ("abcxyzXYZ0189 -_.:,;#&*!?|>%@`'\"{}[]()<>/\\=+~^$ёЖщЯ€→✓🙂\u0301\u200b"
                 "\u202e\t\r\x00\x07\x1b\x7f\x85\u2028\ufeff\uffff")
BRACES = ["{", "}", "{}", "{0}", "{x}", "{{", "}}", "{page}", "{bonus!r}", "{a.__class__}",
          "{:>99999}", "{{ 1/0 }}", "{% for %}", "{%", "}}{{"]
LENGTHS = ["25mm", "0mm", "-5mm", "1e9mm", "mm", "25", "1in", "2.5cm", "25 furlongs", "nanmm",
           "infmm", "0.0001mm", "99999999999999999999mm", "25mm25mm", " 25 mm "]
COLORS = ["#zzz", "#ffffff", "#fff", "red", "", "#12345", "#1234567", "rgb(1,2,3)", "#-1-1-1"]
HUGE = [10**9, 2**31, 2**63, 10**30, 10**100, 10**400]
FLOATS = [0.5, -0.25, 1e-9, 3.0, 1e308, -1e308, float("inf"), float("-inf"), float("nan")]
FILLERS = ["A", "word ", "Ж", "🙂", "{x}", "W" * 40 + " "]


def random_text(rnd: Random, low: int = 1, high: int = 12) -> str:
    """Return short random text drawn from letters, symbols, controls and odd Unicode."""
    return "".join(rnd.choice(TEXT_ALPHABET) for _ in range(rnd.randint(low, high)))


def long_text(rnd: Random) -> str:
    """Return a long string built from a repeated filler."""
    return rnd.choice(FILLERS) * rnd.choice([300, 5000, 100_000])


def random_value(rnd: Random, depth: int = 0) -> Any:
    """Return a random YAML-representable value meant to upset a loader."""
    kind = rnd.choice(["text", "int", "negative", "huge", "float", "bool", "empty", "null",
                       "long", "braces", "length", "color", "list", "map"])
    if kind == "text":
        return random_text(rnd)
    if kind == "int":
        return rnd.randint(-3, 60)
    if kind == "negative":
        return -rnd.choice([1, 2, 7, 1000, 10**6])
    if kind == "huge":
        return rnd.choice(HUGE) * rnd.choice([1, -1])
    if kind == "float":
        return rnd.choice(FLOATS)
    if kind == "bool":
        return rnd.choice([True, False])
    if kind == "empty":
        return ""
    if kind == "null":
        return None
    if kind == "long":
        return long_text(rnd)
    if kind == "braces":
        return rnd.choice(BRACES)
    if kind == "length":
        return rnd.choice(LENGTHS)
    if kind == "color":
        return rnd.choice(COLORS)
    if depth > 0:
        return random_text(rnd)
    if kind == "list":
        return [random_value(rnd, depth + 1) for _ in range(rnd.randint(0, 3))]
    return {random_text(rnd, 1, 5): random_value(rnd, depth + 1) for _ in range(rnd.randint(0, 2))}


def flow(value: Any) -> str:
    """Return value written as one line of YAML."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**9)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def short(value: Any, limit: int = 60) -> str:
    """Return repr(value), cut to limit characters."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}…({len(text)} chars)"


def raw_byte(value: int) -> str:
    """Return the character that surrogateescape writes as the single byte value."""
    return chr(0xDC00 + value) if value >= 0x80 else chr(value)


def encode(text: str) -> bytes:
    """Return the bytes of a mutated file (lone surrogates stand for raw bytes)."""
    return text.encode("utf-8", "surrogateescape")


# ------------------------------------------------------------------------------------------
# Mutations: each takes the text and a Random and returns (new text, what it did) or None when
# it does not apply to this text
# ------------------------------------------------------------------------------------------

Result = tuple[str, str] | None
Mutation = Callable[[str, Random], Result]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _pick_line(lines: list[str], rnd: Random, pattern: str = r".") -> int | None:
    found = [i for i, line in enumerate(lines) if re.search(pattern, line)]
    return rnd.choice(found) if found else None


def truncate(text: str, rnd: Random) -> Result:
    """Cut the file at a random offset."""
    if not text:
        return None
    at = rnd.randint(0, len(text) - 1)
    return text[:at], f"cut at offset {at} of {len(text)}"


def insert_bytes(text: str, rnd: Random) -> Result:
    """Insert raw bytes, control characters, a BOM or a tab at a random offset."""
    at = rnd.randint(0, len(text))
    choice = rnd.choice(["bytes", "control", "bom", "tab", "crlf", "nul"])
    if choice == "bytes":
        piece = "".join(raw_byte(rnd.randint(0x80, 0xFF)) for _ in range(rnd.randint(1, 4)))
    elif choice == "control":
        piece = rnd.choice(["\x00", "\x07", "\x1b[31m", "\x0c", "\x7f", "\u2028", "\x85"])
    elif choice == "bom":
        piece = "\ufeff"
    elif choice == "tab":
        piece = "\t"
    elif choice == "crlf":
        return text.replace("\n", "\r\n"), "line ends CRLF"
    else:
        piece = "\x00" * rnd.randint(1, 3)
    return text[:at] + piece + text[at:], f"insert {short(piece)} at offset {at}"


def random_chars(text: str, rnd: Random, alphabet: str = TEXT_ALPHABET) -> Result:
    """Insert or overwrite a few random characters at random offsets."""
    done = []
    for _ in range(rnd.randint(1, 4)):
        at = rnd.randint(0, len(text))
        piece = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 3)))
        if rnd.random() < 0.5 and at < len(text):
            text = text[:at] + piece + text[at + len(piece):]
            done.append(f"overwrite {short(piece)} at {at}")
        else:
            text = text[:at] + piece + text[at:]
            done.append(f"insert {short(piece)} at {at}")
    return text, "; ".join(done)


def delete_lines(text: str, rnd: Random) -> Result:
    """Delete one to five consecutive lines."""
    lines = _lines(text)
    if len(lines) < 2:
        return None
    start = rnd.randrange(len(lines))
    count = rnd.randint(1, 5)
    del lines[start:start + count]
    return "\n".join(lines), f"delete lines {start + 1}-{start + count}"


def duplicate_lines(text: str, rnd: Random) -> Result:
    """Repeat one to five consecutive lines right after themselves."""
    lines = _lines(text)
    start = rnd.randrange(len(lines))
    count = rnd.randint(1, 5)
    lines[start + count:start + count] = lines[start:start + count]
    return "\n".join(lines), f"duplicate lines {start + 1}-{start + count}"


# --- YAML, structural (parse, change, dump again) -----------------------------------------

Node = tuple[tuple[Any, ...], Any]


def _walk(data: Any, path: tuple[Any, ...] = (), seen: set[int] | None = None
          ) -> Iterator[Node]:
    """Yield (path, value) of every node, entering a shared or cyclic branch only once."""
    seen = set() if seen is None else seen
    yield path, data
    if not isinstance(data, (dict, list)) or id(data) in seen:
        return
    seen.add(id(data))
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in list(items):
        yield from _walk(value, path + (key,), seen)


_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: the harness's own
_FAST_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # parsing is not what is tested


def _load(text: str) -> Any:
    try:
        data = yaml.load(text, Loader=_FAST_LOADER)  # noqa: S506 - a safe loader
    except (yaml.YAMLError, ValueError, RecursionError):
        return None
    return data if isinstance(data, (dict, list)) else None


def _dump(data: Any) -> str:
    return yaml.dump(data, Dumper=_FAST_DUMPER, allow_unicode=True, sort_keys=False,
                     width=10**9)


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def yaml_scalar(text: str, rnd: Random) -> Result:
    """Replace a scalar (sometimes a whole branch) at a random path by a random value."""
    data = _load(text)
    if data is None:
        return None
    nodes = [(p, v) for p, v in _walk(data) if p]
    scalars = [(p, v) for p, v in nodes if not isinstance(v, (dict, list))]
    pool = scalars if scalars and rnd.random() < 0.8 else nodes
    if not pool:
        return None
    path, old = rnd.choice(pool)
    new = random_value(rnd)
    _parent(data, path)[path[-1]] = new
    return _dump(data), f"at {list(path)}: {short(old, 30)} -> {short(new)}"


def yaml_number(text: str, rnd: Random) -> Result:
    """Nudge a number to an edge: zero, negative, off by one, a thousand times, a float."""
    data = _load(text)
    if data is None:
        return None
    numbers = [(p, v) for p, v in _walk(data) if p and isinstance(v, (int, float))
               and not isinstance(v, bool)]
    if not numbers:
        return None
    path, old = rnd.choice(numbers)
    edits: dict[str, Callable[[Any], Any]] = {
        "zero": lambda n: 0, "negate": lambda n: -n, "plus": lambda n: n + 1,
        "minus": lambda n: n - 1, "times": lambda n: n * 1000, "half": lambda n: n + 0.5,
        "million": lambda n: 10**6, "minus-one": lambda n: -1, "one": lambda n: 1}
    try:
        new = edits[rnd.choice(sorted(edits))](old)
    except OverflowError:  # a huge integer left by an earlier mutation
        new = -1
    _parent(data, path)[path[-1]] = new
    return _dump(data), f"at {list(path)}: {old!r} -> {new!r}"


def yaml_remove_key(text: str, rnd: Random) -> Result:
    """Remove a random key of a random mapping."""
    data = _load(text)
    if data is None:
        return None
    keyed = [(p, v) for p, v in _walk(data) if isinstance(v, dict) and v]
    if not keyed:
        return None
    path, mapping = rnd.choice(keyed)
    key = rnd.choice(list(mapping))
    del mapping[key]
    return _dump(data), f"remove key {list(path) + [key]}"


def yaml_add_key(text: str, rnd: Random) -> Result:
    """Add an unknown key with a random value to a random mapping."""
    data = _load(text)
    if data is None:
        return None
    maps = [(p, v) for p, v in _walk(data) if isinstance(v, dict)]
    if not maps:
        return None
    path, mapping = rnd.choice(maps)
    key = rnd.choice(["colour", "unknown", "extra_key", "__class__", "0", "true", "<<",
                      random_text(rnd, 1, 8)])
    mapping[key] = random_value(rnd)
    return _dump(data), f"add key {list(path) + [key]} = {short(mapping[key])}"


def yaml_duplicate_item(text: str, rnd: Random) -> Result:
    """Duplicate a random item of a random list."""
    data = _load(text)
    if data is None:
        return None
    lists = [(p, v) for p, v in _walk(data) if isinstance(v, list) and v]
    if not lists:
        return None
    path, items = rnd.choice(lists)
    i = rnd.randrange(len(items))
    items.insert(i, copy.deepcopy(items[i]))
    return _dump(data), f"duplicate item {list(path) + [i]}"


def yaml_share_node(text: str, rnd: Random) -> Result:
    """Put one mapping or list at a second place too, so the dump writes an anchor and alias."""
    data = _load(text)
    if data is None:
        return None
    nodes = [(p, v) for p, v in _walk(data) if p]
    branches = [(p, v) for p, v in nodes if isinstance(v, (dict, list))]
    if not branches or len(nodes) < 2:
        return None
    source, value = rnd.choice(branches)
    dest, _ = rnd.choice(nodes)
    if dest[:len(source)] == source:
        return None  # a node inside the shared one: would make a cycle the dumper refuses
    _parent(data, dest)[dest[-1]] = value
    return _dump(data), f"alias {list(source)} at {list(dest)}"


# --- YAML, line level ----------------------------------------------------------------------

_VALUE_LINE = r"^(\s*(?:- )?[^\s#:][^:#]*:[ \t]+|\s*- )(?=\S)(?!#)(.*)$"


def yaml_line_scalar(text: str, rnd: Random) -> Result:
    """Replace the value on one `key: value` or `- value` line, quoted or raw."""
    lines = _lines(text)
    i = _pick_line(lines, rnd, _VALUE_LINE)
    if i is None:
        return None
    match = re.match(_VALUE_LINE, lines[i])
    assert match is not None
    value = random_value(rnd)
    written = flow(value) if rnd.random() < 0.7 else str(value)
    lines[i] = match.group(1) + written
    return "\n".join(lines), f"line {i + 1} value -> {short(written)}"


def yaml_indent(text: str, rnd: Random) -> Result:
    """Indent or dedent one line, or every line from one onwards."""
    lines = _lines(text)
    i = _pick_line(lines, rnd, r"\S")
    if i is None:
        return None
    shift = rnd.choice([-4, -2, -1, 1, 2, 3, 4])
    end = len(lines) if rnd.random() < 0.3 else i + 1
    for j in range(i, end):
        lines[j] = " " * shift + lines[j] if shift > 0 else re.sub(rf"^ {{0,{-shift}}}", "",
                                                                   lines[j])
    return "\n".join(lines), f"shift lines {i + 1}-{end} by {shift}"


def yaml_tab(text: str, rnd: Random) -> Result:
    """Put a tab into the indentation or after the colon of one line."""
    lines = _lines(text)
    i = _pick_line(lines, rnd, r"\S")
    if i is None:
        return None
    if rnd.random() < 0.5:
        lines[i] = re.sub(r"^( *)", lambda m: "\t" + m.group(1)[2:], lines[i])
    else:
        lines[i] = lines[i].replace(": ", ":\t", 1)
    return "\n".join(lines), f"tab on line {i + 1}"


def yaml_anchor(text: str, rnd: Random) -> Result:
    """Add anchors and aliases by hand: valid, undefined, merge keys or an alias bomb."""
    lines = _lines(text)
    values = [i for i, line in enumerate(lines) if re.match(_VALUE_LINE, line)]
    choice = rnd.choice(["pair", "undefined", "merge", "bomb", "self"])
    if choice == "bomb":
        levels = rnd.randint(3, 9)
        bomb = ["fuzz_lol0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        bomb += [f"fuzz_lol{n}: &l{n} [" + ", ".join([f"*l{n - 1}"] * 10) + "]"
                 for n in range(1, levels)]
        return "\n".join(lines + bomb), f"alias bomb of 10^{levels} items"
    if choice == "self":
        return "\n".join(lines + ["fuzz_self: &me [*me]"]), "self-referencing anchor"
    if not values:
        return None
    i = rnd.choice(values)
    match = re.match(_VALUE_LINE, lines[i])
    assert match is not None
    if choice == "undefined":
        lines[i] = match.group(1) + "*nowhere"
        return "\n".join(lines), f"undefined alias on line {i + 1}"
    if choice == "merge":
        indent = re.match(r"\s*", lines[i]).group(0)  # type: ignore[union-attr]
        lines.insert(i + 1, f"{indent}<<: *{rnd.choice(['a1', 'nowhere'])}")
        lines[i] = match.group(1) + "&a1 " + match.group(2)
        return "\n".join(lines), f"merge key after line {i + 1}"
    j = rnd.choice(values)
    lines[i] = match.group(1) + "&a1 " + match.group(2)
    other = re.match(_VALUE_LINE, lines[j])
    assert other is not None
    lines[j] = other.group(1) + "*a1"
    return "\n".join(lines), f"anchor on line {i + 1}, alias on line {j + 1}"


# --- placeholders in text files --------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]\w*)\}")
PLACEHOLDER_FORMS = ["{Name}", "{}", "{0}", "{name.__class__}", "{name!r}", "{name:>99999}",
                     "{", "}", "", "{name[0]}", "{name.__class__.__mro__}", "{{name}}",
                     "{name:d}", "{name:,}", "{nope}", "{name!s:%}", "{name.real}"]
ADDED_PLACEHOLDERS = ["{page}", "{pages}", "{bonus}", "{card}", "{last}", "{rows}", "{nope}",
                      "{0}", "{}", "{bonus.__class__}", "{", "}", "{page:>99999}"]


def placeholder(text: str, rnd: Random) -> Result:
    """Bend a `{name}` placeholder (case, index, attribute, conversion, spec) or add one."""
    lines = _lines(text)
    having = [i for i, line in enumerate(lines) if _PLACEHOLDER.search(line)
              and not line.lstrip().startswith("#")]
    if having and rnd.random() < 0.75:
        i = rnd.choice(having)
        spots = list(_PLACEHOLDER.finditer(lines[i]))
        spot = rnd.choice(spots)
        name = spot.group(1)
        form = rnd.choice(PLACEHOLDER_FORMS)
        new = form.replace("Name", name.capitalize()).replace("name", name)
        lines[i] = lines[i][:spot.start()] + new + lines[i][spot.end():]
        return "\n".join(lines), f"line {i + 1}: {spot.group(0)} -> {new!r}"
    plain = [i for i, line in enumerate(lines) if re.match(_VALUE_LINE, line)
             and "{" not in line and not line.lstrip().startswith("#")]
    if not plain:
        return None
    i = rnd.choice(plain)
    added = rnd.choice(ADDED_PLACEHOLDERS)
    line = lines[i].split(" #", 1)[0].rstrip()
    if line.endswith(('"', "'")) and len(line) > 1:
        line = f"{line[:-1]} {added}{line[-1]}"
    else:
        line = f"{line} {added}"
    lines[i] = line
    return "\n".join(lines), f"line {i + 1}: add {added!r}"


# --- Markdown rulebooks ---------------------------------------------------------------------

JINJA_SNIPPETS = [
    "{{ undefined_name }}", "{{ facts.nope }}", "{% for x in range(10) %}", "{{ 1/0 }}",
    "{{ cycler.__init__.__globals__ }}", '{% include "/etc/passwd" %}',
    "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", '{{ "x" * 100000000 }}',
    "{{", "{%", "{% endfor %}", "{## unclosed comment", "{{ tokens[999] }}",
    "{{ facts | plural }}", '{{ 3 | plural("a") }}', '{{ "x" | plural("a", "b") }}',
    '{{ lipsum(10000) }}', "{{ range(100000000) | list | length }}", "{% raw %}",
    '{% extends "en.md" %}', '{% import "os" as os %}', "{{ ''.__class__.__mro__ }}",
    "{{ self }}", "{{ players.max ** players.max ** 99 }}", "{% set facts = 5 %}",
    "{{ (1,2) | join(none) }}", "{{ config }}", "{{ '%s' % (1, 2) }}",
    "{% for x in facts %}{{ x.__class__ }}{% endfor %}",
]
DIAGRAM_CALLS = [
    'diagram("nope")', 'diagram("token", number=999)', 'diagram("token", number="x")',
    'diagram("token", number=-1, size_mm=-5)', 'diagram("token", size_mm=100000)',
    'diagram("formula-card", card=-1)', 'diagram("formula-card", card=5, ingredients=[999])',
    'diagram("hex-location", id="nope")', 'diagram("hex-location", id=none)',
    'diagram("movement", case="nope")', "diagram()", "diagram(1)",
    'diagram("cave", counter_mm=-5)', 'diagram("cave", locations=5)',
    'diagram("plan-sample", plan="garbage")', 'diagram("board-setup", board=none)',
    'diagram("tile-shift", board={})', 'diagram("counters", counters=[{}])',
    'diagram("plan-legend", legend="x")', 'diagram("token", caption=5)',
    'diagram("token", number=7, caption="{{ 1/0 }}")', 'diagram("hex-location", walls=[[9, 9]])',
]
MARKUP = [
    "<b>bold", "</para>", "<font size=1000>big</font>", "&#0;", "&bogus;", "&",
    '<img src="/etc/passwd"/>', "<br/>" * 50, "<para>", "<script>alert(1)</script>",
    "## Duplicate {#about}", "####### seven", "# {#}", "## {#bad id!}", "| a |", "| --- |",
    "| a | b |\n| --- |\n| 1 | 2 | 3 | 4 |", "> " * 400 + "deep", "- " * 300 + "deep",
    "1. " * 300 + "deep", "W" * 5000, "[link](javascript:alert(1))", "![pic](/etc/passwd)",
    '<!--diagram {"name": "token"}-->', "<!--diagram not json-->",
    '<!--diagram {"name": "cave", "locations": 5}-->', "```", "~~~ unclosed", "***", "---",
    "\\", "*" * 200, "_" * 200, "`" * 50, "<" * 100, "[^1]", "{#id}", "$$ x $$",
]
FRONT_MATTER_BREAKS = [
    "drop-opening", "drop-closing", "title-list", "title-empty", "title-jinja", "unclosed-flow",
    "tab", "unknown-key", "list", "alias", "huge-title", "second-front-matter", "only-dashes",
    "title-number", "nothing-but-front-matter",
]


def _insert_at_random(text: str, rnd: Random, piece: str) -> tuple[str, str]:
    lines = _lines(text)
    i = rnd.randrange(len(lines) + 1)
    if i < len(lines) and rnd.random() < 0.5:
        line = lines[i]
        at = rnd.randint(0, len(line))
        lines[i] = line[:at] + piece + line[at:]
        return "\n".join(lines), f"line {i + 1} col {at + 1}: {short(piece)}"
    lines.insert(i, piece)
    return "\n".join(lines), f"new line {i + 1}: {short(piece)}"


def md_jinja(text: str, rnd: Random) -> Result:
    """Insert a Jinja snippet: undefined names, errors, escapes, includes, bombs."""
    return _insert_at_random(text, rnd, rnd.choice(JINJA_SNIPPETS))


def md_diagram(text: str, rnd: Random) -> Result:
    """Insert a `diagram(...)` call with a bad name or bad arguments."""
    return _insert_at_random(text, rnd, "{{ " + rnd.choice(DIAGRAM_CALLS) + " }}")


def md_markup(text: str, rnd: Random) -> Result:
    """Insert Markdown or HTML that a typesetter might trip on."""
    return _insert_at_random(text, rnd, rnd.choice(MARKUP))


def md_front_matter(text: str, rnd: Random) -> Result:
    """Break the `---` front matter in one of several ways."""
    lines = _lines(text)
    end = next((i for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), None)
    how = rnd.choice(FRONT_MATTER_BREAKS)
    title = next((i for i in range(1, end or 1) if lines[i].startswith("title:")), None)
    if how == "drop-opening" and lines and lines[0].strip() == "---":
        del lines[0]
    elif how == "drop-closing" and end is not None:
        del lines[end]
    elif how == "second-front-matter" and end is not None:
        lines[end + 1:end + 1] = ["---", "title: [", "---"]
    elif how == "only-dashes":
        lines = ["---", "---"] + lines
    elif how == "nothing-but-front-matter" and end is not None:
        lines = lines[:end + 1]
    elif how == "list" and end is not None:
        lines[1:end] = ["- a", "- b"]
    elif how in ("unknown-key", "tab", "alias") and end is not None:
        extra = {"unknown-key": "colour: red", "tab": "\ttitle: Tabbed",
                 "alias": "subtitle: *nowhere"}[how]
        lines.insert(1, extra)
    elif title is not None:
        value = {"title-list": "[a, b]", "title-empty": "", "title-jinja": '"{{ 1/0 }}"',
                 "unclosed-flow": "[oops", "huge-title": "T" * 100_000, "title-number": "42"
                 }.get(how, "")
        lines[title] = f"title: {value}"
    else:
        return None
    return "\n".join(lines), how


# --- plans and templates -------------------------------------------------------------------

PLAN_ALPHABET = "".join(sorted({c for p in CONTENT.glob("*/plans/*.txt")
                                for c in p.read_text(encoding="utf-8") if c != "\n"}))
PLAN_EXTRA = "0123456789ЯЮЭЖ<>^v~=*?\t\x00\u200b🙂"


def plan_line_edit(text: str, rnd: Random) -> Result:
    """Edit one line of a plan: delete, duplicate, swap, change, cut or stretch it."""
    lines = _lines(text)
    i = rnd.randrange(len(lines))
    how = rnd.choice(["delete", "duplicate", "swap", "change", "cut", "stretch", "reverse"])
    line = lines[i]
    if how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, line)
    elif how == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], line
    elif how == "change" and line:
        at = rnd.randrange(len(line))
        lines[i] = line[:at] + rnd.choice(PLAN_ALPHABET + PLAN_EXTRA) + line[at + 1:]
    elif how == "cut" and line:
        lines[i] = line[:rnd.randrange(len(line))]
    elif how == "stretch":
        lines[i] = line + rnd.choice(["+--", "|С ", "  ", "Р>", "Я9", "+" * 50]) * rnd.randint(
            1, 40)
    elif how == "reverse":
        lines[i] = line[::-1]
    else:
        return None
    return "\n".join(lines), f"{how} line {i + 1}"


def plan_chars(text: str, rnd: Random) -> Result:
    """Insert or overwrite random plan characters."""
    return random_chars(text, rnd, PLAN_ALPHABET + PLAN_EXTRA)


def plan_resize(text: str, rnd: Random) -> Result:
    """Repeat the whole grid to make a big plan, or keep only its frame."""
    lines = _lines(text)
    grid = [line for line in lines if line[:1] in "+|"]
    if not grid:
        return None
    if rnd.random() < 0.5:
        times = rnd.choice([2, 5, 20])
        body = [line * times for line in grid] * times
        return "\n".join(body), f"grid tiled {times}×{times}"
    return "\n".join([grid[0], grid[-1]]), "frame only"


TEMPLATE_SNIPPETS = [
    "{{ nope }}", "{{ game.nope }}", '{% include "/etc/passwd" %}', "{{ 1/0 }}",
    '{% include "footer.txt.j2" %}', '{% extends "document-title.txt.j2" %}',
    '{% extends "footer.txt.j2" %}', "{{ game.__class__.__mro__[1].__subclasses__() }}",
    "{{ cycler.__init__.__globals__ }}", '{{ "x" * 100000000 }}', "{{", "{%", "{#", "}}",
    "{% for x in range(10) %}", '{% import "nope.j2" as n %}', "{{ page_label | int / 0 }}",
    "{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}", "{{ range(100000000) | list | length }}",
    "{{ lipsum(1000) }}", "\n" * 50, "{{ game * 10000 }}",
]


def template_jinja(text: str, rnd: Random) -> Result:
    """Insert a Jinja snippet into a template."""
    piece = rnd.choice(TEMPLATE_SNIPPETS)
    at = rnd.randint(0, len(text))
    return text[:at] + piece + text[at:], f"insert {short(piece)} at {at}"


MUTATIONS: dict[str, dict[str, tuple[Mutation, int]]] = {
    "yaml": {
        "yaml-scalar": (yaml_scalar, 4), "yaml-line-scalar": (yaml_line_scalar, 3),
        "yaml-number": (yaml_number, 2),
        "yaml-remove-key": (yaml_remove_key, 2), "yaml-add-key": (yaml_add_key, 2),
        "yaml-duplicate-item": (yaml_duplicate_item, 2), "yaml-share-node": (yaml_share_node, 1),
        "yaml-anchor": (yaml_anchor, 1), "truncate": (truncate, 1),
        "bytes": (insert_bytes, 1), "yaml-tab": (yaml_tab, 1), "yaml-indent": (yaml_indent, 1),
        "duplicate-lines": (duplicate_lines, 1),
    },
    "markdown": {
        "md-jinja": (md_jinja, 4), "md-diagram": (md_diagram, 2), "md-markup": (md_markup, 3),
        "md-front-matter": (md_front_matter, 2), "delete-lines": (delete_lines, 1),
        "duplicate-lines": (duplicate_lines, 1), "chars": (random_chars, 1),
        "truncate": (truncate, 1), "bytes": (insert_bytes, 1),
    },
    "plan": {
        "plan-line": (plan_line_edit, 4), "plan-chars": (plan_chars, 3),
        "plan-resize": (plan_resize, 1), "truncate": (truncate, 1), "bytes": (insert_bytes, 1),
        "delete-lines": (delete_lines, 1),
    },
    "template": {
        "tpl-jinja": (template_jinja, 5), "chars": (random_chars, 1), "truncate": (truncate, 1),
        "bytes": (insert_bytes, 1),
    },
}
MUTATIONS["text-yaml"] = {**MUTATIONS["yaml"], "placeholder": (placeholder, 8)}
MUTATIONS["svg"] = {"truncate": (truncate, 1), "bytes": (insert_bytes, 1)}
for _kind_name, _family in fuzz_attacks.MUTATIONS.items():  # the security reviews' families
    MUTATIONS[_kind_name].update(_family)
STRUCTURAL = {"yaml-scalar", "yaml-number", "yaml-remove-key", "yaml-add-key",
              "yaml-duplicate-item", "yaml-share-node"}  # these parse and dump the file again


def mutate(kind: str, text: str, rnd: Random, count: int) -> tuple[str, list[tuple[str, str]]]:
    """Apply count random mutations fit for the file kind; return the text and what was done."""
    table = MUTATIONS[kind]
    names = sorted(table)
    weights = [table[n][1] for n in names]
    done: list[tuple[str, str]] = []
    tries = 0
    while len(done) < count and tries < 10 * count:
        tries += 1
        name = rnd.choices(names, weights)[0]
        try:
            result = table[name][0](text, rnd)
        except Exception as exc:  # noqa: BLE001 - a harness bug: reported, not fatal
            done.append(("harness-error", f"{name}: {type(exc).__name__}: {exc}"))
            continue
        if result is not None:
            text, detail = result
            done.append((name, detail))
    return text, done


# ------------------------------------------------------------------------------------------
# Cases
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One mutated file and the commands that exercise it."""

    target: Target
    mutated: str
    mutations: tuple[tuple[str, str], ...]
    game: str
    parts: tuple[str, ...]
    lang: str
    reduced: bool = False  # minimize() reverted edits: the diff, not the mutations, is the case

    @property
    def original(self) -> str:
        """Return the bundled text of the mutated file."""
        return self.target.original

    @property
    def baseline(self) -> str:
        """Return the text to diff against: the bundled file, re-dumped if a mutation did so."""
        if not any(name in STRUCTURAL for name, _ in self.mutations):
            return self.original
        data = _load(self.original)
        return self.original if data is None else _dump(data)

    @property
    def shown_path(self) -> str:
        """Return the file as the user would place it, e.g. content/goblin-slayer/game.yaml."""
        return f"{self.target.root}/{self.target.relative}"


def make_case(target: Target, rnd: Random) -> Case:
    """Mutate the target one to three times and pick the game, parts and language to build."""
    text, done = mutate(target.kind, target.original, rnd, rnd.randint(1, 3))
    game, parts = rnd.choice(list(target.uses))
    two = target.relative.endswith("game.yaml") and len(parts) > 1 and rnd.random() < 0.5
    chosen = tuple(rnd.sample(list(parts), 2 if two else 1))
    lang = target.lang or rnd.choice(["en", "ru"])
    if not (ROOT / "content" / game / "text" / f"{lang}.yaml").is_file():
        lang = rnd.choice(["en", "ru"])  # a shared file's language this game is not made in
    return Case(target, text, tuple(done), game, chosen, lang)


# ------------------------------------------------------------------------------------------
# Running a case: the CLI in process, under a time and memory bound
# ------------------------------------------------------------------------------------------


class StepTimeout(BaseException):
    """A step ran longer than its bound (BaseException, so no `except Exception` eats it)."""


_WATCHDOG: TextIO | None = None


def watchdog_file() -> TextIO:
    """Return the file faulthandler writes to if a step hangs past every bound."""
    global _WATCHDOG
    if _WATCHDOG is None:
        path = Path(tempfile.gettempdir()) / f"labyrinth-fuzz-watchdog-{os.getpid()}.txt"
        _WATCHDOG = path.open("w+", encoding="utf-8")
        atexit.register(_drop_watchdog, _WATCHDOG, path)  # kept only if the process is killed
    return _WATCHDOG


def _drop_watchdog(log: TextIO, path: Path) -> None:
    log.close()
    path.unlink(missing_ok=True)


def _address_space() -> int:
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


@contextlib.contextmanager
def bounded(seconds: float, note: str) -> Iterator[None]:
    """Raise StepTimeout after seconds, cap extra memory, and kill the process if all else fails."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    armed = [True]

    def alarm(signum: int, frame: Any) -> None:
        if armed[0]:
            raise StepTimeout(f"step ran longer than {seconds:g} s")

    log = watchdog_file()
    log.seek(0)
    log.truncate()
    log.write(f"fuzz step hung; case:\n{note}\n\n")
    log.flush()
    limits = _set_memory_cap()
    previous = signal.signal(signal.SIGALRM, alarm)
    # The alarm repeats every second: an exception raised inside a finalizer is swallowed.
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    faulthandler.dump_traceback_later(seconds + WATCHDOG_GRACE, exit=True, file=log)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGALRM, previous)
        _restore_memory_cap(limits)


def _set_memory_cap() -> tuple[int, int] | None:
    try:
        import resource
    except ImportError:
        return None
    old = resource.getrlimit(resource.RLIMIT_AS)
    used = _address_space()
    if not used or MEMORY_MB <= 0:
        return None
    cap = used + MEMORY_MB * 2**20
    if old[1] != resource.RLIM_INFINITY:
        cap = min(cap, old[1])
    resource.setrlimit(resource.RLIMIT_AS, (cap, old[1]))
    return old


def _restore_memory_cap(old: tuple[int, int] | None) -> None:
    if old is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, old)


@dataclass
class Step:
    """The outcome of one CLI command."""

    name: str  # "check" or "build"
    args: list[str]
    exit_code: int | None
    output: str
    exception: BaseException | None
    tb: TracebackType | None
    seconds: float


@dataclass(frozen=True)
class Failure:
    """One broken promise of one case."""

    key: tuple[str, str]  # (what, where): exception type and innermost generator/ frame
    step: str
    message: str
    detail: str


@dataclass
class Outcome:
    """A case with its steps and failures."""

    case: Case
    steps: list[Step]
    failures: list[Failure]
    seconds: float


_CHECK_TAKES_GAME: bool | None = None


def _check_has_templates() -> bool:
    command = main.commands.get("check")
    return command is not None and any(p.name == "templates" for p in command.params)


def _invoke(name: str, args: list[str], seconds: float, note: str) -> Step:
    start = time.perf_counter()
    try:
        with bounded(seconds, f"{note}\nlabyrinth-pnp {' '.join(args)}"):
            result = CliRunner().invoke(main, args)
    except StepTimeout as exc:
        return Step(name, args, None, "", exc, exc.__traceback__, time.perf_counter() - start)
    tb = result.exc_info[2] if result.exc_info else None
    return Step(name, args, result.exit_code, result.output, result.exception, tb,
                time.perf_counter() - start)


def command_args(case: Case, user: str, out: str) -> tuple[list[str], list[str]]:
    """Return the check and build arguments of a case (check with the game, as asked for)."""
    if case.target.root == "templates":
        where = ["--templates", user]
        check_where = where if _check_has_templates() else []
    else:
        where = check_where = ["--content", user]
    check = ["check", case.game, *check_where]
    build = ["build", case.game, *where, "--out", out, "--jobs", "1", "--lang", case.lang]
    for part in case.parts:
        build += ["--part", part]
    return check, build


def run_case(case: Case, seconds: float = STEP_SECONDS) -> Outcome:
    """Write the case's file into a fresh folder, run check then build, and judge both."""
    global _CHECK_TAKES_GAME
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="labyrinth-fuzz-") as tmp:
        user = Path(tmp) / case.target.root
        path = user / case.target.relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(encode(case.mutated))
        check_args, build_args = command_args(case, str(user), str(Path(tmp) / "out"))
        note = describe_case(case)
        if _CHECK_TAKES_GAME is False:
            check_args.remove(case.game)
        check = _invoke("check", check_args, seconds, note)
        if _CHECK_TAKES_GAME is None:
            if check.exit_code == 2 and "unexpected extra argument" in check.output:
                _CHECK_TAKES_GAME = False
                check_args.remove(case.game)
                check = _invoke("check", check_args, seconds, note)
            else:
                _CHECK_TAKES_GAME = True
        build = _invoke("build", build_args, seconds, note)
        steps = [check, build]
        failures = judge(case, steps, tmp)
    return Outcome(case, steps, failures, time.perf_counter() - start)


# ------------------------------------------------------------------------------------------
# Judging
# ------------------------------------------------------------------------------------------


def innermost_generator_frame(tb: TracebackType | None) -> str:
    """Return `generator/FILE.py:FUNCTION` of the deepest frame inside generator/, or '?'."""
    found = "?"
    for frame in traceback.extract_tb(tb):
        norm = frame.filename.replace("\\", "/")
        if "/generator/" in norm:
            found = f"generator/{norm.rsplit('/generator/', 1)[1]}:{frame.name}"
    return found


def timeout_place(tb: TracebackType | None) -> str:
    """Return the package (or top-level module) of generator/ that was running at the alarm."""
    frame = innermost_generator_frame(tb).split(":")[0]
    parts = frame.split("/")
    return "/".join(parts[:2]) + ("/" if len(parts) > 2 else "")


def traceback_tail(exc: BaseException, tb: TracebackType | None, lines: int = 14) -> str:
    """Return the last lines of the formatted traceback."""
    text = "".join(traceback.format_exception(type(exc), exc, tb))
    return "\n".join(text.rstrip().splitlines()[-lines:])


def normalize(message: str, tmp: str) -> str:
    """Return message with the temporary folder and numbers made generic, for grouping."""
    message = message.replace(tmp, "TMP")
    message = re.sub(r"'[^']*'", "'…'", message)
    return re.sub(r"\d+", "N", message)


def first_error(output: str) -> str:
    """Return the first problem or error line of the CLI output."""
    lines = [line for line in output.splitlines() if line.strip()]
    for line in lines:
        if "Error" in line or ": " in line:
            return line.strip()
    return lines[-1].strip() if lines else ""


def judge(case: Case, steps: list[Step], tmp: str) -> list[Failure]:
    """Return the failures of a finished case."""
    failures = []
    for step in steps:
        exc = step.exception
        if isinstance(exc, StepTimeout):  # where the alarm strikes varies: keep the package
            where = timeout_place(step.tb)
            failures.append(Failure(("Timeout", where), step.name, str(exc),
                                    traceback_tail(exc, step.tb)))
            continue
        if exc is not None and not isinstance(exc, SystemExit):
            where = innermost_generator_frame(step.tb)
            message = f"{type(exc).__name__}: {short(str(exc), 300)}"
            failures.append(Failure((type(exc).__name__, where), step.name, message,
                                    traceback_tail(exc, step.tb)))
            continue
        if step.exit_code not in OK_STATUSES:
            failures.append(Failure((f"exit status {step.exit_code}", step.name), step.name,
                                    f"exit status {step.exit_code}", step.output[-1500:]))
        elif "Traceback" in step.output:
            failures.append(Failure(("Traceback in output", step.name), step.name,
                                    "the output shows a traceback", step.output[-1500:]))
    for name, detail in case.mutations:
        if name == "harness-error":
            failures.append(Failure(("harness error", detail.split(":")[0]), "mutate", detail,
                                    "a mutation raised: fix tests/fuzz_content.py"))
    check, build = steps
    templates_unchecked = case.target.root == "templates" and not _check_has_templates()
    if (check.exit_code == 0 and check.exception is None and build.exit_code not in (0, None)
            and not failures and not templates_unchecked):
        error = first_error(build.output)
        failures.append(Failure(("check passed, build failed", normalize(error, tmp)), "build",
                                f"check exit 0, build exit {build.exit_code}: {error}",
                                build.output[-1500:]))
    return failures


# ------------------------------------------------------------------------------------------
# Reporting
# ------------------------------------------------------------------------------------------


def printable(text: str, limit: int = 160) -> str:
    """Return text with control characters and raw bytes escaped, cut to limit characters."""
    out = []
    for char in text:
        code = ord(char)
        if 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif char == "\t":
            out.append("\\t")
        elif code < 32 or code == 0x7F or char in "\u2028\u202e\ufeff\x85\u200b":
            out.append(repr(char)[1:-1])
        else:
            out.append(char)
    joined = "".join(out)
    return joined if len(joined) <= limit else f"{joined[:limit]}…(+{len(joined) - limit} chars)"


def diff_lines(case: Case, context: int = 1, limit: int = 24) -> list[str]:
    """Return a short unified diff of the bundled file against the mutated one."""
    diff = list(difflib.unified_diff(case.baseline.split("\n"), case.mutated.split("\n"),
                                     case.shown_path + (" (re-dumped by PyYAML)"
                                                        if case.baseline != case.original
                                                        else ""),
                                     "DIR/" + case.target.relative,
                                     n=context, lineterm=""))
    shown = [printable(line) for line in diff[:limit]]
    if len(diff) > limit:
        shown.append(f"… {len(diff) - limit} more diff lines")
    return shown


def changed_size(case: Case) -> int:
    """Return how many diff lines separate the mutated file from the bundled one."""
    return sum(1 for line in difflib.unified_diff(case.baseline.split("\n"),
                                                  case.mutated.split("\n"), n=0, lineterm="")
               if line[:1] in "+-") + len(case.mutated) // 10_000


def describe_case(case: Case) -> str:
    """Return the file, mutations and commands of a case, as a short text."""
    check, build = command_args(case, "DIR", "OUT")
    if _CHECK_TAKES_GAME is False:
        check.remove(case.game)
    lines = [f"file: {case.shown_path} (as DIR/{case.target.relative})"]
    before = " (before reduction: see the diff)" if case.reduced else ""
    lines += [f"mutation{before} {name}: {printable(detail, 200)}"
              for name, detail in case.mutations]
    lines += [f"$ labyrinth-pnp {' '.join(check)}", f"$ labyrinth-pnp {' '.join(build)}"]
    return "\n".join(lines)


@dataclass
class FailureClass:
    """Every case that failed the same way, and the smallest of them."""

    key: tuple[str, str]
    count: int
    steps: set[str]
    best: Outcome
    failure: Failure

    def describe(self) -> str:
        """Return a report of the class with its smallest reproduction."""
        what, where = self.key
        head = (f"[{self.count} case{'s' if self.count != 1 else ''}] {what} at {where} "
                f"(step: {', '.join(sorted(self.steps))})")
        body = [head, "  " + printable(self.failure.message, 300)]
        body += ["  " + line for line in describe_case(self.best.case).splitlines()]
        body += ["  diff:"] + ["    " + line for line in diff_lines(self.best.case)]
        body += ["  tail:"] + ["    " + printable(line, 200)
                               for line in self.failure.detail.splitlines()[-10:]]
        return "\n".join(body)


@dataclass
class FuzzReport:
    """What a fuzz run found, with timings."""

    cases: int = 0
    failing: int = 0
    seconds: float = 0.0
    classes: dict[tuple[str, str], FailureClass] = field(default_factory=dict)
    by_mutation: dict[str, list[float]] = field(default_factory=dict)
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    by_game: dict[str, list[float]] = field(default_factory=dict)
    by_step: dict[str, list[float]] = field(default_factory=dict)
    seed: int | None = None

    def add(self, outcome: Outcome) -> None:
        """Count one case and file its failures by class."""
        self.cases += 1
        self.failing += bool(outcome.failures)
        for name in {name for name, _ in outcome.case.mutations}:
            self.by_mutation.setdefault(name, []).append(outcome.seconds)
        self.by_kind.setdefault(outcome.case.target.kind, []).append(outcome.seconds)
        self.by_game.setdefault(outcome.case.game, []).append(outcome.seconds)
        for step in outcome.steps:
            self.by_step.setdefault(step.name, []).append(step.seconds)
        counted: set[tuple[str, str]] = set()
        for failure in outcome.failures:
            known = self.classes.get(failure.key)
            if known is None:
                self.classes[failure.key] = FailureClass(failure.key, 1, {failure.step},
                                                         outcome, failure)
                counted.add(failure.key)
                continue
            known.steps.add(failure.step)
            if failure.key in counted:
                continue
            counted.add(failure.key)
            known.count += 1
            if _smaller(outcome.case, known.best.case):
                known.best, known.failure = outcome, failure

    def timings(self) -> str:
        """Return the per-step, per-file-kind and per-mutation timing table."""
        rows = [f"time per case: {self.seconds / max(self.cases, 1):.3f} s, "
                f"{self.cases / max(self.seconds, 1e-9):.2f} cases/s"]
        for title, table in (("step", self.by_step), ("game", self.by_game),
                             ("file kind", self.by_kind), ("mutation", self.by_mutation)):
            rows.append(f"by {title} (cases, mean s, max s, total s):")
            for name, times in sorted(table.items(), key=lambda kv: -sum(kv[1])):
                rows.append(f"  {name:22} {len(times):6} {sum(times) / len(times):8.3f} "
                            f"{max(times):8.2f} {sum(times):9.1f}")
        return "\n".join(rows)

    def summary(self) -> str:
        """Return the failure classes, then the counts and timings."""
        parts = [c.describe() for c in sorted(self.classes.values(), key=lambda c: -c.count)]
        seed = f", seed {self.seed}" if self.seed is not None else ", derandomized"
        parts.append(f"{self.cases} cases, {self.failing} failing, {len(self.classes)} distinct "
                     f"failure classes, {self.seconds:.1f} s{seed}")
        parts.append(self.timings())
        return "\n\n".join(parts)


def _smaller(a: Case, b: Case) -> bool:
    return (len(a.mutations), changed_size(a), len(a.mutated)) < (
        len(b.mutations), changed_size(b), len(b.mutated))


def minimize(case: Case, key: tuple[str, str], seconds: float = STEP_SECONDS,
             budget: int = 40) -> Case:
    """Revert each edited block of lines the failure does not need; return the smaller case."""
    original = case.baseline.split("\n")
    current = case.mutated.split("\n")
    trials = 0
    changed = True
    while changed and trials < budget:
        changed = False
        matcher = difflib.SequenceMatcher(None, original, current, autojunk=False)
        blocks = [op for op in matcher.get_opcodes() if op[0] != "equal"]
        if len(blocks) < 2 and trials:
            break
        for _, i1, i2, j1, j2 in blocks:
            candidate = current[:j1] + original[i1:i2] + current[j2:]
            if candidate == original:
                continue
            trials += 1
            trial = replace(case, mutated="\n".join(candidate))
            if any(f.key == key for f in run_case(trial, seconds).failures):
                current = candidate
                changed = True
                break
            if trials >= budget:
                break
    return replace(case, mutated="\n".join(current), reduced=current != case.mutated.split("\n"))


def save_case(case: Case, folder: Path) -> None:
    """Write a case's file and a README with its commands under folder."""
    target = folder / case.target.root / case.target.relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(encode(case.mutated))
    text = describe_case(case).replace(" DIR", f" {folder / case.target.root}")
    (folder / "README.txt").write_text(text + "\n", encoding="utf-8")


# ------------------------------------------------------------------------------------------
# Driving cases with hypothesis
# ------------------------------------------------------------------------------------------


def run_fuzz(cases: int, seed: int | None = None, seconds: float = STEP_SECONDS,
             progress: Callable[[FuzzReport], None] | None = None,
             every: int = 500) -> FuzzReport:
    """Run cases generated by hypothesis (derandomized when seed is None); collect failures."""
    from hypothesis import HealthCheck, Phase, Verbosity, given, settings
    from hypothesis import seed as with_seed
    from hypothesis import strategies as st

    targets = discover_targets()
    report = FuzzReport(seed=seed)
    start = time.perf_counter()

    @settings(max_examples=cases, deadline=None, derandomize=seed is None, database=None,
              phases=[Phase.explicit, Phase.generate], verbosity=Verbosity.quiet,
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(st.sampled_from(targets), st.randoms(use_true_random=True))
    def one(target: Target, rnd: Random) -> None:
        report.add(run_case(make_case(target, rnd), seconds))
        report.seconds = time.perf_counter() - start
        if progress is not None and report.cases % every == 0:
            progress(report)

    if seed is not None:
        one = with_seed(seed)(one)
    one()
    report.seconds = time.perf_counter() - start
    return report

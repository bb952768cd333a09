"""Read YAML into plain Python data while remembering where every value came from.

`load_yaml_file()` returns a `SourceDoc`: the data (dicts, lists, str, int, float, bool, None)
and a table from a value's path (a tuple of keys and indexes) to its 1-based line and column.
Parse errors and duplicate keys become `Problem`s instead of exceptions.

Content files may come from strangers, so reading them is bounded: a file is at most
`MAX_FILE_BYTES`, holds at most `MAX_NODES` values nested at most `MAX_DEPTH` deep, and may not
use anchors or aliases (`&name`, `*name`), which would let a few bytes expand into gigabytes.
Every limit is checked while the YAML is composed, before any value is built.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem

Path_ = tuple[Any, ...]

MAX_DEPTH = 50
MAX_NODES = 20_000  # mappings, lists, keys and texts in one file; the most bundled: 286
MAX_FILE_BYTES = 1 << 20  # 1 MiB; the biggest bundled content file has 32 KB
NO_ANCHORS = ("YAML anchors and aliases (&name, *name) are not allowed in content files: "
              "write the value out in full")


@dataclass
class SourceDoc:
    """Data loaded from one YAML file, with positions of every node."""

    file: str
    data: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """Return the (line, column) of the value at path, or of its nearest ancestor."""
        table = self.key_positions if key else self.positions
        probe = tuple(path)
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.positions:
                return self.positions[probe]
            probe = probe[:-1]
        return self.positions.get((), (1, 1))

    def problem(self, path: Path_, message: str, key: bool = False,
                severity: str = "error") -> Problem:
        """Make a Problem located at the value (or key) at path."""
        line, col = self.where(path, key=key)
        return Problem(self.file, line, col, message, severity)  # type: ignore[arg-type]


class _Converter:
    def __init__(self, doc: SourceDoc, problems: list[Problem]) -> None:
        self.doc = doc
        self.problems = problems

    def convert(self, node: yaml.Node, path: Path_) -> Any:
        mark = node.start_mark
        self.doc.positions[path] = (mark.line + 1, mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                # Keys are always text: `no:` or `false:` stay words, not booleans.
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
                kmark = key_node.start_mark
                if not isinstance(key, str):
                    self.problems.append(Problem(self.doc.file, kmark.line + 1, kmark.column + 1,
                                                 "a key must be a plain word or number"))
                    continue
                if key in result:
                    first = self.doc.key_positions[path + (key,)]
                    self.problems.append(Problem(
                        self.doc.file, kmark.line + 1, kmark.column + 1,
                        f"duplicate key '{key}' (first given at line {first[0]}): keep one of them",
                    ))
                    continue
                self.doc.key_positions[path + (key,)] = (kmark.line + 1, kmark.column + 1)
                result[key] = self.convert(value_node, path + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, path + (i,)) for i, item in enumerate(node.value)]
        value = self._scalar(node)
        if isinstance(value, str) and _SURROGATE.search(value):
            bad = _SURROGATE.search(value)
            assert bad is not None
            self.problems.append(Problem(
                self.doc.file, mark.line + 1, mark.column + 1,
                f"the text holds U+{ord(bad.group()):04X}, half of a surrogate pair, which cannot "
                "be printed or saved: remove the '\\u' escape that makes it, or write the "
                "character itself"))
            return value.encode("utf-8", "replace").decode("utf-8")
        return value

    @staticmethod
    def _scalar(node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return node
        return yaml.SafeLoader.construct_scalar(_LOADER, node) if node.tag.endswith(":str") else (
            _LOADER.construct_object(node, deep=True)
        )


_LOADER = yaml.SafeLoader("")
_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    """A limit of content YAML, hit at a mark."""

    def __init__(self, mark: yaml.Mark, message: str) -> None:
        super().__init__(message)
        self.mark = mark
        self.message = message


class _BoundedLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses anchors and aliases and caps values and nesting."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.nodes = 0
        self.depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node:
        """Compose the next node unless it is an anchor, an alias or past a limit."""
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
            raise _Refused(event.start_mark, NO_ANCHORS)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(event.start_mark, f"more than {MAX_NODES:,} values in one file: "
                           "content files are small; split or shorten it")
        if self.depth > MAX_DEPTH:
            raise _Refused(event.start_mark, f"nesting deeper than {MAX_DEPTH} levels: "
                           "flatten this structure")
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_FAST = getattr(yaml, "CSafeLoader", None)  # libyaml, when PyYAML was built with it


def _fast_compose(text: str) -> yaml.Node | None:
    """Compose with libyaml after checking the limits on its event stream (about 15x faster).

    Raises _Refused at a limit; any other YAML error is left to the pure-Python loader, whose
    messages the tool reports, by raising LookupError.
    """
    assert _FAST is not None
    nodes = depth = 0
    try:
        for event in yaml.parse(text, Loader=_FAST):
            if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
                continue
            if not isinstance(event, yaml.NodeEvent):
                continue
            if isinstance(event, yaml.AliasEvent) or event.anchor is not None:
                raise _Refused(event.start_mark, NO_ANCHORS)
            nodes += 1
            if nodes > MAX_NODES:
                raise _Refused(event.start_mark, f"more than {MAX_NODES:,} values in one "
                               "file: content files are small; split or shorten it")
            if depth > MAX_DEPTH:
                raise _Refused(event.start_mark, f"nesting deeper than {MAX_DEPTH} levels: "
                               "flatten this structure")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
        return yaml.compose(text, Loader=_FAST)
    except yaml.YAMLError:
        raise LookupError from None


def _compose(text: str) -> yaml.Node | None:
    """Compose one YAML document within the limits, with libyaml when it is there."""
    # libyaml accepts tabs in places the pure-Python loader refuses ("{\n \t'a': 1}"); a file
    # with a tab takes the slower path so that every file gets the same verdict either way.
    if _FAST is not None and "\t" not in text:
        try:
            return _fast_compose(text)
        except LookupError:
            pass  # a syntax error: let the pure-Python loader find and word it
    return yaml.compose(text, Loader=_BoundedLoader)


_PARSED: dict[tuple[str, str], tuple[SourceDoc, list[Problem]]] = {}
_PARSED_MAX = 256  # documents kept; a build reads about 30 files, some of them many times


def parse_yaml(text: str, file: str) -> tuple[SourceDoc, list[Problem]]:
    """Parse YAML text; return the document and any problems (never raises on bad input).

    The same text of the same file is parsed once per process (a glossary is read by every
    language that translates it, by each check that needs it): later calls get a copy of the
    data, so no caller can change what another one reads.
    """
    key = (file, text)
    found = _PARSED.get(key)
    if found is None:
        if len(_PARSED) >= _PARSED_MAX:
            del _PARSED[next(iter(_PARSED))]
        found = _PARSED[key] = _parse_yaml(text, file)
    doc, problems = found
    return (SourceDoc(doc.file, _copy_tree(doc.data), dict(doc.positions),
                      dict(doc.key_positions)), list(problems))


def _copy_tree(data: Any) -> Any:
    """A copy of parsed YAML data: new dicts and lists, the same (immutable) scalars."""
    if isinstance(data, dict):
        return {key: _copy_tree(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copy_tree(value) for value in data]
    return data


def _parse_yaml(text: str, file: str) -> tuple[SourceDoc, list[Problem]]:
    doc = SourceDoc(file=file, data=None)
    problems: list[Problem] = []
    try:
        node = _compose(text)
    except _Refused as exc:
        problems.append(Problem(file, exc.mark.line + 1, exc.mark.column + 1, exc.message))
        return doc, problems
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or "unreadable YAML"
        problems.append(Problem(file, line, col, f"invalid YAML: {what}; check indentation, "
                                "colons and quotes on this line"))
        return doc, problems
    except yaml.YAMLError as exc:  # reader errors: bad characters
        problems.append(Problem(file, 1, 1, f"invalid YAML: {exc}"))
        return doc, problems
    except RecursionError:
        problems.append(Problem(file, 1, 1, "YAML nested too deeply: flatten this structure"))
        return doc, problems
    if node is None:
        doc.data = None
        return doc, problems
    try:
        doc.data = _Converter(doc, problems).convert(node, ())
    except (yaml.YAMLError, ValueError) as exc:
        problems.append(Problem(file, 1, 1, f"invalid YAML value: {exc}"))
    return doc, problems


def read_text_file(path: Path, name: str) -> tuple[str | None, list[Problem]]:
    """Read a UTF-8 file of at most MAX_FILE_BYTES; otherwise return why not as a problem."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
            size = max(os.fstat(handle.fileno()).st_size, len(raw))
    except OSError as exc:
        return None, [Problem(name, 1, 1, f"cannot read file: {exc.strerror}")]
    if len(raw) > MAX_FILE_BYTES:
        return None, [Problem(name, 1, 1, f"file is larger than {MAX_FILE_BYTES >> 20} MiB "
                              f"({size} bytes): content files are small; split or shorten it")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return None, [Problem(name, line, 1, "file is not UTF-8 text: save it as UTF-8")]


def load_yaml_file(path: Path, display: str | None = None) -> tuple[SourceDoc, list[Problem]]:
    """Read and parse a YAML file; unreadable, oversized or non-UTF-8 files become problems."""
    name = display or str(path)
    text, problems = read_text_file(path, name)
    if text is None:
        return SourceDoc(name, None), problems
    return parse_yaml(text, name)

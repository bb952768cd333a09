"""Read YAML into plain Python data while remembering where every value came from.

`load_yaml_file()` returns a `SourceDoc`: the data (dicts, lists, str, int, float, bool, None)
and a table from a value's path (a tuple of keys and indexes) to its 1-based line and column.
Parse errors and duplicate keys become `Problem`s instead of exceptions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .errors import Problem

Path_ = tuple[Any, ...]

MAX_DEPTH = 50


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
        if len(path) > MAX_DEPTH:
            self.problems.append(
                Problem(self.doc.file, mark.line + 1, mark.column + 1,
                        f"nesting deeper than {MAX_DEPTH} levels: flatten this structure")
            )
            return None
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
        return self._scalar(node)

    @staticmethod
    def _scalar(node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            return node
        return yaml.SafeLoader.construct_scalar(_LOADER, node) if node.tag.endswith(":str") else (
            _LOADER.construct_object(node, deep=True)
        )


_LOADER = yaml.SafeLoader("")


def parse_yaml(text: str, file: str) -> tuple[SourceDoc, list[Problem]]:
    """Parse YAML text; return the document and any problems (never raises on bad input)."""
    doc = SourceDoc(file=file, data=None)
    problems: list[Problem] = []
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
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


def load_yaml_file(path: Path, display: str | None = None) -> tuple[SourceDoc, list[Problem]]:
    """Read and parse a YAML file; unreadable or non-UTF-8 files become problems."""
    name = display or str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return SourceDoc(name, None), [Problem(name, 1, 1, f"cannot read file: {exc.strerror}")]
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        return SourceDoc(name, None), [
            Problem(name, line, 1, "file is not UTF-8 text: save it as UTF-8")
        ]
    return parse_yaml(text, name)

"""Put new texts into a YAML file in place: only the changed values' characters change.

Comments, key order, quoting and folding of every other value stay as they were: each value is
found by its key path in the composed document, and the characters of its node are replaced
by the new text written in the node's own style (plain, quoted, `|`/`>` block, a flow or
block list or mapping) when that style can hold it, else double-quoted.
"""

from __future__ import annotations

import textwrap
from typing import Any

import yaml

from ..errors import Problem
from ..sourceyaml import _BoundedLoader

Edit = tuple[int, int, str]  # start, end (character offsets), replacement
_FLOW_SPECIAL = set(",[]{}")


def _node_at(root: yaml.Node, path: tuple[Any, ...]) -> tuple[yaml.Node | None, bool]:
    """The node at path, and whether it sits inside a flow collection."""
    node, flow = root, False
    for step in path:
        flow = flow or bool(getattr(node, "flow_style", False))
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if k.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(
                node.value):
            node = node.value[step]
        else:
            return None, flow
        if node is None:
            return None, flow
    return node, flow or bool(getattr(node, "flow_style", False))


def scalar(text: str, flow: bool = False, style: str | None = None) -> str:
    """text as a one-line YAML scalar: plain when YAML reads it back the same (and the node
    was plain), else in the node's quotes, else double-quoted."""
    if "\n" not in text and style != '"':
        if style == "'":
            return "'" + text.replace("'", "''") + "'"
        plain = _dump(text)
        if plain.startswith("'") or not (plain.startswith('"') or flow and _FLOW_SPECIAL & set(
                plain)):
            return plain
    return _dump(text, '"')


def _dump(text: str, style: str | None = None) -> str:
    out = yaml.safe_dump(text, allow_unicode=True, default_style=style, width=1 << 30)
    return out[:-5] if out.endswith("\n...\n") else out.rstrip("\n")


def _offset(starts: list[int], mark: yaml.Mark) -> int:
    return starts[mark.line] + mark.column


def _block(text: str, node: yaml.ScalarNode, starts: list[int], new: str) -> Edit | None:
    """The edit of a `|` or `>` block scalar, keeping its header and indentation."""
    begin = _offset(starts, node.start_mark)
    header_end = text.index("\n", begin)
    header = text[begin:header_end]
    strip = "-" in header
    if new.endswith("\n") == strip or new.endswith("\n\n") or not new.strip():
        return None
    body = [row for row in text[header_end + 1:].split("\n") if row.strip()]
    indent = len(body[0]) - len(body[0].lstrip()) if body else 2
    last = _block_end(text, begin)
    value = new[:-1] if new.endswith("\n") else new
    pad = " " * indent
    if node.style == "|":
        rows = [pad + row if row else "" for row in value.split("\n")]
    else:
        rows = []
        for para in value.split("\n"):
            wrapped = textwrap.wrap(para, width=max(40, 96 - indent), break_long_words=False,
                                    break_on_hyphens=False) if para else [""]
            rows += [pad + w if w else "" for w in wrapped] + [""]
        rows = rows[:-1]
        if any(r != r.rstrip() or r.startswith(pad + " ") for r in rows if r):
            return None
    return begin, last, header + "\n" + "\n".join(rows)


def _edit(text: str, starts: list[int], node: yaml.Node, flow: bool, value: Any
          ) -> Edit | None:
    """The edit that puts value where node is, in node's style where it fits."""
    begin, end = _offset(starts, node.start_mark), _end(text, starts, node)
    if isinstance(value, str):
        if not isinstance(node, yaml.ScalarNode):
            return None
        if node.style in ("|", ">"):
            found = _block(text, node, starts, value)
            if found:
                return found
            end = _block_end(text, begin)
        return begin, end, scalar(value, flow, node.style if node.style in ("'", '"') else None)
    if isinstance(value, list):
        if isinstance(node, yaml.SequenceNode) and not node.flow_style:
            pad = " " * node.start_mark.column
            rows = [f"- {scalar(v)}" for v in value]
            return begin, end, f"\n{pad}".join(rows)
        return begin, end, "[" + ", ".join(scalar(v, True) for v in value) + "]"
    if isinstance(node, yaml.MappingNode) and not node.flow_style:
        pad = " " * node.start_mark.column
        rows = [f"{k}: {scalar(v)}" for k, v in value.items()]
        return begin, end, f"\n{pad}".join(rows)
    return begin, end, "{" + ", ".join(f"{k}: {scalar(v, True)}" for k, v in value.items()) + "}"


def _end(text: str, starts: list[int], node: yaml.Node) -> int:
    """Where a node's own characters end (a block collection's before the next key)."""
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _end(text, starts, node.value[-1])
    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _end(text, starts, node.value[-1][1])
    if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
        return _block_end(text, _offset(starts, node.start_mark))
    return _offset(starts, node.end_mark)


def _block_end(text: str, begin: int) -> int:
    """The end of a block scalar's last non-blank line."""
    header_end = text.index("\n", begin)
    lines = text[header_end + 1:].split("\n")
    body = [row for row in lines if row.strip()]
    indent = len(body[0]) - len(body[0].lstrip()) if body else 0
    end = last = header_end + 1
    for row in lines:
        if row.strip() and len(row) - len(row.lstrip()) < indent:
            break
        if row.strip():
            last = end + len(row)
        end += len(row) + 1
    return last


def replace_values(text: str, file: str, changes: dict[tuple[Any, ...], Any]
                   ) -> tuple[str, list[Problem]]:
    """text with the value at each key path replaced (a str, a list of words or a mapping of
    forms); a path the file lacks is a problem."""
    root = yaml.compose(text, Loader=_BoundedLoader)
    starts = [0]
    for row in text.split("\n"):
        starts.append(starts[-1] + len(row) + 1)
    edits: list[Edit] = []
    problems = []
    for path, value in changes.items():
        node, flow = _node_at(root, path) if root is not None else (None, False)
        found = _edit(text, starts, node, flow, value) if node is not None else None
        if found is None:
            dotted = ".".join(str(p) for p in path)
            problems.append(Problem(file, 1, 1, f"'{dotted}' is missing or not a text here: "
                                    "add it (as in the source file) and import again"))
            continue
        edits.append(found)
    for begin, end, new in sorted(edits, reverse=True):
        text = text[:begin] + new + text[end:]
    return text, problems

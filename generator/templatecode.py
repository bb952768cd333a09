"""What the sandbox does to a parsed template, and the helpers the rewritten code calls.

`metered_tree()` refuses number literals a template cannot use (huge, not finite) and texts
holding half a surrogate pair, at their line, and rewrites `a ~ b` as a call of `concat` and
`{% for x in l %}` as `for x in steps(l)`, so both go through the work meter of `budget.py`.
`finalize` is the sandbox's finalize function: every printed value is measured and charged.
`too_deep()` is the message for a template nested past Python's own limits.
"""

from __future__ import annotations

import math
import re
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.visitor import NodeTransformer

from .budget import charge, estimate, metered, refuse_above

SURROGATE = re.compile("[\ud800-\udfff]")


CONCAT = "__concat__"  # `a ~ b`, rewritten as a call of this filter at parse time
STEPS = "__steps__"  # the list of a `{% for %}`, rewritten to go through this filter


def concat(items: list[Any]) -> str:
    """Join the parts of `a ~ b ~ …` as text, refusing a result over MAX_TEXT before it is made."""
    size = sum(estimate(item) for item in items)
    refuse_above(size, "the operator '~'")
    charge(size, "the operator '~'")
    return "".join(item if isinstance(item, str) else str(item) for item in items)


def steps(items: Any, weight: int = 0) -> Any:
    """Charge each step of a `{% for %}` loop to the meter, with the text its body writes."""
    return metered(items, "a '{% for %}' loop", 1 + weight) if items is not None else items


def finalize(value: Any) -> Any:
    """Refuse to print a value whose text would pass MAX_TEXT (a list of big texts); charge
    what is printed (a macro's or `{% set %}` block's text is built before it is written)."""
    size = len(value) if isinstance(value, str) else estimate(value)
    refuse_above(size, "printing a value")
    charge(size, "printing a value")
    return value


def short(value: Any) -> str:
    text = repr(value) if estimate(value, 200) <= 200 else f"a {type(value).__name__}"
    return text[:60]


def too_deep(name: str | None, filename: str | None, source: Any = None
              ) -> TemplateSyntaxError:
    """The error for a template nested past Python's limits, at its most nested line."""
    line = 1
    if isinstance(source, str):
        rows = source.split("\n")
        line = 1 + max(range(len(rows)), key=lambda i: sum(rows[i].count(c) for c in "([{+"))
    return TemplateSyntaxError("the template nests brackets, operators or tags too deeply: "
                               "split the expression", line, name, filename)


def long_number_line(source: str) -> int:
    match = re.search(r"\d{19,}", source)
    return source.count("\n", 0, match.start()) + 1 if match else 1


class _MeterLoops(NodeTransformer):
    """Rewrite `a ~ b` as a call of `concat` and `{% for x in l %}` as `for x in steps(l)`."""

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        return nodes.Filter(nodes.List(node.nodes, lineno=node.lineno), CONCAT, [], [], None,
                            None, lineno=node.lineno)

    def visit_For(self, node: nodes.For) -> nodes.Node:  # noqa: N802
        self.generic_visit(node)
        weight = sum(len(d.data) for d in node.find_all(nodes.TemplateData))
        node.iter = nodes.Filter(node.iter, STEPS, [nodes.Const(weight)], [], None, None,
                                 lineno=node.lineno)
        return node


def metered_tree(tree: nodes.Template, environment: Any, name: str | None,
                  filename: str | None) -> nodes.Template:
    """Refuse non-finite and huge number literals; send `~` and loops through the meter."""
    for const in tree.find_all(nodes.Const):
        value = const.value
        if (isinstance(value, float) and not math.isfinite(value)) or (
                isinstance(value, int) and not isinstance(value, bool) and abs(value) > 10 ** 18):
            raise TemplateSyntaxError("the number literal is too large: write numbers below "
                                      "10^18", const.lineno, name, filename)
        if isinstance(value, str) and SURROGATE.search(value):
            raise TemplateSyntaxError("this text makes half of a surrogate pair (a '\\ud800' "
                                      "escape), which no font can print: write the character "
                                      "itself", const.lineno, name, filename)
    tree = _MeterLoops().visit(tree)
    tree.set_environment(environment)
    return tree

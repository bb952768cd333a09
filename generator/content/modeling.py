"""Validate YAML data against our content models and turn every failure into a located Problem."""

from __future__ import annotations

from typing import Any, TypeVar

from ..errors import Problem
from ..sourceyaml import SourceDoc
from .schema import Issue, SchemaError, Strict

M = TypeVar("M", bound=Strict)

__all__ = ["Strict", "validate_model"]

_TYPE_WORDS = {"int": "a whole number", "float": "a number", "str": "text", "bool": "true or false"}


def _describe(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(issue: Issue) -> tuple[str, bool]:
    """Return a person-readable message for one issue and whether it points at a key."""
    kind, value = issue.kind, issue.value
    name = str(issue.loc[-1]) if issue.loc else "value"
    if kind == "missing":
        return f"missing field '{name}': add `{name}: …` here", False
    if kind == "unknown":
        return f"unknown key '{name}': remove it or correct its spelling", True
    if kind in _TYPE_WORDS:
        return f"'{name}' must be {_TYPE_WORDS[kind]}, not {_describe(value)}", False
    if kind == "list":
        return f"'{name}' must be a list (lines starting with '- ')", False
    if kind == "dict":
        return f"'{name}' must be a mapping of 'key: value' lines", False
    if kind in ("range", "literal"):
        return f"'{name}' is {_describe(value)}: input should be {issue.detail}", False
    if kind == "list_length":
        return f"'{name}': list should have {issue.detail}", False
    if kind == "text_length":
        return f"'{name}': String should have {issue.detail}", False
    return issue.detail, False  # "value": a validator's own message


def validate_model(doc: SourceDoc, model: type[M], path: tuple[Any, ...] = ()
                   ) -> tuple[M | None, list[Problem]]:
    """Validate the data at path in doc against model; locate every error in the YAML file."""
    data: Any = doc.data
    for step in path:
        data = data[step]
    try:
        return model.model_validate(data), []
    except SchemaError as exc:
        problems = []
        for issue in exc.issues:
            message, at_key = _message(issue)
            problems.append(doc.problem(path + issue.loc, message, key=at_key))
        return None, problems

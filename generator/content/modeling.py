"""Validate YAML data against pydantic models and turn every failure into a located Problem."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import Problem
from ..sourceyaml import SourceDoc

M = TypeVar("M", bound=BaseModel)


class Strict(BaseModel):
    """Base of every content model: unknown keys are errors, values are not coerced loosely."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _describe(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _message(err: dict[str, Any], model: type[BaseModel]) -> tuple[str, bool]:
    """Return a person-readable message for one pydantic error and whether it points at a key."""
    kind = err["type"]
    loc = err["loc"]
    name = str(loc[-1]) if loc else "value"
    value = err.get("input")
    if kind == "missing":
        return f"missing field '{name}': add `{name}: …` here", False
    if kind == "extra_forbidden":
        return f"unknown key '{name}': remove it or correct its spelling", True
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"'{name}' must be a whole number, not {_describe(value)}", False
    if kind in ("string_type",):
        return f"'{name}' must be text, not {_describe(value)}", False
    if kind in ("list_type",):
        return f"'{name}' must be a list (lines starting with '- ')", False
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"'{name}' must be a mapping of 'key: value' lines", False
    if kind in ("bool_type", "bool_parsing"):
        return f"'{name}' must be true or false, not {_describe(value)}", False
    if kind in ("greater_than_equal", "less_than_equal", "greater_than", "less_than"):
        return f"'{name}' is {_describe(value)}: {err['msg'].lower()}", False
    if kind in ("too_short", "too_long"):
        return f"'{name}': {err['msg'].lower()}", False
    if kind == "literal_error":
        return f"'{name}' is {_describe(value)}: {err['msg'].lower()}", False
    if kind == "value_error":
        msg = str(err.get("ctx", {}).get("error", err["msg"]))
        return msg, False
    return f"'{name}': {err['msg']}", False


def validate_model(doc: SourceDoc, model: type[M], path: tuple[Any, ...] = ()
                   ) -> tuple[M | None, list[Problem]]:
    """Validate the data at path in doc against model; locate every error in the YAML file."""
    data: Any = doc.data
    for step in path:
        data = data[step]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        problems = []
        for err in exc.errors(include_url=False):
            loc = tuple(x for x in err["loc"]
                        if not (isinstance(x, str) and x.startswith("function-")))
            message, at_key = _message(dict(err), model)
            problems.append(doc.problem(path + loc, message, key=at_key))
        return None, problems

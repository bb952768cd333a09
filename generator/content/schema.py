"""Typed, frozen content models checked against plain YAML data, every failure with its place.

A model is a subclass of `Strict` with annotated fields, as in a dataclass:

    class Players(Strict):
        min: int = Field(ge=1, le=20)
        names: dict[str, str] = {}

`Players.model_validate(data)` returns a frozen instance, or raises `SchemaError` holding every
`Issue` of the data, each located by the keys and indexes below the model. Field types: `int`,
`float`, `str`, `bool`, models, `list[T]`, `dict[str, T]`, `T | None`, `Literal[...]`, and
`Annotated[T, Before(fn)]` / `Annotated[T, After(fn)]`, where a ValueError of fn is the message.
No value is read as another type: `"5"`, `true` and `5.0` are not whole numbers (a float field
takes an int). Unknown keys are issues; defaults are not checked.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Annotated, Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin
from typing import get_type_hints as _hints

Loc = tuple[Any, ...]
Check = Callable[[Any, Loc, list["Issue"]], Any]
S = TypeVar("S", bound="Strict")

_BAD: Any = object()  # what a check returns for a value it refused, its issues recorded
_REQUIRED: Any = object()
_SCALARS = {int: "int", float: "float", str: "str", bool: "bool"}


@dataclass(frozen=True)
class Issue:
    """Record one failure: where, its kind, the value at fault and a detail for the message.

    Kinds: missing, unknown (a key), int, float, str, bool, list, dict (a wrong type), range,
    list_length, text_length, literal, value (the ValueError of a Before or After function).
    """

    loc: Loc
    kind: str
    value: Any
    detail: str = ""


class SchemaError(ValueError):
    """Data that does not fit a model, with every issue found."""

    def __init__(self, model: type, issues: list[Issue]) -> None:
        shown = "; ".join(f"{'.'.join(map(str, i.loc))}: {i.kind} {i.detail}" for i in issues)
        super().__init__(f"{model.__name__}: {shown}")
        self.issues = issues


@dataclass(frozen=True)
class Before:
    """Mark fn to run on the raw value, before the type check."""

    fn: Callable[[Any], Any]


@dataclass(frozen=True)
class After:
    """Mark fn to run on the value once its type check passed."""

    fn: Callable[[Any], Any]


@dataclass(frozen=True)
class _Field:
    default: Any = _REQUIRED
    default_factory: Callable[[], Any] | None = None
    ge: float | None = None
    le: float | None = None
    min_length: int | None = None
    max_length: int | None = None


def Field(default: Any = _REQUIRED, *, default_factory: Callable[[], Any] | None = None,  # noqa: N802
          ge: float | None = None, le: float | None = None, min_length: int | None = None,
          max_length: int | None = None) -> Any:
    """Declare a field's default and limits: `count: int = Field(ge=0, le=60)`."""
    return _Field(default, default_factory, ge, le, min_length, max_length)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _compile(tp: Any, field: _Field) -> Check:
    """Return the check of type tp; the field's limits apply to its innermost plain type."""
    origin, args = get_origin(tp), get_args(tp)
    if origin is Annotated:
        check = _compile(args[0], field)
        for mark in args[1:]:
            check = _validator(check, mark)
        return check
    if origin in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _compile(args[0] if args[1] is type(None) else args[1], field)
        return lambda value, loc, issues: None if value is None else inner(value, loc, issues)
    if origin is Literal:
        return _literal(args)
    if origin is list:
        return _list(_compile(args[0], _Field()), field)
    if origin is dict and args[0] in (str, int):
        return _dict(_compile(args[1], _Field()), args[0])
    if isinstance(tp, type) and issubclass(tp, Strict):
        return tp._check
    if tp in _SCALARS:
        return _scalar(tp, field)
    raise TypeError(f"a content model cannot hold {tp!r}")


def _validator(check: Check, mark: Any) -> Check:
    """Run the function of a Before or After mark around check; its ValueError is an issue."""
    if not isinstance(mark, (Before, After)):
        raise TypeError(f"unknown annotation {mark!r}: use Before(fn) or After(fn)")
    fn, first = mark.fn, isinstance(mark, Before)

    def run(value: Any, loc: Loc, issues: list[Issue]) -> Any:
        if not first:
            value = check(value, loc, issues)
            if value is _BAD:
                return _BAD
        try:
            value = fn(value)
        except ValueError as exc:
            issues.append(Issue(loc, "value", value, str(exc)))
            return _BAD
        return check(value, loc, issues) if first else value

    return run


def _scalar(tp: type[Any], field: _Field) -> Check:
    """Check an int, float, str or bool against its type and limits."""
    name, ge, le, least, most = _SCALARS[tp], field.ge, field.le, field.min_length, field.max_length

    def check(value: Any, loc: Loc, issues: list[Issue]) -> Any:
        if tp is float and type(value) is int:
            value = float(value)
        if not isinstance(value, tp) or (tp is int and isinstance(value, bool)):
            problem = Issue(loc, name, value)
        elif ge is not None and value < ge:
            problem = Issue(loc, "range", value, f"greater than or equal to {ge}")
        elif le is not None and value > le:
            problem = Issue(loc, "range", value, f"less than or equal to {le}")
        elif least is not None and len(value) < least:
            problem = Issue(loc, "text_length", value, f"at least {_count(least, 'character')}")
        elif most is not None and len(value) > most:
            problem = Issue(loc, "text_length", value, f"at most {_count(most, 'character')}")
        else:
            return value
        issues.append(problem)
        return _BAD

    return check


def _literal(choices: tuple[Any, ...]) -> Check:
    """Check that a value is one of choices and of its type (`true` is not 1)."""
    shown = [repr(c) for c in choices]
    listed = " or ".join([", ".join(shown[:-1]), shown[-1]] if len(shown) > 1 else shown)

    def check(value: Any, loc: Loc, issues: list[Issue]) -> Any:
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        issues.append(Issue(loc, "literal", value, listed))
        return _BAD

    return check


def _list(item: Check, field: _Field) -> Check:
    """Check a list item by item; one longer than max_length is refused before its items."""
    least, most = field.min_length, field.max_length

    def check(value: Any, loc: Loc, issues: list[Issue]) -> Any:
        if not isinstance(value, list):
            issues.append(Issue(loc, "list", value))
            return _BAD
        size = len(value)
        if most is not None and size > most:
            issues.append(Issue(loc, "list_length", value,
                                f"at most {_count(most, 'item')} after validation, not {size}"))
            return _BAD
        out = [item(v, loc + (i,), issues) for i, v in enumerate(value)]
        if any(v is _BAD for v in out):
            return _BAD
        if least is not None and size < least:
            issues.append(Issue(loc, "list_length", value,
                                f"at least {_count(least, 'item')} after validation, not {size}"))
            return _BAD
        return out

    return check


def _dict(item: Check, key_type: type = str) -> Check:
    """Check a mapping with text (or whole-number) keys, value by value."""

    def check(value: Any, loc: Loc, issues: list[Issue]) -> Any:
        if not isinstance(value, dict):
            issues.append(Issue(loc, "dict", value))
            return _BAD
        before = len(issues)
        out = {}
        for key, v in value.items():
            here = loc + (key,)
            if key_type is int and isinstance(key, str) and key.strip().isdigit():
                key = int(key)  # YAML keys arrive as text: `13:` names token 13
            if not isinstance(key, key_type) or isinstance(key, bool):
                issues.append(Issue(here, key_type.__name__, key))
            out[key] = item(v, here, issues)
        return _BAD if len(issues) > before else out

    return check


def _dump(value: Any) -> Any:
    if isinstance(value, Strict):
        return value.model_dump()
    if isinstance(value, list):
        return [_dump(v) for v in value]
    if isinstance(value, dict):
        return {k: _dump(v) for k, v in value.items()}
    return value


class Strict:
    """Base of every content model: unknown keys are errors, values keep their YAML types."""

    _fields: ClassVar[dict[str, tuple[Check, _Field]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Read the annotated fields once, parents' first, and build their checks."""
        super().__init_subclass__(**kwargs)
        own, fields = cls.__annotations__, dict(cls._fields)
        for name, tp in _hints(cls, include_extras=True).items():
            if name not in own or name.startswith("_") or get_origin(tp) is ClassVar:
                continue
            field = vars(cls).get(name, _REQUIRED)
            if not isinstance(field, _Field):
                field = _Field(default=field)
            if isinstance(field.default, (list, dict)):  # each instance gets its own copy
                field = replace(field, default_factory=partial(copy.deepcopy, field.default))
            if name in vars(cls):
                delattr(cls, name)
            fields[name] = (_compile(tp, field), field)
        cls._fields = fields

    @classmethod
    def _check(cls, data: Any, loc: Loc, issues: list[Issue]) -> Any:
        """Return an instance made from data, or _BAD with the data's issues recorded."""
        if isinstance(data, cls):
            return data
        if not isinstance(data, dict):
            issues.append(Issue(loc, "dict", data))
            return _BAD
        before = len(issues)
        values = {}
        for name, (check, field) in cls._fields.items():
            if name in data:
                values[name] = check(data[name], loc + (name,), issues)
            elif field.default_factory is not None:
                values[name] = field.default_factory()
            elif field.default is not _REQUIRED:
                values[name] = field.default
            else:
                issues.append(Issue(loc + (name,), "missing", data))
        issues.extend(Issue(loc + (key,), "unknown", value) for key, value in data.items()
                      if key not in cls._fields)
        if len(issues) > before:
            return _BAD
        obj = object.__new__(cls)
        object.__setattr__(obj, "__dict__", values)
        return obj

    @classmethod
    def model_validate(cls: type[S], data: Any) -> S:
        """Return an instance made from data; raise SchemaError with every issue."""
        issues: list[Issue] = []
        obj: S = cls._check(data, (), issues)
        if issues:
            raise SchemaError(cls, issues)
        return obj

    def __init__(self, **values: Any) -> None:
        """Make an instance from keyword values, checked as model_validate checks data."""
        object.__setattr__(self, "__dict__", dict(self.model_validate(values).__dict__))

    def model_dump(self) -> dict[str, Any]:
        """Return the fields as plain dicts, lists and values, recursively."""
        return {name: _dump(value) for name, value in self.__dict__.items()}

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot set '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen: cannot delete '{name}'")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
        return f"{type(self).__name__}({shown})"

"""Turn game-state dataclasses into plain JSON data and back, exactly.

Supported field types: bool, int, float, str, None, Enum, nested dataclasses,
list[T], tuple[T, ...], tuple[A, B], dict[str|int, T], Optional/Union of those and Any
(Any must already be JSON data), and i18n.Msg (written in its own data form, so a field typed
`Text` holds either). Dict keys that are ints are written as strings.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import lru_cache
from typing import Any, Union, get_args, get_origin

from .i18n import Msg, from_data, is_msg_data, to_data

_PRIMITIVES = (bool, int, float, str, type(None))


_PLAIN = frozenset(_PRIMITIVES)  # exact types written as they are


def dump(obj: Any) -> Any:
    """Plain JSON data for a dataclass instance (or any supported value)."""
    kind = type(obj)
    if kind in _PLAIN:  # most values of a state: no walk into them
        return obj
    if kind is list or kind is tuple:
        return [value if type(value) in _PLAIN else dump(value) for value in obj]
    if kind is dict:
        return {str(key): value if type(value) in _PLAIN else dump(value) for key, value in obj.items()}
    if isinstance(obj, Msg):
        return to_data(obj)  # its own compact form, readable without the type (see i18n)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {name: value if type(value := getattr(obj, name)) in _PLAIN else dump(value)
                for name in _names(kind)}  # type: ignore[arg-type]  # a dataclass type is hashable
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple)):
        return [dump(x) for x in obj]
    if isinstance(obj, dict):
        return {str(k): dump(v) for k, v in obj.items()}
    if isinstance(obj, _PRIMITIVES):
        return obj
    raise TypeError(f"cannot dump {type(obj).__name__}")


def load(tp: Any, data: Any) -> Any:
    """Rebuild a value of type `tp` from what `dump` produced."""
    if tp is Any or tp is object:
        return data
    if tp is Msg:
        if not is_msg_data(data):
            raise TypeError(f"not a message: {data!r}")
        return from_data(data)
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return load(arg, data)
            except (TypeError, ValueError, KeyError) as exc:
                errors.append(exc)
        raise TypeError(f"no member of {tp} fits {data!r}: {errors}")
    if origin in (list, typing.List):
        (item,) = get_args(tp) or (Any,)
        return [load(item, x) for x in _expect(data, list)]
    if origin in (tuple, typing.Tuple):
        args = get_args(tp)
        items = _expect(data, list)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], x) for x in items)
        return tuple(load(a, x) for a, x in zip(args, items, strict=True))
    if origin in (dict, typing.Dict):
        key_t, val_t = get_args(tp) or (str, Any)
        return {_key(key_t, k): load(val_t, v) for k, v in _expect(data, dict).items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        data = _expect(data, dict)
        hints = _hints(tp)
        kwargs = {f.name: load(hints[f.name], data[f.name]) for f in _fields(tp) if f.init and f.name in data}
        obj = tp(**kwargs)
        for f in _fields(tp):
            if not f.init and f.name in data:
                object.__setattr__(obj, f.name, load(hints[f.name], data[f.name]))
        return obj
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp(data)
    if tp is float and isinstance(data, int) and not isinstance(data, bool):
        return float(data)
    if tp in _PRIMITIVES:
        if tp is int and isinstance(data, bool):
            raise TypeError("bool is not int")
        return _expect(data, tp)
    if tp is list:
        return list(_expect(data, list))
    if tp is dict:
        return dict(_expect(data, dict))
    raise TypeError(f"unsupported type {tp!r}")


def _expect(data: Any, tp: type) -> Any:
    if not isinstance(data, tp):
        raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
    return data


def _key(key_t: Any, key: str) -> Any:
    return int(key) if key_t is int else key


@lru_cache(maxsize=None)
def _fields(tp: type) -> tuple[dataclasses.Field, ...]:
    return dataclasses.fields(tp)


@lru_cache(maxsize=None)
def _names(tp: type) -> tuple[str, ...]:
    return tuple(f.name for f in _fields(tp))


@lru_cache(maxsize=None)
def _hints(tp: type) -> dict[str, Any]:
    # Without globalns each class in the MRO resolves names in its own module.
    return typing.get_type_hints(tp)

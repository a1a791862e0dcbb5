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
from collections.abc import Callable
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
    return _loader(tp)(data)


def _same(data: Any) -> Any:
    return data


def _load_msg(data: Any) -> Msg:
    if not is_msg_data(data):
        raise TypeError(f"not a message: {data!r}")
    return from_data(data)


@lru_cache(maxsize=None)
def _loader(tp: Any) -> Callable[[Any], Any]:
    """The function that loads data of type `tp`: worked out once per type, since a state loads
    thousands of values of a few dozen types (a field's loader is looked up on its first use,
    so a dataclass may hold itself)."""
    if tp is Any or tp is object:
        return _same
    if tp is Msg:
        return _load_msg
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        return _union_loader(tp)
    if origin in (list, typing.List):
        (item,) = get_args(tp) or (Any,)
        load_item = _loader(item)
        return lambda data: [load_item(x) for x in _expect(data, list)]
    if origin in (tuple, typing.Tuple):
        return _tuple_loader(get_args(tp))
    if origin in (dict, typing.Dict):
        key_t, val_t = get_args(tp) or (str, Any)
        load_value = _loader(val_t)
        if key_t is int:
            return lambda data: {int(k): load_value(v) for k, v in _expect(data, dict).items()}
        return lambda data: {k: load_value(v) for k, v in _expect(data, dict).items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_loader(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if tp in _PRIMITIVES:
        return _primitive_loader(tp)
    if tp is list:
        return lambda data: list(_expect(data, list))
    if tp is dict:
        return lambda data: dict(_expect(data, dict))

    def unsupported(data: Any) -> Any:
        raise TypeError(f"unsupported type {tp!r}")
    return unsupported


def _union_loader(tp: Any) -> Callable[[Any], Any]:
    args = get_args(tp)
    nullable = type(None) in args
    members = [_loader(arg) for arg in args if arg is not type(None)]

    def load_union(data: Any) -> Any:
        if data is None and nullable:
            return None
        errors = []
        for member in members:
            try:
                return member(data)
            except (TypeError, ValueError, KeyError) as exc:
                errors.append(exc)
        raise TypeError(f"no member of {tp} fits {data!r}: {errors}")
    return load_union


def _tuple_loader(args: tuple) -> Callable[[Any], Any]:
    if len(args) == 2 and args[1] is Ellipsis:
        load_item = _loader(args[0])
        return lambda data: tuple(load_item(x) for x in _expect(data, list))
    loaders = [_loader(a) for a in args]
    return lambda data: tuple(f(x) for f, x in zip(loaders, _expect(data, list), strict=True))


def _primitive_loader(tp: type) -> Callable[[Any], Any]:
    if tp is float:
        def load_float(data: Any) -> float:
            if isinstance(data, int) and not isinstance(data, bool):
                return float(data)
            return _expect(data, float)
        return load_float
    if tp is int:
        def load_int(data: Any) -> int:
            if isinstance(data, bool):
                raise TypeError("bool is not int")
            return _expect(data, int)
        return load_int
    return lambda data: _expect(data, tp)


def _dataclass_loader(tp: type) -> Callable[[Any], Any]:
    fields: list[tuple[str, bool]] = [(f.name, f.init) for f in _fields(tp)]
    loaders: dict[str, Callable[[Any], Any]] = {}  # filled on first use (a field may be of this very type)

    def load_dataclass(data: Any) -> Any:
        data = _expect(data, dict)
        if not loaders:
            hints = _hints(tp)
            loaders.update({name: _loader(hints[name]) for name, _ in fields})  # whole at once (threads)
        obj = tp(**{name: loaders[name](data[name]) for name, init in fields if init and name in data})
        for name, init in fields:
            if not init and name in data:
                object.__setattr__(obj, name, loaders[name](data[name]))
        return obj
    return load_dataclass


def _expect(data: Any, tp: type) -> Any:
    if not isinstance(data, tp):
        raise TypeError(f"expected {tp.__name__}, got {type(data).__name__}")
    return data


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

"""Data as an English reader sees it: every message (games/core/i18n.py), also inside
dataclasses, lists and dicts, rendered in English. Fingerprints taken through this stay the
same when a text that used to be an English string becomes a message with the same English."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.core.i18n import Msg, is_msg_data, render


_PLAIN = frozenset((str, int, float, bool, type(None)))


def english(obj: Any) -> Any:
    """`obj` with every message rendered in English; dataclasses keep their type (so their
    repr reads as it did when the texts were plain strings)."""
    kind = type(obj)
    if kind in _PLAIN:  # most of a state: answered before any other check
        return obj
    if kind is dict and not is_msg_data(obj):
        return {key: value if type(value) in _PLAIN else english(value) for key, value in obj.items()}
    if kind is list:
        return [value if type(value) in _PLAIN else english(value) for value in obj]
    if isinstance(obj, Msg) or is_msg_data(obj):
        return render(obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **{f.name: english(getattr(obj, f.name))
                                           for f in dataclasses.fields(obj) if f.init})
    if isinstance(obj, dict):
        return {key: english(value) for key, value in obj.items()}
    if isinstance(obj, list):
        return [english(value) for value in obj]
    if isinstance(obj, tuple):
        return tuple(english(value) for value in obj)
    return obj

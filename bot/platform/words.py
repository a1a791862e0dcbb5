"""The bot's own texts (replies, buttons, headings, errors) as messages of the "bot" domain,
translated by `bot/locale/<language>.po`, and the two ways a text reaches a reader: `say`
renders any text (a game's message, the bot's own, a stored line) for one reader, and
`stored` turns a log line into what the database keeps (a message with the players' names
already in it, so each later reader reads it in their own language)."""

from __future__ import annotations

import re
from typing import Any, Sequence

from games.core import fill_names
from games.core.i18n import ENGLISH, Messages, Msg, Text, jsonable

T = Messages("bot")

_SEAT = re.compile(r"\{seat:(\d+)\}")

# A text as it may reach the bot: a plain string, a message, or a message's stored data form.
Said = Text | dict


def say(text: Said | None, locale: str = ENGLISH, names: Sequence[str] = ()) -> str:
    """`text` as a reader of `locale` reads it, seat references filled with `names`."""
    if text is None:
        return ""
    return fill_names(text, names, locale)  # type: ignore[arg-type]  # render takes the data form too


def say_all(texts: Sequence[Said], locale: str = ENGLISH, names: Sequence[str] = ()) -> list[str]:
    return [say(text, locale, names) for text in texts]


def _name_of(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else f"Seat {seat + 1}"


def _bind(value: Any, names: Sequence[str]) -> Any:
    if isinstance(value, str):
        return _SEAT.sub(lambda match: _name_of(names, int(match[1])), value)
    if isinstance(value, Msg):
        return Msg(value.domain, value.text, tuple((key, _bind(arg, names)) for key, arg in value.args),
                   value.context)
    if isinstance(value, tuple):
        return tuple(_bind(item, names) for item in value)
    return value


def stored(text: Text, names: Sequence[str]) -> str | dict:
    """A log line as the database keeps it: a plain string with the names filled in (as every
    line was stored before issue 23), or a message's data form whose seat references are
    replaced by the names the seats had when it happened."""
    if isinstance(text, Msg):
        return jsonable(_bind(text, names))
    return fill_names(text, names)

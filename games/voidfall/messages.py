"""Voidfall's message factory: every text a player reads is written through `T` (see
games/core/i18n.py) and translated by games/voidfall/locale/<language>.po.

Content names are catalogue names: their context is the glossary entry id ("house:...",
"tech:...", "focus:...", "crisis:...", "sector:...", "resource:...", ...; see the msgctxt
lines of locale/zh_TW.po), so a name reads the same in a log line, an option and `/card`."""

from __future__ import annotations

from games.core.i18n import Messages, Msg, Text, chain

T = Messages("games.voidfall")


def content_name(entry_id: str, english: str) -> Msg:
    """The name of the glossary entry `entry_id`, whose English name is `english`."""
    return T.name(entry_id, english)


def joined(parts: list[Text], pair: Msg | None = None) -> Text:
    """`parts` as one text, each joined to the next by `pair` (default "{a}, {b}")."""
    return chain(parts, pair if pair is not None else T("{a}, {b}"))

"""Impulse's message factory: every text a player reads is written through `T` (see
games/core/i18n.py) and translated by games/impulse/locale/<language>.po."""

from __future__ import annotations

from games.core.i18n import Messages, Msg, Text, chain

T = Messages("games.impulse")


def joined(parts: list[Text], pair: Msg | None = None) -> Text:
    """`parts` as one text, each joined to the next by `pair` (a two-field template "{a}; {b}")."""
    return chain(parts, pair if pair is not None else T("{a}; {b}"))


def route(parts: list[Text]) -> Text:
    """Places along a move, "A > B > C"."""
    return joined(parts, T("{a} > {b}"))

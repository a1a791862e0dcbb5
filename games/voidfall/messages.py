"""Voidfall's message factory: every text a player reads is written through `T` (see
games/core/i18n.py) and translated by games/voidfall/locale/<language>.po.

Content names are catalogue names: their context is the glossary entry id ("house:...",
"tech:...", "focus:...", "crisis:...", "sector:...", "resource:...", ...; see the msgctxt
lines of locale/zh_TW.po), so a name reads the same in a log line, an option and `/card`."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.i18n import Messages, Msg, Text, chain

from .state import Sector

T = Messages("games.voidfall")


def content_name(entry_id: str, english: str) -> Msg:
    """The name of the glossary entry `entry_id`, whose English name is `english`."""
    return T.name(entry_id, english)


def joined(parts: Sequence[Text], pair: Msg | None = None) -> Text:
    """`parts` as one text, each joined to the next by `pair` (default "{a}, {b}")."""
    return chain(list(parts), pair if pair is not None else T("{a}, {b}"))


# -- vf2 --
_SECTOR_NAMES: dict[tuple[str, str], Text] = {}


def name_in(prefix: str, key: str, names: dict) -> Msg:
    """The glossary name "prefix:key" whose English is names[key] (a name, or an entry's "name")."""
    english = names[key]
    return content_name(f"{prefix}:{key}", english["name"] if isinstance(english, dict) else english)


def sector_name(s: Sector, houses: dict, hexes: dict) -> Text:
    """A sector's name as a player reads it: a Home or a Fallen House by its house, a sector of
    the competitive map (`hexes`) by its glossary id, a scenario map's sector by its own id."""
    key = (s.key, s.name)
    if key not in _SECTOR_NAMES:
        if s.key in hexes and hexes[s.key]["name"] == s.name:
            _SECTOR_NAMES[key] = content_name(f"sector:{s.key}", s.name)
        else:
            _SECTOR_NAMES[key] = content_name(f"map-sector:{s.key}", s.name)
        for house_id, house in houses.items():
            who = content_name(f"house:{house_id}", house["name"])
            if s.name == f"{house['name']} Home":
                _SECTOR_NAMES[key] = T("{house} Home", house=who)
            elif s.name == f"House {house['name']} (fallen)":
                _SECTOR_NAMES[key] = T("{house} (fallen)", house=who)
    return _SECTOR_NAMES[key]

"""Every custom_id and select-menu value the bot reads, parsed in one place.

A component's custom_id and a menu's values come back from Discord as the client sent them,
so anyone can forge them. Only ASCII digits count as digits (Python's `str.isdigit` and
`int` also take '²' and '٣'), every number is checked against its range before anything uses
it, and ids outside any range are refused as a forged input (a player's mistake, answered
plainly, never a traceback). Positions within something (a page, a step, an option) are
clamped to what exists by the handler that knows the size; here they are clamped to
`POSITION_MAX` so no handler ever sees an absurd number.

`Template` builds each `DynamicItem`'s pattern from named parts, so the pattern and what its
fields may hold are written once.
"""

from __future__ import annotations

import re
from typing import Final

import games
from games.core import GameRules

from ..platform.live import SessionError
from ..platform.words import T

ID_MAX: Final = (1 << 63) - 1  # games are numbered by the database (a signed 64-bit integer)
POSITION_MAX: Final = 100_000  # pages, steps, option indexes and stamps never come near this
DIGITS = r"[0-9]{1,19}"
SIGNED = r"-?[0-9]{1,19}"
SLUG = r"[a-z0-9-]{1,40}"

FORGED = T("That button or menu does not belong to any message I sent; press it on the message itself.")


class ForgedInput(SessionError):
    """A custom_id or menu value no message of the bot carries (made up, or from another bot)."""


def ascii_digits(text: str) -> bool:
    """Whether `text` is a non-empty run of 0-9 (and nothing Python would also read as a digit)."""
    return bool(text) and text.isascii() and text.isdigit()


def game_id(text: str) -> int:
    """A game's id from a custom_id, refused unless it is one a game could have."""
    number = _number(text)
    if not 1 <= number <= ID_MAX:
        raise ForgedInput(FORGED)
    return number


def position(text: str, low: int = 0, high: int = POSITION_MAX) -> int:
    """A page, step, stamp or option index from a custom_id, clamped to [low, high]."""
    return min(max(_signed(text), low), high)


def menu_index(value: str, high: int = POSITION_MAX) -> int | None:
    """A select menu's value as the index it stands for (0..high), or None when it is not one
    (a forged value: the caller leaves it out)."""
    if not ascii_digits(value) or len(value) > 6:
        return None
    index = int(value)
    return index if index <= high else None


def first_index(values: list[str], high: int = POSITION_MAX) -> int:
    """The first usable index among a menu's values (0 when there is none)."""
    found = [i for i in map(lambda v: menu_index(v, high), values) if i is not None]
    return found[0] if found else 0


def game_rules(slug: str) -> GameRules:
    """The game a custom_id names by its slug, refused when there is none."""
    try:
        return games.get(slug)
    except KeyError:
        raise ForgedInput(FORGED) from None


def _number(text: str) -> int:
    if not ascii_digits(text) or len(text) > 19:
        raise ForgedInput(FORGED)
    return int(text)


def _signed(text: str) -> int:
    negative = text.startswith("-")
    number = _number(text[1:] if negative else text)
    return -number if negative else number


class Template:
    """A custom_id pattern: a prefix and named parts, each a regular expression of what it may
    hold (ASCII only). `pattern` is what a `DynamicItem` takes as its template."""

    def __init__(self, prefix: str, *parts: tuple[str, str]) -> None:
        self.prefix = prefix
        fields = "".join(f":(?P<{name}>{regex})" for name, regex in parts)
        self.pattern = f"{re.escape(prefix)}{fields}"
        self.compiled = re.compile(self.pattern, re.ASCII)

    def match(self, custom_id: str) -> re.Match[str] | None:
        return self.compiled.fullmatch(custom_id)


# the bot's components, by what their custom_id carries
PICK = Template("gh:pick", ("gid", DIGITS), ("ver", DIGITS), ("idx", DIGITS))
SELECT = Template("gh:sel", ("gid", DIGITS), ("ver", DIGITS), ("page", DIGITS))
PAGE = Template("gh:page", ("gid", DIGITS), ("ver", DIGITS), ("page", DIGITS))
CONFIRM = Template("gh:done", ("gid", DIGITS), ("ver", DIGITS))
TURN = Template("gh", ("what", "turn|hand|board"), ("gid", DIGITS))
LOBBY = Template("gh:lobby", ("what", "join|leave|addbot|rmbot|start"), ("gid", DIGITS))
LOBBY_BOT = Template("gh:lobbybot", ("gid", DIGITS))  # the lobby's menu adding a bot at a chosen level
LOG = Template("gh:log", ("gid", DIGITS), ("kind", "recap|full"), ("page", DIGITS), ("mode", "[oef]"))
DM_REFRESH = Template("gh:dmr", ("gid", DIGITS))
RULES_PAGE = Template("gh:rules", ("slug", SLUG), ("page", DIGITS))
RULES_SECTION = Template("gh:rsec", ("slug", SLUG), ("first", DIGITS))
HELP = Template("gh:help", ("gid", DIGITS), ("what", "explain|suggest"))
COACH = Template("gh:coach", ("what", "on|off"), ("gid", DIGITS))  # a guided game's coach, per seat
HISTORY_PAGE = Template("gh:hist", ("page", SIGNED))
REPLAY_STEP = Template("gh:rp", ("gid", DIGITS), ("step", DIGITS), ("slot", "[a-z_]{1,12}"))
REPLAY_ROUND = Template("gh:rpr", ("gid", DIGITS))
# the takeover vote: "gh:afk:<game>:<version>" for this turn, "gh:afkseat:..." for the rest of the game
TAKEOVER_PATTERN = rf"gh:afk(?P<kind>|seat):(?P<gid>{DIGITS}):(?P<ver>{DIGITS})"

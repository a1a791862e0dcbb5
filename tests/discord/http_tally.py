"""Counts the bot's Discord HTTP requests by kind, from SimCord's request log.

Discord limits a bot token to about 50 requests a second outside the interaction endpoints
(interaction callbacks and their webhooks have their own budget per interaction), so what
matters for throughput is how many requests a move makes outside them."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

INTERACTION = "interaction"   # callbacks, and the follow-up/original-response webhooks
CHANNEL = "channel"           # messages in the game's channel (post, edit)
DM = "dm"                     # messages in a direct-message channel
DM_OPEN = "dm-open"           # POST /users/@me/channels (opening a DM channel)
OTHER = "other"               # everything else (command sync, user lookups, ...)

_CHANNEL_PATH = re.compile(r"^/channels/(\d+)/")


def kind_of(method: str, path: str, guild_channels: set[int]) -> str:
    """The class of one request, given the ids of the guild's (non-DM) channels."""
    if path.startswith("/interactions/") or path.startswith("/webhooks/"):
        return INTERACTION
    if method == "POST" and path == "/users/@me/channels":
        return DM_OPEN
    found = _CHANNEL_PATH.match(path)
    if found:
        return CHANNEL if int(found.group(1)) in guild_channels else DM
    return OTHER


@dataclass
class Tally:
    """Requests counted from a point in SimCord's log (`start`) on."""

    env: object
    guild_channels: set[int]
    start: int = 0
    by_kind: Counter = field(default_factory=Counter)
    by_route: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.start = len(self.env.http_requests)

    def take(self) -> "Tally":
        """Count the requests made since the last take."""
        log = self.env.http_requests
        for entry in log[self.start:]:
            kind = kind_of(entry.method, entry.path, self.guild_channels)
            self.by_kind[kind] += 1
            route = re.sub(r"\d{6,}", "{id}", entry.path)
            route = re.sub(r"/(interactions|webhooks)/\{id\}/[^/]+", r"/\1/{id}/{token}", route)
            self.by_route[f"{entry.method} {route}"] += 1
        self.start = len(log)
        return self

    @property
    def outside_interactions(self) -> int:
        """Requests that count against the bot's global budget."""
        return sum(n for kind, n in self.by_kind.items() if kind != INTERACTION)

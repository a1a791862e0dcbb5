"""Who may see a server's games (issue 34 items 1 and 3): the platform's rule, and the one
question it asks the interface about it.

A member may see a game (its history entry, replay, result, and what /stats and /leaderboard
draw from it) only if they can view its channel now, or played in it. A deleted channel is
seen by nobody, so its games are seen by their players only. Whether someone can view a
channel is Discord's to say: the platform asks `ChannelSight` (the shell answers from channel
permissions, threads and their members included) and never imports Discord.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AbstractSet, Iterable, Protocol


class ChannelSight(Protocol):
    """Which of these channels (or threads) of the viewer's server they can view now. A channel
    that no longer exists, or that cannot be checked right now, is not among them."""

    async def __call__(self, channel_ids: frozenset[int]) -> frozenset[int]: ...


@dataclass(frozen=True)
class Viewer:
    """A member asking about their server's games: who, where, and how to learn which of the
    server's channels they can view (asked only about the channels that matter)."""

    guild_id: int
    user_id: int
    sees: ChannelSight


def may_see(channel_visible: bool, played: bool) -> bool:
    """The rule: a game shows to whoever can view its channel now or played in it."""
    return channel_visible or played


def visible_games(games: Iterable[tuple[int, int]], channels: AbstractSet[int], played: AbstractSet[int]) -> set[int]:
    """The ids among `games` ((game id, channel id) pairs) that show to a viewer who can view
    `channels` and played the games `played`."""
    return {game_id for game_id, channel_id in games if may_see(channel_id in channels, game_id in played)}

"""Ended games built without Discord: a bot playout stored as the platform stores it."""

from __future__ import annotations

import games
from games.core import play
from bot.platform.access import Viewer
from bot.platform.storage import ActionRow, GameRow, SeatRow


def seeing_all(guild_id: int, user_id: int) -> Viewer:
    """A member of `guild_id` who can view every channel of it."""
    async def sees(channel_ids: frozenset[int]) -> frozenset[int]:
        return channel_ids

    return Viewer(guild_id, user_id, sees)


def played(slug: str, players: int, seed: int = 7, options: dict | None = None, users: list | None = None,
           start: float = 1_000.0, step: float = 30.0):
    """(rules, row, seats, actions) of a finished bot game whose seats belong to `users`."""
    rules = games.get(slug)
    resolved = rules.resolve_options(options)
    result = play(rules, players, seed, resolved)
    users = users if users is not None else [100 + s for s in range(players)]
    seats = [SeatRow(s, users[s], f"player{s}" if users[s] is not None else f"Bot {s}") for s in range(players)]
    actions, state = [], rules.setup(players, seed, resolved)
    for index, (seat, choice) in enumerate(result.moves, start=1):
        state = rules.apply(state, seat, choice)
        actions.append(ActionRow(index, "choice", seat, users[seat], choice, rules.log_for(state, None), {}, False,
                                 start + index * step))
    row = GameRow(1, 10, 20, slug, resolved, seed, "finished", users[0] or 0, len(actions), None, start,
                  start + len(actions) * step)
    return rules, row, seats, actions

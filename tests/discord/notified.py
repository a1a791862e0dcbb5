"""What reached each person, read from what SimCord stored: channel mentions that notified them
(pings) and DMs that notified them (not Discord's silent messages), so a test can count every
notification a person got, by whichever route (issue 38)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

SILENT = 1 << 12  # Discord's SUPPRESS_NOTIFICATIONS message flag
MENTION, DM = "mention", "dm"


def is_result(content: str) -> bool:
    """A game-over message or result DM (not a notification of a wait)."""
    return content.startswith("Game over") or " is over." in content


@dataclass
class Inbox:
    """Notifications per person since the last `take`, from the bot's messages in `channels`
    and the users' DMs. Results (game over) are left out: they end waits, they tell of none."""

    env: object
    channels: list[int]
    users: list
    seen: dict[int, int] = field(default_factory=dict)  # channel id -> newest message id read
    log: list[tuple[int, str, object]] = field(default_factory=list)  # (user id, route, message) in order

    def _new(self, channel_id: int) -> list:
        stored = self.env.backend.messages.get(channel_id, {})
        after = self.seen.get(channel_id, 0)
        found = [m for key, m in sorted(stored.items()) if key > after and not m.is_ephemeral]
        if found:
            self.seen[channel_id] = found[-1].id
        return found

    def take(self) -> dict[int, list[tuple[str, object]]]:
        """{user id: [(route, message), ...]} of the notifications since the last take."""
        got: dict[int, list[tuple[str, object]]] = defaultdict(list)
        bot_id = self.env.bot.user.id
        for channel_id in self.channels:
            for message in self._new(channel_id):
                if message.author_id == bot_id and not is_result(message.content):
                    for user_id in message.ping_user_ids:
                        got[user_id].append((MENTION, message))
        for user in self.users:
            if user.dm_channel is None:
                continue
            for message in self._new(user.dm_channel.id):
                if message.author_id == bot_id and not message.flags & SILENT and not is_result(message.content):
                    got[user.id].append((DM, message))
        for user_id, items in got.items():
            self.log.extend((user_id, route, message) for route, message in items)
        return got

    def skip(self) -> None:
        """Forget what was posted so far (a setup the test does not count)."""
        self.take()
        self.log.clear()

"""The newest actions of each loaded game, kept in memory.

A move reads the log's tail several times: the channel's log (`publisher._channel_log`), each
panel's recap and undo. Each read was a storage round trip and a JSON decode of the same few
rows, about three per move. The log is append-only (an undo is an action too) and only this
process writes a game it hosts (under the game's lock), so from the moment a game is loaded
every action it stores is kept here as storage would return it; a read reaching further back
than what is kept goes to the storage."""

from __future__ import annotations

from .storage import ActionRow, Storage
from .storage.codec import action_from_row, action_values


class ActionTails:
    """Per loaded game: every stored action from some seq on, as storage returns them."""

    KEEP = 200  # actions kept per game; an older `since` reads the storage

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._tails: dict[int, tuple[int, list[ActionRow]]] = {}  # game -> (first seq kept, the rows from it on)

    def start(self, game_id: int, version: int) -> None:
        """The game was loaded at `version`: keep the actions stored from now on."""
        self._tails[game_id] = (version + 1, [])

    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        """The game's actions after seq `since`, in order (do not change them)."""
        kept = self._tails.get(game_id)
        if kept is not None and since + 1 >= kept[0]:
            return [row for row in kept[1] if row.seq > since]
        return await self.storage.actions(game_id, since)

    def stored(self, game_id: int, action: ActionRow) -> None:
        """`action` was stored, right after every action before it."""
        kept = self._tails.get(game_id)
        if kept is None:
            return
        first, rows = kept
        if (rows[-1].seq if rows else first - 1) != action.seq - 1:
            self.forget(game_id)  # a gap: read the storage from now on
            return
        rows = [*rows[-(self.KEEP - 1):], action_from_row(action_values(game_id, action)[1:])]
        self._tails[game_id] = (rows[0].seq, rows)

    def forget(self, game_id: int) -> None:
        """Keep nothing more of the game (unloaded, or a write whose outcome is unknown)."""
        self._tails.pop(game_id, None)

    def size(self) -> int:
        """How many games have a tail kept."""
        return len(self._tails)

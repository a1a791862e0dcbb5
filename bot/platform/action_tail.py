"""The newest actions of each loaded game, kept in memory.

A move reads the log's tail several times: the channel's log (`publisher._channel_log`), each
panel's recap and undo. Each read was a storage round trip and a JSON decode of the same few
rows, about three per move. The log is append-only (an undo is an action too) and only this
process writes a game it hosts (under the game's lock), so from the moment a game is loaded
every action it stores is kept here as storage would return it; a read reaching further back
than what is kept goes to the storage.

What is kept does not grow with the game: the actions its readers still reach back to (the
sessions `trim` it to the people's newest own choices and the channel's turn message: about a
round), at most KEEP, each as its stored row's values with its texts as the JSON storage holds
them (decoded when read: a few rows per read). Decoded rows of the newest 200 actions took 3-6
KB an action, so a game's tail grew to 150-480 KB by its 80th-160th move."""

from __future__ import annotations

from .storage import ActionRow, Storage
from .storage.codec import action_from_row, action_values


class ActionTails:
    """Per loaded game: every stored action from some seq on, as storage returns them."""

    KEEP = 64  # actions kept per game (undo reads 40, a recap a round); an older `since` reads the storage

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        # game -> (first seq kept, the stored rows' values from it on: `action_values` without the game)
        self._tails: dict[int, tuple[int, list[tuple]]] = {}

    def start(self, game_id: int, version: int) -> None:
        """The game was loaded at `version`: keep the actions stored from now on."""
        self._tails[game_id] = (version + 1, [])

    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        """The game's actions after seq `since`, in order (do not change them)."""
        kept = self._tails.get(game_id)
        if kept is not None and since + 1 >= kept[0]:
            return [action_from_row(row) for row in kept[1] if row[0] > since]
        return await self.storage.actions(game_id, since)

    def stored(self, game_id: int, action: ActionRow) -> None:
        """`action` was stored, right after every action before it."""
        kept = self._tails.get(game_id)
        if kept is None:
            return
        first, rows = kept
        if (rows[-1][0] if rows else first - 1) != action.seq - 1:
            self.forget(game_id)  # a gap: read the storage from now on
            return
        rows = [*rows[-(self.KEEP - 1):], action_values(game_id, action)[1:]]
        self._tails[game_id] = (rows[0][0], rows)

    def trim(self, game_id: int, reach: int) -> None:
        """Drop the kept actions before seq `reach` (no reader reaches back that far: an older
        `since` reads the storage); the newest action is always kept."""
        kept = self._tails.get(game_id)
        if kept is None or not kept[1] or reach <= kept[0]:
            return
        rows = kept[1]
        drop = 0
        while drop < len(rows) - 1 and rows[drop][0] < reach:
            drop += 1
        if drop:
            self._tails[game_id] = (rows[drop][0], rows[drop:])

    def forget(self, game_id: int) -> None:
        """Keep nothing more of the game (unloaded, or a write whose outcome is unknown)."""
        self._tails.pop(game_id, None)

    def size(self) -> int:
        """How many games have a tail kept."""
        return len(self._tails)

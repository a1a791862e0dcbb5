"""What every storage engine offers: rows, errors, shards, and the `Storage` interface.

Two engines implement it with the same behaviour: SQLite (one process per database file)
and PostgreSQL (several processes, each owning a set of Discord shards). The database, not
the process, enforces what must hold across processes: one running game per channel,
the next sequence number of each game, one owner per shard.
"""

from __future__ import annotations

import abc
import time
from dataclasses import dataclass, field
from typing import Any

RUNNING = ("lobby", "active")
ENDED = ("finished", "abandoned")
SNAPSHOTS_KEPT = 50  # per running game; undo further back than this replays the log
PRUNE_EVERY = 10  # old snapshots go in batches: deleting one per record costs 10-20% of it
# update_game may set exactly these columns (no SQL is ever built from caller strings).
UPDATABLE = ("status", "turn_message_id", "creator_id", "meta", "announce", "updated_at")


class StorageError(ValueError):
    """A write the database refused (seat taken, unknown column, bad URL, ...); nothing changed."""


class ChannelBusy(StorageError):
    """The channel already has a game in its lobby or running."""


class VersionConflict(StorageError):
    """The game moved on since the caller read it (another writer won); nothing was stored."""


class AlreadyRunning(RuntimeError):
    """Another process already owns this database (SQLite) or one of these shards (PostgreSQL)."""


@dataclass
class GameRow:
    """One game: where it is played, how it was set up, and how far it got.

    `version` is the sequence number of the last stored action; `meta` is the platform's
    bookkeeping (per-seat stamps, turn clocks, votes); `announce` says the public turn
    message still has to be posted for the current version."""

    id: int
    guild_id: int
    channel_id: int
    slug: str
    options: dict
    seed: int
    status: str  # lobby, active, finished, abandoned
    creator_id: int
    version: int
    turn_message_id: int | None
    created_at: float
    updated_at: float
    meta: dict = field(default_factory=dict)
    announce: bool = False


@dataclass
class SeatRow:
    seat: int
    user_id: int | None  # None: a bot player
    name: str
    level: str | None = None  # a bot seat's level ("easy", "normal", "hard"); None: normal (older rows)


@dataclass
class ActionRow:
    """One entry of a game's append-only log."""

    seq: int
    kind: str  # choice, undo
    seat: int | None
    user_id: int | None  # who chose; None when a bot player did
    choice: Any
    lines: list[Any]  # texts: a message's data form, or a plain string (games stored before issue 23)
    private_lines: dict[int, list[Any]]
    revealed: bool
    created_at: float


@dataclass
class UserNotify:
    """What storage keeps of how a user is told of their waits: their DM mode (`dm_mode_of`),
    their notification settings (JSON, `bot.platform.waits.Prefs`), when they were last told and
    when they last got a summary of every game waiting on them (None: never)."""

    dm_mode: str = "panel"
    settings: dict = field(default_factory=dict)
    told_at: float | None = None
    summary_at: float | None = None


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's shard formula: which shard receives the events of `guild_id`."""
    return (guild_id >> 22) % shard_count


def check_fields(fields: dict[str, Any]) -> None:
    unknown = sorted(set(fields) - set(UPDATABLE))
    if unknown:
        raise StorageError(f"update_game cannot set {unknown[0]!r}; allowed: {', '.join(UPDATABLE)}")


def merge_settings(current: dict, values: dict) -> dict:
    """`values` laid over `current`; a value of None removes that key."""
    merged = dict(current)
    for key, value in values.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


class Storage(abc.ABC):
    """Async access to the games of this process's shards.

    `Storage(url)` (or `open_storage(url)`) picks the engine from the URL; call `open()`
    before use and `close()` at the end. Every method that writes does so in one transaction.
    """

    engine = "?"

    def __new__(cls, url: str = "gamehost.sqlite3", **kwargs: Any):
        if cls is Storage:
            from . import engine_for

            cls = engine_for(url)
        return super().__new__(cls)

    def __init__(self, url: str, *, shard_ids: list[int] | None = None, shard_count: int = 1) -> None:
        if shard_count < 1:
            raise StorageError("shard_count must be at least 1")
        owned = sorted(set(range(shard_count) if shard_ids is None else shard_ids))
        if not owned or any(not 0 <= s < shard_count for s in owned):
            raise StorageError(f"shard ids {shard_ids} do not fit shard_count {shard_count}")
        self.url = url
        self.shard_count = shard_count
        self.shard_ids = owned
        self.all_shards = len(owned) == shard_count
        self.is_open = False

    def shard_of(self, guild_id: int) -> int:
        return shard_of(guild_id, self.shard_count)

    def owns(self, guild_id: int) -> bool:
        """Whether games of `guild_id` live in this process."""
        return self.all_shards or self.shard_of(guild_id) in self.shard_ids

    def describe_shards(self) -> str:
        if self.shard_count == 1:
            return "all guilds"
        return f"shards {','.join(map(str, self.shard_ids))} of {self.shard_count}"

    # -- lifecycle -------------------------------------------------------------
    async def open(self) -> None:
        """Connect, claim ownership (AlreadyRunning if another process holds it), migrate."""
        await self._open()
        self.is_open = True

    async def close(self) -> None:
        """Release ownership and connections. Safe to call twice."""
        self.is_open = False
        await self._close()

    async def still_owner(self) -> bool:
        """Whether this process still holds its claim (SQLite: the lock file, held while open;
        PostgreSQL: the shard locks, lost if the owner connection dropped). A process that is
        no longer owner must stop writing: another may have taken its shards over."""
        return self.is_open

    @abc.abstractmethod
    async def _open(self) -> None: ...

    @abc.abstractmethod
    async def _close(self) -> None: ...

    @abc.abstractmethod
    async def schema_version(self) -> int:
        """How many migrations of this engine the database has applied."""

    # -- games -----------------------------------------------------------------
    @abc.abstractmethod
    async def create_game(self, guild_id: int, channel_id: int, slug: str, options: dict, seed: int,
                          creator_id: int, creator_name: str, meta: dict) -> tuple[GameRow, SeatRow]:
        """A lobby with its creator in seat 0 (one transaction). ChannelBusy if the channel has
        a lobby or running game."""

    @abc.abstractmethod
    async def update_game(self, game_id: int, **fields: Any) -> None:
        """Set some of UPDATABLE. Does not touch updated_at unless given. Setting an ended
        status keeps only the game's last snapshot."""

    @abc.abstractmethod
    async def start_game(self, game_id: int, state: dict, meta: dict) -> None:
        """Lobby -> active with `meta` and the snapshot at the game's version (0), announce set
        (the start must be posted), in one transaction. VersionConflict if the game is not in
        its lobby any more."""

    @abc.abstractmethod
    async def record(self, game_id: int, action: ActionRow, state: dict, *, status: str | None = None,
                     meta: dict | None = None, announce: bool = True) -> None:
        """Append `action` and the state after it, move the game to version action.seq (one
        transaction). VersionConflict if the game is not at action.seq - 1."""

    @abc.abstractmethod
    async def snapshot(self, game_id: int, seq: int | None = None) -> tuple[int, dict] | None:
        """(seq, state) of the latest snapshot, or of the one at exactly `seq`; None if absent."""

    @abc.abstractmethod
    async def game(self, game_id: int) -> GameRow | None:
        """The game, if it exists and belongs to this process's shards."""

    @abc.abstractmethod
    async def running_in_channel(self, channel_id: int) -> GameRow | None: ...

    @abc.abstractmethod
    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        """The channel's newest game of any status."""

    @abc.abstractmethod
    async def running(self, guild_id: int | None = None) -> list[GameRow]:
        """Lobby and active games of this process's shards (of one guild if given), by id."""

    @abc.abstractmethod
    async def count_running(self) -> int:
        """How many lobby and active games this process's shards hold (reads only an index)."""

    @abc.abstractmethod
    async def idle(self, status: str, before: float, limit: int = 500) -> list[GameRow]:
        """Games in `status` not updated since `before`, oldest first."""

    @abc.abstractmethod
    async def due(self, before: float, limit: int = 500) -> list[GameRow]:
        """Active games whose `meta["due_at"]` (next reminder or clock event) is at or before
        `before`, soonest first. Answered from an index: games not due cost nothing."""

    @abc.abstractmethod
    async def needing_announce(self) -> list[GameRow]:
        """Active games whose public turn message, and finished games whose result message,
        still has to be posted."""

    @abc.abstractmethod
    async def running_of_user(self, guild_id: int, user_id: int) -> list[GameRow]: ...

    # -- seats -----------------------------------------------------------------
    @abc.abstractmethod
    async def seats(self, game_id: int) -> list[SeatRow]: ...

    @abc.abstractmethod
    async def add_seat(self, game_id: int, seat: SeatRow) -> None:
        """StorageError if the seat is taken."""

    @abc.abstractmethod
    async def remove_seat(self, game_id: int, seat: int) -> None:
        """Free `seat`; the seats after it move down by one (one transaction)."""

    @abc.abstractmethod
    async def update_seat(self, game_id: int, seat: int, user_id: int | None, name: str,
                          level: str | None = None) -> None:
        """StorageError if there is no such seat. `level`: a bot seat's level (None for a person)."""

    # -- log -------------------------------------------------------------------
    @abc.abstractmethod
    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        """The log entries after seq `since`, in order."""

    @abc.abstractmethod
    async def last_choice_seq(self, game_id: int, user_id: int) -> int:
        """The seq of the user's newest own choice in the game (0 if none), so a recap can read
        `actions(game_id, since=seq - 1)` instead of the whole log."""

    # -- settings --------------------------------------------------------------
    @abc.abstractmethod
    async def guild_settings(self, guild_id: int) -> dict: ...

    @abc.abstractmethod
    async def set_guild_settings(self, guild_id: int, values: dict) -> None:
        """Merge `values` into the guild's settings; a None value removes its key."""

    @abc.abstractmethod
    async def dm_enabled(self, user_id: int) -> bool: ...

    @abc.abstractmethod
    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None: ...

    @abc.abstractmethod
    async def dm_mode(self, user_id: int) -> str:
        """How the user wants "your turn" DMs: 'off', 'notice' or 'panel' (the default)."""

    @abc.abstractmethod
    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        """Store the DM mode ('off' also turns `dm_enabled` off, the others turn it on)."""

    @abc.abstractmethod
    async def user_notify(self, user_id: int) -> UserNotify:
        """How the user is told of their waits (the defaults when they set nothing)."""

    @abc.abstractmethod
    async def set_notify_settings(self, user_id: int, settings: dict) -> None:
        """Store the user's notification settings (how often, time zone, quiet hours)."""

    @abc.abstractmethod
    async def claim_told(self, user_id: int, now: float, told_before: float | None = None,
                         summary_before: float | None = None) -> bool:
        """Record that the user is told at `now` (and, with `summary_before`, that they get a summary
        of every game waiting on them), only if they were not told after `told_before` and got no
        summary since `summary_before`; False (nothing written) when they were. One statement, so
        two processes (or two games) never both tell a user the same thing."""

    @abc.abstractmethod
    async def games_waiting_on(self, user_id: int) -> list[GameRow]:
        """Active games in which the user holds a seat, of every shard (a summary of what waits
        on them reads, never changes, games other processes own)."""

    @abc.abstractmethod
    async def user_language(self, user_id: int) -> tuple[str | None, str | None]:
        """(the language the user chose with /settings language or None for automatic, the
        Discord client locale last seen on their interactions or None)."""

    @abc.abstractmethod
    async def set_user_language(self, user_id: int, language: str | None) -> None:
        """Store the user's chosen language (None: follow their Discord client again)."""

    @abc.abstractmethod
    async def note_locale(self, user_id: int, locale: str) -> None:
        """Remember the client locale of the user's latest interaction (DMs have none)."""

    # -- fixed statements of other modules (bot/storage/history.py) ---------------
    async def fetch_rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows of one read-only statement written for this engine's dialect (fixed text,
        caller values only as parameters)."""
        raise NotImplementedError

    async def write_rows(self, statements: list[tuple[str, tuple]]) -> None:
        """Run the statements (fixed text, values as parameters) in one transaction."""
        raise NotImplementedError


def dm_mode_of(row: tuple | None) -> str:
    """The DM mode a user_settings row (dm_enabled, dm_mode) means: no row is the default
    panel; a row from before dm_mode existed keeps its on/off."""
    if row is None:
        return "panel"
    enabled, mode = row
    return "off" if not enabled else (mode or "panel")


def now() -> float:
    return time.time()

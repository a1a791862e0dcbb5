"""SQLite storage: games, seats, an append-only action log and state snapshots."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import aiosqlite

# Each entry migrates the schema from version i to i + 1. Never edit a shipped entry.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,            -- lobby, active, finished, abandoned
        creator_id INTEGER NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        turn_message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE INDEX games_by_status ON games (status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,                 -- NULL for a bot player
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,              -- choice, undo
        seat INTEGER,
        user_id INTEGER,                 -- who made it; NULL when a bot player chose
        choice TEXT,
        lines TEXT NOT NULL,             -- public log lines
        private_lines TEXT NOT NULL,     -- {seat: lines only that seat may read}
        revealed INTEGER NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        dm_enabled INTEGER NOT NULL DEFAULT 1
    );
    """,
]


# Restoring reads only rows of games still running, however long the history grows.
_RUNNING = "game_id IN (SELECT id FROM games WHERE status IN ('lobby', 'active'))"


@dataclass
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    slug: str
    options: dict
    seed: int
    status: str
    creator_id: int
    version: int
    turn_message_id: int | None
    created_at: float
    updated_at: float


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    name: str


@dataclass
class ActionRow:
    seq: int
    kind: str
    seat: int | None
    user_id: int | None
    choice: Any
    lines: list[str]
    private_lines: dict[int, list[str]]
    revealed: bool
    created_at: float


class Storage:
    """Async access to the database. One connection; aiosqlite serialises its use."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None
        # Every game shares this connection: writes must not interleave inside a transaction.
        self._writing = asyncio.Lock()

    async def open(self) -> None:
        self._db = await aiosqlite.connect(self.path)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
            async with self._db.execute(f"PRAGMA {pragma}"):
                pass
        await self.migrate()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def migrate(self) -> int:
        """Bring the schema up to date; returns the resulting schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        for target in range(version, len(MIGRATIONS)):
            await self.db.executescript(f"BEGIN; {MIGRATIONS[target]} PRAGMA user_version = {target + 1}; COMMIT;")
        return len(MIGRATIONS)

    # -- games -----------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, slug: str, options: dict, seed: int, creator_id: int) -> int:
        now = time.time()
        async with self._writing:
            cursor = await self.db.execute(
                "INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                (guild_id, channel_id, slug, json.dumps(options), seed, creator_id, now, now),
            )
            await self.db.commit()
        return cursor.lastrowid

    async def update_game(self, game_id: int, **fields: Any) -> None:
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        fields["updated_at"] = time.time()
        assignments = ", ".join(f"{name} = ?" for name in fields)
        async with self._writing:
            await self.db.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields.values(), game_id))
            await self.db.commit()

    async def games(self, where: str = "1", params: tuple = ()) -> list[GameRow]:
        async with self.db.execute(f"SELECT * FROM games WHERE {where} ORDER BY id", params) as cursor:
            rows = await cursor.fetchall()
        return [_game_row(row) for row in rows]

    async def game(self, game_id: int) -> GameRow | None:
        found = await self.games("id = ?", (game_id,))
        return found[0] if found else None

    # -- seats -----------------------------------------------------------------
    async def set_seats(self, game_id: int, seats: list[SeatRow]) -> None:
        async with self._writing:
            await self.db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            await self.db.executemany(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.name) for s in seats],
            )
            await self.db.commit()

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self.db.execute(
            "SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cursor:
            return [SeatRow(*row) for row in await cursor.fetchall()]

    async def seats_by_game(self, game_ids: list[int]) -> dict[int, list[SeatRow]]:
        found: dict[int, list[SeatRow]] = {gid: [] for gid in game_ids}
        async with self.db.execute(
            f"SELECT game_id, seat, user_id, name FROM seats WHERE {_RUNNING} ORDER BY game_id, seat"
        ) as cursor:
            async for game_id, seat, user_id, name in cursor:
                if game_id in found:
                    found[game_id].append(SeatRow(seat, user_id, name))
        return found

    # -- actions and snapshots -------------------------------------------------
    async def record(self, game_id: int, action: ActionRow, state: dict, state_seq: int) -> None:
        """Append one action and the snapshot after it, atomically."""
        async with self._writing:
            await self._record(game_id, action, state, state_seq)

    async def _record(self, game_id: int, action: ActionRow, state: dict, state_seq: int) -> None:
        db = self.db
        await db.execute("BEGIN")
        try:
            await db.execute(
                "INSERT INTO actions (game_id, seq, kind, seat, user_id, choice, lines, private_lines, revealed, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id, action.seq, action.kind, action.seat, action.user_id, json.dumps(action.choice),
                    json.dumps(action.lines), json.dumps(action.private_lines), int(action.revealed), action.created_at,
                ),
            )
            await self._write_snapshot(game_id, state_seq, state)
            await db.execute(
                "UPDATE games SET version = ?, updated_at = ? WHERE id = ?", (action.seq, action.created_at, game_id)
            )
            await db.commit()
        except BaseException:
            await db.rollback()
            raise

    async def save_snapshot(self, game_id: int, seq: int, state: dict) -> None:
        async with self._writing:
            await self._write_snapshot(game_id, seq, state)
            await self.db.commit()

    async def _write_snapshot(self, game_id: int, seq: int, state: dict) -> None:
        await self.db.execute(
            "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, state = excluded.state",
            (game_id, seq, json.dumps(state, separators=(",", ":"))),
        )

    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        async with self.db.execute(
            "SELECT seq, kind, seat, user_id, choice, lines, private_lines, revealed, created_at"
            " FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, since),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            ActionRow(seq, kind, seat, user, json.loads(choice), json.loads(lines),
                      {int(s): texts for s, texts in json.loads(private).items()}, bool(rev), at)
            for seq, kind, seat, user, choice, lines, private, rev, at in rows
        ]

    async def snapshots(self, game_ids: list[int]) -> dict[int, tuple[int, dict]]:
        """Latest snapshot (version, state data) per game."""
        found: dict[int, tuple[int, dict]] = {}
        wanted = set(game_ids)
        async with self.db.execute(f"SELECT game_id, seq, state FROM snapshots WHERE {_RUNNING}") as cursor:
            async for game_id, seq, state in cursor:
                if game_id in wanted:
                    found[game_id] = (seq, json.loads(state))
        return found

    # -- user settings ---------------------------------------------------------
    async def dm_enabled(self, user_id: int) -> bool:
        async with self.db.execute("SELECT dm_enabled FROM user_settings WHERE user_id = ?", (user_id,)) as cursor:
            row = await cursor.fetchone()
        return True if row is None else bool(row[0])

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        async with self._writing:
            await self.db.execute(
                "INSERT INTO user_settings (user_id, dm_enabled) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled",
                (user_id, int(enabled)),
            )
            await self.db.commit()


def _game_row(row: tuple) -> GameRow:
    (gid, guild, channel, slug, options, seed, status, creator, version, message, created, updated) = row
    return GameRow(gid, guild, channel, slug, json.loads(options), seed, status, creator, version, message, created, updated)

"""The PostgreSQL engine's statements: fixed text, caller values only as $n parameters.

Game listings end with three parameters naming this process's shards:
(all shards?, shard_count, shard ids)."""

from __future__ import annotations

from .base import UPDATABLE
from .codec import GAME_COLUMNS


def _shard(first: int) -> str:
    return (f"(${first}::boolean OR ((guild_id >> 22) % ${first + 1}::int) = ANY(${first + 2}::int[]))")


_SELECT = f"SELECT {GAME_COLUMNS} FROM games WHERE "
_LIVE = "status IN ('lobby', 'active')"

GAME = _SELECT + f"id = $1 AND {_shard(2)}"
RUNNING_IN_CHANNEL = _SELECT + f"channel_id = $1 AND {_LIVE} AND {_shard(2)}"
LAST_IN_CHANNEL = _SELECT + f"channel_id = $1 AND {_shard(2)} ORDER BY id DESC LIMIT 1"
RUNNING_GAMES = _SELECT + f"{_LIVE} AND {_shard(1)} ORDER BY id"
COUNT_RUNNING = f"SELECT count(*) FROM games WHERE {_LIVE} AND {_shard(1)}"
RUNNING_IN_GUILD = _SELECT + f"guild_id = $1 AND {_LIVE} AND {_shard(2)} ORDER BY id"
IDLE = _SELECT + f"status = $1 AND updated_at < $2 AND {_shard(4)} ORDER BY updated_at LIMIT $3"
ANNOUNCE = _SELECT + f"announce AND status IN ('active', 'finished') AND {_shard(1)} ORDER BY id"
_DUE_AT = "((meta::jsonb) ->> 'due_at')::double precision"
DUE = _SELECT + f"status = 'active' AND {_DUE_AT} <= $1 AND {_shard(3)} ORDER BY {_DUE_AT} LIMIT $2"
OF_USER = _SELECT + (f"guild_id = $1 AND {_LIVE} AND {_shard(3)}"
                     " AND id IN (SELECT game_id FROM seats WHERE user_id = $2) ORDER BY id")

# every shard: a summary of a user's waits reads (never changes) games other processes own
WAITING_ON = _SELECT + "status = 'active' AND id IN (SELECT game_id FROM seats WHERE user_id = $1) ORDER BY id"
# $1 user, $2 now, $3 also a summary?, $4 told_before or NULL, $5 summary_before or NULL; a row when claimed
CLAIM_TOLD = """
INSERT INTO user_settings AS u (user_id, told_at, summary_at)
VALUES ($1, $2::double precision, CASE WHEN $3::boolean THEN $2::double precision END)
ON CONFLICT (user_id) DO UPDATE SET told_at = $2::double precision,
 summary_at = CASE WHEN $3::boolean THEN $2::double precision ELSE u.summary_at END
 WHERE ($4::double precision IS NULL OR u.told_at IS NULL OR u.told_at <= $4)
   AND ($5::double precision IS NULL OR u.summary_at IS NULL OR u.summary_at < $5)
RETURNING user_id
"""

_TYPES = {"status": "text", "turn_message_id": "bigint", "creator_id": "bigint", "meta": "text",
          "announce": "boolean", "updated_at": "double precision"}
# $1 game id, then for each column of UPDATABLE: ($2k) whether to set it, ($2k+1) its value
UPDATE_GAME = "UPDATE games SET " + ", ".join(
    f"{column} = CASE WHEN ${2 * i + 2}::boolean THEN ${2 * i + 3}::{_TYPES[column]} ELSE {column} END"
    for i, column in enumerate(UPDATABLE)
) + " WHERE id = $1"

KEEP_LAST = ("DELETE FROM snapshots WHERE game_id = $1"
             " AND seq < (SELECT max(seq) FROM snapshots WHERE game_id = $1)")

# $1 guild, $2 channel, $3 slug, $4 options, $5 seed, $6 creator, $7 time, $8 meta, $9 creator's name
CREATE_GAME = """
WITH created AS (
    INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id, created_at, updated_at, meta)
    VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $7, $8)
    RETURNING id),
seated AS (
    INSERT INTO seats (game_id, seat, user_id, name) SELECT id, 0, $6, $9 FROM created)
SELECT id FROM created
"""

# $1 game, $2 meta, $3 time, $4 state; returns how many games started (0 or 1)
START_GAME = """
WITH started AS (
    UPDATE games SET status = 'active', meta = $2, announce = TRUE, updated_at = $3
     WHERE id = $1 AND status = 'lobby'
    RETURNING id, version),
snapped AS (
    INSERT INTO snapshots (game_id, seq, state) SELECT id, version, $4 FROM started
    ON CONFLICT (game_id, seq) DO UPDATE SET state = EXCLUDED.state)
SELECT count(*) FROM started
"""

# $1 game, $2 seq, $3 time, $4 status or NULL, $5 meta or NULL, $6 announce, $7-$13 the action,
# $14 state; returns how many games moved (0 or 1). RECORD_AND_PRUNE also deletes the snapshots at
# or below $15, and all but the newest of a game that ended (a separate statement: pruning on
# every record would cost 5-10% of it).
_RECORD = """
WITH moved AS (
    UPDATE games SET version = $2, updated_at = $3, status = coalesce($4::text, status),
                     meta = coalesce($5::text, meta), announce = $6
     WHERE id = $1 AND version = $2 - 1
    RETURNING id, status),
logged AS (
    INSERT INTO actions (game_id, seq, kind, seat, user_id, choice, lines, private_lines, revealed, created_at)
    SELECT id, $2, $7, $8, $9, $10, $11, $12, $13, $3 FROM moved),
snapped AS (
    INSERT INTO snapshots (game_id, seq, state) SELECT id, $2, $14 FROM moved
    ON CONFLICT (game_id, seq) DO UPDATE SET state = EXCLUDED.state)"""
RECORD = _RECORD + """
SELECT count(*) FROM moved
"""
RECORD_AND_PRUNE = _RECORD + """,
pruned AS (
    DELETE FROM snapshots s USING moved
     WHERE s.game_id = moved.id AND (s.seq <= $15 OR (moved.status IN ('finished', 'abandoned') AND s.seq < $2)))
SELECT count(*) FROM moved
"""

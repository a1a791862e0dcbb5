"""The schema of each engine as an ordered list of migrations. Never edit a shipped entry:
append a new one. SQLite tracks its position in `PRAGMA user_version`, PostgreSQL in the
`schema_migrations` table."""

from __future__ import annotations

SQLITE_MIGRATIONS: list[str] = [
    # 1: the first shipped schema
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
    # 2: platform metadata, one running game per channel, a snapshot per seq, indexed lookups
    """
    ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN announce INTEGER NOT NULL DEFAULT 0;
    -- a channel may hold two running games from the old create race: keep the active one
    -- (else the newest lobby) running, end the others, before the database forbids it
    UPDATE games SET status = 'abandoned'
     WHERE status IN ('lobby', 'active') AND EXISTS (
        SELECT 1 FROM games other
         WHERE other.channel_id = games.channel_id AND other.status IN ('lobby', 'active')
           AND (other.status = 'active', other.id) > (games.status = 'active', games.id));
    CREATE UNIQUE INDEX games_running_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    DROP INDEX games_by_status;
    CREATE INDEX games_by_status_updated ON games (status, updated_at);
    CREATE INDEX games_by_guild ON games (guild_id, status);
    CREATE INDEX games_to_announce ON games (id) WHERE announce = 1 AND status = 'active';
    CREATE INDEX games_running ON games (id) WHERE status IN ('lobby', 'active');
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE snapshots_by_seq (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO snapshots_by_seq (game_id, seq, state) SELECT game_id, seq, state FROM snapshots;
    DROP TABLE snapshots;
    ALTER TABLE snapshots_by_seq RENAME TO snapshots;
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL
    );
    """,
    # 3: a game's next moment needing attention (reminder, clock) lives in its metadata and is
    # indexed, so the idle check reads only games that are due; finished games whose result
    # message never went out are announced too
    """
    CREATE INDEX games_due ON games (json_extract(meta, '$.due_at')) WHERE status = 'active';
    DROP INDEX games_to_announce;
    CREATE INDEX games_to_announce ON games (id) WHERE announce = 1 AND status IN ('active', 'finished');
    """,
    # 4: history (issue 24): one result per ended game, one row per seat of it (who is credited
    # with the seat, place, score, time to move), and the members who hide their stats
    """
    CREATE TABLE results (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        guild_id INTEGER NOT NULL,
        slug TEXT NOT NULL,
        ended TEXT NOT NULL,             -- finished, abandoned, unreadable (kept: not examined again)
        mode TEXT NOT NULL,              -- versus, solo, coop
        difficulty TEXT NOT NULL,
        rated INTEGER NOT NULL,          -- counts for the ratings (versus, two people or more)
        finished_at REAL NOT NULL,
        summary TEXT NOT NULL            -- JSON: names, scores, winners, score per round
    );
    CREATE INDEX results_by_guild ON results (guild_id, ended, finished_at);
    CREATE INDEX results_rated ON results (guild_id, slug, finished_at) WHERE rated = 1;
    CREATE TABLE result_seats (
        game_id INTEGER NOT NULL REFERENCES results (game_id),
        seat INTEGER NOT NULL,
        user_id INTEGER,                 -- the person credited with the seat; NULL: a bot seat
        team INTEGER NOT NULL,
        place INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        share REAL NOT NULL,             -- the credited person's share of the seat's moves
        moves INTEGER NOT NULL,          -- their timed moves, and the seconds those took
        think_seconds REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX result_seats_by_user ON result_seats (user_id, game_id);
    CREATE TABLE stats_hidden (
        user_id INTEGER PRIMARY KEY
    );
    """,
    # 5: dms (issue 25): how a user wants "your turn" DMs: 'off', 'notice' (a short line with a
    # link) or 'panel' (the whole decision panel); NULL means the default, the panel (or off
    # when dm_enabled was turned off before this column existed)
    """
    ALTER TABLE user_settings ADD COLUMN dm_mode TEXT;
    """,
    # 6: languages (issue 23): the language a user chose with /settings language (NULL: follow
    # their Discord client) and the client locale last seen on their interactions (for DMs,
    # which come with no interaction)
    """
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    ALTER TABLE user_settings ADD COLUMN seen_locale TEXT;
    """,
    # 7: privacy (issue 34): the games a member moved in, found from an index, so a game in a
    # channel they cannot see still shows to them in /game history when they played in it
    """
    CREATE INDEX actions_by_user ON actions (user_id, game_id) WHERE user_id IS NOT NULL;
    """,
    # 8: notifications (issue 38): how often a user is told of their waits, their time zone and quiet
    # hours (JSON, see bot.platform.waits.Prefs; NULL: every wait, UTC, none), when they were last
    # told (what an interval counts from) and when they last got a summary of every game waiting on
    # them (a wait that began before it was covered by it)
    """
    ALTER TABLE user_settings ADD COLUMN notify TEXT;
    ALTER TABLE user_settings ADD COLUMN told_at REAL;
    ALTER TABLE user_settings ADD COLUMN summary_at REAL;
    """,
    # 9: bot levels (issue 37): a bot seat's level, and the level a result credits a bot seat to
    # (rated as that bot); NULL reads as "normal" for a bot seat (rows from before levels)
    """
    ALTER TABLE seats ADD COLUMN bot_level TEXT;
    ALTER TABLE result_seats ADD COLUMN bot_level TEXT;
    """,
]

POSTGRES_MIGRATIONS: list[str] = [
    # 1: everything SQLite reached at its version 2; Discord ids and seeds are BIGINT
    """
    CREATE TABLE games (
        id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        guild_id BIGINT NOT NULL,
        channel_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        options TEXT NOT NULL,
        seed BIGINT NOT NULL,
        status TEXT NOT NULL,
        creator_id BIGINT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        turn_message_id BIGINT,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}',
        announce BOOLEAN NOT NULL DEFAULT FALSE
    );
    CREATE UNIQUE INDEX games_running_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_by_channel ON games (channel_id, id);
    CREATE INDEX games_by_status_updated ON games (status, updated_at);
    CREATE INDEX games_by_guild ON games (guild_id, status);
    CREATE INDEX games_to_announce ON games (id) WHERE announce AND status = 'active';
    CREATE INDEX games_running ON games (id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seat INTEGER NOT NULL,
        user_id BIGINT,
        name TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        seat INTEGER,
        user_id BIGINT,
        choice TEXT,
        lines TEXT NOT NULL,
        private_lines TEXT NOT NULL,
        revealed BOOLEAN NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE snapshots (
        game_id BIGINT NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE user_settings (
        user_id BIGINT PRIMARY KEY,
        dm_enabled BOOLEAN NOT NULL DEFAULT TRUE
    );
    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        settings TEXT NOT NULL
    );
    """,
    # 2: as SQLite's 3
    """
    CREATE INDEX games_due ON games ((((meta::jsonb) ->> 'due_at')::double precision)) WHERE status = 'active';
    DROP INDEX games_to_announce;
    CREATE INDEX games_to_announce ON games (id) WHERE announce AND status IN ('active', 'finished');
    """,
    # 3: as SQLite's 4 (history)
    """
    CREATE TABLE results (
        game_id BIGINT PRIMARY KEY REFERENCES games (id),
        guild_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        ended TEXT NOT NULL,
        mode TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        rated BOOLEAN NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        summary TEXT NOT NULL
    );
    CREATE INDEX results_by_guild ON results (guild_id, ended, finished_at);
    CREATE INDEX results_rated ON results (guild_id, slug, finished_at) WHERE rated;
    CREATE TABLE result_seats (
        game_id BIGINT NOT NULL REFERENCES results (game_id),
        seat INTEGER NOT NULL,
        user_id BIGINT,
        team INTEGER NOT NULL,
        place INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won BOOLEAN NOT NULL,
        share DOUBLE PRECISION NOT NULL,
        moves INTEGER NOT NULL,
        think_seconds DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX result_seats_by_user ON result_seats (user_id, game_id);
    CREATE TABLE stats_hidden (
        user_id BIGINT PRIMARY KEY
    );
    """,
    # 4: as SQLite's 5 (dms)
    """
    ALTER TABLE user_settings ADD COLUMN dm_mode TEXT;
    """,
    # 5: as SQLite's 6 (languages)
    """
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    ALTER TABLE user_settings ADD COLUMN seen_locale TEXT;
    """,
    # 6: as SQLite's 7 (privacy)
    """
    CREATE INDEX actions_by_user ON actions (user_id, game_id) WHERE user_id IS NOT NULL;
    """,
    # 7: as SQLite's 8 (notifications)
    """
    ALTER TABLE user_settings ADD COLUMN notify TEXT;
    ALTER TABLE user_settings ADD COLUMN told_at DOUBLE PRECISION;
    ALTER TABLE user_settings ADD COLUMN summary_at DOUBLE PRECISION;
    """,
    # 8: as SQLite's 9 (bot levels)
    """
    ALTER TABLE seats ADD COLUMN bot_level TEXT;
    ALTER TABLE result_seats ADD COLUMN bot_level TEXT;
    """,
]

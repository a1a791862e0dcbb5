"""Storage of game history (issue 24): ended games' results, their seats, and who hides their stats.

The statements are fixed text written once in SQLite's dialect (`?` parameters); PostgreSQL gets
them with `$n` parameters and its boolean spelling. They run through the engines' two narrow
calls, `Storage.fetch_rows` and `Storage.write_rows`, and every one is answered from an index
(tests/history/test_history_plans.py checks the plans on both engines).

Recording is idempotent: a result is inserted once per game (`ON CONFLICT DO NOTHING`), so a
game recorded at its end and again by a catch-up after a crash counts once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .base import Storage
from .codec import dumps, loads

_RESULT_COLUMNS = "game_id, guild_id, slug, ended, mode, difficulty, rated, finished_at, summary"
_SEAT_COLUMNS = "seat, user_id, team, place, score, won, share, moves, think_seconds, bot_level"

# name -> statement in SQLite's dialect; "{true}" is where a boolean column is tested
STATEMENTS = {
    # ended games of a guild not yet examined (games_by_guild, then the results primary key)
    "MISSING": ("SELECT id FROM games WHERE guild_id = ? AND status IN ('finished', 'abandoned')"
                " AND NOT EXISTS (SELECT 1 FROM results WHERE results.game_id = games.id) ORDER BY id LIMIT ?"),
    # the channel's newest finished game (games_by_channel)
    "LAST_FINISHED": "SELECT id FROM games WHERE channel_id = ? AND status = 'finished' ORDER BY id DESC LIMIT 1",
    "INSERT_RESULT": (f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                      " ON CONFLICT (game_id) DO NOTHING"),
    "INSERT_SEAT": (f"INSERT INTO result_seats (game_id, {_SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (game_id, seat) DO NOTHING"),
    "RESULT": f"SELECT {_RESULT_COLUMNS} FROM results WHERE game_id = ?",
    "RESULT_SEATS": f"SELECT {_SEAT_COLUMNS} FROM result_seats WHERE game_id = ? ORDER BY seat",
    # the guild's finished games, newest first: (game, channel), for the history to pick from
    "LISTED": ("SELECT r.game_id, g.channel_id FROM results r JOIN games g ON g.id = r.game_id"
               " WHERE r.guild_id = ? AND r.ended = 'finished' ORDER BY r.finished_at DESC, r.game_id DESC"),
    "ENTRY": ("SELECT r.game_id, r.slug, r.finished_at, r.summary, g.channel_id, g.turn_message_id"
              " FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id = ? AND r.ended = 'finished'"),
    # the games a member played in: held a seat at the end, is credited with one, or made a move
    "PLAYED": ("SELECT game_id FROM seats WHERE user_id = ? UNION SELECT game_id FROM result_seats WHERE user_id = ?"
               " UNION SELECT game_id FROM actions WHERE user_id = ?"),
    "PLAYED_IN": ("SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?"
                  " UNION ALL SELECT 1 FROM result_seats WHERE game_id = ? AND user_id = ?"
                  " UNION ALL SELECT 1 FROM actions WHERE game_id = ? AND user_id = ? LIMIT 1"),
    "RATED": ("SELECT r.game_id, s.seat, s.user_id, s.team, s.place, s.share, g.channel_id, s.bot_level"
              " FROM results r JOIN result_seats s ON s.game_id = r.game_id JOIN games g ON g.id = r.game_id"
              " WHERE r.guild_id = ? AND r.slug = ? AND {true} ORDER BY r.finished_at, r.game_id, s.seat"),
    "OF_USER": ("SELECT r.slug, r.mode, r.difficulty, s.place, s.score, s.won, s.moves, s.think_seconds, r.rated,"
                " r.game_id, g.channel_id"
                " FROM result_seats s JOIN results r ON r.game_id = s.game_id JOIN games g ON g.id = r.game_id"
                " WHERE s.user_id = ? AND r.guild_id = ? AND r.ended = 'finished'"),
    "HIDDEN": "SELECT user_id FROM stats_hidden",
    "IS_HIDDEN": "SELECT user_id FROM stats_hidden WHERE user_id = ?",
    "HIDE": "INSERT INTO stats_hidden (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING",
    "SHOW": "DELETE FROM stats_hidden WHERE user_id = ?",
}


def _numbered(sql: str) -> str:
    counter = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


def statement(name: str, engine: str) -> str:
    """The statement `name` in the dialect of `engine` ("sqlite" or "postgresql")."""
    sql = STATEMENTS[name]
    if engine == "postgresql":
        return _numbered(sql.replace("{true}", "r.rated"))
    return sql.replace("{true}", "r.rated = 1")


@dataclass
class SeatResult:
    """One seat of an ended game: who is credited with it (None: a bot seat) and how it went.
    `share` is the credited person's share of the seat's moves; `moves`/`think_seconds` are
    their timed moves and the seconds those took."""

    seat: int
    user_id: int | None
    team: int
    place: int
    score: int
    won: bool
    share: float = 1.0
    moves: int = 0
    think_seconds: float = 0.0
    bot_level: str | None = None  # a bot seat: the level it is rated as (None: a person, or a bot from before levels)


@dataclass
class GameResult:
    """An ended game's record. `summary` holds what the listings show (title, names, scores,
    winners, the score per round) as plain JSON."""

    game_id: int
    guild_id: int
    slug: str
    ended: str  # finished, abandoned, unreadable (its log no longer replays: left out)
    mode: str  # versus, solo, coop
    difficulty: str
    rated: bool
    finished_at: float
    summary: dict = field(default_factory=dict)
    seats: list[SeatResult] = field(default_factory=list)


@dataclass
class HistoryEntry:
    """One line of a server's history: the game, its summary and where its result message is."""

    game_id: int
    slug: str
    finished_at: float
    summary: dict
    channel_id: int
    message_id: int | None


@dataclass
class RatedSeat:
    game_id: int
    seat: int
    user_id: int | None
    team: int
    place: int
    share: float
    channel_id: int = 0  # where the game was played (who may see it: bot.platform.access)
    bot_level: str | None = None  # a bot seat: rated as the bot of this level (None: an unrated bot, before levels)


@dataclass
class UserGame:
    """One finished game of a member, for /stats."""

    slug: str
    mode: str
    difficulty: str
    place: int
    score: int
    won: bool
    moves: int
    think_seconds: float
    rated: bool
    game_id: int = 0
    channel_id: int = 0  # where it was played (who may see it: bot.platform.access)


class HistoryStore:
    """The history queries over one open `Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    def _sql(self, name: str) -> str:
        return statement(name, self.storage.engine)

    async def _rows(self, name: str, *args) -> list[tuple]:
        return await self.storage.fetch_rows(self._sql(name), args)

    async def unexamined(self, guild_id: int, limit: int = 50) -> list[int]:
        """Ids of the guild's ended games that have no result yet, oldest first."""
        return [row[0] for row in await self._rows("MISSING", guild_id, limit)]

    async def last_finished(self, channel_id: int) -> int | None:
        found = await self._rows("LAST_FINISHED", channel_id)
        return found[0][0] if found else None

    async def save(self, result: GameResult) -> None:
        """Store `result` and its seats in one transaction; a game already stored is left as it is."""
        statements: list[tuple[str, tuple]] = [(self._sql("INSERT_RESULT"), (
            result.game_id, result.guild_id, result.slug, result.ended, result.mode, result.difficulty,
            bool(result.rated), result.finished_at, dumps(result.summary)))]
        for seat in result.seats:
            statements.append((self._sql("INSERT_SEAT"), (
                result.game_id, seat.seat, seat.user_id, seat.team, seat.place, seat.score, bool(seat.won),
                float(seat.share), seat.moves, float(seat.think_seconds), seat.bot_level)))
        await self.storage.write_rows(statements)

    async def result(self, game_id: int) -> GameResult | None:
        found = await self._rows("RESULT", game_id)
        if not found:
            return None
        gid, guild, slug, ended, mode, difficulty, rated, at, summary = found[0]
        seats = [SeatResult(s, u, t, p, sc, bool(w), sh, m, th, level)
                 for s, u, t, p, sc, w, sh, m, th, level in await self._rows("RESULT_SEATS", game_id)]
        return GameResult(gid, guild, slug, ended, mode, difficulty, bool(rated), at, loads(summary), seats)

    async def listed(self, guild_id: int) -> list[tuple[int, int]]:
        """The guild's finished games as (game id, channel id), newest first."""
        return [(gid, channel) for gid, channel in await self._rows("LISTED", guild_id)]

    async def entry(self, game_id: int) -> HistoryEntry | None:
        """One finished game's line of the history (None: no finished result)."""
        found = await self._rows("ENTRY", game_id)
        if not found:
            return None
        gid, slug, at, summary, channel, message = found[0]
        return HistoryEntry(gid, slug, at, loads(summary), channel, message)

    async def played(self, user_id: int) -> set[int]:
        """Every game the member played in (any server)."""
        return {row[0] for row in await self._rows("PLAYED", user_id, user_id, user_id)}

    async def played_in(self, game_id: int, user_id: int) -> bool:
        return bool(await self._rows("PLAYED_IN", game_id, user_id, game_id, user_id, game_id, user_id))

    async def rated(self, guild_id: int, slug: str) -> list[RatedSeat]:
        """Every seat of the guild's rated games of `slug`, in the order the games ended."""
        return [RatedSeat(*row) for row in await self._rows("RATED", guild_id, slug)]

    async def of_user(self, user_id: int, guild_id: int) -> list[UserGame]:
        return [UserGame(slug, mode, diff, place, score, bool(won), moves, think, bool(rated), game_id, channel_id)
                for slug, mode, diff, place, score, won, moves, think, rated, game_id, channel_id
                in await self._rows("OF_USER", user_id, guild_id)]

    async def hidden(self) -> set[int]:
        """Members who hide their stats."""
        return {row[0] for row in await self._rows("HIDDEN")}

    async def is_hidden(self, user_id: int) -> bool:
        return bool(await self._rows("IS_HIDDEN", user_id))

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        await self.storage.write_rows([(self._sql("HIDE" if hidden else "SHOW"), (user_id,))])

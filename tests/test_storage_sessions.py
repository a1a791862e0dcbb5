"""Storage and sessions without Discord: migrations, restore, replay, locking."""

from __future__ import annotations

import asyncio

import pytest

from bot.platform.sessions import Sessions, SessionError
from bot.platform.storage import open_storage
from games.core import IllegalChoice, StaleChoice

# every storage a test opens is closed even when the test fails: an open aiosqlite
# connection's thread would keep the test process from exiting
pytestmark = pytest.mark.usefixtures("close_storages")


@pytest.fixture
async def sessions(tmp_path):
    storage = open_storage(str(tmp_path / "db.sqlite3"))
    await storage.open()
    yield Sessions(storage)
    await storage.close()


async def new_game(sessions, slug="tiny-duel", bots=1):
    game = await sessions.create(1, 10, slug, 100, "alice")
    for _ in range(bots):
        await sessions.add_bot(game, 100)
    await sessions.start(game, 100)
    return game


def stamp(game, user):
    return game.stamp(game.seat_of(user))


async def test_restore_uses_snapshot_and_falls_back_to_replay(sessions, tmp_path):
    game = await new_game(sessions)
    await sessions.choose(game, 100, stamp(game, 100), [])
    await sessions.choose(game, 100, stamp(game, 100), game.state.hands[0][0])
    expected = game.rules.dump(game.state)
    fresh = Sessions(sessions.storage)
    assert await fresh.restore() == 0  # nothing loads at start-up
    loaded = await fresh.get(game.id)
    assert loaded.rules.dump(loaded.state) == expected
    # a lost snapshot is rebuilt from the append-only log
    real = sessions.storage.snapshot

    async def no_snapshot(game_id, seq=None):
        return None

    sessions.storage.snapshot = no_snapshot
    rebuilt = await Sessions(sessions.storage).get(game.id)
    sessions.storage.snapshot = real
    assert rebuilt.rules.dump(rebuilt.state) == expected


async def test_lobby_survives_restore(sessions):
    game = await sessions.create(1, 10, "pocket-mars", 100, "alice", "difficulty=hard")
    await sessions.join(game, 200, "bob")
    lobby = await Sessions(sessions.storage).in_channel(10)
    assert [s.name for s in lobby.seats] == ["alice", "bob"]
    assert lobby.row.status == "lobby" and lobby.row.options["difficulty"] == "hard"


async def test_bad_and_stale_choices_change_nothing(sessions):
    game = await new_game(sessions)
    before = (game.version, game.rules.dump(game.state))
    with pytest.raises(StaleChoice):
        await sessions.choose(game, 100, stamp(game, 100) + 5, [])
    with pytest.raises(IllegalChoice):
        await sessions.choose(game, 100, stamp(game, 100), ["no-such-card"])
    with pytest.raises(SessionError):
        await sessions.choose(game, 999, 0, [])
    assert (game.version, game.rules.dump(game.state)) == before
    assert all(a.user_id is None for a in await sessions.storage.actions(game.id))  # only the bot seat acted


async def test_concurrent_choices_apply_once(sessions):
    game = await new_game(sessions)
    version = stamp(game, 100)
    results = await asyncio.gather(*(sessions.choose(game, 100, version, []) for _ in range(5)), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, StaleChoice) for r in results if isinstance(r, Exception))


async def test_bots_fill_every_seat_but_one_and_the_game_finishes(sessions):
    game = await new_game(sessions, "pocket-mars", bots=2)
    while game.row.status == "active":
        seat = game.seat_of(100)
        await sessions.choose(game, 100, stamp(game, 100), game.rules.bot_choice(game.state, seat))
    stored = await sessions.storage.game(game.id)
    assert stored.status == "finished" and game.id not in sessions.live


async def test_games_writing_at_the_same_time_stay_atomic(sessions):
    """Games share one connection: concurrent records must not interleave transactions."""
    tables = []
    for channel in range(6):
        game = await sessions.create(1, 100 + channel, "pocket-mars", 100, "alice")
        await sessions.add_bot(game, 100)
        await sessions.start(game, 100)
        tables.append(game)

    async def play(game):
        for _ in range(15):
            if game.row.status != "active" or game.rules.decision_for(game.state, 0) is None:
                return
            await sessions.choose(game, 100, stamp(game, 100), game.rules.bot_choice(game.state, 0))

    await asyncio.gather(*(play(game) for game in tables), sessions.storage.set_dm_enabled(5, False))
    fresh = Sessions(sessions.storage)
    for game in tables:
        actions = await sessions.storage.actions(game.id)
        assert [a.seq for a in actions] == list(range(1, len(actions) + 1))
        if game.row.status == "active":
            loaded = await fresh.get(game.id)
            assert loaded.rules.dump(loaded.state) == game.rules.dump(game.state)

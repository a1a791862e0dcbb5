"""The storage API, run once against SQLite and once against a real PostgreSQL server."""

from __future__ import annotations

import asyncio

import pytest

from bot.platform.storage import (SNAPSHOTS_KEPT, ActionRow, ChannelBusy, SeatRow, StorageError, VersionConflict,
    open_storage)
from bot.platform.storage.codec import dumps, loads
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures)

# every storage a test opens is closed even when the test fails: an open aiosqlite
# connection's thread would keep the test process from exiting
pytestmark = pytest.mark.usefixtures("close_storages")

GUILD = 1_190_000_000_000_000_001  # real Discord ids and seeds need 64 bits
CHANNEL = 1_190_000_000_000_000_101
USER = 1_190_000_000_000_000_201
SEED = (1 << 62) - 7


def act(seq: int, seat: int = 0, user: int | None = USER, revealed: bool = False) -> ActionRow:
    return ActionRow(seq, "choice", seat, user, [f"pick-{seq}"], [f"line {seq}"], {seat: [f"secret {seq}"]},
                     revealed, 1000.0 + seq)


async def new_game(storage, channel: int = CHANNEL, guild: int = GUILD, started: bool = True):
    row, _ = await storage.create_game(guild, channel, "tiny-duel", {"length": "short"}, SEED, USER, "alice",
                                       {"clock_setup": "slow"})
    if started:
        await storage.add_seat(row.id, SeatRow(1, None, "Bot 1"))
        await storage.start_game(row.id, {"turn": 0}, {"stamps": [0, 0]})
    return await storage.game(row.id)


async def test_create_stores_game_and_creator_seat_together(storage):
    row, seat = await storage.create_game(GUILD, CHANNEL, "tiny-duel", {"a": "b"}, SEED, USER, "alice", {"k": 1})
    assert seat == SeatRow(0, USER, "alice")
    stored = await storage.game(row.id)
    assert stored == row
    assert (stored.guild_id, stored.channel_id, stored.seed, stored.creator_id) == (GUILD, CHANNEL, SEED, USER)
    assert (stored.status, stored.version, stored.meta, stored.announce) == ("lobby", 0, {"k": 1}, False)
    assert await storage.seats(row.id) == [seat]
    assert await storage.schema_version() >= 1


async def test_a_busy_channel_refuses_a_second_game_even_when_both_race(storage):
    results = await asyncio.gather(
        *(storage.create_game(GUILD, CHANNEL, "tiny-duel", {}, SEED, USER + i, f"p{i}", {}) for i in range(4)),
        return_exceptions=True)
    created = [r for r in results if not isinstance(r, Exception)]
    assert len(created) == 1
    assert all(isinstance(r, ChannelBusy) for r in results if isinstance(r, Exception))
    (row, _), = created
    assert [g.id for g in await storage.running()] == [row.id]
    assert len(await storage.seats(row.id)) == 1  # the refused creates left no seat behind
    await storage.update_game(row.id, status="abandoned")
    again, _ = await storage.create_game(GUILD, CHANNEL, "tiny-duel", {}, SEED, USER, "alice", {})
    assert (await storage.running_in_channel(CHANNEL)).id == again.id
    assert (await storage.last_in_channel(CHANNEL)).id == again.id


async def test_start_writes_status_meta_and_the_first_snapshot(storage):
    game = await new_game(storage)
    assert (game.status, game.meta, game.announce) == ("active", {"stamps": [0, 0]}, True)
    assert await storage.snapshot(game.id) == (0, {"turn": 0})
    with pytest.raises(VersionConflict):
        await storage.start_game(game.id, {"turn": 99}, {})
    assert await storage.snapshot(game.id) == (0, {"turn": 0})


async def test_record_moves_the_game_one_version_in_one_transaction(storage):
    game = await new_game(storage)
    await storage.record(game.id, act(1), {"turn": 1}, meta={"stamps": [1, 0]}, announce=True)
    await storage.record(game.id, act(2, seat=1, user=None, revealed=True), {"turn": 2}, announce=False)
    stored = await storage.game(game.id)
    assert (stored.version, stored.updated_at, stored.meta, stored.announce) == (2, 1002.0, {"stamps": [1, 0]}, False)
    assert await storage.actions(game.id) == [act(1), act(2, seat=1, user=None, revealed=True)]
    assert await storage.actions(game.id, since=1) == [act(2, seat=1, user=None, revealed=True)]
    assert (await storage.last_choice_seq(game.id, USER), await storage.last_choice_seq(game.id, USER + 1)) == (1, 0)
    assert await storage.snapshot(game.id) == (2, {"turn": 2})
    assert await storage.snapshot(game.id, 1) == (1, {"turn": 1})  # undo reads the state it goes back to
    assert await storage.snapshot(game.id, 7) is None


async def test_a_stale_record_is_refused_and_changes_nothing(storage):
    game = await new_game(storage)
    await storage.record(game.id, act(1), {"turn": 1})
    for stale in (act(1), act(3)):
        with pytest.raises(VersionConflict):
            await storage.record(game.id, stale, {"turn": "lost"}, status="finished", meta={"x": 1})
    stored = await storage.game(game.id)
    assert (stored.version, stored.status, stored.meta) == (1, "active", {"stamps": [0, 0]})
    assert [a.seq for a in await storage.actions(game.id)] == [1]
    assert await storage.snapshot(game.id) == (1, {"turn": 1})


async def test_concurrent_records_of_one_game_let_exactly_one_win(storage):
    game = await new_game(storage)
    results = await asyncio.gather(*(storage.record(game.id, act(1, user=USER + i), {"by": i}) for i in range(5)),
                                   return_exceptions=True)
    assert sum(r is None for r in results) == 1
    assert all(isinstance(r, VersionConflict) for r in results if r is not None)
    (winner,) = await storage.actions(game.id)
    assert await storage.snapshot(game.id) == (1, {"by": winner.user_id - USER})


async def test_games_writing_at_the_same_time_keep_their_own_sequences(storage):
    games = [await new_game(storage, channel=CHANNEL + i) for i in range(6)]

    async def play(game, moves=12):
        for seq in range(1, moves + 1):
            await storage.record(game.id, act(seq), {"game": game.id, "turn": seq})

    await asyncio.gather(*(play(game) for game in games), storage.set_dm_enabled(USER, False))
    for game in games:
        assert [a.seq for a in await storage.actions(game.id)] == list(range(1, 13))
        assert await storage.snapshot(game.id) == (12, {"game": game.id, "turn": 12})


async def test_snapshots_keep_a_window_while_running_and_the_last_once_finished(storage):
    game = await new_game(storage)
    last = SNAPSHOTS_KEPT + 10
    for seq in range(1, last + 1):
        await storage.record(game.id, act(seq), {"turn": seq})
    assert await storage.snapshot(game.id, last - SNAPSHOTS_KEPT + 1) == (last - SNAPSHOTS_KEPT + 1,
                                                                         {"turn": last - SNAPSHOTS_KEPT + 1})
    assert await storage.snapshot(game.id, 5) is None
    await storage.record(game.id, act(last + 1), {"turn": "end"}, status="finished")
    assert (await storage.game(game.id)).status == "finished"
    assert await storage.snapshot(game.id) == (last + 1, {"turn": "end"})
    assert await storage.snapshot(game.id, last) is None
    assert len(await storage.actions(game.id)) == last + 1  # the log itself is never pruned


async def test_update_game_sets_only_whitelisted_columns(storage):
    game = await new_game(storage, started=False)
    await storage.update_game(game.id, turn_message_id=CHANNEL + 5, creator_id=USER + 1, meta={"m": 2},
                              announce=True, updated_at=5.0)
    stored = await storage.game(game.id)
    assert (stored.turn_message_id, stored.creator_id, stored.meta, stored.announce, stored.updated_at) == (
        CHANNEL + 5, USER + 1, {"m": 2}, True, 5.0)
    await storage.update_game(game.id, turn_message_id=None)
    stored = await storage.game(game.id)  # the columns not named keep their values
    assert (stored.turn_message_id, stored.creator_id, stored.meta, stored.announce, stored.updated_at) == (
        None, USER + 1, {"m": 2}, True, 5.0)
    await storage.update_game(game.id)  # nothing to set: nothing changes
    assert await storage.game(game.id) == stored
    with pytest.raises(StorageError):
        await storage.update_game(game.id + 1000)
    for bad in ({"seed": 1}, {"version": 9}, {"id; DROP TABLE games": 1}, {"status": "nonsense"}):
        with pytest.raises(StorageError):
            await storage.update_game(game.id, **bad)
    with pytest.raises(StorageError):
        await storage.update_game(game.id + 1000, status="active")
    assert (await storage.game(game.id)).seed == SEED


async def test_listings_use_status_time_guild_user_and_announce(storage):
    lobby = await new_game(storage, channel=CHANNEL + 1, started=False)
    active = await new_game(storage, channel=CHANNEL + 2)
    other_guild = await new_game(storage, channel=CHANNEL + 3, guild=GUILD + 1)
    ended = await new_game(storage, channel=CHANNEL + 4)
    await storage.update_game(ended.id, status="finished", announce=False)
    await storage.update_game(lobby.id, updated_at=10.0)
    await storage.update_game(active.id, updated_at=20.0, announce=False)
    await storage.update_game(other_guild.id, updated_at=30.0)
    assert [g.id for g in await storage.running()] == [lobby.id, active.id, other_guild.id]
    assert [g.id for g in await storage.running(GUILD)] == [lobby.id, active.id]
    assert await storage.count_running() == 3
    assert [g.id for g in await storage.idle("active", 25.0)] == [active.id]
    assert [g.id for g in await storage.idle("active", 100.0)] == [active.id, other_guild.id]
    assert [g.id for g in await storage.idle("active", 100.0, limit=1)] == [active.id]
    assert [g.id for g in await storage.idle("lobby", 11.0)] == [lobby.id]
    assert [g.id for g in await storage.needing_announce()] == [other_guild.id]
    assert [g.id for g in await storage.running_of_user(GUILD, USER)] == [lobby.id, active.id]
    assert await storage.running_of_user(GUILD, USER + 99) == []
    assert await storage.running_in_channel(CHANNEL + 4) is None
    assert (await storage.last_in_channel(CHANNEL + 4)).id == ended.id
    assert await storage.last_in_channel(CHANNEL + 99) is None


async def test_seats_are_rows_added_renumbered_and_updated(storage):
    game = await new_game(storage, started=False)
    for seat, user, name in ((1, USER + 1, "bob"), (2, None, "Bot 1"), (3, USER + 3, "dan")):
        await storage.add_seat(game.id, SeatRow(seat, user, name))
    with pytest.raises(StorageError):
        await storage.add_seat(game.id, SeatRow(2, USER + 9, "late"))
    with pytest.raises(StorageError):
        await storage.add_seat(game.id + 1000, SeatRow(0, USER, "nowhere"))
    await storage.remove_seat(game.id, 1)
    assert await storage.seats(game.id) == [SeatRow(0, USER, "alice"), SeatRow(1, None, "Bot 1"),
                                            SeatRow(2, USER + 3, "dan")]
    with pytest.raises(StorageError):
        await storage.remove_seat(game.id, 7)
    await storage.update_seat(game.id, 1, USER + 5, "eve")  # a substitute takes the bot's seat
    assert (await storage.seats(game.id))[1] == SeatRow(1, USER + 5, "eve")
    with pytest.raises(StorageError):
        await storage.update_seat(game.id, 9, None, "ghost")
    await storage.remove_seat(game.id, 2)
    await storage.remove_seat(game.id, 0)
    assert await storage.seats(game.id) == [SeatRow(0, USER + 5, "eve")]


async def test_concurrent_joins_are_all_kept(storage):
    game = await new_game(storage, started=False)
    await asyncio.gather(*(storage.add_seat(game.id, SeatRow(i, USER + i, f"p{i}")) for i in range(1, 6)))
    assert [s.seat for s in await storage.seats(game.id)] == list(range(6))


async def test_guild_and_user_settings(storage):
    assert await storage.guild_settings(GUILD) == {}
    await storage.set_guild_settings(GUILD, {"pace": "slow", "reminder_minutes": 60})
    await storage.set_guild_settings(GUILD, {"pace": None, "afk_hours": 12})
    assert await storage.guild_settings(GUILD) == {"reminder_minutes": 60, "afk_hours": 12}
    assert await storage.guild_settings(GUILD + 1) == {}
    assert await storage.dm_enabled(USER) is True
    await storage.set_dm_enabled(USER, False)
    assert await storage.dm_enabled(USER) is False
    await storage.set_dm_enabled(USER, True)
    assert await storage.dm_enabled(USER) is True


async def test_reopening_keeps_everything(database_url):
    first = open_storage(database_url)
    await first.open()
    game = await new_game(first)
    await first.record(game.id, act(1), {"turn": 1}, meta={"k": "v"})
    await first.close()
    again = open_storage(database_url)
    await again.open()
    try:
        stored = await again.game(game.id)
        assert (stored.version, stored.meta) == (1, {"k": "v"})
        assert await again.snapshot(game.id) == (1, {"turn": 1})
    finally:
        await again.close()


async def test_a_create_whose_seat_cannot_be_written_leaves_no_game(storage):
    """Issue 8: a crash (here: a failing seat insert) between game and seat must not leave a
    seatless lobby blocking the channel."""
    with pytest.raises(Exception):
        await storage.create_game(GUILD, CHANNEL, "tiny-duel", {}, SEED, USER, None, {})  # name is NOT NULL
    assert await storage.running() == [] and await storage.last_in_channel(CHANNEL) is None
    row, _ = await storage.create_game(GUILD, CHANNEL, "tiny-duel", {}, SEED, USER, "alice", {})
    assert [s.name for s in await storage.seats(row.id)] == ["alice"]


async def test_a_record_failing_halfway_stores_none_of_it(storage):
    game = await new_game(storage)
    broken = act(1)
    broken.kind = None  # the action insert fails after the game row was moved
    with pytest.raises(Exception):
        await storage.record(game.id, broken, {"turn": 1}, status="finished", meta={"x": 1})
    stored = await storage.game(game.id)
    assert (stored.version, stored.status, stored.meta) == (0, "active", {"stamps": [0, 0]})
    assert await storage.actions(game.id) == [] and await storage.snapshot(game.id) == (0, {"turn": 0})
    await storage.record(game.id, act(1), {"turn": 1})  # and the game goes on
    assert (await storage.game(game.id)).version == 1


async def test_writes_under_way_when_closing_complete(database_url):
    storage = open_storage(database_url)
    await storage.open()
    game = await new_game(storage)
    pending = [asyncio.ensure_future(storage.set_dm_enabled(USER + i, False)) for i in range(5)]
    pending.append(asyncio.ensure_future(storage.record(game.id, act(1), {"turn": 1})))
    await asyncio.sleep(0)  # the writes are queued, then the bot shuts down
    await storage.close()
    results = await asyncio.gather(*pending, return_exceptions=True)
    reopened = open_storage(database_url)
    await reopened.open()
    try:
        assert results == [None] * 6
        assert (await reopened.game(game.id)).version == 1
        assert not any([await reopened.dm_enabled(USER + i) for i in range(5)])
    finally:
        await reopened.close()


def test_json_columns_read_back_what_was_written():
    """The JSON the storages write (orjson) reads back as `json` would: numeric keys as strings,
    Chinese text as it is, and what orjson refuses (an integer beyond 64 bits, a string that is
    not valid Unicode) written and read by `json`."""
    value = {"seats": {0: "愛麗絲", 1: "Bob"}, "seed": (1 << 62) - 7, "moved_at": 1.5, "log": [None, True]}
    assert loads(dumps(value)) == {"seats": {"0": "愛麗絲", "1": "Bob"}, "seed": (1 << 62) - 7, "moved_at": 1.5,
                                   "log": [None, True]}
    assert "愛麗絲" in dumps(value)
    huge = {"n": 1 << 70}
    assert loads(dumps(huge)) == huge
    broken = {"name": "half a pair \ud800"}  # not valid Unicode: written and read by `json`, as before
    assert loads(dumps(broken)) == broken

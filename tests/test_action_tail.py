"""The loaded games' newest actions kept in memory (`bot.platform.action_tail`): every read answers
exactly what the storage would, through moves, undos, a failed write and a restart, and a read
reaching further back than what is kept goes to the storage."""

from __future__ import annotations

import pytest

from bot.platform import channel_log
from bot.platform.sessions import Sessions
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: both engines)
from tests.test_sessions_platform import ALICE, BOB, act, table


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


async def same_as_storage(sessions, storage, game) -> None:
    for since in range(game.version + 1):
        assert await sessions.tails.actions(game.id, since) == await storage.actions(game.id, since), since


async def test_every_read_answers_what_the_storage_holds(sessions, storage):
    game = await table(sessions, slug="pocket-mars")
    for _ in range(30):
        await act(sessions, game, [ALICE, BOB][game.to_act()[0]])
    await same_as_storage(sessions, storage, game)
    user = [ALICE, BOB][game.to_act()[0]]
    await act(sessions, game, user)
    try:
        await sessions.undo(game, user)
    except Exception:  # noqa: BLE001 - that choice revealed something: no undo, nothing stored
        pass
    await same_as_storage(sessions, storage, game)
    restarted = Sessions(storage)  # a fresh process keeps what it stores from its load on
    again = await restarted.get(game.id)
    await act(restarted, again, [ALICE, BOB][again.to_act()[0]])
    await same_as_storage(restarted, storage, again)


async def test_only_a_read_further_back_than_what_is_kept_goes_to_the_storage(sessions, storage, monkeypatch):
    monkeypatch.setattr(type(sessions.tails), "KEEP", 5)
    game = await table(sessions, slug="pocket-mars")
    for _ in range(12):
        await act(sessions, game, [ALICE, BOB][game.to_act()[0]])
    reads = []
    real = storage.actions

    async def counting(game_id, since=0):
        reads.append(since)
        return await real(game_id, since)

    storage.actions = counting
    recent = await sessions.tails.actions(game.id, game.version - 5)
    assert [a.seq for a in recent] == list(range(game.version - 4, game.version + 1)) and not reads
    older = await sessions.tails.actions(game.id, game.version - 8)
    assert [a.seq for a in older] == list(range(game.version - 7, game.version + 1)) and reads == [game.version - 8]


async def test_a_write_whose_outcome_is_unknown_sends_every_read_to_the_storage(sessions, storage):
    game = await table(sessions, slug="pocket-mars")
    await act(sessions, game, [ALICE, BOB][game.to_act()[0]])
    real = storage.record

    async def failing(*args, **kwargs):
        await real(*args, **kwargs)
        raise ConnectionError("the answer was lost after the commit")

    storage.record = failing
    with pytest.raises(ConnectionError):
        await act(sessions, game, [ALICE, BOB][game.to_act()[0]])
    storage.record = real
    rows = await sessions.tails.actions(game.id, 0)
    assert rows == await storage.actions(game.id, 0) and rows[-1].seq == game.version + 1  # the lost answer's move


async def test_what_is_kept_stops_at_what_the_readers_reach_back_to(sessions, storage):
    """The tail keeps the actions from the oldest of each person's newest own choice and the
    channel's turn message start on (about a round: it does not grow with the game), and the
    recaps read from it are those the storage gives."""
    game = await table(sessions, slug="pocket-mars")
    for _ in range(40):
        await act(sessions, game, [ALICE, BOB][game.to_act()[0]])
        posted = channel_log.Position(game.version + 1, 0)  # as the publisher moves it: every line went out
        await sessions.set_channel_log(game, channel_log.Cursor(posted, posted).dump())
    first_kept, rows = sessions.tails._tails[game.id]
    assert rows[0][0] == first_kept > 1 and rows[-1][0] == game.version and len(rows) < 20
    reach = min([await sessions.games.last_choice_seq(game, user) for user in (ALICE, BOB)]
                + [channel_log.Cursor.load(game.meta, game.version).start.seq])
    assert first_kept == reach or len(rows) == type(sessions.tails).KEEP
    for user in (ALICE, BOB):
        recap = await sessions.recaps.recap(game, user)
        fresh = Sessions(storage)
        assert recap == await fresh.recaps.recap(await fresh.get(game.id), user)

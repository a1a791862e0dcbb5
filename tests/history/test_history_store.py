"""History storage on both engines: a result is stored once however often it is recorded, ended
games without a result are found and recorded, the listings read back what was stored."""

from __future__ import annotations

from bot.platform.history import History
from bot.platform.storage import SeatRow
from tests.history.helpers import played, seeing_all
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures)

GUILD = 1_190_000_000_000_000_001
ALICE, BOB = 1_190_000_000_000_000_201, 1_190_000_000_000_000_202


async def stored_game(storage, channel: int, users=(ALICE, BOB), status: str = "finished", guild: int = GUILD):
    """A Tiny Duel played by bots for `users`, stored move by move as the platform stores it."""
    _, _, seats, actions = played("tiny-duel", len(users), seed=channel, users=list(users))
    row, _ = await storage.create_game(guild, channel, "tiny-duel", {"hand": "5"}, channel, users[0], "alice", {})
    for seat in seats[1:]:
        await storage.add_seat(row.id, SeatRow(seat.seat, seat.user_id, seat.name))
    await storage.start_game(row.id, {}, {})
    if status == "abandoned":
        await storage.record(row.id, actions[0], {})
        await storage.update_game(row.id, status="abandoned")
        return await storage.game(row.id)
    for action in actions[:-1]:
        await storage.record(row.id, action, {})
    await storage.record(row.id, actions[-1], {}, status="finished")
    return await storage.game(row.id)


async def test_results_are_recorded_once_and_read_back(storage):
    history = History(storage)
    first = await stored_game(storage, 11)
    await stored_game(storage, 12)
    dropped = await stored_game(storage, 13, status="abandoned")
    assert len(await history.store.unexamined(GUILD)) == 3
    recorded = await history.record(first)
    assert recorded.rated and recorded.mode == "versus" and len(recorded.seats) == 2
    assert {s.user_id for s in recorded.seats} == {ALICE, BOB}
    assert sorted(s.place for s in recorded.seats) in ([1, 2], [1, 1])
    await history.record(first)  # again: nothing changes
    await history.catch_up(GUILD)
    assert await history.store.unexamined(GUILD) == []
    listed = await history.store.listed(GUILD)
    assert len(listed) == 2  # the abandoned game is examined, not listed
    assert (await history.store.result(dropped.id)).ended == "abandoned"
    page, pages = await history.page(seeing_all(GUILD, ALICE), 0)
    assert pages == 1 and [e.game_id for e in page] == [gid for gid, _ in listed]
    assert [e.game_id for e in page] == sorted((e.game_id for e in page), reverse=True)
    assert page[0].summary["names"] == ["alice", "player1"] and page[0].channel_id == 12
    rated = await history.store.rated(GUILD, "tiny-duel")
    assert [(r.game_id, r.seat) for r in rated] == [(first.id, 0), (first.id, 1), (first.id + 1, 0), (first.id + 1, 1)]
    mine = await history.store.of_user(ALICE, GUILD)
    assert len(mine) == 2 and all(g.moves > 0 and g.think_seconds > 0 for g in mine)
    assert (await history.last_finished(12)).id == first.id + 1
    board = await history.leaderboard(seeing_all(GUILD, ALICE), "tiny-duel")
    assert {r.user_id for r in board} == {ALICE, BOB} and all(r.games == 2 for r in board)


async def test_hidden_members_and_their_switch(storage):
    history = History(storage)
    assert not await history.hidden(ALICE)
    await history.set_hidden(ALICE, True)
    await history.set_hidden(ALICE, True)
    assert await history.hidden(ALICE) and await history.store.hidden() == {ALICE}
    await history.set_hidden(ALICE, False)
    assert not await history.hidden(ALICE) and await history.store.hidden() == set()


async def test_a_game_whose_log_no_longer_replays_is_set_aside_once(storage):
    history = History(storage)
    broken = await stored_game(storage, 21)
    param = "$1" if storage.engine == "postgresql" else "?"
    await storage.write_rows([(f"UPDATE actions SET choice = '\"no such card\"' WHERE game_id = {param}",
                               (broken.id,))])
    await history.catch_up(GUILD)
    assert (await history.store.result(broken.id)).ended == "unreadable"
    assert await history.store.unexamined(GUILD) == [] and await history.store.listed(GUILD) == []

"""A recap reads only the log since the reader's own last choice: the rows it decodes do not
grow with the length of the game (counted, not timed)."""

from __future__ import annotations

import pytest

from bot.platform.sessions import Sessions
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: both engines)

ALICE, BOB = 100, 200


class CountingReads:
    """Counts the log rows the storage hands out (each one is decoded from the database)."""

    def __init__(self, storage) -> None:
        self.rows = 0
        self._actions = storage.actions
        storage.actions = self.actions

    async def actions(self, game_id: int, since: int = 0):
        found = await self._actions(game_id, since)
        self.rows += len(found)
        return found


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


async def recap_cost(sessions, counter, game, user) -> tuple[int, int]:
    """(rows read for one recap, rows since the user's own last choice, that choice included)."""
    before = counter.rows
    await sessions.recap(game, user)
    return counter.rows - before, game.version - await sessions.last_choice_seq(game, user) + 1


async def test_recap_reads_only_the_tail_however_long_the_game(sessions, storage):
    game = await sessions.create(1, 10, "petrichor", ALICE, "alice")
    await sessions.join(game, BOB, "bob")
    await sessions.start(game, ALICE)
    counter = CountingReads(storage)
    early, late = [], []
    while game.row.status == "active" and game.version < 160:
        seat = game.to_act()[0]
        user = game.seats[seat].user_id
        await sessions.choose(game, user, game.stamp(seat), game.rules.bot_choice(game.state, seat))
        if game.row.status != "active":
            break
        for reader in (ALICE, BOB):
            read, tail = await recap_cost(sessions, counter, game, reader)
            assert read <= tail  # never more than the reader's own tail
            (early if game.version < 40 else late).append(read)
    assert game.version >= 100, "the game should run long enough to compare"
    print(f"\nrows per recap: early max {max(early)}, late max {max(late)}, log {game.version} rows")
    assert late and max(late) <= max(early) + 10  # a late recap costs what an early one does
    whole = counter.rows
    await sessions.full_log(game, ALICE)
    assert counter.rows - whole >= game.version - 1  # the whole log, by contrast, reads every row


async def test_recap_starts_at_the_own_last_choice_after_a_reload(sessions, storage):
    game = await sessions.create(1, 10, "tiny-duel", ALICE, "alice")
    await sessions.join(game, BOB, "bob")
    await sessions.start(game, ALICE)
    await sessions.choose(game, ALICE, game.stamp(0), [])
    await sessions.choose(game, BOB, game.stamp(1), [])
    first = await sessions.recap(game, ALICE)
    fresh = Sessions(storage)  # another process (or a restart): nothing remembered yet
    reloaded = await fresh.get(game.id)
    assert await fresh.recap(reloaded, ALICE) == first
    assert any("Seat 1 swapped" in line or "alice" in line for line in first)

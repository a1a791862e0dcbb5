"""Bot levels on the platform side (issue 37 items 2, 4 and 6): a seat's level stored on both
engines (an old database reads as normal), chosen when a bot is added or a seat handed over,
the table's `bots` level for stand-ins, levels a game does not offer refused; the bot worker's
budget shrinking with the thoughts queued; the coach's advice from the search, off the loop."""

from __future__ import annotations

import asyncio

import pytest

import games
from bot.platform import coach
from bot.platform.bot_thinker import BOT_THINKER, SHED_QUEUE, BotThinker
from bot.platform.live import SessionError
from bot.platform.sessions import Sessions
from bot.platform.storage import SeatRow
from bot.platform.storage.schema import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS
from games.core import BadSetup
from games.core.levels import BotRequest, analyse
from tests.support.old_databases import database_at, upgraded  # noqa: F401  (fixture)
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: both engines)

pytestmark = pytest.mark.usefixtures("close_storages")

ALICE, BOB = 100, 200


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


async def lobby(sessions, slug="pocket-mars", options=None, channel=10):
    game = await sessions.create(1, channel, slug, ALICE, "alice", options)
    await sessions.join(game, BOB, "bob")
    return game


async def test_a_seats_level_is_stored_and_read_back_on_both_engines(storage):
    row, _ = await storage.create_game(1, 2, "pocket-mars", {}, 7, ALICE, "alice", {})
    await storage.add_seat(row.id, SeatRow(1, None, "Bot 1", "hard"))
    await storage.add_seat(row.id, SeatRow(2, BOB, "bob"))
    await storage.update_seat(row.id, 2, None, "Bot (bob)", "easy")
    assert [(s.user_id, s.level) for s in await storage.seats(row.id)] == [(ALICE, None), (None, "hard"),
                                                                          (None, "easy")]
    await storage.update_seat(row.id, 2, BOB, "bob")  # back to its person: no level
    assert (await storage.seats(row.id))[2].level is None


# A lobby as the bot stored it before seats had levels (both engines' schemas take this row).
GAME_OF_THAT_TIME = ("INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id, created_at, "
                     "updated_at) VALUES (1, 2, 'pocket-mars', '{}', 7, 'lobby', 5, 0, 0)")


async def test_an_old_sqlite_database_reads_its_bot_seats_as_normal(database_at):
    location = await database_at("sqlite", 6, GAME_OF_THAT_TIME, "INSERT INTO seats (game_id, seat, user_id, name) "
                                              "VALUES (1, 0, 5, 'alice'), (1, 1, NULL, 'Bot 1')")
    async with upgraded(location) as storage:
        assert await storage.schema_version() == len(SQLITE_MIGRATIONS)
        assert [s.level for s in await storage.seats(1)] == [None, None]
        game = await Sessions(storage).get(1)
        assert [s.bot_level for s in game.seats] == [None, "normal"]
        assert game.seat_line(1) == "Bot 1 (Bot · normal)"


async def test_a_postgres_database_before_levels_migrates_forward(database_at):
    location = await database_at("postgresql", 5, GAME_OF_THAT_TIME, "INSERT INTO seats (game_id, seat, user_id, "
                                                  "name) VALUES (1, 0, 5, 'a'), (1, 1, NULL, 'b')")
    async with upgraded(location) as storage:
        assert await storage.schema_version() == len(POSTGRES_MIGRATIONS)
        assert [s.level for s in await storage.seats(1)] == [None, None]


async def test_a_bot_is_added_at_a_level_the_game_offers_and_the_table_sets_the_default(sessions):
    game = await lobby(sessions, options="bots=easy")
    await sessions.add_bot(game, ALICE, "hard")
    await sessions.add_bot(game, ALICE)  # the table's level
    assert [s.bot_level for s in game.seats] == [None, None, "hard", "easy"]
    with pytest.raises(SessionError):
        await sessions.add_bot(game, ALICE, "brutal")  # a forged level changes nothing
    assert len(game.seats) == 4
    with pytest.raises(SessionError):
        await sessions.create(1, 11, "tiny-duel", ALICE, "alice", "bots=hard")  # a game with only its own bot
    with pytest.raises(BadSetup):
        await sessions.create(1, 12, "pocket-mars", ALICE, "alice", "bots=brutal")
    only_its_bot = await sessions.create(1, 13, "tiny-duel", ALICE, "alice")
    with pytest.raises(SessionError):
        await sessions.add_bot(only_its_bot, ALICE, "hard")
    await sessions.add_bot(only_its_bot, ALICE)
    assert only_its_bot.seats[1].bot_level == "normal"
    voidfall = await sessions.create(1, 14, "voidfall", ALICE, "alice")
    await sessions.add_bot(voidfall, ALICE, "hard")  # every title offers the levels
    assert voidfall.seats[1].bot_level == "hard"


async def test_a_seat_handed_to_a_bot_gets_the_level_asked_or_the_tables(sessions):
    game = await lobby(sessions, options="bots=hard")
    await sessions.start(game, ALICE)
    await sessions.hand_over(game, ALICE, 1, None, "", can_manage=False, level="easy")
    assert game.seats[1].bot_level == "easy" and game.seats[1].name == "Bot (bob)"
    await sessions.hand_over(game, ALICE, 1, None, "", can_manage=False)  # the table's level
    assert game.seats[1].bot_level == "hard"
    with pytest.raises(SessionError):
        await sessions.hand_over(game, ALICE, 1, None, "", can_manage=False, level="hard")  # already so
    assert (await sessions.storage.seats(game.id))[1].level == "hard"
    await sessions.hand_over(game, BOB, 1, BOB, "bob", can_manage=False)  # bob takes it back
    assert game.seats[1].bot_level is None and (await sessions.storage.seats(game.id))[1].level is None


async def test_a_single_option_costs_a_bot_no_thought(sessions, monkeypatch):
    asked = []
    original = BOT_THINKER.think

    async def counting(rules, state, seat, level="normal"):
        asked.append(rules.decision_for(state, seat))
        return await original(rules, state, seat, level)

    monkeypatch.setattr(BOT_THINKER, "think", counting)
    monkeypatch.setattr(BOT_THINKER, "work", 40)  # short searches: this counts thoughts, not their strength
    game = await sessions.create(1, 10, "pocket-mars", ALICE, "alice")
    await sessions.add_bot(game, ALICE, "hard")
    await sessions.start(game, ALICE)
    for _ in range(30):
        if game.row.status != "active":
            break
        seat = game.seat_of(ALICE)
        await sessions.choose(game, ALICE, game.stamp(seat), game.rules.bot_choice(game.state, seat))
    assert asked and all(d.only_choice() is None for d in asked)


def test_the_search_budget_shrinks_with_the_thoughts_queued():
    thinker = BotThinker(processes=0, hard_seconds=2.0)
    assert thinker.budget() == 2.0
    thinker.queued = 1
    assert thinker.budget() == 1.0
    thinker.queued = 3
    assert thinker.budget() == 0.5
    thinker.queued = SHED_QUEUE
    assert thinker.budget() == 0.0  # the normal bot's pick: nobody waits on a search


async def test_queued_thoughts_think_with_less(monkeypatch):
    thinker = BotThinker(processes=0, hard_seconds=2.0)
    rules = games.get("pocket-mars")
    state = rules.setup(2, 5)
    seat = rules.pending(state)[0].seat
    await asyncio.gather(*(thinker.think(rules, state, seat, "hard") for _ in range(3)))
    assert thinker.budgets == [2.0, 1.0, 2.0 / 3] and thinker.queued == 0
    assert thinker.in_process == 3  # processes=0: the in-process thread (its searches are kept short)


async def test_the_worker_analyses_as_the_levels_do_in_process():
    thinker = BotThinker(hard_seconds=600.0)
    thinker.work = 3000
    try:
        rules = games.get("petrichor")
        state = rules.setup(2, 5)
        seat = rules.pending(state)[0].seat
        result = await thinker.analyse(rules, state, seat)
        here = analyse(rules, state, seat, BotRequest("hard", 600.0, 3000))
        assert result.choice == here.choice and result.estimates == here.estimates and result.rounds > 0
        assert await thinker.think(rules, state, seat, "hard") == rules.bot_choice(state, seat, "hard", 600.0, 3000)
        assert thinker.in_process == 0 and thinker.worker_pids()
    finally:
        thinker.close()


async def test_the_coach_recommends_with_a_reason_from_the_search(sessions):
    game = await sessions.create(1, 10, "petrichor", ALICE, "alice", "suggest=on")
    await sessions.join(game, BOB, "bob")
    await sessions.start(game, ALICE)
    seat = game.to_act()[0]
    advice = await coach.advise(game, seat)
    decision = game.decision_for(seat)
    assert advice.option_ids == (advice.choice,) and decision.validate(advice.choice) == advice.choice
    assert advice.label and advice.chance is not None and advice.runner_up is not None
    assert "imagined continuations" in advice.reason and f"{round(advice.chance * 100)}%" in advice.reason
    assert advice.stamp == game.stamp(seat)
    chinese = await coach.advise(game, seat, "zh-TW")
    assert chinese.choice == advice.choice and "推演" in chinese.reason
    with pytest.raises(SessionError):
        await coach.advise(game, 5)  # no such seat: nothing to decide


async def test_the_coach_of_a_game_without_search_says_so_plainly(sessions):
    game = await sessions.create(1, 10, "tiny-duel", ALICE, "alice")  # a test game with only its own bot
    await sessions.join(game, BOB, "bob")
    await sessions.start(game, ALICE)
    seat = game.to_act()[0]
    assert game.decision_for(seat).only_choice() is None
    advice = await coach.advise(game, seat)
    assert advice.chance is None and "judges best" in advice.reason
    assert advice.choice == game.rules.baseline_choice(game.state, seat)

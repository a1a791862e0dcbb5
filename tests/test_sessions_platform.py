"""Platform rules at the session layer, for what real tables do: crashes between writes,
secret picks and undo, races, simultaneous choices, single options, seats that change hands,
lobbies that empty or expire, and turn clocks that run out."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.platform.clock import HOUR
from bot.platform.sessions import Sessions, SessionError
from bot.platform.sessions import Due
from games.core import IllegalChoice, StaleChoice
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: every rule on both engines)

ALICE, BOB, CAROL = 100, 200, 300


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


async def table(sessions, slug="tiny-duel", humans=((ALICE, "alice"), (BOB, "bob")), bots=0, options=None,
                channel=10, pace=None):
    (creator, name), *others = humans
    game = await sessions.create(1, channel, slug, creator, name, options, pace=pace)
    for user, other in others:
        await sessions.join(game, user, other)
    for _ in range(bots):
        await sessions.add_bot(game, creator)
    await sessions.start(game, creator)
    return game


async def act(sessions, game, user, choice=None):
    seat = game.seat_of(user)
    if choice is None:
        choice = game.rules.bot_choice(game.state, seat)
    return await sessions.choose(game, user, game.stamp(seat), choice)


async def offer_vote(sessions, game, seats=(2,)):
    """The reminders loop offering the table a takeover vote (only an offered vote counts)."""
    await sessions.mark_due(game, Due(game.id, "offer", tuple(seats)), time.time())


class Crash(Exception):
    """Stands for the process dying at this point."""


def crash_on_record(storage, after: int):
    """Make the storage 'die' on the `after`-th record from now (that write never happens)."""
    original = storage.record
    calls = {"n": 0}

    async def record(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == after:
            raise Crash()
        return await original(*args, **kwargs)

    storage.record = record
    return lambda: setattr(storage, "record", original)


# -- issue 8 #1: a crash between a player's move and the bot seats' replies --------------
async def test_a_crash_before_the_bot_replies_is_finished_on_the_next_load(storage, sessions):
    game = await table(sessions, humans=((ALICE, "alice"),), bots=1)
    restore = crash_on_record(storage, after=2)  # alice's swap is stored, the bot's is not
    with pytest.raises(Crash):
        await act(sessions, game, ALICE, [])
    restore()
    fresh = Sessions(storage)
    again = await fresh.get(game.id)
    assert 1 not in again.to_act(), "the bot seat must have played on load"
    stored = await storage.game(game.id)
    assert stored.version == again.version and stored.announce, "the public board still needs posting"


async def test_the_last_move_and_the_finished_status_are_one_write(storage, sessions):
    game = await table(sessions, humans=((ALICE, "alice"),), bots=1)
    while game.row.status == "active":
        await act(sessions, game, ALICE)
    assert (await storage.game(game.id)).status == "finished"
    assert await Sessions(storage).in_channel(10) is None
    assert (await Sessions(storage).last_in_channel(10)).row.status == "finished"


async def test_create_is_atomic_and_two_concurrent_creates_make_one_game(sessions):
    results = await asyncio.gather(
        *(sessions.create(1, 10, "tiny-duel", user, f"u{user}") for user in (ALICE, BOB, CAROL)),
        return_exceptions=True)
    made = [r for r in results if not isinstance(r, Exception)]
    assert len(made) == 1 and all(isinstance(r, SessionError) for r in results if isinstance(r, Exception))
    assert [s.user_id for s in made[0].seats] == [made[0].row.creator_id]
    other = Sessions(sessions.storage)  # another process would be refused by the database
    with pytest.raises(SessionError):
        await other.create(1, 10, "tiny-duel", CAROL, "carol")


# -- issue 8 #2: undo never crosses a secret simultaneous reveal ---------------------------
async def test_undo_refused_after_the_last_secret_pick(sessions):
    game = await table(sessions)
    await act(sessions, game, ALICE, [])
    await act(sessions, game, BOB, [])
    await act(sessions, game, ALICE)            # alice plays face down: bob still to pick
    step = await sessions.undo(game, ALICE)    # nothing revealed yet: fine
    assert "took back" in step.texts()[0]
    await act(sessions, game, ALICE)
    await act(sessions, game, BOB)              # bob's pick reveals both
    with pytest.raises(SessionError, match="revealed"):
        await sessions.undo(game, BOB)


# -- issue 8 #5: the takeover vote and the idle player acting at once ------------------------
async def test_takeover_vote_after_the_idle_player_acted_is_refused(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")))
    await act(sessions, game, ALICE, [])
    await act(sessions, game, BOB, [])
    await offer_vote(sessions, game)
    called_at = game.version               # carol is idle; the vote message carries this version
    await asyncio.gather(act(sessions, game, CAROL, []),
                         sessions.vote_takeover(game, ALICE, called_at), return_exceptions=True)
    with pytest.raises((StaleChoice, IllegalChoice)):
        await sessions.vote_takeover(game, BOB, called_at)
    assert [a.user_id for a in await sessions.storage.actions(game.id)].count(None) == 0, "no bot move"


async def test_takeover_vote_passes_with_a_majority_and_the_bot_plays_one_turn(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")))
    await act(sessions, game, ALICE, [])
    await act(sessions, game, BOB, [])
    await offer_vote(sessions, game)
    votes, needed, step = await sessions.vote_takeover(game, ALICE, game.version)
    assert (votes, needed, step) == (1, 2, None)
    votes, needed, step = await sessions.vote_takeover(game, BOB, game.version)
    assert step is not None and "voted" in step.texts()[0]
    carol = [a for a in await sessions.storage.actions(game.id) if a.seat == 2]
    assert len(carol) == 1 and carol[0].user_id is None, "the bot made carol's one pending choice"
    assert game.rules.decision_for(game.state, 2) is not None, "her next turn is hers again"


async def test_table_votes_a_bot_in_for_the_rest_of_the_game_and_the_player_takes_it_back(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")))
    await act(sessions, game, ALICE, [])
    await act(sessions, game, BOB, [])
    await offer_vote(sessions, game)
    assert (await sessions.vote_takeover(game, ALICE, game.version, rest_of_game=True))[2] is None
    votes, needed, step = await sessions.vote_takeover(game, BOB, game.version, rest_of_game=True)
    assert step is not None and game.seats[2].is_bot and 2 not in game.to_act()
    await sessions.hand_over(game, CAROL, 2, CAROL, "carol", can_manage=False)  # carol is back
    assert game.seats[2].user_id == CAROL


# -- issue 8 #6: independent simultaneous picks never refuse each other ----------------------
async def test_simultaneous_picks_are_not_stale_against_each_other(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")))
    stamps = {user: game.stamp(game.seat_of(user)) for user in (ALICE, BOB, CAROL)}
    await asyncio.gather(*(sessions.choose(game, user, stamps[user], []) for user in (ALICE, BOB, CAROL)))
    assert not any(d.prompt.startswith("Swap") for d in game.pending())
    with pytest.raises(StaleChoice):  # a double click of an old panel is still refused
        await sessions.choose(game, ALICE, stamps[ALICE], [])


# -- issue 9 #7: a single legal option is played for the player ------------------------------
async def test_single_legal_option_is_applied_automatically_and_undoable(sessions):
    game = await table(sessions, slug="tiny-chain")
    step = await act(sessions, game, ALICE, "b")
    assert step.auto == [0], "the one-option confirm is played for alice"
    assert game.rules.decision_for(game.state, 0).prompt == "Draw a card", "a draw reveals: left to her"
    assert [a.kind for a in await sessions.storage.actions(game.id)] == ["choice", "auto"]
    await sessions.undo(game, ALICE)  # takes back her pick and the automatic confirm with it
    assert game.state.step == 0 and game.rules.decision_for(game.state, 0).prompt == "Pick a letter"


# -- issue 9 #4: seats that change hands ------------------------------------------------------
async def test_hand_a_seat_to_a_bot_and_back(sessions):
    game = await table(sessions)
    with pytest.raises(SessionError):
        await sessions.hand_over(game, CAROL, 1, None, "", can_manage=False)  # an outsider
    step = await sessions.hand_over(game, BOB, 1, None, "", can_manage=False)
    assert game.seats[1].is_bot and 1 not in game.to_act()  # the bot took bob's swap at once
    assert "bot player" in step.texts()[0]
    await sessions.hand_over(game, BOB, 1, BOB, "bob", can_manage=False)  # bob takes it back
    assert game.seats[1].user_id == BOB


async def test_a_substitute_takes_the_seat(sessions):
    game = await table(sessions)
    await sessions.hand_over(game, ALICE, 1, CAROL, "carol", can_manage=False)
    assert game.seat_of(CAROL) == 1 and game.seat_of(BOB) is None
    await act(sessions, game, CAROL, [])


async def test_a_member_who_leaves_the_server_is_replaced_by_a_bot(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")))
    lobby = await sessions.create(1, 11, "tiny-duel", CAROL, "carol")
    await sessions.join(lobby, BOB, "bob")
    steps = await sessions.member_left(1, BOB)
    assert len(steps) == 2
    assert game.seats[1].is_bot and lobby.seat_of(BOB) is None


# -- issue 9 #5: lobbies that cannot get stuck ------------------------------------------------
async def test_host_leaving_passes_the_host_and_the_old_host_cannot_start(sessions):
    lobby = await sessions.create(1, 10, "tiny-duel", ALICE, "alice")
    await sessions.join(lobby, BOB, "bob")
    await sessions.join(lobby, CAROL, "carol")
    await sessions.leave(lobby, ALICE)
    assert lobby.row.creator_id == BOB
    with pytest.raises(SessionError):
        await sessions.start(lobby, ALICE)
    await sessions.start(lobby, BOB)
    assert lobby.row.status == "active"


async def test_idle_lobby_expires_and_frees_the_channel(storage):
    now = [1_000_000.0]
    sessions = Sessions(storage, clock=lambda: now[0], defaults={"lobby_expiry_hours": 2})
    lobby = await sessions.create(1, 10, "tiny-duel", ALICE, "alice")
    assert await sessions.expire_lobbies(lobby.row.updated_at + HOUR) == []
    closed = await sessions.expire_lobbies(lobby.row.updated_at + 3 * HOUR)
    assert [g.id for g in closed] == [lobby.id]
    assert await sessions.in_channel(10) is None
    await sessions.create(1, 10, "tiny-duel", BOB, "bob")


# -- issue 9 #6: turn clocks ---------------------------------------------------------------------
async def test_a_lapsed_clock_lets_a_bot_play_when_the_table_chose_so(storage):
    now = [time.time()]
    sessions = Sessions(storage, clock=lambda: now[0])
    await sessions.set_server_settings(1, on_timeout="bot")
    game = await table(sessions, pace="fast")
    await act(sessions, game, ALICE, [])
    now[0] += 2 * HOUR
    due = await sessions.due(now[0], 10**9, 10**9)
    assert [(d.kind, d.seats) for d in due] == [("timeout", (1,))]
    step = await sessions.time_out(game, {1})
    assert step is not None and "Time ran out" in step.texts()[0]
    bob = [a for a in await sessions.storage.actions(game.id) if a.seat == 1]
    assert [a.user_id for a in bob] == [None], "a bot made bob's swap, and only that"
    await sessions.mark_due(game, due[0], now[0])


async def test_clock_reminders_come_once_per_threshold(storage):
    now = [time.time()]
    sessions = Sessions(storage, clock=lambda: now[0])
    game = await table(sessions, pace="daily")
    now[0] += 25 * HOUR
    due = await sessions.due(now[0], 10**9, 10**9)
    assert {d.kind for d in due} == {"remind"}
    for item in due:
        await sessions.mark_due(game, item, now[0])
    assert await sessions.due(now[0] + 60, 10**9, 10**9) == []


async def test_table_votes_what_happens_at_zero(sessions):
    game = await table(sessions, humans=((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol")), pace="relaxed")
    assert (await sessions.vote_timeout_policy(game, ALICE, "skip"))[0] == "wait"
    assert (await sessions.vote_timeout_policy(game, BOB, "skip"))[0] == "skip"


async def test_server_settings_are_validated(sessions):
    with pytest.raises(SessionError):
        await sessions.set_server_settings(1, pace="glacial")
    with pytest.raises(SessionError):
        await sessions.set_server_settings(1, quiet_hours="25-3")
    values = await sessions.set_server_settings(1, pace="daily", quiet_hours="23-7")
    assert values["pace"] == "daily" and values["quiet_hours"] == "23-7"


# -- issue 11: games load on first use; undo from snapshots ------------------------------------
async def test_start_up_loads_nothing_and_first_use_loads_the_game(storage, sessions):
    game = await table(sessions)
    await act(sessions, game, ALICE, [])
    fresh = Sessions(storage)
    assert await fresh.restore() == 0 and not fresh.live
    loaded = await fresh.for_channel(10)
    assert loaded.rules.dump(loaded.state) == game.rules.dump(game.state)
    assert loaded.stamp(0) == game.stamp(0) and loaded.stamp(1) == game.stamp(1)


async def test_undo_reads_only_the_log_tail_in_a_long_game(storage, sessions, monkeypatch):
    """Undo restores the snapshot before the player's choice and reads a bounded tail of the log,
    however long the game has run (issue 11: undo in constant time per step)."""
    import bot.platform.sessions.play as play_module

    monkeypatch.setattr(play_module, "UNDO_WINDOW", 4)
    game = await table(sessions, slug="pocket-mars", humans=((ALICE, "alice"), (BOB, "bob")))
    rules = game.rules
    for _ in range(200):  # play on until a player has a choice that reveals nothing, past move 12
        seat = game.to_act()[0]
        user = [ALICE, BOB][seat]
        decision = rules.decision_for(game.state, seat)
        single = decision.number is None and decision.max_picks == 1
        quiet = [o.id for o in decision.options
                 if single and not rules.revealed(game.state, rules.apply(game.state, seat, o.id))]
        if game.version > 12 and quiet:
            break
        await act(sessions, game, user)
    else:
        raise AssertionError("no quiet choice found")
    before = rules.dump(game.state)
    await act(sessions, game, user, quiet[0])
    reads, stored_reads = [], []
    real, real_stored = sessions.tails.actions, storage.actions

    async def counting(game_id, since=0):
        rows = await real(game_id, since)
        reads.append((since, len(rows)))
        return rows

    async def counting_stored(game_id, since=0):
        stored_reads.append(since)
        return await real_stored(game_id, since)

    sessions.tails.actions, storage.actions = counting, counting_stored
    await sessions.undo(game, user)
    assert rules.dump(game.state) == before
    assert reads and all(since > 0 and count <= 4 for since, count in reads), reads
    assert not stored_reads  # the game's newest actions are kept in memory since it loaded (bot.action_tail)


async def test_bot_players_think_off_the_event_loop(sessions, monkeypatch):
    """A slow bot player (a look-ahead) must not freeze the bot for everyone else: its choice is
    computed on the bot thread while the event loop keeps serving."""
    import threading

    game = await table(sessions, humans=((ALICE, "alice"),), bots=1)
    rules = type(game.rules)
    real = rules.bot_choice
    threads, ticks = [], []

    def slow_choice(self, state, seat):
        threads.append(threading.current_thread().name)
        time.sleep(0.05)
        return real(self, state, seat)

    async def ticker():
        while True:
            ticks.append(time.monotonic())
            await asyncio.sleep(0.005)

    monkeypatch.setattr(rules, "bot_choice", slow_choice)
    task = asyncio.create_task(ticker())
    try:
        await act(sessions, game, ALICE, real(game.rules, game.state, game.seat_of(ALICE)))
    finally:
        task.cancel()
    assert threads and all(name.startswith("bot-player") for name in threads)
    assert len(ticks) >= 3 * len(threads), "the event loop kept running while the bot thought"

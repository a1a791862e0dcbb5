"""Panel stamps (issue 20 #4): a seat's stamp moves only when what it can pick changes, so
simultaneous deciders never make each other's open panels stale through text alone (Ares co-op:
a partner's copper cube changes "N cubes left" in the other player's option detail)."""

from __future__ import annotations

import games
from bot.platform.live import Pickable, restamped
from bot.platform.sessions import Sessions
from games.core import Decision, Option
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures)

ALICE, BOB = 100, 200
ARES = games.get("ares-expedition")


def both_choosing_cubes(state):
    """Play bot choices until both co-op partners decide on a copper cube at once."""
    for _ in range(200):
        pending = ARES.pending(state)
        if len(pending) == 2 and all(any(o.id == "cube" for o in d.options) for d in pending):
            return state
        seat = pending[0].seat
        state = ARES.apply(state, seat, ARES.bot_choice(state, seat))
    raise AssertionError("the co-op partners never chose copper cubes together")


def test_a_partners_cube_changes_the_text_but_not_the_stamp():
    state = both_choosing_cubes(ARES.setup(2, 1, {"mode": "coop"}))
    before = ARES.pending(state)
    after_state = ARES.apply(state, 0, "cube")
    after = ARES.pending(after_state)
    bobs_before = next(d for d in before if d.seat == 1)
    bobs_after = next(d for d in after if d.seat == 1)
    assert bobs_before != bobs_after, "the detail names the cubes left: the texts differ"
    meta = restamped({"stamps": {"0": 3, "1": 3}}, before, after, 0, 4, 2)
    assert meta["stamps"] == {"0": 4, "1": 3}, "only the actor's stamp moves"


def test_the_stamp_moves_when_the_picks_change():
    base = Decision(1, "Pick", (Option("a", "A"), Option("b", "B")))
    changes = [
        Decision(1, "Pick", (Option("b", "B"), Option("a", "A"))),         # order: picks go by index
        Decision(1, "Pick", (Option("a", "A"),)),                           # an option went away
        Decision(1, "Pick", base.options, min_picks=0, max_picks=2),         # pick bounds
        Decision(1, "Pick", base.options, secret=True),                      # now a secret pick
        Decision(1, "How many?", number=(0, 3)),                             # a number decision
    ]
    for changed in changes:
        assert restamped({"stamps": {"1": 2}}, [base], [changed], 0, 5, 2)["stamps"]["1"] == 5, changed
    assert restamped({"stamps": {"1": 2}}, [base], [], 0, 5, 2)["stamps"]["1"] == 5, "decision gone"
    reworded = Decision(1, "Pick now", (Option("a", "Ay", "new detail"), Option("b", "B")), columns=2)
    assert restamped({"stamps": {"1": 2}}, [base], [reworded], 0, 5, 2)["stamps"]["1"] == 2
    assert Pickable.of(Decision(1, "N", number=(1, 4))) == Pickable.of(Decision(1, "M", number=(1, 4)))


async def test_ares_coop_partners_pick_cubes_from_panels_opened_before_each_other(storage):
    sessions = Sessions(storage)
    game = await sessions.create(1, 10, "ares-expedition", ALICE, "alice", "mode=coop")
    await sessions.join(game, BOB, "bob")
    await sessions.start(game, ALICE)
    users = {0: ALICE, 1: BOB}
    for _ in range(200):
        pending = game.pending()
        if len(pending) == 2 and all(any(o.id == "cube" for o in d.options) for d in pending):
            break
        seat = pending[0].seat
        await sessions.choose(game, users[seat], game.stamp(seat), game.rules.bot_choice(game.state, seat))
    opened = {seat: game.stamp(seat) for seat in (0, 1)}  # both panels drawn now
    await sessions.choose(game, ALICE, opened[0], "cube")
    await sessions.choose(game, BOB, opened[1], "cube")  # refused as out of date before the fix
    picked = [(a.seat, a.choice) for a in await storage.actions(game.id) if a.choice == "cube"]
    assert picked[-2:] == [(0, "cube"), (1, "cube")]

"""The map beside the choice (issue 21 item 4): every Voidfall decision about sectors names the
sectors its options refer to (`GameRules.places`), and those sectors are on the map."""

from __future__ import annotations

import pytest

from games.core import play
from games.core.contract import Places
from games.pocket_mars import RULES as POCKET_MARS
from games.voidfall import RULES
from tests.support.english import english
from tests.voidfall.helpers import fresh

# Seeded bot games: solo at two difficulties, co-op, and competitive with 2 and 3 houses. The
# bots only lead to decisions to check: the solo/co-op bot plays without its look-ahead.
pytestmark = pytest.mark.usefixtures("states_only_bots")
GAMES = (
    (1, 13, {"difficulty": "easy"}),
    (1, 18, {"difficulty": "hard"}),
    (2, 21, {"mode": "coop", "difficulty": "easy"}),
    (2, 2, {}),
    (3, 4, {"houses": "all"}),
)


PLAYED: dict[tuple, list] = {}  # each seeded game is played once for the whole module


def sector_decisions(players: int, seed: int, options: dict):
    """(decision, places, the public view's sector keys, sector names) for every open decision
    of a seeded bot game."""
    key = (players, seed, tuple(sorted(options.items())))
    if key not in PLAYED:
        found = []
        keys = {s["key"] for s in RULES.view(RULES.setup(players, seed, options), None)["sectors"]}

        def on_step(state, decisions) -> None:
            assert {s.key for s in state.sectors} == keys  # the map's sectors stay the view's
            names = {s.name for s in state.sectors}
            for decision in decisions:
                found.append((decision, RULES.places(state, decision), keys, names))

        play(RULES, players, seed, options, explore=0.3, on_step=on_step)
        PLAYED[key] = found
    return PLAYED[key]


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_every_sector_decision_names_its_places(players, seed, options):
    steps = sector_decisions(players, seed, options)
    marked = 0
    for decision, places, keys, names in steps:
        for option in decision.options:
            # an option whose text names a sector, or whose id carries a sector key, is about the map
            about_map = any(name in str(option.label) for name in names) or any(part in keys for part in option.id.split(":"))
            if about_map:
                assert option.id in places.options, (english(decision.prompt), option.id, english(option.label))
        assert set(places.options) <= {o.id for o in decision.options}
        assert places.every_place() <= keys, (english(decision.prompt), places)
        for named in places.options.values():
            assert 1 <= len(named) <= 2 and len(set(named)) == len(named)  # a place, or a move between two
        marked += bool(places)
    assert marked >= 10, "a whole game has many decisions about sectors"


def test_kinds_of_sector_decisions_are_covered():
    """Deploy, regroup, invade, build, Population and harbinger picks all name their sectors."""
    prompts = set()
    for game in GAMES:
        prompts |= {english(decision.prompt).split(" ")[0] for decision, places, _, _ in sector_decisions(*game) if places}
    assert {"Deploy", "Regroup:", "Invade", "Build", "Establish", "Raise"} <= prompts


def test_an_invasion_sends_fleets_to_its_target():
    state = fresh(2, seed=3)
    for _ in range(3000):
        decisions = RULES.pending(state)
        if not decisions:
            break
        decision = decisions[0]
        places = RULES.places(state, decision)
        if places.focus:
            target = places.focus[0]
            moves = [named for oid, named in places.options.items() if oid.startswith("m:")]
            assert all(named[-1] == target and named[0] != target for named in moves)
            assert all(places.options[oid] == (target,) for oid in places.options if oid == "go")
            return
        state = RULES.apply(state, decision.seat, RULES.bot_choice(state, decision.seat))
    pytest.skip("no invasion in this seeded game")


def test_other_games_name_no_places():
    state = POCKET_MARS.setup(2, 1)
    decision = POCKET_MARS.pending(state)[0]
    assert POCKET_MARS.places(state, decision) == Places()
    assert not Places()

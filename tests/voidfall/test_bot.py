"""The bot builds its economy and invades only when the preview says it wins."""

from games.core import play
from games.voidfall import RULES
from games.voidfall.board import sector
from games.voidfall.bot import winnable

from .helpers import clear_map, fresh, own


def test_bot_invades_only_winnable_targets():
    state = clear_map(fresh(2))
    for s in state.sectors:
        if s.home_of < 0 and s.owner < 0:
            s.installs = s.installs[: s.printed_installs]
    state.houses[0].techs = {}
    next(s for s in state.sectors if s.home_of == 0).fleet = {}
    own(state, 0, "0,-1", {"corvette": 2})
    strong = sector(state, "0,0")
    strong.void = 3
    for k in ("1,-2", "-1,-1", "-1,0"):
        sector(state, k).void = 3
    e = {"do": "invade"}
    assert winnable(state, 0, e) is None
    sector(state, "-1,-1").void = 0
    sector(state, "-1,-1").installs = []
    assert winnable(state, 0, e) == "-1,-1"


def test_bot_games_build_guilds_and_population():
    lines = []
    final = play(RULES, 3, 21, on_step=lambda s, d: lines.extend(l.text for l in s.log)).final
    assert sum("establishes" in l for l in lines) >= 6
    assert sum("wins the invasion" in l for l in lines) >= 1
    assert all(h.influence > 10 for h in final.houses)

"""The bot builds its economy and invades only when the preview says it wins."""

from games.core import play
from games.voidfall import RULES, fleets
from games.voidfall.board import sector
from games.voidfall.bots.values import winnable

from .helpers import clear_map, fresh, own


def test_bot_invades_only_winnable_targets():
    state = clear_map(fresh(2))
    for s in state.sectors:
        if s.home_of < 0 and s.owner < 0:
            s.installs = s.installs[: s.printed_installs]
    state.houses[0].techs = {}
    fleets.clear(next(s for s in state.sectors if s.home_of == 0))
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
    final = play(RULES, 3, 21, on_step=lambda s, d: lines.extend(str(l.text) for l in s.log)).final
    assert sum("establishes" in l for l in lines) >= 6
    assert sum("wins the invasion" in l for l in lines) >= 1
    assert all(h.influence > 10 for h in final.houses)


def test_bot_places_agendas_in_clean_slots_and_keeps_the_better_one():
    """A Corrupted Agenda scores nothing (evaluation.score_agendas), so the bot avoids such a slot."""
    from games.voidfall.bots.house import pick_agenda, place_agenda
    from games.voidfall.bots.values import agenda_points
    from games.voidfall.data import AGENDAS

    state = fresh(2)
    h = state.houses[0]
    h.agendas = ["", "", ""]
    h.agenda_corrupt = [True, False, False]
    aid = next(iter(AGENDAS))
    assert place_agenda(state, 0, aid, ["s:0", "s:1", "s:2", "hand"]) == "s:1"
    a, b = list(AGENDAS)[:2]
    best = max((a, b), key=lambda x: (agenda_points(state, 0, x), x))
    assert pick_agenda(state, 0, [f"k:{a}", f"k:{b}"]) == f"k:{best}"


def test_bot_values_production_by_what_fits_under_the_cap():
    """Article: 過量生產(資源存儲量在資源生產後超過十五)時...每種過量生產的資源都會+3點; below the cap the yield counts."""
    from games.voidfall.bots.values import RES_WORTH, produce_value
    from games.voidfall.data import RES, yield_of
    from games.voidfall.economy import prod_level

    state = fresh(2)
    h = state.houses[0]
    r = next(r for r in RES if yield_of(prod_level(state, 0, r), r) > 0)
    amount = yield_of(prod_level(state, 0, r), r)
    h.res[r] = 0
    assert produce_value(state, 0, [r]) == RES_WORTH * amount
    h.res[r] = 15
    assert produce_value(state, 0, [r]) == 3

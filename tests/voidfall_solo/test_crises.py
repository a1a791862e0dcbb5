"""Each crisis's resolution and penalty (designed content, data/solo/crises.json)."""

from __future__ import annotations

import pytest

from games.core.i18n import render
from games.voidfall import RULES, fleets
from games.voidfall.board import controlled
from games.voidfall.solo.content import CRISES
from games.voidfall.solo.crises import card_text, met, metric, penalty_possible

from .helpers import clear_board, fresh, own, push_and_run

SPARE = ["1,1", "0,1", "2,1", "2,0", "1,0", "1,2"]  # Voidborn sectors of the solo map (C011)


def _reach(state, seat, what, n):
    """Change the house so that metric `what` reaches `n`."""
    h = state.houses[seat]
    home = next(s for s in state.sectors if s.home_of == seat)
    if what == "fleet_on_map":
        fleets.add(state, seat, home, "corvette", n)
    elif what in ("sectors", "pure_sectors", "fleet_kinds"):
        kinds = ["corvette", "sentry", "destroyer", "dreadnought", "carrier"]
        for i, key in enumerate(SPARE[:n]):
            own(state, seat, key, {kinds[i % 5]: 1}, corrupted=False)
    elif what == "installs":
        home.installs += ["sd"] * n
    elif what == "glory":
        h.glory = [n]
    elif what in ("guilds", "guild_kinds"):
        home.guilds += ["fa", "en", "mi", "ba", "sc", "fa"][:n]
    elif what == "pop":
        home.pop = n
    elif what == "stock_total":
        h.res = {"F": 15, "E": 15, "M": n, "C": 0, "S": 0}
    elif what == "techs":
        for t in ("shields", "torpedoes", "targeting", "hyperdrive", "sentries")[:n]:
            h.techs[t] = "basic"
    elif what == "track_sum":
        h.tracks = {"soc": n, "sta": 0, "eco": 0}
    elif what == "influence":
        h.influence = n
    elif what == "house_clean":
        h.track_corrupt = {k: False for k in h.track_corrupt}
        h.agenda_corrupt = [False] * len(h.agenda_corrupt)


def _spoil(state, seat, what, n):
    """Make sure the metric is short of `n` (so the crisis stays open)."""
    h = state.houses[seat]
    if what == "house_clean":
        h.track_corrupt = {"soc": True, "sta": True, "eco": True}
    elif what == "influence":
        h.influence = n - 1
    elif what == "stock_total":
        h.res = {r: 0 for r in "FEMCS"}
    elif what == "glory":
        h.glory = []
    elif what == "techs":
        h.techs = {}
    elif what == "track_sum":
        h.tracks = {"soc": 0, "sta": 0, "eco": 0}
    else:
        for s in controlled(state, seat):
            if s.home_of < 0:
                s.owner, s.fleet, s.void = -1, {}, 1
        home = next(s for s in state.sectors if s.home_of == seat)
        home.fleet, home.guilds, home.installs, home.pop = {}, [], [], 1


@pytest.mark.parametrize("cid", sorted(CRISES))
def test_each_crisis_resolves_by_its_condition(cid):
    """解決危機卡牌:當你執行行動時,可以解決當前的危機卡牌……當你自己達成對應的條件時該卡牌立刻被解決。危機卡牌的條件大致有三類:
    執行對應行動;當你滿足某些條件時執行效果;當你執行某些行動後額外支付資源。"""
    state = fresh(1, 7)
    clear_board(state)
    c = CRISES[cid]["cond"]
    state.solo.current = cid
    if c["kind"] == "have":
        _spoil(state, 0, c["metric"], c["n"])
        assert not met(state, 0, cid), card_text(cid)
        push_and_run(state, "solo_check", 0)
        assert state.solo.current == cid
        state.tasks.pop() if state.tasks[-1].kind == "solo_check" else None
        _reach(state, 0, c["metric"], c["n"])
        assert met(state, 0, cid), (card_text(cid), metric(state, 0, c["metric"]))
        push_and_run(state, "solo_check", 0)
        assert state.solo.current == ""
    else:
        state.houses[0].res = {r: 0 for r in "FEMCS"}
        push_and_run(state, "solo_check", 0)
        assert state.solo.current == cid  # nothing to pay with: no decision, still open
        state.houses[0].res = {r: 6 for r in "FEMCS"}
        push_and_run(state, "solo_check", 0)
        d = RULES.pending(state)[0]
        assert [o.id for o in d.options] == [f"pay:{cid}", "none"]
        before = sum(state.houses[0].res.values())
        state = RULES.apply(state, 0, f"pay:{cid}")
        assert state.solo.current == ""
        assert sum(state.houses[0].res.values()) == before - sum(c["cost"].values())
    assert cid in state.solo.resolved


def test_permanent_crises_resolve_and_the_rest_slide_left():
    """解決後者時將該危機卡牌右側的其他危機卡牌左移。"""
    state = fresh(1, 7)
    clear_board(state)
    cheap = sorted(c for c in CRISES if CRISES[c]["cond"]["kind"] == "have" and CRISES[c]["cond"]["metric"] == "influence")
    other = sorted(c for c in CRISES if CRISES[c]["cond"]["kind"] == "pay" and CRISES[c]["cat"] != "eco")
    state.crisis.military[:] = [other[0], cheap[0], other[1]]
    state.houses[0].influence = 99
    state.houses[0].res = {r: 0 for r in "FEMCS"}
    push_and_run(state, "solo_check", 0)
    assert state.crisis.military == [other[0], other[1]]


def test_declining_to_pay_keeps_the_crisis():
    state = fresh(1, 7)
    clear_board(state)
    cid = next(c for c in sorted(CRISES) if CRISES[c]["cond"]["kind"] == "pay")
    state.solo.current = cid
    state.houses[0].res = {r: 9 for r in "FEMCS"}
    push_and_run(state, "solo_check", 0)
    state = RULES.apply(state, 0, "none")
    assert state.solo.current == cid and state.tasks[-1].kind != "solo_check"


@pytest.mark.parametrize("kind", ["lose", "inf", "void", "corrupt", "assault", "harbinger", "lost_tech"])
def test_each_penalty_kind(kind):
    """受到危機卡牌所示的懲罰 (designed penalties; each one only if it can be suffered in full)."""
    cid = next(c for c in sorted(CRISES) if kind in CRISES[c]["penalty"] and CRISES[c]["level"] > 0)
    state = fresh(1, 8)
    clear_board(state)
    h = state.houses[0]
    h.influence, h.res = 40, {r: 5 for r in "FEMCS"}
    void_before = sum(s.void for s in state.sectors)
    market = list(state.market)
    assert penalty_possible(state, 0, cid)
    state.solo.alert, state.solo.current = "I", cid
    push_and_run(state, "solo_advance", 0)
    state = RULES.apply(state, 0, "pen")
    p = CRISES[cid]["penalty"]
    if kind == "lose":
        assert sum(state.houses[0].res.values()) == 25 - p["lose"]["any"]
    elif kind == "inf":
        assert state.houses[0].influence == 40 - p["inf"]
    elif kind == "void":
        assert sum(s.void for s in state.sectors) == void_before + p["void"]
    elif kind == "corrupt":
        d = RULES.pending(state)[0]
        assert render(d.prompt).startswith("Where does the Corruption marker go?")
    elif kind == "assault":
        assert any("Voidborn" in render(line.text) or "Skirmish" in render(line.text) for line in state.log)
    elif kind == "harbinger":  # medium starts with none on the map: the house places this one
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, d.options[-1].id)
        assert sum(state.solo.harbingers.values()) == 1
    elif kind == "lost_tech":
        assert len(state.solo.lost_techs) == 1 and len(state.market) == len(market) - 1


def test_quiet_check_after_an_action_resolves_but_never_asks_to_pay():
    """當你自己達成對應的條件時該卡牌立刻被解決 (checked after every action; paying is offered at the end of the turn)."""
    state = fresh(1, 7)
    clear_board(state)
    pay = next(c for c in sorted(CRISES) if CRISES[c]["cond"]["kind"] == "pay" and CRISES[c]["cat"] != "eco")
    have = next(c for c in sorted(CRISES) if CRISES[c]["cond"].get("metric") == "influence")
    state.solo.current = pay
    state.crisis.military[:] = [have]
    state.houses[0].res = {r: 9 for r in "FEMCS"}
    state.houses[0].influence = 99
    push_and_run(state, "solo_check", 0, quiet=True)
    assert state.crisis.military == [] and state.solo.current == pay
    assert state.tasks[-1].kind != "solo_check"

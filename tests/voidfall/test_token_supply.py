"""Tokens come from somewhere (issue 33 item 1): every Trade token a house holds was taken off the
galactic board, every Bounty or Reclaim token from the supply, and none is gained from an empty one.

Article 貿易指示物: 「當玩家獲得貿易指示物時,拿取星系面板上最下方的一個貿易指示物」 and
「貿易指示物是有上限的,因此當星系面板上沒有貿易指示物時不可獲得貿易指示物」; the board holds 6
(HOUSES.md). Article 賞金與收復指示物: 「某些特殊情況下供應堆指示物用完,玩家在需要獲得或者放置
指示物時可以選擇獲得1點影響力或者一點資源」. The Valnis, Kradmor and Marqualos origins give Trade
tokens and the Marqualos and Yarvek origins Bounty tokens; they used to come from nowhere, so a game
with them had 7 or more Trade tokens in play.
"""

from __future__ import annotations

import random

import pytest

from games.voidfall import RULES
from games.voidfall.board import abandon, sector
from games.voidfall.data import BOUNTY_FACES, ORIGINS, RECLAIM_FACES, SETTINGS
from games.voidfall.effects import possible
from games.voidfall.tokens import draw_bounty, draw_reclaim, take_trade

from .helpers import decision, pick, pick_label, run

BOARD = SETTINGS["trade_slots"]
BOUNTY_TOKENS = SETTINGS["bounty_copies"] * len(BOUNTY_FACES)
RECLAIM_TOKENS = SETTINGS["reclaim_copies"] * len(RECLAIM_FACES)


def seated(*origins: str, seed: int = 1):
    """A game whose seats play these origins (one per seat), right after the houses are chosen."""
    state = RULES.setup(len(origins), seed, {"houses": "all"})
    while state.tasks and state.tasks[-1].kind == "pick_house":
        d = RULES.pending(state)[0]
        wanted = origins[d.seat]
        state = RULES.apply(state, d.seat, f"h:{ORIGINS[wanted]['house']}" if d.options[0].id.startswith("h:")
                            else f"o:{wanted}")
    return state


def bounty_supply(state) -> int:
    """Bounty tokens in the supply: the bag holds the faces of the tokens lying face down on the
    map too (they are drawn when won)."""
    return len(state.bounty_bag) - sum(s.bounty for s in state.sectors)


def reclaim_supply(state) -> int:
    return len(state.reclaim_bag) - sum(s.reclaim for s in state.sectors)


def trade_in_play(state) -> int:
    return sum(h.trade for h in state.houses) + sum(state.trade_board)


def token_problems(state) -> list[str]:
    """What breaks the token supplies: more Trade tokens held and on the board than the board's 6;
    a face-down token on the map without its face in the bag; more Bounty or Reclaim tokens held
    and in the bag than the box holds. Nothing is in play before the houses are set up."""
    out: list[str] = []
    if not state.trade_board:
        return out
    if trade_in_play(state) > BOARD:
        out.append(f"{trade_in_play(state)} Trade tokens held or on the board (board {state.trade_board})")
    for kind, bag, total in (("bounty", state.bounty_bag, BOUNTY_TOKENS), ("reclaim", state.reclaim_bag, RECLAIM_TOKENS)):
        on_map = sum(getattr(s, kind) for s in state.sectors)
        held = sum(getattr(h, kind) for h in state.houses)
        if on_map > len(bag):
            out.append(f"{on_map} {kind} tokens on the map but {len(bag)} faces in the bag")
        if held + len(bag) > total:
            out.append(f"{held} {kind} tokens held and {len(bag)} in the bag: more than the {total} of the box")
    return out


@pytest.mark.parametrize("origin", ["valnis_2", "kradmor_24", "marqualos_26"])
def test_an_origins_trade_token_is_the_lowest_one_on_the_board(origin):
    """「拿取星系面板上最下方的一個貿易指示物」: the origin card's token leaves the bottom slot."""
    state = seated(origin, "belitan_3")
    assert state.houses[0].trade == 1
    assert state.trade_board == [1, 1, 1, 1, 1, 0]
    assert trade_in_play(state) == BOARD


def test_marqualos_takes_its_two_trade_tokens_off_the_board():
    state = seated("marqualos_25", "belitan_3")
    assert state.houses[0].trade == 2
    assert state.trade_board == [1, 1, 1, 1, 0, 0]


def test_three_trading_origins_leave_two_tokens_and_then_none_is_gained():
    """「當星系面板上沒有貿易指示物時不可獲得貿易指示物」: with 4 tokens held the board has 2 left;
    after two more gains the next gain finds an empty board and gives nothing."""
    state = seated("valnis_2", "kradmor_24", "marqualos_25")
    assert [h.trade for h in state.houses] == [1, 1, 2] and state.trade_board == [1, 1, 0, 0, 0, 0]
    assert take_trade(state, 0) and take_trade(state, 1)
    assert state.trade_board == [0] * BOARD
    assert not take_trade(state, 2)
    assert [h.trade for h in state.houses] == [2, 2, 2] and trade_in_play(state) == BOARD


def test_the_trade_effect_cannot_be_resolved_from_an_empty_board():
    state = seated("valnis_2", "belitan_3")
    state.trade_board = [0] * BOARD
    assert not possible(state, 0, {"do": "trade"}, {})
    state = run(state, 0, [{"do": "trade"}])
    assert state.houses[0].trade == 1 and trade_in_play(state) == 1


@pytest.mark.parametrize("origin, tokens", [("marqualos_25", 1), ("yarvek_15", 3)])
def test_an_origins_bounty_tokens_come_from_the_supply(origin, tokens):
    state = seated(origin, "belitan_3")
    assert state.houses[0].bounty == tokens
    assert len(state.bounty_bag) == BOUNTY_TOKENS - tokens
    assert not token_problems(state)


def test_no_bounty_token_is_gained_from_an_empty_supply():
    """「供應堆指示物用完,...可以選擇獲得1點影響力或者一點資源」: instead of the token, not with it
    (Yarvek's +3 Influence per Bounty token gained does not come either)."""
    state = seated("yarvek_16", "belitan_3")
    h = state.houses[0]
    held, influence = h.bounty, h.influence
    state.bounty_bag = state.bounty_bag[:sum(s.bounty for s in state.sectors)]
    assert bounty_supply(state) == 0  # every face left belongs to a token lying on the map
    draw_bounty(state, 0)
    RULES.advance(state)
    state = pick_label(state, "gain 1 Influence")
    assert state.houses[0].bounty == held
    assert state.houses[0].influence == influence + 1


def test_no_reclaim_token_is_gained_from_an_empty_supply():
    state = seated("belitan_3", "cortozaar_7")
    state.reclaim_bag = state.reclaim_bag[:sum(s.reclaim for s in state.sectors)]
    assert reclaim_supply(state) == 0
    draw_reclaim(state, 0, next(s.key for s in state.sectors if s.home_of == 0))
    RULES.advance(state)
    assert "gain 1 Influence" in [str(o.label) for o in decision(state).options]
    assert state.houses[0].reclaim == 0


def test_an_abandoned_sector_gets_no_bounty_token_from_an_empty_supply():
    state = seated("belitan_3", "cortozaar_7")
    state.bounty_bag = state.bounty_bag[:sum(s.bounty for s in state.sectors)]
    outpost = next(s for s in state.sectors if s.owner == 0 and s.home_of < 0)
    abandon(state, outpost, 0)
    assert sector(state, outpost.key).bounty == 0
    assert not token_problems(state)


def test_an_event_placing_a_bounty_token_from_an_empty_supply_offers_influence_or_a_resource():
    state = seated("belitan_3", "cortozaar_7")
    state.bounty_bag = state.bounty_bag[:sum(s.bounty for s in state.sectors)]
    on_map = sum(s.bounty for s in state.sectors)
    state = pick(run(state, 0, [{"do": "place", "target": "adj_vb", "items": ["bounty"]}]), "e0")
    state = pick(state, decision(state).options[0].id)  # the Voidborn sector
    assert sum(s.bounty for s in state.sectors) == on_map
    assert "gain 1 Influence" in [str(o.label) for d in RULES.pending(state) for o in d.options]


TRADING = (("valnis_2",), ("kradmor_24",), ("marqualos_25", "marqualos_26"), ("yarvek_15", "yarvek_16"))  # by house


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tokens_stay_within_their_supplies_in_random_games(players):
    """Over whole games of random choices with the trading origins, at every step: Trade tokens
    held plus on the board never exceed 6, and the Bounty and Reclaim tokens never exceed their
    supply."""
    for seed in range(2):
        rnd = random.Random(seed * 10 + players)
        origins = [rnd.choice(house) for house in rnd.sample(TRADING, players)]
        state = seated(*origins, seed=seed * 10 + players)
        for _ in range(20_000):
            assert not token_problems(state), (origins, seed, token_problems(state))
            decisions = RULES.pending(state)
            if not decisions:
                break
            d = decisions[rnd.randrange(len(decisions))]
            state = RULES.apply(state, d.seat, d.options[rnd.randrange(len(d.options))].id)
        assert state.over

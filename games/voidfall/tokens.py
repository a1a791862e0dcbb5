"""Trade, Bounty, Reclaim and Glory tokens."""

from __future__ import annotations

from typing import Any

from games.core.i18n import Text

from .board import bounty_supply, name, reclaim_supply, sector, sector_label
from .data import BOUNTY_FACES, RECLAIM_FACES, TRADE_BONUS, data_text, event_name
from .economy import ability, gain, gain_influence, stock_change
from .effects import describe_all, effect, start_group
from .gains import activation
from .messages import T
from .metrics import metric
from .state import VoidfallState


def bonus_text(b: list[dict]) -> Text:
    return describe_all(b, "or")


def trade_slot(state: VoidfallState) -> int:
    """The lowest slot holding a token (slots run top 0 .. bottom 5), or -1 if none."""
    for i in range(len(state.trade_board) - 1, -1, -1):
        if state.trade_board[i]:
            return i
    return -1


def take_from_board(state: VoidfallState) -> int:
    """Take the lowest Trade token off the galactic board: its slot, or -1 (and nothing taken)
    when the board is empty. Every Trade token a house gains comes from the board, so the
    tokens held and those on the board are never more than its 6 (article 貿易指示物:
    「貿易指示物是有上限的,因此當星系面板上沒有貿易指示物時不可獲得貿易指示物」)."""
    i = trade_slot(state)
    if i >= 0:
        state.trade_board[i] -= 1
    return i


def take_trade(state: VoidfallState, seat: int) -> bool:
    """Article 貿易指示物: take the lowest token on the board and one bonus shown at its slot
    or below it. None left: nothing happens."""
    i = take_from_board(state)
    if i < 0:
        return False
    h = state.houses[seat]
    h.trade += 1
    h.trade_fresh += 1
    state.say(T("{seat} takes a Trade token from the galactic board.", seat=name(seat)))
    if ability(h, "trade_gain"):
        gain(state, seat, ability(h, "trade_gain"), T("house ability"))
    if ability(h, "trade_inf"):
        gain_influence(state, seat, ability(h, "trade_inf"), T("house ability"), "ability")
    first = 0 if h.techs.get("trade_nexus") else i  # Trade Nexus: any bonus on the board
    choices = [e for slot in range(first, len(TRADE_BONUS)) for e in TRADE_BONUS[slot]]
    start_group(state, seat, choices, "or", T("Trade bonus"), score="token")
    return True


def return_trade(state: VoidfallState, flipped: int = 1) -> None:
    """Article: 1-2 players put it in the topmost empty slot; 3-4 players on the lowest slot
    holding exactly one token, else the topmost empty slot."""
    for _ in range(flipped):
        board = state.trade_board
        if state.players >= 3:
            ones = [i for i, n in enumerate(board) if n == 1]
            if ones:
                board[ones[-1]] += 1
                continue
        empty = [i for i, n in enumerate(board) if n == 0]
        if empty:
            board[empty[0]] += 1


def trade_outcome(state: VoidfallState, seat: int) -> Text:
    """"Trade tokens 1 -> 2 (4 left on the board); then one bonus: ..."."""
    h = state.houses[seat]
    i = trade_slot(state)
    first = 0 if h.techs.get("trade_nexus") else i
    bonuses = [e for slot in range(max(first, 0), len(TRADE_BONUS)) for e in TRADE_BONUS[slot]]
    return T("Trade tokens {n} -> {after} ({left} left on the board); then one bonus: {bonus}", n=h.trade, after=h.trade + 1,
             left=sum(state.trade_board) - 1, bonus=bonus_text(bonuses))


def bounty_outcome(state: VoidfallState, seat: int) -> Text:
    """What drawing a Bounty token gives now (an empty supply gives something else)."""
    if bounty_supply(state) <= 0:
        return T("the Bounty supply is empty: 1 Influence or 1 resource instead")
    h = state.houses[seat]
    return T("Bounty tokens {n} -> {after}; its face is drawn and resolved at once (resources or 1 Influence)", n=h.bounty,
             after=h.bounty + 1)


effect("trade", T("gain a Trade token"), can=lambda state, seat, e, ctx: trade_slot(state) >= 0,
       run=lambda state, seat, e, ctx: take_trade(state, seat), outcome=lambda state, seat, e, ctx: trade_outcome(state, seat))


# 「供應堆指示物用完,玩家...可以選擇獲得1點影響力或者一點資源」
EMPTY_SUPPLY = [{"do": "inf", "n": 1}, {"do": "gain_any", "n": 1}]


def starting_tokens(state: VoidfallState, seat: int, extra: dict[str, Any]) -> None:
    """The tokens an origin card gives, taken where every token comes from: Trade tokens from the
    galactic board, the lowest first (no Trade bonus: the game has not begun), Bounty tokens
    from the supply, face down (designed: a starting token is not resolved)."""
    h = state.houses[seat]
    for _ in range(extra.get("trade", 0)):
        if take_from_board(state) >= 0:
            h.trade += 1
    for _ in range(extra.get("bounty", 0)):
        if bounty_supply(state) > 0:
            state.bounty_bag.pop(state.rng.randrange(len(state.bounty_bag)))
            h.bounty += 1


def draw_bounty(state: VoidfallState, seat: int, source: Text = "") -> None:
    """Take a Bounty token: its face is drawn from the supply and resolved (2 of a kind or 1
    Influence, and so on). An empty supply gives no token but 1 Influence or 1 resource instead
    (「供應堆指示物用完,玩家在需要獲得或者放置指示物時可以選擇獲得1點影響力或者一點資源」)."""
    h = state.houses[seat]
    if bounty_supply(state) <= 0:
        start_group(state, seat, EMPTY_SUPPLY, "or", T("Bounty (supply empty)"), score="token")
        return
    h.bounty += 1
    if ability(h, "bounty_inf"):
        gain_influence(state, seat, ability(h, "bounty_inf"), T("house ability"), "ability")
    face = BOUNTY_FACES[state.bounty_bag.pop(state.rng.randrange(len(state.bounty_bag)))]
    state.mark_reveal()
    effects = []
    if face.get("res"):
        effects.append({"do": "gain", "res": face["res"]})
    if face.get("any"):
        effects.append({"do": "gain_any", "n": face["any"]})
    join = "and" if face.get("both") or face.get("any") else "or"
    if not face.get("any"):
        effects.append({"do": "inf", "n": 1})
    if source:
        state.say(T("{seat} reveals a Bounty token from {source}.", seat=name(seat), source=source))
    else:
        state.say(T("{seat} reveals a Bounty token.", seat=name(seat)))
    start_group(state, seat, effects, join, T("Bounty token"), score="token")


def draw_reclaim(state: VoidfallState, seat: int, key: str) -> None:
    """Take a Reclaim token in sector `key` and resolve it there (an empty supply: no token, but
    1 Influence or 1 resource instead)."""
    h = state.houses[seat]
    if reclaim_supply(state) <= 0:
        start_group(state, seat, EMPTY_SUPPLY, "or", T("Reclaim (supply empty)"), score="token")
        return
    h.reclaim += 1
    face = RECLAIM_FACES[state.reclaim_bag.pop(state.rng.randrange(len(state.reclaim_bag)))]
    state.mark_reveal()
    state.say(T("{seat} reveals a Reclaim token in {sector}: {text}.", seat=name(seat),
                sector=sector_label(sector(state, key)), text=data_text(face["text"])))
    start_group(state, seat, face["effects"], face["join"], T("Reclaim token"), {"here": key}, score="token")


effect("bounty", T("gain a Bounty token"), run=lambda state, seat, e, ctx: draw_bounty(state, seat),
       outcome=lambda state, seat, e, ctx: bounty_outcome(state, seat))


def _tob(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    if metric(state, seat, "pure_guilds") >= 6 and trade_slot(state) >= 0:
        take_trade(state, seat)
    else:
        draw_bounty(state, seat)


def _tob_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    guilds = metric(state, seat, "pure_guilds")
    if guilds >= 6 and trade_slot(state) >= 0:
        return T("{n} Pure Guilds: a Trade token; {trade}", n=guilds, trade=trade_outcome(state, seat))
    return T("{n} Pure Guilds: a Bounty token; {bounty}", n=guilds, bounty=bounty_outcome(state, seat))


effect("trade_or_bounty", T("a Trade token with 6+ Pure Guilds, else a Bounty token"), label=T("Trade or Bounty token"),
       run=_tob, outcome=_tob_outcome)


def _trade_sci(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    h = state.houses[seat]
    if h.trade:
        gain(state, seat, {"S": 3})
    elif h.res.get("S", 0) >= 1 and trade_slot(state) >= 0:
        h.res["S"] -= 1
        take_trade(state, seat)


def _trade_sci_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    h = state.houses[seat]
    if h.trade:
        return T("you hold a Trade token: {science}", science=stock_change(h, {"S": 3}))
    if h.res.get("S", 0) >= 1 and trade_slot(state) >= 0:
        return T("{science}; {trade}", science=stock_change(h, {"S": 1}, -1), trade=trade_outcome(state, seat))
    return T("no Trade token and no Science to pay: nothing happens")


effect("trade_science", T("with a Trade token gain 3 Science; without one pay 1 Science for a Trade token"),
       label=T("Trade token or Science"), run=_trade_sci, outcome=_trade_sci_outcome)


def _glory_act(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    start_group(state, seat, [{"do": "upgrade_glory"}, {"do": "activate", "n": 1}], "and", event_name("1I"))


effect("glory_and_activate", T("upgrade a Glory token and/or activate 1 cube"), label=T("Glory and a cube"), run=_glory_act,
       outcome=lambda state, seat, e, ctx: T("choose next: upgrade one of your Glory tokens and/or {cubes}",
                                             cubes=activation(state, seat, 1)))
effect("activate_and_trade", T("activate 1 cube and gain a Trade token"), label=T("a cube and a Trade token"),
       run=lambda state, seat, e, ctx: start_group(state, seat, [{"do": "activate", "n": 1}, {"do": "trade"}], "and", event_name("2I")),
       outcome=lambda state, seat, e, ctx: T("{cubes}; {trade}", cubes=activation(state, seat, 1), trade=trade_outcome(state, seat)))
effect("advance_and_pop", T("advance a track and/or +1 Pure Population"), label=T("a track and Population"),
       run=lambda state, seat, e, ctx: start_group(state, seat, [{"do": "advance", "track": "any"}, {"do": "pop_up"}], "and", event_name("3G")),
       outcome=lambda state, seat, e, ctx: T("choose next: advance one of your tracks and/or raise a Pure sector's Population"))

"""What things cost and whether a card may be played: tags, ongoing modifiers, discounts,
requirements (read against the parameters at the start of the phase) and affordability."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .board import BAND_NAMES, DEV, GAME, PARAMS, band
from games.core.i18n import Text

from .cards import CARDS, TAG_ORDER, Card
from .messages import T, joined
from .state import AresState, Player
from .terms import BAND, PARAM, RESOURCE, TAG


def split_top(text: str, sep: str) -> list[str]:
    """`text` split on `sep` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i].strip())
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


@dataclass
class Mods:
    """Ongoing modifiers of one player (from the corporation and blue cards in play)."""

    discount_all: int = 0
    discount_tag: dict[str, int] = field(default_factory=dict)
    discount_big: int = 0          # off cards with printed cost >= 20
    discount_standard: int = 0
    steel_value: int = 2
    titanium_value: int = 3
    research_draw: int = 0
    research_keep: int = 0
    req_flex: bool = False
    sell_bonus: int = 0
    forest_cost: int = 8
    heat_as_mc: bool = False


@lru_cache(maxsize=None)
def static_clauses(card_id: int) -> tuple[str, ...]:
    """The ongoing (non-trigger) clauses of a card's effect column."""
    effect = CARDS[card_id].effect
    return tuple(c for c in split_top(effect, "; ") if c and not c.startswith("when ")) if effect else ()


@lru_cache(maxsize=None)
def trigger_clauses(card_id: int) -> tuple[str, ...]:
    effect = CARDS[card_id].effect
    return tuple(c for c in split_top(effect, "; ") if c.startswith("when ")) if effect else ()


def sources(p: Player) -> list[int]:
    """Cards whose effects work for this player: corporation first, then cards in play."""
    return ([p.corp] if p.corp else []) + list(p.played)


def mods(p: Player) -> Mods:
    """The player's ongoing modifiers: shared between calls, so read them, never change them."""
    return _mods_of(p.corp, tuple(p.played))


@lru_cache(maxsize=4096)
def _mods_of(corp: int, played: tuple[int, ...]) -> Mods:
    """Modifiers from a corporation and cards in play, kept: rules ask for them many times a
    move, and parsing every clause of a growing tableau each time made late moves dearer."""
    m = Mods()
    for cid in ((corp,) if corp else ()) + played:
        for clause in static_clauses(cid):
            _apply_mod(m, clause)
    return m


def _apply_mod(m: Mods, clause: str) -> None:
    if match := re.fullmatch(r"discount:all (\d+)", clause):
        m.discount_all += int(match[1])
    elif match := re.fullmatch(r"discount:tag:([\w|]+) (\d+)", clause):
        for tag in match[1].split("|"):
            m.discount_tag[tag] = m.discount_tag.get(tag, 0) + int(match[2])
    elif match := re.fullmatch(r"discount:cost>=20 (\d+)", clause):
        m.discount_big += int(match[1])
    elif match := re.fullmatch(r"discount:standard (\d+)", clause):
        m.discount_standard += int(match[1])
    elif clause == "value:steel+1":
        m.steel_value += 1
    elif clause == "value:titanium+1":
        m.titanium_value += 1
    elif match := re.fullmatch(r"research:(draw|keep)\+(\d+)", clause):
        if match[1] == "draw":
            m.research_draw += int(match[2])
        else:
            m.research_keep += int(match[2])
    elif clause.startswith("req-flex:"):
        m.req_flex = True
    elif clause == "sell-value+1":
        m.sell_bonus += 1
    elif clause == "forest-plant-cost-1":
        m.forest_cost -= 1
    elif clause == "heat-as-mc":
        m.heat_as_mc = True
    else:
        raise ValueError(f"unknown ongoing effect {clause!r}")


def tag_counts(p: Player) -> dict[str, int]:
    """Tags on the corporation and every played card, red (event) cards included: they stay in
    play and their tags keep counting (DESIGN.md, decision 13)."""
    counts = dict.fromkeys(TAG_ORDER, 0)
    for cid in sources(p):
        for tag in CARDS[cid].tags:
            counts[tag] += 1
    return counts


def sell_value(p: Player) -> int:
    return GAME["sell_value"] + mods(p).sell_bonus


def card_cost(state: AresState, seat: int, cid: int, extra: int = 0) -> int:
    """MC to pay for `cid` after every discount that applies automatically (never below 0)."""
    p = state.pl[seat]
    card = CARDS[cid]
    m = mods(p)
    cost = card.cost - m.discount_all - p.next_discount - extra
    for tag in card.tags:
        cost -= m.discount_tag.get(tag, 0)
    if card.cost >= 20:
        cost -= m.discount_big
    if "building" in card.tags:
        cost -= p.prod["steel"] * m.steel_value
    if "space" in card.tags:
        cost -= p.prod["titanium"] * m.titanium_value
    if card.kind == "green" and state.phase == DEV and p.pick == DEV:
        cost -= GAME["dev_bonus"]
    return max(0, cost)


def spendable(p: Player, keep_cards: int = 0, keep_heat: int = 0) -> int:
    """MC this player can raise now: MC, heat for Helion (minus `keep_heat` the card itself
    spends), and selling the hand (minus `keep_cards`)."""
    return liquid(p, keep_heat) + max(0, len(p.hand) - keep_cards) * sell_value(p)


def liquid(p: Player, keep_heat: int = 0) -> int:
    """MC available without selling cards; `keep_heat` heat is spoken for (a card's own heat cost)."""
    return p.mc + (max(0, p.heat - keep_heat) if mods(p).heat_as_mc else 0)


def _band_req(state: AresState, param: str, op: str, colour: str, flex: bool) -> bool:
    value = state.phase_params.get(param, getattr(state, param) if param != "ocean" else len(state.flipped))
    have = band(param, value)
    want = BAND_NAMES.index(colour)
    slack = 1 if flex else 0
    return have + slack >= want if op == ">=" else have - slack <= want


def requirement_problems(state: AresState, seat: int, cid: int) -> list[Text]:
    """Unmet requirements of `cid` for this seat now, in words (empty = playable)."""
    p = state.pl[seat]
    flex = mods(p).req_flex or p.next_flex
    problems: list[Text] = []
    counts = None
    for req in CARDS[cid].requirement:
        if match := re.fullmatch(r"(temperature|oxygen)(>=|<=)(\w+)", req):
            if not _band_req(state, match[1], match[2], match[3], flex):
                param, colour = PARAM[match[1]], BAND[match[3]]
                problems.append(T("{param} must be {band} or higher", param=param, band=colour) if match[2] == ">="
                                else T("{param} must be {band} or lower", param=param, band=colour))
        elif match := re.fullmatch(r"oceans(>=|<=)(\d+)", req):
            have = state.phase_params.get("ocean", len(state.flipped))
            need = int(match[2])
            if not (have >= need if match[1] == ">=" else have <= need):
                problems.append(T("needs at least {n} oceans", n=need) if match[1] == ">="
                                else T("needs at most {n} oceans", n=need))
        elif match := re.fullmatch(r"tags:(\w+)>=(\d+)", req):
            counts = counts or tag_counts(p)
            if counts[match[1]] < int(match[2]):
                problems.append(T("needs {n} {tag} tags (you have {have})", n=int(match[2]), tag=TAG[match[1]],
                                  have=counts[match[1]]))
        elif match := re.fullmatch(r"tr>=(\d+)", req):
            if p.tr < int(match[1]):
                problems.append(T("needs TR {n}", n=int(match[1])))
        elif match := re.fullmatch(r"spend:(heat|plants|tr) (\d+)", req):
            have = {"heat": p.heat, "plants": p.plants, "tr": p.tr}[match[1]]
            if have < int(match[2]):
                problems.append(T("needs {n} {what} to spend", n=int(match[2]), what=_spend_word(match[1])))
        else:
            raise ValueError(f"card {cid}: unknown requirement {req!r}")
    return problems


def _spend_word(res: str) -> Text:
    """The stock a `spend:` requirement names, as its texts word it ("heat", "plants", "TR")."""
    return RESOURCE[res]


def spend_of(card: Card) -> dict[str, int]:
    """What playing the card takes from stock besides MC (`spend:` requirements)."""
    out = {}
    for req in card.requirement:
        if match := re.fullmatch(r"spend:(heat|plants|tr) (\d+)", req):
            out[match[1]] = int(match[2])
    return out


def requirement_text(card: Card) -> Text:
    words: list[Text] = []
    for req in card.requirement:
        if match := re.fullmatch(r"(temperature|oxygen)(>=|<=)(\w+)", req):
            param, colour = PARAM[match[1]], BAND[match[3]]
            words.append(T("{param} {band}+", param=param, band=colour) if match[2] == ">="
                         else T("{param} {band} or lower", param=param, band=colour))
        elif match := re.fullmatch(r"oceans(>=|<=)(\d+)", req):
            n = int(match[2])
            words.append(T("{n}+ oceans", n=n) if match[1] == ">=" else T("{n} or fewer oceans", n=n))
        elif match := re.fullmatch(r"tags:(\w+)>=(\d+)", req):
            words.append(T("{n} {tag} tags", n=int(match[2]), tag=TAG[match[1]]))
        elif match := re.fullmatch(r"tr>=(\d+)", req):
            words.append(T("TR {n}+", n=int(match[1])))
        elif match := re.fullmatch(r"spend:(\w+) (\d+)", req):
            words.append(T("spend {n} {what}", n=int(match[2]), what=_spend_word(match[1])))
    return joined(words)


def param_value(state: AresState, param: str) -> int:
    return len(state.flipped) if param == "ocean" else getattr(state, param)


def at_max(state: AresState, param: str) -> bool:
    return param_value(state, param) >= PARAMS[param]["max"]


def rewards_open(state: AresState, param: str) -> bool:
    """Raising still pays (TR, ocean reward): not at max, or it reached max this round (article)."""
    return not at_max(state, param) or state.maxed_round.get(param) == state.round


def all_maxed(state: AresState) -> bool:
    return all(at_max(state, p) for p in PARAMS)

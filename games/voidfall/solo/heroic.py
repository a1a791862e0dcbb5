"""Heroic Focus cards (solo) and Joint Focus cards (co-op), and the effects only they use.

Article (準備階段): 移除上回合的三張聯合/英雄焦點卡牌,重新抽取三張新的聯合/英雄焦點卡牌,如果是單人遊戲
且翻出的英雄焦點卡牌你的家族沒有,那麼將該牌移除,繼續抽取至三張。 (選擇步驟): 聯合/英雄焦點卡牌可以通過
打出手中的同名焦點卡牌執行對應效果,之後將聯合/英雄焦點卡牌拿走(但不補充至三張).
"""

from __future__ import annotations

from importlib import resources
import json
from typing import Any

from games.core import Option
from games.core.i18n import Msg, Text

from ..board import abandon, adjacent, controlled, name, sector, void_sectors
from ..data import FOCUS, hand_for
from ..economy import gain_influence
from ..effects import (action_text, brief, describe, effect, influence_change, outcome_of, possible, run_effect,
                       scored_as, start_group)
from ..messages import T, content_name, joined
from ..state import Sector, Task, VoidfallState, solo_of
from ..tasks import Row, done, fitted, handler, opt, push
from .board import (add_catastrophe, discard_crisis, harbinger_map_choices, place_harbinger_map, remove_from_row,
                    remove_harbinger, take_map_harbinger)
from .content import BOARD, CRISES, ROW_WORD, crisis_name, sector_name
from .crises import condition_text, penalty_text
from .havens import build_level
from .share import with_share
from .state import permanent, unfinished

HEROIC: dict[str, dict] = json.loads(resources.files("games.voidfall").joinpath("data", "solo", "heroic.json")
                                     .read_text(encoding="utf-8"))["cards"]
for _card in HEROIC.values():
    _card["actions"] = [with_share(a) for a in _card["actions"]]
OFFER = 3


def base_name(cid: str) -> str:
    return FOCUS[cid]["title"].split(" (")[0]


def matches(state: VoidfallState, seat: int, hid: str) -> list[str]:
    """Cards in hand that can be discarded to play heroic card `hid` (Command: any)."""
    want = HEROIC[hid]["match"]
    return [c for c in state.houses[seat].hand if want == "*" or base_name(c) == want]


def house_lacks(state: VoidfallState, seat: int, hid: str) -> bool:
    """Solo: the house has no Focus card of that name (a house card replaced it)."""
    want = HEROIC[hid]["match"]
    return want != "*" and all(FOCUS[c]["title"].split(" (")[0] != want for c in hand_for(state.houses[seat].house).values())


def refresh_offer(state: VoidfallState) -> None:
    s = solo_of(state)
    if not s.heroic_deck and not s.heroic_offer and state.cycle == 1:
        s.heroic_deck = sorted(HEROIC)
        state.rng.shuffle(s.heroic_deck)
    s.heroic_offer = []
    while len(s.heroic_offer) < OFFER and s.heroic_deck:
        hid = s.heroic_deck.pop(0)
        if state.players == 1 and house_lacks(state, 0, hid):
            continue
        s.heroic_offer.append(hid)
    state.mark_reveal()
    offer = joined([title(state, h) for h in s.heroic_offer])
    if s.heroic_offer:
        state.say(T("Heroic Focus offer: {cards}.", cards=offer) if state.players == 1 else T("Joint Focus offer: {cards}.", cards=offer))


def title(state: VoidfallState, hid: str) -> Msg:
    """Solo: Heroic Focus cards; co-op: the same cards serve as Joint Focus cards."""
    t = HEROIC[hid]["title"]
    return content_name(f"heroic:{hid}", t) if state.players == 1 else content_name(f"joint:{hid}", t.replace("Heroic", "Joint"))


def action_name(a: dict[str, Any]) -> Msg:
    """A Heroic card's action by its name ("Annihilate"), as its glossary entry reads."""
    return content_name(f"action:{a['name'].lower()}", a["name"])


def card_detail(hid: str) -> Text:
    """Each action of a Heroic card, what it does and what it costs."""
    return joined([T("{action}: {text}", action=action_name(a), text=action_text(a)) for a in HEROIC[hid]["actions"]],
                  T("{a} | {b}"))


def select_options(state: VoidfallState, seat: int) -> list:
    """Each offered Heroic/Joint card with each hand card it may be played with: "Heroic Command
    (Temptation)", the card discarded by its slot's name as an aside."""
    out = []
    for hid in solo_of(state).heroic_offer:
        found = matches(state, seat, hid)
        for c in found:
            label = T("{card} ({focus})", card=title(state, hid), focus=focus_name(FOCUS[c]["slot"])) if len(found) > 1 else title(state, hid)
            out.append(opt(f"h:{hid}:{c}", label,
                           T("discard {focus} to play {card} (it then leaves the game): {text}", focus=focus_name(c),
                             card=title(state, hid), text=card_detail(hid))))
    return out


def select(state: VoidfallState, seat: int, d: dict, choice: str) -> None:
    """Play heroic card `hid` by discarding hand card `c`; the heroic card leaves the game."""
    _, hid, c = choice.split(":")
    h = state.houses[seat]
    h.hand.remove(c)
    h.discard.append(c)
    solo_of(state).heroic_offer.remove(hid)
    d["card"], d["heroic"] = hid, True
    state.say(T("{seat} discards {focus} to play {card}.", seat=name(seat), focus=focus_name(c), card=title(state, hid)))


def focus_name(c: str) -> Msg:
    """A Focus card in hand by its title, as its glossary entry reads."""
    return content_name(f"focus:{c}", FOCUS[c]["title"])


# ---------------------------------------------------------------- effects only heroic cards use
def _crises(state: VoidfallState, e: dict[str, Any]) -> list[str]:
    open_ = ([solo_of(state).current] if solo_of(state).current else []) + permanent(state)
    return [c for c in open_ if CRISES[c]["cat"] in e.get("cats", ["mil", "eco", "gen"])]


def _crisis_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Discard which crisis (without resolving it)?"), [
        opt(f"c:{c}", crisis_name(c), crisis_detail(state, c)) for c in _crises(state, task.data["e"])]


def crisis_detail(state: VoidfallState, cid: str) -> Text:
    """Where an open crisis is and what it would do: "the current crisis; resolved by ...; its
    penalty: ..."."""
    where = T("the current crisis") if cid == solo_of(state).current else T("permanent on the {row} row", row=ROW_WORD[
        "military" if cid in state.crisis.military else "economic"])
    return T("{crisis} ({where}): resolved by {condition}; its penalty: {penalty}", crisis=crisis_name(cid), where=where,
             condition=condition_text(cid), penalty=penalty_text(cid))


def _crisis_pick(state: VoidfallState, task: Task, choice: str) -> None:
    cid = choice[2:]
    if cid == solo_of(state).current:
        solo_of(state).current = ""
    else:
        remove_from_row(state, cid)
    discard_crisis(state, cid)
    state.say(T("{seat} discards the crisis {crisis}.", seat=name(task.seat), crisis=crisis_name(cid)))


effect("solo_discard_crisis", T("discard a crisis without resolving it"), label=T("discard a crisis"),
       can=lambda state, seat, e, ctx: bool(_crises(state, e)), options=_crisis_options, pick=_crisis_pick,
       outcome=lambda state, seat, e, ctx: T("choose next: {crises}", crises=joined([crisis_name(c) for c in _crises(state, e)])))


def _harbinger_places(state: VoidfallState, e: dict[str, Any] | None = None) -> list[str]:
    """Where a harbinger can be removed: the crisis board rows and the map (`map`: the map only)."""
    places = [f"row:{w}" for w in ("military", "economic") if "H" in getattr(state.crisis, w)]
    if e and e.get("map"):
        places = []
    return places + [f"map:{k}" for k in sorted(solo_of(state).harbingers)]


def _harb_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    rows: list[Row] = []
    for p in _harbinger_places(state, task.data["e"]):
        if p.startswith("row:"):
            rows.append((p, [(T("{row} row", row=ROW_WORD[p[4:]]), T("the {row} row loses a harbinger (the entries to its "
                                                                     "right slide left); 10 Voidborn Influence fewer at the end",
                                                                     row=ROW_WORD[p[4:]]))]))
        else:
            n = solo_of(state).harbingers.get(p[4:], 0)
            where = sector_name(sector(state, p[4:]))
            rows.append((p, [(where, T("{sector}: harbingers {n} -> {after}; 10 Voidborn Influence fewer at the end", sector=where,
                                       n=n, after=n - 1))]))
    return T("Remove which harbinger?"), fitted(rows, numbered=True)


def _harb_pick(state: VoidfallState, task: Task, choice: str) -> None:
    if choice.startswith("row:"):
        remove_harbinger(state, choice[4:])
    else:
        take_map_harbinger(state, choice[4:])
        state.say(T("{seat} removes the harbinger at {sector}.", seat=name(task.seat), sector=sector_name(sector(state, choice[4:]))))


effect("solo_remove_harbinger", lambda e: T("remove a harbinger from a sector") if e.get("map") else T("remove a harbinger"),
       label=lambda e: T("remove a map harbinger") if e.get("map") else [],
       can=lambda state, seat, e, ctx: bool(_harbinger_places(state, e)), options=_harb_options, pick=_harb_pick,
       outcome=lambda state, seat, e, ctx: T("{n} harbinger place(s) to choose from next; each harbinger is 10 Voidborn "
                                             "Influence at the end", n=len(_harbinger_places(state, e))))


def _place_harb_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    anywhere = bool(task.data["e"].get("anywhere"))
    return (T("A harbinger goes on which Voidborn sector?") if anywhere else T("A harbinger comes next to you: on which Voidborn sector?")), [
        opt(f"map:{s.key}", sector_name(s),
            T("{sector}: harbingers {before} -> {after}; +10 Voidborn Influence at the end", sector=sector_name(s),
              before=solo_of(state).harbingers.get(s.key, 0), after=solo_of(state).harbingers.get(s.key, 0) + 1))
        for s in harbinger_map_choices(state, task.seat, anywhere)]


def _place_harb_pick(state: VoidfallState, task: Task, choice: str) -> None:
    place_harbinger_map(state, task.seat, choice[4:], bool(task.data["e"].get("anywhere")))


def _place_harb_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(harbinger_map_choices(state, seat, bool(e.get("anywhere"))))


effect("solo_place_harbinger", lambda e: T("place a harbinger on a Voidborn sector") if e.get("anywhere")
       else T("place a harbinger on a Voidborn sector next to you"), label=T("place a harbinger"),
       can=_place_harb_can, options=_place_harb_options, pick=_place_harb_pick,
       outcome=lambda state, seat, e, ctx: T("choose next: {sectors}; +10 Voidborn Influence at the end", sectors=joined(
           [sector_name(s) for s in harbinger_map_choices(state, seat, bool(e.get("anywhere")))])))


def _guardian_rifts(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Event 2J (solo/co-op): a harbinger on every Rift still held by the Voidborn."""
    for s in state.sectors:
        if s.type == "rift" and s.void > 0:
            solo_of(state).harbingers[s.key] = solo_of(state).harbingers.get(s.key, 0) + 1
            state.say(T("A harbinger guards the Rift {sector}.", sector=sector_name(s)))


effect("solo_guardian_rifts", T("a harbinger on every Rift"), label=T("harbingers on the Rifts"), run=_guardian_rifts,
       outcome=lambda state, seat, e, ctx: T("on {sectors}; each is 10 Voidborn Influence at the end", sectors=joined(
           [sector_name(s) for s in state.sectors if s.type == "rift" and s.void > 0]) or T("none")))


def _permanent_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Discard which permanent crisis (a catastrophe follows)?"), [
        opt(f"c:{c}", crisis_name(c), T("{crisis} leaves the board; catastrophes {before} -> {after} of {most} (every house gets "
                                        "the catastrophe consolation)", crisis=crisis_detail(state, c), before=state.crisis.catastrophes,
                                        after=state.crisis.catastrophes + 1, most=BOARD["catastrophe_limit"]))
        for c in permanent(state)]


def _permanent_pick(state: VoidfallState, task: Task, choice: str) -> None:
    cid = choice[2:]
    remove_from_row(state, cid)
    discard_crisis(state, cid)
    state.say(T("{seat} discards the permanent crisis {crisis}.", seat=name(task.seat), crisis=crisis_name(cid)))
    add_catastrophe(state, T("{crisis} discarded", crisis=crisis_name(cid)))


effect("solo_discard_permanent", T("discard a permanent crisis and add a catastrophe"), label=T("discard permanent crisis"),
       can=lambda state, seat, e, ctx: bool(permanent(state)), options=_permanent_options, pick=_permanent_pick,
       outcome=lambda state, seat, e, ctx: T("choose next: {crises}; catastrophes {before} -> {after} of {most}",
                                             crises=joined([crisis_name(c) for c in permanent(state)]),
                                             before=state.crisis.catastrophes, after=state.crisis.catastrophes + 1,
                                             most=BOARD["catastrophe_limit"]))


def _void_targets(state: VoidfallState, seat: int) -> list[Sector]:
    near = {k for s in controlled(state, seat) for k in adjacent(state, s.key, seat)}
    return [s for s in void_sectors(state) if s.key in near]


def _void_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    return T("Remove a Voidborn cube from which sector?"), fitted([
        (f"v:{s.key}", [(sector_name(s), T("{sector}: Voidborn cubes {before} -> {after}; the last cube: the sector is abandoned and "
                                          "the Voidborn retake it (2 cubes, Corrupted, a Bounty token)", sector=sector_name(s),
                                          before=s.void, after=s.void - 1) if s.void == 1
                         else T("{sector}: Voidborn cubes {before} -> {after}", sector=sector_name(s), before=s.void,
                                after=s.void - 1))])
        for s in _void_targets(state, task.seat)], numbered=True)


def _void_pick(state: VoidfallState, task: Task, choice: str) -> None:
    s = sector(state, choice[2:])
    s.void -= 1
    state.say(T("{seat} removes a Voidborn cube from {sector}.", seat=name(task.seat), sector=sector_name(s)))
    if s.void == 0:
        abandon(state, s, -1, glory=False)


effect("solo_remove_void", T("remove 1 Voidborn cube from an adjacent sector"), label=T("remove a Voidborn cube"),
       can=lambda state, seat, e, ctx: bool(_void_targets(state, seat)), options=_void_options, pick=_void_pick,
       outcome=lambda state, seat, e, ctx: T("choose next: {sectors}", sectors=joined(
           [T("{sector} {n}", sector=sector_name(s), n=s.void) for s in _void_targets(state, seat)])))


def _haven_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    build_level(state, seat, content_name("action:ascend", "Ascend"))


def _haven_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    h = state.houses[seat]
    return unfinished(state) > 0 and (h.inactive > 0 or h.active > 0 or any(s.fleet for s in controlled(state, seat)))


def _haven_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    s = solo_of(state)
    tile = next((i for i, t in enumerate(s.havens) if len(t) < s.haven_sizes[i]), None)
    if tile is None:
        return T("every safe haven is complete")
    return T("safe haven {tile}: level {n} -> {after} of {most} (a cube of yours goes on it; a complete haven rewards every house)",
             tile=tile + 1, n=len(s.havens[tile]), after=len(s.havens[tile]) + 1, most=s.haven_sizes[tile])


effect("solo_haven", T("build a safe haven level"), can=_haven_can, run=_haven_run, outcome=_haven_outcome)


def _pure_guild_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    n = sum(len(s.guilds) for s in controlled(state, seat) if not s.corrupted)
    gain_influence(state, seat, n * e.get("n", 3), T("Pure Guilds"), scored_as(ctx))


def _pure_guild_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    n = sum(len(s.guilds) for s in controlled(state, seat) if not s.corrupted)
    return T("Guilds in Pure sectors {n}: {change}", n=n, change=influence_change(state, seat, n * e.get("n", 3)))


effect("solo_inf_pure_guilds", lambda e: T("{n} Influence per Pure Guild", n=e.get("n", 3)), label=T("Influence per Pure Guild"),
       run=_pure_guild_run, outcome=_pure_guild_outcome)


# ---------------------------------------------------------------- composites (FOCUS.md section 3)
def _invade_here_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    """Annihilate "invade, then remove 1 Corruption from the combat sector": the engine's
    invade, then (solo_bind_won) a sector it won becomes the action's sector, `here`."""
    push(state, "solo_bind_won", seat, before=sorted(s.key for s in controlled(state, seat)))
    run_effect(state, seat, {"do": "invade"}, ctx)


effect("solo_invade_here", T("invade a sector (one you win is 'there')"), label=T("invade, then act there"),
       can=lambda state, seat, e, ctx: possible(state, seat, {"do": "invade"}, ctx), run=_invade_here_run,
       outcome=lambda state, seat, e, ctx: T("{invade}; the action's other effects then happen in the sector you win",
                                             invade=outcome_of(state, seat, {"do": "invade"}, ctx)))


@handler("solo_bind_won")
class BindWon:
    """Runs once the invasion (and whatever its win pushed) is over: the sector won, if any,
    binds the rest of the action (`ctx["here"]` of the house's group below)."""

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        won = sorted({s.key for s in controlled(state, task.seat)} - set(task.data["before"]))
        if not won:
            return
        for t in reversed(state.tasks):
            if t.kind in ("group", "action") and t.seat == task.seat:
                t.data.setdefault("ctx", {})["here"] = won[0]
                return


def _repeat_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    start_group(state, seat, [dict(e["effect"]) for _ in range(e["n"])], "and", describe(e), ctx)


effect("solo_repeat", lambda e: T("{effect}, up to {n} times (same or different sectors)", effect=describe(e["effect"]), n=e["n"]),
       label=lambda e: [T("{effect} (up to {n})", effect=brief(e["effect"]), n=e["n"]), T("{effect} ×{n}", effect=brief(e["effect"]),
                                                                                           n=e["n"])],
       can=lambda state, seat, e, ctx: possible(state, seat, e["effect"], ctx), run=_repeat_run,
       outcome=lambda state, seat, e, ctx: T("{n} times, one after the other: {outcome}", n=e["n"],
                                             outcome=outcome_of(state, seat, e["effect"], ctx) or describe(e["effect"])))

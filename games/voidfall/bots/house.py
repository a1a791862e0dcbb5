"""A greedy bot: builds its economy (Guilds, Population, techs, tracks) and invades only when
the combat preview says it wins. Deterministic; uses only what its seat may see."""

from __future__ import annotations

from typing import Any

from games.core import Decision, Rng

from ..actions import _next_special, action_cost, can_pay_cost
from ..arrange import bot_trim
from ..board import sector
from ..data import FOCUS, RES
from ..defence import best_choice, invasion_choices, invasion_results, skirmish_choices
from ..focus import card_def
from ..solo.heroic import HEROIC
from ..state import Task, VoidfallState
from .values import action_value, agenda_points, effect_value, winnable


def choose(state: VoidfallState, seat: int, decision: Decision) -> str:
    """The house bot's choice for its open `decision` (players.py asks the solo bot first)."""
    ids = [o.id for o in decision.options]
    task = state.tasks[-1]
    kind = task.kind
    h = state.houses[seat]
    if kind == "turn":
        ph = task.data["phase"]
        if ph == "select":
            def card_score(i: str) -> tuple[float, str]:
                if i.startswith("h:"):  # a heroic/joint card (solo/co-op)
                    actions = HEROIC[i.split(":")[1]]["actions"]
                else:
                    actions = FOCUS[i[2:]]["actions"]
                vals = sorted((action_value(state, seat, a) for a in actions
                               if can_pay_cost(state, seat, action_cost(state, a["cost"]), {})), reverse=True)
                return (sum(vals[:2]), i)
            return max(ids, key=card_score)
        if ph == "flip":
            return "flip"
        if ph == "agenda":
            played = [i for i in ids if i.startswith("a:")]
            return max(played, key=lambda i: (agenda_points(state, seat, i[2:]), i)) if played else ids[0]
        if ph == "place":
            return place_agenda(state, seat, task.data["agenda"], ids)
        if ph == "act":
            best, score = "end", 0.0
            for i in ids:
                if i.startswith("a:"):
                    v = action_value(state, seat, card_def(state, task.data)["actions"][int(i[2:])])
                elif i == "agenda" or i.startswith("t:"):
                    v = 2
                else:
                    continue
                if v > score:
                    best, score = i, v
            return best
        if ph == "trim":
            return bot_trim(state, seat, ids)
        if ph == "arrange":
            return "done"
        return ids[0]
    if kind == "group":
        effects = task.data["effects"]
        best, score = ("stop" if "stop" in ids else ids[0]), 0.0
        for i in ids:
            if i.startswith("e"):
                v = effect_value(state, seat, effects[int(i[1:])])
                if v > score:
                    best, score = i, v
        return best
    if kind == "eff":
        return eff_choice(state, seat, task, ids)
    if kind in ("defend", "defend_skirmish"):
        return bot_pick(state, task, ids)
    if kind == "action":
        if "named" in ids:
            return "named"
        if _next_special(task) in ("corrupt", "corrupt_agenda"):
            return min(ids, key=lambda i: (_corr_rank(state, seat, i), i))
        safe = [i for i in ids if not _abandons(state, i)]
        return (safe or ids)[0]
    if kind == "pick_house":
        return house_pick(state, seat, ids)
    if kind == "upkeep":
        return ids[0]
    if kind == "galactic":
        return ids[0]
    return ids[0]


def _abandons(state: VoidfallState, option_id: str) -> bool:
    """A recall paying a cost that takes the last cube of a sector that is not Home (it is abandoned)."""
    if not option_id.startswith("c:"):
        return False
    s = sector(state, option_id.split(":")[1])
    return sum(s.fleet.values()) == 1 and s.home_of < 0


def house_pick(state: VoidfallState, seat: int, ids: list[str]) -> str:
    """A house (then its origin) at random among those offered, so bots play every house (issue 22
    item 12: they used to take the first one offered). The coin is a private stream seeded from the
    game's RNG without advancing it: the same state always gets the same pick, replays stay
    deterministic, and nothing about future draws shows in the choice."""
    coin = Rng.from_seed(state.rng.state + 7919 * (seat + 1) + len(ids))
    return coin.choice(ids)


def _corr_rank(state: VoidfallState, seat: int, place: str) -> int:
    """Where the bot prefers Corruption: Decontamination, a sector, a finished track, an empty
    Agenda slot, never a scoring Agenda."""
    h = state.houses[seat]
    kind, _, arg = place.partition(":")
    if place == "decon":
        return 0
    if kind == "s":
        return 1
    if kind == "t":
        return 5 - h.tracks.get(arg, 0) // 2
    if kind == "a":
        return 9 if h.agendas[int(arg)] else 6
    return 20


def eff_choice(state: VoidfallState, seat: int, task: Task, ids: list[str]) -> str:
    do = task.data["e"]["do"]
    h = state.houses[seat]
    if do == "gain_corruption":
        return min(ids, key=lambda i: (_corr_rank(state, seat, i), i))
    if do == "invade":
        d = task.data
        if "target" not in d:
            t = winnable(state, seat, d["e"])
            return f"t:{t}" if t and f"t:{t}" in ids else "cancel"
        results = invasion_results(state, seat, d)  # one per loss choice of a defending house
        wins = all(res.winner == "invader" for res in results)
        if "go" in ids and wins and min(sum(res.invader.values()) for res in results) >= 2:
            return "go"
        safe = [i for i in ids if i.startswith("m:") and not _would_abandon(state, d, i)]
        if safe:
            return safe[0]
        if "go" in ids and wins:
            return "go"
        return "cancel"
    if do == "regroup":
        return "stop" if "stop" in ids else ids[0]
    if do == "agenda":
        return pick_agenda(state, seat, ids)
    if do in ("produce_one", "produce_two", "gain_any", "gain_fem"):
        return min(ids, key=lambda i: (h.res.get(i[2:], 0) if i[2:] in RES else 99, i))
    if do == "guild":
        return max(ids, key=lambda i: (sector(state, i.split(":")[1]).pop, i))
    if do in ("deploy", "deploy_home", "deploy_yards", "deploy_yard_one"):
        real = [i for i in ids if i != "stop"]
        return real[0] if real else ids[0]
    return ids[0]


def place_agenda(state: VoidfallState, seat: int, aid: str, ids: list[str]) -> str:
    """A clean empty slot first; else replace the weakest placed Agenda if this one scores more."""
    h = state.houses[seat]
    clean = [i for i in ids if i.startswith("s:") and not h.agenda_corrupt[int(i[2:])]]
    if clean:
        return clean[0]
    new = agenda_points(state, seat, aid)
    swaps = [i for i in ids if i.startswith("r:")]

    def old(i: str) -> int:
        k = int(i[2:])
        return -1 if h.agenda_corrupt[k] else agenda_points(state, seat, h.agendas[k])
    if swaps:
        worst = min(swaps, key=lambda i: (old(i), i))
        if old(worst) < new or h.agenda_corrupt[int(worst[2:])]:
            return worst
    return "hand" if "hand" in ids else ids[0]


def pick_agenda(state: VoidfallState, seat: int, ids: list[str]) -> str:
    """Keep or take the Agenda that scores most now; draw when the face-up ones score nothing."""
    def score(i: str) -> float:
        kind, _, arg = i.partition(":")
        if kind == "k":
            return agenda_points(state, seat, arg) + 0.5
        if kind == "f":
            face = state.agenda_face.get(arg)
            return (agenda_points(state, seat, face) if face else -1) - (2 if state.offer_corrupt.get(arg) else 0)
        if kind == "d":
            return 1.5 - (2 if state.offer_corrupt.get(arg) else 0)
        return -5
    return max(ids, key=lambda i: (score(i), i))


def _would_abandon(state: VoidfallState, d: dict[str, Any], oid: str) -> bool:
    _, k, kind = oid.split(":")
    s = sector(state, k)
    if s.home_of >= 0:
        return False
    sent = sum(d["move"].get(k, {}).values())
    return sum(s.fleet.values()) - sent <= 1


def bot_pick(state: VoidfallState, task: Task, ids: list[str]) -> str:
    """A defender's loss choice: the option whose exact result is best for the defender."""
    if task.kind == "defend":
        outs = invasion_choices(state, task.data["invader"], task.data["d"])
    else:
        outs = skirmish_choices(state, task.seat, task.data["strength"], sector(state, task.data["target"]))
    outs = [(k, r) for k, r in outs if f"k:{k}" in ids]
    return f"k:{best_choice(outs)[0]}" if outs else ids[0]

"""A greedy bot: builds its economy (Guilds, Population, techs, tracks) and invades only when
the combat preview says it wins. Deterministic; uses only what its seat may see."""

from __future__ import annotations

from .board import sector
from .costs import action_cost, can_pay_cost
from .data import FOCUS, RES
from .defence import invasion_results
from .military import sources, targets

WEIGHT = {"guild": 7, "pop_up": 6, "pop_up_in": 5, "tech": 6, "agenda": 4, "advance": 5, "produce": 3, "produce_one": 3,
          "produce_two": 4, "install": 3, "deploy": 3, "deploy_home": 3, "deploy_yards": 4, "deploy_yard_one": 3,
          "activate": 2, "remove_corruption": 4, "trade": 3, "upgrade_glory": 3, "score_agenda": 5, "bounty": 2,
          "gain_any": 3, "gain_fem": 2, "inf_per_guild": 3, "remove_or_activate": 2, "inf_glory": 3, "glory_token": 3,
          "exploit": 1, "move_corruption": 0, "regroup": 0, "look_events": 0, "inf_per": 3, "gain_per": 2,
          "inf_and_credit_per": 3, "paid": 1, "convert": 0, "destroy": 0, "place": 1, "gain_corruption": 0}


def full_move(state, seat: int, key: str) -> dict:
    """Every cube the house can bring to `key`, keeping one in each sector that is not Home."""
    move = {}
    for k in sources(state, seat, key):
        s = sector(state, k)
        keep = 0 if s.home_of == seat else 1
        per = {}
        for kind, n in sorted(s.fleet.items()):
            take = max(0, n - keep)
            keep = max(0, keep - n)
            if take:
                per[kind] = take
        if per:
            move[k] = per
    return move


def winnable(state, seat, e) -> str | None:
    """A target the bot would beat with every cube it can bring (by the exact preview), whatever
    loss choice a defending house makes."""
    for key in targets(state, seat, e):
        move = full_move(state, seat, key)
        if not move:
            continue
        results = invasion_results(state, seat, {"target": key, "move": move, "e": e})
        if all(res.winner == "invader" and sum(res.invader.values()) >= 1 for res in results):
            return key
    return None


def effect_value(state, seat, e) -> float:
    do = e["do"]
    if state.mode != "competitive":  # against the Voidborn (games/voidfall/solo/tactics.py)
        from .solo.tactics import effect_value as solo_value

        v = solo_value(state, seat, e)
        if v is not None:
            return v
    if do in ("invade",):
        return 9 if winnable(state, seat, e) else -1
    if do == "solo_invade_here":  # heroic Annihilate: an invasion first
        return effect_value(state, seat, {"do": "invade"})
    if do == "solo_repeat":
        return effect_value(state, seat, e["effect"]) * e["n"]
    if do == "inf":
        return e["n"]
    if do == "gain":
        return sum(e["res"].values())
    if do == "produce":
        return produce_value(state, seat, e["res"])
    if do in ("produce_one", "produce_two"):
        vals = sorted((produce_value(state, seat, [r]) for r in RES), reverse=True)
        return sum(vals[:1 if do == "produce_one" else 2])
    return WEIGHT.get(do, 1)


RES_WORTH = 0.6  # a resource in stock, in Influence-like points (below the cap)


def produce_value(state, seat, res) -> float:
    """What producing these resources is worth now: the part of each yield that fits under the
    stock cap, plus the overproduction Influence when a yield runs past it."""
    from .economy import CAP, ability
    from .data import SETTINGS, yield_of
    from .economy import prod_level

    h = state.houses[seat]
    v = 0.0
    for r in res:
        amount = yield_of(prod_level(state, seat, r), r)
        before = h.res.get(r, 0)
        v += RES_WORTH * min(amount, CAP - before)
        if before + amount > CAP:
            v += SETTINGS["overproduce_inf"] + (ability(h, "overproduce_inf") or 0)
    return v


# Tuned on bot-vs-bot games (average Influence): costs that hurt later count a little.
COST_PENALTY = {"corrupt": 1, "corrupt_agenda": 2, "recall": 1, "deact": 1, "pop_down": 1, "destroy_inst": 1,
                "agenda": 2, "glory": 1, "trade": 1}


def action_value(state, seat, a) -> float:
    vals = sorted((effect_value(state, seat, e) for e in a["effects"]), reverse=True)
    gain = (vals[0] if vals else 0) if a["join"] == "or" else sum(v for v in vals if v > 0)
    return gain - sum(COST_PENALTY.get(k, 0) * n for k, n in a["cost"].items())


def choose(rules, state, seat):
    decision = next(d for d in rules.pending(state) if d.seat == seat)
    ids = [o.id for o in decision.options]
    task = state.tasks[-1]
    kind = task.kind
    if state.mode != "competitive":  # against the Voidborn (games/voidfall/solo/tactics.py)
        from .solo.tactics import steer

        pick = steer(state, seat, task, ids)
        if pick is not None:
            return pick
    h = state.houses[seat]
    if kind == "turn":
        ph = task.data["phase"]
        if ph == "select":
            def card_score(i):
                if i.startswith("h:"):  # a heroic/joint card (solo/co-op)
                    from .solo.heroic import HEROIC

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
                    from .turn import card_def

                    v = action_value(state, seat, card_def(task.data)["actions"][int(i[2:])])
                elif i == "agenda" or i.startswith("t:"):
                    v = 2
                else:
                    continue
                if v > score:
                    best, score = i, v
            return best
        if ph == "trim":
            from .arrange import bot_trim

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
        from .defence import bot_pick

        return bot_pick(state, task, ids)
    if kind.startswith("solo_"):
        from .solo.bot import choose as solo_choose

        return solo_choose(state, seat, task, ids)
    if kind == "action":
        from .costs import _next_special

        if "named" in ids:
            return "named"
        if _next_special(task) in ("corrupt", "corrupt_agenda"):
            return min(ids, key=lambda i: (_corr_rank(state, seat, i), i))
        labels = {o.id: o.detail for o in decision.options}
        safe = [i for i in ids if "abandoned" not in labels[i]]
        return (safe or ids)[0]
    if kind == "upkeep":
        return ids[0]
    if kind == "galactic":
        return ids[0]
    return ids[0]


def _corr_rank(state, seat, place: str) -> int:
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


def eff_choice(state, seat, task, ids):
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


def agenda_points(state, seat, aid: str) -> int:
    """What an Agenda would score at Evaluation if it stood in a clean slot now."""
    from .data import AGENDAS
    from .scoring import objective_points

    return sum(objective_points(state, seat, o) for o in AGENDAS[aid]["objectives"])


def place_agenda(state, seat, aid: str, ids: list[str]) -> str:
    """A clean empty slot first; else replace the weakest placed Agenda if this one scores more."""
    h = state.houses[seat]
    clean = [i for i in ids if i.startswith("s:") and not h.agenda_corrupt[int(i[2:])]]
    if clean:
        return clean[0]
    new = agenda_points(state, seat, aid)
    swaps = [i for i in ids if i.startswith("r:")]

    def old(i):
        k = int(i[2:])
        return -1 if h.agenda_corrupt[k] else agenda_points(state, seat, h.agendas[k])
    if swaps:
        worst = min(swaps, key=lambda i: (old(i), i))
        if old(worst) < new or h.agenda_corrupt[int(worst[2:])]:
            return worst
    return "hand" if "hand" in ids else ids[0]


def pick_agenda(state, seat, ids: list[str]) -> str:
    """Keep or take the Agenda that scores most now; draw when the face-up ones score nothing."""
    from .data import AGENDAS

    def score(i):
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


def _would_abandon(state, d, oid) -> bool:
    _, k, kind = oid.split(":")
    s = sector(state, k)
    if s.home_of >= 0:
        return False
    sent = sum(d["move"].get(k, {}).values())
    return sum(s.fleet.values()) - sent <= 1

"""Task handlers for Build, Sabotage, Refine and the Sector Core's colour choice."""

from __future__ import annotations

from .common import card_label, dec, done, opt, pick_any, picks, pos_label
from .data import CARDS, CARD_GATES, COLOURS, SETTINGS, gate_name
from .engine import check_elimination, deck_pop, destroy, gain, gems, hostile, name, patrols, ship_count, turned_up
from .tasks import handler


# ------------------------------------------------------------------ build
@handler("build")
class Build:
    @staticmethod
    def places(state, task) -> list[tuple[str, str]]:
        seat, d = task.seat, task.data
        if d["left"] <= 0 or ship_count(state, seat) >= SETTINGS["max_ships"]:
            return []
        home = state.ps[seat].home
        out: list[tuple[str, str]] = []

        def gate_ok(g):
            return not any(n for t, n in enumerate(state.cr[g]) if t != seat)

        if d["where"] == "home":
            out.append((f"t{home}", f"Transport on home {pos_label(state, home)}"))
            for g in CARD_GATES[home]:
                if gate_ok(g):
                    out.append((f"c{g}", f"Cruiser on home gate {gate_label(g)}"))
        elif d["where"] == "occupied":
            for pos, row in enumerate(state.tr):
                if row[seat]:
                    out.append((f"t{pos}", f"Transport on {pos_label(state, pos)}"))
        else:
            seen = set()
            for pos in range(len(state.grid)):
                if state.tr[pos][seat] or patrols(state, seat, pos):
                    for g in CARD_GATES[pos]:
                        if g not in seen and gate_ok(g):
                            seen.add(g)
                            out.append((f"c{g}", f"Cruiser on gate {gate_label(g)}"))
        return out

    @staticmethod
    def decide(state, task):
        places = Build.places(state, task)
        if not places:
            return []
        return [dec(task.seat, f"{task.data['label']}: build a ship ({task.data['left']} left, "
                               f"{ship_count(state, task.seat)}/{SETTINGS['max_ships']} in play).",
                    [opt(f"b:{k}", label, f"ships in play {ship_count(state, task.seat)} -> "
                                          f"{ship_count(state, task.seat) + 1} of {SETTINGS['max_ships']}")
                     for k, label in places]
                    + [opt("done", "Stop building", f"{task.data['left']} build(s) left unused")])]

    @staticmethod
    def apply(state, task, d, choice):
        if choice == "done":
            done(state, task)
            return
        loc = choice.split(":")[1]
        idx = int(loc[1:])
        if loc[0] == "t":
            state.tr[idx][task.seat] += 1
            state.say(f"{name(task.seat)} builds a transport on {pos_label(state, idx)}.")
        else:
            state.cr[idx][task.seat] += 1
            state.say(f"{name(task.seat)} builds a cruiser on gate {gate_label(idx)}.")
        task.data["left"] -= 1

    @staticmethod
    def auto(state, task):
        if task.data["left"] > 0:
            state.say(f"{name(task.seat)} has nowhere to build.")
        done(state, task)


def gate_label(g: int) -> str:
    return gate_name(g)


# ------------------------------------------------------------------ sabotage
@handler("sabotage")
class Sabotage:
    @staticmethod
    def targets(state, task, all_targets: bool = False) -> list[tuple[str, str]]:
        seat = task.seat
        if task.data["left"] <= 0 and not all_targets:
            return []
        out, seen = [], set()
        for pos in range(len(state.grid)):
            if not (state.tr[pos][seat] or patrols(state, seat, pos)):
                continue
            for t, n in enumerate(state.tr[pos]):
                if n and hostile(state, seat, t) and ("t", pos, t) not in seen:
                    seen.add(("t", pos, t))
                    out.append((f"t{pos}:{t}", f"{name(t)}'s {n} transport(s) on {pos_label(state, pos)}"))
            for g in CARD_GATES[pos]:
                for t, n in enumerate(state.cr[g]):
                    if n and hostile(state, seat, t) and ("c", g, t) not in seen:
                        seen.add(("c", g, t))
                        out.append((f"c{g}:{t}", f"{name(t)}'s {n} cruiser(s) on gate {gate_label(g)}"))
        return out

    @staticmethod
    def decide(state, task):
        d = task.data
        aims = d.get("aims", [])
        if aims and d["left"] <= 0:
            # every bomb is aimed: confirm before any card is turned up
            return [dec(task.seat, f"{d['label']}: all {len(aims)} bomb(s) are aimed: "
                                   + "; ".join(Sabotage.aim_summary(state, task)) + ". Fire them?",
                        [opt("fire", f"Fire the {len(aims)} bomb(s)", "turns up one deck card per bomb"),
                         opt("reaim", "Aim again", "clears every aim; nothing is turned up yet")])]
        tg = Sabotage.targets(state, task)
        if not tg:
            return []
        count = {}
        for a in aims:
            count[a] = count.get(a, 0) + 1
        hit = SETTINGS["sabotage_hit_size"]
        opts = [opt(f"bomb:{k}", label + (f" ({count[k]} bomb(s) aimed)" if k in count else ""),
                    f"aim 1 bomb here: a turned-up card of size {hit}+ destroys 1 ship (+1 point)")
                for k, label in tg]
        last = (opt("fire", f"Fire the {len(aims)} aimed bomb(s)", f"{d['left']} bomb(s) left unaimed")
                if aims else opt("done", "Stop bombing", "no bomb is used"))
        return [dec(task.seat, f"{d['label']}: aim your bombs ({d['left']} left to aim), then fire; one card "
                               f"is turned up per bomb and each of size {SETTINGS['sabotage_hit_size']}+ destroys "
                               "one ship of the fleet it was aimed at.", opts + [last])]

    @staticmethod
    def aim_summary(state, task) -> list[str]:
        aims = task.data.get("aims", [])
        labels = dict(Sabotage.targets(state, task, all_targets=True))
        return [f"{aims.count(a)} at {labels.get(a, a)}" for a in dict.fromkeys(aims)]

    @staticmethod
    def apply(state, task, d, choice):
        if choice == "done":
            done(state, task)
            return
        if choice == "fire":
            Sabotage.fire(state, task)
            return
        if choice == "reaim":
            task.data["left"] += len(task.data.get("aims", []))
            task.data["aims"] = []
            return
        target = choice.split(":", 1)[1]
        task.data.setdefault("aims", []).append(target)
        task.data["left"] -= 1

    @staticmethod
    def fire(state, task) -> None:
        """破壞: one deck card per aimed bomb; size 2+ destroys one ship of that fleet (never more ships
        than the fleet has: extra hits on an emptied fleet score nothing)."""
        seat, aims = task.seat, task.data.get("aims", [])
        done(state, task)
        for target in aims:
            if state.over:
                return
            loc, owner = target.split(":")[0], int(target.split(":")[1])
            cid = deck_pop(state)
            if cid is None:
                state.say("No card left to turn up: the bomb fizzles.")
                return
            state.discard.append(cid)
            turned_up(state, cid, f"sabotage by {name(seat)}")
            where = f"{name(owner)}'s fleet at " + (pos_label(state, int(loc[1:])) if loc[0] == "t"
                                                    else f"gate {gate_label(int(loc[1:]))}")
            if CARDS[cid].size < SETTINGS["sabotage_hit_size"]:
                state.say(f"{name(seat)}'s bomb at {where} turns up {card_label(cid)}: a miss.")
                continue
            state.say(f"{name(seat)}'s bomb at {where} turns up {card_label(cid)}: a hit!")
            if not destroy(state, seat, loc, owner, 1, "sabotage"):
                state.say("That fleet is already destroyed: the hit is wasted.")
            check_elimination(state)

    @staticmethod
    def auto(state, task):
        if task.data.get("aims"):
            Sabotage.fire(state, task)
            return
        if task.data["left"] > 0:
            state.say(f"{name(task.seat)} has no fleet within reach to sabotage.")
        done(state, task)


# ------------------------------------------------------------------ refine
@handler("refine")
class Refine:
    @staticmethod
    def eligible(state, task):
        col = task.data["colour"]
        return [c for c in state.ps[task.seat].minerals if not col or CARDS[c].colour == col]

    @staticmethod
    def decide(state, task):
        el = Refine.eligible(state, task)
        if not el:
            return []
        d = task.data
        per = d["n"] if d["mode"] == "per_gem" else 1
        opts = [opt(f"m:{c}", f"{CARDS[c].size} {COLOURS[CARDS[c].colour]} gem(s): +{CARDS[c].size * per} point(s)",
                    "mineral card " + card_label(c) + "; its gems stop boosting") for c in el]
        if d["mode"] == "size":
            cap = min(d["n"], len(el))
            return [pick_any(task.seat, f"{d['label']}: refine up to {cap} mineral card(s) for their size in points.",
                             opts, cap, "Refine nothing")]
        return [pick_any(task.seat, f"{d['label']}: refine one {COLOURS[d['colour']]} mineral card for "
                                    f"{d['n']} point(s) per gem.", opts, 1, "Refine nothing")]

    @staticmethod
    def apply(state, task, d, choice):
        data, seat, p = task.data, task.seat, state.ps[task.seat]
        done(state, task)
        chosen = [c.split(":", 1)[1] for c in picks(choice) if c != "none"]
        total = 0
        for cid in chosen:
            p.minerals.remove(cid)
            state.discard.append(cid)
            total += CARDS[cid].size * (data["n"] if data["mode"] == "per_gem" else 1)
        if chosen:
            state.say(f"{name(seat)} refines {len(chosen)} mineral card(s).")
            gain(state, seat, total, "refine")

    @staticmethod
    def auto(state, task):
        state.say(f"{name(task.seat)} has no suitable minerals to refine.")
        done(state, task)


# ------------------------------------------------------------------ the Sector Core
def core_points(state, seat: int, colour: str, extra: int) -> int:
    """[1] boosted by 2 gems of `colour` per step, each transport just moved counting as a gem."""
    return 1 + (gems(state, seat, colour) + extra) // 2


@handler("core")
class Core:
    """宇宙中心: 「每次移動到宇宙中心時,你可以選擇把它當作是哪一種顏色,以及據此對應的礦物卡。」"""

    @staticmethod
    def decide(state, task):
        extra = task.data["extra"]
        opts = [opt(f"colour:{c}", f"As {COLOURS[c]}: score {core_points(state, task.seat, c, extra)}",
                    f"{gems(state, task.seat, c)} {COLOURS[c]} gem(s) + {extra} transport(s) just moved; "
                    "2 per +1") for c in "rbgy"]
        return [dec(task.seat, "Sector Core: choose which colour it counts as (its boost uses your minerals "
                               "of that colour).", opts)]

    @staticmethod
    def apply(state, task, d, choice):
        colour = choice.split(":", 1)[1]
        done(state, task)
        state.say(f"{name(task.seat)} activates the Sector Core as {COLOURS[colour]}.")
        gain(state, task.seat, core_points(state, task.seat, colour, task.data["extra"]), "Sector Core")

    auto = staticmethod(lambda state, task: None)

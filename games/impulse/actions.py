"""Task handlers for Build, Sabotage, Refine and the Sector Core's colour choice."""

from __future__ import annotations

from games.core.i18n import Text

from .common import card_label, dec, done, gate_label, opt, pick_any, picks, pos_label
from .data import CARDS, CARD_GATES, SETTINGS, colour_name
from .engine import check_elimination, deck_pop, destroy, gain, gems, hostile, name, patrols, ship_count, turned_up
from .messages import T, joined
from .tasks import handler


def task_player(state, task):
    return state.ps[task.seat]


# ------------------------------------------------------------------ build
@handler("build")
class Build:
    @staticmethod
    def places(state, task) -> list[str]:
        """Where a ship may be built: "t<pos>" (a transport on a card) or "c<gate>" (a cruiser)."""
        seat, d = task.seat, task.data
        if d["left"] <= 0 or ship_count(state, seat) >= SETTINGS["max_ships"]:
            return []
        home = state.ps[seat].home
        out: list[str] = []

        def gate_ok(g):
            return not any(n for t, n in enumerate(state.cr[g]) if t != seat)

        if d["where"] == "home":
            out.append(f"t{home}")
            out += [f"c{g}" for g in CARD_GATES[home] if gate_ok(g)]
        elif d["where"] == "occupied":
            out += [f"t{pos}" for pos, row in enumerate(state.tr) if row[seat]]
        else:
            seen = set()
            for pos in range(len(state.grid)):
                if state.tr[pos][seat] or patrols(state, seat, pos):
                    for g in CARD_GATES[pos]:
                        if g not in seen and gate_ok(g):
                            seen.add(g)
                            out.append(f"c{g}")
        return out

    @staticmethod
    def option(state, task, loc: str):
        """A place to build, labelled short, with the counts the new ship changes."""
        seat = task.seat
        idx = int(loc[1:])
        ships, most = ship_count(state, seat), SETTINGS["max_ships"]
        if loc[0] == "t":
            here = state.tr[idx][seat]
            home = T(" (your home)") if idx == state.ps[seat].home else ""
            return opt(f"b:{loc}", T("Transport on #{pos}", pos=idx),
                       T("{place}{home}: your transports there {before} -> {after}; ships in play {ships} -> "
                         "{ships_after} of {most}", place=pos_label(state, idx), home=home, before=here,
                         after=here + 1, ships=ships, ships_after=ships + 1, most=most))
        here = state.cr[idx][seat]
        return opt(f"b:{loc}", T("Cruiser on {gate}", gate=gate_label(idx)),
                   T("{gate}: your cruisers there {before} -> {after}; it patrols the two cards beside it; ships in "
                     "play {ships} -> {ships_after} of {most}", gate=gate_label(idx), before=here, after=here + 1,
                     ships=ships, ships_after=ships + 1, most=most))

    @staticmethod
    def decide(state, task):
        places = Build.places(state, task)
        if not places:
            return []
        ships, most = ship_count(state, task.seat), SETTINGS["max_ships"]
        return [dec(task.seat, T("{label}: build a ship ({left} left, {ships}/{most} in play).",
                                 label=task.data["label"], left=task.data["left"], ships=ships, most=most),
                    [Build.option(state, task, loc) for loc in places]
                    + [opt("done", T("Stop building"), T("{n} build(s) left unused", n=task.data["left"]))])]

    @staticmethod
    def apply(state, task, d, choice):
        if choice == "done":
            done(state, task)
            return
        loc = choice.split(":")[1]
        idx = int(loc[1:])
        if loc[0] == "t":
            state.tr[idx][task.seat] += 1
            state.say(T("{seat} builds a transport on {place}.", seat=name(task.seat), place=pos_label(state, idx)))
        else:
            state.cr[idx][task.seat] += 1
            state.say(T("{seat} builds a cruiser on {gate}.", seat=name(task.seat), gate=gate_label(idx)))
        task.data["left"] -= 1

    @staticmethod
    def auto(state, task):
        if task.data["left"] > 0:
            state.say(T("{seat} has nowhere to build.", seat=name(task.seat)))
        done(state, task)


# ------------------------------------------------------------------ sabotage
@handler("sabotage")
class Sabotage:
    @staticmethod
    def targets(state, task, all_targets: bool = False) -> list[tuple[str, Text, Text]]:
        """(target id, the fleet in words, a short label) of every fleet the seat may bomb."""
        seat = task.seat
        if task.data["left"] <= 0 and not all_targets:
            return []
        out: list[tuple[str, Text, Text]] = []
        seen: set[tuple[str, int, int]] = set()
        for pos in range(len(state.grid)):
            if not (state.tr[pos][seat] or patrols(state, seat, pos)):
                continue
            for t, n in enumerate(state.tr[pos]):
                if n and hostile(state, seat, t) and ("t", pos, t) not in seen:
                    seen.add(("t", pos, t))
                    out.append((f"t{pos}:{t}", T("{seat}'s {n} transport(s) on {place}", seat=name(t), n=n,
                                                 place=pos_label(state, pos)), T("{seat} at #{pos}", seat=name(t),
                                                                                  pos=pos)))
            for g in CARD_GATES[pos]:
                for t, n in enumerate(state.cr[g]):
                    if n and hostile(state, seat, t) and ("c", g, t) not in seen:
                        seen.add(("c", g, t))
                        out.append((f"c{g}:{t}", T("{seat}'s {n} cruiser(s) on {gate}", seat=name(t), n=n,
                                                   gate=gate_label(g)), T("{seat} at {gate}", seat=name(t),
                                                                           gate=gate_label(g))))
        return out

    @staticmethod
    def decide(state, task):
        d = task.data
        aims = d.get("aims", [])
        if aims and d["left"] <= 0:
            # every bomb is aimed: confirm before any card is turned up
            return [dec(task.seat, T("{label}: all {n} bomb(s) are aimed: {aims}. Fire them?", label=d["label"],
                                     n=len(aims), aims=joined(Sabotage.aim_summary(state, task))),
                        [opt("fire", T("Fire the {n} bomb(s)", n=len(aims)), T("turns up one deck card per bomb")),
                         opt("reaim", T("Aim again"), T("clears every aim; nothing is turned up yet"))])]
        tg = Sabotage.targets(state, task)
        if not tg:
            return []
        count: dict[str, int] = {}  # target id -> bombs aimed at it
        for a in aims:
            count[a] = count.get(a, 0) + 1
        hit = SETTINGS["sabotage_hit_size"]
        opts = [opt(f"bomb:{k}", short,
                    T("{target}: bombs aimed here {before} -> {after}; a turned-up card of size {n}+ destroys 1 ship "
                      "(+1 point)", target=label, before=count.get(k, 0), after=count.get(k, 0) + 1, n=hit))
                for k, label, short in tg]
        last = (opt("fire", T("Fire the {n} aimed bomb(s)", n=len(aims)), T("{n} bomb(s) left unaimed", n=d["left"]))
                if aims else opt("done", T("Stop bombing"), T("no bomb is used")))
        return [dec(task.seat, T("{label}: aim your bombs ({left} left to aim), then fire; one card is turned up "
                                 "per bomb and each of size {n}+ destroys one ship of the fleet it was aimed at.",
                                 label=d["label"], left=d["left"], n=hit), opts + [last])]

    @staticmethod
    def aim_summary(state, task) -> list[Text]:
        aims = task.data.get("aims", [])
        labels = {k: label for k, label, _ in Sabotage.targets(state, task, all_targets=True)}
        return [T("{n} at {target}", n=aims.count(a), target=labels.get(a, a)) for a in dict.fromkeys(aims)]

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
                state.say(T("No card left to turn up: the bomb fizzles."))
                return
            state.discard.append(cid)
            turned_up(state, cid, T("sabotage by {seat}", seat=name(seat)))
            place = pos_label(state, int(loc[1:])) if loc[0] == "t" else gate_label(int(loc[1:]))
            where = T("{seat}'s fleet at {place}", seat=name(owner), place=place)
            if CARDS[cid].size < SETTINGS["sabotage_hit_size"]:
                state.say(T("{seat}'s bomb at {where} turns up {card}: a miss.", seat=name(seat), where=where,
                            card=card_label(cid)))
                continue
            state.say(T("{seat}'s bomb at {where} turns up {card}: a hit!", seat=name(seat), where=where,
                        card=card_label(cid)))
            if not destroy(state, seat, loc, owner, 1, T("sabotage")):
                state.say(T("That fleet is already destroyed: the hit is wasted."))
            check_elimination(state)

    @staticmethod
    def auto(state, task):
        if task.data.get("aims"):
            Sabotage.fire(state, task)
            return
        if task.data["left"] > 0:
            state.say(T("{seat} has no fleet within reach to sabotage.", seat=name(task.seat)))
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
        p = task_player(state, task)
        opts = [opt(f"m:{c}", T("{card}: +{points}", card=card_label(c), points=CARDS[c].size * per),
                    T("mineral card {card} is discarded: your {colour} gems {before} -> {after} (they boost less); "
                      "score {score} -> {score_after}", card=card_label(c), colour=colour_name(CARDS[c].colour),
                      before=gems(state, task.seat, CARDS[c].colour),
                      after=gems(state, task.seat, CARDS[c].colour) - CARDS[c].size, score=p.score,
                      score_after=p.score + CARDS[c].size * per)) for c in el]
        if d["mode"] == "size":
            cap = min(d["n"], len(el))
            return [pick_any(task.seat, T("{label}: refine up to {n} mineral card(s) for their size in points.",
                                          label=d["label"], n=cap), opts, cap, T("Refine nothing"))]
        return [pick_any(task.seat, T("{label}: refine one {colour} mineral card for {n} point(s) per gem.",
                                      label=d["label"], colour=colour_name(d["colour"]), n=d["n"]),
                         opts, 1, T("Refine nothing"))]

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
            state.say(T("{seat} refines {n} mineral card(s).", seat=name(seat), n=len(chosen)))
            gain(state, seat, total, T("refine"), "refine")

    @staticmethod
    def auto(state, task):
        state.say(T("{seat} has no suitable minerals to refine.", seat=name(task.seat)))
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
        opts = [opt(f"colour:{c}", T("As {colour}: score {n}", colour=colour_name(c),
                                     n=core_points(state, task.seat, c, extra)),
                    T("{gems} {colour} gem(s) + {moved} transport(s) just moved = {total}: +1 point per 2, on top "
                      "of 1", gems=gems(state, task.seat, c), colour=colour_name(c), moved=extra,
                      total=gems(state, task.seat, c) + extra)) for c in "rbgy"]
        return [dec(task.seat, T("Sector Core: choose which colour it counts as (its boost uses your minerals "
                                 "of that colour)."), opts)]

    @staticmethod
    def apply(state, task, d, choice):
        colour = choice.split(":", 1)[1]
        done(state, task)
        state.say(T("{seat} activates the Sector Core as {colour}.", seat=name(task.seat), colour=colour_name(colour)))
        gain(state, task.seat, core_points(state, task.seat, colour, task.data["extra"]), T("Sector Core"), "core")

    auto = staticmethod(lambda state, task: None)

"""Command (fleet movement), exploring, battles and map-card activation."""

from __future__ import annotations

from collections import deque

from games.core import Decision
from games.core.i18n import Text

from .common import (card_detail, card_label, dec, done, gate_label, loc_label, no_decisions, opt, pick_any, picks,
                     pos_label)
from .data import ADJ, CARDS, CORE, CRUISER_STEPS, GATES, colour_name
from .engine import (check_elimination, deck_pop, destroy, gain, gate_hostiles, gate_others, hostile,
                     hostile_patrol, name, reinforcement_ok, start_effect, turned_up)
from .messages import T, joined, route as route_text
from .state import ImpulseState, Task
from .tasks import handler


# ------------------------------------------------------------------ geometry of a move
def ships_at(state: ImpulseState, loc: str, seat: int) -> int:
    idx = int(loc[1:])
    return state.tr[idx][seat] if loc[0] == "t" else state.cr[idx][seat]


def next_steps(state: ImpulseState, seat: int, loc: str) -> list[str]:
    """Locations one legal step from loc for `seat`'s fleet there."""
    idx = int(loc[1:])
    if loc[0] == "t":
        return [f"t{q}" for q in ADJ[idx] if not hostile_patrol(state, seat, q)]
    if gate_hostiles(state, seat, idx):
        return []  # a battle stops the fleet
    out = []
    for g2, card in CRUISER_STEPS[idx]:
        if not hostile_patrol(state, seat, card) or gate_hostiles(state, seat, g2):
            out.append(f"c{g2}")
    return out


def crossed_cards(route: list[str], start: str) -> list[int]:
    """Cards a fleet passes over or enters along `route` (from `start`)."""
    if start[0] == "t":
        return [int(x[1:]) for x in route]
    out, prev = [], int(start[1:])
    for x in route:
        g = int(x[1:])
        (card,) = set(GATES[prev]) & set(GATES[g])
        out.append(card)
        prev = g
    return out


def final_ok(state: ImpulseState, seat: int, start: str, dest: str) -> bool:
    if dest == start:
        return False
    if dest[0] == "c":
        others = gate_others(state, seat, int(dest[1:]))
        return all(hostile(state, seat, t) for t in others)  # never stop beside a teammate's cruisers
    return True


def reachable(state: ImpulseState, seat: int, start: str, steps: int) -> dict[str, list[str]]:
    """Destination -> shortest legal route (BFS, ties broken by board order)."""
    parent: dict[str, str] = {}  # each place reached -> the place it was reached from
    dist = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if dist[cur] >= steps or (cur != start and cur[0] == "c" and gate_hostiles(state, seat, int(cur[1:]))):
            continue
        for nxt in next_steps(state, seat, cur):
            if nxt not in dist:
                dist[nxt] = dist[cur] + 1
                parent[nxt] = cur
                queue.append(nxt)
    out = {}
    for dest in dist:
        if not final_ok(state, seat, start, dest):
            continue
        path, cur = [], dest
        while cur != start:
            path.append(cur)
            cur = parent[cur]
        out[dest] = path[::-1]
    return out


def consequences(state: ImpulseState, seat: int, start: str, route: list[str]) -> Text:
    """What a route would cause: explorations, transports destroyed, battles."""
    bits: list[Text] = []
    crossed = crossed_cards(route, start)
    fd = sorted({c for c in crossed if not state.face_up[c]})
    if fd:
        bits.append(T("explore {cards}", cards=tuple(f"#{c}" for c in fd)))
    dest = route[-1]
    if dest[0] == "c":
        foes = gate_hostiles(state, seat, int(dest[1:]))
        if foes:
            bits.append(T("BATTLE vs {seats}", seats=tuple(name(t) for t in foes)))
        kills = sum(n for c in set(crossed) for t, n in enumerate(state.tr[c]) if hostile(state, seat, t))
        if kills:
            bits.append(T("destroys {n} transport(s)", n=kills))
    else:
        bits.append(T("activate"))
    return joined(bits)


# ------------------------------------------------------------------ command
def fleet_label(count: int, loc: str, place: Text) -> Text:
    if loc[0] == "t":
        return T("{n} transport(s) at {place}", n=count, place=place)
    return T("{n} cruiser(s) at {place}", n=count, place=place)


def loc_short(loc: str) -> Text:
    """A place on the map as a short label names it: "#14" (a card) or "gate 9/14"."""
    return T("#{pos}", pos=int(loc[1:])) if loc[0] == "t" else gate_label(int(loc[1:]))


@handler("command")
class Command:
    @staticmethod
    def fleets(state, task) -> list[str]:
        seat, d = task.seat, task.data
        if d["fleets"] <= 0:
            return []
        out = []
        if d["kind"] in ("any", "transport"):
            out += [f"t{p}" for p, row in enumerate(state.tr) if row[seat]]
        if d["kind"] in ("any", "cruiser"):
            out += [f"c{g}" for g, row in enumerate(state.cr) if row[seat]]
        return [x for x in out if Command.free(state, task, x) and reachable(state, seat, x, d["n"])]

    @staticmethod
    def free(state, task, loc: str) -> int:
        """Ships at `loc` that have not moved yet in this Command (a fleet moves once; ships that
        were already standing where an earlier fleet landed may still move as another fleet)."""
        moved = sum(n for where, n in (m if isinstance(m, list) else [m, 99] for m in task.data["moved"])
                    if where == loc)
        return max(0, ships_at(state, loc, task.seat) - moved)

    @staticmethod
    def decide(state, task) -> list[Decision]:
        seat, d = task.seat, task.data
        st = d["stage"]
        if st == "fleet":
            fl = Command.fleets(state, task)
            if not fl:
                return []
            opts = [opt(f"f:{x}", fleet_label(Command.free(state, task, x), x, loc_short(x)),
                        Command.fleet_detail(state, task, x)) for x in fl]
            prompt = T("{label}: pick a fleet to move up to {n} step(s) ({left} fleet move(s) left).",
                       label=d["label"], n=d["n"], left=d["fleets"])
            for fight in d.get("fights", []):
                prompt = T("{text} Battle waiting at {gate} (other fleets may join it).", text=prompt,
                           gate=gate_label(fight[0]))
            return [dec(seat, prompt, opts + [opt("done", T("Stop moving"),
                                                  T("{n} fleet move(s) left unused", n=d["fleets"]))])]
        if st == "count":
            have = Command.free(state, task, d["loc"])
            return [Decision(seat=seat, prompt=T("How many of your {n} ships at {place} move together? (the rest stay)",
                                                 n=have, place=loc_label(state, d["loc"])), number=(1, have))]
        # route
        start, route = d["loc"], d["route"]
        opts = []
        if not route:
            for dest, path in reachable(state, seat, start, d["n"]).items():
                cons = consequences(state, seat, start, path)
                via = T("via {route}", route=route_text([loc_label(state, x) for x in path]))
                opts.append(opt(f"to:{dest}", T("To {place} ({n} step(s))", place=loc_short(dest), n=len(path)),
                                T("{what}; {via}", what=cons, via=via) if cons else via))
        cur = route[-1] if route else start
        battle = cur != start and cur[0] == "c" and gate_hostiles(state, seat, int(cur[1:]))
        if len(route) < d["n"] and not battle:
            opts += [opt(f"step:{x}", T("Step to {place}", place=loc_short(x)),
                         T("one step, onto {place}; then the next step, or confirm", place=loc_label(state, x)))
                     for x in next_steps(state, seat, cur)]
        if route and final_ok(state, seat, start, cur):
            cons = consequences(state, seat, start, route)
            route_line = route_text([loc_label(state, x) for x in route])
            opts.append(opt("go", T("Confirm: move to {place}", place=loc_short(cur)),
                            T("{what}; {via}", what=cons, via=route_line) if cons else route_line))
        opts.append(opt("cancel", T("Cancel this fleet"), T("nothing moves; pick a fleet again")))
        where = route_text([loc_label(state, x) for x in [start] + route])
        return [dec(seat, T("{label}: route so far {route}. Pick a destination, or step by step (explorations "
                            "happen after you confirm).", label=d["label"], route=where), opts)]

    @staticmethod
    def apply(state, task, dcs, choice):
        d = task.data
        st = d["stage"]
        if st == "fleet":
            if choice == "done":
                Command.finish(state, task)
                return
            d["loc"] = choice.split(":", 1)[1]
            d["route"] = []
            d["stage"] = "count" if Command.free(state, task, d["loc"]) > 1 else "route"
            d["count"] = 1
            return
        if st == "count":
            d["count"] = int(choice)
            d["stage"] = "route"
            return
        if choice == "cancel":
            d["stage"] = "fleet"
            return
        if choice.startswith("step:"):
            d["route"].append(choice[5:])
            return
        if choice.startswith("to:"):
            d["route"] = reachable(state, task.seat, d["loc"], d["n"])[choice[3:]]
        Command.move(state, task)

    @staticmethod
    def move(state, task):
        seat, d = task.seat, task.data
        start, route, count = d["loc"], list(d["route"]), d["count"]
        dest = route[-1]
        idx0, idx1 = int(start[1:]), int(dest[1:])
        if start[0] == "t":
            state.tr[idx0][seat] -= count
            state.tr[idx1][seat] += count
        else:
            state.cr[idx0][seat] -= count
            state.cr[idx1][seat] += count
        path = route_text([loc_label(state, x) for x in [start] + route])
        if start[0] == "t":
            state.say(T("{seat} moves {n} transport(s): {route}", seat=name(seat), n=count, route=path))
        else:
            state.say(T("{seat} moves {n} cruiser(s): {route}", seat=name(seat), n=count, route=path))
        crossed = crossed_cards(route, start)
        d["moved"].append([dest, count])
        d["fleets"] -= 1
        d["stage"] = "fleet"
        d["route"] = []
        if start[0] == "t":
            for a in d["acts"]:
                if a[0] == idx1:
                    a[1] += count
                    break
            else:
                d["acts"].append([idx1, count])
        elif gate_hostiles(state, seat, idx1):
            # 戰鬥: fleets of one Command may converge on a gate and fight a single battle, so
            # battles wait until every fleet of this Command has moved
            for f in d.setdefault("fights", []):
                if f[0] == idx1:
                    f[1] += crossed
                    break
            else:
                d["fights"].append([idx1, crossed])
        else:
            state.tasks.append(Task("arrive", seat, {"gate": idx1, "crossed": crossed}))
        explore = []
        for c in crossed:
            if not state.face_up[c] and c not in explore:
                explore.append(c)
        for c in reversed(explore):
            state.tasks.append(Task("explore", seat, {"pos": c, "taken": False}))

    @staticmethod
    def fleet_detail(state, task, loc: str) -> Text:
        total, free = ships_at(state, loc, task.seat), Command.free(state, task, loc)
        text = T("on {place}: up to {n} step(s); {places} destination(s)", place=loc_label(state, loc),
                 n=task.data["n"], places=len(reachable(state, task.seat, loc, task.data["n"])))
        if total > free:
            return T("{text}; {n} already moved this Command", text=text, n=total - free)
        return text

    @staticmethod
    def finish(state, task):
        done(state, task)
        for pos, cnt in reversed(task.data["acts"]):
            state.tasks.append(Task("activate", task.seat, {"pos": pos, "count": cnt}))
        # battles belong to the Command itself: they are fought before any card is activated
        for gate, crossed in reversed(task.data.get("fights", [])):
            state.tasks.append(Task("arrive", task.seat, {"gate": gate, "crossed": crossed}))

    @staticmethod
    def auto(state, task):
        Command.finish(state, task)


# ------------------------------------------------------------------ exploring
@handler("explore")
class Explore:
    @staticmethod
    def decide(state, task):
        if not task.data["taken"]:
            return []
        pos = task.data["pos"]
        hand = state.ps[task.seat].hand
        return [dec(task.seat, T("Exploring #{pos}: the card is now in your hand. Place any hand card face up there.",
                                 pos=pos),
                    [opt(f"place:{c}", card_label(c),
                         T("it lies face up at #{pos} for everyone; transports moving onto it carry it out: {card}",
                           pos=pos, card=card_detail(c))) for c in hand])]

    @staticmethod
    def auto(state, task):
        pos = task.data["pos"]
        if state.face_up[pos]:
            done(state, task)
            return
        cid = state.grid[pos]
        state.grid[pos] = ""
        state.ps[task.seat].hand.append(cid)
        state.mark_reveal()
        task.data["taken"] = True
        state.say(T("{seat} explores #{pos} and takes the card into hand.", seat=name(task.seat), pos=pos))
        state.say(T("You found {card} at #{pos}.", card=card_label(cid), pos=pos), seat=task.seat)

    @staticmethod
    def apply(state, task, dcs, choice):
        cid = choice.split(":", 1)[1]
        pos = task.data["pos"]
        state.ps[task.seat].hand.remove(cid)
        state.grid[pos] = cid
        state.face_up[pos] = True
        state.say(T("{seat} places {card} face up at #{pos}.", seat=name(task.seat), card=card_label(cid), pos=pos))
        done(state, task)


# ------------------------------------------------------------------ arrival / battles
def destroy_passed(state, seat, crossed) -> None:
    for c in dict.fromkeys(crossed):
        for t in range(state.players):
            if state.tr[c][t] and hostile(state, seat, t):
                destroy(state, seat, f"t{c}", t, state.tr[c][t], T("cruisers passing through"))
    check_elimination(state)


@handler("arrive")
class Arrive:
    decide = staticmethod(no_decisions)
    apply = staticmethod(lambda state, task, d, c: None)

    @staticmethod
    def auto(state, task):
        seat, g = task.seat, task.data["gate"]
        foes = gate_hostiles(state, seat, g)
        done(state, task)
        if foes and state.cr[g][seat]:
            state.say(T("Battle at {gate}: {seat} ({n} cruisers) attacks {foe} ({m} cruisers).", gate=gate_label(g),
                        seat=name(seat), n=state.cr[g][seat], foe=name(foes[0]), m=state.cr[g][foes[0]]))
            state.tasks.append(Task("battle", seat, {"gate": g, "att": seat, "dfn": foes[0],
                                                     "crossed": task.data["crossed"], "a": None, "d": None}))
        else:
            destroy_passed(state, seat, task.data["crossed"])


@handler("battle")
class Battle:
    """戰鬥: the defender puts reinforcements down face down first; then the attacker, who sees how
    many cards the defender put down (not which), puts theirs down; then all are revealed."""

    @staticmethod
    def decide(state, task):
        d = task.data
        g = d["gate"]
        if d["d"] is None and state.ps[d["dfn"]].hand:
            side, seat, other = "d", d["dfn"], d["att"]
        elif d["a"] is None and state.ps[d["att"]].hand:
            side, seat, other = "a", d["att"], d["dfn"]
        else:
            return []
        hand = state.ps[seat].hand
        if side == "d":
            role = T("you are defending with {n} cruiser(s) against {foe}'s {m}. You commit first; the attacker "
                     "then sees how many cards you put down", n=state.cr[g][seat], foe=name(other), m=state.cr[g][other])
        else:
            role = T("you are attacking with {n} cruiser(s) against {foe}'s {m}. {foe} put down {count} card(s) "
                     "face down", n=state.cr[g][seat], foe=name(other), m=state.cr[g][other], count=len(d["d"] or []))
        opts = [opt(f"r:{c}", T("{card} (counts)", card=card_label(c)),
                    T("counts in the battle: a {colour} card of size {size} is in your Impulse, Plan or techs; the "
                      "card: {card}", colour=colour_name(CARDS[c].colour), size=CARDS[c].size, card=card_detail(c)))
                if reinforcement_ok(state, seat, c) else
                opt(f"r:{c}", T("{card} (bluff)", card=card_label(c)),
                    T("a bluff: no {colour} card of size {size} in your Impulse, Plan or techs; it is shown, then goes "
                      "back to your hand; the card: {card}", colour=colour_name(CARDS[c].colour), size=CARDS[c].size,
                      card=card_detail(c)))
                for c in hand]
        return [pick_any(seat, T("Battle at {gate}: {role}. Commit reinforcements face down: a card counts only if a "
                                 "card in the Impulse, your Plan or your techs has the same colour and size; bluffs "
                                 "return to hand.", gate=gate_label(g), role=role), opts, len(hand),
                         T("No reinforcements"), secret=True)]

    @staticmethod
    def apply(state, task, dcs, choice):
        d = task.data
        side = "d" if dcs.seat == d["dfn"] and d["d"] is None else "a"
        cards = [c.split(":", 1)[1] for c in picks(choice) if c != "none"]
        for c in cards:
            state.ps[dcs.seat].hand.remove(c)
        d[side] = cards
        # the number of cards is public (the attacker's advantage); their faces stay hidden
        state.say(T("{seat} puts down {n} reinforcement card(s) face down.", seat=name(dcs.seat), n=len(cards)))
        if cards:
            state.say(T("You commit {cards}.", cards=tuple(card_label(c) for c in cards)), seat=dcs.seat)

    @staticmethod
    def auto(state, task):
        d = task.data
        g = d["gate"]
        done(state, task)
        totals, used = {}, []
        for side in ("d", "a"):
            seat = d["att"] if side == "a" else d["dfn"]
            cards = d[side] or []
            good = [c for c in cards if reinforcement_ok(state, seat, c)]
            bluff = [c for c in cards if c not in good]
            state.ps[seat].hand.extend(bluff)
            drawn = []
            for _ in range(state.cr[g][seat]):
                cid = deck_pop(state)
                if cid is not None:
                    drawn.append(cid)
                    turned_up(state, cid, T("battle draw for {seat}", seat=name(seat)))
            used += good + drawn
            totals[side] = sum(CARDS[c].size for c in good + drawn)
            parts: list[Text] = []
            if good:
                parts.append(T("reinforces with {cards}", cards=tuple(card_label(c) for c in good)))
            if bluff:
                parts.append(T("bluffed with {cards} (back to hand)", cards=tuple(card_label(c) for c in bluff)))
            parts.append(T("draws {cards}", cards=tuple(card_label(c) for c in drawn)) if drawn
                         else T("draws nothing"))
            state.say(T("{seat} {what}: {n} icon(s).", seat=name(seat), what=joined(parts), n=totals[side]))
        state.discard.extend(used)
        att, dfn = d["att"], d["dfn"]
        win, lose = (att, dfn) if totals["a"] > totals["d"] else (dfn, att)
        high, low = max(totals.values()), min(totals.values())
        if totals["a"] == totals["d"]:
            state.say(T("{seat} wins the battle {a}-{b} (ties go to the defender).", seat=name(win), a=high, b=low))
        else:
            state.say(T("{seat} wins the battle {a}-{b}.", seat=name(win), a=high, b=low))
        gain(state, win, 1, T("battle won"), "battle")
        if state.over:
            return
        destroy(state, win, f"c{g}", lose, state.cr[g][lose], T("lost the battle"))
        if state.over:
            return
        if win == att:
            destroy_passed(state, att, d["crossed"])
        check_elimination(state)


# ------------------------------------------------------------------ activation by transports
@handler("activate")
class Activate:
    decide = staticmethod(no_decisions)
    apply = staticmethod(lambda state, task, d, c: None)

    @staticmethod
    def auto(state, task):
        pos, cnt = task.data["pos"], task.data["count"]
        done(state, task)
        cid = state.grid[pos]
        if state.tr[pos][task.seat] <= 0:
            return
        if cid == CORE:
            start_effect(state, task.seat, CORE, extra=cnt)
        elif cid in CARDS and state.face_up[pos]:
            state.say(T("{seat}'s {n} transport(s) activate {place}.", seat=name(task.seat), n=cnt,
                        place=pos_label(state, pos)))
            start_effect(state, task.seat, cid, extra=cnt)

"""The bot player: greedy, deterministic (no randomness at all), and it only reads what its seat
may see: the public tracks, stocks and tableaus, the other seats' last phase card, its own hand
and queue, and the set of the dummy's phase cards not yet played (they are played face up).

Everything is valued in MC by `bot_value.Worth` (production early, TR and VP late). A phase is
worth what it lets this seat do if it runs, times the chance nobody else picks it, plus the
chooser bonus. Measured strength: the comment at the top of tests/ares_expedition/test_bot.py."""

from __future__ import annotations

from games.core import Decision

from .actions import standard_text
from .board import ACTION, BUILD, DEV, PARAMS, PRODUCTION, RESEARCH, SOLO
from .bot_value import Worth, corp_worth
from .cards import CARDS
from .economy import at_max, card_cost, liquid, mods, sell_value, spend_of
from .play import playable
from .scoring import breakdown
from .state import AresState

BACKLOG = 0.3            # share of the next good cards counted in a card phase's worth
RUN_CAP = 0.6            # most a seat counts on another seat picking a phase
STANDARD_GAIN = {"ocean": "flip:ocean 1", "temperature": "raise:temperature 1", "forest": "forest 1"}


def hand_worth(w: Worth, cid: int) -> float:
    """Worth of keeping a hand card (its net worth if played, scaled by its reachability)."""
    return w.keep_value(cid, card_cost(w.state, w.seat, cid))


def sell_loss(w: Worth, count: int, exclude: int = 0) -> float:
    """What selling the `count` least useful hand cards loses beyond the MC they bring."""
    worths = sorted(max(0.0, hand_worth(w, c)) for c in w.p.hand if c != exclude)
    return sum(worths[:count])


def play_net(w: Worth, cid: int) -> float:
    """Net worth of playing a hand card now, selling cards if MC runs short."""
    p = w.p
    cost = card_cost(w.state, w.seat, cid)
    short = cost - liquid(p)
    penalty = 0.0
    if short > 0:
        n = -(-short // sell_value(p))
        penalty = sell_loss(w, n, exclude=cid)
    return w.card(cid) - cost * w.mc - penalty


def best_plays(w: Worth, kinds: tuple[str, ...]) -> list[tuple[float, int]]:
    plays = [(play_net(w, c), c) for c in w.p.hand
             if CARDS[c].kind in kinds and playable(w.state, w.seat, c)[0]]
    return sorted(plays, reverse=True)


def _guess_scores(state: AresState, other: int) -> dict[int, float]:
    """What each phase seems worth to another seat, from its public stock and tableau only
    (its hand is unknown: card plays are guessed from how many cards it holds)."""
    q = state.pl[other]
    hand = min(len(q.hand), 8)
    actions = sum(1 for c in q.played if CARDS[c].kind == "blue" and CARDS[c].action)
    return {
        DEV: 4.0 + 0.8 * hand + (3.0 if q.mc >= 10 else 0.0),
        BUILD: 3.5 + 0.8 * hand + (3.0 if q.mc >= 12 else 0.0),
        ACTION: 2.0 + 1.5 * actions + 6.0 * (q.heat // 8 + q.plants // 8) + max(0, q.mc - 15) * 0.5,
        PRODUCTION: 0.6 * (q.tr + q.prod["mc"]) + q.prod["heat"] + 1.5 * q.prod["plants"] + 3 * q.prod["cards"] + 4,
        RESEARCH: 9.0 - hand,
    }


def _run_chance(state: AresState, seat: int, phase: int) -> float:
    """Chance the phase runs even if this seat does not pick it (others' picks are secret)."""
    if state.players == 1:
        return 1.0 / len(state.dummy) if phase in state.dummy else 0.0
    miss = 1.0
    for other, q in enumerate(state.pl):
        if other == seat:
            continue
        scores = _guess_scores(state, other)
        scores.pop(q.last_pick, None)
        top = max(scores.values())
        weights = {ph: 2.0 ** ((v - top) / 3.0) for ph, v in scores.items()}
        miss *= 1.0 - 0.8 * weights.get(phase, 0.0) / sum(weights.values())
    return min(RUN_CAP, 1.0 - miss)       # never count on others entirely: everyone would wait


def _action_value(w: Worth) -> tuple[float, float]:
    """(worth of an Action phase running, worth of the chooser's second use)."""
    p = w.p
    gain = 0.0
    if not at_max(w.state, "temperature"):
        gain += (p.heat // 8) * w.step["temperature"] * 0.6
    gain += (p.plants // mods(p).forest_cost) * w.forest * 0.6
    uses = []
    for cid in p.played:
        if CARDS[cid].kind == "blue" and CARDS[cid].action:
            uses.append(max(0.0, max(w.action(alt, cid) for alt in CARDS[cid].actions)))
    gain += sum(uses)
    spare = p.mc - _reserve(w)
    best_std = max((_standard_net(w, key) for key in STANDARD_GAIN), default=0.0)
    if best_std > 0 and spare >= 14:
        gain += best_std * (spare // 15) * (1.0 if _solo_rush(w) else 0.3)
    return gain, max(uses, default=0.0)


def _backlog(plays: list[tuple[float, int]]) -> float:
    """Worth of a phase that plays one card: the best play, plus some for the good cards
    queueing behind it (one card per phase is the bottleneck)."""
    good = [net for net, _ in plays if net > 0]
    if not good:
        return 0.0
    return good[0] + BACKLOG * sum(good[1:4])


def phase_scores(state: AresState, seat: int, w: Worth | None = None) -> dict[int, float]:
    """How much picking each phase is worth to this seat: its gain if the phase runs, times the
    chance it would not run otherwise, plus the chooser bonus."""
    w = w or Worth(state, seat)
    p = w.p
    green = best_plays(w, ("green",))
    blue_red = best_plays(w, ("blue", "red"))
    g_dev = _backlog(green)
    g_build = _backlog(blue_red)
    second = max(0.0, blue_red[1][0]) if len(blue_red) > 1 else 0.0
    g_act, b_act = _action_value(w)
    glut = 0.6 if p.mc > 30 + _reserve(w) else 1.0        # cash already idle: income matters less
    g_prod = ((p.tr + p.prod["mc"]) * w.mc * glut + p.prod["heat"] * w.heat + p.prod["plants"] * w.plant
              + p.prod["cards"] * w.draw)
    good = sum(1 for c in p.hand if hand_worth(w, c) > 0)
    g_research = w.draw * (1 + mods(p).research_keep) * (0.5 if good >= 5 else 1.0 if good >= 2 else 2.0)
    table = {
        DEV: (g_dev, 3.0 if green and green[0][0] > -3 else 0.0),
        BUILD: (g_build, max(second, w.draw * 0.8)),
        ACTION: (g_act, b_act),
        PRODUCTION: (g_prod, 4.0 * w.mc),
        RESEARCH: (g_research, w.draw * (1.6 if good < 5 else 0.8)),
    }
    if w.solo and state.round >= SOLO["rounds"]:     # the last round: income and cards come too late
        table[PRODUCTION] = table[RESEARCH] = (0.0, 0.0)
    return {ph: gain * (1.0 - _run_chance(state, seat, ph)) + bonus for ph, (gain, bonus) in table.items()}


def choose(state: AresState, seat: int, decision: Decision):
    p = state.pl[seat]
    task = p.queue[0]
    ids = [o.id for o in decision.options]
    kind = task.kind
    if kind == "corp":
        return max(ids, key=lambda o: (corp_worth(state, seat, int(o[2:])), o))
    w = Worth(state, seat)
    if kind in ("plan", "solo_order"):
        scores = phase_scores(state, seat, w)
        if kind == "solo_order":
            scores[p.pick] = -99.0
        return max(ids, key=lambda o: (scores[int(o[2:])], -int(o[2:])))
    if kind in ("dev", "build"):
        return _play(w, ids)
    if kind == "act":
        return _act(w, ids)
    if kind == "keep":
        ranked = sorted(task.cards, key=lambda c: (-hand_worth(w, c), c))
        return [f"c:{c}" for c in ranked[:task.n]]
    if kind in ("discard", "limit", "sell", "swap"):
        ranked = sorted(p.hand, key=lambda c: (hand_worth(w, c), c))
        if kind == "swap":
            return f"c:{ranked[0]}"
        if kind == "sell" and task.tag == "free":
            return [f"c:{c}" for c in _useless(w)] or [f"c:{ranked[0]}"]
        return [f"c:{c}" for c in ranked[:max(decision.min_picks, 1)]]
    if kind == "free_green":
        plays = [o for o in ids if o.startswith("c:")]
        return max(plays, key=lambda o: w.card(int(o[2:])), default="skip")
    if kind == "discounts":
        return ids
    if kind == "mulligan":
        return [f"c:{c}" for c in p.hand if hand_worth(w, c) < -6 or w.reachable(c) == 0.0]
    if kind == "may":
        return _may(w, task, ids)
    if kind in ("heat_pay", "number"):
        return _heat_amount(w, ids, spend_of(CARDS[task.card]).get("heat", 0) if kind == "heat_pay" else 0)
    if kind == "choose":
        alts = [a.strip() for a in task.text.split(" | ")]
        return max(ids, key=lambda o: (0 if "nothing happens" in str(decision.option(o).detail) else 1,
                                       w.text(alts[int(o[2:])], task.card)))
    if kind == "target":
        return max(ids, key=lambda o: ("here" in CARDS[int(o[2:])].vp) == task.text.startswith("add"))
    if kind == "coop":
        return "cube" if "cube" in ids else ids[0]
    if kind == "solo_steps":       # a track where no step is lost; then oxygen, the dear one (forests cost 20 MC)
        return max(ids, key=lambda param: (min(task.n, _steps_left(state, param)), param == "oxygen"))
    return ids[0]


def _steps_left(state: AresState, param: str) -> int:
    return (PARAMS[param]["max"] - getattr(state, param)) // PARAMS[param]["step"]


def _solo_rush(w: Worth) -> bool:
    """Solo, last rounds: only terraforming counts now, every MC goes into steps.
    With others: the leader near the end hurries the end (scores are public)."""
    if w.solo:
        return SOLO["rounds"] - w.state.round < 8
    if w.coop:
        return w.state.cubes + w.state.markers < 12
    if w.rounds > 4:
        return False
    scores = [breakdown(q)["total"] for q in w.state.pl]
    mine = scores.pop(w.seat)
    return mine >= max(scores) + 3


def _play(w: Worth, ids: list[str]) -> str:
    plays = [(play_net(w, int(o[2:])), o) for o in ids if o.startswith("c:")]
    if plays:
        net, best = max(plays)
        if net > (-4.0 if w.race else -1.0):
            return best
    return "draw" if "draw" in ids else "pass"


def _reserve(w: Worth) -> int:
    """MC to keep for next round's best card plays (after the income to come)."""
    if w.rounds <= 1.5 or _solo_rush(w):
        return 0
    p = w.p
    wanted = sorted(((hand_worth(w, c), card_cost(w.state, w.seat, c)) for c in p.hand
                     if hand_worth(w, c) > 4 and w.reachable(c) == 1.0), reverse=True)[:2]
    need = sum(cost for _, cost in wanted)
    income = p.tr + p.prod["mc"]
    return max(0, need - income)


def _price(w: Worth, key: str) -> int:
    return int(standard_text(w.state, w.seat, key).split("mc", 1)[0].split()[-1])


def _standard_net(w: Worth, key: str) -> float:
    """Worth of a standard action bought with MC that would otherwise sit idle: what it gives
    per MC, scaled to a 15 MC price (0 when it gives nothing: the parameter is maxed)."""
    gain = w.text(STANDARD_GAIN[key])
    return gain * 15.0 / _price(w, key) if gain > 0 else 0.0


def _useless(w: Worth) -> list[int]:
    """Hand cards worth less than the MC they sell for (all of them in the last round)."""
    if w.rounds <= 1.0 and not w.solo:
        return [c for c in w.p.hand if not playable(w.state, w.seat, c)[0]]
    return sorted(c for c in w.p.hand if hand_worth(w, c) < -2 or w.reachable(c) == 0.0)


def _act(w: Worth, ids: list[str]) -> str:
    p = w.p
    for pref in ("s:heat", "s:plants"):
        if pref in ids:
            return pref
    uses = [(w.action(CARDS[int(o.split(":")[1])].actions[int(o.split(":")[2])], int(o.split(":")[1])), o)
            for o in ids if o.startswith("a:")]
    if uses:
        value, best = max(uses)
        if value > 0:
            return best
    reserve = _reserve(w)
    standard = sorted(((_standard_net(w, o[2:]), o) for o in ids if o[2:] in STANDARD_GAIN), reverse=True)
    for net, o in standard:
        if net > 0 and p.mc - _price(w, o[2:]) >= reserve:
            return o
    if "sell" in ids:
        useless = _useless(w)
        cash = p.mc + len(useless) * sell_value(p)
        for key in STANDARD_GAIN:
            price = _price(w, key)
            if useless and _standard_net(w, key) > 0 and cash - price >= reserve and p.mc < price + reserve:
                return "sell"
    return "done"


def _may(w: Worth, task, ids: list[str]) -> str:
    if task.text.startswith("discard 1: draw 1"):
        cheap = sorted((hand_worth(w, int(o[2:])), o) for o in ids if o.startswith("d:"))
        return cheap[0][1] if cheap and cheap[0][0] < 1.0 else "no"
    if "yes" not in ids:
        return "no"
    cost, _, result = task.text.partition(": ")
    return "yes" if w.text(result, task.card) > w.cost(cost) else "no"


def _heat_amount(w: Worth, ids: list[str], keep: int = 0) -> str:
    """Heat to spend: what is left over above whole 8s while temperature can still rise
    (`keep`: heat the card being paid for spends itself)."""
    amounts = sorted(int(o[2:]) for o in ids)
    if keep:
        amounts = [x for x in amounts if x <= w.p.heat - keep] or amounts[:1]
    prefix = ids[0][:2]
    if at_max(w.state, "temperature"):
        return f"{prefix}{amounts[-1]}"
    spare = w.p.heat % 8
    pick = min(amounts, key=lambda x: (abs(x - spare), -x))
    return f"{prefix}{pick}"

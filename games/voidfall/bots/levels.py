"""What Voidfall gives the bot levels (games/core/levels.py): the sampler of its hidden parts and
the search's evaluation, handed to `VoidfallRules` where the package is assembled.

Hidden from a seat: the Agenda decks (which cards and their order: the view shows their sizes),
the other houses' Agenda hands (their sizes are public), the two Agendas another house drew and is
choosing between, the Galactic Event piles of the Cycles to come, the order of the Voidborn's
decks (alert, crises, war cards, heroic/joint cards: their make-up is public), the Focus cards the
other houses picked in secret (secret-focus variant) and the random stream (Bounty and Reclaim
draws, the Fallen House). `redeal` draws all of it again from what the seat sees: the Agendas
nobody shows (not on offer, not in play, not in the seat's own hand or draw) dealt back into the
decks (each keeps its type) and the hidden hands; the Events not yet revealed back into their
Cycle's pile; the decks shuffled; each secret pick re-drawn (most often the pick the bot would
make). What a seat once learnt from a look (an Agenda put under a deck, the Events it reordered)
is forgotten: the sample is drawn as if it never saw them.

The search (games/core/search.py) judges a position by each house's Influence plus what the coming
Evaluation scores (the starting Agenda, the Pure Agendas in play, the Galactic Event's objectives,
minus Upkeep it cannot pay), and a shrinking share of what earns Influence later (sectors,
Population, Guilds, tracks, techs, fleets, stock); against the Voidborn by the solo bot's own worth
(values.worth: the house's margin over its share of the Voidborn's final Influence). Rollouts play
the greedy bot (without the solo bot's look-ahead) to the end of the seat's own Focus turn
(`HORIZON_TURNS`), or to the next Cycle's first turn when the search starts in an Evaluation: a
turn is about 14 steps, so a small budget still plays every candidate several times (two turns
left one round at the bench's budget, and hard played like the baseline). Every option is a
candidate at the root (`MAX_CANDIDATES`: all of a Focus turn's actions) and played out by the
rollout policy alone (`CHAIN_DEPTH` 0). The free fleet arrangement ("fleet": split or merge
markers, then back to the same action step) is judged where it opens, as nothing gained: a search
that played on through it (a tree over the steps after it) rated the detour above the action
itself by chance, and the bot took it again and again without end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Decision, HiddenDeal, Rng, SearchPieces, logistic, reseeded

from ..board import controlled, cubes
from ..data import AGENDAS, EVENTS, SETTINGS, STARTING_AGENDA
from ..economy import house_corruption
from ..lanes import top_task
from ..scoring import agenda_points, objective_points
from ..solo.secret import _choices as secret_choices
from ..state import VoidfallState, solo_of
from . import judge, tactics, values
from .players import choose
from .voidborn import _best_card

if TYPE_CHECKING:
    from ..rules import VoidfallRules

POINT_SCALE = 6.0       # competitive: a lead of this many Influence is about a 73% winning chance
SOLO_SCALE = 12.0       # against the Voidborn: a worth margin of this much is about 73%
PICK_TOP = 0.7          # a re-drawn secret Focus pick is the seat's likeliest one this often
HORIZON_TURNS = 1       # rollouts stop when this many Focus turns have begun after the search's
FUTURE_AGENDA = 0.5     # a placed Agenda's later Evaluations, each counted at this share
POSITION_EARLY = 1.0    # weight of the position (what earns Influence later) in Cycle 1 ...
POSITION_LATE = 0.25    # ... and in Cycle 3 (at the end only Influence counts)
MAX_CANDIDATES = 8      # options compared at the root of a search (a Focus turn's actions: all)
CHAIN_DEPTH = 0         # own steps searched as a tree after the root (any: the fleet loop above)


# -- the sampler ------------------------------------------------------------------------------
def _agenda_type(aid: str) -> str:
    return str(AGENDAS[aid]["type"])


def _hidden_draws(state: VoidfallState, seat: int) -> list[list[str]]:
    """The Agenda pairs other houses drew and are choosing between (tasks on the stack)."""
    return [task.data["drawn"] for task in state.tasks
            if task.kind == "eff" and task.seat != seat and "drawn" in task.data]


def _seen_agendas(state: VoidfallState, seat: int) -> set[str]:
    seen = {a for a in state.agenda_face.values() if a}
    for h in state.houses:
        seen.update(a for a in h.agendas if a)
    seen.update(state.houses[seat].agenda_hand)
    for task in state.tasks:
        if task.kind == "eff" and task.seat == seat and "drawn" in task.data:
            seen.update(task.data["drawn"])
    return seen


def _deal_agendas(sample: VoidfallState, seat: int, rng: Rng) -> None:
    """Every Agenda the seat has not seen goes back into the hidden places (decks by type, the
    others' hands and draws), first in a canonical order that depends only on what the seat sees,
    then dealt at random with each deck keeping its type."""
    unseen = sorted(a for a in AGENDAS if a not in _seen_agendas(sample, seat))
    by_type: dict[str, list[str]] = {}
    for aid in unseen:
        by_type.setdefault(_agenda_type(aid), []).append(aid)
    loose: list[str] = []
    for kind in sorted(sample.agenda_decks):
        deck = sample.agenda_decks[kind]
        fitting = by_type.pop(kind, [])
        deck[:] = fitting[:len(deck)]
        loose.extend(fitting[len(deck):])
    for rest in by_type.values():
        loose.extend(rest)
    loose.sort()
    hands = [sample.houses[t].agenda_hand for t in range(sample.players) if t != seat] + _hidden_draws(sample, seat)
    for hand in hands:
        hand[:] = [loose.pop(0) for _ in range(min(len(hand), len(loose)))]
    deal = HiddenDeal()
    for kind in sorted(sample.agenda_decks):
        deal.hide_all(sample.agenda_decks[kind], _agenda_type)
    for hand in hands:
        deal.hide_all(hand)
    deal.deal(rng)


def _deal_events(sample: VoidfallState, seat: int, rng: Rng) -> None:
    """The Events of each Cycle not yet revealed, back into that Cycle's pile in a random order;
    the two on top of the next Cycle's pile stay while the seat itself is looking at them."""
    shown = set(sample.past_events) | {sample.event}
    looking = any(task.kind == "eff" and task.seat == seat and task.data.get("e", {}).get("do") == "look_events"
                  for task in sample.tasks)
    for cycle, pile in sorted(sample.event_piles.items()):
        kept = pile[:2] if looking and cycle == str(sample.cycle + 1) else []
        left = sorted(e for e in EVENTS if str(EVENTS[e]["cycle"]) == cycle and e not in shown and e not in kept)
        rest = left if len(left) + len(kept) == len(pile) else sorted(pile[len(kept):])
        rng.shuffle(rest)
        pile[:] = kept + rest


def _shuffle_decks(sample: VoidfallState, rng: Rng) -> None:
    """The Voidborn's decks keep their public make-up in a new order."""
    if sample.solo is None:
        return
    decks = [sample.crisis.alert_deck, sample.solo.war_pool, sample.solo.heroic_deck]
    decks += [sample.solo.crisis_decks[level] for level in sorted(sample.solo.crisis_decks)]
    for deck in decks:
        deck.sort()
        rng.shuffle(deck)


def _secret_picks(rules: VoidfallRules, sample: VoidfallState, seat: int, rng: Rng) -> None:
    """Another house's secret Focus pick, drawn again among the cards it could pick: its likeliest
    one (the bot's) mostly, now and then another."""
    if sample.solo is None:
        return
    preset = sample.solo.preset
    for other in sorted(int(s) for s in preset if int(s) != seat):
        del preset[str(other)]
        ids = [o.id for o in secret_choices(sample, other)]
        if not ids:
            continue
        pick = _best_card(sample, other, ids) if rng.random() < PICK_TOP else ids[rng.randrange(len(ids))]
        preset[str(other)] = pick


def redeal(rules: VoidfallRules, state: VoidfallState, seat: int, rng: Rng) -> VoidfallState:
    """`GameRules.redeal` for Voidfall (see the module's docstring)."""
    sample = state.next_copy()
    _deal_agendas(sample, seat, rng)
    _deal_events(sample, seat, rng)
    _shuffle_decks(sample, rng)
    _secret_picks(rules, sample, seat, rng)
    reseeded(sample, rng)
    return sample


# -- the evaluation ---------------------------------------------------------------------------
def coming_evaluation(state: VoidfallState, seat: int) -> float:
    """Influence the seat's house would score at an Evaluation now: its starting Agenda, its Pure
    Agendas in play, the Galactic Event's objectives (A or B: the better), minus Upkeep it cannot pay."""
    h = state.houses[seat]
    points = float(sum(objective_points(state, seat, o) for o in STARTING_AGENDA["objectives"]))
    points += sum(agenda_points(state, seat, a) for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])
    if state.event in EVENTS:
        event = EVENTS[state.event]
        sides = [sum(objective_points(state, seat, o) for o in event[side]) for side in ("a", "b")]
        points += max(sides) if event["sep"] == "or" else sum(sides)
    points -= SETTINGS["missing_inf"] * judge.upkeep_shortfall(state, seat)
    return points


def position(state: VoidfallState, seat: int) -> float:
    """What earns Influence later, in about Influence: sectors with their Population and Guilds,
    fleets, stock, techs, track levels, Agendas in hand; Corruption counts against."""
    h = state.houses[seat]
    v = sum(2.0 + 0.5 * cubes(s) + 0.8 * s.pop + 1.5 * len(s.guilds) for s in controlled(state, seat))
    v += 0.3 * sum(h.res.values()) + 2.5 * len(h.techs) + 1.2 * sum(h.tracks.values()) + 0.3 * h.active
    v += 1.0 * len(h.agenda_hand)
    return v - 2.0 * house_corruption(h)


def worth(state: VoidfallState, seat: int) -> float:
    """A house's Influence and what the rest of the game should still bring it."""
    h = state.houses[seat]
    if state.over or not h.house:
        return float(h.influence)
    left = values.evaluations_left(state)               # 3 in Cycle 1 ... 1 in Cycle 3
    placed = sum(agenda_points(state, seat, a) for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])
    share = POSITION_LATE + (POSITION_EARLY - POSITION_LATE) * (left - 1) / 2
    return (h.influence + coming_evaluation(state, seat) + FUTURE_AGENDA * (left - 1) * placed
            + share * position(state, seat))


def arranging(state: VoidfallState, seat: int | None = None) -> bool:
    """A house (`seat`, or any) is inside the free fleet arrangement of its action step."""
    if not state.tasks:
        return False
    seats = range(state.players) if seat is None else (seat,)
    return any(top.kind == "turn" and top.seat == s and top.data.get("phase") == "arrange"
               for s in seats for top in (top_task(state, s),))


def evaluate(state: VoidfallState, seat: int) -> float:
    """The seat's winning chance: competitive, from its lead in `worth` over the best other house;
    against the Voidborn, from the solo bot's worth of the weakest house (every house must beat the
    Voidborn's final Influence). Inside its own free fleet arrangement: nothing (the search never
    takes that detour, which leads back to the same action step)."""
    if arranging(state, seat):
        return 0.0
    if state.mode == "competitive":
        mine = worth(state, seat)
        best_other = max(worth(state, t) for t in range(state.players) if t != seat)
        return logistic(mine - best_other, POINT_SCALE)
    if state.solo is None:               # houses still being chosen: nothing to judge yet
        return 0.5
    if solo_of(state).lost:
        return 0.0
    return logistic(min(values.worth(state, t) for t in range(state.players)), SOLO_SCALE)


def _clock(state: VoidfallState) -> int:
    """Focus turns begun so far (an Evaluation counts as the end of its Cycle)."""
    if state.phase == "evaluation":
        return state.cycle * 100 + 99
    return state.cycle * 100 + state.round * state.players + state.turn_idx


def horizon(start: VoidfallState, now: VoidfallState) -> bool:
    """Rollouts stop `HORIZON_TURNS` Focus turns after the search's position, or when a new Cycle
    has begun its Focus phase, or inside a free fleet arrangement (see `evaluate`)."""
    if arranging(now):
        return True
    if now.cycle > start.cycle:
        return now.phase == "focus"
    return _clock(now) - _clock(start) >= HORIZON_TURNS


def policy(rules: VoidfallRules, state: VoidfallState, seat: int, decision: Decision) -> Any:
    """The rollout policy: the bot without the solo bot's look-ahead (its greedy weights), which
    plays the copy out far faster; in the competitive game the baseline itself."""
    tactics._DEPTH[0] += 1
    try:
        return choose(rules, state, seat)
    finally:
        tactics._DEPTH[0] -= 1


def pieces(rules: VoidfallRules) -> SearchPieces:
    """The search pieces, bound to the rules (the rollout policy plays through them)."""
    return SearchPieces(evaluate=evaluate, horizon=horizon, max_candidates=MAX_CANDIDATES, chain_depth=CHAIN_DEPTH,
                        policy=lambda state, seat, decision: policy(rules, state, seat, decision))


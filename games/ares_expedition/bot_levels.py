"""What Ares Expedition gives the bot levels (games/core/levels.py): the sampler of its hidden parts
and the search's evaluation.

Hidden from a seat: the project deck and the discard pile (sold and discarded cards go there face
down), the other seats' hands, the cards they are choosing among (research draws, their offered
corporations and the one they kept before all are shown, a card set aside for a co-op swap), their
phase cards picked this round before the reveal, the order of the face-down ocean rewards and of
the solo dummy's phase hand (which rewards and phases are left is public: each is shown when it
comes up), and the random stream of future shuffles."""

from __future__ import annotations

from games.core import HiddenDeal, Rng, SearchPieces, logistic, reseeded

from .board import PARAMS, SOLO
from .bot import phase_scores
from .bot_value import steps_left
from .cards import CARDS, CORP_IDS, token
from .economy import param_value
from .scoring import breakdown
from .state import AresState, Player
from .view import hidden

VP_SCALE = 6.0            # a lead of this many VP is about a 73% winning chance
STEP_SCALE = 3.0          # solo: terraforming steps short of the goal that make about a 27% chance
MC_PER_VP = 10.0          # what a VP costs late in the game (a standard forest: 20 MC for about 2 VP)
HEAT_PER_VP = 8.0         # 8 heat raise the temperature: 1 TR
PLANTS_PER_VP = 4.0       # 8 plants make a forest: about 2 VP while oxygen can rise
CARD_VP = 0.5             # a card in hand
PICK_TOP = 0.7            # a re-drawn secret phase pick is the seat's likeliest one this often
HORIZON_ROUNDS = 2        # rollouts stop when this many rounds have ended (None: at the game's end)
HIDDEN_TASKS = ("keep", "corp", "corp_done", "swap_done")   # tasks holding cards only their seat sees


def _is_corp(cid: int) -> bool:
    return cid in _CORPS


_CORPS = frozenset(CORP_IDS)


def redeal(state: AresState, seat: int, rng: Rng) -> AresState:
    """`GameRules.redeal` for Ares Expedition."""
    unseen = hidden(state, seat)
    sample = state.next_copy()
    deal = HiddenDeal()
    deal.hide_all(sample.deck, _is_corp)
    deal.hide_all(sample.discard, _is_corp)
    placed: set[int] = set(sample.deck) | set(sample.discard)
    for other, p in enumerate(sample.pl):
        if other == seat:
            continue
        deal.hide_all(p.hand, _is_corp)
        placed.update(p.hand)
        for task in p.queue:
            if task.kind in HIDDEN_TASKS:
                deal.hide_all(task.cards, _is_corp)
                placed.update(task.cards)
    deal.also_unseen(sorted(c for c in CARDS if token(c) in unseen and c not in placed))
    deal.deal(rng)
    for other, p in enumerate(sample.pl):
        if other != seat:
            _same_offer(p)
    sample.oceans.sort()
    rng.shuffle(sample.oceans)
    sample.dummy.sort()
    rng.shuffle(sample.dummy)
    if sample.stage == "plan":
        for other, p in enumerate(sample.pl):
            if other != seat and p.pick:
                p.pick = _likely_pick(sample, other, rng)
    reseeded(sample, rng)
    return sample


def _same_offer(p: Player) -> None:
    """The advanced setup's mulligan shows the same two corporations as the pick that follows."""
    offer = next((task.cards for task in p.queue if task.kind == "corp"), None)
    for task in p.queue:
        if task.kind == "mulligan" and offer is not None:
            task.cards = list(offer)


def _likely_pick(sample: AresState, other: int, rng: Rng) -> int:
    """A phase card for a seat that picked in secret: its likeliest pick in the sample, or now and
    then another allowed one."""
    allowed = [n for n in range(1, 6) if n != sample.pl[other].last_pick]
    if rng.random() >= PICK_TOP:
        return allowed[rng.randrange(len(allowed))]
    scores = phase_scores(sample, other)
    return max(allowed, key=lambda n: (scores[n], -n))


def rounds_left(state: AresState) -> float:
    """About how many rounds the game still lasts."""
    if state.players == 1:
        return max(0.0, SOLO["rounds"] - state.round + 0.5)
    return max(0.5, steps_left(state) / (2.0 + 2.0 * state.players))


def worth(state: AresState, seat: int, rounds: float) -> float:
    """VP now plus what the seat's stock and production should still turn into."""
    p = state.pl[seat]
    prods = 0.8 * rounds
    plants_count = param_value(state, "oxygen") < PARAMS["oxygen"]["max"]
    future = ((p.mc + prods * (p.tr + p.prod["mc"])) / MC_PER_VP
              + (p.heat + prods * p.prod["heat"]) / HEAT_PER_VP
              + (p.plants + prods * p.prod["plants"]) / PLANTS_PER_VP * (1.0 if plants_count else 0.5)
              + CARD_VP * (len(p.hand) + prods * p.prod["cards"]))
    return breakdown(p)["total"] + future


def solo_chance(state: AresState) -> float:
    """Solo: the chance to terraform in time, from the steps still missing against what the stock and
    the income of the rounds left can buy."""
    missing = steps_left(state)
    if missing == 0:
        return 1.0
    p = state.pl[0]
    rounds = 0.0 if state.over else rounds_left(state)
    prods = 0.8 * rounds
    reach = ((p.mc + prods * (p.tr + p.prod["mc"])) / 15.0 + (p.heat + prods * p.prod["heat"]) / 8.0
             + (p.plants + prods * p.prod["plants"]) / 8.0 + 0.4 * rounds)
    return logistic(reach - missing - 1.0, STEP_SCALE)


def evaluate(state: AresState, seat: int) -> float:
    """The seat's winning chance: solo, from the terraforming still missing; otherwise from its lead
    in `worth` over the best other seat (co-op: the pair's worth against the VP goal)."""
    if state.players == 1:
        return solo_chance(state)
    rounds = 0.0 if state.over else rounds_left(state)
    values = [worth(state, s, rounds) for s in range(state.players)]
    if state.options.get("mode") == "coop":
        return logistic(sum(values) - 80.0, VP_SCALE * 2)
    best_other = max(v for s, v in enumerate(values) if s != seat)
    return logistic(values[seat] - best_other, VP_SCALE)


def horizon(start: AresState, now: AresState) -> bool:
    """Rollouts stop `HORIZON_ROUNDS` rounds on (at the start of that round's planning)."""
    return HORIZON_ROUNDS is not None and now.round >= start.round + HORIZON_ROUNDS and now.stage == "plan"


PIECES = SearchPieces(evaluate=evaluate, horizon=horizon, max_candidates=8, chain_depth=6)

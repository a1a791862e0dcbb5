"""The one search engine behind every game's `hard` bot: determinized rollouts over the seat's
information set, with a tree over the seat's own chain of steps in a turn.

It is handed a sample of the position (`GameRules.redeal`), never the true state, and decides one
decision for `seat` like this:

1. Candidates: the baseline's pick first, then the other options (up to the game's
   `max_candidates`; when there are more, the game's evaluation one step ahead ranks them).
   A multi-pick decision gets neighbours of the baseline's pick (one card swapped, added or
   dropped); a number decision the baseline's number, both ends and a few in between.
2. Rounds: each round draws a determinization (a fresh `redeal` of the sample: every hidden part
   drawn anew) and plays every candidate still in the race on it, with the same rollout order for
   all (common random numbers: the difference between two candidates is mostly their own doing).
   After the candidate, the seat's own next steps of the same turn (a chain: Ares's Action phase,
   a Pocket Mars card's effects, several choices in a row) are picked in a tree kept across rounds
   (UCB with progressive widening, the baseline's pick tried first); then every seat plays the
   rollout policy (the game's baseline bot) until the game ends or the game's horizon; the game's
   evaluation turns that state into the seat's winning chance.
3. Racing: after each round a candidate clearly worse than the leader (paired difference, in
   standard errors) leaves the race. The baseline's pick always stays, and another candidate
   replaces it only when its paired advantage over it is clear.

Budget: CPU seconds (`time.process_time`, one core) and/or simulated steps (for runs that must
repeat exactly); the search stops mid-simulation when it is spent and drops that unfinished round.
"""

from __future__ import annotations

import math
import pickle
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Protocol

from .decision import Choice, Decision
from .rng import Rng

CoreState = Any      # a game's state (a contract.CoreState): the contract imports this module

MIN_ROUNDS = 2          # rounds before a candidate can leave the race
DROP_Z = 1.0            # a candidate this many standard errors below the leader leaves the race
SWITCH_Z = 2.0          # another candidate replaces the baseline's pick this many standard errors above it
UCB_C = 0.5             # exploration in the chain tree (values are winning chances in [0, 1])
WIDEN = 1.0             # chain tree: 1 + WIDEN * sqrt(visits) candidates open at a node
ROLLOUT_CAP = 20_000    # steps a rollout may take before it is evaluated where it stands


class GameRules(Protocol):
    """What the search needs of a game's rules (contract.GameRules has it all)."""

    def pending(self, state: CoreState) -> list[Decision]: ...
    def decision_for(self, state: CoreState, seat: int) -> Decision | None: ...
    def outcome(self, state: CoreState) -> Any: ...
    def _apply(self, state: CoreState, decision: Decision, choice: Choice) -> None: ...
    def baseline_choice(self, state: CoreState, seat: int) -> Choice: ...
    def redeal(self, state: CoreState, seat: int, rng: Rng) -> CoreState: ...




@dataclass(frozen=True)
class SearchPieces:
    """A game's small pieces for the search.

    `evaluate(state, seat)`: the seat's winning chance in [0, 1] judged from a sample state (running,
    or finished: then blended with the outcome, see `outcome_weight`). `horizon(start, now)`: True when a rollout
    that began at `start` has gone far enough and is evaluated at `now` (None: play to the end).
    `max_candidates`: options compared at the root; `chain_depth`: own steps in a row searched as a tree.
    `policy(state, seat, decision)`: the rollout policy given the open decision (None: the rules'
    `baseline_choice`, which works the decision out again). `outcome_weight`: at the end of a game
    the value is this share of the outcome (won, shared, lost) and the rest the evaluation (the
    margin), which says more than win or loss alone from a few rollouts. `switch_z`: how many
    standard errors of paired advantage another candidate needs to replace the baseline's pick;
    `drop_z`: how far below the leader a candidate leaves the race (lower: faster races, more rounds
    for the rest)."""

    evaluate: Callable[[Any, int], float]
    horizon: Callable[[Any, Any], bool] | None = None
    max_candidates: int = 8
    chain_depth: int = 6
    policy: Callable[[Any, int, Any], Any] | None = None
    outcome_weight: float = 0.5
    switch_z: float = SWITCH_Z
    drop_z: float = DROP_Z


@dataclass(frozen=True)
class Budget:
    """How long a search may think: `seconds` of CPU on one core and/or `work` simulated steps
    (None: no limit of that kind; at least one must be set)."""

    seconds: float | None = 2.0
    work: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.work is None:
            raise ValueError("a search budget needs seconds or work")


@dataclass(frozen=True)
class Estimate:
    """One candidate after the search: its mean winning chance over the `rounds` it played."""

    choice: Choice
    value: float
    rounds: int


@dataclass(frozen=True)
class SearchResult:
    """The search's pick and why: every candidate's estimate (best first), the rounds played, the
    simulated steps and the CPU seconds spent."""

    choice: Choice
    estimates: tuple[Estimate, ...]
    rounds: int
    steps: int
    seconds: float


def outcome_value(rules: GameRules, state: CoreState, seat: int) -> float:
    """A finished game as the seat's share of the win: 1 alone, 1/n shared by n, 0 lost."""
    outcome = rules.outcome(state)
    if outcome is None:
        raise ValueError("the game is not over")
    return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0


def value_of(rules: GameRules, pieces: SearchPieces, state: CoreState, seat: int) -> float:
    """The seat's value of a sample state in [0, 1]: the evaluation while the game runs; at its end
    the outcome blended with the evaluation (see `SearchPieces.outcome_weight`)."""
    judged = min(1.0, max(0.0, pieces.evaluate(state, seat)))
    if rules.outcome(state) is None:
        return judged
    weight = pieces.outcome_weight
    return weight * outcome_value(rules, state, seat) + (1.0 - weight) * judged


def logistic(margin: float, scale: float) -> float:
    """A winning chance from a lead of `margin` (points), `scale` points making about 73%."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, margin / scale))))


class _Spent(Exception):
    """The budget ran out in the middle of a simulation."""


def _key(choice: Choice) -> Hashable:
    return tuple(sorted(choice)) if isinstance(choice, list) else choice


def copy_state(state: CoreState) -> CoreState:
    """A private deep copy to play on in place."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def play_in_place(rules: GameRules, state: CoreState, seat: int, choice: Choice,
                  decision: Decision | None = None) -> None:
    """`rules.apply` without the copy, on a state only the search holds."""
    decision = decision or rules.decision_for(state, seat)
    if decision is None:
        raise ValueError(f"seat {seat} has nothing to decide")
    value = decision.validate(choice)
    state.log = []
    rules._apply(state, decision, value)
    state.seq += 1


@dataclass
class _Node:
    """An own decision inside a chain, shared by every determinization reaching it by the same
    own choices: the candidates in the order they open, and (visits, total value) per candidate."""

    order: list[Choice] = field(default_factory=list)
    stats: dict[Hashable, list[float]] = field(default_factory=dict)
    visits: int = 0

    def select(self, decision: Decision, default: Choice, limit: int) -> Choice:
        if not self.order:
            self.order = [default, *[o.id for o in decision.options if o.id != default][:limit - 1]]
        legal = {o.id for o in decision.options}
        open_ = [c for c in self.order if c in legal][:1 + int(WIDEN * math.sqrt(self.visits))]
        if not open_:
            return default
        for choice in open_:
            if _key(choice) not in self.stats:
                return choice
        log_n = math.log(self.visits + 1)

        def ucb(choice: Choice) -> float:
            n, total = self.stats[_key(choice)]
            return total / n + UCB_C * math.sqrt(log_n / n)
        return max(open_, key=ucb)

    def update(self, choice: Choice, value: float) -> None:
        entry = self.stats.setdefault(_key(choice), [0, 0.0])
        entry[0] += 1
        entry[1] += value
        self.visits += 1


class _Simulator:
    """Plays simulations for one search, counting its budget."""

    def __init__(self, rules: GameRules, seat: int, pieces: SearchPieces, budget: Budget) -> None:
        self.rules, self.seat, self.pieces, self.budget = rules, seat, pieces, budget
        self.started = time.process_time()
        self.steps = 0
        self.tree: dict[tuple, _Node] = {}

    def spent(self) -> bool:
        if self.budget.work is not None and self.steps >= self.budget.work:
            return True
        return self.budget.seconds is not None and time.process_time() - self.started >= self.budget.seconds

    def _play(self, state: CoreState, seat: int, choice: Choice, decision: Decision | None = None) -> None:
        if self.spent():
            raise _Spent
        play_in_place(self.rules, state, seat, choice, decision)
        self.steps += 1

    def value(self, state: CoreState) -> float:
        return value_of(self.rules, self.pieces, state, self.seat)

    def policy(self, state: CoreState, decision: Decision) -> Choice:
        if self.pieces.policy is not None:
            return self.pieces.policy(state, decision.seat, decision)
        return self.rules.baseline_choice(state, decision.seat)

    def run(self, det: CoreState, choice: Choice, order_seed: int) -> float:
        """One simulation: `choice` on a copy of `det`, the seat's chain, then the rollout."""
        rules, seat = self.rules, self.seat
        state = copy_state(det)
        self._play(state, seat, choice)
        path: tuple = (_key(choice),)
        visited: list[tuple[_Node, Choice]] = []
        while len(visited) < self.pieces.chain_depth and rules.outcome(state) is None:
            decision = rules.decision_for(state, seat)
            if decision is None:
                break
            forced = decision.only_choice()
            if forced is not None:
                self._play(state, seat, forced, decision)
                continue
            default = self.policy(state, decision)
            if decision.max_picks != 1 or decision.number is not None:
                self._play(state, seat, default, decision)   # the chain tree opens single picks only
                continue
            node = self.tree.setdefault(path, _Node())
            pick = node.select(decision, decision.validate(default), self.pieces.max_candidates)
            self._play(state, seat, pick, decision)
            visited.append((node, pick))
            path += (_key(pick),)
        value = self._rollout(state, det, random.Random(order_seed))
        for node, pick in visited:
            node.update(pick, value)
        return value

    def _rollout(self, state: CoreState, start: CoreState, order: random.Random) -> float:
        rules, horizon = self.rules, self.pieces.horizon
        for _ in range(ROLLOUT_CAP):
            pending = rules.pending(state)
            if not pending or (horizon is not None and horizon(start, state)):
                break
            decision = pending[order.randrange(len(pending))] if len(pending) > 1 else pending[0]
            forced = decision.only_choice()
            choice = forced if forced is not None else self.policy(state, decision)
            self._play(state, decision.seat, choice, decision)
        return self.value(state)


def candidates(rules: GameRules, sample: CoreState, seat: int, decision: Decision, default: Choice,
               pieces: SearchPieces) -> list[Choice]:
    """The choices compared at the root, the baseline's pick first (see the module's docstring)."""
    limit = max(1, pieces.max_candidates)
    if decision.number is not None:
        low, high = decision.number
        spread = {low, high, default} | {low + (high - low) * i // (limit - 1) for i in range(1, limit - 1)}
        return [default] + sorted(spread - {default})[:limit - 1]
    others: list[Choice]
    if decision.max_picks == 1:
        others = [o.id for o in decision.options if o.id != default]
    else:
        assert isinstance(default, list)
        others = list(neighbours(decision, default))
    if len(others) > limit - 1:
        others = _ranked(rules, sample, seat, decision, others, pieces)[:limit - 1]
    return [default] + others


def neighbours(decision: Decision, default: list[str]) -> list[list[str]]:
    """Multi-pick choices one change away from `default`: a pick swapped, added or dropped."""
    picked = list(default)
    rest = [o.id for o in decision.options if o.id not in picked]
    found: list[list[str]] = []
    for i in range(len(picked)):
        for other in rest:
            found.append(picked[:i] + [other] + picked[i + 1:])
    if len(picked) < decision.max_picks:
        found.extend(picked + [other] for other in rest)
    if len(picked) > decision.min_picks:
        found.extend(picked[:i] + picked[i + 1:] for i in range(len(picked)))
    return found


def _ranked(rules: GameRules, sample: CoreState, seat: int, decision: Decision, choices: list,
            pieces: SearchPieces) -> list:
    """`choices` best first by the game's evaluation right after each (ties keep their order)."""
    scored = []
    for index, choice in enumerate(choices):
        state = copy_state(sample)
        play_in_place(rules, state, seat, choice, decision)
        value = value_of(rules, pieces, state, seat)
        scored.append((-value, index, choice))
    return [choice for _, _, choice in sorted(scored, key=lambda item: item[:2])]


def _paired(mine: list[float], theirs: list[float]) -> tuple[float, float]:
    """Mean and standard error of the differences of two candidates over the rounds both played."""
    diffs = [a - b for a, b in zip(mine, theirs)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def search(rules: GameRules, sample: CoreState, seat: int, decision: Decision, default: Choice,
           pieces: SearchPieces, rng: Rng, budget: Budget) -> SearchResult:
    """Search `decision` for `seat` from `sample` (see the module's docstring); `default` is the
    baseline's pick in `sample`."""
    sim = _Simulator(rules, seat, pieces, budget)
    default = decision.validate(default)
    if sim.spent():                      # no time at all (the platform under load): the baseline's pick
        return SearchResult(default, (), 0, 0, 0.0)
    cands = candidates(rules, sample, seat, decision, default, pieces)
    values: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    rounds = 0
    while len(alive) > 1 and not sim.spent():
        det = rules.redeal(sample, seat, rng.spawn())
        order_seed = rng.next64()
        try:
            got = [(c, sim.run(det, cands[c], order_seed)) for c in alive]
        except _Spent:
            break                        # an unfinished round compares nothing
        for c, value in got:
            values[c].append(value)
        rounds += 1
        alive = _race(alive, values, rounds, pieces.drop_z)
    pick = _final(alive, values, rounds, pieces.switch_z)
    estimates = sorted((Estimate(cands[c], sum(v) / len(v), len(v)) for c, v in enumerate(values) if v),
                       key=lambda e: -e.value)
    return SearchResult(cands[pick], tuple(estimates), rounds, sim.steps, time.process_time() - sim.started)


def _race(alive: list[int], values: list[list[float]], rounds: int, drop_z: float = DROP_Z) -> list[int]:
    """Candidates still in the race after `rounds` (index 0, the baseline's pick, always stays)."""
    if rounds < MIN_ROUNDS:
        return alive
    leader = max(alive, key=lambda c: (sum(values[c]) / len(values[c]), -c))
    kept = []
    for c in alive:
        if c == 0 or c == leader:
            kept.append(c)
            continue
        mean, se = _paired(values[c], values[leader])
        if mean < 0 and (se == 0 or mean + drop_z * se < 0):
            continue                     # clearly worse than the leader
        if mean == 0 and se == 0 and rounds >= 2 * MIN_ROUNDS:
            continue                     # plays out exactly like the leader: nothing to learn
        kept.append(c)
    return kept


def _final(alive: list[int], values: list[list[float]], rounds: int, switch_z: float = SWITCH_Z) -> int:
    """The candidate to play: the one with the clearest paired advantage over the baseline's pick,
    when that advantage is clear; else the baseline's pick."""
    if rounds == 0:
        return 0
    best, best_mean = 0, 0.0
    for c in alive:
        if c == 0:
            continue
        mean, se = _paired(values[c], values[0])   # both played every round
        if mean > best_mean and (se == 0 or mean >= switch_z * se):
            best, best_mean = c, mean
    return best

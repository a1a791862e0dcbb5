"""Bot players at levels, honest by construction.

`GameRules.bot_choice(state, seat, level, budget)` lands in `decide` below. A decision with one legal
choice is answered at once (no sample, no search). Otherwise the seat's bot never looks at the true
state again: it draws a sample with the game's `redeal` (everything the seat cannot see drawn anew,
from a random stream fixed by the public move number and the seat), and every level decides from
that sample alone. Two states the seat cannot tell apart therefore give the same sample and the
same choice (the conformance suite checks it for every game that declares `redeal`).

The levels a player can choose (`BOT_LEVELS`):
* `easy`: a friendly opponent for learners: the normal bot, except that now and then (`SLIP_RATE`)
  it takes another option that looks nearly as good one step ahead (never one the game's
  evaluation rates far below its own pick).
* `normal`: the game's own bot (its baseline) deciding from the sample.
* `hard`: the generic search of games/core/search.py over the seat's information set, thinking at
  most `budget` CPU seconds (`HARD_SECONDS` unless the platform asks for less).
`BASELINE` is the game's own bot on the true state, as it was before levels: a fixed yardstick for
the strength bench, never offered to players.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol

from .decision import Choice, Decision
from .errors import GameError, NotYourTurn
from .rng import Rng
from .sampling import seat_rng
from .search import Budget, CoreState, SearchPieces, SearchResult, neighbours, copy_state, play_in_place, search, value_of
from .search import GameRules as SearchableRules


class GameRules(SearchableRules, Protocol):
    """What the levels need of a game's rules (contract.GameRules has it all; the contract imports
    this module, so it is named by its shape)."""

    @property
    def title(self) -> str: ...

    def has_redeal(self) -> bool: ...
    def search_pieces(self) -> SearchPieces | None: ...
    def bot_levels(self) -> tuple[str, ...]: ...

EASY, NORMAL, HARD = "easy", "normal", "hard"
BOT_LEVELS: tuple[str, ...] = (EASY, NORMAL, HARD)
BASELINE = "baseline"
HARD_SECONDS = 2.0      # CPU seconds a hard decision may think at most, unless asked for less
SLIP_RATE = 0.3         # share of easy's real decisions where it may slip
SLIP_MARGIN = 0.08      # easy slips only to options rated at most this much winning chance below its pick


class UnknownBotLevel(GameError):
    """A bot level that does not exist (the known ones are BOT_LEVELS and BASELINE)."""


@dataclass(frozen=True)
class BotRequest:
    """What is asked of a bot player: its `level`, the CPU seconds a searching level may think
    (`budget`; None: `HARD_SECONDS`; the platform shrinks it under load), and `work`, a cap on
    simulated steps for runs that must repeat exactly (tests, benches; with `budget` None, the
    search is limited by work alone and its choice depends on nothing but the position)."""

    level: str = NORMAL
    budget: float | None = None
    work: int | None = None

    def __post_init__(self) -> None:
        if self.level not in BOT_LEVELS and self.level != BASELINE:
            raise UnknownBotLevel(f"unknown bot level {self.level!r}; the levels are {', '.join(BOT_LEVELS)}")
        if self.budget is not None and not self.budget >= 0:
            raise ValueError("a bot's budget is a number of CPU seconds, 0 or more")
        if self.work is not None and self.work < 0:
            raise ValueError("a bot's work is a number of simulated steps, 0 or more")

    def search_budget(self) -> Budget:
        if self.budget is None and self.work is not None:
            return Budget(seconds=None, work=self.work)
        return Budget(seconds=HARD_SECONDS if self.budget is None else self.budget, work=self.work)


def decide(rules: GameRules, state: CoreState, seat: int, request: BotRequest) -> Choice:
    """The choice of `seat`'s bot at `request.level` (see the module's docstring)."""
    decision = _open(rules, state, seat)
    forced = decision.only_choice()
    if forced is not None:
        return forced
    level = request.level
    if level == BASELINE or not rules.has_redeal():
        return decision.validate(rules.baseline_choice(state, seat))   # a game without a sampler: its one bot
    if level not in rules.bot_levels():
        level = NORMAL
    rng = seat_rng(state.seq, seat, level)
    sample = rules.redeal(state, seat, rng.spawn())
    return decision.validate(_LEVELS[level](rules, sample, seat, decision, rng, request))


def analyse(rules: GameRules, state: CoreState, seat: int, request: BotRequest = BotRequest(HARD)) -> SearchResult:
    """The hard search's pick with every candidate's estimated winning chance (for a coach saying
    why), from a sample like `decide`'s; a forced decision gives its one choice, unsearched."""
    decision = _open(rules, state, seat)
    forced = decision.only_choice()
    if forced is not None:
        return SearchResult(forced, (), 0, 0, 0.0)
    if HARD not in rules.bot_levels():
        raise UnknownBotLevel(f"{rules.title} has no searching bot yet")
    rng = seat_rng(state.seq, seat, HARD)
    sample = rules.redeal(state, seat, rng.spawn())
    return _search(rules, sample, seat, decision, rng, request)


def _open(rules: GameRules, state: CoreState, seat: int) -> Decision:
    decision = rules.decision_for(state, seat)
    if decision is None:
        raise NotYourTurn(f"seat {seat} has nothing to decide right now")
    return decision


def _normal(rules: GameRules, sample: CoreState, seat: int, decision: Decision, rng: Rng, request: BotRequest) -> Choice:
    return rules.baseline_choice(sample, seat)


def _pieces(rules: GameRules) -> SearchPieces:
    pieces = rules.search_pieces()
    if pieces is None:
        raise UnknownBotLevel(f"{rules.title} offers no searching bot level")
    return pieces


def _search(rules: GameRules, sample: CoreState, seat: int, decision: Decision, rng: Rng,
            request: BotRequest) -> SearchResult:
    default = rules.baseline_choice(sample, seat)
    return search(rules, sample, seat, decision, default, _pieces(rules), rng, request.search_budget())


def _hard(rules: GameRules, sample: CoreState, seat: int, decision: Decision, rng: Rng, request: BotRequest) -> Choice:
    return _search(rules, sample, seat, decision, rng, request).choice


def _easy(rules: GameRules, sample: CoreState, seat: int, decision: Decision, rng: Rng, request: BotRequest) -> Choice:
    pick = decision.validate(rules.baseline_choice(sample, seat))
    if rng.random() >= SLIP_RATE:
        return pick
    others: list[Choice]
    if isinstance(pick, int):
        low, high = decision.number or (pick, pick)
        others = [n for n in (pick - 1, pick + 1) if low <= n <= high]
    elif isinstance(pick, str):
        others = [o.id for o in decision.options if o.id != pick]
    else:
        others = list(neighbours(decision, pick))
    if not others:
        return pick
    pieces = _pieces(rules)

    def ahead(choice: Choice) -> float:
        state = copy_state(sample)
        play_in_place(rules, state, seat, choice, decision)
        return value_of(rules, pieces, state, seat)

    floor = ahead(pick) - SLIP_MARGIN
    near = [choice for choice in others if ahead(choice) >= floor]
    return near[rng.randrange(len(near))] if near else pick


_LEVELS: dict[str, Callable[..., Choice]] = {EASY: _easy, NORMAL: _normal, HARD: _hard}

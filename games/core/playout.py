"""Automatic play through the contract: used by the sandbox, benchmarks and tests."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .catalogue import Figure
from .contract import Choice, CoreState, Decision, GameRules


def random_choice(decision: Decision, rnd: random.Random) -> Choice:
    """A uniformly random legal choice for `decision` (as far as its options go)."""
    if decision.number is not None:
        low, high = decision.number
        return rnd.randint(low, high)
    ids = [opt.id for opt in decision.options]
    if decision.max_picks == 1:
        return rnd.choice(ids)
    count = rnd.randint(decision.min_picks, min(decision.max_picks, len(ids)))
    return rnd.sample(ids, count)


@dataclass
class Playout:
    """A finished automatic game: the choices made, in order, and the final state."""

    moves: list[tuple[int, Any]] = field(default_factory=list)
    final: CoreState | None = None


def play(
    rules: GameRules,
    players: int,
    seed: int,
    options: dict | None = None,
    *,
    explore: float = 0.0,
    max_steps: int = 50_000,
    on_step: Callable[[CoreState, list[Decision]], None] | None = None,
    level: str | None = None,
) -> Playout:
    """Play a whole game with bot players. With `explore` > 0 that share of choices is
    random instead of the bot's, to reach more of the rules. `level`: the bots' level (None: the
    default, normal; "baseline" for the game's own bot on the true state, as recorded games were)."""
    rnd = random.Random(seed)
    state = rules.setup(players, seed, options)
    result = Playout()
    for _ in range(max_steps):
        decisions = rules.pending(state)
        if on_step:
            on_step(state, decisions)
        if not decisions:
            result.final = state
            return result
        decision = decisions[rnd.randrange(len(decisions))]
        if explore and rnd.random() < explore:
            choice = random_choice(decision, rnd)
        else:
            choice = rules.bot_choice(state, decision.seat) if level is None else rules.bot_choice(state, decision.seat, level)
        state = rules.apply(state, decision.seat, choice)
        result.moves.append((decision.seat, choice))
    raise RuntimeError(f"{rules.slug}: no end after {max_steps} choices (seed {seed}, {players} players)")


def replay(rules: GameRules, players: int, seed: int, options: dict | None, moves: list[tuple[int, Any]]) -> CoreState:
    """The state reached by applying `moves` from the start."""
    state = rules.setup(players, seed, options)
    for seat, choice in moves:
        state = rules.apply(state, seat, choice)
    return state


def figure_view(rules: GameRules, figure: Figure) -> tuple[dict, int]:
    """The view a rulebook figure shows and its number of players: the game set up as the figure
    says, played on by the game's own bot (`baseline_choice`, on the true state: a change to a bot
    level's sampling never moves a picture; the first open decision each time) for `figure.moves`
    choices, seen by `figure.seat` (None: the public view)."""
    state = rules.setup(figure.players, figure.seed, dict(figure.options))
    for _ in range(figure.moves):
        decisions = rules.pending(state)
        if not decisions:
            break
        seat = decisions[0].seat
        state = rules.apply(state, seat, rules.baseline_choice(state, seat))
    return rules.view(state, figure.seat), figure.players

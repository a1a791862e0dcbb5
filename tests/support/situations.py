"""Built situations: states that reach kinds of decisions seeded games rarely meet, per game, so
that a walk over every kind of decision (tests/support/walk.py) meets them all, and the list of
every kind of decision each game has (`KINDS`, in the form `walk.kind` gives). Each builder yields
(name, state) pairs; every state has at least one open decision."""

from __future__ import annotations

from typing import Any, Callable, Iterator

import games
from games.pocket_mars.state import Step as PocketMarsStep

BUILDERS: dict[str, Callable[[], Iterator[tuple[str, Any]]]] = {}
KINDS: dict[str, frozenset[str]] = {}


def builds(slug: str):
    def register(builder):
        BUILDERS[slug] = builder
        return builder
    return register


def built(slug: str) -> Iterator[tuple[str, Any]]:
    builder = BUILDERS.get(slug)
    if builder is not None:
        yield from builder()


def played_until(slug: str, players: int, seed: int, wanted: Callable[[Any, Any], bool],
                 options: dict | None = None, limit: int = 5000) -> Any:
    """The first state of a bot game (first open decision each time) where `wanted(state,
    decision)` holds for an open decision."""
    rules = games.get(slug)
    state = rules.setup(players, seed, options)
    for _ in range(limit):
        decisions = rules.pending(state)
        if not decisions:
            break
        if any(wanted(state, d) for d in decisions):
            return state
        seat = decisions[0].seat
        state = rules.apply(state, seat, rules.bot_choice(state, seat))
    raise AssertionError(f"{slug}: no such decision in seed {seed}")


# -- Pocket Mars ---------------------------------------------------------------------------------
KINDS["pocket-mars"] = frozenset({
    "Draft: keep 1 of these {n} cards; the rest pass to the player on your left ({picks} pick(s) to go).",
    "Setup: choose 2 of your 4 cards to place face down in your prep module (the rest stay in hand).",
    "Round {n}: your turn. Choose one action.",
    "Your card beat the value under {building}. Move a colonist from your ship to its star area?",
    "{card} was played from your prep module. Use its lower half? {effect}",
    "{card} was played from your prep module. You cannot use its lower half ({reason}).",
    "{card}: {effect} Choose how.",
    "{building} building ability: choose, or skip.",
    "Solo: instead of drawing, take one of the Devious Automatics' face-down prep cards ({n} draw(s) to make).",
    "4-card rule: discard {n} card(s) from your hand.",
    "4-card rule: put {n} card(s) from your hand face down into your prep module (others will see the colour).",
})


@builds("pocket-mars")
def _pocket_mars() -> Iterator[tuple[str, Any]]:
    state = played_until("pocket-mars", 3, 2, lambda s, d: bool(s.steps) and s.steps[0].kind == "turn")
    seat = state.steps[0].seat
    state.pl[seat].hand.append(state.deck.pop())  # a draw left the seat with 5 cards
    state.steps.insert(0, PocketMarsStep("discard4", seat, n=1))
    yield "4-card rule with a card too many", state

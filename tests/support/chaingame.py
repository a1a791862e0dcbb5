"""A tiny game of single-option decisions, to test what the platform plays for a player.

Seat 0 picks a letter; then it must confirm (one option: the platform plays it); then it must
draw a card (one option, but drawing reveals: left to the player); then seat 1 picks a letter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import CoreState, Decision, GameRules, Option, Outcome
from renderers.common import canvas, font

STEPS = ("pick", "confirm", "draw", "answer")


@dataclass(kw_only=True)
class ChainState(CoreState):
    step: int = 0
    picks: list[str] = field(default_factory=list)
    drawn: int = 0


class ChainGame(GameRules[ChainState]):
    slug = "tiny-chain"
    title = "Tiny Chain"
    min_players = 2
    max_players = 2
    summary = "Pick, confirm, draw, answer."
    state_type = ChainState

    def _setup(self, players, seed, options):
        return ChainState(**self.new_core(players, seed, options))

    def pending(self, state):
        if state.step >= len(STEPS):
            return []
        kind = STEPS[state.step]
        if kind == "pick":
            return [Decision(0, "Pick a letter", (Option("a", "A"), Option("b", "B")))]
        if kind == "confirm":
            return [Decision(0, "Confirm your letter", (Option("ok", "Confirm"),))]
        if kind == "draw":
            return [Decision(0, "Draw a card", (Option("draw", "Draw"),))]
        return [Decision(1, "Answer", (Option("x", "X"), Option("y", "Y")))]

    def _apply(self, state, decision, choice):
        if STEPS[state.step] == "draw":
            state.drawn = state.rng.randrange(10)
            state.mark_reveal()
        state.picks.append(choice)
        state.say(f"{STEPS[state.step]}: {choice}")
        state.step += 1

    def outcome(self, state):
        return Outcome((1, 0), (0,)) if state.step >= len(STEPS) else None

    def _view(self, state, seat):
        return {"step": state.step, "picks": list(state.picks)}

    def hidden_tokens(self, state, viewer):
        return set()

    def baseline_choice(self, state, seat):
        return self.pending(state)[0].options[0].id


RULES = ChainGame()


def public(view, names):
    image, draw = canvas(400, 80)
    draw.text((10, 10), f"Step {view['step']}: {' '.join(view['picks'])}", fill="white", font=font(16))
    return image


private = public

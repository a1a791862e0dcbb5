"""A tiny game with a trap for greedy bots, to test the generic search (games/core/search.py).

Seat 0 plays a chain of three steps in one turn, then seat 1 answers once. Seat 0's first step is
"safe" (+2 at once, then a step worth +1) or "build" (nothing at once; then "cash" +1 or "invest",
nothing at once but then "harvest" +6). The greedy baseline takes the best step in sight: safe, +1,
+1 = 4 points; the best chain is build, invest, harvest = 6. Seat 1 holds a hidden card (a number
from the deck) and scores it: 3, 4 or 5. Seat 0 wins with more points than seat 1, so only the
chain build-invest-harvest always wins, and only a search through the chain finds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import CoreState, Decision, GameRules, HiddenDeal, Option, Outcome, SearchPieces, logistic, reseeded

FIRST = {"safe": 2, "build": 0}
SECOND = {"safe": {"more": 1}, "build": {"cash": 1, "invest": 0}}
THIRD = {"more": {"more": 1}, "cash": {"more": 1}, "invest": {"harvest": 6, "more": 1}}


@dataclass(kw_only=True)
class TrapState(CoreState):
    path: list[str] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    deck: list[int] = field(default_factory=lambda: [3, 4, 5])
    hand: list[int] = field(default_factory=list)
    done: bool = False


class TrapGame(GameRules[TrapState]):
    slug = "tiny-trap"
    title = "Tiny Trap"
    min_players = 2
    max_players = 2
    summary = "A chain of three steps; the greedy chain loses."
    state_type = TrapState

    def _setup(self, players, seed, options):
        state = TrapState(**self.new_core(players, seed, options))
        state.rng.shuffle(state.deck)
        state.hand = [state.deck.pop()]
        return state

    def _options(self, state) -> dict[str, int]:
        if not state.path:
            return FIRST
        if len(state.path) == 1:
            return SECOND[state.path[0]]
        return THIRD[state.path[1]]

    def pending(self, state):
        if state.done:
            return []
        if len(state.path) < 3:
            return [Decision(0, "Your step", tuple(Option(key, key) for key in self._options(state)))]
        return [Decision(1, "Answer", (Option("show", "Show your card"), Option("wait", "Wait")))]

    def _apply(self, state, decision, choice):
        if decision.seat == 0:
            state.points[0] += self._options(state)[choice]
            state.path.append(choice)
        else:
            state.points[1] += state.hand[0]
            state.done = True

    def outcome(self, state):
        if not state.done:
            return None
        return Outcome(tuple(state.points), (0,) if state.points[0] > state.points[1] else (1,))

    def _view(self, state, seat):
        view = {"path": list(state.path), "points": list(state.points), "deck": len(state.deck)}
        if seat == 1:
            view["hand"] = list(state.hand)
        return view

    def hidden_tokens(self, state, viewer):
        return set()

    def baseline_choice(self, state, seat):
        options = self._options(state) if seat == 0 else {"show": 0}
        return max(options, key=lambda key: (options[key], key))

    def redeal(self, state, seat, rng):
        sample = state.next_copy()
        if seat != 1:
            deal = HiddenDeal()
            deal.hide_all(sample.hand)
            deal.hide_all(sample.deck)
            deal.deal(rng)
        reseeded(sample, rng)
        return sample

    def search_pieces(self):
        return SearchPieces(evaluate=lambda state, seat: logistic(state.points[seat] - state.points[1 - seat], 2.0))


RULES = TrapGame()

"""A very small game used to test the platform with every decision shape:
a secret simultaneous pick, a multi-pick, hidden hands and draws that reveal."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import CoreState, Decision, GameOption, GameRules, IllegalChoice, Option, Outcome, Progress, Round, Standing
from renderers.common import canvas, font

ROUNDS = 3


@dataclass(kw_only=True)
class DuelState(CoreState):
    deck: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    discarded: list[bool] = field(default_factory=list)
    played: dict[int, str] = field(default_factory=dict)
    scores: list[int] = field(default_factory=list)
    round: int = 1


def value(card: str) -> int:
    return int(card[1:])


class TinyDuel(GameRules[DuelState]):
    slug = "tiny-duel"
    title = "Tiny Duel"
    min_players = 2
    max_players = 3
    summary = "Swap up to two cards, then three rounds of secret plays; the highest card scores."
    options = (GameOption("hand", "Cards in hand (30 tests paging)", ("5", "30"), "5"),)
    state_type = DuelState

    def _setup(self, players, seed, options):
        state = DuelState(**self.new_core(players, seed, options))
        size = int(options["hand"])
        state.deck = [f"t{n}" for n in range(1, size * players + 12)]
        state.rng.shuffle(state.deck)
        state.hands = [[state.deck.pop() for _ in range(size)] for _ in range(players)]
        state.discarded = [False] * players
        state.scores = [0] * players
        return state

    def pending(self, state):
        if state.round > ROUNDS:
            return []
        if not all(state.discarded):
            return [Decision(seat, "Swap up to two cards", tuple(Option(c, f"Card {value(c)}") for c in hand), 0, 2)
                    for seat, hand in enumerate(state.hands) if not state.discarded[seat]]
        return [Decision(seat, f"Round {state.round}: play a card", tuple(Option(c, f"Card {value(c)}") for c in hand),
                         secret=True)
                for seat, hand in enumerate(state.hands) if seat not in state.played]

    def _apply(self, state, decision, choice):
        seat = decision.seat
        if not state.discarded[seat]:
            for card in choice:
                state.hands[seat].remove(card)
                state.hands[seat].append(state.deck.pop())
            if choice:
                state.mark_reveal()
            state.discarded[seat] = True
            state.say(f"Seat {seat + 1} swapped {len(choice)} card(s).")
            return
        if choice not in state.hands[seat]:
            raise IllegalChoice("not in hand")
        state.played[seat] = choice
        state.say(f"Seat {seat + 1} played a card face down.")
        if len(state.played) == state.players:
            state.mark_reveal()
            best = max(state.played.values(), key=value)
            for who, card in sorted(state.played.items()):
                state.hands[who].remove(card)
                state.say(f"Seat {who + 1} reveals {value(card)}.")
            winner = next(s for s, c in state.played.items() if c == best)
            state.scores[winner] += 1
            state.say(f"Seat {winner + 1} wins round {state.round}.")
            for who, hand in enumerate(state.hands):
                state.say(f"Your lowest card is now {min(map(value, hand), default=0)}.", seat=who)
            state.played = {}
            state.round += 1

    def outcome(self, state):
        if state.round <= ROUNDS:
            return None
        top = max(state.scores)
        return Outcome(tuple(state.scores), tuple(s for s, v in enumerate(state.scores) if v == top))

    def _view(self, state, seat):
        return {
            "scores": list(state.scores),
            "round": state.round,
            "hand_sizes": [len(h) for h in state.hands],
            "played": sorted(state.played),
            "hand": list(state.hands[seat]) if seat is not None else [],
        }

    def progress(self, state):
        return Progress(Round((state.round,), str(state.round)),
                        tuple(Standing(seat, score) for seat, score in enumerate(state.scores)))

    def hidden_tokens(self, state, viewer):
        hidden = set(state.deck)
        for seat, hand in enumerate(state.hands):
            if seat != viewer:
                hidden.update(hand)
        return hidden

    def baseline_choice(self, state, seat):
        if not state.discarded[seat]:
            return sorted(state.hands[seat], key=value)[:1]
        return max(state.hands[seat], key=value) if state.round % 2 else min(state.hands[seat], key=value)


RULES = TinyDuel()


def public(view, names):
    image, draw = canvas(400, 120)
    draw.text((10, 10), f"Round {view['round']}  scores {view['scores']}", fill="white", font=font(16))
    return image


def private(view, names):
    image, draw = canvas(400, 80)
    draw.text((10, 10), "Hand: " + " ".join(view["hand"]), fill="white", font=font(16))
    return image

"""Drawing the hidden parts of a state anew, for bot players that must not know them.

A game's `redeal(state, seat, rng)` (see `GameRules.redeal`) returns a state the seat cannot tell
apart from the given one, with everything the seat cannot see drawn again at random. `HiddenDeal`
does the drawing for cards in places: a game names the places whose contents the seat cannot see
(other hands, the deck, face-down cards), with a constraint where the seat sees something about the
card (its colour on the back); `deal(rng)` then puts the pooled cards back at random, keeping each
constraint. The pool is sorted before it is shuffled, so the result depends only on which cards are
hidden (known from what the seat has seen) and on `rng`, never on where they really were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, MutableSequence

from .rng import Rng


@dataclass
class _Place:
    """One hidden slot, `box[key]` (a list index or a dict key). `trait(card)` is what the seat sees
    of the card there (None: nothing), so the deal puts there a card with the same trait."""

    box: Any
    key: Any
    trait: Callable[[Any], Hashable] | None = None

    def wants(self) -> Hashable:
        return None if self.trait is None else self.trait(self.box[self.key])


@dataclass
class HiddenDeal:
    """Hidden cards gathered from their places, to be dealt back at random.

    Places must be named in an order that depends only on what the seat sees (seat by seat, list
    position by list position), never on the hidden cards themselves."""

    places: list[_Place] = field(default_factory=list)
    unplaced: list = field(default_factory=list)

    def hide_all(self, cards: MutableSequence, trait: Callable[[Any], Hashable] | None = None) -> None:
        """Every card of the list `cards` is hidden from the seat (its length is not). `trait(card)`:
        what the seat sees of each card (e.g. the colour on its back), kept by the deal."""
        for index in range(len(cards)):
            self.places.append(_Place(cards, index, trait))

    def hide(self, box: Any, key: Any, trait: Callable[[Any], Hashable] | None = None) -> None:
        """The card at `box[key]` (a list index or a dict key) is hidden; `trait`: as for `hide_all`."""
        self.places.append(_Place(box, key, trait))

    def also_unseen(self, cards: list) -> None:
        """Cards the seat has not seen that are in no place of the state (out of the game, like a
        corporation nobody kept): a place may get one of them in the deal. Together with the
        places' cards they must be what the seat's knowledge says is unseen."""
        self.unplaced.extend(cards)

    def pool(self) -> list:
        """The hidden cards, in canonical (sorted) order."""
        return sorted([place.box[place.key] for place in self.places] + self.unplaced, key=_order)

    def deal(self, rng: Rng) -> None:
        """Put the pooled cards back at random. Places with a trait first, each taking a card with
        the trait it showed, then the rest: a uniform draw among all deals the seat cannot tell
        apart from the real one."""
        wanted = [(place, place.wants()) for place in self.places if place.trait is not None]
        cards = self.pool()
        rng.shuffle(cards)
        taken: set[int] = set()
        buckets: dict[tuple, list[int]] = {}        # (trait, shown) -> indices of fitting cards, last taken first
        sorted_by: set[int] = set()
        for place, shown in wanted:
            trait = place.trait
            assert trait is not None    # `wanted` holds only places with a trait
            key = (id(trait), shown)
            if id(trait) not in sorted_by:
                sorted_by.add(id(trait))
                for index, card in enumerate(cards):
                    buckets.setdefault((id(trait), trait(card)), []).append(index)
            fitting = buckets.get(key, [])
            while fitting and fitting[-1] in taken:
                fitting.pop()
            if not fitting:
                raise ValueError(f"no hidden card shows {shown!r}")
            index = fitting.pop()
            taken.add(index)
            place.box[place.key] = cards[index]
        rest = [card for index, card in enumerate(cards) if index not in taken]
        rng.shuffle(rest)
        for place in self.places:
            if place.trait is None:
                place.box[place.key] = rest.pop()


def _order(card: Any) -> tuple:
    """Cards of mixed types (ids as ints or strs) still sort the same way every time."""
    return (type(card).__name__, card)


def seat_rng(seq: int, seat: int, salt: str = "") -> Rng:
    """The random stream a bot of `seat` draws its samples from at move `seq` (both public): the same
    position gives the same samples, whatever the hidden parts are."""
    mixed = seq * 1_000_003 + seat * 7_919 + sum(ord(ch) * 31 ** i for i, ch in enumerate(salt))
    return Rng.from_seed(mixed & ((1 << 63) - 1))


def reseeded(state: Any, rng: Rng) -> None:
    """Give `state` (a copy) a fresh random stream for its future draws and a seed no view shows:
    the real stream would tell what the next shuffle or roll brings."""
    state.rng = Rng(rng.next64())
    state.seed = rng.next64() >> 1

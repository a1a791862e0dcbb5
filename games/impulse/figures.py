"""The pictures of Impulse's player's rulebook (see games.core.Figure): which moment of which game
each shows, and where its numbered callouts sit (fractions of the image's width and height)."""

from __future__ import annotations

from games.core import Callout, Figure

FIGURES: dict[str, Figure] = {
    # Three players early in the first round: homes, face-down cards, the Sector Core, the Impulse.
    "map": Figure(players=3, seed=1, moves=20, callouts=(
        Callout(1, 0.10, 0.175),   # a face-up card: Player 1's home
        Callout(2, 0.46, 0.15),    # face-down cards
        Callout(3, 0.325, 0.415),   # the Sector Core
        Callout(4, 0.27, 0.505),   # a cruiser on a gate
        Callout(5, 0.22, 0.795),  # transports on a card
        Callout(6, 0.755, 0.133),  # the Impulse, oldest card first
        Callout(7, 0.80, 0.395),   # a player: score, ships, hand, core gates, gems
    )),
    # Player 1's hand and techs at the same moment.
    "hand": Figure(players=3, seed=1, moves=20, seat=0, callouts=(
        Callout(1, 0.16, 0.235),    # colour, size and boxed number
        Callout(2, 0.232, 0.235),   # the action
        Callout(3, 0.25, 0.37),    # the effect
        Callout(4, 0.15, 0.76),    # your techs
    )),
}

"""The pictures of Pocket Mars's player's rulebook (see games.core.Figure): which moment of which
game each shows, and where its numbered callouts sit (fractions of the image's width and height)."""

from __future__ import annotations

from games.core import Callout, Figure

FIGURES: dict[str, Figure] = {
    # Three players, a few turns in: the five buildings, the rows of the players, the deck.
    "board": Figure(players=3, seed=1, moves=12, callouts=(
        Callout(1, 0.182, 0.18),    # a building and its colour
        Callout(2, 0.033, 0.312),   # the value a prep card must beat
        Callout(3, 0.10, 0.42),    # double-star area
        Callout(4, 0.10, 0.57),    # star area
        Callout(5, 0.89, 0.56),    # Construction holds no colonists
        Callout(6, 0.445, 0.68),   # ship, Earth, Mars counts
        Callout(7, 0.97, 0.68),    # prep colours everyone sees
        Callout(8, 0.235, 0.108),  # deck and discard pile
    )),
    # The same moment as Player 1 sees their own four cards.
    "hand": Figure(players=3, seed=1, moves=12, seat=0, callouts=(
        Callout(1, 0.40, 0.125),   # colour and value
        Callout(2, 0.47, 0.23),    # upper half: played from hand
        Callout(3, 0.47, 0.32),    # lower half: played from a prep module
        Callout(4, 0.47, 0.67),    # a card in your prep module
    )),
}

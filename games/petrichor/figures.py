"""The pictures of Petrichor's player's rulebook (see games.core.Figure): which moment of which
game each shows, and where its numbered callouts sit (fractions of the image's width and height)."""

from __future__ import annotations

from games.core import Callout, Figure

FIGURES: dict[str, Figure] = {
    # Three players in round 2: clouds white and dark, crops sprouted and growing, dice on wheat.
    "field": Figure(players=3, seed=2, moves=90, callouts=(
        Callout(1, 0.165, 0.165),  # a crop tile
        Callout(2, 0.08, 0.555),    # drops on the tile / drops it needs, and its stage
        Callout(3, 0.43, 0.885),    # what it pays by rank
        Callout(4, 0.115, 0.81),  # each player's drops on a tile
        Callout(5, 0.622, 0.30),   # a white cloud and the drops in it
        Callout(6, 0.43, 0.35),   # a dark cloud (lightning)
        Callout(7, 0.76, 0.125),   # scores, supplies, vote markers, vote track, hand
        Callout(8, 0.90, 0.54),    # the votes on each weather
        Callout(9, 0.85, 0.73),   # the harvest dice
        Callout(10, 0.265, 0.088),  # the first player
    )),
    # Player 1's hand in round 1.
    "hand": Figure(players=3, seed=1, moves=8, seat=0, callouts=(
        Callout(1, 0.135, 0.40),   # a card: its weather; the top line names the two it may vote for
        Callout(2, 0.31, 0.59),    # its name, and under it its effect
        Callout(3, 0.53, 0.18),    # your supply, markers and score
    )),
}

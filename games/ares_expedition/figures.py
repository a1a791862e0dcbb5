"""The pictures of the player's rulebook (RULEBOOK.md and its translation), as data: each is a
moment of a seeded game played by the bot players, and its numbered callouts point at what the
page's numbered list explains. Callouts sit where both languages leave room (the Chinese labels
are wider), checked at Discord's 550 px preview."""

from __future__ import annotations

from games.core import Callout, Figure

FIGURES: dict[str, Figure] = {
    # Round 8, the Action phase: A picked Action, B Production; four oceans flipped; green, blue
    # and red cards in play, one of them holding microbes.
    "board": Figure(players=2, seed=5, moves=50, callouts=(
        Callout(1, 0.17, 0.125),   # the phase cards and who picked them
        Callout(2, 0.25, 0.19),    # temperature and its bands
        Callout(3, 0.25, 0.247),   # oxygen
        Callout(4, 0.10, 0.36),    # oceans: face down and flipped
        Callout(5, 0.955, 0.425),  # a player's row
        Callout(6, 0.66, 0.512),   # production per round
        Callout(7, 0.95, 0.735),   # played cards and tags
    )),
    # Player 1's hand as the Development phase of round 1 begins (both picked Development).
    "hand": Figure(players=2, seed=3, moves=4, seat=0, callouts=(
        Callout(1, 0.28, 0.113),   # name, cost now and printed cost
        Callout(2, 0.40, 0.147),   # colour and tags
        Callout(3, 0.44, 0.815),   # a requirement not met
        Callout(4, 0.44, 0.45),    # what the card does
        Callout(5, 0.36, 0.278),   # may it be played now
    )),
    # Solo, round 6: the player picked Development, the dummy Construction.
    "solo": Figure(players=1, seed=4, moves=19, callouts=(
        Callout(1, 0.36, 0.165),   # the dummy's phase card
        Callout(2, 0.90, 0.243),   # the solo line: difficulty, counter, rounds
    )),
}

"""The pictures of the player's rulebook (RULEBOOK.md and its translation), as data: each is a
moment of a seeded game played by the bot players, and its numbered callouts point at what the
page's numbered list explains. Callouts sit where both languages leave room (the Chinese labels
are wider), checked at Discord's 550 px preview."""

from __future__ import annotations

from games.core import Callout, Figure

FIGURES: dict[str, Figure] = {
    # Two Houses, Cycle 1, turn 1: Yarvek (A) has taken Shardbelt; Belitan (B) is to act.
    "map": Figure(players=2, seed=3, moves=29, callouts=(
        Callout(1, 0.65, 0.024),   # Cycle, phase, turn, who acts
        Callout(2, 0.86, 0.047),   # the Event, turn order, Trade tokens on the board
        Callout(3, 0.32, 0.10),    # a Home sector
        Callout(4, 0.585, 0.175),  # a fleet (Korrin's Corvette)
        Callout(5, 0.23, 0.21),    # a Voidborn sector (Ilex)
        Callout(6, 0.79, 0.125),   # the Fallen House
        Callout(7, 0.50, 0.335),   # the Rift
        Callout(8, 0.50, 0.54),    # a Voidstorm
        Callout(9, 0.46, 0.745),   # the House panels
    )),
    # The same moment seen by Yarvek (A): its House mat.
    "house": Figure(players=2, seed=3, moves=29, seat=0, callouts=(
        Callout(1, 0.36, 0.088),   # House, ability, Influence, Corruption, Upkeep due
        Callout(2, 0.10, 0.13),    # resources: stock, production level, yield
        Callout(3, 0.25, 0.296),   # Civilization tracks
        Callout(4, 0.36, 0.63),    # cubes active and inactive
        Callout(5, 0.40, 0.707),   # Glory, Trade, Bounty, Reclaim tokens
        Callout(6, 0.95, 0.58),    # technologies
        Callout(7, 0.22, 0.766),   # Focus cards
        Callout(8, 0.62, 0.766),   # Agendas
        Callout(9, 0.30, 0.915),   # fleets on the map
    )),
    # Solo (medium), Cycle 1, round 1: the crisis board beside the map.
    "solo": Figure(players=1, seed=2, moves=6, callouts=(
        Callout(1, 0.628, 0.188),  # the Voidborn's final Influence so far
        Callout(2, 0.628, 0.243),  # catastrophes
        Callout(3, 0.628, 0.29),   # the current crisis
        Callout(4, 0.628, 0.42),   # this round's alert card and the alert deck
        Callout(5, 0.15, 0.665),   # military row
        Callout(6, 0.15, 0.735),   # economic row
        Callout(7, 0.46, 0.835),   # safe havens, harbingers, lost technologies
    )),
}

"""Voidfall's bot players, over the game and the Voidborn opponent (they import both; neither
imports them). `players.choose` is the one entry point, handed to `VoidfallRules` where the
package is assembled (games/voidfall/__init__.py).

Bottom up:
- `campaign.py`: the campaign against the Voidborn (which sectors to take back, in what order);
- `judge.py`: what the Voidborn's own pieces mean to a house (crises, havens, assaults, the
  effects of Heroic/Joint cards);
- `values.py`: the values both bots share (an effect, an action, a production; invasion targets;
  a house's worth for the look-aheads);
- `house.py`: the house bot (greedy, competitive and every decision the others leave);
- `voidborn.py`: the bot's `solo_*` decisions and the copies its look-aheads play out;
- `tactics.py`: against the Voidborn, the steering and look-ahead over the house bot's picks;
- `players.py`: which of them answers a decision.

Every bot decides only from what its seat may see and is deterministic.
"""

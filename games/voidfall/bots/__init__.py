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
- `players.py`: which of them answers a decision (the game's `baseline_choice`);
- `levels.py`: what the bot levels (easy, normal, hard: games/core/levels.py) need of the game: the
  sampler of the hidden parts (`redeal`) and the search's evaluation, horizon and rollout policy.

Every bot is deterministic. The levels decide from a `redeal` sample only (the conformance suite's
honesty checks); the baseline (and the look-aheads inside it) read the state they are given.
"""

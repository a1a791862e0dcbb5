"""The Voidfall golden set: seeded games whose every step is fingerprinted.

Each entry was played once through the contract (`games.core.play`: the game's own bot, the
`baseline` level, with a share of random exploration); the file keeps its moves (seat, choice) and, after every step, a fingerprint
of the dumped state, the open decisions and the public view. test_golden.py replays the recorded
moves with `RULES.apply` alone, so it checks the rules engine step by step whatever the bot now
thinks; a restructure must leave every fingerprint unchanged, and a rules fix that changes games
regenerates the file (`python -m tests.voidfall.golden`) in the same commit, with a test that says
why. Only the few games in BOT_GAMES are still played by the bot there (its determinism and its
leaving the state it is given alone). The bot's play itself is tested in tests/voidfall/test_bot.py
and test_voidborn_bot.py (house bot, Voidborn bot) and tests/voidfall_solo/test_bot.py,
test_plan_ahead.py and test_games.py (the solo/co-op bot, its look-ahead and whole games).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterator

from games.core import BASELINE, play
from games.voidfall import RULES
from tests.support.english import english

GOLDEN_FILE = Path(__file__).with_name("golden_voidfall.json")

# (players, seed, options, explore): competitive 2-4, solo at each difficulty, co-op 2-4.
GAMES: tuple[tuple[int, int, dict, float], ...] = (
    (2, 1, {}, 0.0), (2, 2, {}, 0.3), (2, 3, {"houses": "all"}, 0.6),
    (3, 4, {}, 0.0), (3, 5, {"houses": "all"}, 0.3), (3, 6, {}, 0.6),
    (4, 7, {}, 0.0), (4, 8, {"houses": "all"}, 0.3), (4, 9, {}, 0.6),
    (2, 10, {"houses": "all"}, 1.0), (3, 11, {}, 1.0), (4, 12, {"houses": "all"}, 1.0),
    (1, 13, {"difficulty": "easy"}, 0.0), (1, 14, {"difficulty": "medium"}, 0.0),
    (1, 15, {"difficulty": "hard"}, 0.0), (1, 16, {"difficulty": "easy", "secret_focus": "on"}, 0.3),
    (1, 17, {"difficulty": "medium", "houses": "all"}, 0.6), (1, 18, {"difficulty": "hard"}, 1.0),
    (1, 19, {"difficulty": "easy"}, 1.0), (1, 20, {"difficulty": "medium", "secret_focus": "on"}, 0.6),
    (2, 21, {"mode": "coop", "difficulty": "easy"}, 0.0), (2, 22, {"mode": "coop"}, 0.3),
    (3, 23, {"mode": "coop", "difficulty": "hard"}, 0.3), (4, 24, {"mode": "coop", "houses": "all"}, 0.6),
    (2, 25, {"mode": "coop", "secret_focus": "on"}, 0.6), (3, 26, {"mode": "coop", "difficulty": "easy"}, 1.0),
    (4, 27, {"mode": "coop", "difficulty": "hard", "secret_focus": "on"}, 1.0),
    (2, 28, {"mode": "coop", "difficulty": "easy", "houses": "all"}, 1.0),
    (3, 29, {"mode": "coop", "difficulty": "medium"}, 0.6), (4, 30, {"mode": "coop"}, 0.3),
)
# Games test_golden.py still plays with the bot: a short competitive one and a short solo one
# whose bot choices go through the solo look-ahead.
BOT_GAMES = (2, 16)

Move = tuple[int, Any]


def game_key(players: int, seed: int, options: dict, explore: float) -> str:
    return f"{players}p seed {seed} {json.dumps(options, sort_keys=True)} explore {explore}"


# Issue 38 item 5 added bookkeeping the rules never read: where each house's Influence came from
# (`House.scored`, `House.forgone`, the "score" an effect group passes to its effects) and, once
# the game is over, the view's verdict and final breakdown. Fingerprints leave it out, so the set
# goes on checking that the rules play every recorded game exactly as before.
HOUSE_LEDGER = ("scored", "forgone")
END_OF_GAME_VIEW = ("verdict", "breakdown")


def without_ledger(dumped: dict) -> dict:
    """A dumped state without the score ledger (a copy; see HOUSE_LEDGER): the houses' ledger and
    the "score" of every effect group's context, wherever its task waits (simultaneous lanes too)."""
    dumped = json.loads(json.dumps(dumped))
    for house in dumped.get("houses", []):
        for key in HOUSE_LEDGER:
            house.pop(key, None)
    _drop_group_scores(dumped.get("tasks", []))
    return dumped


def _drop_group_scores(found: Any) -> None:
    if isinstance(found, dict):
        ctx = found.get("ctx")
        if isinstance(ctx, dict):
            ctx.pop("score", None)
        for value in found.values():
            _drop_group_scores(value)
    elif isinstance(found, list):
        for value in found:
            _drop_group_scores(value)


def fingerprint(state, decisions) -> str:
    """A short hash of the dumped state, the open decisions and the public view."""
    # In English, so that a text becoming a message with the same English changes nothing.
    view = {key: value for key, value in RULES.view(state, None).items() if key not in END_OF_GAME_VIEW}
    blob = json.dumps(english([without_ledger(RULES.dump(state)), [repr(english(d)) for d in decisions], view]),
                      sort_keys=True, default=repr)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def played(players: int, seed: int, options: dict, explore: float) -> tuple[list[Move], list[str]]:
    """The game played by the bot (with its share of exploration): its moves, and one
    fingerprint per step (the start, then after every move)."""
    steps: list[str] = []
    moves = play(RULES, players, seed, options, explore=explore, level=BASELINE,
                 on_step=lambda state, decisions: steps.append(fingerprint(state, decisions))).moves
    return moves, steps


def states(players: int, seed: int, options: dict, moves: list[Move]) -> Iterator[tuple[Any, list]]:
    """Every state of the game the recorded `moves` make, applied by the rules alone (no bot),
    with its open decisions: the start, then after every move."""
    state = RULES.setup(players, seed, options)
    for seat, choice in moves:
        yield state, RULES.pending(state)
        state = RULES.apply(state, seat, choice)
    yield state, RULES.pending(state)


def replayed(players: int, seed: int, options: dict, moves: list[Move]) -> list[str]:
    """The fingerprints of the recorded `moves` applied by the rules alone."""
    return [fingerprint(state, decisions) for state, decisions in states(players, seed, options, moves)]


def recorded() -> dict[str, dict[str, list]]:
    """The golden file: per game, its moves and its fingerprints."""
    return json.loads(GOLDEN_FILE.read_text())


def _lines(key: str, entry: dict[str, list]) -> str:
    moves = ",\n".join(json.dumps(move) for move in entry["moves"])
    steps = ",\n".join(json.dumps(step) for step in entry["steps"])
    return f'{json.dumps(key)}: {{\n"moves": [\n{moves}\n],\n"steps": [\n{steps}\n]\n}}'


def write(entries: dict[str, dict[str, list]]) -> None:
    """One move and one fingerprint a line, so that a regenerated file diffs readably."""
    GOLDEN_FILE.write_text("{\n" + ",\n".join(_lines(key, entry) for key, entry in entries.items()) + "\n}\n")


def record() -> dict[str, dict[str, list]]:
    """Play every game with the bot; each one's moves must replay (through JSON) to the same
    fingerprints, else the file could not check the rules alone."""
    out = {}
    for game in GAMES:
        moves, steps = played(*game)
        moves = json.loads(json.dumps(moves))
        assert replayed(game[0], game[1], game[2], moves) == steps, f"{game_key(*game)}: the moves do not replay"
        out[game_key(*game)] = {"moves": moves, "steps": steps}
    return out


if __name__ == "__main__":
    write(record())
    print(f"wrote {GOLDEN_FILE}")

"""The Voidfall golden set: seeded bot games whose every step is fingerprinted.

Each entry plays a whole game through the contract (`games.core.play`, the bot with a share of
random exploration) and fingerprints, after every step, the dumped state, the open decisions and
the public view. A restructure must leave every fingerprint unchanged; a rules fix that changes
games regenerates the file (`python -m tests.voidfall.golden`) in the same commit, with a test
that says why.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from games.core import play
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


def game_key(players: int, seed: int, options: dict, explore: float) -> str:
    return f"{players}p seed {seed} {json.dumps(options, sort_keys=True)} explore {explore}"


def fingerprints(players: int, seed: int, options: dict, explore: float) -> list[str]:
    """One short hash per step: dumped state, open decisions and the public view."""
    out: list[str] = []

    def on_step(state, decisions) -> None:
        # In English, so that a text becoming a message with the same English changes nothing.
        blob = json.dumps(english([RULES.dump(state), [repr(english(d)) for d in decisions], RULES.view(state, None)]),
                          sort_keys=True, default=repr)
        out.append(hashlib.sha256(blob.encode()).hexdigest()[:12])

    play(RULES, players, seed, options, explore=explore, on_step=on_step)
    return out


def record() -> dict[str, list[str]]:
    return {game_key(*game): fingerprints(*game) for game in GAMES}


if __name__ == "__main__":
    GOLDEN_FILE.write_text(json.dumps(record(), indent=0) + "\n")
    print(f"wrote {GOLDEN_FILE}")

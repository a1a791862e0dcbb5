"""Records saved_states_2d8ac54.json for test_saved_states.py: dumped states at solo, co-op and
competitive decision points, made with main 2d8ac54 before the restructure (run from the repo
root: python -m tests.voidfall.record_saved_states; never rerun it on later code)."""
import hashlib
import json

from games.core import play
from games.voidfall import RULES

WANT = {"solo_check", "solo_row", "solo_secret", "solo_advance", "solo_assault", "turn", "defend", "upkeep"}


def main() -> None:
    out = []
    for players, seed, options, explore in [(1, 16, {"difficulty": "easy", "secret_focus": "on"}, 0.3),
                                             (2, 22, {"mode": "coop"}, 0.3), (3, 23, {"mode": "coop", "difficulty": "hard"}, 0.3), (3, 5, {"houses": "all"}, 0.3)]:
        got = {}
        states = []
        def on_step(state, decisions):
            if decisions and state.tasks:
                states.append(RULES.dump(state))
        play(RULES, players, seed, options, explore=explore, on_step=on_step)
        for blob in states:
            st = RULES.load(blob)
            k = st.tasks[-1].kind
            if k in WANT and k not in got and st.seq > 30:
                d = RULES.pending(st)[0]
                choice = RULES.bot_choice(st, d.seat)
                after = RULES.apply(st, d.seat, choice)
                got[k] = {"game": [players, seed, options], "top": k, "state": blob, "seat": d.seat, "choice": choice,
                          "after": hashlib.sha256(json.dumps(RULES.dump(after), sort_keys=True).encode()).hexdigest()[:16]}
        out += list(got.values())
    print([(o["game"][:2], o["top"]) for o in out])
    json.dump({"saved_by": "main 2d8ac54 (before issue 19's restructure)", "states": out},
              open("tests/voidfall/saved_states_2d8ac54.json", "w"), sort_keys=True)


if __name__ == "__main__":
    main()

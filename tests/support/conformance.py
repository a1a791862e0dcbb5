"""The conformance checks every registered game must pass, shared by tests/test_conformance.py
(playouts at every player count, bad choices, setup, the bots' honesty) and
tests/test_conformance_options.py (every option value and declared combination played in full)."""

from __future__ import annotations

import json
import random

import pytest

from games.core import BOT_LEVELS, HARD, GameOver, Rng, play, random_choice, replay
from games.core.i18n import languages, render

HARD_WORK = 60           # simulated steps for the hard level in the honesty checks (its choice then repeats)


def _strings(data) -> set[str]:
    """Every string (keys and values) inside JSON data."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def assert_secret(rules, state) -> None:
    for viewer in [None, *range(state.players)]:
        view = rules.view(state, viewer)
        text = json.dumps(view)  # views are JSON-safe
        assert "seed" not in view and str(state.seed) not in _strings(view)
        assert str(state.rng.state) not in text
        leaked = rules.hidden_tokens(state, viewer) & _strings(view)
        assert not leaked, f"view for {viewer} shows hidden {sorted(leaked)[:5]}"


def _distinct_choices(decision, rnd, count=2) -> list:
    """Up to `count` different legal choices for `decision`."""
    if decision.number is None and decision.max_picks == 1:
        ids = [o.id for o in decision.options]
        return rnd.sample(ids, min(count, len(ids)))
    found = []
    for _ in range(12):
        choice = random_choice(decision, rnd)
        if choice not in found:
            found.append(choice)
        if len(found) == count:
            break
    return found


def assert_secret_picks_hidden(rules, state, decisions, rnd) -> None:
    """While others still have secret choices to make, nothing any other viewer sees (view or
    log) may depend on what a seat secretly picked; the last secret pick counts as a reveal."""
    secret = [d for d in decisions if d.secret]
    for decision in secret:
        choices = _distinct_choices(decision, rnd)
        outcomes = [rules.apply(state, decision.seat, c) for c in choices]
        last = not any(d.seat != decision.seat for d in secret)
        for after in outcomes:
            if last:
                assert rules.revealed(state, after), "the last secret pick must count as a reveal"
        if last or len(outcomes) < 2:
            continue
        for viewer in [None, *range(state.players)]:
            if viewer == decision.seat:
                continue
            seen = [(rules.view(after, viewer), rules.log_for(after, viewer)) for after in outcomes]
            assert seen[0] == seen[1], (
                f"viewer {viewer} can tell seat {decision.seat}'s secret picks {choices[0]!r} and {choices[1]!r} apart")


def _places(data, wanted: set[str]) -> dict[str, set]:
    """Where each of the `wanted` strings sits in dumped state: the container (a list's path, or
    a dict key's owner) of every occurrence. A token whose places differ between two states has
    moved. Paths are nested (parent, key) pairs, built for every node but spelled out for none."""
    found: dict[str, set] = {}

    def walk(item, path) -> None:  # only containers are walked into: a state is mostly numbers
        if type(item) is dict:
            for key, value in item.items():
                if key in wanted:
                    found.setdefault(key, set()).add((path, "{}"))
                kind = type(value)
                if kind is str:
                    if value in wanted:
                        found.setdefault(value, set()).add((path, key))
                elif kind is dict or kind is list or kind is tuple:
                    walk(value, (path, key))
        else:
            for index, value in enumerate(item):
                kind = type(value)
                if kind is str:
                    if value in wanted:
                        found.setdefault(value, set()).add((path, "[]"))
                elif kind is dict or kind is list or kind is tuple:
                    walk(value, (path, index))

    if type(data) is str:
        return {data: {()}} if data in wanted else {}
    walk(data, ())
    return found


def _swapped(data, a: str, b: str):
    """Dumped state with tokens `a` and `b` trading places (a different deal of hidden cards)."""
    if isinstance(data, dict):
        return {_swapped(k, a, b): _swapped(v, a, b) for k, v in data.items()}
    if isinstance(data, list):
        return [_swapped(item, a, b) for item in data]
    if data == a:
        return b
    if data == b:
        return a
    return data


SWAPS_PER_STEP = 3  # other deals tried for each step that moved hidden tokens without a reveal


class _Before:
    """One state about to be stepped from, with what the reveal check needs computed once."""

    def __init__(self, rules, state, data) -> None:
        self.rules, self.state, self.data = rules, state, data
        self._places: dict[int, dict] = {}
        self._hidden: dict[int, set[str]] = {}

    def places(self, seat: int) -> dict[str, set]:
        """Where the tokens hidden from `seat` sit (`_places`)."""
        if seat not in self._places:
            self._places[seat] = _places(self.data, self.hidden(seat))
        return self._places[seat]

    def hidden(self, seat: int) -> set[str]:
        if seat not in self._hidden:
            self._hidden[seat] = self.rules.hidden_tokens(self.state, seat)
        return self._hidden[seat]


def assert_reveals_marked(start: _Before, seat, choice, after, rnd) -> None:
    """A step that lets anyone see more of what was hidden from the acting seat (a pile, a
    deck, another hand) must count as a reveal, else the actor could undo it and choose again
    knowing it. Checked by dealing the hidden tokens that moved differently: if a viewer cannot
    tell the two deals apart before the step but can after it, the step revealed something."""
    rules, before, data = start.rules, start.state, start.data
    if rules.revealed(before, after):
        return
    hidden = start.hidden(seat)
    if not hidden:
        return
    places_before, places_after = start.places(seat), _places(rules.dump(after), hidden)
    moved = sorted(t for t in hidden if places_before.get(t) != places_after.get(t))
    if not moved:
        return
    partners = sorted(hidden)
    viewers = [None, *range(before.players)]
    for token in rnd.sample(moved, min(SWAPS_PER_STEP, len(moved))):
        other = rnd.choice(partners)
        if other == token:
            continue
        try:
            deal = rules.load(_swapped(data, token, other))
            deal_after = rules.apply(deal, seat, choice)
        except Exception:  # noqa: BLE001 - a deal the rules cannot play is no evidence either way
            continue
        for viewer in viewers:
            if rules.view(deal, viewer) != rules.view(before, viewer):
                continue  # this viewer can tell the deals apart already
            seen = (rules.view(after, viewer), rules.log_for(after, viewer))
            seen_in_deal = (rules.view(deal_after, viewer), rules.log_for(deal_after, viewer))
            assert seen == seen_in_deal, (
                f"seat {seat}'s choice {choice!r} shows viewer {viewer} where hidden {token!r}/{other!r} were, "
                f"but is not marked as a reveal (mark_reveal), so it could be undone")


def assert_options_distinguishable(decision) -> None:
    """Every option of a decision can be told apart by what Discord shows, label and detail, and
    its label fits a Discord button (80 characters; the detail is shown beside it, any length)."""
    for locale in languages():   # texts may be messages: check what each reader sees
        shown = [(render(o.label, locale), render(o.detail, locale)) for o in decision.options]
        assert len(shown) == len(set(shown)), f"options look alike in {decision.prompt!r}: {shown}"
        assert all(label and len(label) <= 80 for label, _ in shown), f"bad labels in {decision.prompt!r}"


def assert_final_breakdown(rules, final, outcome, players: int) -> None:
    """The end as players read it (issue 38 item 5): the public view names who won, and where the
    final scores came from (`GameRules.breakdown`), when the game gives it, has one side per seat
    in seat order, each with the outcome's score as the sum of its sources, then any automatic
    opponent, named (the one that won, when the outcome says one did)."""
    view = rules.view(final, None)
    assert view["over"] and view["verdict"], "an ended game's view names who won"
    assert json.loads(json.dumps(view["breakdown"])) == view["breakdown"]
    sides = rules.breakdown(final)
    if not sides:
        return
    assert [side.seat for side in sides[:players]] == list(range(players))
    assert all(side.seat is None and side.name for side in sides[players:])
    for side in sides:
        assert sum(source.points for source in side.sources) == side.total, side
        assert side.seat is None or side.total == outcome.scores[side.seat], side
    if outcome.opponent:
        assert not outcome.winners and any(outcome.won(side) for side in sides[players:])


def playout_checked(rules, players: int, seed: int, options: dict | None, explore: float, try_all: bool) -> None:
    """One whole game with the contract checked at every step: JSON dump/load round trips,
    redaction, secret picks, distinguishable options, every offered option applies (all of
    them when `try_all`, else a sample), the outcome, GameOver afterwards, and replay."""
    probe = random.Random(seed)
    dealer = random.Random(seed + 1)  # the reveal check's own randomness: the sampling above stays as it was

    def check(state, decisions):
        data = rules.dump(state)
        start = _Before(rules, state, data)
        assert json.loads(json.dumps(data)) == data
        assert rules.load(data) == state, "load(dump(s)) must equal s"
        if probe.random() < 0.15:
            assert_secret(rules, state)
        if any(d.secret for d in decisions) and probe.random() < 0.5:
            assert_secret_picks_hidden(rules, state, decisions, probe)
        for decision in decisions:
            assert decision.seat in range(players)
            assert_options_distinguishable(decision)
            if decision.number is None:
                ids = [o.id for o in decision.options]
                assert ids and len(ids) == len(set(ids)), "options need distinct ids"
            if decision.number is None and decision.max_picks == 1:
                ids = [o.id for o in decision.options]
                tried = ids if try_all else probe.sample(ids, min(2, len(ids)))
                for option_id in tried:
                    after = rules.apply(state, decision.seat, option_id)
                    assert_reveals_marked(start, decision.seat, option_id, after, dealer)
            else:
                choice = random_choice(decision, probe)
                after = rules.apply(state, decision.seat, choice)
                assert_reveals_marked(start, decision.seat, choice, after, dealer)

    result = play(rules, players, seed, options, explore=explore, on_step=check)
    final = result.final
    outcome = rules.outcome(final)
    assert outcome is not None and len(outcome.scores) >= players
    assert all(w in range(players) for w in outcome.winners)
    assert_final_breakdown(rules, final, outcome, players)
    with pytest.raises(GameOver):
        rules.apply(final, 0, "anything")
    assert_secret(rules, final)
    again = replay(rules, players, seed, options, result.moves)
    assert rules.dump(again) == rules.dump(final), "replay from the seed must reproduce the game"


# -- honesty: a bot decides only from what its seat may see ---------------------------------------
# For a game that declares `redeal` (GameRules.redeal), at a position where `seat` must decide:
# (a) the redeal is a state the seat cannot tell apart from the real one: the same view and the same
#     decision, and valid game data;
# (a') the redeal depends only on what the seat may see: states the seat cannot tell apart (another
#     deal by the sampler, two hidden cards traded between their places, another random stream)
#     give the same redeal for the same random stream;
# (b) those states give the seat's bot the same choice at every level (hard is limited by simulated
#     steps, not seconds, so that its choice repeats exactly).


def decision_shape(decision) -> tuple:
    """What a seat sees of its decision, to compare: the option ids and the pick limits."""
    if decision is None:
        return ()
    return (decision.seat, tuple(o.id for o in decision.options), decision.min_picks, decision.max_picks,
            decision.number, decision.secret)


def twins(rules, state, seat: int, rnd: random.Random) -> list:
    """States `seat` cannot tell apart from `state` (its view and decision are the same): another
    deal by the game's sampler, another seed and random stream, trades of two hidden cards."""
    found = [rules.redeal(state, seat, Rng(rnd.getrandbits(63)))]
    other_stream = rules.load(rules.dump(state))           # no view shows the seed or the random stream
    other_stream.rng = Rng(rnd.getrandbits(63))
    other_stream.seed = rnd.getrandbits(31)
    found.append(other_stream)
    hidden = sorted(rules.hidden_tokens(state, seat))
    data = rules.dump(state)
    for _ in range(3):
        if len(hidden) < 2:
            break
        a, b = rnd.sample(hidden, 2)
        try:
            traded = rules.load(_swapped(data, a, b))
        except Exception:  # noqa: BLE001 - a trade the game data cannot hold is no twin
            continue
        if traded != state:
            found.append(traded)
    view, shape = rules.view(state, seat), decision_shape(rules.decision_for(state, seat))
    return [twin for twin in found
            if rules.view(twin, seat) == view and decision_shape(rules.decision_for(twin, seat)) == shape]


def assert_redeal_sound(rules, state, seat: int, rnd: random.Random) -> list:
    """Checks (a) and (a'); returns the twins found for (b)."""
    view, shape = rules.view(state, seat), decision_shape(rules.decision_for(state, seat))
    before = rules.dump(state)
    seed = rnd.getrandbits(63)
    dealt = rules.redeal(state, seat, Rng(seed))
    assert rules.dump(state) == before, "redeal must not change the state it is given"
    assert rules.view(dealt, seat) == view, f"seat {seat} can tell the redeal from the real state"
    assert decision_shape(rules.decision_for(dealt, seat)) == shape, "the redeal changed the seat's decision"
    assert rules.load(rules.dump(dealt)) == dealt, "the redeal must be valid game data"
    found = twins(rules, state, seat, rnd)
    expected = rules.dump(dealt)
    for twin in found:
        again = rules.dump(rules.redeal(twin, seat, Rng(seed)))
        assert again == expected, (f"seat {seat}'s redeal depends on something it cannot see: "
                                   f"{_first_difference(expected, again)}")
    return found


def assert_bots_honest(rules, state, seat: int, found: list, levels=BOT_LEVELS) -> None:
    """Check (b): the seat's bot chooses the same in every state it cannot tell apart."""
    for level in levels:
        work = HARD_WORK if level == HARD else None
        choice = rules.bot_choice(state, seat, level, work=work)
        rules.decision_for(state, seat).validate(choice)
        for twin in found:
            other = rules.bot_choice(twin, seat, level, work=work)
            assert other == choice, (f"seat {seat}'s {level} bot chose {choice!r} but {other!r} in a state "
                                     f"it cannot tell apart: it decides from hidden parts")


def honesty_checked(rules, players: int, seed: int, options: dict | None, checks: int) -> int:
    """Play a seeded game with bots (some random choices for variety) and run every check at about
    `checks` positions along it; returns the number of positions checked."""
    rnd = random.Random(seed)
    state = rules.setup(players, seed, options)
    done = 0
    for step in range(5_000):
        decisions = rules.pending(state)
        if not decisions or done >= checks:
            break
        if rnd.random() < 0.25:
            for decision in decisions:
                if decision.only_choice() is None:
                    found = assert_redeal_sound(rules, state, decision.seat, rnd)
                    assert_bots_honest(rules, state, decision.seat, found)
                    done += 1
        decision = decisions[rnd.randrange(len(decisions))]
        state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))
    return done


def _first_difference(a, b, path: str = "") -> str:
    if type(a) is not type(b):
        return f"{path or 'state'}: {a!r} vs {b!r}"[:300]
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{index}]")
    return f"{path or 'state'}: {a!r} vs {b!r}"[:300]

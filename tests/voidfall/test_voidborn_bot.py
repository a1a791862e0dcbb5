"""The solo bot's skills against the Voidborn (issue 22 item 16), one scenario each: it plays
Heroic Production's Flourish when its Pure Guilds pay, makes a crisis it will soon meet
permanent (and suffers the penalty of one it will not), counts an Agenda placed early for every
Evaluation to come, and takes the free Agenda action in its action look-ahead."""

from __future__ import annotations

from games.voidfall import RULES
from games.voidfall.board import controlled
from games.voidfall.data import AGENDAS
from games.voidfall.bots import judge, tactics
from games.voidfall.solo.content import CRISES
from games.voidfall.bots.values import effect_value, evaluations_left
from tests.voidfall_solo.helpers import clear_board, fresh, own, push_and_run, settle

POP_CRISIS = "c07"  # level I, Economic: resolved with 7+ Population in your sectors; penalty: lose 4 Influence


def _pure_guilds(state) -> int:
    return sum(len(s.guilds) for s in controlled(state, 0) if not s.corrupted)


def test_bot_plays_flourish_when_its_pure_guilds_pay(monkeypatch):
    """Heroic Production, Flourish (FOCUS.md §3): 'spend a Trade token: 3 Influence per Pure
    Guild'. With nine Pure Guilds and a Trade token that is 27 Influence: judged over this turn
    (TURNS 1), the bot picks the card in the choose step and takes Flourish in the action step.
    Over two turns it may put the card off (DESIGN_SOLO.md "A plan over two turns")."""
    state = fresh(1, 4, difficulty="easy")
    clear_board(state)
    own(state, 0, "1,2", {"corvette": 8})  # Cinder Gate: the campaign's front is already staged
    for s in controlled(state, 0):
        s.corrupted = False
        s.guilds = ["fa", "en", "mi"]
    h = state.houses[0]
    h.trade = 1
    state.solo.heroic_offer = ["heroic_production"]
    assert effect_value(state, 0, {"do": "solo_inf_pure_guilds", "n": 3}) == 3 * _pure_guilds(state) == 27
    monkeypatch.setattr(tactics, "TURNS", 1)
    assert RULES.bot_choice(state, 0) == "h:heroic_production:production"
    before = h.influence
    state = RULES.apply(state, 0, "h:heroic_production:production")
    state = settle(state, lambda task: task.kind == "turn" and task.data.get("phase") in ("cleanup", "trim", "place", "end"))
    assert state.houses[0].influence >= before + 27 and state.houses[0].trade == 0


def _open(state, cid):
    clear_board(state)
    state.solo.alert, state.solo.current = "I", cid
    return push_and_run(state, "solo_advance", 0)


def _population(state, total: int) -> None:
    """Spread `total` Population over the house's sectors (Home takes the rest)."""
    mine = controlled(state, 0)
    for s in mine:
        s.pop = 1
    mine[0].pop = total - (len(mine) - 1)


def test_bot_makes_a_crisis_it_will_soon_meet_permanent():
    """虛空前進步驟: suffer the penalty, place a catastrophe, or make the crisis permanent. One
    Population short of 'Population 7+' the house resolves it within a turn or two: a permanent
    crisis costs it nothing lasting, the penalty costs 4 Influence now."""
    state = fresh(1, 4, difficulty="easy")
    _population(state, 6)
    state = _open(state, POP_CRISIS)
    assert judge.gap(state, 0, POP_CRISIS) == 1 and judge.soon_met(state, POP_CRISIS)
    assert RULES.bot_choice(state, 0) == "row:economic"


def test_bot_suffers_the_penalty_of_a_crisis_far_from_met():
    """The same crisis five Population short stays on the board for a long time (+5 Voidborn
    Influence and a costlier economic payment): the bot suffers the 4 Influence instead."""
    state = fresh(1, 4, difficulty="easy")
    _population(state, 2)
    state = _open(state, POP_CRISIS)
    state.houses[0].influence = 20
    assert not judge.soon_met(state, POP_CRISIS)
    assert RULES.bot_choice(state, 0) == "pen"


def test_soon_met_needs_a_metric_one_action_raises():
    """'At most 1 Corruption on your house mat' is not something the house grows into: never
    counted as soon met, whatever the gap."""
    state = fresh(1, 4, difficulty="easy")
    clean = next(c for c, v in sorted(CRISES.items()) if v["cond"].get("metric") == "house_clean")
    assert not judge.soon_met(state, clean)


def test_an_agenda_placed_early_counts_for_every_evaluation_to_come():
    """Agendas score at each Cycle's Evaluation: one placed in Cycle 1 scores three times."""
    state = fresh(1, 4, difficulty="easy")
    state.cycle = 1
    assert evaluations_left(state) == 3
    state.cycle = 3
    assert evaluations_left(state) == 1


def test_action_look_ahead_offers_the_free_agenda_action():
    """The Agenda action is an extra action of the turn (FOCUS.md: 議程行動): the solo bot's
    action look-ahead weighs it beside the card's actions instead of never taking it."""
    from games.voidfall.bots import tactics

    seen = []
    real = tactics.look_ahead

    def spy(rules, state, seat, ids, whole_turn=False):
        seen.append(list(ids))
        return real(rules, state, seat, ids, whole_turn)

    tactics.look_ahead = spy
    try:
        state = fresh(1, 4, difficulty="easy")
        task = state.tasks[-1]
        h = state.houses[0]
        aid = h.agenda_hand[0] if h.agenda_hand else sorted(AGENDAS)[0]
        h.hand.remove("production")
        task.data.update(phase="act", card="production", agenda=aid)
        ids = [o.id for o in RULES.pending(state)[0].options]
        assert "agenda" in ids
        tactics.steer(RULES, state, 0, task, ids)
    finally:
        tactics.look_ahead = real
    assert seen and "agenda" in seen[0]


def test_bot_builds_the_safe_haven_with_ascend(monkeypatch):
    """Heroic Command, Ascend (FOCUS.md §3): 'pay 4 resources: build a safe haven level'. The
    solo tile has one level (DESIGN_SOLO.md); building it takes 20 off the Voidborn's final Influence, so
    judged over this turn (TURNS 1) the bot plays Heroic Command (discarding any Focus card) and
    takes Ascend."""
    state = fresh(1, 4, difficulty="easy")
    clear_board(state)
    own(state, 0, "1,2", {"corvette": 8})  # the campaign's front is already staged
    h = state.houses[0]
    h.res = {"F": 3, "E": 3, "M": 3, "C": 3, "S": 3}
    state.solo.heroic_offer = ["heroic_command"]
    assert state.solo.haven_sizes == [1] and state.solo.havens == [[]]
    assert effect_value(state, 0, {"do": "solo_haven"}) == judge.HAVEN_DONE
    monkeypatch.setattr(tactics, "TURNS", 1)
    choice = RULES.bot_choice(state, 0)
    assert choice.startswith("h:heroic_command:")
    state = RULES.apply(state, 0, choice)
    state = settle(state, lambda task: task.kind == "turn" and task.data.get("phase") in ("cleanup", "trim", "place", "end"))
    assert state.solo.havens == [[0]]

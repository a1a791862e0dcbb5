"""The defending house chooses its own losses (article 詳細戰鬥流程: "每個結算雙方都會儘可能地對對方造成傷害,
受到傷害的一方可以選擇召回等同於傷害數量的艦隊力量方塊" - the side taking the damage chooses which of its
cubes to recall), with the exact result of every choice shown first."""

from dataclasses import replace

import pytest

from games.core import play
from games.core.errors import IllegalChoice, NotYourTurn
from games.voidfall import RULES, fleets
from games.voidfall.board import controller, sector
from games.voidfall.bots.values import winnable
from games.voidfall.combat import Side, resolve
from games.voidfall.defence import defender_detail
from games.voidfall.evaluation import skirmish, skirmish_strength, skirmish_target
from tests.support.english import english

from .helpers import clear_map, decision, fresh, ids, own, pick, run

QUOTE = "受到傷害的一方可以選擇召回等同於傷害數量的艦隊力量方塊"


def _house_war(invaders: int, defence: dict):
    """Seat 0 (no techs) next to seat 1's 0,0 holding `defence` (no techs, no installations)."""
    state = clear_map(fresh(2, houses=("belitan", "dunlork")))
    for h in state.houses:
        h.techs = {}
    own(state, 0, "0,-1", {"corvette": invaders + 1}, pop=3)
    t = own(state, 1, "0,0", defence)
    t.installs, t.printed_installs = [], 0
    return RULES.load(RULES.dump(state))  # fleet markers made consistent with the fleets set above


def _send(state, n):
    state = run(state, 0, [{"do": "invade"}])
    state = pick(state, "e0")
    state = pick(state, "t:0,0")
    for _ in range(n):
        state = pick(state, "m:0,-1:corvette")
    return state


def _expected(n, defence, protect):
    return resolve(Side(cubes={"corvette": n}), Side(cubes=dict(defence), protect=protect, spare=0))


DEFENCE = {"corvette": 1, "sentry": 2}


def test_a_defending_house_with_two_kinds_chooses_what_it_loses_last():
    """受到傷害的一方可以選擇召回...: after the invader confirms, the defending house picks the kind it
    loses last; each option's detail is the exact result of the combat with that choice."""
    state = _send(_house_war(4, DEFENCE), 4)
    state = pick(state, "go")
    d = decision(state)
    assert d.seat == 1 and "invades your" in english(d.prompt) and "lose last" in english(d.prompt)
    assert [o.id for o in d.options] == ["k:sentry", "k:corvette"]
    for o in d.options:
        assert english(o.detail).endswith(english(defender_detail(_expected(4, DEFENCE, o.id[2:]))))
        assert english(o.detail).startswith(f"losing {'Sentry' if o.id == 'k:sentry' else 'Corvette'} cubes last")
    assert "(usual)" in english(d.option("k:corvette").label)  # the fixed order loses Corvettes last anyway
    assert sector(state, "0,0").fleet == DEFENCE and sector(state, "0,-1").fleet == {"corvette": 5}  # not fought yet


def test_different_choices_give_different_exact_results():
    """The same invasion: losing Sentries last loses the sector, losing the Corvette last holds it."""
    state = pick(_send(_house_war(4, DEFENCE), 4), "go")
    lost = pick(state, "k:sentry")
    res = _expected(4, DEFENCE, "sentry")
    assert res.winner == "invader"
    assert controller(sector(lost, "0,0")) == 0 and sector(lost, "0,0").fleet == res.invader
    held = pick(state, "k:corvette")
    res = _expected(4, DEFENCE, "corvette")
    assert res.winner == "defender"
    assert controller(sector(held, "0,0")) == 1 and sector(held, "0,0").fleet == res.defender
    assert any("will lose Corvette cubes last" in english(line.text) for line in held.log)


def test_a_defender_with_one_kind_has_nothing_to_choose():
    """One kind of cubes: whatever is recalled is the same, so the combat is fought at once."""
    state = pick(_send(_house_war(4, {"corvette": 2}), 4), "go")
    assert not any(t.kind == "defend" for t in state.tasks)
    assert controller(sector(state, "0,0")) == 0


def test_the_invaders_preview_lists_the_outcome_of_every_defender_choice():
    """The preview stays exact: the confirm option says what each defender choice leads to."""
    state = _send(_house_war(4, DEFENCE), 4)
    d = decision(state)
    go = d.option("go")
    assert english(go.label) == "Invade: it depends"
    assert english(go.detail) == ("Sentry last: invader wins, 2 vs 0 cubes left; "
                         "Corvette last: defender wins, 0 vs 1 cubes left")
    assert english(go.detail) in english(d.prompt) and len(english(d.prompt)) <= 300
    strong = _send(_house_war(7, DEFENCE), 7)
    go = decision(strong).option("go")
    assert english(go.label) == "Invade: you win"
    for protect in ("sentry", "corvette"):
        res = _expected(7, DEFENCE, protect)
        assert f"invader wins, {sum(res.invader.values())} vs 0 cubes left" in english(go.detail)


def test_the_bot_picks_the_choice_best_for_the_defender():
    """Both choices hold the sector with 2 cubes; keeping the 2 Destroyers beats a Corvette and a Destroyer."""
    defence = {"corvette": 1, "destroyer": 2}
    state = pick(_send(_house_war(2, defence), 2), "go")
    assert ids(state) == ["k:destroyer", "k:corvette"]
    assert RULES.bot_choice(state, 1) == "k:destroyer"
    state = pick(state, "k:destroyer")
    assert sector(state, "0,0").fleet == {"destroyer": 2}


def test_the_bot_defender_prefers_holding_the_sector():
    state = pick(_send(_house_war(4, DEFENCE), 4), "go")
    assert RULES.bot_choice(state, 1) == "k:corvette"


def test_the_bot_invades_only_what_it_wins_whatever_the_defender_chooses():
    corrupted = {"do": "invade", "corrupted": True}  # only 0,0 qualifies
    state = _house_war(4, DEFENCE)
    sector(state, "0,0").corrupted = True
    assert winnable(state, 0, corrupted) is None  # it wins only if the defender loses Sentries last
    state = _house_war(7, DEFENCE)
    sector(state, "0,0").corrupted = True
    assert winnable(state, 0, corrupted) == "0,0"


def test_a_stale_or_illegal_defence_pick_raises_and_changes_nothing():
    state = pick(_send(_house_war(4, DEFENCE), 4), "go")
    before = RULES.dump(state)
    with pytest.raises(IllegalChoice):
        RULES.apply(state, 1, "k:dreadnought")
    with pytest.raises(NotYourTurn):
        RULES.apply(state, 0, "k:sentry")
    assert RULES.dump(state) == before


def test_dump_and_load_in_the_middle_of_the_defence_choice():
    state = pick(_send(_house_war(4, DEFENCE), 4), "go")
    loaded = RULES.load(RULES.dump(state))
    assert RULES.pending(loaded) == RULES.pending(state)
    a, b = pick(loaded, "k:corvette"), pick(state, "k:corvette")
    assert RULES.dump(a) == RULES.dump(b)


# ---------------------------------------------------------------- Voidborn Skirmishes
def _skirmish_state(defence):
    """Seat 0's 0,-1 (no techs) holds `defence`, next to a Voidborn sector; 4 Voidborn cubes."""
    state = clear_map(fresh(2, houses=("belitan", "dunlork")))
    state.houses[0].techs = {}
    s = own(state, 0, "0,-1", defence, pop=2)
    s.installs, s.printed_installs = [], 0
    sector(state, "0,0").void = 1
    return state, 4 - skirmish_strength(state, 0)


def test_a_skirmished_house_chooses_its_losses_with_exact_results():
    """突擊 is a combat too: 受到傷害的一方可以選擇召回... The struck house picks; a caller that goes on
    at once (a crisis penalty) just leaves the choice on the stack."""
    state, bonus = _skirmish_state(DEFENCE)
    skirmish(state, 0, bonus)
    RULES.advance(state)
    d = decision(state)
    assert d.seat == 0 and english(d.prompt).startswith("Skirmish: 4 Voidborn cubes strike your")
    void = Side(cubes={"void": 4})
    for o in d.options:
        assert english(o.detail).endswith(english(defender_detail(resolve(void, Side(cubes=dict(DEFENCE), protect=o.id[2:])))))
    assert RULES.bot_choice(state, 0) == "k:corvette"
    held = pick(state, "k:corvette")
    assert controller(sector(held, "0,-1")) == 0 and sector(held, "0,-1").fleet == {"corvette": 1}
    lost = pick(state, "k:sentry")
    assert controller(sector(lost, "0,-1")) == "void"


def test_skirmish_targets_are_judged_by_the_defenders_best_choice():
    state, bonus = _skirmish_state(DEFENCE)
    strength = skirmish_strength(state, 0, bonus)
    s, res = skirmish_target(state, 0, strength)
    assert s.key == "0,-1" and res.winner == "defender"  # the house would hold it (Corvette last)
    assert res == resolve(Side(cubes={"void": 4}), replace(Side(cubes=dict(DEFENCE)), protect="corvette"))


def test_a_skirmish_on_one_kind_is_fought_at_once():
    state, bonus = _skirmish_state({"corvette": 1})
    skirmish(state, 0, bonus)
    assert not any(t.kind == "defend_skirmish" for t in state.tasks)
    assert controller(sector(state, "0,-1")) == "void"


def test_a_skirmish_choice_left_pending_strikes_again_if_the_sector_changed_hands():
    state, bonus = _skirmish_state(DEFENCE)
    skirmish(state, 0, bonus)
    s = sector(state, "0,-1")
    s.owner = -1
    fleets.clear(s)
    RULES.advance(state)
    assert not any(t.kind == "defend_skirmish" for t in state.tasks)
    assert any("find no sector" in str(line.text) for line in state.log)


def test_a_two_player_bot_game_plays_to_the_end():
    final = play(RULES, 2, 5).final
    assert final.over and RULES.outcome(final) is not None


def test_corvettes_launched_by_carriers_count_as_a_kind_to_choose():
    """接敵階段:在造成傷害之前,每艘航空母艦會部署一艘額外的護衛艦 - launched Corvettes fight (and are lost) like
    the others, so a lone Carrier with active cubes already fights with two kinds."""
    from games.voidfall.combat import fighting_kinds, loss_choices

    assert fighting_kinds(Side(cubes={"carrier": 1}, spare=1)) == ["carrier", "corvette"]
    assert fighting_kinds(Side(cubes={"carrier": 1}, spare=0)) == ["carrier"]
    assert loss_choices(Side(cubes={"corvette": 1}), Side(cubes={"carrier": 1}, spare=0)) == []
    # Nothing to choose when every choice ends the same: 6 Corvettes wipe a Corvette and a Destroyer
    # (both give Initiative) with the same losses whichever goes first.
    assert loss_choices(Side(cubes={"corvette": 6}), Side(cubes={"corvette": 1, "destroyer": 1})) == []

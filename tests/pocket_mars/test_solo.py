"""Solo mode: the Devious Automatics opponent (rules/README.md, Pocket Mars, 'Solo'; design in DESIGN.md)."""

from __future__ import annotations

import pytest

from games.pocket_mars import RULES
from games.pocket_mars.effects import bld
from games.pocket_mars.solo import AUTO, automaton_phase

from .helpers import act, decision, fresh, give, ids


def test_solo_setup_by_difficulty():
    """README: the bot starts with 5 colonists on its ship and 2 on Earth, energy 1, 2 prep cards;
    harder levels: 6 or 7 colonists on its ship."""
    for level, ship in (("normal", 5), ("hard", 6), ("brutal", 7)):
        state = RULES.setup(1, 3, {"difficulty": level})
        a = state.pl[AUTO]
        assert (a.ship, a.earth, a.energy, len(a.prep), a.auto) == (ship, 7 - ship, 1, 2, True)
        assert len(state.pl[0].hand) == 4
        assert [d.seat for d in RULES.pending(state)] == [0]


def test_draw_takes_from_automaton_module_instead():
    """Design (DESIGN.md, solo): while the automaton's prep module has cards, each of your draws takes
    one of them (your choice) instead — this is how its module drops to exactly 1 card."""
    state = fresh(1)
    give(state, 0, hand=["pm-g7", "pm-b7"], prep=["pm-y1", "pm-k5"])
    deck = len(state.deck)
    state = act(state, 0, "energy:pm-g7")
    d = decision(state)
    assert ids(state) == ["take:0", "take:1"]
    keep = state.pl[AUTO].prep[1]
    taken = state.pl[AUTO].prep[0]
    state = act(state, 0, "take:0")
    assert taken in state.pl[0].hand + state.pl[0].prep
    assert d.seat == 0
    # the automaton then activated with the card left behind and refilled to 2
    assert len(state.pl[AUTO].prep) == 2 and keep in state.pl[AUTO].prep
    assert len(state.deck) == deck - 2 - 1


def test_automaton_phase_yellow():
    """README: each round discard the top 2 deck cards; with exactly 1 prep card the bot moves a colonist
    ship -> star area of that card's building and resolves the building's bot effect (yellow: +2 energy),
    then refills to 2."""
    state = fresh(1)
    give(state, AUTO, prep=["pm-y3"])
    deck = len(state.deck)
    automaton_phase(state)
    a = state.pl[AUTO]
    assert bld(state, "yellow").star[AUTO] == 1 and a.ship == 4 and a.energy == 3
    assert len(a.prep) == 2 and len(state.deck) == deck - 3
    a.energy = 7
    a.prep = ["pm-y3"]
    deck = len(state.deck)
    automaton_phase(state)
    assert len(state.deck) == deck - 2 - 2 - 1         # at max energy: the blue effect instead


def test_automaton_phase_green_black_purple():
    """README: green: two promotions, own first, else demote yours; black: ship -> best-scoring building
    (or Earth -> ship if empty); purple: Earth -> ship."""
    state = fresh(1)
    give(state, AUTO, prep=["pm-g6"])
    bld(state, "blue").dstar[0] = 1
    automaton_phase(state)
    g = bld(state, "green")
    assert g.dstar[AUTO] == 1 and g.star[AUTO] == 0          # landed, then promoted itself
    assert bld(state, "blue").dstar[0] == 0 and bld(state, "blue").star[0] == 1   # then demoted yours
    state = fresh(1)
    give(state, AUTO, prep=["pm-k3"])
    automaton_phase(state)
    assert sum(b.star[AUTO] for b in state.buildings) == 2 and state.pl[AUTO].ship == 3
    state = fresh(1)
    give(state, AUTO, prep=["pm-p4"])
    automaton_phase(state)
    assert state.pl[AUTO].ship == 5 and state.pl[AUTO].earth == 1


def test_automaton_never_uses_lower_half():
    """Design (DESIGN.md): playing the automaton's prep card gives you the building ability; the
    automaton does not use lower halves."""
    state = fresh(1)
    give(state, AUTO, prep=["pm-p7", "pm-b4"])
    state = act(state, 0, "other:1:0")
    assert state.pl[0].ship == 2                 # Science ability for you
    assert any("never use lower halves" in str(line.text) for line in state.log)
    assert all(d.seat == 0 for d in RULES.pending(state))


def test_solo_ends_when_module_cannot_be_refilled_and_automaton_can_win():
    """README: the solo game ends when the bot's module cannot be refilled (or someone placed all
    colonists); DESIGN.md: the deck is never rebuilt in solo. winners is () when the automaton wins."""
    state = fresh(1)
    state.discard.extend(state.deck)
    state.deck = []
    for c in ("green", "yellow", "purple", "blue"):
        bld(state, c).star[AUTO] = 1            # automaton far ahead
    state = act(state, 0, "launch")
    while not state.over:
        state = act(state, 0, RULES.bot_choice(state, 0))
    out = RULES.outcome(state)
    assert out.winners == () and len(out.scores) == 1
    assert any("Devious Automatics" in str(line) for line in out.summary)


def test_empty_deck_alone_does_not_end_solo_game_while_module_is_full():
    """README (Pocket Mars, solo): 'Ends when its module cannot be refilled or anyone has placed all
    colonists.' A round that leaves the deck empty while the automaton's module is full (it needed
    nothing) does not end the game; the next round it does, once it needed a card and got none."""
    state = fresh(1)
    give(state, 0, hand=["pm-g7", "pm-b7", "pm-y1", "pm-p1"], prep=[])
    state.discard.extend(state.deck)
    state.deck = []
    assert len(state.pl[AUTO].prep) == 2
    state = act(state, 0, "launch")  # the player's turn: 4 cards in hand, nothing to draw
    while RULES.pending(state) and state.round == 1:
        state = act(state, 0, RULES.bot_choice(state, 0))
    assert not state.over and state.round == 2 and len(state.pl[AUTO].prep) == 2
    assert not any("exhausted" in str(line.text) for line in state.log)
    while not state.over:
        state = act(state, 0, RULES.bot_choice(state, 0))
    reason = str(state.end_reason)
    assert reason in ("Devious Automatics could not refill their prep module.",) or "placed all" in reason


def test_automaton_refill_is_a_reveal_so_undo_cannot_cross_it():
    """Issue 20 #2: the refill draws from the deck and the log names the card's colour; the step
    must count as a reveal, else the player could undo after seeing it and choose again."""
    state = fresh(1)
    refills = 0
    while not state.over and refills < 3:
        before = state
        state = act(state, 0, RULES.bot_choice(state, 0))
        if any("refill their prep module with a" in str(line.text) for line in state.log):
            refills += 1
            assert RULES.revealed(before, state), [str(line.text) for line in state.log]
    assert refills == 3


async def test_undo_after_the_automaton_refilled_is_refused(tmp_path):
    from bot.platform.sessions import Sessions, SessionError
    from bot.platform.storage import open_storage

    storage = open_storage(str(tmp_path / "games.sqlite3"))
    await storage.open()
    try:
        sessions = Sessions(storage)
        game = await sessions.create(1, 10, "pocket-mars", 100, "alice")
        await sessions.start(game, 100)
        for _ in range(200):
            step = await sessions.choose(game, 100, game.stamp(0), game.rules.bot_choice(game.state, 0))
            if any("refill their prep module with a" in line for line in step.texts()):
                break
        else:
            raise AssertionError("the automaton never refilled")
        with pytest.raises(SessionError, match="revealed"):
            await sessions.undo(game, 100)
    finally:
        await storage.close()

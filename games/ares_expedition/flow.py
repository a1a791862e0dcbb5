"""Round flow (article 回合流程): planning, the picked phases in order I-V with every seat acting
at the same time, the end of the round, and the end of the game."""

from __future__ import annotations

from games.core.i18n import Msg

from .actions import forced_step
from .board import ACTION, BUILD, COOP, DEV, GAME, PARAMS, PRODUCTION, RESEARCH, SOLO
from .cards import CARDS
from .decisions import MAIN, decision, main_options
from .economy import all_maxed
from .effects import execute, run, who
from .play import pay_card, produce, raise_production, research
from .solo import coop_start, coop_swap, dummy_flip, solo_round_start
from .messages import T, joined
from .state import AresState, Task
from .terms import phase_word
from .text import card_name

MARKERS = ("corp_done", "swap_done")      # a seat's finished secret/simultaneous pick, kept until all are in


def settle(state: AresState) -> None:
    """Run every seat's automatic tasks until each queue is empty or waits for a decision."""
    for seat, p in enumerate(state.pl):
        while p.queue and not state.over:
            task = p.queue[0]
            if task.kind == "ops":
                p.queue.pop(0)
                execute(state, seat, task)
            elif task.kind == "pay_card":
                p.queue.pop(0)
                pay_card(state, seat, task)
            elif task.kind == "forced":
                if not forced_step(state, seat):
                    p.queue.pop(0)
            elif task.kind in MAIN:
                opts = main_options(state, seat, task)
                if len(opts) > 1:
                    break
                p.queue.pop(0)
            elif task.kind in MARKERS:
                break
            else:
                d = decision(state, seat, task)
                if d is not None and (d.options or d.number):
                    break
                p.queue.pop(0)


def advance(state: AresState) -> None:
    """Settle, then move the game on through stages while nobody has anything to decide."""
    for _ in range(1000):
        settle(state)
        if state.over:
            return
        queues = [p.queue for p in state.pl]
        if state.stage == "corp":
            if all(q and q[0].kind == "corp_done" for q in queues):
                _reveal_corps(state)
                continue
            return
        if any(queues):
            if state.stage == "coop" and all(all(t.kind == "swap_done" for t in q) for q in queues):
                coop_swap(state)
                continue
            return
        if state.stage == "plan":
            if all(p.pick for p in state.pl):
                _reveal_picks(state)
                continue
            return
        if state.stage in ("dummy", "coop"):
            _start_phases(state)
        elif state.stage == "phase":
            _end_phase(state)
        elif state.stage == "limit":
            _new_round(state)
        elif state.stage == "solo":
            _after_free_steps(state)
    raise RuntimeError("the round flow does not settle")


def _after_free_steps(state: AresState) -> None:
    """Solo: the difficulty's free steps may complete Mars; the game then ends at once
    (article: 「遊戲立即結束」), before another phase card is picked."""
    if all_maxed(state):
        _finish(state, T("Mars is terraformed by the solo free steps at the start of round {n}: "
                         "the game ends at once.", n=state.round))
        return
    _plan(state)


def _reveal_corps(state: AresState) -> None:
    for seat, p in enumerate(state.pl):
        cid = p.queue.pop(0).cards[0]
        p.corp = cid
        card = CARDS[cid]
        p.mc = card.cost
        raise_production(state, seat, card.production)
        state.say(T("{seat} is {card} ({n} MC).", seat=who(seat), card=card_name(cid), n=card.cost))
        run(state, seat, card.immediate, cid)
    state.mark_reveal()
    _plan(state)


def _plan(state: AresState) -> None:
    state.stage = "plan"
    state.phase = 0
    state.phase_params = {}          # between phases requirements read the tracks as they are
    for p in state.pl:
        p.pick = 0
        p.queue.append(Task("plan"))
    state.say(T("Round {n}: everyone picks a phase card in secret.", n=state.round))


def _reveal_picks(state: AresState) -> None:
    state.picks_shown = [p.pick for p in state.pl]
    picked = joined([T("{seat}: {phase}", seat=who(s), phase=phase_word(p.pick)) for s, p in enumerate(state.pl)])
    state.say(T("Phase cards: {picks}.", picks=picked))
    if state.players == 1:
        if dummy_flip(state):
            return
    if state.options.get("mode") == "coop":
        if coop_start(state):
            return
    _start_phases(state)


def _start_phases(state: AresState) -> None:
    picks = {p.pick for p in state.pl}
    if state.dummy_pick:
        picks.add(state.dummy_pick)
    state.phases = sorted(picks)
    state.stage = "phase"
    _begin_phase(state, state.phases.pop(0))


def _begin_phase(state: AresState, phase: int) -> None:
    state.phase = phase
    state.phase_params = {"temperature": state.temperature, "oxygen": state.oxygen, "ocean": len(state.flipped)}
    state.say(T("Phase {phase} begins.", phase=phase_word(phase)))
    for p in state.pl:
        p.tr_raised_phase = False
        p.next_discount = 0
        p.next_flex = False
        p.plays_left = 0
        p.draw_bonus = False
        chooser = p.pick == phase
        if phase == DEV:
            p.plays_left = 1
            p.queue.append(Task("dev"))
        elif phase == BUILD:
            p.plays_left = 1
            p.draw_bonus = chooser
            p.queue.append(Task("build"))
        elif phase == ACTION:
            p.used = []
            p.double_left = 1 if chooser else 0
            p.queue.append(Task("act"))
    if phase == PRODUCTION:
        produce(state)
    elif phase == RESEARCH:
        research(state)


def _end_phase(state: AresState) -> None:
    if all_maxed(state) and state.options.get("mode") == "coop":
        # co-op ends only when the cubes and markers run out (DESIGN.md, co-op): VP still count after
        if not all(state.phase_params.get(param) == spec["max"] for param, spec in PARAMS.items()):
            state.say(T("Mars is terraformed! Co-op goes on until the cubes and markers run out "
                        "(goal: {n} VP together).", n=COOP["goal_vp"]))
    elif all_maxed(state):
        state.over = True
        state.stage = "over"
        state.end_reason = T("Mars is terraformed (round {n}, phase {phase}): the game ends after this phase.",
                             n=state.round, phase=phase_word(state.phase))
        state.say(state.end_reason)
        return
    if state.phases:
        _begin_phase(state, state.phases.pop(0))
        return
    _end_round(state)


def _end_round(state: AresState) -> None:
    """Article 步驟三:結束: hand limit 10, each discarded card pays 3 MC."""
    state.phase = 0
    state.stage = "limit"
    for p in state.pl:
        if len(p.hand) > GAME["hand_limit"]:
            p.queue.append(Task("limit", n=len(p.hand) - GAME["hand_limit"]))


def _new_round(state: AresState) -> None:
    for p in state.pl:
        p.last_pick = p.pick
    state.dummy_pick = 0
    if state.players == 1 and state.round >= SOLO["rounds"]:
        _finish(state, T("The {n} solo rounds are over and Mars is not terraformed.", n=SOLO["rounds"]))
        return
    if state.options.get("mode") == "coop" and not state.cubes and not state.markers:
        _finish(state, T("The co-op cubes and markers are used up: the game ends."))
        return
    if state.players > 1 and state.options.get("mode") != "coop" and state.round >= GAME["round_cap"]:
        _finish(state, T("Round limit {n} reached (safety valve).", n=GAME["round_cap"]))
        return
    state.round += 1
    if state.players == 1:
        if solo_round_start(state):
            state.stage = "solo"
            return
    _plan(state)


def _finish(state: AresState, reason: Msg) -> None:
    state.over = True
    state.stage = "over"
    state.end_reason = reason
    state.say(reason)


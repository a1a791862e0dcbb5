""""How does this work?" for Voidfall: where the game stands in a Cycle (phase, which turn of the
Focus phase and whose), the played Focus card with the actions taken and left, and what the
current decision is part of ("Evaluation: Upkeep"), in words. Only public facts are read: the task
stack's kinds, the played card (face up once played), never a secret Focus pick or an Agenda hand.
"""

from __future__ import annotations

from games.core.i18n import Text

from .board import name
from .catalogue import action_line
from .data import EVENTS, event_name, focus_title
from .focus import card_def
from .lanes import TOGETHER, lane_on_top
from .messages import T, joined
from .modes import mode_of
from .state import VoidfallState

PHASE_WORDS = {
    "setup": T("Setup: every player chooses a house, then one of its two origins (look them up with /card)."),
    "preparation": T("Preparation: turn order from low to high Influence, then the Galactic Event and its frames."),
    "focus": T("Focus phase: each turn play a Focus card and take 2 of its 3 actions (3 by flipping a Trade token), "
               "then cleanup."),
    "evaluation": T("Evaluation, house by house in turn order: the Voidborn Skirmish (assault in solo/co-op), "
                    "Upkeep, the Event's objectives, Agendas, then Focus cards return to hand."),
}

# What each kind of task on the stack is part of, in words.
TASK_WORDS = {
    "pick_house": T("Setup: houses and origins"),
    "order": T("Preparation: turn order"),
    "frames": T("Preparation: the Galactic Event's frames"),
    "frame": T("Preparation: a frame of the Galactic Event"),
    "turn": T("Focus turn"),
    "action": T("a Focus action"),
    "fast": T("a fast advance on a track"),
    "defend": T("an invasion: the defender's losses"),
    "fallen_tech": T("rescuing a Fallen House"),
    "skirmish": T("Evaluation: Voidborn Skirmish"),
    "defend_skirmish": T("Evaluation: Voidborn Skirmish"),
    "upkeep": T("Evaluation: Upkeep"),
    "galactic": T("Evaluation: the Galactic Event's objectives"),
    "agendas": T("Evaluation: Agendas"),
    "refresh": T("Evaluation: Focus cards back to hand"),
}

TURN_STEPS = {"select": T("choose step"), "flip": T("choose step (flip a Trade token?)"),
              "agenda": T("choose step (play an Agenda?)"), "act": T("action step"), "cleanup": T("cleanup"),
              "trim": T("cleanup"), "place": T("cleanup"), "end": T("cleanup")}


def where(state: VoidfallState) -> Text:
    """What the current decision is part of, outermost first: "Evaluation: Upkeep", or
    "Focus turn (action step) > a Focus action"."""
    parts: list[Text] = []
    mode_words = mode_of(state).task_words()
    for task in state.tasks:
        words = TASK_WORDS.get(task.kind) or mode_words.get(task.kind)
        if task.kind == "turn":
            words = T("Focus turn of {seat} ({step})", seat=name(task.seat),
                      step=TURN_STEPS.get(task.data.get("phase", ""), TURN_STEPS["select"]))
        if words and (not parts or parts[-1] != words):
            parts.append(words)
    return joined(parts, T("{a} > {b}")) if parts else ""


def played_card(state: VoidfallState) -> list[Text]:
    """The Focus card of the running turn (face up once played) with its actions taken and left."""
    turns = [task for task in state.tasks if task.kind == "turn" and task.data.get("card")]
    if not turns:
        return []
    d = turns[-1].data
    card = card_def(state, d)
    used = d.get("used", [])
    allowed = 3 if d.get("flipped") else 2
    title = mode_of(state).card_title(state, d["card"]) if d.get("heroic") else focus_title(d["card"])
    if d.get("flipped"):
        head = T("{seat} played {card}: {n} of {allowed} actions taken (a Trade token flipped for the third).",
                 seat=name(turns[-1].seat), card=title, n=len(used), allowed=allowed)
    else:
        head = T("{seat} played {card}: {n} of {allowed} actions taken.", seat=name(turns[-1].seat), card=title,
                 n=len(used), allowed=allowed)
    lines: list[Text] = [head]
    for i, action in enumerate(card["actions"]):
        lines.append(T("Taken: {action}", action=action_line(action)) if i in used
                     else T("Left: {action}", action=action_line(action)))
    return lines


def explain(state: VoidfallState, seat: int) -> tuple[Text, ...]:
    """Lines explaining where `seat` is in the game now (seat references left as `{seat:N}`)."""
    lines: list[Text] = [T("Cycle {n} of 3.", n=max(state.cycle, 1)) if state.phase != "setup" else T("Before Cycle 1.")]
    lines.append(PHASE_WORDS.get(state.phase, T("Phase: {phase}.", phase=state.phase)))
    event = EVENTS.get(state.event)
    if event and state.phase != "setup":
        lines.append(T("Galactic Event: {event} ({n} turns each this Cycle; /card shows its frames and objectives).",
                       event=event_name(state.event), n=event["rounds"]))
    if state.phase == "focus" and state.order and state.rounds:
        turn_of = state.order[min(state.turn_idx, len(state.order) - 1)]
        lines.append(T("Turn {round} of {rounds}: {seat} is house {n} of {houses} in turn order ({order}).",
                       round=state.round, rounds=state.rounds, seat=name(turn_of), n=state.turn_idx + 1,
                       houses=len(state.order), order=joined([name(s) for s in state.order])))
    lines += played_card(state)
    now: Text
    if state.tasks and state.tasks[-1].kind == TOGETHER and str(seat) in state.tasks[-1].data["lanes"]:
        with lane_on_top(state, seat):  # this house's own chores, asked of every house at once
            now = T("{where} (every house at the same time)", where=where(state))
    else:
        now = where(state)
    if now:
        lines.append(T("Now: {where}.", where=now))
    lines.append(mode_of(state).goal(state))
    return tuple(lines)

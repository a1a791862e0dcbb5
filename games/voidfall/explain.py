""""How does this work?" for Voidfall: where the game stands in a Cycle (phase, which turn of the
Focus phase and whose), the played Focus card with the actions taken and left, and what the
current decision is part of ("Evaluation: Upkeep"), in words. Only public facts are read: the task
stack's kinds, the played card (face up once played), never a secret Focus pick or an Agenda hand.
"""

from __future__ import annotations

from .board import name
from .catalogue import action_line
from .data import EVENTS
from .focus import card_def
from .lanes import TOGETHER, lane_on_top
from .solo.heroic import title as heroic_title
from .solo.scoring import LABEL as VOIDBORN_TERM, final_influence
from .state import VoidfallState

PHASE_WORDS = {
    "setup": "Setup: every player chooses a house, then one of its two origins (look them up with /card).",
    "preparation": "Preparation: turn order from low to high Influence, then the Galactic Event and its frames.",
    "focus": "Focus phase: each turn play a Focus card and take 2 of its 3 actions (3 by flipping a Trade token), "
             "then cleanup.",
    "evaluation": "Evaluation, house by house in turn order: the Voidborn Skirmish (assault in solo/co-op), "
                  "Upkeep, the Event's objectives, Agendas, then Focus cards return to hand.",
}

# What each kind of task on the stack is part of, in words.
TASK_WORDS = {
    "pick_house": "Setup: houses and origins",
    "order": "Preparation: turn order",
    "frames": "Preparation: the Galactic Event's frames",
    "frame": "Preparation: a frame of the Galactic Event",
    "turn": "Focus turn",
    "action": "a Focus action",
    "fast": "a fast advance on a track",
    "defend": "an invasion: the defender's losses",
    "fallen_tech": "rescuing a Fallen House",
    "skirmish": "Evaluation: Voidborn Skirmish",
    "defend_skirmish": "Evaluation: Voidborn Skirmish",
    "upkeep": "Evaluation: Upkeep",
    "galactic": "Evaluation: the Galactic Event's objectives",
    "agendas": "Evaluation: Agendas",
    "refresh": "Evaluation: Focus cards back to hand",
    "solo_alert": "Alert step",
    "solo_check": "Crisis check",
    "solo_advance": "Void advance",
    "solo_catastrophe": "Void advance: a catastrophe",
    "solo_assault": "Voidborn assault",
    "solo_payment": "Voidborn assault: the economic payment",
    "solo_row": "Crisis board: choosing a row",
    "solo_secret": "Secret Focus pick",
    "solo_haven": "Safe haven reward",
    "solo_exchange": "Co-op resource exchange",
}

TURN_STEPS = {"select": "choose step", "flip": "choose step (flip a Trade token?)", "agenda": "choose step (play an Agenda?)",
              "act": "action step", "cleanup": "cleanup", "trim": "cleanup", "place": "cleanup", "end": "cleanup"}


def where(state: VoidfallState) -> str:
    """What the current decision is part of, outermost first: "Evaluation: Upkeep", or
    "Focus turn (action step) > a Focus action"."""
    parts: list[str] = []
    for task in state.tasks:
        words = TASK_WORDS.get(task.kind)
        if task.kind == "turn":
            words = f"Focus turn of {name(task.seat)} ({TURN_STEPS.get(task.data.get('phase'), 'choose step')})"
        if words and (not parts or parts[-1] != words):
            parts.append(words)
    return " > ".join(parts)


def played_card(state: VoidfallState) -> list[str]:
    """The Focus card of the running turn (face up once played) with its actions taken and left."""
    turns = [task for task in state.tasks if task.kind == "turn" and task.data.get("card")]
    if not turns:
        return []
    d = turns[-1].data
    card = card_def(d)
    used = d.get("used", [])
    allowed = 3 if d.get("flipped") else 2
    title = heroic_title(state, d["card"]) if d.get("heroic") else card["title"]
    lines = [f"{name(turns[-1].seat)} played {title}: {len(used)} of {allowed} actions taken"
             + (" (a Trade token flipped for the third)." if d.get("flipped") else ".")]
    for i, action in enumerate(card["actions"]):
        lines.append(("Taken: " if i in used else "Left: ") + action_line(action))
    return lines


def explain(state: VoidfallState, seat: int) -> tuple[str, ...]:
    """Lines explaining where `seat` is in the game now (seat references left as `{seat:N}`)."""
    lines = [f"Cycle {max(state.cycle, 1)} of 3." if state.phase != "setup" else "Before Cycle 1."]
    lines.append(PHASE_WORDS.get(state.phase, f"Phase: {state.phase}."))
    event = EVENTS.get(state.event)
    if event and state.phase != "setup":
        lines.append(f"Galactic Event: {event['name']} ({event['rounds']} turns each this Cycle; /card shows its "
                     "frames and objectives).")
    if state.phase == "focus" and state.order and state.rounds:
        turn_of = state.order[min(state.turn_idx, len(state.order) - 1)]
        lines.append(f"Turn {state.round} of {state.rounds}: {name(turn_of)} is house {state.turn_idx + 1} of "
                     f"{len(state.order)} in turn order (" + ", ".join(name(s) for s in state.order) + ").")
    lines += played_card(state)
    if state.tasks and state.tasks[-1].kind == TOGETHER and str(seat) in state.tasks[-1].data["lanes"]:
        with lane_on_top(state, seat):  # this house's own chores, asked of every house at once
            now = where(state) + " (every house at the same time)"
    else:
        now = where(state)
    if now:
        lines.append(f"Now: {now}.")
    if state.mode != "competitive" and state.solo is not None and state.phase != "setup":
        terms = final_influence(state)
        shown = ", ".join(f"{VOIDBORN_TERM[k]} {v}" for k, v in terms.items() if k != "total" and v)
        lines.append(f"Every house needs at least the Voidborn's final Influence, {terms['total']} so far ({shown}).")
    else:
        lines.append("Most Influence after Cycle 3 wins; ties: fewest Corruption markers.")
    return tuple(lines)

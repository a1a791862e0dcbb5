""""How does this work?" for Ares Expedition: the current decision in its context (the round's
phase cards, what the running phase lets everyone do, the chooser's bonus), from what the seat
may see only: its own pick while picks are secret, everyone's once they are shown."""

from __future__ import annotations

from .board import PHASE_BONUS, PHASE_NAMES
from .catalogue import PHASE_TEXTS, ROMAN
from .effects import who
from .state import AresState


def phase_name(number: int) -> str:
    return f"{ROMAN[number - 1]} {PHASE_NAMES[number - 1]}"


def explain(state: AresState, seat: int) -> tuple[str, ...]:
    """Lines explaining `seat`'s situation now (seat references left as `{seat:N}`)."""
    me = state.pl[seat]
    lines = [f"Round {state.round}."]
    if state.stage == "corp":
        lines.append("Setup: keep one of your two corporations; it gives your starting MC and an effect for the "
                     "whole game. Look any of them up with /card.")
    elif state.stage == "plan":
        lines.append("Everyone picks one phase card in secret. Only the phases somebody picked run this round, "
                     "in order I to V; everyone acts in each of them, and whoever picked it also gets its bonus.")
        if me.last_pick:
            lines.append(f"You may not pick {phase_name(me.last_pick)} again: you picked it last round.")
        lines.extend(f"{phase_name(n)}: {PHASE_TEXTS[n - 1]} Bonus: {PHASE_BONUS[n - 1]}." for n in range(1, 6))
    elif state.phases or state.phase:
        if state.picks_shown:
            picked = ", ".join(f"{who(s)} {phase_name(p)}" for s, p in enumerate(state.picks_shown) if p)
            lines.append(f"Phase cards picked this round: {picked}.")
        running = ", ".join(phase_name(n) for n in sorted(set(state.phases) | ({state.phase} - {0})))
        if running:
            lines.append(f"Phases running this round: {running}.")
        if state.phase:
            lines.append(f"Now: {phase_name(state.phase)}. {PHASE_TEXTS[state.phase - 1]}")
            if me.pick == state.phase:
                lines.append(f"You picked this phase, so you also get its bonus: {PHASE_BONUS[state.phase - 1]}.")
    if state.players == 1:
        lines.append("Solo: terraform Mars (temperature, oxygen and all 9 oceans) before the rounds run out; "
                     "a dummy hand adds one phase card each round.")
    elif state.options.get("mode") == "coop":
        lines.append("Co-op: you win together by terraforming Mars with enough VP between you.")
    else:
        lines.append("The game ends after the phase in which temperature, oxygen and the oceans are all complete; "
                     "most VP (TR + forests + card VP) wins.")
    return tuple(lines)

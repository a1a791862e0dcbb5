""""How does this work?" for Ares Expedition: the current decision in its context (the round's
phase cards, what the running phase lets everyone do, the chooser's bonus), from what the seat
may see only: its own pick while picks are secret, everyone's once they are shown."""

from __future__ import annotations

from games.core.i18n import Text

from .catalogue import PHASE_TEXTS
from .effects import who
from .messages import T, joined
from .state import AresState
from .terms import BONUS, phase_name


def explain(state: AresState, seat: int) -> tuple[Text, ...]:
    """Lines explaining `seat`'s situation now (seat references left as `{seat:N}`)."""
    me = state.pl[seat]
    lines: list[Text] = [T("Round {n}.", n=state.round)]
    if state.stage == "corp":
        lines.append(T("Setup: keep one of your two corporations; it gives your starting MC and an effect for the "
                       "whole game. Look any of them up with /card."))
    elif state.stage == "plan":
        lines.append(T("Everyone picks one phase card in secret. Only the phases somebody picked run this round, "
                       "in order I to V; everyone acts in each of them, and whoever picked it also gets its bonus."))
        if me.last_pick:
            lines.append(T("You may not pick {phase} again: you picked it last round.", phase=phase_name(me.last_pick)))
        lines.extend(T("{phase}: {text} Bonus: {bonus}.", phase=phase_name(n), text=PHASE_TEXTS[n - 1],
                       bonus=BONUS[n - 1]) for n in range(1, 6))
    elif state.phases or state.phase:
        if state.picks_shown:
            picked = joined([T("{seat} {phase}", seat=who(s), phase=phase_name(p))
                             for s, p in enumerate(state.picks_shown) if p])
            lines.append(T("Phase cards picked this round: {picks}.", picks=picked))
        running = joined([phase_name(n) for n in sorted(set(state.phases) | ({state.phase} - {0}))])
        if running:
            lines.append(T("Phases running this round: {phases}.", phases=running))
        if state.phase:
            lines.append(T("Now: {phase}. {text}", phase=phase_name(state.phase), text=PHASE_TEXTS[state.phase - 1]))
            if me.pick == state.phase:
                lines.append(T("You picked this phase, so you also get its bonus: {bonus}.",
                               bonus=BONUS[state.phase - 1]))
    if state.players == 1:
        lines.append(T("Solo: terraform Mars (temperature, oxygen and all 9 oceans) before the rounds run out; "
                       "a dummy hand adds one phase card each round."))
    elif state.options.get("mode") == "coop":
        lines.append(T("Co-op: you win together by terraforming Mars with enough VP between you."))
    else:
        lines.append(T("The game ends after the phase in which temperature, oxygen and the oceans are all complete; "
                       "most VP (TR + forests + card VP) wins."))
    return tuple(lines)

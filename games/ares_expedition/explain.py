""""How does this work?" for Ares Expedition: the current decision in its context (the round's
phase cards, what the running phase lets everyone do, the chooser's bonus), from what the seat
may see only: its own pick while picks are secret, everyone's once they are shown."""

from __future__ import annotations

from games.core.i18n import Text

from .catalogue import PHASE_TEXTS
from .economy import sell_value
from .effects import who
from .messages import T, joined
from .state import AresState
from .terms import BONUS, phase_name
from .text import card_name
from .wording import short


def _card_effect(state: AresState, seat: int, task) -> Text:
    return T("{card} asks how to carry out its effect ({text}). Resources on cards (microbes, animals, science) "
             "often score VP or pay for the card's actions; look the card up with /card.", card=card_name(task.card),
             text=short(task.card))


# What each kind of decision inside a phase is about, in a line of its own (keyed by task kind).
TASK_LINES = {
    "mulligan": lambda state, seat, task: T("Advanced setup: discard any of your cards and draw as many new ones, "
                                            "before you keep a corporation."),
    "keep": lambda state, seat, task: T("Research: keep {n} of the cards drawn; the rest go to the discard pile.",
                                        n=task.n),
    "sell": lambda state, seat, task: T("Selling: each card you discard from your hand gives {value} MC. You may "
                                        "sell in the Action phase, or whenever you lack MC to pay for a card.",
                                        value=sell_value(state.pl[seat])),
    "limit": lambda state, seat, task: T("Hand limit: at the end of the round each player keeps at most 10 cards; "
                                         "every card discarded gives {value} MC.", value=sell_value(state.pl[seat])),
    "discard": lambda state, seat, task: T("A card effect asks you to discard from your hand: discarded cards give "
                                           "no MC."),
    "choose": _card_effect,
    "target": _card_effect,
    "may": _card_effect,
    "number": _card_effect,
    "discounts": lambda state, seat, task: T("Discounts: some of your cards lower a card's cost if you pay them "
                                             "(resources or heat); pick the ones you want, the rest of the cost is "
                                             "paid in MC."),
    "heat_pay": lambda state, seat, task: T("Your corporation lets you spend heat as MC: choose how much of the cost "
                                            "to pay in heat; the rest is paid in MC."),
    "free_green": lambda state, seat, task: T("{card} lets you play a green card from your hand for free, if its cost "
                                              "is at most {n} MC; its requirements still apply.",
                                              card=card_name(task.card), n=task.n),
    "coop": lambda state, seat, task: T("Co-op: the table shares {cubes} copper cubes (+1 MC each) and {markers} "
                                        "player markers (both partners pass one hand card to the other); each "
                                        "round each of you takes one while any are left.", cubes=state.cubes,
                                        markers=state.markers),
    "swap": lambda state, seat, task: T("Co-op: a player marker was taken, so both partners pass one hand card to "
                                        "the other at the same time."),
    "solo_order": lambda state, seat, task: T("Solo, final rounds: you choose the dummy's phase card from those left "
                                              "in its hand; that phase runs this round as if a player had picked it, "
                                              "with no bonus."),
    "solo_steps": lambda state, seat, task: T("Solo difficulty: when the dummy hand is reshuffled you raise oxygen or "
                                              "temperature {n} step(s) for free (no TR, no forest).", n=task.n),
}


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
    task = me.queue[0] if me.queue else None
    if task is not None and task.kind in TASK_LINES:
        lines.append(TASK_LINES[task.kind](state, seat, task))
    if state.players == 1:
        lines.append(T("Solo: terraform Mars (temperature, oxygen and all 9 oceans) before the rounds run out; "
                       "a dummy hand adds one phase card each round."))
    elif state.options.get("mode") == "coop":
        lines.append(T("Co-op: you win together by terraforming Mars with enough VP between you."))
    else:
        lines.append(T("The game ends after the phase in which temperature, oxygen and the oceans are all complete; "
                       "most VP (TR + forests + card VP) wins."))
    return tuple(lines)

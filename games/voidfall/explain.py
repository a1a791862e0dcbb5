""""How does this work?" for Voidfall: where the game stands in a Cycle (phase, which turn of the
Focus phase and whose), the played Focus card with the actions taken and left, what the current
decision is part of ("Evaluation: Upkeep"), and a line on the rule behind the decision itself (how
Upkeep is paid, what a Corruption marker does where it goes, how a combat is fought...), with the
seat's own numbers. Only public facts are read: the task stack's kinds, the played card (face up
once played), the seat's own house, never a secret Focus pick or another house's Agenda hand.
The Voidborn's own decisions (solo and co-op) get their lines from the mode (`Mode.task_lines`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core.i18n import Text

from .board import name
from .catalogue import action_line
from .data import EVENTS, SETTINGS, event_name, focus_title
from .economy import house_corruption, upkeep_due
from .focus import card_def
from .lanes import TOGETHER, lane_on_top
from .messages import T, joined
from .modes import mode_of
from .state import Task, VoidfallState

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

Line = Callable[[VoidfallState, int, Task], Text]


def always(text: Text) -> Line:
    """A line that says the same `text` whatever the state: a rule without the seat's numbers."""
    return lambda state, seat, task: text


# ---------------------------------------------------------------- the turn's steps
def _select(state: VoidfallState, seat: int, task: Task) -> Text:
    h = state.houses[seat]
    left = max(0, state.rounds - state.round) + 1
    return T("Choose step: play one Focus card from your hand ({n} in hand for {turns} turn(s) left this Cycle, yours "
             "included). It goes to your discard pile and comes back only at the Evaluation, so each card is played at "
             "most once a Cycle: keep back what a later turn will need.", n=len(h.hand), turns=left)


def _act(state: VoidfallState, seat: int, task: Task) -> Text:
    left = (3 if task.data.get("flipped") else 2) - len(task.data.get("used", []))
    return T("Action step: {n} more action(s) of the card, each a different one, in any order. An action's whole cost "
             "is paid first, then you resolve its effects (and/or: any of them, in any order; OR: one of them) and may "
             "decline any. The Agenda action, a technology's action and splitting or merging fleet markers do not count "
             "as actions of the card.", n=max(0, left))


TURN_LINES: dict[str, Line] = {
    "select": _select,
    "flip": always(T("A Trade token you hold can be flipped now for a third action this turn; it goes back to the "
                     "galaxy board at cleanup. At cleanup you keep Trade tokens only on your Agendas in play (one "
                     "each, cancelling its 2 Upkeep); the rest go back anyway.")),
    "agenda": always(T("An Agenda of a type this Focus card names may be played with it: you take its Agenda action "
                       "this turn, and at cleanup it goes into one of your 3 slots (one per type), where it scores at "
                       "each Evaluation while its slot is Pure; each costs 2 Upkeep unless a Trade token sits on "
                       "it.")),
    "act": _act,
    "arrange": always(T("Fleet markers: the cubes of one kind in a sector sit on markers of up to 3 (Dreadnoughts and "
                        "Carriers 1). Splitting or merging them is free and moves no cube; at cleanup a sector may "
                        "keep only 2 markers.")),
    "trim": always(T("Cleanup: a sector may keep at most 2 fleet markers. Merge markers (free) or recall cubes to "
                     "your active area until each of your sectors has 2 or fewer.")),
    "place": always(T("Cleanup: the Agenda played this turn goes into an empty slot (one Agenda per type), replaces "
                      "one of yours (that one goes under its deck) or goes back to your hand.")),
}


# ---------------------------------------------------------------- effects that ask
def _corruption(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("Corruption: a marker under a Pure sector's Population Corrupts it (its Population is fixed and objectives "
             "for Pure sectors ignore it); on a track, that track gives no more rewards; on an Agenda slot, that Agenda "
             "does not score. Each marker on your house mat (tracks and Agenda slots, {n} now) adds a Voidborn cube to "
             "the Skirmish against you, and fewer markers win a tie at the end.", n=house_corruption(state.houses[seat]))


_advance = always(T("Civilization tracks: each advance moves 1 space and gives the space's reward (none on a "
                    "Corrupted track). Spaces 3-4 are level 1, 5 level 2, 6 level 3 and 7 level 4; entering level 3 "
                    "deactivates 1 cube and level 4 deactivates 2. Levels 1 and 2 of each track each allow one more "
                    "Improved technology."))


def _tech(state: VoidfallState, seat: int, task: Task) -> Text:
    h = state.houses[seat]
    return T("Technologies: a Basic one from the market takes a free slot ({n} of {slots} used) and gives 4 Influence "
             "(the combat ones none); an Improved one turns a Basic you own over for 6 Influence, if it is in the "
             "Improved offer (from Cycle 2) or one of your own, and your track levels allow one more.",
             n=len(h.techs), slots=h.tech_slots)


_produce = always(T("Producing gives the yield of your production level (the number on your house mat), not the level "
                    "itself. A stock holds at most 15: past it the rest is lost, but the overflow gives 3 Influence "
                    "(overproduction)."))


_combat = always(T("Combat has no dice, so every result shown is exact. Approach: each Sector Defense, Starbase and "
                   "defending Sentry deals 1 damage at once. Salvos until one side is gone: each side's Initiative is "
                   "1 per cube (+1 with a Dreadnought, +1 for an invader with a Destroyer, more from technologies); "
                   "the higher fires first, 1 damage plus bonuses. Each damage recalls a cube. Win a Voidborn sector: "
                   "its tokens, then Influence equal to your total Glory."))


_agenda = always(T("Agendas: take the face-up Agenda of a type, or draw 2 of its deck and keep 1 (the other goes "
                   "under the deck). They wait in your hand until you play one with a Focus card of its type; in "
                   "play, a Pure one scores its objectives at each Evaluation."))


_sector_build = always(T("A Guild adds its sector's Population to the production level of its resource (Farmers Food, "
                         "Engineers Energy, Miners Materials, Bankers Credits, Scientists Science). A Shipyard is "
                         "where Rally deploys, a Sector Defense deals 1 damage to invaders. A standard sector's third "
                         "Guild slot and third Installation slot each cost 1 Upkeep."))


_population = always(T("Population (at most 6) multiplies: each Guild in the sector adds the Population to its "
                       "resource's production level, so +1 Population raises each of them by 1. A Corrupted sector's "
                       "Population cannot change."))


def _deploy(state: VoidfallState, seat: int, task: Task) -> Text:
    h = state.houses[seat]
    return T("Cubes: inactive ({inactive}) -> activate -> active ({active}) -> deploy -> on the map. Deploying puts an "
             "active cube in a sector as the effect says (Home, a Shipyard...); Dreadnoughts cost 1 Materials and "
             "Carriers 1 Food more.", inactive=h.inactive, active=h.active)


_regroup = always(T("Regroup: up to 5 moves, each taking 1 cube one step into an adjacent sector you control; a cube "
                    "may move again. The last cube of a sector other than your Home cannot leave."))


def _glory(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("Glory tokens (values 1 to 5, at most 4 kept): winning a Voidborn sector gives Influence equal to your "
             "total Glory, {n} now, so every upgrade makes later victories worth more. Losing a sector costs your "
             "lowest token.", n=sum(state.houses[seat].glory))


EFFECT_LINES: dict[str, Line] = {
    "gain_corruption": _corruption, "remove_corruption": _corruption, "move_corruption": _corruption,
    "remove_or_activate": _corruption, "advance": _advance, "tech": _tech, "produce_one": _produce,
    "produce_two": _produce, "invade": _combat, "agenda": _agenda, "guild": _sector_build, "install": _sector_build,
    "pop_up": _population, "pop_up_in": _population, "pop_up_then_corrupt": _population, "deploy": _deploy,
    "deploy_home": _deploy, "deploy_yards": _deploy, "deploy_yard_one": _deploy, "regroup": _regroup,
    "upgrade_glory": _glory,
    "gain_any": always(T("Resources: Food, Energy, Materials, Credits, Science; at most 15 of each (a gain past 15 is "
                         "lost). Credits stand in for Food, Energy or Materials when you pay, never for Science or "
                         "Upkeep.")),
    "convert": always(T("Converting trades one resource for another, one for one, up to the number the effect says.")),
    "score_agenda": always(T("Scoring an Agenda now gives its objectives' Influence as an Evaluation would; it still "
                             "scores at the Evaluation too.")),
    "look_events": always(T("Looking at the next Cycle's Events: only you see the two; the one you choose opens the "
                            "next Cycle, the other goes to the bottom of the pile.")),
    "exploit": always(T("Exploit: take one action of one of your two preferred Focus cards, in hand or in your "
                        "discard pile, paying its cost; the card itself stays where it is.")),
    "destroy": always(T("Destroying removes a Guild or an Installation you built (never a printed one, never in your "
                        "Home); the others slide left.")),
    "place": always(T("A Galactic Event's frame puts pieces on a Voidborn sector: more cubes and Sector Defenses make "
                      "it harder to invade, tokens and Glory are there for whoever takes it.")),
}
EFFECT_LINES["gain_fem"] = EFFECT_LINES["gain_any"]


_action = always(T("Paying an action's cost: the whole cost first, before any effect. Resources are taken from your "
                   "stocks (a Credit may stand in for Food, Energy or Materials, never Science); a cost that is not "
                   "resources (recall a cube, gain a Corruption, lower a Population...) you choose, and an effect "
                   "marked 'there' then happens where you paid it."))


def _group(state: VoidfallState, seat: int, task: Task) -> Text:
    if task.data.get("must"):
        return T("A must frame is resolved whole: every effect that can be done is done.")
    if task.data.get("join") == "or":
        return T("Choose one of these effects (OR), or decline with Done; a cost already paid stays paid.")
    return T("Resolve these effects (and/or) in any order; each may be declined, and Done declines the rest. A cost "
             "already paid stays paid.")


_defend = always(T("The side taking damage chooses which cubes it loses: name the fleet kind you lose last; the "
                   "others go first in the usual order. Each option shows the exact result of the combat with that "
                   "choice."))


def _skirmish(state: VoidfallState, seat: int, task: Task) -> Text:
    bonus = SETTINGS["skirmish_cycle_bonus"][state.cycle]
    return T("Skirmish: the Voidborn strike with 1 cube per Corruption marker on your house mat ({n}), +{bonus} this "
             "Cycle, at a sector of yours next to them (never your Home). If they win or both sides are wiped out, you "
             "lose the sector and your lowest Glory token. {defend}", n=house_corruption(state.houses[seat]), bonus=bonus,
             defend=_defend(state, seat, task))


def _upkeep(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("Upkeep: 2 for each Agenda in play without a Trade token, plus your sectors' Upkeep: {n} this time. Each "
             "point is paid with 1 Food or 2 Energy/Materials in any mix (never Credits or Science); you must pay as much "
             "as you can, and each point left unpaid costs 3 Influence.", n=upkeep_due(state, seat))


TASK_LINES: dict[str, Line] = {
    "pick_house": always(T("Your house sets your ability and your starting technology; its origin card sets your Home "
                           "and outpost, cubes, resources and tracks. /card shows each house and origin.")),
    "order": always(T("Turn order for this Cycle: the house with the least Influence chooses its place first, then "
                      "the next; going first takes the board first, going last sees what the others did.")),
    "action": _action, "group": _group, "defend": _defend, "defend_skirmish": _skirmish, "upkeep": _upkeep,
    "fallen_tech": always(T("Rescuing a Fallen House: 3 Influence, one of its technologies as a Basic one, and the "
                            "first time a sixth technology slot.")),
    "galactic": always(T("The Event's objectives: you score objective A or objective B, the one you choose, as "
                         "written; a 'per' objective pays for each time you meet it.")),
}


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


def rule_line(state: VoidfallState, seat: int) -> Text:
    """The rule behind the decision `seat` faces now, from the task it belongs to ("" when none)."""
    if not state.tasks:
        return ""
    task = state.tasks[-1]
    lines = {**TASK_LINES, **mode_of(state).task_lines()}
    if task.kind == "eff":
        found = EFFECT_LINES.get(task.data["e"]["do"]) or lines.get("eff:" + task.data["e"]["do"])
        return found(state, seat, task) if found else ""
    if task.kind == "turn":
        found = lines.get("turn:" + task.data.get("phase", "")) or TURN_LINES.get(task.data.get("phase", ""))
        return found(state, seat, task) if found else ""
    found = lines.get(task.kind)
    return found(state, seat, task) if found else ""


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
    rule: Text
    if state.tasks and state.tasks[-1].kind == TOGETHER and str(seat) in state.tasks[-1].data["lanes"]:
        with lane_on_top(state, seat):  # this house's own chores, asked of every house at once
            now = T("{where} (every house at the same time)", where=where(state))
            rule = rule_line(state, seat)
    else:
        now, rule = where(state), rule_line(state, seat)
    if now:
        lines.append(T("Now: {where}.", where=now))
    if rule:
        lines.append(rule)
    lines.append(mode_of(state).goal(state))
    return tuple(lines)

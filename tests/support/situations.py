"""Built situations: states that reach kinds of decisions seeded games rarely meet, per game, so
that a walk over every kind of decision (tests/support/walk.py) meets them all, and the list of
every kind of decision each game has (`KINDS`, in the form `walk.kind` gives). Each builder yields
(name, state) pairs; every state has at least one open decision."""

from __future__ import annotations

import copy
from typing import Any, Callable, Iterator

import games
from games.ares_expedition.cards import CARDS as ARES_CARDS
from games.ares_expedition.state import Task as AresTask
from games.core.i18n import to_data
from games.impulse.data import CARDS as IMPULSE_CARDS
from games.impulse.state import Task as ImpulseTask
from games.petrichor.state import Step as PetrichorStep
from games.pocket_mars.state import Step as PocketMarsStep
from games.voidfall import fleets
from games.voidfall.board import adjacent, controlled
from games.voidfall.data import AGENDAS, EVENTS, TECHS, event_name
from games.voidfall.messages import T
from games.voidfall.state import Task as VoidfallTask

BUILDERS: dict[str, Callable[[], Iterator[tuple[str, Any]]]] = {}
KINDS: dict[str, frozenset[str]] = {}


def builds(slug: str):
    def register(builder):
        BUILDERS[slug] = builder
        return builder
    return register


def built(slug: str) -> Iterator[tuple[str, Any]]:
    builder = BUILDERS.get(slug)
    if builder is not None:
        yield from builder()


def played_until(slug: str, players: int, seed: int, wanted: Callable[[Any, Any], bool],
                 options: dict | None = None, limit: int = 5000) -> Any:
    """The first state of a bot game (first open decision each time) where `wanted(state,
    decision)` holds for an open decision."""
    rules = games.get(slug)
    state = rules.setup(players, seed, options)
    for _ in range(limit):
        decisions = rules.pending(state)
        if not decisions:
            break
        if any(wanted(state, d) for d in decisions):
            return state
        seat = decisions[0].seat
        state = rules.apply(state, seat, rules.bot_choice(state, seat))
    raise AssertionError(f"{slug}: no such decision in seed {seed}")


# -- Pocket Mars ---------------------------------------------------------------------------------
KINDS["pocket-mars"] = frozenset({
    "Draft: keep 1 of these {n} cards; the rest pass to the player on your left ({picks} pick(s) to go).",
    "Setup: choose 2 of your 4 cards to place face down in your prep module (the rest stay in hand).",
    "Round {n}: your turn. Choose one action.",
    "Your card beat the value under {building}. Move a colonist from your ship to its star area?",
    "{card} was played from your prep module. Use its lower half? {effect}",
    "{card} was played from your prep module. You cannot use its lower half ({reason}).",
    "{card}: {effect} Choose how.",
    "{building} building ability: choose, or skip.",
    "Solo: instead of drawing, take one of the Devious Automatics' face-down prep cards ({n} draw(s) to make).",
    "4-card rule: discard {n} card(s) from your hand.",
    "4-card rule: put {n} card(s) from your hand face down into your prep module (others will see the colour).",
})


@builds("pocket-mars")
def _pocket_mars() -> Iterator[tuple[str, Any]]:
    state = played_until("pocket-mars", 3, 2, lambda s, d: bool(s.steps) and s.steps[0].kind == "turn")
    seat = state.steps[0].seat
    state.pl[seat].hand.append(state.deck.pop())  # a draw left the seat with 5 cards
    state.steps.insert(0, PocketMarsStep("discard4", seat, n=1))
    yield "4-card rule with a card too many", state


# -- Petrichor -----------------------------------------------------------------------------------
KINDS["petrichor"] = frozenset({
    "Setup: place your starting cloud (1 drop) on an empty tile.",
    "Your turn: play a card (effect + vote), play any two as a third weather, or pass.",
    "Last turn ({seat} passed): play one hand card (effect + vote) or pass.",
    "Choose the {n} cards to discard for {weather}.",
    "Optional double play (nobody has passed): two identical cards, or any four as another weather.",
    "Vote: put a marker on a weather, or advance a harvest die for points.",
    "Frost: choose an empty tile for a new white cloud with 1 of your drops.",
    "Sun: choose a cloud holding your drops to add 2 drops to.",
    "Wind: choose a cloud holding your drops to blow.",
    "Wind: blow the cloud to which neighbouring tile?",
    "Rain: choose a cloud holding your drops to drop 1 rain on its tile (up to 2 clouds).",
    "Rain: whose drop falls?",
    "Your supply is short: recover 1 of your drops from a tile; {n} still needed.",
    "Your supply is short: recover 1 of your drops from a tile (optional); {n} still needed.",
    "Sun weather: choose a cloud holding your drops; you add as many drops as you have in it.",
    "Wind weather: choose a tile to move 1 drop away from.",
    "Wind weather: move whose drop?",
    "Wind weather: move the drop to which neighbouring tile?",
    "Hand limit {limit}: choose {n} card(s) to discard.",
    "Vote tie between {weathers}: as first player choose {n} to resolve.",
})


@builds("petrichor")
def _petrichor() -> Iterator[tuple[str, Any]]:
    def short_of_drops(state, seat: int) -> None:
        """All of the seat's supply lies on tiles (as after many rains)."""
        for k in range(state.supply[seat]):
            state.tiles[k % len(state.tiles)].drops[seat] += 1
        state.supply[seat] = 0

    state = played_until("petrichor", 2, 3, lambda s, d: bool(s.steps) and s.steps[0].kind == "turn")
    seat = state.steps[0].seat
    short_of_drops(state, seat)
    state.steps[0:0] = [PetrichorStep("recover", seat, a="need", n=1), PetrichorStep("frost_cell", seat)]
    yield "Frost with an empty supply", state
    state = played_until("petrichor", 2, 3, lambda s, d: bool(s.steps) and s.steps[0].kind == "turn")
    seat = state.steps[0].seat
    short_of_drops(state, seat)
    state.steps[0:0] = [PetrichorStep("recover", seat, a="sunw", n=2)]
    yield "Sun weather with too few drops in the supply", state


# -- Impulse -------------------------------------------------------------------------------------
KINDS["impulse"] = frozenset({
    "Setup: choose your race. Races differ only in their unique starting tech (your other tech, Echo Relay, is the "
    "same for everyone).",
    "Setup: pick one of your 6 cards to lie face up as your home card (#{pos}). The rest stay in your hand.",
    "Step 1: add a card from your hand to the Impulse (it is shared with everyone).",
    "Step 2: use one of your techs (or skip).",
    "Step 4: use your Plan of {n} card(s) now, or delay it.",
    "{label}: pick a fleet to move up to {n} step(s) ({left} fleet move(s) left).",
    "{text} Battle waiting at {gate} (other fleets may join it).",
    "How many of your {n} ships at {place} move together? (the rest stay)",
    "{label}: route so far {route}. Pick a destination, or step by step (explorations happen after you confirm).",
    "Exploring #{pos}: the card is now in your hand. Place any hand card face up there.",
    "{label}: build a ship ({left} left, {ships}/{most} in play).",
    "{label}: aim your bombs ({left} left to aim), then fire; one card is turned up per bomb and each of size {n}+ "
    "destroys one ship of the fleet it was aimed at.",
    "{label}: all {n} bomb(s) are aimed: {aims}. Fire them?",
    "{label}: choose up to {n} hand card(s) to mine (or none).",
    "{label}: choose up to {n} hand card(s) to trade (or none).",
    "{label}: choose up to {n} hand card(s) to plan (or none).",
    "{label}: execute a hand card of size up to {n} or use a tech.",
    "{label}: research a hand card (size up to {n}) into a tech slot.",
    "Research {card} ({detail}): which tech does it replace?",
    "{label}: refine up to {n} mineral card(s) for their size in points.",
    "{label}: refine one {colour} mineral card for {n} point(s) per gem.",
    "Sector Core: choose which colour it counts as (its boost uses your minerals of that colour).",
    "Battle at {gate}: {role}. Commit reinforcements face down: a card counts only if a card in the Impulse, your "
    "Plan or your techs has the same colour and size; bluffs return to hand.",
})


@builds("impulse")
def _impulse() -> Iterator[tuple[str, Any]]:
    def at_turn():
        state = played_until("impulse", 2, 4, lambda s, d: s.tasks and s.tasks[-1].kind == "turn"
                             and s.tasks[-1].data.get("phase") == "add")
        seat = state.tasks[-1].seat
        foe = 1 - seat
        gate = next(g for g, row in enumerate(state.cr) if row[seat])
        state.cr[gate][foe] += 1  # a hostile cruiser at the seat's gate
        return state, seat, foe, gate

    state, seat, foe, gate = at_turn()
    state.tasks.append(ImpulseTask("battle", seat, {"gate": gate, "att": seat, "dfn": foe, "crossed": [],
                                                    "a": None, "d": None}))
    yield "a battle: the defender commits first", state
    state, seat, foe, gate = at_turn()
    state.tasks.append(ImpulseTask("battle", seat, {"gate": gate, "att": seat, "dfn": foe, "crossed": [],
                                                    "a": None, "d": []}))
    yield "a battle: the attacker commits, seeing the defender's count", state
    state, seat, foe, gate = at_turn()
    state.tasks.append(ImpulseTask("command", seat, {"v": "cmd2", "n": 2, "label": to_data(IMPULSE_CARDS["im-b03"].short()),
                                                     "fleets": 1, "kind": "any", "moved": [], "acts": [],
                                                     "stage": "fleet", "fights": [[gate, []]]}))
    yield "a second fleet to move while a battle waits", state


# -- Terraforming Mars: Ares Expedition ------------------------------------------------------------
KINDS["ares-expedition"] = frozenset({
    "Keep one of these corporations (starting MC and ability).",
    "Advanced setup: discard any cards to draw as many new ones (or none).",
    "Round {n}: pick your phase card.",
    "Round {n}: pick your phase card (not {phase}, picked last round). [phase=Production]",
    "{task} (you have {mc} MC, {heat} heat, {plants} plants). [task=Development: play one green card]",
    "{task} (you have {mc} MC, {heat} heat, {plants} plants). [task=Construction: play a blue or red card]",
    "{task} (you have {mc} MC, {heat} heat, {plants} plants). [task=Action: use blue actions and standard actions]",
    "Keep {n} of these cards (the rest are discarded).",
    "Discard {n} card(s).",
    "Discard {n} card(s), then {text}.",
    "Discard 1 to {n} cards, then {text} (X = cards discarded). [text=draw X]",
    "Hand limit 10: discard {n} (each gives {value} MC).",
    "Sell cards from hand for {value} MC each (you have {mc} MC).",
    "To pay for {card} sell {n} card(s) for {value} MC each.",
    "{card}: choose one.",
    "{card}: which card? ({what})",
    "{card}: {text}?",
    "{card}: discard a card to draw?",
    "{card}: how much {what}? [what=heat]",
    "Discounts for {card} (now {n} MC): use any?",
    "Pay {n} MC for {card}: how much of it in heat?",
    "{card}: play a green card costing {n} or less for free?",
    "Co-op: take a copper cube or a player marker.",
    "Co-op swap: pick the card to give your partner.",
    "Final rounds: choose the dummy's phase card.",
    "Solo difficulty: raise oxygen {n} step(s) or temperature {n} step(s) (free: no TR, no forest).",
})


def ares_card(name: str) -> int:
    return next(cid for cid, card in ARES_CARDS.items() if card.name == name)


@builds("ares-expedition")
def _ares() -> Iterator[tuple[str, Any]]:
    base = played_until("ares-expedition", 2, 5, lambda s, d: any(p.queue and p.queue[0].kind in ("dev", "build", "act")
                                                                  and len(p.hand) >= 2 for p in s.pl))
    seat = next(i for i, p in enumerate(base.pl) if p.queue and p.queue[0].kind in ("dev", "build", "act"))

    def with_task(task, setup=lambda p: None):
        state = copy.deepcopy(base)
        p = state.pl[seat]
        setup(p)
        p.queue.insert(0, task)
        return state

    def microbe_cards(p):
        p.played += [ares_card("Anaerobic Microorganisms"), ares_card("Decomposers")]
        p.res[ares_card("Decomposers")] = 2

    def rich(p):
        p.mc, p.heat, p.plants = 30, 6, 4

    def helion(p):
        p.corp, p.heat, p.mc = ares_card("Helion"), 6, 20

    def cheap_green(p):
        p.hand.append(ares_card("Moss"))

    yield "a card makes you discard", with_task(AresTask("discard", n=1, card=ares_card("Deimos Down")))
    yield "discard up to 3 to draw as many", with_task(AresTask("discard", text="draw X", card=ares_card(
        "Redrafted Contracts"), n=2, tag="X"))
    yield "microbes onto one of two cards", with_task(AresTask("target", text="add:microbe 2 other",
                                                               card=ares_card("Imported Hydrogen"), n=2,
                                                               cards=[ares_card("Anaerobic Microorganisms"),
                                                                      ares_card("Decomposers")]), microbe_cards)
    yield "pay for one more TR", with_task(AresTask("may", text="pay 6mc: tr+1",
                                                    card=ares_card("United Nations Mars Initiative")), rich)
    yield "discard a card to draw", with_task(AresTask("may", text="discard 1: draw 1, +1 more if the discarded card "
                                                                   "had tag:plant", card=ares_card("Mars University")))
    yield "how much heat into plants", with_task(AresTask("number", text="plants+X", card=ares_card("Greenhouses"), n=4,
                                                          tag="heat"), rich)
    yield "an optional discount", with_task(AresTask("discounts", card=base.pl[seat].hand[0]),
                                            lambda p: (rich(p), p.played.append(ares_card("Restructured Resources"))))
    yield "heat as MC", with_task(AresTask("heat_pay", card=base.pl[seat].hand[0]), helion)
    yield "a free green card", with_task(AresTask("free_green", n=9, card=ares_card("Automated Factories")), cheap_green)


# -- Voidfall ---------------------------------------------------------------------------------------
KINDS["voidfall"] = frozenset({
    "Choose your house.",
    "Choose the origin of House {house}.",
    "Choose your place in the turn order (lowest Influence chooses first).",
    "Choose step: play a Focus card.",
    "Flip a Trade token to take all three actions of the card?",
    "Play an Agenda with this Focus card?",
    "Action step ({used} of {total} actions taken).",
    "Cleanup: place the Agenda {agenda}?",
    "Cleanup: at most 2 fleet markers per sector. Merge markers (free) or recall cubes: {sectors}.",
    "Split or merge fleet markers (free): which sector?",
    "{sector}: markers {markers}. Split or merge (free)?",
    "{source} ({how}). [how=choose one]",
    "{source} ({how}). [how=resolve in any order, any may be declined]",
    "{source}: pay the cost ({cost}).",
    "{source}: how do you pay {cost}?",
    "Produce which resource?",
    "Produce which second resource (a different one)?",
    "{source} ({how}). [how=resolve all of them, in any order]",
    "Which of the next Cycle's two top Events goes on top? (the other goes to the bottom)",
    "Gain resources: {n} left to choose.",
    "Convert {frm} into {to}?",
    "Upgrade which Glory token?",
    "Advance which Civilization track?",
    "Gain which technology?",
    "Gain which Agenda?",
    "Keep which Agenda? (the other goes under its deck)",
    "Score which Pure Agenda now?",
    "Where does the Corruption marker go?",
    "Remove which Corruption marker?",
    "Move which Corruption marker?",
    "Move it where?",
    "Remove a Corruption or activate a cube?",
    "Establish which Guild, where?",
    "Build which Installation, where?",
    "Raise the Population of which Pure sector?",
    "Raise which sector (it then becomes Corrupted)?",
    "Deploy a cube ({n} left).",
    "Deploy a cube.",
    "Destroy which Guild or Installation (never in your Home)?",
    "Put {items} on which Voidborn sector?",
    "Invade which sector?",
    "Invade {sector}: choose the fleet to send ({n} cube(s) so far). Preview: {summary}.",
    "Invade {sector}: choose the fleet to send ({n} cube(s) so far). Preview (cubes left: invader vs defender) by the "
    "kind the defender loses last: {outlook}.",
    "{invader} invades your {sector} with {fleet}: which of your fleet kinds do you lose last? (The others go in the "
    "usual order.)",
    "Take a technology from the rescued house.",
    "Regroup: move cubes to adjacent sectors of yours ({n} left).",
    "Take which action of a preferred Focus card?",
    "Upkeep: {n} to pay (1 Food or 2 Energy/Materials each; no Credits or Science).",
    "Skirmish: {n} Voidborn cubes strike your {sector}: which of your fleet kinds do you lose last? (The others go in "
    "the usual order.)",
    "Galactic objectives of {event}: score A or B.",
    # solo and co-op, against the Voidborn
    "Co-op: decide the turn order together for this Cycle.",
    "Secretly choose the Focus card you will play this round.",
    "Resolve a crisis by paying its cost?",
    "Void advance: {head}. ({more})",
    "A catastrophe struck: your consolation.",
    "Preparation: a harbinger joins the crisis board on the row you choose.",
    "A harbinger you captured joins the crisis board.",
    "The Voidborn demand {cost}. You pay as much as you can; choose which (a Credit may stand in for Food, Energy or "
    "Materials).",
    "Safe haven level ({why}): no cube off the map to use.",
    "A safe haven is complete: choose your reward.",
    "Exchange resources with another house (given so far: {given}).",
    "Which house?",
    "Discard which crisis (without resolving it)?",
    "Remove which harbinger?",
    "A harbinger comes next to you: on which Voidborn sector?",
    "A harbinger goes on which Voidborn sector?",
    "Discard which permanent crisis (a catastrophe follows)?",
    "Remove a Voidborn cube from which sector?",
})


def _voidfall_at_choose(players: int, seed: int, options: dict | None = None) -> Any:
    """A Voidfall game at a house's choose step (top of the stack: its turn, selecting a card)."""
    return played_until("voidfall", players, seed, lambda s, d: bool(s.tasks) and s.tasks[-1].kind == "turn"
                        and s.tasks[-1].data.get("phase") == "select", options)


def _voidfall_effect(state: Any, seat: int, effect: dict, step: int = 0, **data: Any) -> Any:
    """`state` with house `seat` resolving `effect` on top of its stack."""
    state.tasks.append(VoidfallTask("eff", seat, {"e": effect, "ctx": {}, "step": step, **data}))
    return state


@builds("voidfall")
def _voidfall() -> Iterator[tuple[str, Any]]:
    def base(players: int = 2, options: dict | None = None) -> tuple[Any, int, Any]:
        state = _voidfall_at_choose(players, 6, options)
        seat = state.tasks[-1].seat
        return state, seat, state.houses[seat]

    def outpost(state: Any, seat: int) -> Any:
        return next(s for s in controlled(state, seat) if s.home_of < 0)

    state, seat, h = base()
    yield "the second of two resources to produce", _voidfall_effect(state, seat, {"do": "produce_two"}, step=1, first="F")
    state, seat, h = base()
    source = to_data(T("{event} (must)", event=event_name(sorted(EVENTS)[0])))
    state.tasks.append(VoidfallTask("group", seat, {"effects": [{"do": "gain", "res": {"F": 1}}, {"do": "trade"}], "join": "and",
                                                    "used": [], "source": source, "ctx": {}, "must": True}))
    yield "a frame that must be resolved whole", state
    state, seat, h = base()
    yield "the next Cycle's Events", _voidfall_effect(state, seat, {"do": "look_events"})
    state, seat, h = base()
    h.res["S"] = 4
    yield "converting Science into Credits", _voidfall_effect(state, seat, {"do": "convert", "n": 3, "frm": "S", "to": "C"})
    state, seat, h = base()
    h.track_corrupt["soc"], h.inactive = True, max(h.inactive, 1)
    yield "remove a Corruption or activate a cube", _voidfall_effect(state, seat, {"do": "remove_or_activate"})
    state, seat, h = base()
    h.agendas[0], h.agenda_corrupt[0] = sorted(AGENDAS)[0], False
    yield "score an Agenda in play", _voidfall_effect(state, seat, {"do": "score_agenda"})
    state, seat, h = base()
    out = outpost(state, seat)
    out.corrupted, out.pop = False, min(max(out.pop, 1), 5)
    yield "raise a Population that then Corrupts", _voidfall_effect(state, seat, {"do": "pop_up_then_corrupt"})
    state, seat, h = base()
    out = outpost(state, seat)
    out.guilds, out.installs = out.guilds[:out.printed_guilds] + ["fa"], out.installs[:out.printed_installs] + ["sd"]
    yield "destroy a Guild or an Installation", _voidfall_effect(state, seat, {"do": "destroy"})
    state, seat, h = base()
    spare = [t for t in sorted(TECHS) if t not in h.techs][:2]
    state.tasks.append(VoidfallTask("fallen_tech", seat, {"techs": spare}))
    yield "a technology of a rescued house", state

    # a house invading another house's sector, and the defender choosing what it loses last
    state, seat, h = base()
    foe = 1 - seat
    target = outpost(state, foe)
    fleets.set_fleet(state, foe, target, {"corvette": 2, "sentry": 1})
    state.houses[foe].techs.setdefault("sentries", "basic")
    source = outpost(state, seat)
    fleets.set_fleet(state, seat, source, {"corvette": 3, "sentry": 1})
    move = {source.key: {"corvette": 3}}
    invasion = {"e": {"do": "invade"}, "target": target.key, "move": move}
    yield "invading a house that will choose its losses", _voidfall_effect(state, seat, {"do": "invade"}, step=1, **{
        k: v for k, v in invasion.items() if k != "e"})
    defended = copy.deepcopy(state)
    defended.tasks[-1:] = [VoidfallTask("defend", foe, {"invader": seat, "d": invasion})]
    yield "a house invaded by another chooses what it loses last", defended

    # a Skirmish on a sector defended by two fleet kinds
    state, seat, h = base()
    out = outpost(state, seat)
    h.techs.setdefault("sentries", "basic")
    fleets.set_fleet(state, seat, out, {"corvette": 2, "sentry": 1})
    state.tasks.append(VoidfallTask("defend_skirmish", seat, {"target": out.key, "strength": 3}))
    yield "a Skirmish on a sector with two fleet kinds", state

    # cleanup with three fleet markers in one sector
    state, seat, h = base()
    out = outpost(state, seat)
    out.fleet, out.markers = {"corvette": 3}, {"corvette": [1, 1, 1]}
    state.tasks[-1].data.update(phase="trim", card=h.hand[0], used=[], flipped=False)
    yield "cleanup with three fleet markers in a sector", state

    # solo and co-op
    state, seat, h = base(1, {"difficulty": "hard"})
    state.tasks.append(VoidfallTask("solo_row", seat, {}))
    yield "a captured harbinger joins the crisis board", state
    state, seat, h = base(1, {"difficulty": "hard"})
    h.inactive = h.active = 0
    state.tasks.append(VoidfallTask("solo_haven_recall", seat, {"why": "a Civilization track at level 4"}))
    yield "a safe haven level with no cube off the map", state
    state, seat, h = base(1, {"difficulty": "hard"})
    yield "a harbinger next to you", _voidfall_effect(state, seat, {"do": "solo_place_harbinger"})
    state, seat, h = base(1, {"difficulty": "hard"})
    yield "a harbinger anywhere", _voidfall_effect(state, seat, {"do": "solo_place_harbinger", "anywhere": True})
    state, seat, h = base(1, {"difficulty": "hard"})
    yield "discard a permanent crisis", _voidfall_effect(state, seat, {"do": "solo_discard_permanent"})
    state, seat, h = base(1, {"difficulty": "hard"})
    near = [k for s in controlled(state, seat) for k in adjacent(state, s.key)]
    assert near
    yield "remove a Voidborn cube", _voidfall_effect(state, seat, {"do": "solo_remove_void"})

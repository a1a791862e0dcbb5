"""Voidfall's glossary for `/card`: every house and origin, technology, Focus card (each action's
cost and effects in words), Agenda and Agenda type, Galactic Event (frames and objectives), sector
and sector type, the token kinds, resources, Guilds, Installations, fleets, the phases of a Cycle
and the steps of a turn, and what a mode adds (`CatalogueExtras`: the solo/co-op crises, alert and
war cards, Heroic/Joint Focus cards, harbingers and safe havens, from games/voidfall/solo). Public
facts of the box only, from data/*.json; resources are written out (Food, Energy, Materials,
Credits, Science), never as one-letter codes."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core import Catalogue, CatalogueEntry
from games.core.catalogue import slug
from games.core.i18n import Msg, Text

from .data import (AGENDA_TYPES, AGENDAS, EVENTS, FLEET_NAME, FOCUS, GUILD_NAME, GUILD_RES, HEXES, HOUSES,
                   INSTALL_NAME, ORIGINS, RES_NAME, SECTOR_TYPES, SETTINGS, STARTING_AGENDA, TECHS, TRACK_NAME,
                   TRACK_SETS, action_name, agenda_name, agenda_type_name, data_text, event_name, focus_title,
                   guild_name, guild_word, house_name, install_name, plus, res_name, tech_name, track_name,
                   words)  # noqa: F401  (words: the tests read it from here)
from .effects import COST_WORDS, describe_all, list_text, objective_text
from .messages import T, content_name, joined


@dataclass(frozen=True)
class CatalogueExtras:
    """What a mode adds to the glossary: its own Focus-like cards (listed with the Focus actions
    they offer, under `card_title`), entries placed after the sector types, and fixed entries
    (pieces, steps) placed at the end."""

    cards: Mapping[str, dict[str, Any]] = field(default_factory=dict)
    card_title: Callable[[str], Text] | None = None
    entries: tuple[CatalogueEntry, ...] = ()
    fixed: tuple[CatalogueEntry, ...] = ()


def lines_text(lines: Sequence[Text]) -> Text:
    """Lines of an entry's text, one under the other."""
    return joined(lines, T("{a}\n{b}"))


def cost_words(cost: dict) -> Text:
    """A cost in words ("2 Energy + 1 Credits", "recall 1 cube(s)"), or "free"."""
    parts: list[Text] = [T("{n} {resource}", n=n, resource=res_name(r)) for r, n in cost.items() if r in RES_NAME and n]
    other = {**COST_WORDS, "pop_down": lambda n: T("lose {n} Pure Population", n=n)}
    parts += [other[k](cost[k]) for k in COST_WORDS if cost.get(k)]
    return plus(parts) or T("free")


def action_line(action: dict) -> Msg:
    """One Focus action: "Engage (cost: 2 Energy): invade a sector OR Regroup ..."."""
    return T("{action} (cost: {cost}): {effects}", action=action_name(action), cost=cost_words(action["cost"]),
             effects=describe_all(action["effects"], action["join"]))


def focus_text(card: dict, extra: Text = "") -> Text:
    key = next(k for k, c in FOCUS.items() if c is card)
    if card.get("house"):
        head = T("Focus card (house card of {house}, replaces {card}).", house=house_name(card["house"]),
                 card=focus_title(card["slot"]))
    else:
        head = T("Focus card (every house).")
    if extra:
        head = T("{a}{b}", a=head, b=extra)
    lines = [head, T("On your turn play it and take 2 of its 3 actions (3 by flipping a Trade token):")]
    return lines_text(lines + [action_line(a) for a in FOCUS[key]["actions"]])


def _actions(extras: Iterable[CatalogueExtras]) -> list[CatalogueEntry]:
    """One entry per Focus action name, with every card that offers it (Plan is on several)."""
    titles: dict[str, Callable[[str], Text]] = {key: focus_title for key in FOCUS}
    every = list(FOCUS.items())
    for extra in extras:
        every += list(extra.cards.items())
        titles.update({key: extra.card_title or focus_title for key in extra.cards})
    cards: dict[str, list[tuple[str, dict]]] = {}
    for key, card in every:
        for action in card["actions"]:
            cards.setdefault(action["name"], []).append((key, action))
    return [CatalogueEntry(f"action:{slug(action)}", "focus action", action_name(found[0][1]),
                           lines_text([T("Focus action of {cards}:", cards=joined([titles[k](k) for k, _ in found]))]
                                      + [T("{card}: {line}", card=titles[k](k), line=action_line(a)) for k, a in found]))
            for action, found in cards.items()]


def _house(key: str, house: dict) -> CatalogueEntry:
    tracks = TRACK_SETS[house["tracks"]]
    group = {"starter": T("starter"), "advanced": T("advanced")}.get(house["group"], house["group"])
    lines = [T("House ({group}). {ability}", group=group, ability=data_text(house["ability_text"])),
             T("Preferred Focus cards: {cards}.", cards=joined([focus_title(f) for f in house["preferred"]])),
             T("Own Focus cards: {cards}.", cards=joined([focus_title(f) for f in house["focus"]])),
             T("Origin technologies: {techs}.", techs=joined([tech_name(t) for t in house["techs"]]))]
    for track in ("soc", "sta", "eco"):
        cells = joined([data_text(cell["text"]) for cell in tracks[track]], T("{a} / {b}"))
        lines.append(T("{track} track: {cells}", track=track_name(track), cells=cells))
    return CatalogueEntry(f"house:{key}", "house", house_name(key), lines_text(lines))


def _origin(key: str, origin: dict) -> CatalogueEntry:
    house = house_name(origin["house"])
    res = joined([T("{n} {resource}", n=n, resource=res_name(r)) for r, n in origin["res"].items() if n])
    guilds = list_text([guild_word(g) for g in origin["home_guilds"]]) or T("none")
    installs = list_text([install_name(i) for i in origin["outpost_installs"]]) or T("none")
    if origin.get("prod_bonus"):
        start = T("Starting resources: {resources}; {n} active cubes; +1 {resource} production level.", resources=res,
                  n=origin["active"], resource=res_name(origin["prod_bonus"]))
    else:
        start = T("Starting resources: {resources}; {n} active cubes.", resources=res, n=origin["active"])
    lines = [T("Origin of House {house}: technology {tech}.", house=house, tech=tech_name(origin["tech"])),
             T("Home sector: Population {n}, Guilds: {guilds}.", n=origin["home_pop"], guilds=guilds),
             T("Outpost: Population {n}, Installations: {installations}.", n=origin["outpost_pop"],
               installations=installs),
             start]
    name = content_name(f"origin:{key}", f"{HOUSES[origin['house']]['name']} origin {origin['card']}")
    return CatalogueEntry(f"origin:{key}", "origin", name, lines_text(lines))


def _tech(key: str, tech: dict) -> CatalogueEntry:
    lines = [T("Technology. Basic: {text}", text=data_text(tech["basic"])),
             T("Improved: {text}", text=data_text(tech["improved"]))]
    if tech.get("gain"):
        lines.append(T("When gained: {effects}.", effects=describe_all(tech["gain"], tech.get("join", "and"))))
    if tech.get("influence"):
        lines.append(T("Worth {n} Influence.", n=tech["influence"]))
    return CatalogueEntry(f"tech:{key}", "technology", tech_name(key), lines_text(lines))


def _agenda(key: str, agenda: dict) -> CatalogueEntry:
    lines = [T("{kind} Agenda: scored at each Evaluation while in play.", kind=agenda_type_name(agenda["type"])),
             *(objective_text(o) for o in agenda["objectives"])]
    return CatalogueEntry(f"agenda:{key}", "agenda", agenda_name(key), lines_text(lines))


def _agenda_type(key: str, kind: dict) -> CatalogueEntry:
    text = T("Agenda type. Playable with the Focus cards {cards}; playing one gives its action: {action}.",
             cards=joined([focus_title(f) for f in kind["focus"]]), action=data_text(kind["action_text"]))
    return CatalogueEntry(f"agenda-type:{key}", "agenda type", content_name(f"agenda-type:{key}", f"{kind['name']} Agenda"),
                          text)


FRAME_SCOPE = {"each": T("every house in turn order"), "once": T("once"), "perm": T("for the whole Cycle"),
               "delayed": T("each house after its first turn")}


def _frame(frame: dict) -> Msg:
    scope = FRAME_SCOPE.get(frame["scope"], frame["scope"])
    effects = describe_all(frame["effects"], frame["join"])
    if frame["mand"]:
        return T("Mandatory ({scope}): {effects}", scope=scope, effects=effects)
    return T("Optional ({scope}): {effects}", scope=scope, effects=effects)


def _event(key: str, event: dict) -> CatalogueEntry:
    lines: list[Text] = [T("Galactic Event of Cycle {cycle}: {n} Focus turns each this Cycle.", cycle=event["cycle"],
                           n=event["rounds"])]
    lines += [_frame(f) for f in event["frames"]]
    lines.append(T("Objectives at Evaluation (score one of the two, your choice):") if event.get("sep") == "or"
                 else T("Objectives at Evaluation (score both):"))
    lines += [T("A: {objective}", objective=objective_text(o)) for o in event["a"]]
    lines += [T("B: {objective}", objective=objective_text(o)) for o in event["b"]]
    return CatalogueEntry(f"event:{key}", "event", event_name(key), lines_text(lines))


def _sector_kind(key: str) -> Msg:
    """A sector type's own name ("Rift")."""
    return content_name(f"sector-kind:{key}", SECTOR_TYPES[key]["label"])


def _sector(key: str, hexa: dict) -> CatalogueEntry:
    kind = SECTOR_TYPES[hexa["type"]]
    head = T("Sector ({kind}) of the competitive map, Population {n}", kind=_sector_kind(hexa["type"]), n=hexa["pop"])
    if hexa["corrupted"]:
        head = T("{text}, Corrupted", text=head)
    if hexa["void"]:
        head = T("{text}, {n} Voidborn", text=head, n=hexa["void"])
    lines: list[Text] = [T("{text}.", text=head)]
    if kind.get("ability"):
        lines.append(data_text(kind["ability"]))
    printed = [guild_name(g) for g in hexa["printed_guilds"]] + [install_name(i) for i in hexa["printed_installs"]]
    if printed:
        lines.append(T("Printed: {things}.", things=joined(printed)))
    return CatalogueEntry(f"sector:{key}", "sector", content_name(f"sector:{key}", hexa["name"]), lines_text(lines))


def _sector_type(key: str, kind: dict) -> CatalogueEntry:
    text: Text = T("Sector type: {guilds} Guild slots, {installs} Installation slots", guilds=kind["guild_slots"],
                   installs=kind["install_slots"])
    if kind.get("upkeep"):
        text = T("{text}, Upkeep {n}", text=text, n=kind["upkeep"])
    text = T("{text}.", text=text)
    if kind.get("ability"):
        text = T("{text} {more}", text=text, more=data_text(kind["ability"]))
    if kind.get("never_corrupt"):
        text = T("{text} It is never Corrupted.", text=text)
    name = content_name(f"sector-type:{key}", f"{kind['label']} sector")
    return CatalogueEntry(f"sector-type:{key}", "sector type", name, text)


# Fixed texts: token kinds, resources, pieces, phases and steps (our own words, after DESIGN.md and DESIGN_SOLO.md).
FIXED: tuple[tuple[str, str, str, Text], ...] = (
    ("token:trade", "token", "Trade token",
     "Flip a held Trade token when you play a Focus card to take a third action. Trade tokens on the board give a "
     "bonus when taken; a flipped token goes back to the board at cleanup. The lowest one is boxed from Cycle 2."),
    ("token:bounty", "token", "Bounty token", "Gained from sectors and effects; its face gives resources."),
    ("token:reclaim", "token", "Reclaim token",
     "Taken when you win a sector holding one; its face gives a choice (activate or deploy a cube, build an "
     "Installation or 1 Influence...)."),
    ("token:glory", "token", "Glory token",
     T("Worth its value in Influence at the end; upgrade it to raise the value. You keep at most {n} (cleanup).",
       n=SETTINGS["glory_cap"])),
    ("token:corruption", "token", "Corruption",
     "Markers on Corrupted sectors, Agenda slots, Civilization tracks and the Agenda offer. They feed the Voidborn "
     "Skirmish, count against you in ties and, in solo/co-op, add 2 to the Voidborn's final Influence each."),
    ("token:cube", "token", "Cube (Fleet Power)",
     "Your cubes: active ones pay for tracks and deploy as fleets; inactive ones wait to be activated."),
    ("token:influence", "token", "Influence", "The score: most Influence after Cycle 3 wins."),
    ("phase:preparation", "phase", "Preparation",
     "Start of a Cycle: turn order from low to high Influence, the Galactic Event and its frames."),
    ("phase:focus", "phase", "Focus phase",
     "As many turns as the Galactic Event says; each turn has a choose step, an action step and a cleanup step."),
    ("phase:evaluation", "phase", "Evaluation",
     "End of a Cycle, in turn order: the Voidborn Skirmish, Upkeep, the Event's objectives, your Agendas, Focus "
     "cards back to hand."),
    ("step:choose", "step", "Choose step",
     "Play a Focus card from hand; you may flip a Trade token for a third action and play an Agenda whose type "
     "lists that Focus card."),
    ("step:action", "step", "Action step",
     "Take up to 2 different actions of the played Focus card (3 with a flipped Trade token), paying each cost; "
     "the Agenda's action and technology actions may come at any point."),
    ("step:cleanup", "step", "Cleanup step",
     T("At most 2 fleet markers per sector (merge for free, then recall cubes), at most {n} Glory tokens, the flipped "
       "Trade token back to the board.", n=SETTINGS["glory_cap"])),
    ("step:skirmish", "step", "Skirmish",
     "Evaluation: Voidborn attack your sectors with as much strength as the Corruption on your house mat."),
    ("step:upkeep", "step", "Upkeep",
     "Evaluation: pay the Upkeep of your sectors and Agendas; what you cannot pay costs Influence."),
)


INSTALL_TEXT = {
    "yard": T("Your cubes deploy to the sectors of your Shipyards; with Deep Space Missiles one next to a sector "
            "you invade adds damage before combat."),
    "sd": T("Fires for the sector's defender in combat."),
    "starbase": T("Fires for the sector's defender in combat; how many you may build depends on the Starbases "
                  "technology."),
}


def _fleet_text(kind: str) -> Text:
    """A fleet kind: the technology it needs and its deploy cost."""
    if kind == "void":
        return T("Voidborn cubes on the map; they fight as Corvettes.")
    tech = SETTINGS["fleet_tech"].get(kind)
    cost = SETTINGS["deploy_cost"].get(kind)
    needs = T("Needs the {tech} technology.", tech=tech_name(tech)) if tech else T("Needs no technology.")
    text = T("A fleet marker kind: its cubes fight together in invasions and Skirmishes. {needs}", needs=needs)
    return T("{text} Deploying one costs {cost} more.", text=text, cost=cost_words(cost)) if cost else text


def fixed_entry(entry_id: str, kind: str, name: str, text: Text) -> CatalogueEntry:
    """An entry of our own words (a piece, a step), its name keyed by its id."""
    return CatalogueEntry(entry_id, kind, content_name(entry_id, name), Msg(T.domain, text) if isinstance(text, str) else text)


def _entries(extras: tuple[CatalogueExtras, ...]) -> list[CatalogueEntry]:
    found = [_house(k, h) for k, h in HOUSES.items()]
    found += [_origin(k, o) for k, o in ORIGINS.items()]
    found += [CatalogueEntry(f"focus:{k}", "focus card", focus_title(k), focus_text(c)) for k, c in FOCUS.items()]
    found += _actions(extras)
    found += [_tech(k, t) for k, t in TECHS.items()]
    found += [_agenda_type(k, t) for k, t in AGENDA_TYPES.items()]
    found.append(CatalogueEntry("agenda:starting", "agenda", content_name("agenda:starting", STARTING_AGENDA["name"]),
                                lines_text([T("Starting Agenda of every house:")]
                                           + [objective_text(o) for o in STARTING_AGENDA["objectives"]])))
    found += [_agenda(k, a) for k, a in AGENDAS.items()]
    found += [_event(k, e) for k, e in EVENTS.items()]
    found += [_sector(k, h) for k, h in HEXES.items()]
    found += [_sector_type(k, t) for k, t in SECTOR_TYPES.items()]
    found += [entry for extra in extras for entry in extra.entries]
    found += [CatalogueEntry(f"resource:{r}", "resource", res_name(r),
                             T("Resource, at most {n} in stock; produced by {guild}s (production level = Guilds x "
                               "Population).", n=SETTINGS["stock_cap"], guild=guild_name(g)))
              for g, r in GUILD_RES.items()]
    found += [CatalogueEntry(f"guild:{g}", "guild", guild_name(g),
                             T("A Guild in a sector: raises your {resource} production level.", resource=res_name(GUILD_RES[g])))
              for g in GUILD_NAME]
    found += [CatalogueEntry(f"install:{k}", "installation", install_name(k),
                             T("An Installation built in a sector. {text}", text=INSTALL_TEXT[k])) for k in INSTALL_NAME]
    found += [CatalogueEntry(f"fleet:{k}", "fleet", content_name(f"fleet:{k}", name if k != "void" else "Voidborn fleet"),
                             _fleet_text(k)) for k, name in FLEET_NAME.items()]
    found += [CatalogueEntry(f"track:{k}", "track", content_name(f"track:{k}", f"{name} track"),
                             T("Civilization track: spend active cubes to advance it and take the reward of the new "
                               "cell; every house's cells are listed under its house.")) for k, name in TRACK_NAME.items()]
    found += [fixed_entry(*fixed) for fixed in FIXED]
    found += [entry for extra in extras for entry in extra.fixed]
    return _distinct(found)


def _distinct(entries: list[CatalogueEntry]) -> list[CatalogueEntry]:
    """Names are unique ignoring case: a name two things share gets its kind beside it."""
    counts: dict[str, int] = {}
    for entry in entries:
        counts[str(entry.name).lower()] = counts.get(str(entry.name).lower(), 0) + 1
    return [entry if counts[str(entry.name).lower()] == 1 else
            CatalogueEntry(entry.id, entry.kind, T("{name} ({kind})", name=entry.name, kind=entry.kind), entry.text)
            for entry in entries]


def build_catalogue(extras: Iterable[CatalogueExtras | None] = ()) -> Catalogue:
    """The glossary of the competitive game with what each mode adds (`extras`, in order)."""
    return Catalogue(tuple(_entries(tuple(extra for extra in extras if extra is not None))))

"""Voidfall's glossary for `/card`: every house and origin, technology, Focus card (each action's
cost and effects in words), Agenda and Agenda type, Galactic Event (frames and objectives), sector
and sector type, the solo/co-op crises, alert and war cards, Heroic/Joint Focus cards, harbingers
and safe havens, the token kinds, resources, Guilds, Installations, fleets, the phases of a Cycle
and the steps of a turn. Public facts of the box only, from data/*.json; resources are written out
(Food, Energy, Materials, Credits, Science), never as one-letter codes."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry
from games.core.catalogue import slug

from .data import (AGENDA_TYPES, AGENDAS, EVENTS, FLEET_NAME, FOCUS, GUILD_NAME, GUILD_RES, HEXES, HOUSES,
                   INSTALL_NAME, ORIGINS, RES_NAME, SECTOR_TYPES, SETTINGS, STARTING_AGENDA, TECHS, TRACK_NAME,
                   TRACK_SETS, words)
from .effects import describe_all, objective_text
from .solo.content import BOARD, CRISES, WAR_CARDS
from .solo.crises import card_text as crisis_text
from .solo.heroic import HEROIC


def cost_words(cost: dict) -> str:
    """A cost in words ("2 Energy + 1 Credits", "recall 1 cube(s)"), or "free"."""
    parts = [f"{n} {RES_NAME[r]}" for r, n in cost.items() if r in RES_NAME and n]
    other = {"any": "{} resource(s) of any kind", "recall": "recall {} cube(s)", "deact": "deactivate {} cube(s)",
             "corrupt": "gain {} Corruption", "pop_down": "lose {} Pure Population",
             "destroy_inst": "destroy {} Installation", "destroy_guild": "destroy {} Guild",
             "bounty": "discard {} Bounty token", "reclaim": "discard {} Reclaim token",
             "agenda": "remove {} Agenda in play", "glory": "discard {} Glory token", "trade": "return {} Trade token",
             "corrupt_agenda": "{} Corruption on an Agenda slot"}
    parts += [fmt.format(cost[k]) for k, fmt in other.items() if cost.get(k)]
    return " + ".join(parts) or "free"


def action_line(action: dict) -> str:
    """One Focus action: "Engage (pay 2 Energy): invade a sector OR Regroup ..."."""
    return words(f"{action['name']} (cost: {cost_words(action['cost'])}): {describe_all(action['effects'], action['join'])}")


def focus_text(card: dict, extra: str = "") -> str:
    lines = [f"Focus card ({'house card of ' + HOUSES[card['house']]['name'] if card.get('house') else 'every house'}"
             f"{', replaces ' + FOCUS[card['slot']]['title'] if card.get('house') else ''}).{extra}",
             "On your turn play it and take 2 of its 3 actions (3 by flipping a Trade token):"]
    return "\n".join(lines + [action_line(a) for a in card["actions"]])


def _actions() -> list[CatalogueEntry]:
    """One entry per Focus action name, with every card that offers it (Plan is on several)."""
    cards: dict[str, list[tuple[str, dict]]] = {}
    for card in list(FOCUS.values()) + list(HEROIC.values()):
        for action in card["actions"]:
            cards.setdefault(action["name"], []).append((card["title"], action))
    return [CatalogueEntry(f"action:{slug(action)}", "focus action", action,
                           "Focus action of " + ", ".join(title for title, _ in found) + ":\n"
                           + "\n".join(f"{title}: {action_line(a)}" for title, a in found))
            for action, found in cards.items()]


def _house(key: str, house: dict) -> CatalogueEntry:
    tracks = TRACK_SETS[house["tracks"]]
    lines = [f"House ({house['group']}). {words(house['ability_text'])}",
             "Preferred Focus cards: " + ", ".join(FOCUS[f]["title"] for f in house["preferred"]) + ".",
             "Own Focus cards: " + ", ".join(FOCUS[f]["title"] for f in house["focus"]) + ".",
             "Origin technologies: " + ", ".join(TECHS[t]["name"] for t in house["techs"]) + "."]
    for track in ("soc", "sta", "eco"):
        lines.append(f"{TRACK_NAME[track]} track: " + " / ".join(words(cell["text"]) for cell in tracks[track]))
    return CatalogueEntry(f"house:{key}", "house", house["name"], "\n".join(lines))


def _origin(key: str, origin: dict) -> CatalogueEntry:
    house = HOUSES[origin["house"]]["name"]
    res = ", ".join(f"{n} {RES_NAME[r]}" for r, n in origin["res"].items() if n)
    guilds = ", ".join(GUILD_NAME[g] for g in origin["home_guilds"]) or "none"
    lines = [f"Origin of House {house}: technology {TECHS[origin['tech']]['name']}.",
             f"Home sector: Population {origin['home_pop']}, Guilds: {guilds}.",
             f"Outpost: Population {origin['outpost_pop']}, Installations: "
             + (", ".join(INSTALL_NAME[i] for i in origin["outpost_installs"]) or "none") + ".",
             f"Starting resources: {res}; {origin['active']} active cubes; "
             f"+1 {RES_NAME[origin['prod_bonus']]} production level." if origin.get("prod_bonus") else
             f"Starting resources: {res}; {origin['active']} active cubes."]
    return CatalogueEntry(f"origin:{key}", "origin", f"{house} origin {origin['card']}", "\n".join(lines))


def _tech(key: str, tech: dict) -> CatalogueEntry:
    lines = [f"Technology. Basic: {words(tech['basic'])}", f"Improved: {words(tech['improved'])}"]
    if tech.get("gain"):
        lines.append("When gained: " + words(describe_all(tech["gain"], tech.get("join", "and"))) + ".")
    if tech.get("influence"):
        lines.append(f"Worth {tech['influence']} Influence.")
    return CatalogueEntry(f"tech:{key}", "technology", tech["name"], "\n".join(lines))


def _agenda(key: str, agenda: dict) -> CatalogueEntry:
    kind = AGENDA_TYPES[agenda["type"]]
    lines = [f"{kind['name']} Agenda: scored at each Evaluation while in play.",
             *(words(objective_text(o)) for o in agenda["objectives"])]
    return CatalogueEntry(f"agenda:{key}", "agenda", agenda["name"], "\n".join(lines))


def _agenda_type(key: str, kind: dict) -> CatalogueEntry:
    text = (f"Agenda type. Playable with the Focus cards {', '.join(FOCUS[f]['title'] for f in kind['focus'])}; "
            f"playing one gives its action: {words(kind['action_text'])}.")
    return CatalogueEntry(f"agenda-type:{key}", "agenda type", f"{kind['name']} Agenda", text)


def _frame(frame: dict) -> str:
    scope = {"each": "every house in turn order", "once": "once", "perm": "for the whole Cycle",
             "delayed": "each house after its first turn"}.get(frame["scope"], frame["scope"])
    kind = "Mandatory" if frame["mand"] else "Optional"
    return words(f"{kind} ({scope}): {describe_all(frame['effects'], frame['join'])}")


def _event(key: str, event: dict) -> CatalogueEntry:
    lines = [f"Galactic Event of Cycle {event['cycle']}: {event['rounds']} Focus turns each this Cycle."]
    lines += [_frame(f) for f in event["frames"]]
    sep = "or" if event.get("sep") == "or" else "and"
    lines.append(f"Objectives at Evaluation (A {sep} B):")
    lines += ["A: " + words(objective_text(o)) for o in event["a"]]
    lines += ["B: " + words(objective_text(o)) for o in event["b"]]
    return CatalogueEntry(f"event:{key}", "event", event["name"], "\n".join(lines))


def _sector(key: str, hexa: dict) -> CatalogueEntry:
    kind = SECTOR_TYPES[hexa["type"]]
    lines = [f"Sector ({kind['label']}) of the competitive map, Population {hexa['pop']}"
             + (", Corrupted" if hexa["corrupted"] else "") + (f", {hexa['void']} Voidborn" if hexa["void"] else "") + "."]
    if kind.get("ability"):
        lines.append(words(kind["ability"]))
    printed = [GUILD_NAME[g] + " Guild" for g in hexa["printed_guilds"]] + [INSTALL_NAME[i] for i in hexa["printed_installs"]]
    if printed:
        lines.append("Printed: " + ", ".join(printed) + ".")
    return CatalogueEntry(f"sector:{key}", "sector", hexa["name"], "\n".join(lines))


def _sector_type(key: str, kind: dict) -> CatalogueEntry:
    text = (f"Sector type: {kind['guild_slots']} Guild slots, {kind['install_slots']} Installation slots"
            + (f", Upkeep {kind['upkeep']}" if kind.get("upkeep") else "") + "."
            + (f" {words(kind['ability'])}" if kind.get("ability") else "")
            + (" It is never Corrupted." if kind.get("never_corrupt") else ""))
    return CatalogueEntry(f"sector-type:{key}", "sector type", f"{kind['label']} sector", text)


def _heroic(key: str, card: dict) -> CatalogueEntry:
    joint = card["title"].replace("Heroic", "Joint")
    lines = [f"Heroic Focus card (solo), called {joint} in co-op; it replaces {card['match']}."]
    lines += [action_line(a) for a in card["actions"]]
    return CatalogueEntry(f"heroic:{key}", "heroic card", card["title"], "\n".join(lines))


# Fixed texts: token kinds, resources, pieces, phases and steps (our own words, after RULES.md and SOLO.md).
FIXED: tuple[tuple[str, str, str, str], ...] = (
    ("token:trade", "token", "Trade token",
     "Flip a held Trade token when you play a Focus card to take a third action. Trade tokens on the board give a "
     "bonus when taken; a flipped token goes back to the board at cleanup. The lowest one is boxed from Cycle 2."),
    ("token:bounty", "token", "Bounty token", "Gained from sectors and effects; its face gives resources."),
    ("token:reclaim", "token", "Reclaim token",
     "Taken when you win a sector holding one; its face gives a choice (activate or deploy a cube, build an "
     "Installation or 1 Influence...)."),
    ("token:glory", "token", "Glory token",
     f"Worth its value in Influence at the end; upgrade it to raise the value. You keep at most "
     f"{SETTINGS['glory_cap']} (cleanup)."),
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
     f"At most 2 fleet markers per sector (merge for free, then recall cubes), at most {SETTINGS['glory_cap']} "
     "Glory tokens, the flipped Trade token back to the board."),
    ("step:skirmish", "step", "Skirmish",
     "Evaluation: Voidborn attack your sectors with as much strength as the Corruption on your house mat."),
    ("step:upkeep", "step", "Upkeep",
     "Evaluation: pay the Upkeep of your sectors and Agendas; what you cannot pay costs Influence."),
    ("step:alert", "step", "Alert step",
     "Solo/co-op, before the first turn of a round: reveal an alert card; a situation card (I, II, III) brings "
     "the current crisis, a war card none."),
    ("step:void-advance", "step", "Void advance",
     "Solo/co-op, after the last turn of a round: an open crisis becomes a penalty, a permanent crisis or a "
     "catastrophe (the fourth catastrophe loses the game)."),
    ("solo:harbinger", "solo", "Harbinger",
     "Solo/co-op: a Voidborn piece on the map or on the crisis board; each one on the map adds 10 to the "
     "Voidborn's final Influence. Win its sector's invasion to move it to the board."),
    ("solo:safe-haven", "solo", "Safe haven",
     "Solo/co-op: tiles filled with cubes when you overproduce twice in a turn, reach level 4 on a track or hold a "
     "Pure sector of Population 6 with 3 Guilds; a finished tile gives each house a reward, an unfinished one adds "
     "20 to the Voidborn's final Influence."),
    ("solo:catastrophe", "solo", "Catastrophe",
     "Solo/co-op: a crisis pushed off the crisis board; each adds 20 to the Voidborn's final Influence, the fourth "
     "loses the game."),
    ("solo:voidborn-influence", "solo", "Voidborn final Influence",
     "Solo/co-op: every house needs at least this much Influence to win: 60/100/140 by difficulty, +" +
     ", +".join(f"{n} per {k.replace('_', ' ')}" for k, n in BOARD["vb_points"].items()) + "."),
)


INSTALL_TEXT = {
    "yard": "Your cubes deploy to the sectors of your Shipyards; with Deep Space Missiles one next to a sector "
            "you invade adds damage before combat.",
    "sd": "Fires for the sector's defender in combat.",
    "starbase": "Fires for the sector's defender in combat; how many you may build depends on the Starbases "
                "technology.",
}


def _fleet_text(kind: str) -> str:
    """A fleet kind: the technology it needs and its deploy cost."""
    if kind == "void":
        return "Voidborn cubes on the map; they fight as Corvettes."
    tech = SETTINGS["fleet_tech"].get(kind)
    cost = SETTINGS["deploy_cost"].get(kind)
    return ("A fleet marker kind: its cubes fight together in invasions and Skirmishes. "
            + (f"Needs the {TECHS[tech]['name']} technology. " if tech else "Needs no technology. ")
            + (f"Deploying one costs {cost_words(cost)} more." if cost else "")).strip()


def _war(key: str, mods: list[int]) -> CatalogueEntry:
    return CatalogueEntry(f"war:{key}", "war card", f"War card {key[3:]}",
                          "Solo/co-op alert card: resolve the crisis board (every house suffers an assault at the "
                          "military slot value plus this card's modifier, then the economic payment) or take a "
                          "catastrophe. Modifier in Cycle 1/2/3: " + "/".join(f"+{m}" for m in mods) + ".")


def _entries() -> list[CatalogueEntry]:
    found = [_house(k, h) for k, h in HOUSES.items()]
    found += [_origin(k, o) for k, o in ORIGINS.items()]
    found += [CatalogueEntry(f"focus:{k}", "focus card", c["title"], focus_text(c)) for k, c in FOCUS.items()]
    found += _actions()
    found += [_tech(k, t) for k, t in TECHS.items()]
    found += [_agenda_type(k, t) for k, t in AGENDA_TYPES.items()]
    found.append(CatalogueEntry("agenda:starting", "agenda", STARTING_AGENDA["name"],
                                "Starting Agenda of every house:\n"
                                + "\n".join(words(objective_text(o)) for o in STARTING_AGENDA["objectives"])))
    found += [_agenda(k, a) for k, a in AGENDAS.items()]
    found += [_event(k, e) for k, e in EVENTS.items()]
    found += [_sector(k, h) for k, h in HEXES.items()]
    found += [_sector_type(k, t) for k, t in SECTOR_TYPES.items()]
    found += [CatalogueEntry(f"crisis:{k}", "crisis", c["name"], words(crisis_text(k))) for k, c in CRISES.items()]
    found += [_heroic(k, c) for k, c in HEROIC.items()]
    found += [_war(k, m) for k, m in WAR_CARDS.items()]
    found += [CatalogueEntry(f"resource:{r}", "resource", name,
                             f"Resource, at most {SETTINGS['stock_cap']} in stock; produced by {GUILD_NAME[g]} Guilds "
                             "(production level = Guilds x Population).")
              for g, r in GUILD_RES.items() for name in [RES_NAME[r]]]
    found += [CatalogueEntry(f"guild:{g}", "guild", f"{name} Guild",
                             f"A Guild in a sector: raises your {RES_NAME[GUILD_RES[g]]} production level.")
              for g, name in GUILD_NAME.items()]
    found += [CatalogueEntry(f"install:{k}", "installation", name, "An Installation built in a sector. " + text)
              for k, name in INSTALL_NAME.items() for text in [INSTALL_TEXT[k]]]
    found += [CatalogueEntry(f"fleet:{k}", "fleet", name if k != "void" else "Voidborn fleet", _fleet_text(k))
              for k, name in FLEET_NAME.items()]
    found += [CatalogueEntry(f"track:{k}", "track", f"{name} track",
                             "Civilization track: spend active cubes to advance it and take the reward of the new "
                             "cell; every house's cells are listed under its house.") for k, name in TRACK_NAME.items()]
    found += [CatalogueEntry(*fixed) for fixed in FIXED]
    return _distinct(found)


def _distinct(entries: list[CatalogueEntry]) -> list[CatalogueEntry]:
    """Names are unique ignoring case: a name two things share gets its kind beside it."""
    counts: dict[str, int] = {}
    for entry in entries:
        counts[entry.name.lower()] = counts.get(entry.name.lower(), 0) + 1
    return [entry if counts[entry.name.lower()] == 1 else
            CatalogueEntry(entry.id, entry.kind, f"{entry.name} ({entry.kind})", entry.text) for entry in entries]


CATALOGUE = Catalogue(tuple(_entries()))

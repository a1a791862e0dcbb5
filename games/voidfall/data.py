"""Static content loaded from the JSON files in data/ (houses, focus cards, techs, agendas,
events, the map and the numbers). Nothing here changes during play."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources

from games.core.catalogue import slug
from games.core.i18n import Msg

from .messages import T, content_name, joined
from .state import VoidfallState


def _load(name: str) -> dict:
    return json.loads(resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8"))


_MAP = _load("map.json")
_HOUSES = _load("houses.json")
SETTINGS: dict = _MAP["settings"]
HEXES: dict[str, dict] = _MAP["hexes"]
SECTOR_TYPES: dict[str, dict] = _MAP["types"]
HOMES: dict[str, dict] = _MAP["homes"]
STORMS: list[list[str]] = _MAP["storms"]
TRADE_BONUS: list[list[dict]] = _MAP["trade_bonus"]
BOUNTY_FACES: list[dict] = _MAP["bounty"]
RECLAIM_FACES: list[dict] = _MAP["reclaim"]
HOUSES: dict[str, dict] = _HOUSES["houses"]
ORIGINS: dict[str, dict] = _HOUSES["origins"]
TRACK_SETS: dict[str, dict] = _HOUSES["tracks"]
_FOCUS = _load("focus.json")
FOCUS_SLOTS: list[str] = _FOCUS["slots"]
FOCUS: dict[str, dict] = _FOCUS["cards"]
TECHS: dict[str, dict] = _load("techs.json")["techs"]
_AG = _load("agendas.json")
AGENDA_TYPES: dict[str, dict] = _AG["types"]
AGENDAS: dict[str, dict] = _AG["agendas"]
STARTING_AGENDA: dict = _AG["starting"]
EVENTS: dict[str, dict] = _load("events.json")["events"]
_SOLO_MAPS = _load("solo/maps.json")
MAPS: dict[str, dict] = {"standard": {"name": "Voidfall", "hexes": HEXES, "storms": STORMS, "layouts": HOMES},
                         **_SOLO_MAPS["maps"]}

RES = ("F", "E", "M", "C", "S")
RES_NAME = {"F": "Food", "E": "Energy", "M": "Materials", "C": "Credits", "S": "Science"}
GUILD_RES = {"fa": "F", "en": "E", "mi": "M", "ba": "C", "sc": "S"}
GUILD_NAME = {"fa": "Farmers", "en": "Engineers", "mi": "Miners", "ba": "Bankers", "sc": "Scientists"}
INSTALL_NAME = {"yard": "Shipyard", "sd": "Sector Defense", "starbase": "Starbase"}
TRACK_NAME = {"soc": "Society", "sta": "Statecraft", "eco": "Economy"}
FLEET_NAME = {"corvette": "Corvette", "sentry": "Sentry", "destroyer": "Destroyer", "dreadnought": "Dreadnought",
              "carrier": "Carrier", "void": "Voidborn"}
STARTER_HOUSES = [k for k, h in HOUSES.items() if h["group"] == "starter"]


def hand_for(house: str) -> dict[str, str]:
    """Focus slot -> card id for a house (house cards replace the standard card of their slot)."""
    hand = {slot: slot for slot in FOCUS_SLOTS}
    for card in HOUSES[house]["focus"]:
        hand[FOCUS[card]["slot"]] = card
    return hand


def map_id(mode: str, players: int) -> str:
    """The map a game is played on: the competitive map ("standard"), or in solo/co-op the
    scenario map data/solo/maps.json names for that player count."""
    if mode == "competitive":
        return "standard"
    return _SOLO_MAPS["by_players"].get(str(players), "standard")


def event_def(state: VoidfallState) -> dict:
    """This Cycle's Event as the game plays it: solo and co-op games use the card's solo/co-op
    clauses (its `solo` entry replaces frames or objectives)."""
    card = EVENTS[state.event]
    if state.mode != "competitive" and "solo" in card:
        return {**card, **card["solo"]}
    return card


def game_map(state: VoidfallState) -> dict:
    """The map data of a game (hexes, storms, layouts) from its mode and player count. A solo game
    saved before the scenario maps existed was laid out on the competitive map: it keeps that map."""
    chosen = MAPS[map_id(state.mode, state.players)]
    if state.sectors and len(state.sectors) != len(chosen["hexes"]):
        return MAPS["standard"]
    return chosen


def neighbours_of(key: str, hexes: dict | None = None) -> list[str]:
    """Hexes sharing an edge with `key` (axial "q,r" keys) among `hexes` (default: the competitive map)."""
    hexes = HEXES if hexes is None else hexes
    q, r = map(int, key.split(","))
    out = []
    for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
        k = f"{q + dq},{r + dr}"
        if k in hexes:
            out.append(k)
    return out


def stormy(a: str, b: str, storms: list | None = None) -> bool:
    """A Voidstorm lies on the edge between a and b (default: the competitive map's storms)."""
    storms = STORMS if storms is None else storms
    return [a, b] in storms or [b, a] in storms


def yield_of(level: int, res: str) -> int:
    table = SETTINGS["yield"]["C" if res == "C" else "std"]
    return table[max(0, min(level, SETTINGS["prod_cap"]))]


def track_level(pos: int) -> int:
    return SETTINGS["track_levels"][max(0, min(pos, 7))]


def res_amount(n: int, r: str) -> Msg:
    """An amount of one resource in words: "1 Credit", "3 Food"."""
    if r == "C" and n == 1:
        return T("{n} Credit", n=n)
    return T("{n} {resource}", n=n, resource=res_name(r))


def plus(parts: list) -> Msg | str:
    """Parts joined by " + " ("2 Energy + 1 Credit"); "" when there are none."""
    return joined(parts, T("{a} + {b}")) if parts else ""


def res_text(cost: dict) -> Msg | str:
    """Resources of a cost or gain in words: "2 Energy + 1 Credit" (empty when there are none)."""
    return plus([res_amount(n, r) for r, n in cost.items() if r in RES and n])


# -- names a player reads (content names keyed by their glossary id, see messages.py) --
def res_name(r: str) -> Msg:
    return content_name(f"resource:{r}", RES_NAME[r])


def guild_name(g: str) -> Msg:
    """A Guild with its word: "Farmers Guild"."""
    return content_name(f"guild:{g}", f"{GUILD_NAME[g]} Guild")


def guild_word(g: str) -> Msg:
    """A Guild's kind alone, as in "Pure Farmers/Miners Guilds": "Farmers"."""
    return content_name(f"guild-kind:{g}", GUILD_NAME[g])


def install_name(i: str) -> Msg:
    return content_name(f"install:{i}", INSTALL_NAME[i])


def track_name(t: str) -> Msg:
    """A Civilization track's own name: "Society"."""
    return content_name(f"track-name:{t}", TRACK_NAME[t])


def fleet_name(k: str) -> Msg:
    """A fleet kind's name ("Corvette"; the Voidborn's cubes: "Voidborn")."""
    return content_name("fleet-kind:void" if k == "void" else f"fleet:{k}", FLEET_NAME[k])


def tech_name(t: str) -> Msg:
    return content_name(f"tech:{t}", TECHS[t]["name"])


def focus_title(c: str) -> Msg:
    return content_name(f"focus:{c}", FOCUS[c]["title"])


def house_name(k: str) -> Msg:
    return content_name(f"house:{k}", HOUSES[k]["name"])


def agenda_name(a: str) -> Msg:
    return content_name(f"agenda:{a}", AGENDAS[a]["name"])


def agenda_type_name(t: str) -> Msg:
    """An Agenda type's word alone: "Dominion"."""
    return content_name(f"agenda-kind:{t}", AGENDA_TYPES[t]["name"])


def event_name(e: str) -> Msg:
    return content_name(f"event:{e}", EVENTS[e]["name"])


def action_name(action: dict) -> Msg:
    """A Focus action's name ("Engage"), keyed like the glossary's action entries."""
    return content_name(f"action:{slug(action['name'])}", action["name"])


def data_text(text: str) -> Msg:
    """A free text of the data files (an ability, a track cell, a technology) in words; its
    English is its catalogue key."""
    return Msg(T.domain, words(text))


_CODE = re.compile(r"\b(\d+)\s*([FEMCS])\b")


@lru_cache(maxsize=None)  # the data files' texts are a fixed set, worded on every view
def words(text: str) -> str:
    """A data text with resource codes and short forms written out: "1C+1E" -> "1 Credit + 1 Energy",
    "5 Inf" -> "5 Influence", "Pop" -> "Population", "FP" -> "cube(s)", "Fast advance" explained."""
    text = _CODE.sub(lambda m: str(res_amount(int(m.group(1)), m.group(2))), text)
    text = re.sub(r"(\d+ (?:Food|Energy|Materials|Credits?|Science))\s*\+\s*(?=\d)", r"\1 + ", text)
    text = re.sub(r"\bInf\b", "Influence", text)
    text = re.sub(r"\bPop\b", "Population", text)
    text = re.sub(r"\bper FP\b", "per cube", text)
    text = re.sub(r"\bFP\b", "cube(s)", text)
    return re.sub(r"\b[Ff]ast advance\b", "fast advance (move 1 more space at once and take its reward)", text)

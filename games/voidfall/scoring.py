"""Objective scoring and the words of the metrics (the metrics themselves: metrics.py).

Article 議程目標: objectives only count Pure things (sectors without Corruption); "=" pays once
when met, "x" pays per occurrence. Objectives are data: {"kind": "feat"|"per"|"ladder"|
"ladder_each", "metric": ..., ...}.
"""

from __future__ import annotations

from typing import Any

from games.core.i18n import Msg, Text

from .data import AGENDAS, GUILD_NAME, RES, TRACK_NAME, guild_word, res_name, track_name
from .messages import T, content_name, joined
from .metrics import TRACKS, metric
from .state import VoidfallState

def times(state: VoidfallState, seat: int, o: dict[str, Any]) -> int:
    """How many times objective `o` pays (0 or 1 for a feat)."""
    kind = o["kind"]
    if kind == "feat":
        v = metric(state, seat, o["metric"])
        if "max" in o:
            return int(v <= o["max"])
        return int(v >= o["min"])
    if kind == "per":
        return metric(state, seat, o["metric"]) // o.get("unit", 1)
    return 0


def objective_points(state: VoidfallState, seat: int, o: dict[str, Any]) -> int:
    """Influence an objective is worth now (rewards that are effects count 0 here)."""
    kind = o["kind"]
    if kind == "ladder":
        lvl = metric(state, seat, o["metric"])
        return o["values"][lvl - 1] if lvl >= 1 else 0
    if kind == "ladder_each":
        total = 0
        for t in TRACKS:
            lvl = metric(state, seat, f"track_level:{t}")
            total += o["values"][lvl - 1] if lvl >= 1 else 0
        return total
    return times(state, seat, o) * o.get("inf", 0)


def agenda_points(state: VoidfallState, seat: int, aid: str) -> int:
    """Influence Agenda `aid` would score for `seat` now."""
    return sum(objective_points(state, seat, o) for o in AGENDAS[aid]["objectives"])


# What each metric counts; "{what}" is its argument (a Guild kind, a track, a resource, a number).
METRIC_TEXT = {
    "always": T("always"), "no_catastrophe": T("no catastrophe on the crisis board"), "pure_sectors": T("Pure sectors"),
    "sectors": T("sectors you control"),
    "pure_sectors_pop_ge": T("Pure sectors with Population {what}+"), "pure_pop6": T("Pure sectors with Population 6"),
    "track_level": T("{what} track level"), "best_track_level": T("your best Pure track level"),
    "pure_tracks_ge": T("Pure tracks at level {what}+"), "reserve": T("{what} in stock"),
    "reserve_fem": T("Food+Energy+Materials in stock"),
    "reserve_all": T("resources in stock"), "max_reserve": T("your largest stock"),
    "resources_ge": T("resource types with {what}+ in stock"),
    "yield": T("{what} yield"), "yield_high_low": T("highest yield + lowest Food/Energy/Materials yield"),
    "pure_sectors_upkeep_ge": T("Pure sectors with Upkeep {what}+"), "sectors_upkeep_ge": T("sectors with Upkeep {what}+"),
    "pure_sectors_no_upkeep": T("Pure sectors without Upkeep"), "sector_upkeep": T("Upkeep of your sectors"),
    "pure_pop_total": T("total Pure Population"), "pure_pop_bonus": T("Pure sectors (Population 4: 1, 5: 3, 6: 6)"),
    "pure_sectors_beyond": T("Pure sectors beyond the {what}th"), "fp_pure": T("cubes in Pure sectors"),
    "fp_pure_active": T("cubes in Pure sectors and active"), "fp_all": T("cubes in your sectors"),
    "active": T("active cubes"),
    "pure_sectors_fp_ge": T("Pure sectors with {what}+ cubes"), "fleet_kinds_pure": T("fleet kinds in Pure sectors"),
    "pure_inst": T("Pure {what}"), "pure_installs": T("Pure Installations"),
    "pure_sectors_inst": T("Pure sectors with a {what}"),
    "pure_sectors_inst_ge": T("Pure sectors with {what}+ Installations"),
    "pure_sectors_with_install": T("Pure sectors with an Installation"),
    "pure_guilds": T("Pure {what} Guilds"), "min_pure_guilds": T("Pure Guilds of each of {what}"),
    "pure_guild_sc": T("Pure Scientists' Guilds"),
    "pure_sectors_guild": T("Pure sectors with a {what} Guild"),
    "pure_sectors_guild_cap3": T("Pure sectors with a {what} Guild (max 3)"),
    "pure_sectors_guilds_ge": T("Pure sectors with {what}+ Guilds"),
    "pure_sectors_distinct_guilds_ge": T("Pure sectors with {what}+ kinds of Guild"),
    "pure_sectors_full_guilds": T("Pure sectors with every Guild slot full"),
    "sectors_guilds_fem_ge": T("sectors with {what}+ Farmers/Engineers/Miners"),
    "empty_guild_slots": T("empty Guild slots"), "upkeep_total": T("total Upkeep"), "upkeep_paid": T("Upkeep paid in full"),
    "all_pure": T("all your sectors Pure"), "corrupted_tracks": T("Corrupted tracks"),
    "corruption_total": T("Corruption markers"),
    "house_corruption": T("Corruption on your house mat"), "removed_corruption": T("Corruption removed this Cycle"),
    "reclaim": T("Reclaim tokens"), "bounty": T("Bounty tokens"), "trade": T("Trade tokens"),
    "trade_bounty": T("Trade + Bounty tokens"),
    "techs": T("technologies"), "improved_techs": T("Improved technologies"), "basic_techs": T("Basic technologies"),
    "clean_and_techs": T("no house-mat Corruption and {what}+ technologies"), "glory_total": T("total Glory"),
    "glory_max": T("your best Glory token"), "glory_count": T("Glory tokens"),
    "glory_count_exact": T("exactly {what} Glory tokens"),
    "glory_of": T("Glory tokens of value {what}"), "glory_best3x2": T("2 x your 3 best different Glory values"),
    "pure_agendas": T("Pure Agendas in play"), "preferred_in_discard": T("preferred Focus cards played"),
}
# Metrics with an argument also counted without one.
WITHOUT_ARG = {"pure_guilds": T("Pure Guilds"), "pure_sectors_guild": T("Pure sectors with a Guild")}
_PAIRS = {"yard+starbase": T("Shipyards/Starbases"), "sd+starbase": T("Sector Defenses/Starbases")}


def _arg_word(arg: str) -> Text | int:
    if arg.isdigit():  # a count ("exactly {what} Glory tokens") is a number, not a word
        return int(arg)
    if arg in GUILD_NAME:
        return guild_word(arg)
    if arg in TRACK_NAME:
        return track_name(arg)
    if arg in RES:
        return res_name(arg)
    return _PAIRS.get(arg, arg)


def metric_words(name: str) -> Msg:
    """A metric's id as words ("pure sectors"), where the game names no text for it."""
    return content_name(f"metric:{name}", name.replace("_", " "))


def metric_text(name: str) -> Text:
    base, _, arg = name.partition(":")
    if base not in METRIC_TEXT:
        return metric_words(base)
    template = METRIC_TEXT[base]
    if "{what}" not in template.text:
        return template
    if not arg:
        return WITHOUT_ARG.get(base, template)
    if arg in _PAIRS or "+" not in arg:
        what = _arg_word(arg)
    else:
        what = joined([str(w) if isinstance(w, int) else w for w in map(_arg_word, arg.split("+"))], T("{a}/{b}"))
    return Msg(template.domain, template.text, (("what", what),))

"""Metrics used by Agenda and Galactic Event objectives, and objective scoring.

Article 議程目標: objectives only count Pure things (sectors without Corruption); "=" pays once
when met, "x" pays per occurrence. Objectives are data: {"kind": "feat"|"per"|"ladder"|
"ladder_each", "metric": ..., ...}; each metric is a function below.
"""

from __future__ import annotations

from games.core.i18n import Msg, Text

from .board import controlled, sector_upkeep, guild_slots
from .data import AGENDAS, FOCUS, GUILD_NAME, HOUSES, RES, TRACK_NAME, guild_word, res_name, track_level, track_name
from .messages import T, content_name, joined
from .economy import house_corruption, total_corruption, upkeep_due, yields

PAIR = {"yard+starbase": ("yard", "starbase"), "sd+starbase": ("sd", "starbase")}


def _pure(state, seat):
    return [s for s in controlled(state, seat) if not s.corrupted]


def upkeep_total(state, seat) -> int:
    return upkeep_due(state, seat)


def metric(state, seat, name: str) -> int:
    """The value of metric `name` for `seat` right now."""
    h = state.houses[seat]
    base, _, arg = name.partition(":")
    pure = _pure(state, seat)
    if base == "always":
        return 1
    if base == "no_catastrophe":  # solo/co-op (Event 2J B): no catastrophe on the crisis board
        return 0 if state.crisis.catastrophes else 1
    if base == "pure_sectors":
        return len(pure)
    if base == "sectors":
        return len(controlled(state, seat))
    if base == "pure_sectors_pop_ge":
        return sum(1 for s in pure if s.pop >= int(arg))
    if base == "pure_pop6":
        return sum(1 for s in pure if s.pop >= 6)
    if base == "track_level":
        return 0 if h.track_corrupt.get(arg) else track_level(h.tracks[arg])
    if base == "best_track_level":
        return max(metric(state, seat, f"track_level:{t}") for t in ("soc", "sta", "eco"))
    if base == "pure_tracks_ge":
        return sum(1 for t in ("soc", "sta", "eco") if metric(state, seat, f"track_level:{t}") >= int(arg))
    if base == "reserve":
        return h.res.get(arg, 0)
    if base == "reserve_fem":
        return sum(h.res.get(r, 0) for r in "FEM")
    if base == "reserve_all":
        return sum(h.res.get(r, 0) for r in RES)
    if base == "max_reserve":
        return max(h.res.get(r, 0) for r in RES)
    if base == "resources_ge":
        return sum(1 for r in RES if h.res.get(r, 0) >= int(arg))
    if base == "yield":
        return yields(state, seat)[arg]
    if base == "yield_high_low":
        y = yields(state, seat)
        return max(y.values()) + min(y[r] for r in "FEM")
    if base == "pure_sectors_upkeep_ge":
        return sum(1 for s in pure if sector_upkeep(s) >= int(arg))
    if base == "sectors_upkeep_ge":
        return sum(1 for s in controlled(state, seat) if sector_upkeep(s) >= int(arg))
    if base == "pure_sectors_no_upkeep":
        return sum(1 for s in pure if sector_upkeep(s) == 0)
    if base == "sector_upkeep":
        return sum(sector_upkeep(s) for s in controlled(state, seat))
    if base == "pure_pop_total":
        return sum(s.pop for s in pure)
    if base == "pure_pop_bonus":
        return sum({4: 1, 5: 3, 6: 6}.get(s.pop, 0) for s in pure)
    if base == "pure_sectors_beyond":
        return max(0, len(pure) - int(arg))
    if base == "fp_pure":
        return sum(sum(s.fleet.values()) for s in pure if s.owner == seat)
    if base == "fp_pure_active":
        return metric(state, seat, "fp_pure") + h.active
    if base == "fp_all":
        return sum(sum(s.fleet.values()) for s in controlled(state, seat))
    if base == "active":
        return h.active
    if base == "pure_sectors_fp_ge":
        return sum(1 for s in pure if sum(s.fleet.values()) >= int(arg))
    if base == "fleet_kinds_pure":
        return len({k for s in pure for k, n in s.fleet.items() if n})
    if base == "pure_inst":
        kinds = PAIR.get(arg, (arg,))
        return sum(1 for s in pure for i in s.installs if i in kinds)
    if base == "pure_installs":
        return sum(len(s.installs) for s in pure)
    if base == "pure_sectors_inst":
        kinds = PAIR.get(arg, (arg,))
        return sum(1 for s in pure if any(i in kinds for i in s.installs))
    if base == "pure_sectors_inst_ge":
        return sum(1 for s in pure if len(s.installs) >= int(arg))
    if base == "pure_sectors_with_install":
        return sum(1 for s in pure if s.installs)
    if base == "pure_guilds":
        kinds = arg.split("+") if arg else None
        return sum(1 for s in pure for g in s.guilds if kinds is None or g in kinds)
    if base == "min_pure_guilds":
        return min(metric(state, seat, f"pure_guilds:{k}") for k in arg.split("+"))
    if base == "pure_guild_sc":
        return metric(state, seat, "pure_guilds:sc")
    if base == "pure_sectors_guild":
        kinds = arg.split("+") if arg else None
        return sum(1 for s in pure if any(kinds is None or g in kinds for g in s.guilds) and s.guilds)
    if base == "pure_sectors_guild_cap3":
        return min(3, metric(state, seat, f"pure_sectors_guild:{arg}"))
    if base == "pure_sectors_guilds_ge":
        return sum(1 for s in pure if len(s.guilds) >= int(arg))
    if base == "pure_sectors_distinct_guilds_ge":
        return sum(1 for s in pure if len(set(s.guilds)) >= int(arg))
    if base == "pure_sectors_full_guilds":
        return sum(1 for s in pure if guild_slots(state, s) and len(s.guilds) >= guild_slots(state, s))
    if base == "sectors_guilds_fem_ge":
        return sum(1 for s in controlled(state, seat) if sum(1 for g in s.guilds if g in ("fa", "en", "mi")) >= int(arg))
    if base == "empty_guild_slots":
        return sum(max(0, guild_slots(state, s) - len(s.guilds)) for s in controlled(state, seat) if s.home_of < 0)
    if base == "upkeep_total":
        return upkeep_total(state, seat)
    if base == "upkeep_paid":
        return h.last_upkeep if h.last_upkeep_paid else 0
    if base == "all_pure":
        return int(all(not s.corrupted for s in controlled(state, seat)))
    if base == "corrupted_tracks":
        return sum(1 for v in h.track_corrupt.values() if v)
    if base == "corruption_total":
        return total_corruption(state, seat)
    if base == "house_corruption":
        return house_corruption(h)
    if base == "removed_corruption":
        return h.removed_this_cycle
    if base in ("reclaim", "bounty", "trade"):
        return getattr(h, base)
    if base == "trade_bounty":
        return h.trade + h.bounty
    if base == "techs":
        return len(h.techs)
    if base == "improved_techs":
        return sum(1 for v in h.techs.values() if v == "improved")
    if base == "basic_techs":
        return sum(1 for v in h.techs.values() if v == "basic")
    if base == "clean_and_techs":
        return int(house_corruption(h) == 0 and len(h.techs) >= int(arg))
    if base == "glory_total":
        return sum(h.glory)
    if base == "glory_max":
        return max(h.glory, default=0)
    if base == "glory_count":
        return len(h.glory)
    if base == "glory_count_exact":
        return int(len(h.glory) == int(arg))
    if base == "glory_of":
        return sum(1 for v in h.glory if v == int(arg))
    if base == "glory_best3x2":
        return 2 * sum(sorted(set(h.glory), reverse=True)[:3])
    if base == "pure_agendas":
        return sum(1 for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])
    if base == "preferred_in_discard":
        pref = HOUSES[h.house]["preferred"]
        return sum(1 for c in h.discard if FOCUS[c]["slot"] in pref)
    if base == "pure_sectors_with_pop":
        return sum(1 for s in pure if s.pop > 0)
    raise KeyError(f"unknown metric {name}")


def times(state, seat, o) -> int:
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


def objective_points(state, seat, o) -> int:
    """Influence an objective is worth now (rewards that are effects count 0 here)."""
    kind = o["kind"]
    if kind == "ladder":
        lvl = metric(state, seat, o["metric"])
        return o["values"][lvl - 1] if lvl >= 1 else 0
    if kind == "ladder_each":
        total = 0
        for t in ("soc", "sta", "eco"):
            lvl = metric(state, seat, f"track_level:{t}")
            total += o["values"][lvl - 1] if lvl >= 1 else 0
        return total
    return times(state, seat, o) * o.get("inf", 0)


def agenda_points(state, seat, aid) -> int:
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
        what = joined([_arg_word(a) for a in arg.split("+")], T("{a}/{b}"))
    return Msg(template.domain, template.text, (("what", what),))

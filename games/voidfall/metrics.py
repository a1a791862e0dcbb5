"""The metrics Agenda and Galactic Event objectives and some effects count ("pure_sectors",
"track_level:soc", ...): one small function each in the table `METRICS`, keyed by the name the
content data uses (tests/voidfall/test_content.py checks every metric the data names is there).

Article 議程目標: objectives only count Pure things (sectors without Corruption).
"""

from __future__ import annotations

from collections.abc import Callable

from .board import controlled, guild_slots, sector_upkeep
from .data import FOCUS, HOUSES, RES, track_level
from .economy import house_corruption, total_corruption, upkeep_due, yields
from .state import Sector, VoidfallState

PAIR = {"yard+starbase": ("yard", "starbase"), "sd+starbase": ("sd", "starbase")}
TRACKS = ("soc", "sta", "eco")

# A metric: (state, seat, argument) -> its value for that house now; the argument is what follows
# the ":" of the metric's name in the content data ("" without one).
Metric = Callable[[VoidfallState, int, str], int]
METRICS: dict[str, Metric] = {}


class MetricError(LookupError):
    """Content names a metric the game does not know, or gives one a wrong argument: a bug in the
    data, never a player's mistake."""


def measures(*names: str) -> Callable[[Metric], Metric]:
    """Register the decorated function as the metric(s) `names`."""
    def register(fn: Metric) -> Metric:
        for metric_name in names:
            METRICS[metric_name] = fn
        return fn
    return register


def metric(state: VoidfallState, seat: int, name: str) -> int:
    """The value of metric `name` ("pure_sectors", "track_level:soc", ...) for `seat` right now."""
    base, _, arg = name.partition(":")
    try:
        fn = METRICS[base]
    except KeyError:
        raise MetricError(f"unknown metric {name}") from None
    return fn(state, seat, arg)


def _number(arg: str) -> int:
    """A metric's numeric argument ("pure_sectors_pop_ge:6")."""
    if not arg.isdigit():
        raise MetricError(f"a metric needs a number here, not {arg!r}")
    return int(arg)


def _pure(state: VoidfallState, seat: int) -> list[Sector]:
    return [s for s in controlled(state, seat) if not s.corrupted]


def _kinds(arg: str) -> tuple[str, ...]:
    """Installation kinds an argument names: one kind, or a pair ("sd+starbase")."""
    return PAIR.get(arg, (arg,))


def _guild_kinds(arg: str) -> list[str] | None:
    """Guild kinds an argument names ("fa+en"); None (any Guild) without one."""
    return arg.split("+") if arg else None


def upkeep_total(state: VoidfallState, seat: int) -> int:
    return upkeep_due(state, seat)


# ---------------------------------------------------------------- always / the crisis board
@measures("always")
def _always(state: VoidfallState, seat: int, arg: str) -> int:
    return 1


@measures("no_catastrophe")
def _no_catastrophe(state: VoidfallState, seat: int, arg: str) -> int:
    """Solo/co-op (Event 2J B): no catastrophe on the crisis board."""
    return 0 if state.crisis.catastrophes else 1


# ---------------------------------------------------------------- sectors and Population
@measures("pure_sectors")
def _pure_sectors(state: VoidfallState, seat: int, arg: str) -> int:
    return len(_pure(state, seat))


@measures("sectors")
def _sectors(state: VoidfallState, seat: int, arg: str) -> int:
    return len(controlled(state, seat))


@measures("pure_sectors_pop_ge")
def _pure_sectors_pop_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if s.pop >= _number(arg))


@measures("pure_pop6")
def _pure_pop6(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if s.pop >= 6)


@measures("pure_pop_total")
def _pure_pop_total(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(s.pop for s in _pure(state, seat))


@measures("pure_pop_bonus")
def _pure_pop_bonus(state: VoidfallState, seat: int, arg: str) -> int:
    return sum({4: 1, 5: 3, 6: 6}.get(s.pop, 0) for s in _pure(state, seat))


@measures("pure_sectors_beyond")
def _pure_sectors_beyond(state: VoidfallState, seat: int, arg: str) -> int:
    return max(0, len(_pure(state, seat)) - _number(arg))


@measures("pure_sectors_with_pop")
def _pure_sectors_with_pop(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if s.pop > 0)


@measures("all_pure")
def _all_pure(state: VoidfallState, seat: int, arg: str) -> int:
    return int(all(not s.corrupted for s in controlled(state, seat)))


# ---------------------------------------------------------------- tracks
@measures("track_level")
def _track_level(state: VoidfallState, seat: int, arg: str) -> int:
    h = state.houses[seat]
    return 0 if h.track_corrupt.get(arg) else track_level(h.tracks[arg])


@measures("best_track_level")
def _best_track_level(state: VoidfallState, seat: int, arg: str) -> int:
    return max(_track_level(state, seat, t) for t in TRACKS)


@measures("pure_tracks_ge")
def _pure_tracks_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for t in TRACKS if _track_level(state, seat, t) >= _number(arg))


@measures("corrupted_tracks")
def _corrupted_tracks(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for v in state.houses[seat].track_corrupt.values() if v)


# ---------------------------------------------------------------- resources and yields
@measures("reserve")
def _reserve(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].res.get(arg, 0)


@measures("reserve_fem")
def _reserve_fem(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(state.houses[seat].res.get(r, 0) for r in "FEM")


@measures("reserve_all")
def _reserve_all(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(state.houses[seat].res.get(r, 0) for r in RES)


@measures("max_reserve")
def _max_reserve(state: VoidfallState, seat: int, arg: str) -> int:
    return max(state.houses[seat].res.get(r, 0) for r in RES)


@measures("resources_ge")
def _resources_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for r in RES if state.houses[seat].res.get(r, 0) >= _number(arg))


@measures("yield")
def _yield(state: VoidfallState, seat: int, arg: str) -> int:
    return yields(state, seat)[arg]


@measures("yield_high_low")
def _yield_high_low(state: VoidfallState, seat: int, arg: str) -> int:
    y = yields(state, seat)
    return max(y.values()) + min(y[r] for r in "FEM")


# ---------------------------------------------------------------- Upkeep
@measures("pure_sectors_upkeep_ge")
def _pure_sectors_upkeep_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if sector_upkeep(s) >= _number(arg))


@measures("sectors_upkeep_ge")
def _sectors_upkeep_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in controlled(state, seat) if sector_upkeep(s) >= _number(arg))


@measures("pure_sectors_no_upkeep")
def _pure_sectors_no_upkeep(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if sector_upkeep(s) == 0)


@measures("sector_upkeep")
def _sector_upkeep(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(sector_upkeep(s) for s in controlled(state, seat))


@measures("upkeep_total")
def _upkeep_total(state: VoidfallState, seat: int, arg: str) -> int:
    return upkeep_total(state, seat)


@measures("upkeep_paid")
def _upkeep_paid(state: VoidfallState, seat: int, arg: str) -> int:
    h = state.houses[seat]
    return h.last_upkeep if h.last_upkeep_paid else 0


# ---------------------------------------------------------------- cubes
@measures("fp_pure")
def _fp_pure(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(sum(s.fleet.values()) for s in _pure(state, seat) if s.owner == seat)


@measures("fp_pure_active")
def _fp_pure_active(state: VoidfallState, seat: int, arg: str) -> int:
    return _fp_pure(state, seat, "") + state.houses[seat].active


@measures("fp_all")
def _fp_all(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(sum(s.fleet.values()) for s in controlled(state, seat))


@measures("active")
def _active(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].active


@measures("pure_sectors_fp_ge")
def _pure_sectors_fp_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if sum(s.fleet.values()) >= _number(arg))


@measures("fleet_kinds_pure")
def _fleet_kinds_pure(state: VoidfallState, seat: int, arg: str) -> int:
    return len({k for s in _pure(state, seat) for k, n in s.fleet.items() if n})


# ---------------------------------------------------------------- Installations
@measures("pure_inst")
def _pure_inst(state: VoidfallState, seat: int, arg: str) -> int:
    kinds = _kinds(arg)
    return sum(1 for s in _pure(state, seat) for i in s.installs if i in kinds)


@measures("pure_installs")
def _pure_installs(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(len(s.installs) for s in _pure(state, seat))


@measures("pure_sectors_inst")
def _pure_sectors_inst(state: VoidfallState, seat: int, arg: str) -> int:
    kinds = _kinds(arg)
    return sum(1 for s in _pure(state, seat) if any(i in kinds for i in s.installs))


@measures("pure_sectors_inst_ge")
def _pure_sectors_inst_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if len(s.installs) >= _number(arg))


@measures("pure_sectors_with_install")
def _pure_sectors_with_install(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if s.installs)


# ---------------------------------------------------------------- Guilds
@measures("pure_guilds")
def _pure_guilds(state: VoidfallState, seat: int, arg: str) -> int:
    kinds = _guild_kinds(arg)
    return sum(1 for s in _pure(state, seat) for g in s.guilds if kinds is None or g in kinds)


@measures("min_pure_guilds")
def _min_pure_guilds(state: VoidfallState, seat: int, arg: str) -> int:
    return min(_pure_guilds(state, seat, k) for k in arg.split("+"))


@measures("pure_guild_sc")
def _pure_guild_sc(state: VoidfallState, seat: int, arg: str) -> int:
    return _pure_guilds(state, seat, "sc")


@measures("pure_sectors_guild")
def _pure_sectors_guild(state: VoidfallState, seat: int, arg: str) -> int:
    kinds = _guild_kinds(arg)
    return sum(1 for s in _pure(state, seat) if any(kinds is None or g in kinds for g in s.guilds) and s.guilds)


@measures("pure_sectors_guild_cap3")
def _pure_sectors_guild_cap3(state: VoidfallState, seat: int, arg: str) -> int:
    return min(3, _pure_sectors_guild(state, seat, arg))


@measures("pure_sectors_guilds_ge")
def _pure_sectors_guilds_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if len(s.guilds) >= _number(arg))


@measures("pure_sectors_distinct_guilds_ge")
def _pure_sectors_distinct_guilds_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if len(set(s.guilds)) >= _number(arg))


@measures("pure_sectors_full_guilds")
def _pure_sectors_full_guilds(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in _pure(state, seat) if guild_slots(state, s) and len(s.guilds) >= guild_slots(state, s))


@measures("sectors_guilds_fem_ge")
def _sectors_guilds_fem_ge(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for s in controlled(state, seat)
               if sum(1 for g in s.guilds if g in ("fa", "en", "mi")) >= _number(arg))


@measures("empty_guild_slots")
def _empty_guild_slots(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(max(0, guild_slots(state, s) - len(s.guilds)) for s in controlled(state, seat) if s.home_of < 0)


# ---------------------------------------------------------------- Corruption
@measures("corruption_total")
def _corruption_total(state: VoidfallState, seat: int, arg: str) -> int:
    return total_corruption(state, seat)


@measures("house_corruption")
def _house_corruption(state: VoidfallState, seat: int, arg: str) -> int:
    return house_corruption(state.houses[seat])


@measures("removed_corruption")
def _removed_corruption(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].removed_this_cycle


# ---------------------------------------------------------------- tokens
@measures("reclaim")
def _reclaim(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].reclaim


@measures("bounty")
def _bounty(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].bounty


@measures("trade")
def _trade(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].trade


@measures("trade_bounty")
def _trade_bounty(state: VoidfallState, seat: int, arg: str) -> int:
    return state.houses[seat].trade + state.houses[seat].bounty


# ---------------------------------------------------------------- technologies
@measures("techs")
def _techs(state: VoidfallState, seat: int, arg: str) -> int:
    return len(state.houses[seat].techs)


@measures("improved_techs")
def _improved_techs(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for v in state.houses[seat].techs.values() if v == "improved")


@measures("basic_techs")
def _basic_techs(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for v in state.houses[seat].techs.values() if v == "basic")


@measures("clean_and_techs")
def _clean_and_techs(state: VoidfallState, seat: int, arg: str) -> int:
    h = state.houses[seat]
    return int(house_corruption(h) == 0 and len(h.techs) >= _number(arg))


# ---------------------------------------------------------------- Glory
@measures("glory_total")
def _glory_total(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(state.houses[seat].glory)


@measures("glory_max")
def _glory_max(state: VoidfallState, seat: int, arg: str) -> int:
    return max(state.houses[seat].glory, default=0)


@measures("glory_count")
def _glory_count(state: VoidfallState, seat: int, arg: str) -> int:
    return len(state.houses[seat].glory)


@measures("glory_count_exact")
def _glory_count_exact(state: VoidfallState, seat: int, arg: str) -> int:
    return int(len(state.houses[seat].glory) == _number(arg))


@measures("glory_of")
def _glory_of(state: VoidfallState, seat: int, arg: str) -> int:
    return sum(1 for v in state.houses[seat].glory if v == _number(arg))


@measures("glory_best3x2")
def _glory_best3x2(state: VoidfallState, seat: int, arg: str) -> int:
    return 2 * sum(sorted(set(state.houses[seat].glory), reverse=True)[:3])


# ---------------------------------------------------------------- Agendas and Focus cards
@measures("pure_agendas")
def _pure_agendas(state: VoidfallState, seat: int, arg: str) -> int:
    h = state.houses[seat]
    return sum(1 for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i])


@measures("preferred_in_discard")
def _preferred_in_discard(state: VoidfallState, seat: int, arg: str) -> int:
    h = state.houses[seat]
    pref = HOUSES[h.house]["preferred"]
    return sum(1 for c in h.discard if FOCUS[c]["slot"] in pref)

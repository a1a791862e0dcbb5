"""Safe havens (article 安全天堂): tiles of 2-4 levels beside the map; each level holds one
Fleet Power cube of the house that built it.

A level is built when a house overproduces twice in one turn (once per turn), reaches level 4
on a Civilization track, or at evaluation for each Pure sector with Population 6 and three or
more Guilds. A completed tile gives every house a different reward. Each unfinished tile
gives the Voidborn 20 Influence at the end.
"""

from __future__ import annotations

from games.core import Decision
from games.core.i18n import Text

from ..board import controlled, name, recall, sector
from ..corruption import corrupted_places, place_name
from ..data import FLEET_NAME, RES, track_level
from ..effects import CAN, run_effect
from ..messages import T, content_name, joined
from ..state import Task, VoidfallState, solo_of
from ..tasks import dec, done, fitted, handler, opt, push
from .content import BOARD, res_name, sector_name

REWARD_TEXT = {"remove_corruption": T("remove a Corruption"), "remove_harbinger": T("remove 1 harbinger"),
               "resources": T("gain 3 resources"), "deploy": T("deploy 2 cubes")}


def map_cubes(state: VoidfallState, seat: int) -> list[tuple[str, str]]:
    """(sector, fleet kind) of every cube `seat` has on the map."""
    return [(s.key, kind) for s in controlled(state, seat) for kind, n in sorted(s.fleet.items()) if n > 0]


def build_level(state: VoidfallState, seat: int, why: Text) -> bool:
    """Put one cube on the lowest free level of the first unfinished tile (designed): an
    inactive cube, else an active one is deactivated; with neither, the house may recall and
    deactivate one from the map (「如果已激活區也沒有艦隊力量方塊,可以召回並停用一個艦隊力量方塊」)."""
    s = solo_of(state)
    tile = next((i for i, t in enumerate(s.havens) if len(t) < s.haven_sizes[i]), None)
    h = state.houses[seat]
    if tile is None:
        return False
    if h.inactive > 0:
        h.inactive -= 1
    elif h.active > 0:
        h.active -= 1
    elif map_cubes(state, seat):
        push(state, "solo_haven_recall", seat, why=why)
        return True
    else:
        return False
    s.havens[tile].append(seat)
    state.say(T("{seat} builds level {level} of safe haven {tile} ({why}).", seat=name(seat), level=len(s.havens[tile]),
                tile=tile + 1, why=why))
    if len(s.havens[tile]) == s.haven_sizes[tile]:
        state.say(T("Safe haven {tile} is complete: every house picks a different reward.", tile=tile + 1))
        s.haven_taken = []
        for other in reversed(state.order or list(range(state.players))):
            push(state, "solo_haven", other)
    return True


def overproduction(state: VoidfallState, seat: int) -> None:
    """At most one level per house per turn this way. The count belongs to the turn it was made
    in (House.overproduced_at): another house's turn, the Preparation and the Evaluation count on
    their own (「準備階段和評估階段...可以將其看做一個單獨的回合」), never added to the next own turn."""
    h = state.houses[seat]
    mark = f"{seat}@{h.overproduced_at}"
    if h.overproduced_turn >= 2 and mark not in solo_of(state).haven_turn:
        solo_of(state).haven_turn.append(mark)
        build_level(state, seat, T("overproduced twice in one turn"))


def overproduction_all(state: VoidfallState) -> None:
    """Check every house (at the end of a turn, the Preparation or the Evaluation); forget the
    marks of turns that are over."""
    for seat in state.order or range(state.players):
        overproduction(state, seat)
    live = {f"{seat}@{h.overproduced_at}" for seat, h in enumerate(state.houses)}
    solo_of(state).haven_turn = [m for m in solo_of(state).haven_turn if m in live]


@handler("solo_overproduced")
class Overproduced:
    """Runs once the Evaluation's objectives are scored: its overproductions form one turn."""

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        overproduction_all(state)


def track_four(state: VoidfallState, seat: int) -> None:
    h = state.houses[seat]
    for t, pos in h.tracks.items():
        key = f"{seat}:{t}"
        if track_level(pos) >= 4 and key not in solo_of(state).track_four:
            solo_of(state).track_four.append(key)
            build_level(state, seat, T("a Civilization track at level 4"))


def evaluation_havens(state: VoidfallState, seat: int) -> None:
    for s in controlled(state, seat):
        if not s.corrupted and s.pop >= 6 and len(s.guilds) >= 3:
            build_level(state, seat, T("{sector}: Pure, Population 6, 3 Guilds", sector=sector_name(s)))


@handler("solo_haven_recall")
class HavenRecall:
    """No cube in the inactive or active area: recall one from the map and deactivate it to
    build the level, or build nothing."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        cubes = map_cubes(state, task.seat)
        if not cubes:
            return []
        kinds = len({kind for _, kind in cubes})
        rows = []
        for key, kind in cubes:
            s = sector(state, key)
            fleet, where, n = content_name(f"fleet:{kind}", FLEET_NAME[kind]), sector_name(s), sum(s.fleet.values())
            text = T("recall a {fleet} from {sector} (cubes there {n} -> {after}) and put it on the safe haven", fleet=fleet,
                     sector=where, n=n, after=n - 1)
            if n == 1 and s.home_of < 0:
                text = T("{text}; {sector} empties and is abandoned", text=text, sector=where)
            labels = [where] if kinds == 1 else [T("{fleet} from {sector}", fleet=fleet, sector=where), fleet]
            rows.append((f"c:{key}:{kind}", [(label, text) for label in labels]))
        options = fitted(rows, [opt("none", T("build no level"), T("keep every cube on the map"))], numbered=True)
        return [dec(task.seat, T("Safe haven level ({why}): no cube off the map to use.", why=task.data["why"]), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        if choice == "none":
            return
        _, key, kind = choice.split(":")
        recall(state, task.seat, sector(state, key), kind, 1)
        state.say(T("{seat} recalls a cube from {sector} and deactivates it.", seat=name(task.seat), sector=sector_name(sector(state, key))))
        h = state.houses[task.seat]
        h.active -= 1
        h.inactive += 1
        build_level(state, task.seat, task.data["why"])


def reward_detail(state: VoidfallState, seat: int, reward: str) -> Text:
    """What a safe haven reward gives this house now (each house takes a different one)."""
    h = state.houses[seat]
    if reward == "remove_corruption":
        places = corrupted_places(state, seat)
        return T("choose next which marker: {places}", places=joined([place_name(state, p) for p in places]) or T("none"))
    if reward == "remove_harbinger":
        s = solo_of(state)
        return T("harbingers: {map} on the map, {rows} on the crisis board; each is 10 Voidborn Influence at the end",
                 map=sum(s.harbingers.values()), rows=sum(1 for w in ("military", "economic") for x in getattr(state.crisis, w)
                                                          if x == "H"))
    if reward == "resources":
        return T("choose them one at a time (at most 15 of each); now {stocks}",
                 stocks=joined([T("{resource} {n}", resource=res_name(r), n=h.res.get(r, 0)) for r in RES]))
    return T("active cubes {n} -> {after}; choose next where", n=h.active, after=max(0, h.active - 2))


@handler("solo_haven")
class HavenReward:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        taken = solo_of(state).haven_taken
        options = [opt(f"r:{r}", REWARD_TEXT[r], reward_detail(state, task.seat, r))
                   for r in BOARD["haven_rewards"] if r not in taken]
        return [dec(task.seat, T("A safe haven is complete: choose your reward."), options)]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        r = choice[2:]
        solo_of(state).haven_taken.append(r)
        seat = task.seat
        if r == "remove_corruption":
            if corrupted_places(state, seat):
                run_effect(state, seat, {"do": "remove_corruption"}, {})
        elif r == "remove_harbinger":  # the house picks which one (「可以選擇一個位於星系板塊或危機面板的前驅」)
            if CAN["solo_remove_harbinger"](state, seat, {"do": "solo_remove_harbinger"}, {}):
                run_effect(state, seat, {"do": "solo_remove_harbinger"}, {})
        elif r == "resources":
            run_effect(state, seat, {"do": "gain_any", "n": 3}, {})
        elif CAN["deploy"](state, seat, {"do": "deploy", "n": 2}, {}):
            run_effect(state, seat, {"do": "deploy", "n": 2}, {})

"""Fleet markers (article 艦隊與艦隊力量): deploy, split, merge, recall, cleanup, moves, combat, saves."""

import json

import pytest

from games.voidfall import RULES
from games.voidfall import fleets
from games.voidfall.board import controller, fleet_tokens, recall, sector
from games.voidfall.develop import deploy_one
from games.voidfall.focus import cleanup

from tests.support.english import english
from .helpers import clear_map, decision, fresh, ids, pick, run


def place(state, seat, key, markers, **kw):
    """Give `seat` the sector `key` with exactly these markers (kind -> cubes per marker)."""
    s = sector(state, key)
    s.owner, s.void = seat, 0
    s.markers = {k: sorted(v, reverse=True) for k, v in markers.items()}
    s.fleet = {k: sum(v) for k, v in markers.items()}
    for k, v in kw.items():
        setattr(s, k, v)
    return s


def base():
    """Seat 0 (Belitan, Home 0,-2) to choose its Focus card, map cleared, rich."""
    state = clear_map(fresh(2))
    assert decision(state).seat == 0
    h = state.houses[0]
    h.res = {r: 9 for r in "FEMCS"}
    h.active = 6
    return state


def test_deploy_goes_onto_the_fullest_marker_with_room_else_a_new_one():
    """部署艦隊力量,將一個艦隊力量方塊從家族面板上的已激活區移動到地圖上的一個艦隊指示物上; 每個艦隊指示物可以
    放置一至三個艦隊力量方塊."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [3, 1]})
    deploy_one(state, 0, s.key, "corvette")
    assert s.markers == {"corvette": [3, 2]}
    deploy_one(state, 0, s.key, "corvette")
    deploy_one(state, 0, s.key, "corvette")
    assert s.markers == {"corvette": [3, 3, 1]} and s.fleet == {"corvette": 7}
    assert fleet_tokens(state, s) == 3


def test_improved_dreadnoughts_put_three_cubes_on_a_marker():
    """艦隊指示物有五種 (Dreadnought markers hold 1 cube; the Improved tech: up to 3 cubes per Dreadnought token)."""
    state = base()
    h = state.houses[0]
    h.techs["dreadnoughts"] = "basic"
    s = place(state, 0, "-1,-1", {"dreadnought": [1]})
    deploy_one(state, 0, s.key, "dreadnought")
    assert s.markers == {"dreadnought": [1, 1]} and fleets.merges(state, s) == []
    h.techs["dreadnoughts"] = "improved"
    assert fleets.merges(state, s) == [("dreadnought", 1, 1)]
    deploy_one(state, 0, s.key, "dreadnought")
    assert s.markers == {"dreadnought": [2, 1]}


def test_split_uses_an_extra_marker_and_is_a_free_move():
    """艦隊力量方塊可以被分開或合併,分開時會使用額外的同種艦隊指示物."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [3]})
    state = pick(state, "c:production")
    assert "fleet" in ids(state)
    state = pick(state, "fleet")
    state = pick(state, f"s:{s.key}")
    options = {o.id: (english(o.label), english(o.detail)) for o in decision(state).options}
    assert options[f"p:{s.key}:corvette:3:1"][0] == "split Corvette 3"
    assert "a Corvette marker of 3 in Ilex becomes 2+1" in options[f"p:{s.key}:corvette:3:1"][1]
    state = pick(state, f"p:{s.key}:corvette:3:1")
    assert sector(state, s.key).markers == {"corvette": [2, 1]} and sector(state, s.key).fleet == {"corvette": 3}
    state = pick(state, "done")
    task = state.tasks[-1]
    assert task.data["phase"] == "act" and task.data["used"] == []


def test_merge_only_same_kind_within_the_cap():
    """合併時必須是同種艦隊指示物之後將被合併的艦隊指示物放回盒內...不同種類的艦隊指示物上的艦隊力量方塊不能相互移動."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [2, 2, 1], "destroyer": [1]})
    assert fleets.merges(state, s) == [("corvette", 2, 1)]
    with pytest.raises(fleets.FleetError):
        fleets.merge(state, s, "corvette", 2, 2)
    with pytest.raises(fleets.FleetError):
        fleets.merge(state, s, "destroyer", 1, 1)
    fleets.merge(state, s, "corvette", 2, 1)
    assert s.markers == {"corvette": [3, 2], "destroyer": [1]} and s.fleet == {"corvette": 5, "destroyer": 1}


def test_a_stale_merge_changes_nothing():
    """Bad input gets a clear message and changes nothing."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [1, 1]})
    state = pick(state, "c:production")
    state = pick(state, "fleet")
    state = pick(state, f"s:{s.key}")
    before = RULES.dump(state)
    with pytest.raises(ValueError):
        RULES.apply(state, 0, f"m:{s.key}:corvette:2:1")
    assert RULES.dump(state) == before


def test_recalling_a_markers_last_cube_returns_the_marker():
    """召回艦隊力量...如果召回的是艦隊指示物上最後的艦隊力量方塊,將該艦隊指示物放回盒內."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [2, 1]})
    recall(state, 0, s, "corvette")
    assert s.markers == {"corvette": [2]} and controller(s) == 0


def test_the_last_cube_of_a_non_home_sector_abandons_it_with_a_glory_loss():
    """如果該指示物放回盒內後該非家園星系不存在其他艦隊指示物,則該玩家移除一個榮耀指示物,並將該星系廢棄."""
    state = base()
    s = place(state, 0, "-1,-1", {"sentry": [1]})
    state.houses[0].glory = [1, 3]
    recall(state, 0, s, "sentry")
    assert s.markers == {} and s.fleet == {} and controller(s) == "void"
    assert state.houses[0].glory == [3]


def _to_cleanup(state):
    state = pick(state, "c:production")
    return pick(state, "end")


def test_cleanup_merges_first_then_nothing_is_recalled():
    """在每個回合的清理步驟,如果某些星系有三個或更多艦隊指示物,通過召回艦隊力量方塊將其降低至二 (merging is free)."""
    state = base()
    state.houses[0].techs["sentries"] = "basic"
    s = place(state, 0, "-1,-1", {"corvette": [1, 1], "sentry": [1]})
    state = _to_cleanup(state)
    d = decision(state)
    labels = {o.id: english(o.label) for o in d.options}
    details = {o.id: english(o.detail) for o in d.options}
    assert labels[f"m:{s.key}:corvette:1:1"] == "merge 1+1"
    assert "two Corvette markers in Ilex (1+1) become one of 2; markers there 3 -> 2" in details[f"m:{s.key}:corvette:1:1"]
    assert labels[f"k:{s.key}:sentry"] == "recall 1 Sentry"
    assert "Ilex: Sentry markers" in details[f"k:{s.key}:sentry"] and "markers there 3 -> 2" in details[f"k:{s.key}:sentry"]
    state = pick(state, f"m:{s.key}:corvette:1:1")
    s = sector(state, s.key)
    assert s.markers == {"corvette": [2], "sentry": [1]} and s.fleet == {"corvette": 2, "sentry": 1}
    assert state.tasks[-1].kind != "turn" or state.tasks[-1].data["phase"] != "trim"


def test_three_kinds_in_a_sector_force_a_recall_and_the_bot_recalls_the_cheapest():
    """不同種類的艦隊指示物上的艦隊力量方塊不能相互移動: three kinds are three markers, so one kind must be recalled."""
    state = base()
    state.houses[0].techs.update(sentries="basic", destroyers="basic")
    s = place(state, 0, "-1,-1", {"corvette": [1], "sentry": [2], "destroyer": [1]})
    state = _to_cleanup(state)
    opts = ids(state)
    assert not [i for i in opts if i.startswith("m:")]
    assert "recall 1 Sentry" in [english(o.label) for o in decision(state).options]
    state = RULES.apply(state, 0, RULES.bot_choice(state, 0))
    assert sector(state, s.key).markers == {"sentry": [2], "destroyer": [1]}


def test_cleanup_without_the_trim_step_still_trims():
    """清理步驟 guard: a direct cleanup merges, then recalls, down to 2 markers."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [1, 1, 1, 1]})
    cleanup(state, 0, {})
    assert s.markers == {"corvette": [3, 1]} and s.fleet == {"corvette": 4}


def test_regrouped_cube_joins_a_marker_with_room():
    """重整時可以移動五個艦隊力量方塊,移動時將該將對力量方塊移動到相鄰星系 (design: it joins a marker with room)."""
    state = base()
    a = place(state, 0, "-1,-1", {"corvette": [3, 1]})
    b = place(state, 0, "-2,0", {"corvette": [2]})
    state = run(state, 0, [{"do": "regroup"}])
    state = pick(state, "e0") if ids(state)[0] == "e0" else state
    state = pick(state, f"r:{a.key}:corvette:{b.key}")
    assert sector(state, a.key).markers == {"corvette": [3]}
    assert sector(state, b.key).markers == {"corvette": [3]}


def _invade(state, target, sends):
    state = run(state, 0, [{"do": "invade"}])
    if ids(state)[0] == "e0":
        state = pick(state, "e0")
    state = pick(state, f"t:{target}")
    for key, n in sends:
        for _ in range(n):
            state = pick(state, f"m:{key}:corvette")
    return pick(state, "go")


def test_invasion_from_two_sectors_arrives_as_separate_markers():
    """入侵...將任意數量的目標星系所有相鄰星系中的部分或全部艦隊移動至目標星系 (design: each source's cubes arrive
    on their own markers)."""
    state = base()
    place(state, 0, "-2,0", {"corvette": [3]})
    home = sector(state, "0,-2")
    state = _invade(state, "-1,-1", [("-2,0", 2), (home.key, 1)])
    t = sector(state, "-1,-1")
    assert controller(t) == 0 and t.markers == {"corvette": [2, 1]}
    assert sector(state, "-2,0").markers == {"corvette": [1]} and sector(state, home.key).markers == {"corvette": [1]}


def test_combat_losses_remove_the_smallest_markers_first():
    """戰鬥時不考慮艦隊指示物數量,只考慮艦隊類型和對應的艦隊方塊數量 (losses are recalled from the smallest marker)."""
    state = base()
    place(state, 0, "-2,0", {"corvette": [3]})
    place(state, 0, "-1,0", {"corvette": [3]})
    sector(state, "-1,-1").void = 2  # 3 corvettes against 2 Voidborn: the invader loses 1 cube
    state = _invade(state, "-1,-1", [("-2,0", 2), ("-1,0", 1)])
    t = sector(state, "-1,-1")
    assert controller(t) == 0 and t.markers == {"corvette": [2]} and t.fleet == {"corvette": 2}


def test_defender_survivors_keep_their_markers():
    """受到傷害的一方可以選擇召回等同於傷害數量的艦隊力量方塊 (the survivors stay on their markers)."""
    state = base()
    s = place(state, 0, "-1,-1", {"corvette": [3, 1], "destroyer": [2]})
    fleets.settle(state, s, {"corvette": 3, "destroyer": 1})
    assert s.markers == {"corvette": [3], "destroyer": [1]}


def test_markers_survive_dump_and_load_and_old_saves_get_packed():
    """Saved games keep every marker; a state saved before markers existed loads with the cubes packed."""
    state = base()
    place(state, 0, "-1,-1", {"corvette": [1, 1, 1], "sentry": [2]})
    data = json.loads(json.dumps(RULES.dump(state)))
    again = RULES.load(data)
    assert sector(again, "-1,-1").markers == {"corvette": [1, 1, 1], "sentry": [2]}
    for s in data["sectors"]:
        del s["markers"]
    old = RULES.load(data)
    assert sector(old, "-1,-1").markers == {"corvette": [3], "sentry": [2]}
    assert all(not fleets.problems(old, s) for s in old.sectors)


def test_view_shows_the_markers():
    """The renderer draws view["sectors"][i]["markers"]."""
    state = base()
    place(state, 0, "-1,-1", {"corvette": [2, 1]})
    v = RULES.view(state, 1)
    assert next(x for x in v["sectors"] if x["key"] == "-1,-1")["markers"] == {"corvette": [2, 1]}


def test_no_split_or_merge_option_when_nothing_can_change():
    """分開時會使用額外的同種艦隊指示物 (a 1-cube marker cannot be split, lone markers cannot merge)."""
    state = base()
    for s in state.sectors:
        if s.owner == 0 or s.home_of == 0:
            fleets.clear(s)
    place(state, 0, "0,-2", {"corvette": [1]})
    state = pick(state, "c:production")
    assert "fleet" not in ids(state)


def test_escape_pods_cubes_land_on_a_home_marker_with_room():
    """逃生艙 (Escape Pods): recalled cubes go to the Home as Corvettes; like a deploy they go onto a marker with room
    (部署艦隊力量...移動到地圖上的一個艦隊指示物上)."""
    from games.voidfall.defence import escape

    state = base()
    h = state.houses[0]
    h.techs["escape_pods"] = "improved"
    home = place(state, 0, "0,-2", {"corvette": [2, 1]}, home_of=0)
    escape(state, 0, 3)
    assert home.markers == {"corvette": [3, 3]} and home.fleet == {"corvette": 6}

"""The metrics objectives, effects and crises count (issue 35 item 6): one small function each, in
tables keyed by the name the content data uses; every name the data uses has its entry."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Iterator

import pytest

from games.voidfall.metrics import METRICS, MetricError, metric
from games.voidfall.solo import crises
from games.voidfall.solo.content import CRISES

from .helpers import fresh

DATA = resources.files("games.voidfall").joinpath("data")
# Everything the competitive game and the Heroic/Joint cards run (crises.json has its own metrics).
CONTENT = ("agendas.json", "events.json", "focus.json", "houses.json", "map.json", "techs.json", "solo/heroic.json")


def named_metrics(node: Any) -> Iterator[str]:
    """Every metric a piece of content names: objectives' `metric`, effects' `metric` and `per`.
    A `ladder_each` objective scores each track's `track_level` (its `metric` only names it)."""
    if isinstance(node, dict):
        for key in ("metric", "per"):
            if isinstance(node.get(key), str) and node.get("kind") != "ladder_each":
                yield node[key]
        for value in node.values():
            yield from named_metrics(value)
    elif isinstance(node, list):
        for value in node:
            yield from named_metrics(value)


def content_metrics() -> set[str]:
    return {m for name in CONTENT for m in named_metrics(json.loads(DATA.joinpath(name).read_text(encoding="utf-8")))}


def test_the_content_names_metrics():
    assert len(content_metrics()) > 80  # the walk finds them (objectives and effects alike)


def test_every_metric_the_content_names_has_its_function():
    missing = sorted(m for m in content_metrics() if m.partition(":")[0] not in METRICS)
    assert not missing, f"metrics without a function in games/voidfall/metrics.py: {missing}"


@pytest.mark.parametrize("players", [2, 4])
def test_every_metric_the_content_names_counts_for_every_house(players):
    state = fresh(players, seed=players)
    for name in sorted(content_metrics()):
        for seat in range(players):
            assert isinstance(metric(state, seat, name), int), name


def test_every_crisis_condition_names_a_crisis_metric():
    named = {c["cond"]["metric"] for c in CRISES.values() if c["cond"]["kind"] == "have"}
    assert named and not sorted(named - set(crises.METRICS))


def test_a_wrong_metric_is_a_content_bug_not_a_players_mistake():
    """Not a ValueError: the bot shell shows a ValueError to the player as their own mistake."""
    state = fresh(2)
    for bad in ("no_such_metric", "pure_sectors_pop_ge:six", "glory_of:"):
        with pytest.raises(MetricError) as raised:
            metric(state, 0, bad)
        assert not isinstance(raised.value, ValueError)
    with pytest.raises(MetricError):
        crises.metric(state, 0, "no_such_metric")

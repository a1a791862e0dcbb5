"""History (issue 24): the extra work at a game's end and per replay click, beside baselines
measured in the same run. Run: `.venv/bin/python -m bench.history [--quick]`.

* game over: recording the result (replaying every move with its public view) plus drawing the
  chart, beside the baseline of replaying the same moves without views, and the final public
  board the game-over message already draws. The recording runs after the message is posted
  (announce.py), so it delays only the chart, never the message or anyone's click.
* replay click: the public view of a step (from the nearest checkpoint) plus its board, beside
  the baseline of drawing that board alone.
* ratings: a leaderboard's ratings from N rated 4-player games (computed in a thread, once per
  new result), beside the baseline of reading the same number of rows' worth of Python tuples.

Nothing here runs on a click in a running game: that path is unchanged."""

from __future__ import annotations

import random
import sys
import time

from bench.common import ROOT  # noqa: F401  (puts the project on sys.path)

import renderers
from bot.platform.history import ratings, record
from bot.platform.history.replay import Replay
from bot.platform.storage.history import RatedSeat
from renderers.chart import chart_png
from tests.history.helpers import played

CASES: tuple[tuple[str, int, dict[str, str]], ...] = (  # (title, players, options)
    ("pocket-mars", 3, {}), ("petrichor", 3, {}), ("impulse", 4, {"teams": "pairs"}),
    ("ares-expedition", 3, {}), ("voidfall", 3, {}), ("voidfall", 4, {}))


def timed(fn, *args):
    start = time.perf_counter()
    value = fn(*args)
    return value, time.perf_counter() - start


def main(quick: bool) -> None:
    print(f"{'game':<22}{'moves':>6}{'end: record+chart':>19}{'replay w/o views':>18}{'final board':>13}"
          f"{'replay click':>14}{'board alone':>13}")
    for slug, players, options in CASES[: 4 if quick else None]:
        rules, row, seats, actions = played(slug, players, 3, options)
        result, build_s = timed(record.build, rules, row, seats, actions)
        _, chart_s = timed(chart_png, result.summary["title"], result.summary["measure"], result.summary["chart"])
        _, bare_s = timed(lambda: [s for s in record.walk(rules, row, players, record.kept(actions))][-1])
        names = [s.name for s in seats]
        replay = Replay(rules, row, seats, actions)
        _, board_s = timed(renderers.render_public, slug, replay.view(replay.last), names)
        step = replay.last - 1
        _, click_s = timed(lambda: renderers.render_public(slug, replay.view(step), names))
        _, alone_s = timed(renderers.render_public, slug, replay.view(step), names)
        print(f"{slug + ' ' + str(players) + 'p':<22}{len(actions):>6}{(build_s + chart_s) * 1000:>17.0f}ms"
              f"{bare_s * 1000:>16.0f}ms{board_s * 1000:>11.0f}ms{click_s * 1000:>12.0f}ms{alone_s * 1000:>11.0f}ms")


def ratings_figure(quick: bool) -> None:
    rnd = random.Random(1)
    for games in (200, 2000) if quick else (200, 2000, 10000):
        seats = []
        for game in range(games):
            places = rnd.sample(range(1, 5), 4)
            seats += [RatedSeat(game, s, u, s, places[s], 1.0) for s, u in enumerate(rnd.sample(range(40), 4))]
        _, rate_s = timed(ratings.compute, seats)
        _, base_s = timed(lambda: [tuple(vars(s).values()) for s in seats])
        print(f"ratings from {games:>6} games: {rate_s * 1000:8.0f} ms   (baseline, touching the rows: "
              f"{base_s * 1000:.0f} ms)")


if __name__ == "__main__":
    main("--quick" in sys.argv)
    ratings_figure("--quick" in sys.argv)

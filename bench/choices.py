"""Figures 1 and 2: one click's cost (choose + persist + views + renders), and the public
render next to a bare PNG encode of a canvas of the same size.

Every seat of a 3-player table belongs to a fake user id, so each measured click is one
`Sessions.choose` call with the seat's stamp (`game.stamp(seat)`), one `Storage.record`
on a real SQLite file, and no bot seats acting afterwards. The submitted choice is the
game's own bot (`baseline_choice`) for that seat, computed outside the timed region. After each
click the public image and (when the clicker still has a decision) the clicker's private
image are drawn from fresh views, as the publisher does; here inline, on one core. The
click's process CPU time is recorded too: on a shared machine wall time includes waiting
for a core, CPU time does not.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .common import NAMES, PLAYERS, USERS, Timer, png_size

import games
import renderers
from bot.platform.sessions import Sessions
from bot.platform.storage import open_storage
from renderers.common import canvas, encode_baseline, png_bytes

SPLIT_EVERY = 10  # every Nth click also times draw and PNG encode separately


@dataclass
class ChoiceStats:
    slug: str
    total: list[float] = field(default_factory=list)      # choose + views + renders
    cpu: list[float] = field(default_factory=list)        # the same click's CPU time (all threads)
    choose: list[float] = field(default_factory=list)     # Sessions.choose: apply + dump + record
    apply: list[float] = field(default_factory=list)      # rules.apply alone (re-run outside the timing)
    dump: list[float] = field(default_factory=list)       # rules.dump + json.dumps alone
    view: list[float] = field(default_factory=list)       # public + private view dicts
    public: list[float] = field(default_factory=list)     # render_public (draw + PNG)
    private: list[float] = field(default_factory=list)    # render_private (draw + PNG), when drawn
    baseline: list[float] = field(default_factory=list)   # encode_baseline of the public image's size
    private_baseline: list[float] = field(default_factory=list)
    blank_palette: list[float] = field(default_factory=list)  # png_bytes of a blank canvas of the public size
    public_kb: list[float] = field(default_factory=list)
    sizes: set = field(default_factory=set)
    draw_pub: list[float] = field(default_factory=list)
    encode_pub: list[float] = field(default_factory=list)
    snapshot_kb: list[float] = field(default_factory=list)
    games_started: int = 0
    games_finished: int = 0


async def new_game(sessions: Sessions, slug: str, channel: int, seed: int, players: int = PLAYERS,
                   options: str | None = None, guild: int = 1):
    """A started game with every seat a fake person; fixed seed for reproducible runs."""
    users = [1000 + i for i in range(players)]
    game = await sessions.create(guild, channel, slug, users[0], "Player 1", options)
    for i, uid in enumerate(users[1:], start=2):
        await sessions.join(game, uid, f"Player {i}")
    # In memory only (storage cannot change a seed): setup and replays in this process use it.
    game.row.seed = seed
    await sessions.start(game, users[0])
    return game


def warm(slug: str, players: int = PLAYERS, options: str | None = None) -> None:
    """Font caches and imports, so the first measured click is not a cold start."""
    rules = games.get(slug)
    state = rules.setup(players, 12345, _options(rules, options))
    renderers.render_public(slug, rules.view(state, None), NAMES)
    renderers.render_private(slug, rules.view(state, 0), NAMES)
    encode_baseline(*png_size(renderers.render_public(slug, rules.view(state, None), NAMES)))


def _options(rules, text: str | None) -> dict | None:
    if not text:
        return None
    return rules.resolve_options(dict(part.split("=", 1) for part in text.split()))


async def bench_game(slug: str, clicks: int, db_path: Path, seed: int = 1, players: int = PLAYERS,
                     options: str | None = None, label: str | None = None) -> ChoiceStats:
    """`clicks` measured clicks on `players`-seat tables of `slug` created with `options`."""
    rules = games.get(slug)
    stats = ChoiceStats(label or slug)
    rnd = random.Random(seed)
    module = renderers._module(slug)
    storage = open_storage(str(db_path))
    await storage.open()
    try:
        sessions = Sessions(storage)
        channel = 0
        game = None
        warm(slug, players, options)
        n = 0
        while n < clicks:
            if game is None or game.row.status != "active" or not rules.pending(game.state):
                channel += 1
                game = await new_game(sessions, slug, channel, seed * 100_000 + channel, players, options)
                stats.games_started += 1
                continue
            pending = rules.pending(game.state)
            seat = pending[rnd.randrange(len(pending))].seat
            before = game.state
            choice = rules.baseline_choice(before, seat)
            stamp = game.stamp(seat)

            cpu0 = time.process_time()
            with Timer() as t_choose:
                await sessions.choose(game, USERS[seat], stamp, choice)
            with Timer() as t_view:
                pub_view = rules.view(game.state, None)
                mine = game.row.status == "active" and rules.decision_for(game.state, seat) is not None
                priv_view = rules.view(game.state, seat) if mine else None
            names = game.names()
            with Timer() as t_pub:
                pub_png = renderers.render_public(slug, pub_view, names)
            t_priv_ms = 0.0
            if priv_view is not None:
                with Timer() as t_priv:
                    priv_png = renderers.render_private(slug, priv_view, names)
                t_priv_ms = t_priv.ms
                stats.private.append(t_priv.ms)
            stats.cpu.append(1000 * (time.process_time() - cpu0))
            stats.total.append(t_choose.ms + t_view.ms + t_pub.ms + t_priv_ms)
            stats.choose.append(t_choose.ms)
            stats.view.append(t_view.ms)
            stats.public.append(t_pub.ms)
            stats.public_kb.append(len(pub_png) / 1024)

            # Baselines, side by side with the renders just timed: a bare encode of the same size.
            size = png_size(pub_png)
            stats.sizes.add(size)
            with Timer() as t_base:
                encode_baseline(*size)
            stats.baseline.append(t_base.ms)
            blank = canvas(*size)[0]   # as the renderers' images start: a palette canvas
            with Timer() as t_blank:
                png_bytes(blank)
            stats.blank_palette.append(t_blank.ms)
            if priv_view is not None:
                with Timer() as t_base:
                    encode_baseline(*png_size(priv_png))
                stats.private_baseline.append(t_base.ms)

            # Breakdown of the choose() time, measured again outside the timed region.
            with Timer() as t_apply:
                rules.apply(before, seat, choice)
            with Timer() as t_dump:
                text = json.dumps(rules.dump(game.state), separators=(",", ":"))
            stats.apply.append(t_apply.ms)
            stats.dump.append(t_dump.ms)
            stats.snapshot_kb.append(len(text) / 1024)
            if n % SPLIT_EVERY == 0:
                with Timer() as t:
                    img = module.public(renderers.named(pub_view, names), names)
                stats.draw_pub.append(t.ms)
                with Timer() as t:
                    png_bytes(img)
                stats.encode_pub.append(t.ms)
            if game.row.status == "finished":
                stats.games_finished += 1
            n += 1
    finally:
        await storage.close()
    return stats


def run(cases: dict, clicks: int) -> dict[str, ChoiceStats]:
    """`cases`: name -> (game slug, players, options), as `common.CASES`."""
    out: dict[str, ChoiceStats] = {}
    with tempfile.TemporaryDirectory(prefix="bench-choices-") as tmp:
        for name, (slug, players, options) in cases.items():
            out[name] = asyncio.run(bench_game(slug, clicks, Path(tmp) / f"{name}.db", players=players,
                                               options=options, label=name))
    return out

"""Items 1 and 2: choice handling time (apply + persist + render) and render time / PNG size.

Every seat of a 3-player table belongs to a fake user id, so each measured choice is one
`Sessions.choose` call (one apply, one `Storage.record` on a real SQLite file) with no
bot seats acting afterwards. The submitted choice is the game's own `bot_choice` for
that seat, computed outside the timed region. After each choice the public image and
the acting seat's private image are rendered from fresh views, as the publisher does.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS, Timer

import games
import renderers
from bot.session import Sessions
from bot.storage import Storage
from renderers.common import png_bytes

USERS = [1000 + i for i in range(PLAYERS)]
NAMES = [f"Player {i + 1}" for i in range(PLAYERS)]
SPLIT_EVERY = 10  # every Nth choice also times draw and PNG encode separately


@dataclass
class ChoiceStats:
    slug: str
    total: list[float] = field(default_factory=list)      # choose + views + both renders
    choose: list[float] = field(default_factory=list)     # Sessions.choose: apply + dump + record
    apply: list[float] = field(default_factory=list)      # rules.apply alone (re-run outside the timing)
    dump: list[float] = field(default_factory=list)       # rules.dump + json.dumps alone
    view: list[float] = field(default_factory=list)       # public + private view dicts
    public: list[float] = field(default_factory=list)     # render_public (draw + PNG)
    private: list[float] = field(default_factory=list)    # render_private (draw + PNG)
    public_kb: list[float] = field(default_factory=list)
    private_kb: list[float] = field(default_factory=list)
    draw_pub: list[float] = field(default_factory=list)
    encode_pub: list[float] = field(default_factory=list)
    draw_priv: list[float] = field(default_factory=list)
    encode_priv: list[float] = field(default_factory=list)
    snapshot_kb: list[float] = field(default_factory=list)
    games_started: int = 0
    games_finished: int = 0


async def _new_game(sessions: Sessions, slug: str, channel: int, seed: int):
    game = await sessions.create(1, channel, slug, USERS[0], NAMES[0])
    for uid, name in zip(USERS[1:], NAMES[1:]):
        await sessions.join(game, uid, name)
    # Fixed seed for reproducible runs (Sessions.create draws a random one).
    game.row.seed = seed
    await sessions.storage.update_game(game.id, seed=seed)
    await sessions.start(game, USERS[0])
    return game


async def bench_game(slug: str, choices: int, db_path: Path, seed: int = 1) -> ChoiceStats:
    rules = games.get(slug)
    stats = ChoiceStats(slug)
    rnd = random.Random(seed)
    module = renderers._module(slug)
    storage = Storage(str(db_path))
    await storage.open()
    try:
        sessions = Sessions(storage)
        channel = 0
        game = None
        # Warm up font caches and imports so the first measured choice is not a cold start.
        warm = rules.setup(PLAYERS, seed, None)
        renderers.render_public(slug, rules.view(warm, None), NAMES)
        renderers.render_private(slug, rules.view(warm, 0), NAMES)

        n = 0
        while n < choices:
            if game is None or not rules.pending(game.state):
                channel += 1
                game = await _new_game(sessions, slug, channel, seed * 100_000 + channel)
                stats.games_started += 1
                continue
            pending = rules.pending(game.state)
            decision = pending[rnd.randrange(len(pending))]
            seat = decision.seat
            before = game.state
            choice = rules.bot_choice(before, seat)

            with Timer() as t_choose:
                await sessions.choose(game, USERS[seat], game.version, choice)
            with Timer() as t_view:
                pub_view = rules.view(game.state, None)
                priv_view = rules.view(game.state, seat)
            with Timer() as t_pub:
                pub_png = renderers.render_public(slug, pub_view, game.names())
            with Timer() as t_priv:
                priv_png = renderers.render_private(slug, priv_view, game.names())

            stats.total.append(t_choose.ms + t_view.ms + t_pub.ms + t_priv.ms)
            stats.choose.append(t_choose.ms)
            stats.view.append(t_view.ms)
            stats.public.append(t_pub.ms)
            stats.private.append(t_priv.ms)
            stats.public_kb.append(len(pub_png) / 1024)
            stats.private_kb.append(len(priv_png) / 1024)

            # Breakdown of the choose() time, measured again outside the timed region.
            with Timer() as t_apply:
                rules.apply(before, seat, choice)
            with Timer() as t_dump:
                text = json.dumps(rules.dump(game.state), separators=(",", ":"))
            stats.apply.append(t_apply.ms)
            stats.dump.append(t_dump.ms)
            stats.snapshot_kb.append(len(text) / 1024)

            if n % SPLIT_EVERY == 0:
                for draw, view, draws, encodes in (
                    (module.public, pub_view, stats.draw_pub, stats.encode_pub),
                    (module.private, priv_view, stats.draw_priv, stats.encode_priv),
                ):
                    with Timer() as t:
                        img = draw(view, game.names())
                    draws.append(t.ms)
                    with Timer() as t:
                        png_bytes(img)
                    encodes.append(t.ms)

            if rules.outcome(game.state) is not None:
                stats.games_finished += 1
            n += 1
    finally:
        await storage.close()
    return stats


def run(slugs, choices: int) -> dict[str, ChoiceStats]:
    out: dict[str, ChoiceStats] = {}
    with tempfile.TemporaryDirectory(prefix="bench-choices-") as tmp:
        for slug in slugs:
            out[slug] = asyncio.run(bench_game(slug, choices, Path(tmp) / f"{slug}.db"))
    return out

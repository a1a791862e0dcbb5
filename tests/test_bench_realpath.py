"""The real-path load bench still drives the bot (a smoke run, no timings asserted): simulated
people open tables and move through SimCord, requests are counted per kind, the global limit
answers 429s when it is exceeded, and bot seats think during the bots rows."""

from __future__ import annotations

import asyncio

import pytest

from bench import realpath
from bench.simdiscord import SimulatedDiscord


class _Route:
    def __init__(self, method: str, url: str) -> None:
        self.method, self.url = method, url


class _Env:
    """Just what SimulatedDiscord wraps: the bot's REST client and the interaction adapter."""

    class _Transport:
        async def request(self, route, *args, **kwargs):
            return {}

    def __init__(self) -> None:
        self.bot = type("Bot", (), {"http": self._Transport()})()
        self._webhook_adapter = self._Transport()


async def test_the_global_limit_answers_429s_and_interaction_calls_are_exempt():
    env = _Env()
    discord = SimulatedDiscord(env, rtt=0.0, limit=3)
    other = _Route("POST", "https://discord.com/api/v10/channels/5/messages")
    callback = _Route("POST", "https://discord.com/api/v10/interactions/9/tok/callback")
    board = discord.board_changed(5)
    await asyncio.gather(*(env.bot.http.request(other) for _ in range(4)),
                         *(env._webhook_adapter.request(callback, None) for _ in range(5)))
    counters = discord.take()
    assert (counters.other, counters.interaction) == (4, 5)
    assert counters.rate_limited >= 1  # the fourth waited for the window
    assert board.done()


def test_a_small_real_path_run_moves_counts_requests_and_bots_think():
    # Normal bots: this checks where bots think, not what hard bots cost (62 hard decisions: a minute of CPU)
    results = realpath.run((4,), 1.0, tables=5, workers=0, bot_tables=2, unlimited_rate=4, bot_level="normal")
    labels = [r.label for r in results]
    assert labels == [realpath.RATES, realpath.NO_LIMIT, realpath.NO_BOTS, realpath.BOTS_THREAD,
                      realpath.BOTS_WORKER]
    swept = results[0]
    assert swept.latencies and not swept.failed, swept.errors
    # requests of both kinds over the run (a loaded machine may spend one short step on opening tables)
    assert sum(r.interaction_requests for r in results) > 0 and sum(r.other_requests for r in results) > 0
    thread, worker = results[3], results[4]
    assert thread.bot_decisions and thread.bot_in_process == thread.bot_decisions
    assert worker.bot_decisions and worker.bot_in_process < worker.bot_decisions


@pytest.fixture(autouse=True)
def _bot_thinker_back_to_the_worker():
    yield
    realpath.BOT_THINKER.processes = 1

"""The game-over chart: the result is recorded and the chart drawn once the result message is out,
then added to it, so the message goes out as fast as before (a Voidfall game takes 1-2 s to
replay). A crash in between loses only the chart: the result is recorded by the next catch-up."""

from __future__ import annotations

import asyncio
import inspect
import io
import logging
from typing import Awaitable, Callable

import discord

import games
from games.core.i18n import ENGLISH
from renderers.chart import chart_png

from ...platform.storage import GameRow
from ...platform.history.service import History

log = logging.getLogger(__name__)

CHART_FILE = "scores.png"
# the chart drawer tells its labels' language when it takes one (renderers draw it in that language)
CHART_TAKES_LOCALE = "locale" in inspect.signature(chart_png).parameters


async def game_over_chart(history: History, row: GameRow, locale: str = ENGLISH) -> discord.File | None:
    """Record the ended game's result and return its score chart in the table's `locale`, or
    None (no chart for this game, or a failure, which is logged: the result message goes out
    without it)."""
    try:
        result = await history.record(row)
        chart = (result.summary.get("chart") or {}) if result is not None else {}
        if result is None or len(chart.get("labels") or []) < 2:
            return None
        language = {"locale": locale} if CHART_TAKES_LOCALE else {}
        rules = games.REGISTRY.get(row.slug)  # the title in the table's language, as the game names itself
        title = rules.title_text if rules is not None else result.summary["title"]
        png = await asyncio.to_thread(chart_png, title, result.summary.get("measure", "Score"),
                                      chart, **language)
        return discord.File(io.BytesIO(png), filename=CHART_FILE)
    except Exception:  # noqa: BLE001 - the results message matters more than its chart
        log.exception("could not chart game %s", row.id)
        return None


def attach_chart(history: History, row: GameRow, add: Callable[[discord.File], Awaitable[None]],
                 locale: str = ENGLISH) -> None:
    """Record `row`'s result and hand its chart (in `locale`) to `add` (which puts it on the
    posted game-over message), in the background."""
    task = asyncio.get_running_loop().create_task(_attach(history, row, add, locale))
    history.background.add(task)  # a reference, so the task is not collected before it ends
    task.add_done_callback(history.background.discard)


async def _attach(history: History, row: GameRow, add: Callable[[discord.File], Awaitable[None]],
                  locale: str = ENGLISH) -> None:
    chart = await game_over_chart(history, row, locale)
    if chart is None:
        return
    try:
        await add(chart)
    except discord.HTTPException:
        log.warning("could not add the chart to the result message of game %s", row.id, exc_info=True)

"""The game-over chart: recorded and drawn when the result message goes out."""

from __future__ import annotations

import asyncio
import io
import logging

import discord

from renderers.chart import chart_png

from ..storage import GameRow
from .service import History

log = logging.getLogger(__name__)

CHART_FILE = "scores.png"


async def game_over_chart(history: History, row: GameRow) -> discord.File | None:
    """Record the ended game's result and return its score chart, or None (no chart for this
    game, or a failure, which is logged: the result message goes out without it)."""
    try:
        result = await history.record(row)
        chart = (result.summary.get("chart") or {}) if result is not None else {}
        if len(chart.get("labels") or []) < 2:
            return None
        png = await asyncio.to_thread(chart_png, result.summary["title"], result.summary.get("measure", "Score"),
                                      chart)
        return discord.File(io.BytesIO(png), filename=CHART_FILE)
    except Exception:  # noqa: BLE001 - the results message matters more than its chart
        log.exception("could not chart game %s", row.id)
        return None

"""Board images drawn off the event loop.

Drawing is most of a click's CPU and Pillow's text drawing holds the GIL, so threads do not
help: with `render_workers` > 0 images are drawn in that many worker processes (each keeps
its own font and glyph caches warm); with 0 they are drawn inline, which suits tests and
one-core machines. The default ("auto", see `Settings.render_worker_count`) is one worker per
core on two or more cores. `dev.py bench --load --quick` on a shared 2-core machine, offered
100 clicks/s, got through 99 and 54 a second with two workers (in two runs, the second under
a load average of 6) against 32 and 29 drawing inline; the event loop's CPU per click fell
from 12 ms to 5 ms.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import multiprocessing
from functools import lru_cache

import renderers
from games.core.i18n import ENGLISH

_KINDS = {"public": "render_public", "private": "render_private", "detail": "render_detail",
          "marked": "render_marked"}


@lru_cache(maxsize=None)
def _takes_locale(draw) -> bool:
    return "locale" in inspect.signature(draw).parameters


def draw_image(kind: str, slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
    """The image in `locale`: the renderers render the view's messages for that reader (in the
    same pass that fills seat names, `renderers.named`) and their own labels in it."""
    draw = getattr(renderers, _KINDS[kind], None)  # looked up per call, so a test may wrap one
    if draw is None:
        return None
    return draw(slug, view, names, locale=locale) if _takes_locale(draw) else draw(slug, view, names)


def _warm() -> None:
    """Fill this worker's font and glyph caches so its first real image is not slow."""
    renderers.warm_up()


class RenderPool:
    """Draws PNGs for views, in worker processes when `workers` > 0."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        if workers > 0:
            context = multiprocessing.get_context("spawn")  # no inherited event loop or sockets
            self._pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context, initializer=_warm)

    async def draw(self, kind: str, slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
        """PNG bytes of the `kind` image ("public", "private", "detail" or "marked": the board
        with view["marks"] marked) of `view`, in `locale`."""
        if self._pool is None:
            return draw_image(kind, slug, view, names, locale)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, draw_image, kind, slug, view, list(names), locale)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

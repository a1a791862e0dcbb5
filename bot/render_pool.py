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
import concurrent.futures.process
import inspect
import logging
import multiprocessing
from collections import OrderedDict
from functools import lru_cache

import renderers
from renderers import reads
from games.core.i18n import ENGLISH

log = logging.getLogger(__name__)

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


def draw_reading(kind: str, slug: str, view: dict, names: list[str], locale: str = ENGLISH
                 ) -> tuple[bytes | None, tuple | None]:
    """`draw_image`, and what the drawing read of the view (`renderers.read_paths`: each path
    into the view with how much of the value there it saw; None when unknown)."""
    renderers.read_paths()
    png = draw_image(kind, slug, view, names, locale)
    return png, renderers.read_paths()


class DrawnImages:
    """Images already drawn, reused while the parts of the view their drawing read are the
    same: a move usually leaves most of a board or a hand as it was (a Voidfall board only
    changes its move counter during some steps; a hand stays while others play, and shows only
    its own seat's entry of the players' list). A drawing is a pure function of what it read,
    the names and the language, so a kept image is exactly the one drawing again would give;
    each is kept per kind, game title, language, names and viewing seat, so one seat's image is
    never looked up for another. What the latest drawings of each such place read is kept per
    place too (a table's names tell it from the others), so a busy bot's other tables do not
    push it out: at 80 moves/s on 200 tables, 1.59 images drawn per move instead of 1.91."""

    KEPT = 1024         # images (tens of KB each): a busy bot's boards and hands of the last minutes
    READ_SETS = 3       # sets of reads tried per image place (a renderer's branches)
    PLACES = 4096       # image places (kind, title, language, names, seat) whose read sets are kept

    def __init__(self) -> None:
        self._images: OrderedDict[tuple, bytes] = OrderedDict()
        # image place -> the read sets of its latest drawings: kept per table (its names) so that
        # the other tables' drawings never push a table's own out
        self._reads: OrderedDict[tuple, list[tuple]] = OrderedDict()
        self.hits = self.misses = 0

    @staticmethod
    def _where(kind: str, slug: str, view: dict, names: list[str], locale: str) -> tuple:
        return (kind, slug, locale, tuple(names), repr(view.get("viewer")))

    def find(self, kind: str, slug: str, view: dict, names: list[str], locale: str) -> bytes | None:
        where = self._where(kind, slug, view, names, locale)
        for paths in self._reads.get(where, ()):
            key = (where, paths, reads.part(view, paths))
            png = self._images.get(key)
            if png is not None:
                self._images.move_to_end(key)
                self.hits += 1
                return png
        self.misses += 1
        return None

    def keep(self, kind: str, slug: str, view: dict, names: list[str], locale: str,
             png: bytes | None, read: tuple | None) -> None:
        if png is None or read is None:
            return
        where = self._where(kind, slug, view, names, locale)
        known = self._reads.setdefault(where, [])
        self._reads.move_to_end(where)
        if read in known:
            known.remove(read)
        known.insert(0, read)
        del known[self.READ_SETS:]
        while len(self._reads) > self.PLACES:
            self._reads.popitem(last=False)
        self._images[(where, read, reads.part(view, read))] = png
        while len(self._images) > self.KEPT:
            self._images.popitem(last=False)


def _warm() -> None:
    """Fill this worker's font and glyph caches so its first real image is not slow."""
    renderers.warm_up()


class RenderPool:
    """Draws PNGs for views, in worker processes when `workers` > 0."""

    BACKLOG = 48  # images waiting per worker beyond which a click's answer is deferred (`backlogged`)

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self.drawn = DrawnImages()
        self.waiting = 0  # images handed to the workers and not back yet
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.restarts = 0  # pools replaced after a worker died
        if workers > 0:
            self._pool = self._new_pool()

    def _new_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")  # no inherited event loop or sockets
        return concurrent.futures.ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)

    async def draw(self, kind: str, slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
        """PNG bytes of the `kind` image ("public", "private", "detail" or "marked": the board
        with view["marks"] marked) of `view`, in `locale`; an image drawn before is reused while
        what its drawing read of the view is the same (`DrawnImages`)."""
        png = self.drawn.find(kind, slug, view, names, locale)
        if png is not None:
            return png
        if self._pool is None:
            png, read = draw_reading(kind, slug, view, names, locale)
        else:
            png, read = await self._in_worker(kind, slug, view, list(names), locale)
        self.drawn.keep(kind, slug, view, names, locale, png, read)
        return png

    async def _in_worker(self, *job) -> tuple[bytes | None, tuple | None]:
        """`draw_reading(*job)` in a worker. A worker that died (killed, out of memory) breaks
        its whole pool, so the pool is replaced and the image drawn again there; the other
        images the dead pool was drawing are drawn again the same way."""
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            pool = self._pool
            try:
                return await loop.run_in_executor(pool, draw_reading, *job)
            except concurrent.futures.process.BrokenProcessPool:
                if self._pool is None:  # closed meanwhile
                    raise
                self._replace(pool)
            return await loop.run_in_executor(self._pool, draw_reading, *job)
        finally:
            self.waiting -= 1

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        """A new pool for `broken`, unless another image already replaced it."""
        if self._pool is not broken:
            return
        log.warning("a render worker died; starting new ones")
        broken.shutdown(wait=False, cancel_futures=True)
        self._pool = self._new_pool()
        self.restarts += 1

    def backlogged(self) -> bool:
        """Whether a new image would wait behind a long queue (a second or more at a few
        milliseconds an image): a click's answer is then deferred rather than drawn first."""
        return self.waiting >= self.BACKLOG * max(self.workers, 1)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

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
import collections
import inspect
import itertools
import logging
import multiprocessing
import pickle
from collections import OrderedDict
from functools import lru_cache
from typing import Any

import games
import renderers
from renderers import reads
from renderers.figures import figure_png
from games.core.i18n import ENGLISH

log = logging.getLogger(__name__)

JOB_TRIES = 2  # workers an image may be drawn in when they die drawing it
STARTING = 0  # the job id of a worker's start-up: its first message says it is ready
WORKER_EXIT_S = 2.0  # how long a closing worker may take to finish its image before it is killed

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

    def find(self, kind: str, slug: str, view: dict, names: list[str], locale: str,
             tried: dict[tuple, bytes] | None = None) -> bytes | None:
        """The kept image for what `view` shows, or None. `tried` gets the parts of the view
        read for each read set looked at, for `keep` to reuse (a new drawing usually read the
        same paths as an older one of its place)."""
        where = self._where(kind, slug, view, names, locale)
        for paths in self._reads.get(where, ()):
            part = reads.part(view, paths)
            if tried is not None:
                tried[paths] = part
            key = (where, paths, part)
            png = self._images.get(key)
            if png is not None:
                self._images.move_to_end(key)
                self.hits += 1
                return png
        self.misses += 1
        return None

    def keep(self, kind: str, slug: str, view: dict, names: list[str], locale: str,
             png: bytes | None, read: tuple | None, tried: dict[tuple, bytes] | None = None) -> None:
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
        part = tried.get(read) if tried else None
        self._images[(where, read, reads.part(view, read) if part is None else part)] = png
        while len(self._images) > self.KEPT:
            self._images.popitem(last=False)


FIGURE = "figure"  # a job drawing a rulebook figure: (FIGURE, slug, name, locale)
FIGURES_KEPT = 64  # rulebook figures kept per process (a game's few figures in two languages)


def draw_job(job: tuple) -> tuple[bytes | None, tuple | None]:
    """What a worker draws for `job`: a game's image (`draw_reading`), or a rulebook figure
    (the game played on by its bots to the figure's moment, then drawn; nothing read)."""
    if job[0] == FIGURE:
        _, slug, name, locale = job
        return figure_png(games.get(slug), name, locale), None
    return draw_reading(*job)


def _serve(connection) -> None:
    """A render worker's life: draw each job that comes down its pipe and send back
    `(job id, True, draw_reading(...))` or `(job id, False, the error)`, until the bot closes
    the pipe (or dies, which closes it too)."""
    renderers.warm_up()  # fonts and glyph caches, so the first real image is not slow
    connection.send_bytes(pickle.dumps((STARTING, True, None)))  # ready: the bot may send jobs
    while True:
        try:
            job_id, job = pickle.loads(connection.recv_bytes())
        except (EOFError, OSError):
            return
        answer: tuple[int, bool, Any]
        try:
            answer = (job_id, True, draw_job(job))
        except Exception as error:  # noqa: BLE001 - the bot raises it where the image was asked for
            answer = (job_id, False, error)
        try:
            payload = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 - an error that does not pickle still reaches the bot
            payload = pickle.dumps((job_id, False, RuntimeError(repr(answer[2]))), pickle.HIGHEST_PROTOCOL)
        try:
            connection.send_bytes(payload)
        except OSError:
            return


class RenderWorkerDied(RuntimeError):
    """An image could not be drawn: the render workers died drawing it (or its answer broke)."""


class _Worker:
    """One drawing process and the bot's end of its pipe; it draws one job at a time."""

    def __init__(self, context) -> None:
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), daemon=True, name="render worker")
        self.process.start()
        theirs.close()  # the worker holds its end: end of file here means the worker is gone
        # the job it is drawing; until it says it is ready, the start-up stands in for one, so
        # that no job is written into a pipe nobody reads yet (a large one would block the bot)
        self.job: tuple[int, bytes, int] | None = (STARTING, b"", 0)  # (job id, pickled job, tries)


class RenderPool:
    """Draws PNGs for views, in worker processes when `workers` > 0.

    Each worker has its own pipe, which the event loop watches (`add_reader`): a job goes down
    it as one pickled message when the worker is free, the image comes back the same way and
    the next waiting job follows at once. Unlike `ProcessPoolExecutor`, this runs no feeder or
    manager thread in the bot's process, whose hand-offs (and their fight for the GIL) cost
    about a millisecond of the bot's CPU per move at 60 moves/s."""

    JOIN_AFTER = 4  # images waiting per worker already drawing before one more worker joins in (`_hand_out`)
    BACKLOG = 48  # images waiting per worker beyond which a click's answer is deferred (`backlogged`)

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self.drawn = DrawnImages()
        self.waiting = 0  # images handed to the workers and not back yet
        self.restarts = 0  # workers replaced after one died
        self._context = multiprocessing.get_context("spawn")  # no inherited event loop or sockets
        self._workers: list[_Worker] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: collections.deque[tuple[int, bytes, int]] = collections.deque()  # jobs no worker took yet
        self._futures: dict[int, asyncio.Future] = {}
        self._job_ids = itertools.count(1)
        self._figures: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()  # rulebook figures drawn

    async def draw(self, kind: str, slug: str, view: dict, names: list[str], locale: str = ENGLISH) -> bytes | None:
        """PNG bytes of the `kind` image ("public", "private", "detail" or "marked": the board
        with view["marks"] marked) of `view`, in `locale`; an image drawn before is reused while
        what its drawing read of the view is the same (`DrawnImages`)."""
        tried: dict[tuple, bytes] = {}
        png = self.drawn.find(kind, slug, view, names, locale, tried)
        if png is not None:
            return png
        if self.workers <= 0:
            png, read = draw_reading(kind, slug, view, names, locale)
        else:
            png, read = await self._in_worker(kind, slug, view, list(names), locale)
        self.drawn.keep(kind, slug, view, names, locale, png, read, tried)
        return png

    def has_figure(self, slug: str, name: str, locale: str = ENGLISH) -> bool:
        """Whether `figure` would answer at once (drawn before in this process)."""
        return (slug, name, locale) in self._figures

    async def figure(self, slug: str, name: str, locale: str = ENGLISH) -> bytes:
        """PNG bytes of figure `name` of the game's player's rulebook in `locale`, drawn once per
        process (in a worker: setting it up plays the game on) and then kept."""
        key = (slug, name, locale)
        png = self._figures.get(key)
        if png is None:
            if self.workers <= 0:
                png, _ = await asyncio.to_thread(draw_job, (FIGURE, slug, name, locale))
            else:
                png, _ = await self._in_worker(FIGURE, slug, name, locale)
            assert png is not None
            self._figures[key] = png
            while len(self._figures) > FIGURES_KEPT:
                self._figures.popitem(last=False)
        return png

    async def _in_worker(self, *job) -> tuple[bytes | None, tuple | None]:
        """`draw_reading(*job)` in a worker. A worker that dies (killed, out of memory) is
        replaced and the image it was drawing goes to the next free worker."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            try:
                self._start(loop)
            except NotImplementedError:  # a loop that cannot watch pipes (Windows' default one)
                log.warning("this event loop cannot watch render workers; images are drawn in the bot process")
                self._stop_workers()
                self.workers, self._loop = 0, None
                return draw_job(job)
        job_id = next(self._job_ids)
        payload = pickle.dumps((job_id, job), pickle.HIGHEST_PROTOCOL)
        future = self._futures[job_id] = loop.create_future()
        self._queue.append((job_id, payload, 1))
        self.waiting += 1
        try:
            self._hand_out()
            return await future
        finally:
            self.waiting -= 1
            self._futures.pop(job_id, None)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Workers watched by `loop` (the pool's first loop, or a new one after the old closed)."""
        self._stop_workers()
        self._loop = loop
        for _ in range(self.workers):
            self._add_worker()

    def _add_worker(self) -> None:
        worker = _Worker(self._context)
        assert self._loop is not None  # workers start with the loop that watches them
        try:
            self._loop.add_reader(worker.connection.fileno(), self._answered, worker)
        except BaseException:
            worker.connection.close()
            worker.process.kill()
            worker.process.join()
            raise
        self._workers.append(worker)

    def _hand_out(self) -> None:
        """Give waiting jobs to free workers: the first takes every job it can, and each further
        worker only joins in while more than `JOIN_AFTER` jobs per worker before it are waiting.
        An image costs a fifth to a third more CPU in a worker that draws only now and then (its
        caches gone cold) than in one kept busy: at 30 moves/s the workers took 3.6-3.7 ms per move
        when every free worker took jobs, 2.7-3.2 ms like this (`bench --load`, bench/README.md
        figure 7, stop 49). The wait it adds is a few images of 2-3 ms each; past capacity the
        queue is longer than that at once and every worker draws."""
        while self._queue:
            waiting = len(self._queue)
            free = next((w for n, w in enumerate(self._workers) if w.job is None and waiting > n * self.JOIN_AFTER),
                        None)
            if free is None:
                return
            job = self._queue.popleft()
            if job[0] not in self._futures:  # its caller was cancelled meanwhile
                continue
            free.job = job
            try:
                free.connection.send_bytes(job[1])  # a free worker waits in recv: this never stalls
            except OSError:
                self._replace(free)

    def _answered(self, worker: _Worker) -> None:
        """The worker's pipe is readable: its image (or error), or its end (it died)."""
        try:
            job_id, ok, result = pickle.loads(worker.connection.recv_bytes())
        except (EOFError, OSError):
            self._replace(worker)
        except Exception as error:  # noqa: BLE001 - an answer that does not decode fails its image
            log.exception("a render worker's answer did not decode; starting a new one")
            if worker.job is not None:
                self._fail(worker.job[0], RenderWorkerDied(f"the image's answer did not decode: {error!r}"))
                worker.job = None
            self._replace(worker)
        else:
            worker.job = None
            future = self._futures.get(job_id)
            if future is not None and not future.done():
                if ok:
                    future.set_result(result)
                else:
                    future.set_exception(result)
        self._hand_out()

    def _fail(self, job_id: int, error: Exception) -> None:
        future = self._futures.get(job_id)
        if future is not None and not future.done():
            future.set_exception(error)

    def _replace(self, dead: _Worker) -> None:
        """A new worker for `dead`. The job it was drawing goes first to the next free worker;
        a job that a worker already died on fails instead (it may be what kills them)."""
        if dead not in self._workers:
            return
        log.warning("a render worker died; starting a new one")
        self._workers.remove(dead)
        if dead.job is not None and dead.job[0] != STARTING:
            job_id, payload, tries = dead.job
            if tries < JOB_TRIES:
                self._queue.appendleft((job_id, payload, tries + 1))
            else:
                self._fail(job_id, RenderWorkerDied("render workers died drawing this image"))
        self._retire(dead)
        self.restarts += 1
        self._add_worker()

    def _retire(self, worker: _Worker) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(worker.connection.fileno())
        worker.connection.close()  # a live worker reads the end of file and exits
        worker.process.join(WORKER_EXIT_S)
        if worker.process.is_alive():
            worker.process.kill()
            worker.process.join()

    def _stop_workers(self) -> None:
        workers, self._workers = self._workers, []
        for worker in workers:
            self._retire(worker)

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for CPU accounting and tests)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def backlogged(self) -> bool:
        """Whether a new image would wait behind a long queue (a second or more at a few
        milliseconds an image): a click's answer is then deferred rather than drawn first."""
        return self.waiting >= self.BACKLOG * max(self.workers, 1)

    def close(self) -> None:
        """Stop the workers; images still waiting fail (the bot is closing)."""
        self._stop_workers()
        self._queue.clear()
        for future in self._futures.values():
            if not future.done() and not future.get_loop().is_closed():
                future.cancel()
        self._loop = None

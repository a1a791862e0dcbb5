"""The render pool reuses an image only when drawing again would give the same one: the view's
entries its drawing read are the same, for the same kind, title, language, names and seat."""

from __future__ import annotations

import asyncio
import os
import random
import signal

import pytest

import games
import renderers
from bot.platform import render_pool
from bot.platform.render_pool import RenderPool, RenderWorkerDied, draw_image
from renderers import reads
from renderers.figures import figure_png

NAMES = ["Ann", "Bob", "Cid"]


@pytest.fixture
def drawings(monkeypatch) -> list[tuple[str, object]]:
    """Every image the pool really drew, as (kind, viewer)."""
    found: list[tuple[str, object]] = []

    def counted(kind, slug, view, names, locale="en"):
        found.append((kind, view.get("viewer")))
        return draw_image(kind, slug, view, names, locale)

    monkeypatch.setattr(render_pool, "draw_image", counted)
    return found


def played(slug: str, moves: int, seed: int = 3) -> list:
    """States of a seeded bot game, one per move."""
    rules = games.get(slug)
    state = rules.setup(3, seed, None)
    states = [state]
    for _ in range(moves):
        pending = rules.pending(state)
        if not pending:
            break
        seat = random.Random(len(states)).choice(pending).seat
        state = rules.apply(state, seat, rules.bot_choice(state, seat))
        states.append(state)
    return states


async def test_an_entry_the_drawing_did_not_read_changes_nothing_and_one_it_read_redraws(drawings):
    rules = games.get("pocket-mars")
    view = rules.view(rules.setup(3, 1, None), 0)
    pool = RenderPool(0)
    first = await pool.draw("private", "pocket-mars", view, NAMES)
    renderers.render_private("pocket-mars", view, NAMES)
    assert "seq" not in renderers.read_keys()  # the hand does not show the move counter
    again = await pool.draw("private", "pocket-mars", view | {"seq": 99}, NAMES)
    assert again == first and len(drawings) == 1
    changed = view | {"hand": view["hand"][1:]}
    redrawn = await pool.draw("private", "pocket-mars", changed, NAMES)
    assert len(drawings) == 2 and redrawn == draw_image("private", "pocket-mars", changed, NAMES)


async def test_never_reused_for_another_seat_language_names_or_kind(drawings):
    rules = games.get("pocket-mars")
    state = rules.setup(3, 1, None)
    pool = RenderPool(0)
    mine = rules.view(state, 0)
    await pool.draw("private", "pocket-mars", mine, NAMES)
    # seat 1's view with seat 0's hand in it still draws anew: images are kept per viewing seat
    await pool.draw("private", "pocket-mars", mine | {"viewer": 1}, NAMES)
    await pool.draw("private", "pocket-mars", mine, NAMES, locale="zh-TW")
    await pool.draw("private", "pocket-mars", mine, ["Ann", "Bob", "Dee"])
    await pool.draw("public", "pocket-mars", mine, NAMES)
    assert len(drawings) == 5
    theirs = rules.view(state, 1)
    assert await pool.draw("private", "pocket-mars", theirs, NAMES) == draw_image("private", "pocket-mars", theirs,
                                                                                   NAMES)
    assert drawings[-1] == ("private", 1)


async def test_a_drawing_that_reads_the_whole_view_is_reused_only_for_the_same_view(drawings, monkeypatch):
    def whole(view, names):
        assert sorted(view)  # iterating: reads everything
        return renderers.common.canvas(10, 10)[0]

    monkeypatch.setattr(renderers._module("pocket-mars"), "public", whole)
    pool = RenderPool(0)
    view = {"viewer": None, "seq": 1, "score": [1, 2]}
    await pool.draw("public", "pocket-mars", view, NAMES)
    await pool.draw("public", "pocket-mars", dict(view), NAMES)
    assert len(drawings) == 1
    await pool.draw("public", "pocket-mars", view | {"seq": 2}, NAMES)
    assert len(drawings) == 2


async def test_unknown_reads_are_never_kept(drawings, monkeypatch):
    """A drawing not made through renderers' own entry points (a wrapped one) is not kept."""
    monkeypatch.setattr(renderers, "render_public", lambda slug, view, names, locale="en": b"png")
    pool = RenderPool(0)
    for _ in range(2):
        assert await pool.draw("public", "pocket-mars", {"viewer": None}, NAMES) == b"png"
    assert len(drawings) == 2


@pytest.mark.parametrize("slug", games.SHIPPED)
async def test_every_image_served_is_the_one_drawing_would_give(slug, drawings):
    """Through a played game, each public and private image the pool returns (kept or drawn)
    is byte for byte what drawing that very view gives."""
    rules = games.get(slug)
    pool = RenderPool(0)
    asked = 0
    for state in played(slug, 24)[::2]:
        for kind, seat in (("public", None), ("private", 0), ("private", 1)):
            view = rules.view(state, seat)
            assert await pool.draw(kind, slug, view, NAMES) == draw_image(kind, slug, view, NAMES), (kind, seat)
            asked += 1
    assert len(drawings) <= asked


async def test_a_hand_is_reused_while_only_other_seats_entries_change(drawings):
    """The private image reads the viewer's own entry of a per-seat list: another seat's
    entry changing keeps it, the viewer's own redraws it."""
    rules = games.get("pocket-mars")
    view = rules.view(rules.setup(3, 1, None), 0)
    pool = RenderPool(0)
    first = await pool.draw("private", "pocket-mars", view, NAMES)
    others = [dict(c) for c in view["colonies"]]
    others[1]["energy"] += 5
    assert await pool.draw("private", "pocket-mars", view | {"colonies": others}, NAMES) == first
    assert len(drawings) == 1
    mine = [dict(c) for c in view["colonies"]]
    mine[0]["energy"] += 5
    changed = view | {"colonies": mine}
    assert await pool.draw("private", "pocket-mars", changed, NAMES) == draw_image("private", "pocket-mars", changed,
                                                                                    NAMES)
    assert len(drawings) == 2


def _read(draw, data: dict) -> dict:
    view = reads.ReadDict(data)
    draw(view)
    return dict(view.reads.paths())


def test_reads_are_noted_by_path_and_anything_else_reads_the_value_whole():
    data = {"a": [{"x": 1, "y": 2}, {"x": 3}], "b": {"c": 1}, "n": 5}
    assert _read(lambda v: v["a"][1]["x"], data) == {("a",): reads.SHAPE, ("a", 1): reads.SHAPE,
                                                     ("a", 1, "x"): reads.VALUE}
    assert _read(lambda v: len(v["a"]), data) == {("a",): reads.SIZE}
    assert _read(lambda v: v.get("zz"), data) == {("zz",): reads.SHAPE}
    for whole in (lambda v: list(v["a"]), lambda v: v["a"][-1], lambda v: v["a"][0:1], lambda v: [0] + v["a"],
                  lambda v: v["a"] + [0], lambda v: sorted(v["b"]), lambda v: dict(v["b"]), lambda v: f"{v['b']}",
                  lambda v: {"x": 1} in v["a"], lambda v: v["a"] == [], lambda v: v["b"].items()):
        found = _read(whole, data)
        assert reads.VALUE in found.values() and all(len(p) <= 1 for p in found), found
    assert _read(lambda v: (v["a"][0]["x"], list(v["a"])), data) == {("a",): reads.VALUE}
    assert _read(lambda v: v, data) == {}


def test_parts_tell_apart_what_a_read_saw():
    paths = (("a", 1, "x"), reads.VALUE), (("a",), reads.SIZE), (("q",), reads.SHAPE)
    base = {"a": [{"x": 1}, {"x": 2}]}
    assert reads.part(base, paths) == reads.part({"a": [{"x": 9}, {"x": 2}], "z": 1}, paths)
    for other in ({"a": [{"x": 1}, {"x": 2.0}]}, {"a": [{"x": 1}, {"x": 2}, {}]}, {"a": [{"x": 1}]},
                  {"a": [{"x": 1}, {"x": 2}], "q": None}, {"a": {"1": {"x": 2}}}):
        assert reads.part(other, paths) != reads.part(base, paths), other
    assert reads.seat_entry(reads.ReadDict({"p": [{"seat": 1}, {"seat": 0}]})["p"], 0) == {"seat": 0}


async def test_a_render_worker_that_dies_is_replaced_and_the_image_still_drawn():
    """A killed render worker breaks its process pool: the pool is replaced and every image
    waiting on it is drawn in the new one, so boards keep coming without a restart."""
    rules = games.REGISTRY["pocket-mars"]
    state = rules.setup(3, 5, {})
    pool = RenderPool(1)
    try:
        first = await pool.draw("public", "pocket-mars", rules.view(state, None), NAMES)
        for pid in pool.worker_pids():  # the test kills a worker on purpose
            os.kill(pid, signal.SIGKILL)
        state = rules.apply(state, 0, rules.bot_choice(state, 0))
        again = await pool.draw("public", "pocket-mars", rules.view(state, None), NAMES)
        assert pool.restarts == 1 and again and again != first
        assert again == draw_image("public", "pocket-mars", rules.view(state, None), NAMES)
    finally:
        pool.close()


class _Pipe:
    """The bot's end of a worker's pipe, keeping what was sent down it."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send_bytes(self, payload: bytes) -> None:
        self.sent.append(payload)


class _Drawer:
    """A render worker as `RenderPool._hand_out` sees it: its pipe and the job it draws."""

    def __init__(self) -> None:
        self.connection = _Pipe()
        self.job: tuple | None = None


async def test_the_first_worker_draws_what_it_can_and_the_next_joins_in_behind_a_queue():
    """Images go to the first worker while it keeps up (an image costs more CPU in a worker that
    draws now and then); a second one joins in only while more than `JOIN_AFTER` images wait."""
    pool = RenderPool(2)
    first, second = _Drawer(), _Drawer()
    pool._workers = [first, second]  # type: ignore[list-item]

    def queue(job_id: int) -> None:
        pool._futures[job_id] = asyncio.get_running_loop().create_future()
        pool._queue.append((job_id, f"job {job_id}".encode(), 1))
        pool._hand_out()

    queue(1)
    assert first.connection.sent == [b"job 1"] and not second.connection.sent
    for job_id in range(2, 2 + RenderPool.JOIN_AFTER):  # they wait for the first worker
        queue(job_id)
    assert len(pool._queue) == RenderPool.JOIN_AFTER and not second.connection.sent
    queue(99)  # one more than JOIN_AFTER waiting: the second joins in, with the oldest
    assert second.connection.sent == [b"job 2"] and len(pool._queue) == RenderPool.JOIN_AFTER
    first.job = None  # the first finished its image
    pool._hand_out()
    assert first.connection.sent == [b"job 1", b"job 3"]
    second.job = None  # now only JOIN_AFTER - 1 wait: the second stays free
    pool._hand_out()
    assert second.connection.sent == [b"job 2"] and len(pool._queue) == RenderPool.JOIN_AFTER - 1


class _EndsTheProcess:
    """A view entry whose unpickling ends the process that reads it: a worker drawing it dies."""

    def __reduce__(self):
        return os._exit, (1,)


async def test_an_image_its_workers_die_on_fails_after_two_and_the_pool_draws_on():
    """An image whose drawing kills the worker is drawn at most twice (it may be what kills
    them), then fails with a clear error; the pool has new workers and draws the next image."""
    rules = games.REGISTRY["pocket-mars"]
    state = rules.setup(3, 5, {})
    pool = RenderPool(1)
    try:
        with pytest.raises(RenderWorkerDied):
            await pool.draw("public", "pocket-mars", {"poison": _EndsTheProcess()}, NAMES)
        assert pool.restarts == 2
        drawn = await pool.draw("public", "pocket-mars", rules.view(state, None), NAMES)
        assert drawn == draw_image("public", "pocket-mars", rules.view(state, None), NAMES)
    finally:
        pool.close()


async def test_a_loop_that_cannot_watch_pipes_gets_its_images_drawn_in_the_bot_process(monkeypatch):
    """An event loop without `add_reader` (Windows' default one) cannot hear the workers: the
    pool says so once and draws in the bot's process instead of failing every image."""
    rules = games.REGISTRY["pocket-mars"]
    view = rules.view(rules.setup(3, 5, {}), None)
    loop = asyncio.get_running_loop()

    def cannot(*args):
        raise NotImplementedError

    monkeypatch.setattr(loop, "add_reader", cannot)
    pool = RenderPool(2)
    try:
        assert await pool.draw("public", "pocket-mars", view, NAMES) == draw_image("public", "pocket-mars", view, NAMES)
        assert pool.workers == 0 and pool.worker_pids() == []
    finally:
        pool.close()


async def test_a_rulebook_figure_is_drawn_in_a_worker_once_and_kept():
    """A /rules page's picture is drawn in a render worker (setting it up plays the game on,
    which must not hold up the bot's event loop) the first time, then kept per language."""
    rules = games.REGISTRY["pocket-mars"]
    name = next(iter(rules.figures()))
    pool = RenderPool(1)
    try:
        assert not pool.has_figure("pocket-mars", name, "en")
        png = await pool.figure("pocket-mars", name, "en")
        assert png == figure_png(rules, name, "en") and pool.has_figure("pocket-mars", name, "en")
        for pid in pool.worker_pids():  # kept: no worker needed to show it again
            os.kill(pid, signal.SIGKILL)
        assert await pool.figure("pocket-mars", name, "en") == png
        assert not pool.has_figure("pocket-mars", name, "zh-TW")
    finally:
        pool.close()

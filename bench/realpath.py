"""Figure 7 through the real path: the real GameHostBot, real discord.py, SimCord as Discord.

Tables are opened as people open them (`/game new`, Join, Add bot, Start). Then, at rising
offered rates, moves arrive as a Poisson process; each picks a table with no move in flight
and a person with a decision, who:

  1. opens their panel with **Take turn** on the turn message, unless the panel they have
     open already shows their current decision (the bot refreshes it after each move);
  2. thinks (a random listed option for a single pick; the game's own bot, `baseline_choice`, in a
     separate process so the bench does not eat the bot's core, for several picks), then
     clicks the button or picks from the menu (pages and Confirm for long lists):
     **click-to-board** runs from that last click until the table's channel shows the move
     (the turn message edited, or a new one posted).

Voidfall co-op tables with one person and two bot seats (`bot_tables`) measure how bots
thinking slows the other tables (see `run`).

Every request takes a simulated round trip and the ones outside the interaction endpoints
obey Discord's global limit with 429s (`bench/simdiscord.py`). A step reports moves/s
achieved, click-to-board and Take-turn-to-panel p50/p99, the main process's CPU per move
(and the part SimCord's backend, i.e. Discord's side, took of it), the CPU of the render and
bot-thinking workers, requests per move (interaction / other) and the 429s.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import logging
import multiprocessing
import os
import random
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from . import common  # noqa: F401  (sets sys.path)
from .common import RateStep, loadavg, percentile, processes_cpu
from .compat import BOT_THINKER, Settings, create_bot, panels
from .simdiscord import ACK_LIMIT, ClickError, Clicker, SimulatedDiscord

import games

RTT = 0.060          # seconds per simulated Discord HTTP round trip
GLOBAL_LIMIT = 50    # requests a second outside the interaction endpoints (Discord's global limit)
ON_TIME = 1.0        # a move counts as achieved when its board showed it within this long after the step
WAIT_S = 10.0        # longest wait for a panel or a board before the move counts as failed
DRAIN_S = 120.0      # longest wait after a step for the bot to finish what the step started
SATURATED = 0.5      # a sweep stops after a step that achieved less than this share of its offered rate
COOP_BOTS = "mode=coop difficulty=medium"
BOT_LEVEL = "hard"   # the bots rows' bot seats (issue 37 item 4: other tables' p99 while *hard* bots think)
PAST_OPENING = 25    # moves into a bot table's game before its bots' turns count (the opening's picks are quick)
RATES = "offered rate"  # labels of the steps
NO_BOTS = "without bots"
BOTS_WORKER = "with bot seats thinking (Voidfall co-op bots), in the worker process"
BOTS_THREAD = "with bot seats thinking (Voidfall co-op bots), on a thread in the bot process (before)"
NO_LIMIT = "no global limit (what the CPU allows)"


@dataclass
class Table:
    channel: Any                     # SimCord ChannelHandle
    members: dict[int, Any]          # user id -> MemberActor
    bots: bool = False               # a Voidfall co-op table with bot seats
    panels: dict[int, int] = field(default_factory=dict)  # user id -> their open panel's message id
    busy: bool = False
    done: bool = False
    primed: object = None            # a bot table's next move, the one after which its bot seats play


@dataclass
class RealStep(RateStep):
    label: str
    rate: float
    seconds: float
    arrivals: int = 0
    no_table: int = 0
    failed: int = 0
    done_by_end: int = 0
    latencies: list[float] = field(default_factory=list)   # last click -> board shows the move
    panel_latencies: list[float] = field(default_factory=list)  # Take turn -> panel
    take_turns: int = 0
    errors: list[str] = field(default_factory=list)  # why moves failed (the first few are printed)
    main_cpu_s: float = 0.0
    discord_cpu_s: float = 0.0     # SimCord's backend and payloads: Discord's side, inside this process
    people_cpu_s: float = 0.0      # the simulated people's own work in this process
    loop_lag: list[float] = field(default_factory=list)  # how late a 10 ms sleep of the event loop woke
    undrained: bool = False        # the bot was still busy DRAIN_S after the step
    worker_cpu_s: float = 0.0      # render workers
    thinker_cpu_s: float = 0.0     # bot-thinking workers
    bot_decisions: int = 0         # bot seats' decisions during the step
    bot_in_process: int = 0        # of them thought about in the bot process
    interaction_requests: int = 0
    other_requests: int = 0
    rate_limited: int = 0
    acks: list[float] = field(default_factory=list)  # the people's clicks: click -> its first answer reaches Discord
    unanswered: int = 0            # the people's clicks never answered

    @property
    def late_acks(self) -> int:
        """Clicks answered after Discord's 3 seconds (the player sees "This interaction failed")."""
        return sum(1 for a in self.acks if a > ACK_LIMIT) + self.unanswered

    @property
    def moves(self) -> int:
        return max(len(self.latencies), 1)

    def p(self, q: float, values: list[float] | None = None) -> float:
        return percentile(self.latencies if values is None else values, q)

    def ok(self) -> bool:
        return self.arrivals > 0 and self.achieved >= 0.95 * self.offered and self.p(99) < 1.0

    @property
    def bot_cpu_ms(self) -> float:
        """Main-process CPU per move without SimCord's backend and the simulated people: the bot's."""
        return 1000 * (self.main_cpu_s - self.discord_cpu_s - self.people_cpu_s) / self.moves


def _person_choice(slug: str, dumped: dict, seat: int):
    """A simulated person's choice (runs in the people's process)."""
    rules = games.REGISTRY[slug]
    # a checkout from before bot levels (a paired run's baseline) names the same bot `bot_choice`
    choose = getattr(rules, "baseline_choice", None) or rules.bot_choice
    return choose(rules.load(dumped), seat)


class People:
    """The simulated players of every table, driving the bot through SimCord."""

    def __init__(self, env, discord: SimulatedDiscord, seed: int = 7) -> None:
        self.env = env
        self.bot = env.bot
        self.discord = discord
        self.clicker = Clicker(env, discord)
        self.rnd = random.Random(seed)
        self.tables: list[Table] = []
        context = multiprocessing.get_context("spawn")
        self.thinking = ProcessPoolExecutor(1, mp_context=context)
        self.tasks: set[asyncio.Task] = set()
        self.own_cpu_s = 0.0  # the simulated people's own CPU in this process (not the bot's)

    @contextlib.contextmanager
    def _own(self):
        started = time.thread_time()
        try:
            yield
        finally:
            self.own_cpu_s += time.thread_time() - started

    # -- tables -------------------------------------------------------------------
    async def open_tables(self, count: int, bot_tables: int = 0) -> None:
        guild = self.env.create_guild()
        for n in range(count + bot_tables):
            bots = n >= count
            slug = "voidfall" if bots else common.SLUGS[n % len(common.SLUGS)]
            channel = guild.create_text_channel(f"table-{n}")
            people = [guild.add_member(self.env.create_user(f"p{n}-{i}")) for i in range(1 if bots else 3)]
            options = {"options": COOP_BOTS} if bots else {}
            lobby = (await people[0].slash(channel, "game new", game=slug, **options)).response
            for member in people[1:]:
                await member.click(lobby, label="Join")
            for _ in range(2 if bots else 0):
                await people[0].click(lobby, label="Add bot")
            await people[0].click(lobby, label="Start")
            self.tables.append(Table(channel, {m.id: m for m in people}, bots))
        self.env.backend.transcript.clear()
        self.env.backend.http_requests.clear()

    async def _pick_table(self, bot_tables: bool = False, only: Table | None = None
                          ) -> tuple[Table, Any, int] | None:  # (table, its LiveGame, a seat)
        candidates = [only] if only else [t for t in self.tables
                                          if t.bots == bot_tables and not t.busy and not t.done]
        for _ in range(20):
            if not candidates:
                return None
            table = self.rnd.choice(candidates)
            game = await self.bot.sessions.in_channel(table.channel.id)  # the person's eyes on the board
            with self._own():
                if game is None or game.row.status != "active":
                    table.done = True
                    candidates.remove(table)
                    continue
                people = [d.seat for d in game.pending()  # the state's decisions, worked out once per state
                          if game.seats[d.seat].user_id in table.members]
            if people:
                return table, game, self.rnd.choice(people)
        return None

    # -- one move ------------------------------------------------------------------
    def _panel_is_current(self, table: Table, user: int, game, seat: int, message_id: int | None = None) -> int | None:
        """The message id of the user's panel if it shows their current decision."""
        with self._own():
            return self._current_panel(table, user, game, seat, message_id)

    def _current_panel(self, table: Table, user: int, game, seat: int, message_id: int | None) -> int | None:
        message_id = message_id or table.panels.get(user)
        if message_id is None:
            return None
        try:
            stored = self.clicker.message(table.channel.id, message_id)
        except Exception:  # noqa: BLE001 - gone: open a new one
            return None
        marker = f":{game.id}:{game.stamp(seat)}:"
        ids = [c.get("custom_id", "") for c in self.clicker.components(stored)]
        return message_id if any(marker in i and i.startswith(("gh:pick:", "gh:sel:", "gh:done:")) for i in ids) \
            else None

    async def _take_turn(self, table: Table, member, game, seat: int, step: RealStep) -> int:
        started = time.perf_counter()
        record = self.clicker.click(member, table.channel.id, game.row.turn_message_id, label="Take turn")
        deadline = started + WAIT_S
        while time.perf_counter() < deadline:
            waiter = self.discord.webhook_called(record.token)
            result = self.clicker.result(record)
            panel = result.followups[-1] if result.followups else result.response  # as tests/discord/driver
            if panel is not None and self._panel_is_current(table, member.id, game, seat, panel.id):
                step.panel_latencies.append(time.perf_counter() - started)
                step.take_turns += 1
                table.panels[member.id] = panel.id
                return panel.id
            await asyncio.wait_for(waiter, deadline - time.perf_counter())
        raise TimeoutError("no panel")

    async def _submit(self, table: Table, member, panel: int, game, seat: int, choice):
        """The clicks that submit `choice` from the panel; returns the last click's record."""
        with self._own():
            decision = panels.with_names(game.decision_for(seat), game.names())
            if panels.board_marks(decision, game.rules.places(game.state, decision)):
                decision = panels.numbered(decision)  # as the panel lays it out beside a marked board
            items = panels.entries(decision)
            values = [e.value for e in items]
            kind = panels.layout(decision)
        gid, ver, cid = game.id, game.stamp(seat), table.channel.id
        if kind in ("buttons", "grid", "sections"):
            return self.clicker.click(member, cid, panel, custom_id=f"gh:pick:{gid}:{ver}:{values.index(choice)}")
        wanted = [choice] if panels.single_pick(decision) else list(choice)
        indexes = [values.index(v) for v in wanted]
        if kind == "select":
            if not indexes:
                return self.clicker.click(member, cid, panel, custom_id=f"gh:done:{gid}:{ver}")
            return self.clicker.select(member, cid, panel, f"gh:sel:{gid}:{ver}:0", [str(i) for i in indexes])
        layout = panels.pages(decision)  # the panel's own pages (fewer options when long texts fill one)
        page_of = {i: next(p for p, shown in enumerate(layout) if i in shown) for i in indexes}
        pages = sorted(set(page_of.values())) or [0]
        for page in pages:
            if page:
                await self._answered(self.clicker.click(member, cid, panel, custom_id=f"gh:page:{gid}:{ver}:{page}"))
            chosen = [str(i) for i in indexes if page_of[i] == page]
            record = self.clicker.select(member, cid, panel, f"gh:sel:{gid}:{ver}:{page}", chosen)
            if panels.single_pick(decision):
                return record
            await self._answered(record)
        return self.clicker.click(member, cid, panel, custom_id=f"gh:done:{gid}:{ver}")

    async def _answered(self, record) -> None:
        deadline = time.perf_counter() + WAIT_S
        while not record.responded and time.perf_counter() < deadline:
            await asyncio.wait_for(self.discord.webhook_called(record.token), deadline - time.perf_counter())

    async def _choice(self, game, seat: int):
        rules = game.rules
        with self._own():
            decision = game.decision_for(seat)
            if panels.single_pick(decision):  # any listed option is legal: a quick person
                return self.rnd.choice(panels.entries(decision)).value
            dumped = rules.dump(game.state)
        return await asyncio.get_running_loop().run_in_executor(self.thinking, _person_choice, game.row.slug,
                                                                dumped, seat)

    async def set_bot_levels(self, level: str) -> None:
        """Each bot table's host sets its bot seats to `level` as a host does, with
        `/game seat bot seat:N level:` (stored with the seat; priming ran at the table's level,
        so only the measured rows pay for the level's searches)."""
        for table in (t for t in self.tables if t.bots):
            game = await self.env.bot.sessions.in_channel(table.channel.id)
            host = table.members[game.row.creator_id]
            for seat in (s for s in game.seats if s.is_bot):
                await host.slash(table.channel, "game seat bot", seat=seat.seat + 1, level=level)
            assert all(s.bot_level == level for s in game.seats if s.is_bot), [s.bot_level for s in game.seats]

    async def prime_bot_tables(self, most: int = 300) -> None:
        """Play each bot table's person, past the opening, up to the move after which the bot
        seats take their turns (and keep that move for the measured step)."""
        for table in (t for t in self.tables if t.bots):
            for _ in range(most):
                picked = await self._pick_table(True, only=table)
                if picked is None:  # its bot seats may still be playing (slow on a loaded machine)
                    await self.env.settle(timeout=DRAIN_S)
                    picked = await self._pick_table(True, only=table)
                if picked is None:
                    break
                _, game, seat = picked
                choice = await self._choice(game, seat)
                after = game.rules.apply(game.state, seat, choice)
                if game.version >= PAST_OPENING and any(game.seats[d.seat].is_bot for d in game.rules.pending(after)):
                    table.primed = choice
                    break
                table.primed = choice
                await self.move(table, game, seat, RealStep("priming", 0, 1.0), time.perf_counter())

    async def move(self, table: Table, game, seat: int, step: RealStep, end: float) -> None:
        member = table.members[game.seats[seat].user_id]
        try:
            panel = self._panel_is_current(table, member.id, game, seat)
            if panel is None:
                panel = await self._take_turn(table, member, game, seat, step)
            choice, table.primed = (table.primed if table.primed is not None
                                    else await self._choice(game, seat)), None
            board = self.discord.board_changed(table.channel.id)
            clicked = time.perf_counter()
            await self._submit(table, member, panel, game, seat, choice)
            shown = await asyncio.wait_for(board, WAIT_S)
            step.latencies.append(shown - clicked)
            step.done_by_end += shown <= end + ON_TIME
        except (TimeoutError, ClickError, ValueError, KeyError) as error:
            step.failed += 1
            step.errors.append(f"{type(error).__name__}: {error}")
            table.panels.pop(member.id, None)
        finally:
            table.busy = False

    def _start(self, table, game, seat, step, end) -> None:
        table.busy = True
        task = asyncio.create_task(self.move(table, game, seat, step, end))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- a step at one rate -----------------------------------------------------------
    @staticmethod
    async def _lag_monitor(step: RealStep, until: float) -> None:
        while time.perf_counter() < until:
            started = time.perf_counter()
            await asyncio.sleep(0.01)
            step.loop_lag.append(time.perf_counter() - started - 0.01)

    async def _arrivals(self, rate: float, until: float, step: RealStep, rnd: random.Random) -> None:
        at = time.perf_counter() + rnd.expovariate(rate)
        while at < until:
            delay = at - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            picked = await self._pick_table()
            step.arrivals += 1
            step.no_table += picked is None
            if picked is not None:
                self._start(*picked, step, until)
            at += rnd.expovariate(rate)

    async def step(self, label: str, rate: float, seconds: float, seed: int, wake: tuple[Table, ...] = ()
                   ) -> RealStep:
        """Moves at `rate` for `seconds` on the tables without bots (measured); first, the people
        of the `wake` tables make their primed move, after which their bot seats play."""
        step = RealStep(label, rate, seconds)
        self.discord.take()
        payload0, own0 = self.clicker.payload_cpu_s, self.own_cpu_s
        render_pids = self.bot.renders.worker_pids()
        thinker_pids = BOT_THINKER.worker_pids()
        cpu0, render0, think0 = time.process_time(), processes_cpu(render_pids), processes_cpu(thinker_pids)
        decisions0, in_process0 = BOT_THINKER.decisions, BOT_THINKER.in_process
        until = time.perf_counter() + seconds
        for table in wake:
            picked = await self._pick_table(True, only=table)
            if picked is not None and table.primed is not None:
                self._start(*picked, RealStep("bot tables", 0, 1.0), until)
        monitor = asyncio.create_task(self._lag_monitor(step, until))
        await self._arrivals(rate, until, step, random.Random(seed))
        await monitor
        if self.tasks:
            await asyncio.wait(list(self.tasks), timeout=WAIT_S + 5)
        try:  # the bot finishes what the step started (notifications, bots' turns): its cost, and no backlog
            await self.env.settle(timeout=DRAIN_S)
        except TimeoutError:
            step.undrained = True
        step.main_cpu_s = time.process_time() - cpu0
        step.worker_cpu_s = processes_cpu(render_pids) - render0
        step.thinker_cpu_s = processes_cpu(BOT_THINKER.worker_pids()) - think0
        step.bot_decisions = BOT_THINKER.decisions - decisions0
        step.bot_in_process = BOT_THINKER.in_process - in_process0
        counters = self.discord.take()
        step.interaction_requests, step.other_requests = counters.interaction, counters.other
        step.rate_limited = counters.rate_limited
        step.acks, step.unanswered = counters.acks, self.discord.unanswered()
        step.discord_cpu_s = counters.backend_cpu_s + self.clicker.payload_cpu_s - payload0
        step.people_cpu_s = self.own_cpu_s - own0
        self.env.backend.transcript.clear()  # SimCord keeps every event; the bench does not need them
        self.env.backend.http_requests.clear()
        return step

    def close(self) -> None:
        self.thinking.shutdown(wait=True, cancel_futures=True)


async def _run(rates, seconds, tables, bot_tables, unlimited_rate, db: Path, workers: int,
               progress, bot_level: str = BOT_LEVEL, sweep: bool = True) -> list[RealStep]:
    logging.getLogger("discord").setLevel(logging.ERROR)
    bot = create_bot(Settings(token="bench", database=str(db), render_workers=workers), own_process=True)
    env = simcord.Env(bot, settle_timeout=120.0, check_errors=False)
    await env.start()
    people = None
    try:
        discord = SimulatedDiscord(env, 0.0, GLOBAL_LIMIT)
        people = People(env, discord)
        opened = time.perf_counter()
        await people.open_tables(tables, bot_tables)  # SimCord's actors, one after another, no latency
        await people.prime_bot_tables()
        await people.set_bot_levels(bot_level)
        discord.rtt = RTT
        print(f"   (opened {tables + bot_tables} tables in {time.perf_counter() - opened:.1f} s)", flush=True)
        await people.step("warm-up", min(rates), 1.5, seed=0)
        results = []
        for n, rate in enumerate(rates if sweep else (), start=1):
            result = await people.step(RATES, rate, seconds, seed=n)
            results.append(result)
            if progress:
                progress(result)
            if result.achieved < SATURATED * result.offered:
                break  # saturated: higher rates only pile up more work
        if unlimited_rate and sweep:  # what the CPU allows once requests are not the limit
            discord.limit = 10**9
            result = await people.step(NO_LIMIT, unlimited_rate, seconds, seed=77)
            results.append(result)
            discord.limit = GLOBAL_LIMIT
            if progress:
                progress(result)
        if bot_tables:  # other tables' clicks while bot seats think: none, on a thread, in the worker
            rate = min(rates)
            discord.limit = 10**9  # measure the CPU's effect, not the limit's
            bots = [t for t in people.tables if t.bots]
            half = max(len(bots) // 2, 1)
            # Each step drains the bot before it ends, so a row's bots finish their turns within it.
            for label, woken, processes in ((NO_BOTS, (), 1), (BOTS_THREAD, bots[half:], 0),
                                            (BOTS_WORKER, bots[:half], 1)):
                BOT_THINKER.processes = processes
                result = await people.step(label, rate, 2 * seconds, seed=99, wake=tuple(woken))
                results.append(result)
                if progress:
                    progress(result)
            BOT_THINKER.processes = 1
        return results
    finally:
        if people is not None:
            people.close()
        await env.shutdown()
        await bot.close()


def _ms(seconds: float) -> str:
    return "-" if math.isnan(seconds) else f"{seconds * 1000:.0f}"


def report_real_step(r: RealStep) -> None:
    moves = r.moves
    why = f" | failed {r.failed} ({'; '.join(sorted(set(r.errors))[:2])})" if r.failed else ""
    bots = (f" | {r.bot_decisions} bot decisions ({r.bot_in_process} in the bot process), bot-thinking worker CPU "
            f"{r.thinker_cpu_s:.2f} s" if r.bot_decisions else "")
    print(f"   {r.label}: {r.rate:g}/s offered {r.offered:6.1f}/s achieved {r.achieved:6.1f}/s  click-to-board "
          f"p50 {_ms(r.p(50))} ms p99 {_ms(r.p(99))} ms  {'ok' if r.ok() else 'NOT SUSTAINED'} | clicks answered "
          f"p50 {_ms(r.p(50, r.acks))} ms p99 {_ms(r.p(99, r.acks))} ms max {_ms(max(r.acks, default=float('nan')))} ms, "
          f"late (> 3 s or never) {r.late_acks} of {len(r.acks) + r.unanswered} | Take turn "
          f"{r.take_turns / moves:.2f}/move, to panel p50 {_ms(r.p(50, r.panel_latencies))} ms p99 "
          f"{_ms(r.p(99, r.panel_latencies))} ms | requests/move {r.interaction_requests / moves:.2f} interaction + "
          f"{r.other_requests / moves:.2f} other, 429s {r.rate_limited} | CPU/move main "
          f"{1000 * r.main_cpu_s / moves:.1f} ms = bot {r.bot_cpu_ms:.1f} + SimCord's backend "
          f"{1000 * r.discord_cpu_s / moves:.1f} + people {1000 * r.people_cpu_s / moves:.1f}; render workers "
          f"{1000 * r.worker_cpu_s / moves:.1f}{bots}{why}{f' | no free table {r.no_table}' if r.no_table else ''}"
          f" | loop lag p99 {_ms(percentile(r.loop_lag, 99))} ms"
          f"{' | the bot was still busy after the drain' if r.undrained else ''}"
          f" | load avg {loadavg()}", flush=True)




def run(rates: tuple[float, ...], seconds: float, tables: int, workers: int, bot_tables: int = 0,
        unlimited_rate: float = 0.0, progress=None, bot_level: str = BOT_LEVEL, sweep: bool = True
        ) -> list[RealStep]:
    """Drive the real bot at each offered rate (none without `sweep`); then, with `unlimited_rate`,
    one step without Discord's global limit; then, with `bot_tables` (Voidfall co-op, one person
    and two bot seats at `bot_level`), other tables' clicks at the lowest rate (twice as long, no
    global limit): without bots, then while half the bot tables' bot seats take their turns
    thinking on a thread in the bot process (as before), then while the other half's think in the
    worker process."""
    with tempfile.TemporaryDirectory(prefix="bench-realpath-") as tmp:
        return asyncio.run(_run(rates, seconds, tables, bot_tables, unlimited_rate,
                                Path(tmp) / "load.db", workers, progress, bot_level, sweep))


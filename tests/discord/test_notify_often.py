"""Issue 38 item 3: each player chooses how often they hear of their turns, set with
`/settings notify` and kept per person, over several days of play with the bot's clock advanced
hour by hour (`present_minutes = 0`, the reminders sweep run every hour).

Two games at once: Pocket Mars in one server (alice, bob, carol) and Tiny Duel in another (bob
and carol). Alice is told of every wait, bob at most every 6 hours, carol by one daily digest at
09:00 of her day (UTC+8, quiet 23-7). Each person moves only once they were told of their wait,
so a lost notification stalls a game. Checked: every notification tells of a wait that began
after that person's previous one (a reminder is the only repeat), bob's are 6 hours apart or
more, carol's are DMs at 09:00 her time, at most one a day, listing every game waiting on her in
both servers with links, and she is never pinged in a channel; a wait that ends before it is told
costs nothing; a restart neither repeats nor loses a notification put off."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import datetime, timezone

import pytest

from bot.platform.sessions import SessionError
from bot.shell.app import create_bot
from bot.platform.waits import waits_of
from tests.discord.driver import pinged, restart, start_table, take_turn
from tests.discord.notified import DM, MENTION, Inbox, is_result

HOUR = 3600.0
START = datetime(2026, 3, 2, 8, tzinfo=timezone.utc).timestamp()  # a Monday, 08:00 UTC (16:00 at UTC+8)


@pytest.fixture(autouse=True)
def seeded(monkeypatch):
    """The same deal every run."""
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(0))


def reply(result):
    return result.followups[-1] if result.followups else result.response


def acknowledge(env):
    """A refusal the test expects (SimCord records the errors a command raised)."""
    errors = env.errors
    assert errors and isinstance(getattr(errors[-1], "original", errors[-1]), SessionError)


def clock_at(env, start: float = START) -> list[float]:
    now = [start]
    env.bot.sessions.clock = lambda: now[0]
    env.bot.settings.present_minutes = 0  # everyone is away between moves
    return now


def waits_on(tables, user_id: int) -> list[float]:
    """When each of the person's open waits began, over every game."""
    found = []
    for game, _ in tables:
        if game.row.status == "active":
            found += [w.since for w in waits_of(game.meta, [s.user_id for s in game.seats]).values()
                      if w.user == user_id]
    return found


def told_of(tables, user_id: int) -> list[float]:
    """When each of the person's open waits began, for the waits they were told of."""
    found = []
    for game, _ in tables:
        if game.row.status == "active":
            found += [w.since for w in waits_of(game.meta, [s.user_id for s in game.seats]).values()
                      if w.user == user_id and w.told is not None and w.route != "table"]
    return found


class Days:
    """Hour-by-hour play of several games; every notification logged as (time, user, route, message)."""

    def __init__(self, env, tables, members, users, now, others=None):
        self.env, self.tables, self.now = env, tables, now
        self.by_id = {m.id: m for m in members}
        self.others = others or {}  # game id -> the members of its server, by user id
        self.inbox = Inbox(env, [channel.id for _, channel in tables], users)
        self.log: list[tuple[float, int, str, object]] = []
        self.last: dict[int, float] = {}
        self.breaches: list[str] = []
        self.reminders = env.bot.get_cog("RemindersCog")

    def collect(self, label: str) -> None:
        for user_id, items in self.inbox.take().items():
            for route, message in items:
                self.log.append((self.now[0], user_id, route, message))
            repeat = all(m.content.startswith("Reminder") for _, m in items)
            newest = max(waits_on(self.tables, user_id), default=None)
            if not repeat and (newest is None or newest <= self.last.get(user_id, float("-inf"))):
                self.breaches.append(f"{label}: user {user_id} told again of no new wait")
            if len(items) > 1:
                self.breaches.append(f"{label}: user {user_id} told {len(items)} times at once")
            self.last[user_id] = self.now[0]

    async def hour(self) -> None:
        """An hour passes: the sweep runs, then whoever was told of their wait makes a move."""
        self.now[0] += HOUR
        await self.reminders.check(now=self.now[0])
        self.collect(f"sweep at {self.now[0] - START:.0f}s")
        for game, channel in self.tables:
            for user_id in {game.seats[s].user_id for s in game.to_act()} if game.row.status == "active" else ():
                waits = [w for w in waits_of(game.meta, [s.user_id for s in game.seats]).values() if w.user == user_id]
                if waits and waits[0].since <= self.last.get(user_id, float("-inf")):
                    member = self.others.get(game.id, self.by_id)[user_id]
                    await take_turn(self.env.bot, channel, game, member)
                    self.collect(f"game {game.id} v{game.version}")

    def of(self, user_id: int) -> list[tuple[float, str, object]]:
        return [(t, route, m) for t, u, route, m in self.log if u == user_id]


async def two_servers(env, guild, channel, members, users):
    """Pocket Mars here (alice, bob, carol) and Tiny Duel in another server (bob, carol)."""
    alice, bob, carol = members
    other = env.create_guild()
    den = other.create_text_channel("den")
    bob2, carol2 = other.add_member(users[1]), other.add_member(users[2])
    mars = await start_table(env, channel, "pocket-mars", alice, [bob, carol])
    duel = await start_table(env, den, "tiny-duel", carol2, [bob2])
    return [(mars, channel), (duel, den)], den, {duel.id: {bob2.id: bob2, carol2.id: carol2}}


async def test_settings_notify_is_kept_per_person_and_explains_a_bad_value(world):
    env, guild, channel, (alice, bob, carol), users = world
    shown = reply(await carol.slash(channel, "settings notify", often="digest", time_zone="UTC+8",
                                    quiet_hours="23-7"))
    assert "daily digest at 7:00" in shown.content and "UTC+08:00" in shown.content and shown.ephemeral
    refused = reply(await carol.slash(channel, "settings notify", hour=2))  # in her quiet hours
    assert "quiet hours" in refused.content
    acknowledge(env)
    refused = reply(await bob.slash(channel, "settings notify", time_zone="Mars/Olympus"))
    assert "Asia/Taipei" in refused.content
    acknowledge(env)
    assert "UTC+08:00" in reply(await carol.slash(channel, "settings notify")).content  # nothing changed
    reply(await bob.slash(channel, "settings notify", often="interval", hours=6))
    await restart(env, env.bot.settings)
    assert "every 6 h" in reply(await bob.slash(channel, "settings notify")).content
    kept = await env.bot.storage.user_notify(carol.id)
    assert kept.settings["often"] == "digest" and kept.settings["quiet"] == [23, 7]
    assert "for each wait" in reply(await alice.slash(channel, "settings notify")).content  # the default


async def test_every_wait_an_interval_and_a_daily_digest_over_four_days(world):
    env, guild, channel, members, users = world
    alice, bob, carol = members
    await bob.slash(channel, "settings notify", often="interval", hours=6)
    await carol.slash(channel, "settings notify", often="digest", hour=9, time_zone="UTC+8", quiet_hours="23-7")
    now = clock_at(env)
    tables, den, others = await two_servers(env, guild, channel, members, users)
    days = Days(env, tables, members, users, now, others)
    days.collect("the starts")
    for _ in range(4 * 24):
        await days.hour()
    print("\nfour days, notifications per day (mentions + DMs):", {
        name: f"{sum(1 for _, r, _ in days.of(m.id) if r == MENTION) / 4:.2f} + "
              f"{sum(1 for _, r, _ in days.of(m.id) if r == DM) / 4:.2f}"
        for name, m in (("alice (every wait)", alice), ("bob (6 h)", bob), ("carol (digest)", carol))},
          "moves:", [g.version for g, _ in tables])
    assert not days.breaches, days.breaches[:8]

    # alice: told of every wait at once, in the channel where she plays
    assert len(days.of(alice.id)) >= 4
    # bob: at most once in 6 hours, over both games and both routes, and never left untold
    bob_times = [t for t, _, _ in days.of(bob.id)]
    assert len(bob_times) >= 4 and all(b - a >= 6 * HOUR for a, b in zip(bob_times, bob_times[1:])), bob_times
    # carol: one DM a day at 09:00 her time (01:00 UTC), none in a channel, each listing every game
    # that waits on her, in both servers, with links
    got = days.of(carol.id)
    assert len(got) >= 3
    per_day = defaultdict(int)
    for moment, route, message in got:
        local = datetime.fromtimestamp(moment, timezone.utc)
        assert route == DM and (local.hour, local.minute) == (1, 0), (local, route, message.content)
        per_day[local.date()] += 1
    assert set(per_day.values()) == {1}
    first = got[0][2].content
    assert "Games waiting for you" in first and "Pocket Mars" in first and "Tiny Duel" in first
    assert f"/{channel.guild.id}/{channel.id}" in first and f"/{den.guild.id}/{den.id}" in first
    for _, ch in tables:
        pings = [m.content for m in ch.history() if carol.id in pinged(env, m)]
        assert all(is_result(text) for text in pings), pings  # (a game's end tells her by her route)
    assert all(g.version > 5 for g, _ in tables)  # both games moved on: nothing was lost


async def test_a_wait_that_ends_before_it_is_told_costs_nothing(world):
    env, guild, channel, members, users = world
    alice, bob, carol = members
    await bob.slash(channel, "settings notify", often="interval", hours=6)
    now = clock_at(env)
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    days = Days(env, [(game, channel)], members, users, now)
    days.collect("the start")
    while game.seats[game.to_act()[0]].user_id != bob.id:
        now[0] += 60
        await take_turn(env.bot, channel, game, alice)
        days.collect("alice")
    told = [t for t, _, _ in days.of(bob.id)]
    assert told  # his first wait: told at once
    while bob.id in {game.seats[s].user_id for s in game.to_act()}:
        now[0] += 60
        await take_turn(env.bot, channel, game, bob)
    days.collect("bob")
    # alice moves until bob is needed again, within his 6 hours: put off; then the seat goes to a bot
    while bob.id not in {game.seats[s].user_id for s in game.to_act()}:
        now[0] += 60
        await take_turn(env.bot, channel, game, alice)
    days.collect("alice again")
    assert [t for t, _, _ in days.of(bob.id)] == told
    assert waits_of(game.meta, [s.user_id for s in game.seats])[game.seat_of(bob.id)].due is not None
    seat = game.seat_of(bob.id)
    await alice.slash(channel, "game seat bot", seat=seat + 1)  # the host hands his seat to a bot player
    assert game.seats[seat].is_bot
    for _ in range(12):
        await days.hour()
    # the wait ended: no late notification
    assert [t for t, _, _ in days.of(bob.id)] == told, [(t - START, m.content) for t, _, m in days.of(bob.id)]


async def test_a_restart_neither_repeats_nor_loses_a_notification_put_off(world, settings):
    env, guild, channel, members, users = world
    alice, bob, carol = members
    await bob.slash(channel, "settings notify", often="interval", hours=6)
    now = clock_at(env)
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    days = Days(env, [(game, channel)], members, users, now)
    days.collect("the start")
    for _ in range(40):  # alice plays at once when told; bob waits out his interval
        if len(days.of(bob.id)) >= 1 and any(
                w.user == bob.id and w.due is not None
                for w in waits_of(game.meta, [s.user_id for s in game.seats]).values()):
            break
        await days.hour()
    put_off = [w for w in waits_of(game.meta, [s.user_id for s in game.seats]).values()
               if w.user == bob.id and w.due is not None]
    assert put_off, "bob's second wait was not put off"
    due = put_off[0].due
    before = len(days.of(bob.id))
    alice_before = len(days.of(alice.id))
    # a new process: nothing is told again at its start, and bob's notification comes when due
    await env.bot.storage.close()
    bot = create_bot(settings)
    bot.sessions.clock = lambda: now[0]  # the new process keeps the same (advanced) time from its start
    settings.present_minutes = 0
    await env.restart_bot(bot)
    days.reminders = bot.get_cog("RemindersCog")
    live = await bot.sessions.get(game.id)
    days.tables = [(live, channel)]
    await days.reminders.check(now=now[0])
    days.collect("after the restart")
    assert len(days.of(bob.id)) == before and len(days.of(alice.id)) == alice_before
    now[0] = due + 1
    await days.reminders.check(now=now[0])
    days.collect("when due")
    assert len(days.of(bob.id)) == before + 1
    await days.reminders.check(now=now[0] + 60)
    days.collect("a minute later")
    assert len(days.of(bob.id)) == before + 1 and not days.breaches, days.breaches
    route = days.of(bob.id)[-1][1]
    assert route == MENTION  # he plays in the channel: told there
    message = days.of(bob.id)[-1][2]
    assert bob.id in message.ping_user_ids and "Pocket Mars** has been waiting for you for" in message.content

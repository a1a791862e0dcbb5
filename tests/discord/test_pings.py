"""Issue 38 items 1-2 (after issue 21 item 5): a wait is one notification, by the player's own
route. Every title is played through the real UI by three people, two in the channel (Take
turn) and one only from her DMs (her DM panels), at two paces: away (`present_minutes = 0`, the
bot's clock three hours on between clicks, the reminders loop run after each) and at the table
(a click every 45 s). Channel mentions and DMs that notify are counted together per player.

The rule checked message by message: a player who becomes needed after not being needed is
told once, by one route (away: exactly once; at the table: not at all when they moved within
`present_minutes`), never again while they stay needed however many others move and however
many turn messages go out, and never when not needed. The DM player is named in the channel but
never pinged there; the channel players are not DMed once they play in the channel. The figures
(mentions and DMs per player per round, by route) are printed per title and pace.

By default each game is played through its first rounds (Voidfall: Cycle 1 and into Cycle 2,
where its chores are); `GAMEHOST_PING_GAMES=1` plays every game to the end, with three seeds."""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

import games
from tests.discord.driver import message_by_id, start_table, take_turn, take_turn_in_dms
from tests.discord.notified import DM, MENTION, Inbox

LONG = bool(os.environ.get("GAMEHOST_PING_GAMES"))
TITLES = list(games.SHIPPED)
PACES = {"away": (3 * 3600.0, 0), "at the table": (45.0, 10)}  # (seconds between clicks, present_minutes)
# Where the default (short) run stops: the first round key not played.
STOP_AT = {} if LONG else {"voidfall": (2, 2), "pocket-mars": (None, 4), "petrichor": (None, 3),
                           "impulse": (None, 3), "ares-expedition": (None, 3)}


def round_key(game) -> tuple:
    view = game.rules.view(game.state, None)
    return view.get("cycle"), view.get("round")


def humans_up(game) -> set[int]:
    if game.row.status != "active":
        return set()
    return {game.seats[s].user_id for s in game.to_act() if not game.seats[s].is_bot}


@dataclass
class Tally:
    """Notifications per (player, round), by route, and every breach of the rule."""

    mentions: Counter = field(default_factory=Counter)
    dms: Counter = field(default_factory=Counter)
    rounds: set = field(default_factory=set)
    waits: Counter = field(default_factory=Counter)
    breaches: list[str] = field(default_factory=list)

    def add(self, got: dict, key: tuple) -> None:
        for user_id, items in got.items():
            for route, _ in items:
                (self.mentions if route == MENTION else self.dms)[(user_id, key)] += 1

    def per_round(self, users: set[int]) -> tuple[float, float, int]:
        """(mentions, DMs) per player per round on average over `users`, and the most notifications
        (of both routes) one of them got in one round."""
        keys = [(u, r) for u in users for r in self.rounds]
        both = [self.mentions[k] + self.dms[k] for k in keys] or [0]
        count = max(len(keys), 1)
        return (sum(self.mentions[k] for k in keys) / count, sum(self.dms[k] for k in keys) / count, max(both))


async def play_counting(env, channel, slug, members, users, pace: str, dm_player, steps: int = 5000) -> Tally:
    """Play `slug` through the UI, `dm_player` (a member) from her DMs and the others in the
    channel; check every notification against the rule and count them."""
    gap, present = PACES[pace]
    now = [1_000_000.0]
    env.bot.sessions.clock = lambda: now[0]  # the bot's own clock: people click `gap` seconds apart
    env.bot.settings.present_minutes = present
    reminders = env.bot.get_cog("RemindersCog")
    inbox = Inbox(env, [channel.id], users)
    tally = Tally()
    game = await start_table(env, channel, slug, members[0], members[1:])
    by_id = {m.id: m for m in members}
    user_of = {u.id: u for u in users}
    moved: dict[int, float] = {}

    def check(got: dict, before: set[int], after: set[int], label: str) -> None:
        for user_id in by_id:
            items = got.get(user_id, [])
            routes = [route for route, _ in items]
            if user_id == dm_player.id and MENTION in routes:
                tally.breaches.append(f"{label}: the DM player was pinged in the channel")
            if user_id in before and user_id in after:
                if items:
                    tally.breaches.append(f"{label}: user {user_id} notified again while still needed ({routes})")
            elif user_id in after - before:
                tally.waits[user_id] += 1
                turn = message_by_id(channel, game.row.turn_message_id)
                if user_id == dm_player.id and f"<@{user_id}>" not in turn.content:
                    tally.breaches.append(f"{label}: the DM player, now needed, is not named in the channel")
                away = now[0] - moved.get(user_id, float("-inf")) >= present * 60
                if len(items) > 1:
                    tally.breaches.append(f"{label}: a wait of user {user_id} notified {len(items)} times ({routes})")
                elif away and not items:
                    tally.breaches.append(f"{label}: a wait of user {user_id} was not notified")
                elif not away and items:
                    tally.breaches.append(f"{label}: user {user_id} at the table was notified ({routes})")
            if user_id != dm_player.id and user_id in moved and DM in routes:
                tally.breaches.append(f"{label}: user {user_id}, who plays in the channel, was DMed")
            if user_id not in after and items:
                tally.breaches.append(f"{label}: user {user_id} notified while not needed ({routes})")

    key = round_key(game)
    tally.rounds.add(key)
    first = inbox.take()
    tally.add(first, key)
    check(first, set(), humans_up(game), "the start")
    stop = STOP_AT.get(slug)
    for _ in range(steps):
        if game.row.status != "active" or (stop is not None and round_key(game) >= stop):
            break
        before = humans_up(game)
        key = round_key(game)
        tally.rounds.add(key)
        now[0] += gap
        clicker = by_id[game.seats[game.to_act()[0]].user_id]
        if clicker.id == dm_player.id:
            await take_turn_in_dms(game, user_of[clicker.id])
        else:
            await take_turn(env.bot, channel, game, clicker)
        moved[clicker.id] = now[0]
        await reminders.check(now=now[0])  # the sweep: nothing is due at this pace
        got = inbox.take()
        tally.add(got, key)
        check(got, before, humans_up(game), f"{slug} v{game.version}")
    assert game.row.status == "finished" or stop is not None, slug
    return tally


CASES = [(slug, seed, pace) for slug in TITLES for seed in (range(3) if LONG else [0]) for pace in PACES]


@pytest.mark.parametrize("slug,seed,pace", CASES)
async def test_one_notification_per_wait_by_one_route_over_a_game(world, slug, seed, pace, monkeypatch):
    env, guild, channel, members, users = world
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(seed))  # the table's seed
    alice, bob, carol = members
    tally = await play_counting(env, channel, slug, list(members), users, pace, dm_player=carol)
    in_channel = {alice.id, bob.id}
    channel_figures = tally.per_round(in_channel)
    dm_figures = tally.per_round({carol.id})
    print(f"\n{slug} (3 players, seed {seed}, {pace}, {len(tally.rounds)} rounds, "
          f"{sum(tally.waits.values())} waits): per player per round, channel players "
          f"{channel_figures[0]:.2f} mentions + {channel_figures[1]:.2f} DMs (most in a round {channel_figures[2]}); "
          f"DM player {dm_figures[0]:.2f} mentions + {dm_figures[1]:.2f} DMs (most {dm_figures[2]})")
    assert not tally.breaches, tally.breaches[:8]
    assert all(tally.mentions[(carol.id, r)] == 0 for r in tally.rounds)  # never pinged in the channel
    if pace == "away":
        assert sum(tally.waits.values()) > 0

"""Issue 21 item 5: how often each player is pinged (notified by a mention in a new message) per
round, over whole games of every title played through the real UI (Take turn, then the bot
player's pick), at two paces: a group at the table (a click every 45 s) and a game played over
days (3 hours between clicks).

The platform rule: a player is called (pinged, and DMed with a notification) when they become
up after a stretch of not being up, and never while they stay up (their own run of decisions,
or other seats' simultaneous ones); and a player who moved in the game within `present_minutes`
is at the table: the new turn message names them without notifying them, and they get no DM
when they played in the channel (a silent DM panel when they play from their DMs, test_dm.py). This test checks that rule message by message, counts pings and notifying DMs per
player per round (the round of the public view: `round`, within `cycle` where the game has
Cycles), prints the max and mean per title and pace, and holds every title at the table's pace
to the issue's goal of at most 2 pings a round. Over days each stretch of waiting is one ping
(the turn-by-turn titles ask a player 3-4 separate times a round, and each is a real wait).

By default two people play one seeded game of each title (about a minute in all), Voidfall
only through its first Cycle and into the second (its first Evaluation and the next Cycle's
preparation, where its chores are); `GAMEHOST_PING_GAMES=1` plays every game to the end, with
three people and three seeds per title. The game-over message,
which mentions everyone once, is not a turn ping and is left out."""

from __future__ import annotations

import games
import os
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from tests.discord.driver import start_table, take_turn

LONG = bool(os.environ.get("GAMEHOST_PING_GAMES"))
TITLES = list(games.SHIPPED)
GOAL = 2  # pings per player per round (issue 21 item 5)
PACES = {"at the table": 45.0, "over days": 3 * 3600.0}  # seconds between clicks
SILENT = 1 << 12  # Discord's SUPPRESS_NOTIFICATIONS message flag
# Titles whose printed turn structure asks a player more than GOAL separate times in some round
# (over days, each of them a real wait, so each is pinged): strict turn-by-turn play (Petrichor's action phase, Ares's action
# phase, Impulse's setup round) or decisions the rules make in turn order (Voidfall's turn-order
# picks and Event frames as a Cycle begins, objectives that take from a shared supply).
# Pocket Mars stays within the goal with two players; with three, some rounds reach 4 (measured
# over bot games: 4 of 86 player-rounds). Measured figures are printed.
OVER_GOAL = {("petrichor", 2), ("impulse", 2), ("ares-expedition", 2), ("voidfall", 2),
             ("petrichor", 3), ("impulse", 3), ("ares-expedition", 3), ("voidfall", 3), ("pocket-mars", 3)}
# Where the default (short) run stops: the first round key not played (Voidfall: Cycle 2, turn 2).
STOP_AT = {} if LONG else {"voidfall": (2, 2)}


@dataclass
class Pings:
    """Pings and DMs per (player, round), read from what SimCord stored."""

    env: object
    channel_id: int
    seen: int = 0
    dm_seen: dict[int, int] = field(default_factory=dict)
    pings: Counter = field(default_factory=Counter)
    dms: Counter = field(default_factory=Counter)

    def _new(self, channel_id: int, after: int) -> list:
        stored = self.env.backend.messages.get(channel_id, {})
        return [m for key, m in sorted(stored.items()) if key > after and not m.is_ephemeral]

    def take(self, round_key, users) -> set[int]:
        """Count what was posted since the last take (in `round_key`); the users pinged."""
        pinged: set[int] = set()
        for message in self._new(self.channel_id, self.seen):
            self.seen = message.id
            if message.author_id == self.env.bot.user.id and not message.content.startswith("Game over"):
                pinged.update(message.ping_user_ids)  # notified, not just named
        for user in users:
            channel = user.dm_channel
            if channel is None:
                continue
            for message in self._new(channel.id, self.dm_seen.get(user.id, 0)):
                self.dm_seen[user.id] = message.id
                if "is over" not in message.content and not message.flags & SILENT:
                    self.dms[(user.id, round_key)] += 1
        for user_id in pinged:
            self.pings[(user_id, round_key)] += 1
        return pinged

    def figures(self) -> tuple[int, float]:
        values = list(self.pings.values()) or [0]
        return max(values), sum(values) / len(values)


def round_key(game) -> tuple:
    view = game.rules.view(game.state, None)
    return view.get("cycle"), view.get("round")


def humans_up(game) -> set[int]:
    return {game.seats[s].user_id for s in game.to_act() if not game.seats[s].is_bot}


async def play_counting(env, channel, slug, members, users, pace: float = PACES["at the table"]) -> Pings:
    now = [1_000_000.0]
    env.bot.sessions.clock = lambda: now[0]  # the bot's own clock: people click `pace` seconds apart
    present = env.bot.settings.present_minutes * 60
    game = await start_table(env, channel, slug, members[0], members[1:])
    tally = Pings(env, channel.id)
    assert tally.take(round_key(game), users) == humans_up(game)  # the first turn message pings who is up
    by_id = {m.id: m for m in members}
    moved: dict[int, float] = {}
    stop = STOP_AT.get(slug)
    for _ in range(5000):
        if game.row.status != "active" or (stop is not None and round_key(game) >= stop):
            break
        before = humans_up(game)
        now[0] += pace
        clicker = by_id[game.seats[game.to_act()[0]].user_id]
        await take_turn(env.bot, channel, game, clicker)
        moved[clicker.id] = now[0]
        after = humans_up(game) if game.row.status == "active" else set()
        pinged = tally.take(round_key(game), users)
        # who became up is pinged unless they moved within present_minutes: never someone who
        # stayed up, never twice in one stretch
        away = {u for u in after - before if now[0] - moved.get(u, float("-inf")) >= present}
        assert pinged == away, (slug, game.version, pinged, before, after)
    assert game.row.status == "finished" or stop is not None, slug
    for key, count in tally.dms.items():  # at most one DM per ping (one per stretch of waiting)
        assert count <= tally.pings[key], (slug, key)
    return tally


CASES = [(slug, players, seed, pace) for slug in TITLES
         for players, seed in ([(3, s) for s in range(3)] if LONG else [(2, 0)])
         for pace in PACES if LONG or pace == "at the table" or slug == "pocket-mars"]


@pytest.mark.parametrize("slug,players,seed,pace", CASES)
async def test_pings_per_player_per_round_over_a_whole_game(world, slug, players, seed, pace, monkeypatch):
    env, guild, channel, members, users = world
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(seed))  # the table's seed
    tally = await play_counting(env, channel, slug, list(members[:players]), users[:players], PACES[pace])
    worst, mean = tally.figures()
    over = sum(1 for v in tally.pings.values() if v > GOAL)
    print(f"\n{slug} ({players} players, seed {seed}, {pace}): pings per player per round max {worst}, "
          f"mean {mean:.2f}; {over} of {len(tally.pings)} player-rounds over {GOAL}; "
          f"notifying DMs {sum(tally.dms.values())}")
    if pace == "at the table":
        assert worst <= GOAL
    elif worst > GOAL and (slug, players) in OVER_GOAL:
        print(f"{slug}: over days, some rounds ask a player more than {GOAL} separate times (see OVER_GOAL)")

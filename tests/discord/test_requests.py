"""How many Discord HTTP requests a move costs, by kind, over whole games of every title.

Discord lets a bot token make about 50 requests a second outside the interaction endpoints,
so those are what a move must keep below one on average (the publisher posts turn messages as
follow-ups of the click that caused them and edits them through its webhook while it is
valid). `GAMEHOST_WHOLE_GAMES=1` plays Ares Expedition and Voidfall to the end too (by
default they stop after `SHORT_MOVES` human moves, the other titles always finish); `-s`
prints the figures per endpoint."""

from __future__ import annotations

import games
import os

import pytest

from tests.discord.driver import message_by_id, start_table, take_turn
from tests.discord.http_tally import DM, DM_OPEN, INTERACTION, Tally

WHOLE = bool(os.environ.get("GAMEHOST_WHOLE_GAMES"))
SHORT_MOVES = 80
TITLES = list(games.SHIPPED)
LONG = {"ares-expedition", "voidfall"}


def report(slug: str, moves: int, tally: Tally) -> str:
    lines = [f"{slug}: {moves} moves, {tally.outside_interactions / moves:.2f} outside the interaction "
             f"endpoints per move ({', '.join(f'{k} {n / moves:.2f}' for k, n in sorted(tally.by_kind.items()))})"]
    lines += [f"   {n / moves:6.2f}  {route}" for route, n in tally.by_route.most_common()]
    return "\n".join(lines)


async def play(env, channel, game, members, tally, limit: int, wait: float = 0.0) -> int:
    """Human moves through Take turn and the panel until the game ends (or `limit` moves),
    each after `wait` seconds of (virtual) time; returns how many were made."""
    by_id = {m.id: m for m in members}
    moves = 0
    while game.row.status == "active" and moves < limit:
        if wait:
            await env.advance_time(wait)
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
        moves += 1
    tally.take()
    return moves


@pytest.mark.parametrize("slug", TITLES)
async def test_a_move_makes_at_most_one_request_outside_the_interaction_endpoints(world, slug):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, slug, alice, [bob, carol])
    tally = Tally(env, {channel.id})
    limit = SHORT_MOVES if slug in LONG and not WHOLE else 5000
    moves = await play(env, channel, game, [alice, bob, carol], tally, limit)
    print("\n" + report(slug, moves, tally))
    assert slug in LONG or game.row.status == "finished"
    assert tally.outside_interactions <= moves  # at most one per move on average
    assert tally.by_kind[DM_OPEN] <= 3  # each player's DM channel is opened once
    assert tally.by_kind[INTERACTION] >= 3 * moves  # Take turn's answer, the pick's answer, the turn message


async def test_turn_messages_still_update_once_the_clicks_webhooks_expired(world):
    """Moves 16 minutes apart: every click's webhook has expired by the next move, so edits and
    past-turn marks go through the channel, and the game reads the same as before."""
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    first = game.row.turn_message_id
    tally = Tally(env, {channel.id})
    moves = await play(env, channel, game, [alice, bob, carol], tally, 4, wait=16 * 60)  # a round and a bit
    print("\n" + report("tiny-duel, 16 minutes a move", moves, tally))
    assert not env.errors and game.row.turn_message_id != first
    assert tally.by_route["PATCH /channels/{id}/messages/{id}"] == moves  # edited, or marked past, in the channel
    old = message_by_id(channel, first)
    assert "turn is over" in old.content and not old.components and "past turn" in old.embeds[0].title
    await play(env, channel, game, [alice, bob, carol], tally, 5000)  # and on to the end, quickly again
    assert game.row.status == "finished" and "Game over" in channel.last_message.content


async def test_a_dm_channel_is_opened_once_even_after_discord_py_forgot_it(world):
    """discord.py keeps only the 128 newest DM channels; with more players than that, each DM
    would open the channel again. The publisher remembers DM channels by user id."""
    env, guild, channel, (alice, bob, carol), users = world
    bot = env.bot
    tally = Tally(env, {channel.id})
    await bot.publisher.dm(alice.id, "first")
    state = bot._connection  # stands for the eviction of the 128-channel cache with many players
    state._private_channels.clear()
    state._private_channels_by_user.clear()
    await bot.publisher.dm(alice.id, "second")
    tally.take()
    assert tally.by_kind[DM_OPEN] <= 1 and tally.by_kind[DM] == 2
    assert [m.content.split("\n")[0] for m in users[0].dm_channel.history()][-2:] == ["first", "second"]

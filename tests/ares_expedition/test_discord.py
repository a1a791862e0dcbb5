"""A 2-player Ares Expedition game played to the end through the Discord UI (SimCord), with the
simultaneous phases answered in different orders (sometimes the higher seat first)."""

from __future__ import annotations

import random

import pytest

from tests.discord.driver import start_table, take_turn


@pytest.fixture
def world(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    users = [simcord_env.create_user(name) for name in ("alice", "bob")]
    members = [guild.add_member(u) for u in users]
    return simcord_env, channel, members


async def test_two_players_play_a_whole_game_acting_in_either_order(world):
    env, channel, (alice, bob) = world
    game = await start_table(env, channel, "ares-expedition", alice, [bob])
    assert game is not None and game.row.status == "active"
    by_seat = {game.seat_of(alice.id): alice, game.seat_of(bob.id): bob}
    rnd = random.Random(4)
    both_pending = 0
    for _ in range(3000):
        if game.row.status != "active":
            break
        acting = game.to_act()
        if len(acting) > 1:
            both_pending += 1
        seat = rnd.choice(acting)
        await take_turn(env.bot, channel, game, by_seat[seat])
    assert game.row.status == "finished"
    assert both_pending > 20                       # phases really were simultaneous
    final = channel.last_message
    assert "Game over" in final.content
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)

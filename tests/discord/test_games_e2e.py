"""Every game played in full by three (simulated) people in Discord, from /game new to scores."""

from __future__ import annotations

import pytest

from tests.discord.driver import play_to_end, start_table


@pytest.mark.parametrize("slug", ["petrichor", "impulse"])
async def test_three_players_play_a_whole_game(world, slug):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, slug, alice, [bob, carol])
    assert game is not None and game.row.status == "active"
    await play_to_end(env.bot, channel, game, [alice, bob, carol])
    assert game.row.status == "finished"
    final = channel.last_message
    assert "Game over" in final.content
    for name in ("alice", "bob", "carol"):
        assert name in final.embeds[0].description
    # no private image was ever posted publicly
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)
    # players are called by their names, never by raw seat references
    for message in channel.history():
        texts = [message.content] + [str(e.to_dict()) for e in message.embeds]
        assert not any("{seat:" in text for text in texts)
    assert "alice" in str(final.embeds[0].to_dict())


@pytest.mark.parametrize("slug", ["pocket-mars", "petrichor"])
async def test_solo_game_against_the_automatic_opponent(world, slug):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, slug, alice)
    await play_to_end(env.bot, channel, game, [alice])
    final = channel.last_message
    assert "Game over" in final.content and "alice" in final.embeds[0].description
    outcome = game.rules.outcome(game.state)
    expected = "alice" if outcome.winners else "the automatic opponent"
    assert f"Winner: {expected}" in final.content

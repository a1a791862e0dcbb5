"""Every game played in full by three (simulated) people in Discord, from /game new to scores."""

from __future__ import annotations

import pytest

import games
from games.core import fill_names

from tests.discord.driver import play_to_end, start_table, take_turn


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
    if outcome.winners:
        assert "Winner: alice" in final.content
    else:  # a lost solo game names the game's verdict (the opponent's score), never a bare "automatic opponent"
        assert "Result: " in final.content and "automatic opponent" not in final.content
        assert fill_names(outcome.summary[-1], game.names()) in final.content  # as an English reader reads it


NEWER = sorted(slug for slug in games.REGISTRY
               if slug not in ("pocket-mars", "petrichor", "impulse") and not slug.startswith("tiny-"))


@pytest.mark.parametrize("slug", NEWER)
async def test_games_being_built_play_through_the_panels(world, slug):
    """Forty human turns of every other registered game through Take turn and its panel, each
    panel checked to show every option's detail (the platform's promise for new games too)."""
    env, guild, channel, (alice, bob, carol), _ = world
    rules = games.get(slug)
    others = [bob, carol][: max(0, min(rules.max_players, 3) - 1)]
    game = await start_table(env, channel, slug, alice, others)
    by_id = {m.id: m for m in (alice, *others)}
    for _ in range(40):
        if game.row.status != "active":
            break
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
    assert game.version >= 40 or game.row.status == "finished"

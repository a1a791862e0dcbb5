"""A whole 2-player Voidfall game in simulated Discord (SimCord), from /game new to scores."""

from __future__ import annotations

from tests.discord.conftest import world  # noqa: F401  (the SimCord fixture)
from tests.discord.driver import play_to_end, start_table


async def test_two_players_play_voidfall_to_the_end(world):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, [bob])
    assert game is not None and game.row.status == "active"
    await play_to_end(env.bot, channel, game, [alice, bob])
    assert game.row.status == "finished"
    final = channel.last_message
    assert "Game over" in final.content
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)
    for message in channel.history():
        assert "{seat:" not in message.content

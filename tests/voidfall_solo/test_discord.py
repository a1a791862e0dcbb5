"""A whole solo Voidfall game in simulated Discord (SimCord), from /game new to the result."""

from __future__ import annotations

from tests.discord.conftest import world  # noqa: F401  (the SimCord fixture)
from tests.discord.driver import play_to_end, start_table


async def test_one_player_plays_voidfall_solo_to_the_end(world, states_only_bots):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, [], options="difficulty=easy")
    assert game is not None and game.row.status == "active"
    assert game.state.mode == "solo"
    await play_to_end(env.bot, channel, game, [alice])
    assert game.row.status == "finished"
    final = channel.last_message
    assert "Game over" in final.content
    for message in channel.history():
        assert "{seat:" not in message.content

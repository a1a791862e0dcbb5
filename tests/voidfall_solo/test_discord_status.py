"""/game status for Voidfall in simulated Discord (SimCord): every house's Influence with its
terms mid-game, the Voidborn's final Influence so far in solo, and a lost solo game that ends
with both final Influences and each term of the Voidborn's."""

from __future__ import annotations

from tests.discord.conftest import world  # noqa: F401  (the SimCord fixture)
from tests.discord.driver import play_to_end, start_table, take_turn


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_status_shows_each_houses_influence_and_terms(world):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, [bob])
    users = {alice.id: alice, bob.id: bob}
    while game.state.tasks and game.state.tasks[-1].kind == "pick_house":  # houses and origins chosen
        await take_turn(env.bot, channel, game, users[game.seats[game.to_act()[0]].user_id])
    status = reply(await carol.slash(channel, "game status"))
    assert "Mode: competitive (2 players)" in status.content and "Standings" in status.content
    assert "alice: 10 points (Influence 10, Corruption" in status.content
    assert "bob: 10 points" in status.content


async def test_lost_solo_game_ends_with_both_final_influences(world):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, [], options="difficulty=hard")
    while game.state.tasks and game.state.tasks[-1].kind == "pick_house":
        await take_turn(env.bot, channel, game, alice)
    status = reply(await alice.slash(channel, "game status"))
    assert "Mode: solo" in status.content
    assert "Voidborn: " in status.content and "difficulty base 140" in status.content
    await play_to_end(env.bot, channel, game, [alice])
    outcome = game.rules.outcome(game.state)
    assert outcome.winners == ()  # hard difficulty: the bot player does not reach the Voidborn
    status = reply(await alice.slash(channel, "game status"))
    voidborn = game.state.solo.vb_total
    assert f"Voidborn Influence {voidborn}: difficulty base 140" in status.content
    assert f"alice: {game.state.houses[0].influence} Influence" in status.content
    assert "The Voidborn win." in status.content

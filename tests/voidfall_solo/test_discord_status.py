"""Voidfall's reading in simulated Discord (SimCord): /game status shows every house's Influence
with its terms mid-game and the Voidborn's final Influence so far in solo; a lost solo game ends
with both final Influences and each term of the Voidborn's; "How does this work?" says where the
turn stands."""

from __future__ import annotations

import random

from tests.discord.conftest import world  # noqa: F401  (the SimCord fixture)
from tests.discord.driver import message_by_id, panel_of, play_to_end, start_table, take_turn


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


async def test_lost_solo_game_ends_with_both_final_influences(world, monkeypatch, states_only_bots):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(3))  # the table's seed: a fixed deal
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


async def test_how_does_this_work_says_where_the_turn_stands(world):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, [bob])
    users = {alice.id: alice, bob.id: bob}
    while not (game.state.tasks and game.state.tasks[-1].kind == "turn"):  # to the first Focus card choice
        await take_turn(env.bot, channel, game, users[game.seats[game.to_act()[0]].user_id])
    user = users[game.seats[game.to_act()[0]].user_id]
    panel = panel_of(await user.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    answer = reply(await user.click(panel, label="How does this work?"))
    assert answer.ephemeral and "Cycle 1 of 3." in answer.content and "Galactic Event: " in answer.content
    assert f"Now: Focus turn of {user.name} (choose step)." in answer.content

"""A whole Pocket Mars game in (simulated) Discord, plus the ways it can go wrong."""

from __future__ import annotations

import pytest

from bot.shell.app import create_bot
from tests.discord.driver import decision_components, message_by_id, panel_of, pick, play_to_end, take_turn, start_table


@pytest.fixture
def mars(world):
    env, guild, channel, (alice, bob, carol), users = world
    env.bob_user = users[1]
    return env, guild, channel, alice, bob, carol


async def open_table(env, channel, alice, bob):
    """Pocket Mars for alice, bob and one bot seat."""
    game = await start_table(env, channel, "pocket-mars", alice, [bob], bots=1)
    return env.bot, game


async def test_full_game_from_new_to_final_scores(mars):
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    assert [s.name for s in game.seats] == ["alice", "bob", "Bot 1"]
    await play_to_end(bot, channel, game, [alice, bob])
    assert game.row.status == "finished"
    final = channel.last_message
    assert "Game over" in final.content
    embed = final.embeds[0]
    assert "alice" in embed.description and "bob" in embed.description and "Bot 1" in embed.description
    assert final.attachments and final.attachments[0].filename == "board.png"
    stored = await bot.storage.game(game.id)
    assert stored.status == "finished"


async def test_private_hand_is_seen_only_by_its_owner(mars):
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    turn = message_by_id(channel, game.row.turn_message_id)
    result = await alice.click(turn, label="My hand")
    hand = panel_of(result)
    assert hand.ephemeral and hand.attachments[0].filename == "private.png"
    # bob's view of the channel does not contain alice's ephemeral hand
    assert all(m.id != hand.id for m in channel.history(viewer=bob))
    # the Board button brings the board and the detail image (card texts) for anyone
    board = panel_of(await carol.click(turn, label="Board"))
    assert board.ephemeral and [a.filename for a in board.attachments] == ["board.png", "detail.png"]
    # nothing public carries a private image
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)


async def test_outsider_and_wrong_player_are_refused(mars):
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    before = game.version
    turn = message_by_id(channel, game.row.turn_message_id)
    refused = panel_of(await carol.click(turn, label="Take turn"))
    assert refused.ephemeral and "not playing" in refused.content
    assert game.version == before


async def test_stale_button_is_refused_and_changes_nothing(mars):
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    user = {alice.id: alice, bob.id: bob}[game.seats[game.to_act()[0]].user_id]
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await user.click(turn, label="Take turn"))
    second_panel = panel_of(await user.click(turn, label="Take turn"))  # e.g. opened on another device
    seat = game.seat_of(user.id)
    decision = game.rules.decision_for(game.state, seat)
    old_version, old_stamp = game.version, game.stamp(seat)
    await pick(user, panel, game, decision, game.rules.bot_choice(game.state, seat))
    assert game.version > old_version
    now = game.version
    state = game.rules.dump(game.state)
    stale = first_component(second_panel)
    assert stale["custom_id"].split(":")[3] == str(old_stamp)
    result = await use_component(user, second_panel, stale)
    reply = result.followups[-1] if result.followups else result.response
    assert reply.ephemeral and "out of date" in reply.content
    assert game.version == now and game.rules.dump(game.state) == state


def first_component(message) -> dict:
    return decision_components(message)[0]


async def use_component(user, message, component: dict):
    """Click a button or make the smallest allowed selection in a select menu."""
    if component["custom_id"].startswith("gh:sel"):
        values = [o["value"] for o in component["options"]][: max(1, component.get("min_values", 1))]
        return await user.select(message, values, custom_id=component["custom_id"])
    return await user.click(message, custom_id=component["custom_id"])


async def test_restart_mid_game_and_play_continues(mars, settings):
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    for _ in range(6):
        seat = game.to_act()[0]
        await take_turn(bot, channel, game, {alice.id: alice, bob.id: bob}[game.seats[seat].user_id])
    version, state = game.version, game.rules.dump(game.state)
    turn_id = game.row.turn_message_id
    await bot.storage.close()  # the old process is gone: its database lock with it
    await env.restart_bot(create_bot(settings))
    bot2 = env.bot
    assert bot2 is not bot
    game2 = await bot2.sessions.in_channel(channel.id)
    assert game2.version == version and game2.rules.dump(game2.state) == state
    # the old turn message's buttons work with the new process
    user = {alice.id: alice, bob.id: bob}[game2.seats[game2.to_act()[0]].user_id]
    result = await user.click(message_by_id(channel, turn_id), label="Take turn")
    assert panel_of(result).ephemeral
    await play_to_end(bot2, channel, game2, [alice, bob])
    assert game2.row.status == "finished"


async def test_blocked_dms_do_not_stop_the_game(mars):
    env, guild, channel, alice, bob, carol = mars
    env.inject_error("POST", f"/channels/{env.bob_user.dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    bot, game = await open_table(env, channel, alice, bob)
    await play_to_end(bot, channel, game, [alice, bob])
    assert game.row.status == "finished"
    assert any(alice.mention in m.content for m in channel.history())


async def test_two_racing_clicks_apply_once(mars):
    """The same decision submitted from two open panels (a double click, two devices): one
    applies, the other is refused. SimCord runs actor operations one after another; true
    overlap under the game lock is covered in tests/test_storage_sessions.py."""
    env, guild, channel, alice, bob, carol = mars
    bot, game = await open_table(env, channel, alice, bob)
    seat = game.to_act()[0]
    user = {alice.id: alice, bob.id: bob}[game.seats[seat].user_id]
    turn = message_by_id(channel, game.row.turn_message_id)
    first = panel_of(await user.click(turn, label="Take turn"))
    second = panel_of(await user.click(turn, label="Take turn"))
    decision = game.rules.decision_for(game.state, seat)
    version = game.version
    await pick(user, first, game, decision, game.rules.bot_choice(game.state, seat))
    stale = first_component(second)
    result = await use_component(user, second, stale)
    assert "out of date" in (result.followups[-1] if result.followups else result.response).content
    applied = [a for a in await bot.storage.actions(game.id) if a.user_id == user.id]
    assert len(applied) == 1 and applied[0].seq == version + 1

"""Nobody who is gone stalls a table: seats handed to a bot player or a substitute and back, a
member who leaves the server, lobbies whose host leaves or that expire, a lapsed turn clock,
and the server's defaults (Manage Server only)."""

from __future__ import annotations

import time

import discord

from tests.discord.driver import components, message_by_id, start_table, take_turn

DAY = 24 * 3600


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_a_seat_goes_to_a_bot_player_and_back_to_its_player(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    refused = reply(await carol.slash(channel, "game seat bot", seat=2))
    assert env.errors and "Only the host" in refused.content and not game.seats[1].is_bot
    done = reply(await alice.slash(channel, "game seat bot", seat=2))
    assert "Seat 2 (bob) is now played by" in done.content
    assert game.seats[1].is_bot and 1 not in game.to_act()  # the bot swapped for bob at once
    back = reply(await bob.slash(channel, "game seat give", seat=2, member=bob))
    assert "bob" in back.content and game.seats[1].user_id == bob.id
    # a substitute takes carol's seat and plays it from the same turn message
    await carol.slash(channel, "game seat give", seat=3, member=bob)
    assert env.errors  # bob already plays seat 2
    sub = guild.add_member(env.create_user("dave"))
    await carol.slash(channel, "game seat give", seat=3, member=sub)
    assert game.seats[2].user_id == sub.id
    await take_turn(env.bot, channel, game, sub)
    assert 2 not in game.to_act()


async def test_a_player_who_leaves_the_server_mid_game_is_replaced_by_a_bot(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await take_turn(env.bot, channel, game, alice)
    guild.remove_member(bob)
    await env.settle()
    assert game.seats[1].is_bot and 1 not in game.to_act()
    turn = message_by_id(channel, game.row.turn_message_id)
    assert "left the server" in (turn.embeds[0].description or "")
    await take_turn(env.bot, channel, game, carol)  # the game goes on without waiting for bob
    assert game.to_act() and 1 not in game.to_act()


async def test_lobby_host_passes_on_and_closed_lobbies_lose_their_buttons(world):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="tiny-duel")).response
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Leave")
    shown = message_by_id(channel, lobby.id)
    host = next(f.value for f in shown.embeds[0].fields if f.name == "Host")
    assert host == "bob"
    refused = reply(await alice.click(lobby, label="Start"))
    assert "Only the player who created" in refused.content
    await bob.click(lobby, label="Start")
    game = await env.bot.sessions.in_channel(channel.id)
    assert game.row.status == "active" and [s.name for s in game.seats] == ["bob", "carol"]
    # a table everyone leaves closes and loses its buttons
    side = guild.create_text_channel("side")
    lone = (await carol.slash(side, "game new", game="tiny-duel")).response
    await carol.click(lone, label="Leave")
    gone = message_by_id(side, lone.id)
    assert not gone.components and "closed" in gone.content
    # a lobby nobody starts expires and frees its channel, its buttons removed
    other = guild.create_text_channel("later")
    stale = (await alice.slash(other, "game new", game="tiny-duel")).response
    await env.bot.get_cog("RemindersCog").check(now=time.time() + 30 * DAY)
    closed = message_by_id(other, stale.id)
    assert not closed.components and "closed" in closed.content
    assert await env.bot.sessions.in_channel(other.id) is None


async def test_lapsed_clock_offers_a_vote_whose_button_goes_once_stale(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol], options=None)
    assert game.clock is None
    await env.bot.sessions.abandon(game, alice.id, False)
    lobby = (await alice.slash(channel, "game new", game="tiny-duel", pace="fast")).response
    for member in (bob, carol):
        await member.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    game = await env.bot.sessions.in_channel(channel.id)
    turn = message_by_id(channel, game.row.turn_message_id)
    assert "left" in turn.embeds[0].fields[0].value  # each player's clock on the turn message
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)
    reminders = env.bot.get_cog("RemindersCog")
    await reminders.check(now=time.time() + 2 * DAY)  # carol's bank ran out; the table waits
    offer = channel.last_message
    assert "ran out of time for carol" in offer.content
    assert offer.components
    await take_turn(env.bot, channel, game, carol)  # carol comes back and plays
    assert not message_by_id(channel, offer.id).components


async def test_a_vote_lets_a_bot_take_an_idle_turn(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)
    await env.bot.get_cog("RemindersCog").check(now=time.time() + 30 * DAY)
    offer = channel.last_message
    assert offer.components
    counted = reply(await alice.click(offer, label="Let a bot play this turn"))
    assert "1/2" in counted.content
    version = game.version
    await bob.click(offer, label="Let a bot play this turn")
    actions = await env.bot.storage.actions(game.id)
    assert game.version > version and actions[-1].seat == 2 and actions[-1].user_id is None
    assert not message_by_id(channel, offer.id).components


async def test_server_settings_need_manage_server_and_set_new_games_pace(world):
    env, guild, channel, (alice, bob, carol), _ = world
    await bob.slash(channel, "settings server", pace="daily")
    assert env.errors
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(env.create_user("mod"), roles=[mods])
    saved = reply(await moderator.slash(channel, "settings server", pace="daily", quiet_hours="22-07"))
    assert "Saved" in saved.content and "daily" in saved.content
    bad = reply(await moderator.slash(channel, "settings server", quiet_hours="late"))
    assert env.errors and "quiet hours" in bad.content
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    assert game.clock is not None and game.clock.pace == "daily"
    status = reply(await alice.slash(channel, "game status"))
    assert "one move a day" in status.content


async def test_turn_message_buttons_survive_everything_above(world):
    """Sanity: the components of a fresh turn message are the three persistent buttons."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    labels = [c.get("label") for c in components(message_by_id(channel, game.row.turn_message_id)) if c.get("type") == 2]
    assert labels == ["Take turn", "My hand", "Board"]


async def test_the_table_votes_what_happens_at_zero(world):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="tiny-duel", pace="daily")).response
    assert any(f.name == "Turn clock" and "daily" in f.value for f in lobby.embeds[0].fields)
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    game = await env.bot.sessions.in_channel(channel.id)
    first = reply(await alice.slash(channel, "game timeout", policy="bot"))
    assert first.ephemeral and "1/2" in first.content and game.clock.on_timeout == "wait"
    decided = reply(await bob.slash(channel, "game timeout", policy="bot"))
    assert not decided.ephemeral and "**bot**" in decided.content and game.clock.on_timeout == "bot"
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)
    await env.bot.get_cog("RemindersCog").check(now=time.time() + 10 * DAY)  # carol's bank is empty
    actions = await env.bot.storage.actions(game.id)
    assert any(a.seat == 2 and a.user_id is None for a in actions)  # a bot played carol's turn
    assert "Time ran out for carol" in (message_by_id(channel, game.row.turn_message_id).embeds[0].description or "")


async def test_the_table_votes_bots_in_for_the_rest_of_the_game_and_the_player_returns(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)
    await env.bot.get_cog("RemindersCog").check(now=time.time() + 30 * DAY)
    offer = channel.last_message
    rest = "Bots take their seats for the rest of the game"
    assert "1/2" in reply(await alice.click(offer, label=rest)).content
    await bob.click(offer, label=rest)
    assert game.seats[2].is_bot and not message_by_id(channel, offer.id).components
    back = reply(await carol.slash(channel, "game seat give", seat=3, member=carol))
    assert "carol" in back.content and game.seats[2].user_id == carol.id


async def test_a_member_who_leaves_the_server_leaves_the_lobby_and_the_host_passes_on(world):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="tiny-duel")).response
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    guild.remove_member(alice)
    await env.settle()
    embed = message_by_id(channel, lobby.id).embeds[0]
    fields = {f.name: f.value for f in embed.fields}
    assert "alice" not in fields["Seats"] and fields["Host"] == "bob"
    await bob.click(lobby, label="Start")
    game = await env.bot.sessions.in_channel(channel.id)
    assert game.row.status == "active" and [s.name for s in game.seats] == ["bob", "carol"]

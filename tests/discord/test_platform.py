"""Platform behaviour in (simulated) Discord, on the tiny test game: lobby rules, undo,
abandon, log, settings, reminders and takeover votes, paging, faults."""

from __future__ import annotations

import pytest

from bot.platform.sessions import SessionError

from tests.discord.driver import message_by_id, panel_of, pick, pinged, play_to_end, start_table, texts


def reply(result):
    return result.followups[-1] if result.followups else result.response


def acknowledge(env, kind=SessionError):
    """Expected refusals of slash commands go through CommandTree.on_error; SimCord records them."""
    errors = env.errors
    assert errors and isinstance(getattr(errors[-1], "original", errors[-1]), kind)


async def start_duel(env, channel, alice, bob, options=None):
    return await start_table(env, channel, "tiny-duel", alice, [bob], options=options)


async def test_lobby_rules(world):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="tiny-duel")).response
    refused = reply(await alice.click(lobby, label="Join"))
    assert refused.ephemeral and "already seated" in refused.content
    refused = reply(await bob.click(lobby, label="Start"))
    assert "Only the player who created" in refused.content
    refused = reply(await alice.click(lobby, label="Start"))
    assert "needs 2-3 players" in refused.content
    result = await bob.slash(channel, "game new", game="tiny-duel")
    acknowledge(env)
    assert "already has a game" in reply(result).content
    await bob.slash(channel, "game join")
    await carol.click(lobby, label="Join")
    refused = reply(await alice.click(lobby, label="Add bot"))
    assert "full" in refused.content
    await carol.slash(channel, "game leave")
    game = (await env.bot.sessions.in_channel(channel.id))
    assert [s.name for s in game.seats] == ["alice", "bob"]
    embed = message_by_id(channel, game.row.turn_message_id).embeds[0]
    assert "bob" in embed.fields[0].value and "carol" not in embed.fields[0].value


async def test_bad_options_are_explained(world):
    env, guild, channel, (alice, bob, carol), _ = world
    result = await alice.slash(channel, "game new", game="tiny-duel", options="hand=7")
    acknowledge(env, ValueError)
    assert "hand must be one of 5, 30" in reply(result).content
    result = await alice.slash(channel, "game new", game="no-such-game")
    acknowledge(env)
    assert "Unknown game" in reply(result).content
    assert (await env.bot.sessions.in_channel(channel.id)) is None


async def test_autocomplete_offers_games(world):
    env, guild, channel, (alice, bob, carol), _ = world
    choices = await alice.autocomplete(channel, "game new", "game", "mars")
    assert "pocket-mars" in [c["value"] for c in choices] and "petrichor" not in [c["value"] for c in choices]
    options = await alice.autocomplete(channel, "game new", "options", "te", game="impulse")
    assert [c["value"] for c in options] == ["teams=off", "teams=pairs", "teams=triples"]
    options = await alice.autocomplete(channel, "game new", "options", "length=long ", game="petrichor")
    assert all(c["value"].startswith("length=long ") and "length=" not in c["value"][12:] for c in options)


async def test_undo_own_choice_but_not_after_a_reveal_or_others(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_duel(env, channel, alice, bob)
    sessions = env.bot.sessions
    # swapping no cards reveals nothing: it can be undone
    await sessions.choose(game, alice.id, game.stamp(game.seat_of(alice.id)), [])
    before = game.version
    result = await alice.slash(channel, "game undo")
    assert reply(result).ephemeral and "taken back" in reply(result).content
    assert game.version == before + 1 and game.rules.decision_for(game.state, 0) is not None
    # swapping a card draws a new one: no undo
    card = game.state.hands[0][0]
    await sessions.choose(game, alice.id, game.stamp(game.seat_of(alice.id)), [card])
    await alice.slash(channel, "game undo")
    acknowledge(env)
    # bob acted since alice's choice: alice cannot undo, bob cannot undo alice's
    await sessions.choose(game, bob.id, game.stamp(game.seat_of(bob.id)), [])
    await alice.slash(channel, "game undo")
    acknowledge(env)
    with pytest.raises(SessionError):
        await sessions.undo(game, carol.id)
    # the undo is in the append-only log and a replay reproduces the live state
    actions = await env.bot.storage.actions(game.id)
    assert [a.kind for a in actions] == ["choice", "undo", "choice", "choice"]
    rebuilt = sessions.rebuild(game, await sessions.kept_actions(game.id))
    assert game.rules.dump(rebuilt) == game.rules.dump(game.state)


async def test_abandon_needs_creator_or_manage_server(world):
    import discord

    env, guild, channel, (alice, bob, carol), users = world
    await start_duel(env, channel, alice, bob)
    await bob.slash(channel, "game abandon")
    acknowledge(env)
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(env.create_user("mod"), roles=[mods])
    result = await moderator.slash(channel, "game abandon")
    assert "abandoned" in result.response.content
    assert (await env.bot.sessions.in_channel(channel.id)) is None
    listed = await alice.slash(channel, "game list")
    assert "No games" in listed.response.content


async def test_status_list_log_and_private_lines(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_duel(env, channel, alice, bob)
    status = (await carol.slash(channel, "game status")).response
    assert status.ephemeral and "alice" in status.content and "Waiting for" in status.content
    listed = (await carol.slash(channel, "game list")).response
    assert "Tiny Duel" in listed.content
    await play_to_end(env.bot, channel, game, [alice, bob])
    # finished games leave the channel free
    assert (await env.bot.sessions.in_channel(channel.id)) is None


async def test_log_shows_what_happened_since_my_last_move(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_duel(env, channel, alice, bob)
    await env.bot.sessions.choose(game, alice.id, game.stamp(game.seat_of(alice.id)), [])
    await env.bot.sessions.choose(game, bob.id, game.stamp(game.seat_of(bob.id)), [])
    await env.bot.sessions.choose(game, bob.id, game.stamp(game.seat_of(bob.id)), game.state.hands[1][0])
    log = (await alice.slash(channel, "game log")).response
    assert log.ephemeral and "Seat 2 played a card face down." in log.content
    assert "Seat 1 swapped" in log.content
    # alice's play ends the round; the private line it gives bob (not acting) reaches only bob
    await env.bot.sessions.choose(game, alice.id, game.stamp(game.seat_of(alice.id)), game.state.hands[0][0])
    lowest = {seat: min(int(c[1:]) for c in game.state.hands[seat]) for seat in (0, 1)}
    alice_log = (await alice.slash(channel, "game log")).response.content
    bob_log = (await bob.slash(channel, "game log")).response.content
    carol_log = (await carol.slash(channel, "game log")).response.content
    assert f"(only you) Your lowest card is now {lowest[0]}." in alice_log
    assert f"(only you) Your lowest card is now {lowest[1]}." in bob_log
    assert "only you" not in carol_log


async def test_rules_and_dm_setting(world):
    env, guild, channel, (alice, bob, carol), users = world
    rules = (await alice.slash(channel, "rules", game="Pocket Mars")).response
    assert rules.ephemeral and "Pocket Mars" in rules.content
    off = (await bob.slash(channel, "settings dm", mode="off")).response
    assert "off" in off.content
    await start_duel(env, channel, alice, bob)
    dms_to_bob = users[1].dm_channel.history()
    dms_to_alice = users[0].dm_channel.history()
    assert not dms_to_bob
    assert any("Tiny Duel" in texts(m) for m in dms_to_alice)  # the DM panel, the default


async def test_reminder_then_takeover_vote(world, settings):
    env, guild, channel, (alice, bob, carol), users = world
    await env.bot.storage.set_dm_mode(carol.id, "off")  # reached in the channel only
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    bot = env.bot
    await bot.sessions.choose(game, alice.id, game.stamp(game.seat_of(alice.id)), [])
    await bot.sessions.choose(game, bob.id, game.stamp(game.seat_of(bob.id)), [])  # carol idles
    reminders = bot.get_cog("RemindersCog")
    start = game.idle_since
    await reminders.check(now=start + settings.reminder_minutes * 60 + 1)
    assert "Reminder" in channel.last_message.content and carol.mention in channel.last_message.content
    assert pinged(env, channel.last_message) == {carol.id}
    await reminders.check(now=start + settings.reminder_minutes * 60 + 2)  # only once
    assert sum("Reminder" in m.content for m in channel.history()) == 1
    await reminders.check(now=start + settings.afk_hours * 3600 + 1)
    vote = channel.last_message
    assert "vote" in vote.content
    refused = reply(await carol.click(vote, label="Let a bot play this turn"))
    assert "simply take your turn" in refused.content
    counted = reply(await alice.click(vote, label="Let a bot play this turn"))
    assert "1/2" in counted.content
    version = game.version
    await bob.click(vote, label="Let a bot play this turn")
    assert game.version > version
    actions = await bot.storage.actions(game.id)
    assert actions[-1].seat == 2 and actions[-1].user_id is None  # the bot chose for carol


async def test_paging_past_25_options(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_duel(env, channel, alice, bob, options="hand=30")
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    assert "Page 1/2" in texts(panel)
    # multi-pick across pages: one card from each page, then Confirm
    hand = list(game.state.hands[0])
    decision = game.rules.decision_for(game.state, 0)
    await pick(alice, panel, game, decision, [hand[3], hand[27]])
    assert sorted(set(hand) - set(game.state.hands[0])) == sorted([hand[3], hand[27]])
    await env.bot.sessions.choose(game, bob.id, game.stamp(game.seat_of(bob.id)), [])
    panel = panel_of(await alice.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    decision = game.rules.decision_for(game.state, 0)
    card = game.state.hands[0][28]
    await pick(alice, panel, game, decision, card)
    assert game.state.played[0] == card


async def test_channel_fault_loses_nothing_and_board_recovers(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_duel(env, channel, alice, bob)
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    env.inject_error("POST", f"/channels/{channel.id}/messages", times=None)
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", times=None)
    decision = game.rules.decision_for(game.state, 0)
    version = game.version
    await pick(alice, panel, game, decision, [])
    assert game.version == version + 1
    stored = await env.bot.storage.actions(game.id)
    assert stored[-1].user_id == alice.id
    env.backend.faults.clear()
    result = await bob.slash(channel, "game board")
    assert reply(result).ephemeral
    assert bob.mention in channel.last_message.content


async def test_the_bot_subscribes_to_servers_and_members_only_and_plays_amid_chatter(world):
    """Everything players do reaches the bot as interactions, so it asks Discord only for the
    server and member events it acts on: the channel's chatter and DMs are never sent to it
    (with the default intents every message in every server would be, to parse and cache for
    nothing), and a game plays on amid chatter."""
    env, guild, channel, (alice, bob, carol), users = world
    assert env.bot.intents.value == type(env.bot.intents)(guilds=True, members=True).value
    heard = []

    async def on_message(message):
        heard.append(message)

    env.bot.add_listener(on_message)
    game = await start_duel(env, channel, alice, bob)
    await alice.send(channel, "my move next, hang on")
    await bob.send_dm("hello bot")
    dropped = [entry for entry in env.backend.transcript if entry[0] == "DROPPED"]
    assert not heard and sum(entry[1] == "MESSAGE_CREATE" for entry in dropped) >= 2
    await play_to_end(env, channel, game, [alice, bob])
    assert game.row.status == "finished"

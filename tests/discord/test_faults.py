"""Discord failing under the bot (SimCord fault injection): a stored move is always reported
truthfully, a failed announcement is retried until it is posted, missing permissions are named
at /game new, over-long input never breaks a reply, foreign and orphaned games are refused."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import discord
import pytest

from bot.shell.ui import base as ui_base, table as ui
from tests.discord.driver import message_by_id, panel_of, pick, start_table


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def open_panel(member, channel, game):
    return panel_of(await member.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))


async def swap_nothing(member, channel, game):
    """A swap of no cards through the member's panel (the tiny duel's first decision)."""
    panel = await open_panel(member, channel, game)
    decision = game.rules.decision_for(game.state, game.seat_of(member.id))
    return await pick(member, panel, game, decision, [])


@pytest.mark.parametrize("quick", [True, False])
async def test_a_failed_panel_edit_still_tells_the_clicker_their_move_was_saved(world, monkeypatch, quick):
    """A quick move's panel is the click's answer; a slow one's is an edit after a deferred answer."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    if not quick:  # Take turn too: deferred, then the panel as a follow-up
        monkeypatch.setattr(ui_base, "QUICK_ANSWER_S", 0)
    panel = await open_panel(alice, channel, game)
    assert panel.components
    decision = game.rules.decision_for(game.state, 0)
    if quick:
        env.inject_error("POST", "/interactions/*/callback", status=500)
    else:
        env.inject_error("PATCH", "/webhooks/*/messages/@original", status=500)
    result = await pick(alice, panel, game, decision, [])
    told = reply(result)
    assert told.ephemeral and "Your move was saved" in told.content and "went wrong" not in told.content
    actions = await env.bot.storage.actions(game.id)
    assert actions[-1].user_id == alice.id


async def test_clicks_are_answered_at_once_and_deferred_first_behind_a_long_image_queue(world, monkeypatch):
    """Take turn's panel and a pick's refreshed panel are the clicks' own answers; with the
    render pool backlogged they come after a deferred answer instead (a follow-up, an edit)."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    deferred = []
    defer = discord.InteractionResponse.defer

    async def counted(self, **kwargs):
        deferred.append(kwargs)
        return await defer(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", counted)
    await swap_nothing(alice, channel, game)
    assert deferred == []
    monkeypatch.setattr(type(env.bot.renders), "backlogged", lambda self: True)
    before = game.version
    panel = await open_panel(bob, channel, game)
    assert panel.components and panel.ephemeral
    await pick(bob, panel, game, game.rules.decision_for(game.state, 1), [])
    assert game.version == before + 1
    assert deferred == [{"ephemeral": True, "thinking": True}, {}]


async def test_past_capacity_a_click_is_acknowledged_before_its_move_is_stored(world, monkeypatch):
    """An earlier click still unanswered after BEHIND_S means the bot is behind: Take turn and a
    pick are then deferred first thing, before storage or drawing, and still answered in full."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    versions_at_defer = []
    defer = discord.InteractionResponse.defer

    async def counted(self, **kwargs):
        versions_at_defer.append((game.version, kwargs))
        return await defer(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", counted)
    waiting = ui_base.clicks_of(env.bot)
    stuck = SimpleNamespace(id=1, response=SimpleNamespace(is_done=lambda: False))
    waiting._unanswered[stuck.id] = (stuck, float("-inf"))  # waiting since ever (the bot's clock is SimCord's)
    assert waiting.behind()
    before = game.version
    panel = await open_panel(alice, channel, game)
    assert panel.components and panel.ephemeral
    result = await pick(alice, panel, game, game.rules.decision_for(game.state, 0), [])
    assert game.version == before + 1 and not reply(result).content
    assert versions_at_defer == [(before, {"ephemeral": True, "thinking": True}), (before, {})]
    waiting.drop(stuck)
    assert not waiting.behind()


async def test_with_every_slot_taken_a_click_is_acknowledged_at_once_and_its_work_waits(world, monkeypatch):
    """CLICKS_AT_ONCE clicks' work runs at a time; one more click is deferred straight away and
    its move is stored only once a slot is free."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    panel = await open_panel(alice, channel, game)
    gate = ui_base.clicks_of(env.bot).gate
    deferred = []
    defer = discord.InteractionResponse.defer

    async def counted(self, **kwargs):
        deferred.append(game.version)
        return await defer(self, **kwargs)

    monkeypatch.setattr(discord.InteractionResponse, "defer", counted)
    before = game.version
    for _ in range(ui_base.CLICKS_AT_ONCE):
        await gate.acquire()
    click = asyncio.ensure_future(pick(alice, panel, game, game.rules.decision_for(game.state, 0), []))
    for _ in range(50):
        await asyncio.sleep(0.01)
        if deferred:
            break
    assert deferred == [before] and game.version == before and not click.done()
    for _ in range(ui_base.CLICKS_AT_ONCE):
        gate.release()
    await click
    assert game.version == before + 1


async def test_missing_permissions_on_the_channel_are_recorded_and_the_announcement_retried(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await swap_nothing(alice, channel, game)
    for method in ("POST", "PATCH"):
        env.inject_error(method, f"/channels/{channel.id}/messages*", status=403, code=50013,
                         message="Missing Permissions", times=None)
    before = game.row.turn_message_id
    panel = await open_panel(bob, channel, game)
    # the new turn message goes out as a follow-up of bob's click first: that is refused too
    env.inject_error("POST", "/webhooks/*", status=403, code=50013, message="Missing Permissions")
    result = await pick(bob, panel, game, game.rules.decision_for(game.state, 1), [])  # round 1 starts: the
    # new turn message cannot be posted
    told = reply(result)
    assert told.ephemeral and "Your move was saved" in told.content and "went wrong" not in told.content
    assert game.row.announce and game.id in env.bot.publisher.unannounced
    assert (await env.bot.storage.game(game.id)).announce
    env.backend.faults.clear()
    reminders = env.bot.get_cog("RemindersCog")
    assert await reminders.sweep(now=game.row.updated_at + 3600) == 1
    current = message_by_id(channel, game.row.turn_message_id)
    assert current.id != before and {m.id for m in current.mentions} == {alice.id, bob.id}
    assert not game.row.announce and not (await env.bot.storage.game(game.id)).announce


async def test_a_rate_limited_edit_is_retried_by_the_next_click(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    env.inject_error("PATCH", f"/channels/{channel.id}/messages/*", status=429, message="You are being rate limited.")
    # the turn message is edited through the Start click's webhook first: its token has expired
    env.inject_error("PATCH", "/webhooks/*/messages/[0-9]*", status=401, code=50027, message="Invalid Webhook Token")
    await swap_nothing(alice, channel, game)  # editing the turn message in place fails once
    assert game.id in env.bot.publisher.unannounced
    await swap_nothing(bob, channel, game)  # the next click re-posts it, naming who must act
    current = message_by_id(channel, game.row.turn_message_id)
    assert carol.id in {m.id for m in current.mentions}
    assert game.id not in env.bot.publisher.unannounced and not game.row.announce


async def test_new_game_names_the_permissions_the_bot_lacks(world):
    env, guild, channel, (alice, bob, carol), _ = world
    locked = guild.create_text_channel(
        "locked", overwrites={guild.me: discord.PermissionOverwrite(attach_files=False, embed_links=False)})
    result = await alice.slash(locked, "game new", game="tiny-duel")
    assert env.errors
    text = reply(result).content
    assert "Attach Files" in text and "Embed Links" in text and "Send Messages" not in text
    assert await env.bot.sessions.in_channel(locked.id) is None


async def test_over_long_input_gets_a_clipped_reply(world):
    env, guild, channel, (alice, bob, carol), _ = world
    result = await alice.slash(channel, "game new", game="tiny-duel", options="hand=" + "9" * 5990)
    assert env.errors
    text = reply(result).content
    assert text and len(text) <= 2000 and "hand" in text


async def test_a_button_of_another_channels_game_is_refused(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    other = guild.create_text_channel("elsewhere")
    await env.bot.get_channel(other.id).send("forged", view=ui.turn_view(game.id))
    await env.settle()
    before = game.version
    refused = reply(await alice.click(other.last_message, label="Take turn"))
    assert refused.ephemeral and "another channel" in refused.content and game.version == before


async def test_a_game_whose_channel_was_deleted_is_closed(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    env.backend.delete_channel(channel.id)  # the delete event closes the game at once
    await env.settle()
    assert (await env.bot.storage.game(game.id)).status == "abandoned"
    # a delete the bot never heard of (e.g. while it was down) is found when it next posts
    other = guild.create_text_channel("other")
    game = await start_table(env, other, "tiny-duel", alice, [bob])
    monkeypatch.setattr(env.bot.get_cog("GameCog"), "_channel_gone", _ignore)
    env.backend.delete_channel(other.id)
    await env.settle()
    assert (await env.bot.storage.game(game.id)).status == "active"
    await take_turn_without_channel(env, game, alice)
    assert (await env.bot.storage.game(game.id)).status == "abandoned"


async def _ignore(channel_id):
    return None


async def take_turn_without_channel(env, game, member):
    """A move arriving after the channel vanished (e.g. through the session directly): the
    announcement finds the channel gone and closes the game."""
    step = await env.bot.sessions.choose(game, member.id, game.stamp(game.seat_of(member.id)), [])
    await env.bot.publisher.after_step(step)



async def test_a_thread_is_its_own_table_and_needs_send_messages_in_threads(world):
    env, guild, channel, (alice, bob, carol), _ = world
    env.backend.create_thread(channel.id, "duel", alice.id)
    await env.settle()
    thread = channel.threads[-1]
    game = await start_table(env, thread, "tiny-duel", alice, [bob])
    assert game.row.channel_id == thread.id
    await swap_nothing(alice, thread, game)
    assert 0 not in game.to_act()
    closed = guild.create_text_channel(
        "no-threads", overwrites={guild.me: discord.PermissionOverwrite(send_messages_in_threads=False)})
    env.backend.create_thread(closed.id, "duel", alice.id)
    await env.settle()
    result = await alice.slash(closed.threads[-1], "game new", game="tiny-duel")
    assert env.errors and "Send Messages in Threads" in reply(result).content


async def test_a_broken_image_never_stops_the_game(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    original = env.bot.renders.draw

    async def broken(kind, slug, view, names, locale="en"):
        if kind in ("public", "private"):
            raise RuntimeError("renderer bug")
        return await original(kind, slug, view, names, locale=locale)

    monkeypatch.setattr(env.bot.renders, "draw", broken)
    await swap_nothing(alice, channel, game)
    result = await swap_nothing(bob, channel, game)  # a new turn message, without its board
    assert "went wrong" not in reply(result).content
    turn = message_by_id(channel, game.row.turn_message_id)
    assert alice.mention in turn.content and not turn.attachments and not game.row.announce
    hand = reply(await alice.click(turn, label="My hand"))
    assert "could not be drawn" in hand.content

"""The background duties of the reminders cog, end to end: a crash between a player's move and
the bot seat's reply is finished and announced after the restart, a game-over message Discord
refused is posted later, and a lobby nobody started closes and frees its channel."""

from __future__ import annotations

from bot.shell.app import create_bot
from bot.platform.live import Step
from tests.discord.driver import message_by_id, start_table

HOUR = 3600.0


async def test_a_crash_before_the_bot_replies_is_finished_and_announced_after_the_restart(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, bots=1)
    sessions = env.bot.sessions

    async def crash_after_the_write(game, step, forced=None):  # the process dies right after the write
        return None

    sessions.play.advance = crash_after_the_write  # type: ignore[method-assign]
    await sessions.choose(game, alice.id, game.stamp(0), [])
    assert 1 in game.to_act(), "the bot seat has not replied: the old bot would wait forever"
    turn_before = game.row.turn_message_id
    await env.bot.storage.close()
    await env.restart_bot(create_bot(settings))
    swept = await env.bot.get_cog("RemindersCog").sweep(now=game.row.updated_at + HOUR)
    assert swept == 1
    restored = await env.bot.sessions.in_channel(channel.id)
    assert 1 not in restored.to_act() and restored.version > game.version
    actions = await env.bot.storage.actions(game.id)
    assert actions[-1].seat == 1 and actions[-1].user_id is None
    turn = message_by_id(channel, restored.row.turn_message_id)
    assert turn.id != turn_before and alice.id in {m.id for m in turn.mentions}
    assert not (await env.bot.storage.game(game.id)).announce


async def test_a_game_over_message_discord_refused_is_posted_by_the_sweep(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, bots=1)
    sessions = env.bot.sessions
    env.inject_error("POST", f"/channels/{channel.id}/messages", times=None)
    while game.row.status == "active":
        await sessions.choose(game, alice.id, game.stamp(0), game.rules.bot_choice(game.state, 0))
    await env.bot.publisher.after_step(Step(game, finished=True))
    stored = await env.bot.storage.game(game.id)
    assert stored.status == "finished" and stored.announce, "the result could not be posted: still owed"
    env.backend.faults.clear()
    assert await env.bot.get_cog("RemindersCog").sweep(now=stored.updated_at + HOUR) == 1
    assert "Game over" in channel.last_message.content
    assert not (await env.bot.storage.game(game.id)).announce


async def test_an_unstarted_lobby_expires_and_frees_the_channel(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="tiny-duel")).response
    game = await env.bot.sessions.in_channel(channel.id)
    cog = env.bot.get_cog("RemindersCog")
    await cog.check(now=game.row.updated_at + 2 * HOUR)
    assert await env.bot.sessions.in_channel(channel.id) is game, "two hours is not too long"
    await cog.check(now=game.row.updated_at + (settings.lobby_expiry_hours + 1) * HOUR)
    assert await env.bot.sessions.in_channel(channel.id) is None
    closed = message_by_id(channel, lobby.id)
    assert not closed.components and "waited too long" in closed.content
    await bob.slash(channel, "game new", game="tiny-duel")
    assert (await env.bot.sessions.in_channel(channel.id)).row.creator_id == bob.id


async def test_a_process_that_lost_its_database_claim_shuts_down(world):
    env, guild, channel, (alice, bob, carol), _ = world
    bot = env.bot
    cog = bot.get_cog("RemindersCog")

    async def lost():
        return False

    bot.storage.still_owner = lost  # e.g. the PostgreSQL owner connection dropped
    await cog.check()
    assert await cog.sweep() == 0
    await cog._closing
    assert bot.is_closed()

"""Nothing kept per game or per channel outlives the game in memory (issue 34 item 6): a soak of
many tables in many channels, played with panels, hands, DMs, a pick paged over several menus
and a reminder vote, then abandoned or played to the end (and some unloaded as the least
recently used), finds every per-game structure back at its size: the sessions' cache and its
channel locks, the publisher's announce locks and pending announcements, the images kept for
panels; what the interface keeps on a game (the last turn message's embed, the DMs sent, notices
and drafts: `LiveGame.attached`) goes with the game object itself."""

from __future__ import annotations

import datetime
import gc

import discord

from bot.platform.sessions import games as live_games
from tests.discord.driver import message_by_id, panel_of, play_to_end, start_table, take_turn

TABLES = 12


def per_game_sizes(bot) -> dict[str, int]:
    gc.collect()  # the locks are weakly kept: gone once nobody holds one
    sizes = {f"sessions {k}": v for k, v in bot.sessions.games.sizes().items()}
    sizes["channel locks"] = len(bot.sessions.lobby.channel_locks)
    sizes.update({f"images {k}": v for k, v in bot.images.sizes().items()})
    sizes.update({f"publisher {k}": v for k, v in bot.publisher.sizes().items()})
    return sizes


async def test_a_soak_of_abandoned_and_finished_games_leaves_nothing_behind(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    bot = env.bot
    monkeypatch.setattr(live_games, "KEEP_LOADED", 2)  # some running games are unloaded on the way
    before = per_game_sizes(bot)
    kept_on_games, channels = [], {}
    for table in range(TABLES):
        where = guild.create_text_channel(f"table-{table}")
        channels[where.id] = where
        game = await start_table(env, where, "tiny-duel", alice, [bob], options="hand=30" if table % 3 == 0 else None)
        kept_on_games.append(game)
        turn = message_by_id(where, game.row.turn_message_id)
        await alice.click(turn, label="My hand")
        panel = panel_of(await alice.click(turn, label="Take turn"))
        if table % 3 == 0:  # a pick paged over menus, left unconfirmed: a draft
            await alice.select(panel, ["0"], custom_id=f"gh:sel:{game.id}:{game.stamp(0)}:0")
        await take_turn(bot, where, game, bob)
        if table % 4 == 1:
            await alice.slash(where, "game abandon")
            assert game.row.status == "abandoned"
        elif table % 4 == 2:
            await play_to_end(bot, where, game, [alice, bob])
            assert game.row.status == "finished"
        # the others stay running: unloaded as the least recently used, or loaded at the end
    await env.settle()
    running = [g for g in kept_on_games if g.row.status == "active"]
    assert running and any(g.id not in bot.sessions.live for g in running)  # some were unloaded meanwhile
    for game in running:  # end them too: a soak ends every table
        await alice.slash(channels[game.row.channel_id], "game abandon")
    await env.settle()
    # the interaction webhooks of the posted messages expire 15 minutes after their click
    later = discord.utils.utcnow() + datetime.timedelta(minutes=20)
    monkeypatch.setattr(discord.utils, "utcnow", lambda: later)
    bot.publisher.channels.routes._forget_expired()
    after = per_game_sizes(bot)
    assert after == before, {k: (before[k], v) for k, v in after.items() if v != before[k]}
    assert any(g.attached for g in kept_on_games)  # what was kept on each game went with it

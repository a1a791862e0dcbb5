"""/game history pages through many games, and replay buttons keep working after a restart."""

from __future__ import annotations

import re

from tests.discord.driver import play_to_end, restart, start_table
from tests.history.test_history_store import stored_game


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_history_pages_newest_first(world):
    env, guild, channel, (alice, bob, _), _ = world
    for index in range(12):
        await stored_game(env.bot.storage, 9000 + index, users=(alice.id, bob.id), guild=guild.id)
    first = reply(await alice.slash(channel, "game history"))
    numbers = [int(n) for n in re.findall(r"`#(\d+)`", first.embeds[0].description)]
    assert len(numbers) == 10 and numbers == sorted(numbers, reverse=True)
    assert "Page 1 of 2" in first.embeds[0].footer.text
    older = reply(await alice.click(first, label="Older"))
    rest = [int(n) for n in re.findall(r"`#(\d+)`", older.embeds[0].description)]
    assert len(rest) == 2 and max(rest) < min(numbers) and "Page 2 of 2" in older.embeds[0].footer.text
    newer = reply(await alice.click(older, label="Newer"))
    assert [int(n) for n in re.findall(r"`#(\d+)`", newer.embeds[0].description)] == numbers
    assert not env.errors


async def test_replay_buttons_work_after_a_restart(world, settings):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, game, [alice, bob])
    panel = reply(await alice.slash(channel, "game replay"))
    await restart(env, settings)
    moved = reply(await alice.click(panel, label="Last ⏭"))
    assert moved.embeds[0].author.name.startswith(f"Move {game.version} of")
    assert not env.errors

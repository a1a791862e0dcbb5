"""What is played in a private channel stays there (issue 34 item 1): a member who cannot see
the channel gets nothing of its games from /game history, /game replay, /stats, /leaderboard or
a forged replay button; a player of the game still can (also after losing the channel), and so
can a member who sees the channel. A deleted channel's games show to their players only, and a
private thread's to its members."""

from __future__ import annotations

import re

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import ChannelType, OverwriteType

from bot.shell.cogs.history import ReplayButton, ReplayRound
from tests.discord.driver import play_to_end, start_table
from tests.discord.test_history_e2e import board

NOT_HERE = "There is no game #{id} on this server"


def reply(result):
    return result.followups[-1] if result.followups else result.response


def private_channel(env, guild, name, *members):
    """A channel only `members` (and the bot) can view."""
    allowed = {member: discord.PermissionOverwrite(view_channel=True) for member in members}
    return guild.create_text_channel(name, overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        env.bot.user: discord.PermissionOverwrite(view_channel=True), **allowed})


def hide_from(env, channel, member) -> None:
    """An admin takes the channel away from `member` (a member overwrite denying View Channel)."""
    env.backend.set_overwrite(channel.id, Overwrite(target_id=member.id, type=OverwriteType.MEMBER, allow=0,
                                                    deny=discord.Permissions(view_channel=True).value))


async def listed(member, channel) -> set[int]:
    """The game numbers /game history shows the member (every page)."""
    result = reply(await member.slash(channel, "game history"))
    if not result.embeds:
        return set()
    found = {int(n) for n in re.findall(r"`#(\d+)`", result.embeds[0].description)}
    while "Page" in result.embeds[0].footer.text and not re.search(r"Page (\d+) of \1\b", result.embeds[0].footer.text):
        result = reply(await member.click(result, label="Older"))
        found |= {int(n) for n in re.findall(r"`#(\d+)`", result.embeds[0].description)}
    return found


async def replay_shown(member, channel, game_id) -> bool:
    result = reply(await member.slash(channel, "game replay", number=game_id))
    if result.embeds and result.embeds[0].title and result.embeds[0].title.startswith("Replay"):
        return True
    assert NOT_HERE.format(id=game_id) in result.content, result.content
    return False


async def versus_played(member, channel, of) -> int:
    """How many Tiny Duel games against people /stats counts for `of`, as `member` reads it."""
    result = reply(await member.slash(channel, "stats", member=of))
    text = "\n".join(field.value for field in result.embeds[0].fields)
    found = re.search(r"(\d+) played, \d+ won · average place", text)
    return int(found[1]) if found else 0


async def games_rated(member, channel, of) -> int:
    result = reply(await member.slash(channel, "leaderboard", game="tiny-duel"))
    rows = board(result.embeds[0].description) if result.embeds else []
    return next((games for uid, _, games, _ in rows if uid == of.id), 0)


async def send_forged(env, channel, *items) -> discord.Message:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    await env.bot.get_channel(channel.id).send("forged", view=view)
    await env.settle()
    return channel.last_message


async def test_a_member_who_cannot_see_a_private_channel_gets_nothing_of_its_games(world):
    env, guild, channel, (alice, bob, carol), _ = world
    dave = guild.add_member(env.create_user("dave"))
    private = private_channel(env, guild, "alice-and-bob", alice, bob, carol)  # carol sees it, does not play
    secret = await start_table(env, private, "tiny-duel", alice, [bob], options="reveal=on")
    await play_to_end(env.bot, private, secret, [alice, bob])
    public = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, public, [alice, bob])
    await env.settle()

    # dave cannot see the channel: the game is nowhere for him
    assert await listed(dave, channel) == {public.id}
    assert not await replay_shown(dave, channel, secret.id)
    forged = await send_forged(env, channel, ReplayButton(secret.id, 1, "next", "Next").item,
                               ReplayRound(secret.id, discord.ui.Select(
                                   custom_id=f"gh:rpr:{secret.id}", options=[discord.SelectOption(label="x", value="2")])).item)
    for result in (await dave.click(forged, custom_id=f"gh:rp:{secret.id}:1:next"),
                   await dave.select(forged, ["2"], custom_id=f"gh:rpr:{secret.id}")):
        answer = reply(result)
        assert NOT_HERE.format(id=secret.id) in answer.content and not answer.embeds and not answer.attachments
    assert await versus_played(dave, channel, alice) == 1 and await games_rated(dave, channel, alice) == 1
    assert await versus_played(dave, channel, bob) == 1 and await games_rated(dave, channel, bob) == 1
    # carol sees the channel: she sees the game, its replay and its result in the numbers
    assert await listed(carol, channel) == {public.id, secret.id}
    assert await replay_shown(carol, channel, secret.id)
    assert await versus_played(carol, channel, alice) == 2 and await games_rated(carol, channel, alice) == 2
    # bob played it: he keeps seeing it after the channel is taken from him
    hide_from(env, private, bob)
    await env.settle()
    assert await listed(bob, channel) == {public.id, secret.id}
    assert await replay_shown(bob, channel, secret.id)
    assert await games_rated(bob, channel, bob) == 2
    moved = reply(await bob.click(forged, custom_id=f"gh:rp:{secret.id}:1:next"))
    assert moved.embeds and moved.embeds[0].title.startswith("Replay")
    env.errors.clear()  # (the refusals above are errors by design)


async def test_a_deleted_channels_games_show_to_their_players_only(world):
    env, guild, channel, (alice, bob, carol), _ = world
    room = guild.create_text_channel("short-lived")
    game = await start_table(env, room, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, room, game, [alice, bob])
    await env.settle()
    assert game.id in await listed(carol, channel)  # everyone saw the channel while it was there
    env.backend.delete_channel(room.id)
    await env.settle()
    assert await listed(carol, channel) == set()
    assert not await replay_shown(carol, channel, game.id)
    assert await games_rated(carol, channel, alice) == 0
    assert await listed(alice, channel) == {game.id} and await replay_shown(bob, channel, game.id)
    env.errors.clear()


async def test_a_private_threads_games_show_to_its_members(world):
    env, guild, channel, (alice, bob, carol), _ = world
    thread_id = env.backend.create_thread(channel.id, "duel", alice.id, type=ChannelType.PRIVATE_THREAD).id
    env.backend.add_thread_member(thread_id, bob.id)
    await env.settle()
    thread = next(t for t in channel.threads if t.id == thread_id)
    game = await start_table(env, thread, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, thread, game, [alice, bob])
    await env.settle()
    assert await listed(carol, channel) == set()  # she sees the channel, not its private thread
    assert not await replay_shown(carol, channel, game.id)
    env.backend.add_thread_member(thread_id, carol.id)
    await env.settle()
    assert await listed(carol, channel) == {game.id} and await replay_shown(carol, channel, game.id)
    env.errors.clear()

"""A player who can no longer see the game's channel is treated like a member who left the
server (issue 34 item 3): a bot player takes their seat, their DM panel loses its buttons, and
nothing of the game reaches them (no DM panel, no hand, no recap) until they see the channel
again, when the seat comes back to them. Discord tells it by a channel's overwrites or a
member's roles; what no event told is caught when the player acts from a DM or is sent one."""

from __future__ import annotations

import discord
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from tests.discord.driver import component_ids, message_by_id, start_table, take_turn, texts
from tests.discord.test_dm import click_first_option, dm_panel, dm_turn, refused
from tests.discord.test_private_history import hide_from, private_channel

VIEW = discord.Permissions(view_channel=True).value


def show_to(env, channel, member) -> None:
    env.backend.set_overwrite(channel.id, Overwrite(target_id=member.id, type=OverwriteType.MEMBER, allow=VIEW, deny=0))


def turn_text(channel, game) -> str:
    return message_by_id(channel, game.row.turn_message_id).embeds[0].description or ""


async def until_up(env, channel, game, member, others) -> None:
    """Others play in the channel until `member` is up."""
    by_id = {m.id: m for m in others}
    for _ in range(200):
        up = [game.seats[s].user_id for s in game.to_act()]
        if member.id in up:
            return
        await take_turn(env.bot, channel, game, by_id[next(u for u in up if u in by_id)])
    raise AssertionError("never up")


def dms(user) -> int:
    return len(user.dm_channel.history())


async def test_a_player_losing_and_regaining_the_channel(world):
    env, guild, channel, (alice, bob, carol), users = world
    private = private_channel(env, guild, "the-table", alice, bob, carol)
    game = await start_table(env, private, "tiny-duel", alice, [bob, carol])
    await until_up(env, private, game, bob, [alice, carol])
    panel = dm_panel(users[1])  # his turn came to his DMs
    assert component_ids(panel)
    seat = game.seat_of(bob.id)

    hide_from(env, private, bob)  # an admin takes the channel from him: Discord tells the bot
    await env.settle()
    assert game.seats[seat].is_bot and game.seat_of(bob.id) is None and game.row.status == "active"
    assert "bob can no longer see this channel" in turn_text(private, game)
    retired = next(m for m in users[1].dm_channel.history() if m.id == panel.id)
    assert "no longer works" in texts(retired) and not component_ids(retired)
    sent = dms(users[1])
    for _ in range(4):  # the game goes on without him, and nothing of it reaches him
        if game.row.status != "active":
            break
        up = [game.seats[s].user_id for s in game.to_act()]
        await take_turn(env.bot, private, game, alice if alice.id in up else carol)
    assert dms(users[1]) == sent
    hand = await users[1].slash("game hand")
    assert "not playing in any running game" in (hand.followups[-1] if hand.followups else hand.response).content

    show_to(env, private, bob)  # and gives it back
    await env.settle()
    assert game.seats[seat].user_id == bob.id and game.seats[seat].name == "bob"
    assert "bob can see this channel again and takes their seat back" in turn_text(private, game)
    await until_up(env, private, game, bob, [alice, carol])
    version = game.version
    await take_turn(env.bot, private, game, bob)
    assert game.version > version
    env.errors.clear()  # (the refusals above are errors by design)


async def test_a_role_taken_and_given_back(world):
    env, guild, channel, (alice, bob, carol), users = world
    role = guild.create_role("players")
    for member in (alice, bob):
        env.backend.add_member_role(guild.id, member.id, role.id)
    room = guild.create_text_channel("players-only", overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        role: discord.PermissionOverwrite(view_channel=True),
        env.bot.user: discord.PermissionOverwrite(view_channel=True)})
    await env.settle()
    game = await start_table(env, room, "tiny-duel", alice, [bob])
    seat = game.seat_of(bob.id)
    env.backend.remove_member_role(guild.id, bob.id, role.id)
    await env.settle()
    assert game.seats[seat].is_bot
    env.backend.add_member_role(guild.id, bob.id, role.id)
    await env.settle()
    assert game.seats[seat].user_id == bob.id
    env.errors.clear()


async def test_a_dm_click_is_checked_when_no_event_told(world):
    env, guild, channel, (alice, bob, carol), users = world
    private = private_channel(env, guild, "the-table", alice, bob)
    game = await start_table(env, private, "tiny-duel", alice, [bob])
    await until_up(env, private, game, bob, [alice])
    panel = dm_panel(users[1])
    await env.bot.remove_cog("AccessCog")  # no gateway event reaches the seat logic
    hide_from(env, private, bob)
    await env.settle()
    assert game.seat_of(bob.id) is not None  # nobody told the bot yet
    version = game.version
    result = await click_first_option(users[1], panel)
    assert "You can no longer see this game's channel" in refused(result)
    assert game.seat_of(bob.id) is None and game.version > version  # a bot played his turn instead
    hand = await users[1].slash("game hand", game=game.id)
    assert "not playing" in (hand.followups[-1] if hand.followups else hand.response).content
    env.errors.clear()


async def test_no_dm_goes_to_a_player_who_cannot_see_the_channel(world):
    env, guild, channel, (alice, bob, carol), users = world
    private = private_channel(env, guild, "the-table", alice, bob, carol)
    game = await start_table(env, private, "tiny-duel", alice, [bob, carol])
    await until_up(env, private, game, bob, [alice, carol])
    await dm_turn(game, bob, users[1])
    await env.bot.remove_cog("AccessCog")
    hide_from(env, private, bob)
    await env.settle()
    sent = dms(users[1])
    while game.seat_of(bob.id) is not None and game.row.status == "active":
        up = game.seats[game.to_act()[0]].user_id
        if up == bob.id:
            break
        await take_turn(env.bot, private, game, alice if up == alice.id else carol)
        await env.settle()
    assert game.seat_of(bob.id) is None  # found when his turn was to go to his DMs: a bot took it
    assert dms(users[1]) == sent
    assert "bob can no longer see this channel" in turn_text(private, game)


async def test_the_last_person_keeps_the_seat_and_a_lobby_seat_is_freed(world):
    env, guild, channel, (alice, bob, carol), users = world
    private = private_channel(env, guild, "the-table", alice, bob)
    solo = await start_table(env, private, "tiny-duel", alice, bots=1)
    hide_from(env, private, alice)
    await env.settle()
    assert solo.seat_of(alice.id) == 0 and solo.row.status == "active"  # the game waits for her
    other = private_channel(env, guild, "the-lobby", alice, bob)
    lobby = (await alice.slash(other, "game new", game="tiny-duel")).response
    await bob.click(lobby, label="Join")
    waiting = await env.bot.sessions.in_channel(other.id)
    hide_from(env, other, bob)
    await env.settle()
    assert [s.user_id for s in waiting.seats] == [alice.id]
    assert "bob" not in str(message_by_id(other, lobby.id).embeds[0].to_dict())

"""Platform defects of issue 20, each driven through Discord the way people (or a forger) would:
/game list and hidden channels, a seat's way back after a chain of substitutes, a takeover vote
nobody offered, component ids with non-ASCII digits, and error replies echoing huge input."""

from __future__ import annotations

import discord

from bot import ui
from tests.discord.driver import start_table, take_turn


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_game_list_names_only_channels_the_member_can_see(world):
    env, guild, channel, (alice, bob, carol), _ = world
    hidden = guild.create_text_channel("alice-and-carol", overwrites={
        guild.default_role: discord.PermissionOverwrite(view_channel=False),
        alice: discord.PermissionOverwrite(view_channel=True),
        carol: discord.PermissionOverwrite(view_channel=True),
        env.bot.user: discord.PermissionOverwrite(view_channel=True),
    })
    await start_table(env, hidden, "tiny-duel", alice, [carol])
    await start_table(env, channel, "tiny-duel", bob, [carol])
    seen_by_bob = reply(await bob.slash(channel, "game list")).content
    assert f"<#{channel.id}>" in seen_by_bob
    assert f"<#{hidden.id}>" not in seen_by_bob and "alice" not in seen_by_bob
    seen_by_alice = reply(await alice.slash(channel, "game list")).content
    assert f"<#{hidden.id}>" in seen_by_alice and f"<#{channel.id}>" in seen_by_alice


async def test_a_seat_comes_back_to_its_player_after_a_chain_of_substitutes(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    dave = guild.add_member(env.create_user("dave"))
    await bob.slash(channel, "game seat give", seat=2, member=carol)
    await carol.slash(channel, "game seat give", seat=2, member=dave)
    assert game.seats[1].user_id == dave.id and not env.errors
    back = reply(await bob.slash(channel, "game seat give", seat=2, member=bob))
    assert not env.errors, back.content
    assert game.seats[1].user_id == bob.id
    # carol, only a link in the chain, cannot take it back for herself
    await bob.slash(channel, "game seat give", seat=2, member=dave)
    refused = reply(await carol.slash(channel, "game seat give", seat=2, member=carol))
    assert env.errors and "Only the host" in refused.content and game.seats[1].user_id == dave.id


async def test_a_takeover_vote_nobody_offered_is_refused(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)  # carol to act; no reminder has offered a vote
    await env.bot.get_channel(channel.id).send("forged", view=ui.takeover_view(game))
    await env.settle()
    forged = channel.last_message
    version = game.version
    for voter in (alice, bob):
        refused = reply(await voter.click(forged, label="Let a bot play this turn"))
        assert refused.ephemeral and "offered" in refused.content
    assert game.version == version and 2 in game.to_act()
    assert all(a.user_id is not None for a in await env.bot.storage.actions(game.id))


async def test_component_ids_with_non_ascii_digits_match_nothing(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    digits = "".join(chr(0x0660 + int(d)) for d in str(game.id))  # Arabic-Indic digits: int() reads them
    assert int(digits) == game.id
    forged = discord.ui.View(timeout=None)
    forged.add_item(discord.ui.Button(label="Take turn", custom_id=f"gh:turn:{digits}"))
    await env.bot.get_channel(channel.id).send("forged", view=forged)
    await env.settle()
    before = len(channel.history(viewer=alice))
    result = await alice.click(channel.last_message, label="Take turn")
    assert result.response is None and not result.followups, "no component may claim that id"
    assert len(channel.history(viewer=alice)) == before


async def test_error_replies_echo_at_most_a_short_piece_of_the_input(world):
    env, guild, channel, (alice, bob, carol), _ = world
    result = await alice.slash(channel, "game new", game="tiny-duel", options="k" * 5990 + "=1")
    assert env.errors
    text = reply(result).content
    assert "unknown option" in text and "k" * 101 not in text and "shortened" in text

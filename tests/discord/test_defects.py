"""Platform defects of issue 20, each driven through Discord the way people (or a forger) would:
/game list and hidden channels, a seat's way back after a chain of substitutes, a takeover vote
nobody offered, component ids with non-ASCII digits, and error replies echoing huge input."""

from __future__ import annotations

import discord

from bot.shell.ui import table as ui
from tests.discord.driver import component_ids, message_by_id, panel_of, start_table, take_turn


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


async def test_ares_coop_partners_take_cubes_from_panels_opened_before_each_other(world):
    """Issue 20 #4: a partner's copper cube changes "N cubes left" on the other's option; the
    other's open panel must still take their pick (its picks did not change, only a text)."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "ares-expedition", alice, [bob], options="mode=coop")
    by_seat = {0: alice, 1: bob}

    def cubes_for_both():
        pending = game.pending()
        return len(pending) == 2 and all(any(o.id == "cube" for o in d.options) for d in pending)

    for _ in range(60):
        if cubes_for_both():
            break
        await take_turn(env.bot, channel, game, by_seat[game.to_act()[0]])
    assert cubes_for_both()
    panels_open = {}
    for seat, user in by_seat.items():
        turn = message_by_id(channel, game.row.turn_message_id)
        panels_open[seat] = panel_of(await user.click(turn, label="Take turn"))
    for seat, user in by_seat.items():
        decision = game.rules.decision_for(game.state, seat)
        index = [o.id for o in decision.options].index("cube")
        wanted = next(c for c in component_ids(panels_open[seat])
                      if c.startswith("gh:pick:") and c.endswith(f":{index}"))
        result = await user.click(panels_open[seat], custom_id=wanted)
        assert not env.errors, reply(result).content
    picked = [(a.seat, a.choice) for a in await env.bot.storage.actions(game.id) if a.choice == "cube"]
    assert picked[-2:] == [(0, "cube"), (1, "cube")]


async def test_menu_values_with_non_ascii_digits_pick_nothing(world):
    """A forged menu whose value is '١' (Arabic-Indic one): int() reads it as option index 1."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    decision = game.rules.decision_for(game.state, 0)
    second = decision.options[1].id
    menu = discord.ui.Select(custom_id=f"gh:sel:{game.id}:{game.stamp(0)}:0", min_values=1, max_values=1,
                             options=[discord.SelectOption(label="forged", value="\u0661")])
    forged = discord.ui.View(timeout=None)
    forged.add_item(menu)
    await env.bot.get_channel(channel.id).send("forged", view=forged)
    await env.settle()
    await alice.select(channel.last_message, ["\u0661"])
    chosen = [a.choice for a in await env.bot.storage.actions(game.id) if a.seat == 0]
    assert all(second not in (c if isinstance(c, list) else [c]) for c in chosen), chosen

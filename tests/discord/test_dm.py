"""Playing from DMs (issue 25): the "your turn" DM carries the whole panel (hand, decision,
recap, link) and is played in place; stale or foreign DM buttons are refused; a seat handed
over stops reaching its old holder; closed DMs are explained once in the channel."""

from __future__ import annotations

import pytest

from bot import dm

from tests.discord.driver import component_ids, panel_of, pick, start_table, take_turn, texts


def dm_panel(user):
    """The newest DM panel the bot sent `user` (as it is now, edits included)."""
    found = [m for m in user.dm_channel.history() if m.components]
    assert found, "no DM panel"
    return found[-1]


async def dm_turn(game, member, user):
    """One choice made on the DM panel, as a bot player would choose."""
    panel = dm_panel(user)
    seat = game.seat_of(member.id)
    decision = game.rules.decision_for(game.state, seat)
    assert game.rules.title in texts(panel) and decision is not None
    return await pick(user, panel, game, decision, game.rules.bot_choice(game.state, seat))  # the user clicks in DMs


async def play_from_dms_and_channel(env, channel, game, in_dms, in_channel, users_by_id, max_steps=3000):
    """Play to the end: `in_dms` only from their DM panels, `in_channel` only from the channel."""
    dm_moves = 0
    for _ in range(max_steps):
        if game.row.status != "active":
            return dm_moves
        user_id = game.seats[game.to_act()[0]].user_id
        if user_id == in_dms.id:
            before = game.version
            result = await dm_turn(game, in_dms, users_by_id[user_id])
            assert game.version > before or (result.response and result.response.components), "a DM pick was lost"
            dm_moves += 1
        else:
            await take_turn(env.bot, channel, game, in_channel)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("slug", ["tiny-duel", "pocket-mars"])
async def test_a_whole_game_played_from_dms_by_one_player_and_the_channel_by_another(world, slug):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, slug, alice, [bob])
    panel = dm_panel(users[0])
    shown = texts(panel)
    assert game.rules.title in shown and f"/{game.row.channel_id}/" in shown  # which game, and the way to it
    assert any(a.filename == "private.png" for a in panel.attachments) or game.seat_of(alice.id) not in game.to_act()
    assert "gh:dmr:%d" % game.id in component_ids(panel)
    moves = await play_from_dms_and_channel(env, channel, game, alice, bob, {u.id: u for u in users})
    assert game.row.status == "finished" and moves > 0
    assert "Game over" in channel.last_message.content
    # the DM moves were announced in the channel like any other; no private image went public
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)
    assert not env.errors

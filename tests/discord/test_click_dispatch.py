"""The bot's components reach their items without discord.py rebuilding the clicked message as
a view (`bot.shell.dispatch`): with `View.from_message` refused, buttons, menus over several
pages, Confirm and the turn message's buttons still work, and a panel is refreshed after each."""

from __future__ import annotations

import discord

from bot.shell import dispatch
from tests.discord.driver import message_by_id, panel_of, start_table, take_turn


def _refuse(cls, message, /, *, timeout=None):
    raise AssertionError("the whole message was made into a view")


async def test_clicks_reach_their_items_without_a_view_of_the_whole_message(world, monkeypatch):
    env, guild, channel, (alice, bob, _), _ = world
    monkeypatch.setattr(discord.ui.View, "from_message", classmethod(_refuse))
    monkeypatch.setattr(discord.ui.LayoutView, "from_message", classmethod(_refuse))
    game = await start_table(env, channel, "tiny-duel", alice, [bob], options="hand=30")  # menus over pages
    by_id = {alice.id: alice, bob.id: bob}
    for _ in range(6):
        if game.row.status != "active":
            break
        version = game.version
        seat = game.to_act()[0]
        await take_turn(env.bot, channel, game, by_id[game.seats[seat].user_id])
        assert game.version > version  # the pick reached its item and was applied
    turn = message_by_id(channel, game.row.turn_message_id)
    hand = await alice.click(turn, label="My hand")
    assert panel_of(hand).attachments  # the turn message's buttons too


def test_another_discord_py_release_keeps_its_own_dispatch():
    """The dispatch is replaced only where discord.py's private method has the shape this was
    written for; a release that changed it dispatches clicks itself (slower, never broken)."""
    async def changed(self, component_type, factory, interaction, custom_id, match, view_cls):
        """A later release's method with one more parameter."""
    assert dispatch.fits()
    assert not dispatch.fits(changed)
    assert dispatch.install(discord.Client(intents=discord.Intents.none())) is dispatch.fits()

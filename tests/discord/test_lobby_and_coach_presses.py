"""The lobby's bot-level menu (`gh:lobbybot:<game>`) and the guided table's Coach off/on button
(`gh:coach:on|off:<game>`) pressed by everyone who can click them, end to end in SimCord: the
person they are for, a seated player who is not the host or not up, an outsider, and each of them
again after a restart into a fresh process (the component on a message posted before the restart
still dispatches). Only the right person's press changes anything; every other press gets a
plain ephemeral answer and leaves the table as it was (checked in storage and in the live game)."""

from __future__ import annotations

import discord

from bot.platform import guide
from bot.shell.ui.guide import CoachButton
from tests.discord.driver import components, message_by_id, panel_of, restart, take_turn, texts
from tests.discord.test_guided_game import coach_head, open_guided

ONLY_THE_HOST = "Only the player who created the game"
NOT_PLAYING = "You are not playing in this game"


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def seat_levels(env, game_id: int) -> list[tuple[int | None, str | None]]:
    return [(s.user_id, s.level) for s in await env.bot.storage.seats(game_id)]


async def test_the_lobby_bot_menu_adds_a_bot_for_the_host_only_before_and_after_a_restart(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="pocket-mars")).response
    await bob.click(lobby, label="Join")
    game = await env.bot.sessions.in_channel(channel.id)
    menu = f"gh:lobbybot:{game.id}"
    seated = [(alice.id, None), (bob.id, None)]
    mark = env.error_cursor

    for user in (bob, carol):  # a seated player who is not the host, and an outsider
        answer = reply(await user.select(message_by_id(channel, lobby.id), ["hard"], custom_id=menu))
        assert answer.ephemeral and ONLY_THE_HOST in answer.content and "add bot players" in answer.content
        assert await seat_levels(env, game.id) == seated and len(game.seats) == 2
    assert "Bot 1" not in str(message_by_id(channel, lobby.id).embeds[0].to_dict())

    await restart(env, settings)  # the menu on the lobby posted by the old process
    for user in (bob, carol):
        answer = reply(await user.select(message_by_id(channel, lobby.id), ["hard"], custom_id=menu))
        assert answer.ephemeral and ONLY_THE_HOST in answer.content
    assert await seat_levels(env, game.id) == seated
    await alice.select(message_by_id(channel, lobby.id), ["hard"], custom_id=menu)
    assert await seat_levels(env, game.id) == [*seated, (None, "hard")]
    assert "Bot 1 (Bot · hard)" in "\n".join(f.value for f in message_by_id(channel, lobby.id).embeds[0].fields)
    live = await env.bot.sessions.in_channel(channel.id)
    assert [s.bot_level for s in live.seats] == [None, None, "hard"]
    assert not env.errors_since(mark)


async def post_coach_button(env, channel, what: str, game_id: int) -> discord.Message:
    """A message in the channel carrying the coach button as the bot draws it, so that people
    other than the panel's owner can press the same custom_id (a panel itself is ephemeral)."""
    view = discord.ui.View(timeout=None)
    view.add_item(CoachButton(what, game_id))
    await env.bot.get_channel(channel.id).send("coach", view=view)
    await env.settle()
    return channel.last_message


async def test_the_coach_button_switches_only_the_pressers_own_coach_before_and_after_a_restart(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    game, _ = await open_guided(env, channel, alice, "petrichor", friends=[bob])
    by_id = {alice.id: alice, bob.id: bob}
    for _ in range(40):  # on to a moment only one of them is up (both pick at once at the start)
        if len(game.to_act()) == 1:
            break
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
    up = by_id[game.seats[game.to_act()[0]].user_id]
    waiting = bob if up is alice else alice
    assert game.seat_of(waiting.id) not in game.to_act()
    up_seat, waiting_seat = game.seat_of(up.id), game.seat_of(waiting.id)
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await up.click(turn, custom_id=f"gh:turn:{game.id}"))
    assert coach_head("en") in texts(panel)
    off = await post_coach_button(env, channel, "off", game.id)
    version, mark = game.version, env.error_cursor

    # an outsider: refused, nobody's coach changes
    answer = reply(await carol.click(off, custom_id=f"gh:coach:off:{game.id}"))
    assert answer.ephemeral and NOT_PLAYING in answer.content
    assert guide.coached(game, up_seat) and guide.coached(game, waiting_seat)
    # a seated player who is not up switches their own coach, and only theirs; the game does not move
    answer = reply(await waiting.click(off, custom_id=f"gh:coach:off:{game.id}"))
    assert answer.ephemeral and answer.content.startswith("Coach off: your panels show no coach")
    assert not guide.coached(game, waiting_seat) and guide.coached(game, up_seat)
    assert game.version == version

    await restart(env, settings)
    game = await env.bot.sessions.in_channel(channel.id)
    assert not guide.coached(game, waiting_seat) and guide.coached(game, up_seat)  # kept with the game
    # the up player's own panel, posted before the restart: its Coach off still answers
    shown = reply(await up.click(panel, custom_id=f"gh:coach:off:{game.id}"))
    assert shown.ephemeral and coach_head("en") not in texts(shown)
    assert not guide.coached(game, up_seat)
    assert "Coach on" in [c.get("label") for c in components(shown)]
    on = await post_coach_button(env, channel, "on", game.id)
    answer = reply(await carol.click(on, custom_id=f"gh:coach:on:{game.id}"))
    assert answer.ephemeral and NOT_PLAYING in answer.content
    assert not guide.coached(game, up_seat) and not guide.coached(game, waiting_seat)
    answer = reply(await waiting.click(on, custom_id=f"gh:coach:on:{game.id}"))
    assert answer.ephemeral and answer.content.startswith("Coach on: your next panel shows the coach")
    assert guide.coached(game, waiting_seat) and not guide.coached(game, up_seat)
    assert (await env.bot.storage.game(game.id)).meta[guide.META]["off"] == [up_seat]  # as stored
    assert game.version == version and game.row.status == "active"
    assert not env.errors_since(mark)

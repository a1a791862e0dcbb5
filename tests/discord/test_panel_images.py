"""The private image on a panel is drawn only when it can have changed and is worth showing:
once per game version and seat, and not at all on a panel with nothing to decide."""

from __future__ import annotations

import renderers
from bot.shell import images

from tests.discord.driver import message_by_id, panel_of, pick, start_table


def count_private_draws(bot) -> list[int]:
    """Wrap the bot's render pool so each private image drawn is noted (its count in a list)."""
    drawn = [0]
    original = bot.renders.draw

    async def draw(kind, slug, view, names, locale="en"):
        if kind == "private":
            drawn[0] += 1
        return await original(kind, slug, view, names, locale=locale)

    bot.renders.draw = draw
    return drawn


async def test_private_image_once_per_version_and_only_with_a_decision(world):
    env, guild, channel, (alice, bob, carol), _ = world
    for member in (alice, bob, carol):  # short DMs: a DM panel would draw (and cache) the images first
        await member.slash(channel, "settings dm", mode="notice")
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    drawn = count_private_draws(env.bot)
    turn = message_by_id(channel, game.row.turn_message_id)
    first = panel_of(await alice.click(turn, label="Take turn"))
    assert drawn[0] == 1 and first.attachments[0].filename == "private.png"
    again = panel_of(await alice.click(turn, label="Take turn"))  # nothing moved: the same image, not redrawn
    assert drawn[0] == 1 and again.attachments[0].filename == "private.png"
    result = await pick(alice, again, game, game.rules.decision_for(game.state, 0), [])
    refreshed = result.response if result.response is not None else panel_of(result)
    assert drawn[0] == 1  # alice now waits for the others: her refreshed panel has no image to draw
    assert game.rules.decision_for(game.state, 0) is None
    hand = panel_of(await alice.click(turn, label="My hand"))  # My hand still shows it, any time
    assert hand.attachments[0].filename == "private.png" and drawn[0] == 2
    panel_of(await bob.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    assert drawn[0] == 3  # bob's own image
    assert refreshed is not None


async def test_the_board_is_drawn_once_per_move_beside_the_movers_panel(world):
    """A pick starts drawing the board as soon as the move is stored, before the mover's next
    panel asks for its image (so the two are drawn side by side, not one after the other): the
    turn message then shows exactly that board, drawn once."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-chain", alice, [bob])
    asked: list[tuple[str, int]] = []
    original = env.bot.renders.draw

    async def draw(kind, slug, view, names, locale="en"):
        asked.append((kind, view["seq"]))
        return await original(kind, slug, view, names, locale=locale)

    env.bot.renders.draw = draw
    panel = panel_of(await alice.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    asked.clear()
    await pick(alice, panel, game, game.rules.decision_for(game.state, 0), "a")
    seq = game.state.seq
    assert game.rules.decision_for(game.state, 0) is not None  # alice goes on: her panel shows her hand
    assert asked.count(("public", seq)) == 1 and ("private", seq) in asked
    assert asked.index(("public", seq)) < asked.index(("private", seq))
    turn = message_by_id(channel, game.row.turn_message_id)
    shown = await turn.attachments[0].read()
    assert shown == renderers.render_public("tiny-chain", game.rules.view(game.state, None), game.names())


async def test_a_dm_panels_image_is_shown_again_on_take_turn_without_asking_the_render_pool(world):
    """The DM panel of a player who has not moved yet draws their hand; their Take turn in the
    channel at the same version shows those bytes again, without working out the view or asking
    the render pool."""
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    dm = next(m for m in users[0].dm_channel.history() if m.attachments)  # her DM panel, with her hand
    asked = count_private_draws(env.bot)
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    assert asked[0] == 0
    assert await panel.attachments[0].read() == await dm.attachments[0].read()


async def test_panel_images_kept_are_bounded(world, monkeypatch):
    """Past `PRIVATE_IMAGES_KEPT` panel images the oldest is forgotten (and asked for again)."""
    monkeypatch.setattr(images, "PRIVATE_IMAGES_KEPT", 1)
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])  # three DM panels, one kept
    asked = count_private_draws(env.bot)
    turn = message_by_id(channel, game.row.turn_message_id)
    panel_of(await alice.click(turn, label="Take turn"))
    assert asked[0] == 1 and len(env.bot.images._private) == 1
    panel_of(await alice.click(turn, label="Take turn"))  # now hers is the one kept
    assert asked[0] == 1

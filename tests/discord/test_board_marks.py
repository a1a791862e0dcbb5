"""The map beside the choice (issue 21 item 4), as a player meets it in Discord: a Voidfall
decision about sectors shows the map with those sectors marked by the panel's option numbers;
any other decision shows the house board as before."""

from __future__ import annotations

import renderers
from bot.shell import panels
from tests.discord.driver import components, message_by_id, panel_of, start_table, take_turn, texts


async def play_until(env, channel, game, user, wanted, steps: int = 600):
    """Take turns as a player would until the seat's open decision satisfies `wanted`."""
    seat = game.seat_of(user.id)
    for _ in range(steps):
        decision = game.rules.decision_for(game.state, seat)
        if decision is not None and wanted(decision):
            return decision
        await take_turn(env.bot, channel, game, user)
    raise AssertionError("no such decision came up")


def faces(panel) -> str:
    """Every text, button label and menu entry the panel shows."""
    shown = [texts(panel)]
    for component in components(panel):
        shown.append(component.get("label") or "")
        shown += [option["label"] for option in component.get("options", [])]
    return "\n".join(shown)


async def test_a_sector_decision_shows_the_marked_map_and_others_the_house_board(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, options="difficulty=easy")
    # a decision that is not about the map: the house board, as before
    plain = await play_until(env, channel, game, alice, lambda d: not game.rules.places(game.state, d))
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    shown = await panel.attachments[0].read()
    assert shown == renderers.render_private("voidfall", game.rules.view(game.state, 0), game.names())
    assert plain is not None

    decision = await play_until(env, channel, game, alice, lambda d: bool(game.rules.places(game.state, d)))
    places = game.rules.places(game.state, decision)
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    assert panel.ephemeral and panel.attachments[0].filename == "private.png"  # the panel's one image
    marks = panels.board_marks(decision, places)
    view = game.rules.view(game.state, 0) | {"marks": marks}
    assert await panel.attachments[0].read() == renderers.render_marked("voidfall", view, game.names())
    assert marks["spots"] or marks["moves"]
    # the numbers on the map are the ones the panel gives the options
    seen = faces(panel)
    for number, option in enumerate(decision.options, start=1):
        assert f"{number} · " in seen, (decision.prompt, number, option.label)
    assert " · 1 · " not in seen and "1 · 1 · " not in seen  # never numbered twice

    # choosing through the numbered panel works as before
    await take_turn(env.bot, channel, game, alice)
    assert game.rules.decision_for(game.state, 0) != decision or game.row.status != "active"

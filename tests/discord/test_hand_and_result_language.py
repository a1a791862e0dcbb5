"""What a Traditional Chinese reader gets that used to come in English (issue 33 items 3-5), end
to end in SimCord: their hand from **My hand** and `/game hand` is drawn in their language (the
callers passed the reader's locale where the marked board's places go), the Voidfall "My hand"
is the house board without a failed marked map behind it, a marked map that fails is logged as
an error, and "Winner: <names>." reads in Chinese in the channel, the DM, `/game status` and
`/game board`."""

from __future__ import annotations

import logging

import renderers
from bot.platform.words import T, say
from tests.discord.driver import message_by_id, start_table
from tests.discord.test_board_marks import play_until
from tests.discord.test_history_e2e import finish_by_sessions
from tests.discord.test_languages import ZH, client_locales, drawn  # noqa: F401  (fixtures)


def reply(result):
    return result.followups[-1] if result.followups else result.response


def fresh(env, game) -> None:
    """Forget the images kept for redraws, so the next ones are drawn anew."""
    env.bot.images.forget(game.id)
    env.bot.renders.drawn = type(env.bot.renders.drawn)()


def errors(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_my_hand_and_game_hand_are_drawn_in_the_readers_language(world, client_locales, drawn, caplog):
    env, guild, channel, (alice, bob, _), _ = world
    client_locales[alice.id] = ZH
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    turn = message_by_id(channel, game.row.turn_message_id)
    fresh(env, game)
    drawn.clear()
    hand = reply(await alice.click(turn, label="My hand"))
    assert hand.ephemeral and hand.attachments[0].filename == "private.png"
    assert drawn == [("private", ZH)], drawn  # no marked board, nothing in English
    fresh(env, game)
    drawn.clear()
    answer = reply(await alice.slash(channel, "game hand"))
    assert answer.attachments and drawn == [("private", ZH)], drawn
    drawn.clear()
    reply(await bob.slash(channel, "game hand"))
    assert drawn == [("private", "en")]  # each reader their own
    assert not errors(caplog), errors(caplog)


async def test_voidfall_my_hand_is_the_house_board_and_a_failing_marked_map_is_logged(world, caplog, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "voidfall", alice, options="difficulty=easy")
    decision = await play_until(env, channel, game, alice, lambda d: bool(game.rules.places(game.state, d)))
    assert decision is not None
    turn = message_by_id(channel, game.row.turn_message_id)
    caplog.clear()
    hand = reply(await alice.click(turn, label="My hand"))
    assert await hand.attachments[0].read() == renderers.render_private("voidfall", game.rules.view(game.state, 0),
                                                                        game.names())
    assert not errors(caplog), errors(caplog)  # (it was: 'str' object has no attribute 'get', then the house board)

    def broken(view, names, locale="en"):
        raise RuntimeError("the map could not be drawn")

    monkeypatch.setattr(renderers._module("voidfall"), "marked", broken)
    fresh(env, game)
    panel = reply(await alice.click(turn, label="Take turn"))
    assert panel.attachments and panel.attachments[0].filename == "private.png"  # the house board instead
    logged = [r for r in caplog.records if r.levelno >= logging.ERROR and "marked" in r.getMessage()]
    assert logged and logged[0].exc_info, errors(caplog)


async def test_the_winner_line_reads_in_chinese_everywhere(world, client_locales):
    env, guild, channel, (alice, bob, _), users = world
    client_locales[alice.id] = ZH
    client_locales[bob.id] = ZH
    await env.bot.storage.set_dm_mode(alice.id, "notice")  # her result comes by DM (issue 38: her route)
    lobby = reply(await alice.slash(channel, "game new", game="tiny-duel", language=ZH))
    await bob.click(lobby, label=say(T("Join"), ZH))
    await alice.click(lobby, label=say(T("Start"), ZH))
    game = await env.bot.sessions.in_channel(channel.id)
    await finish_by_sessions(env, game)
    await env.settle()
    winners = tuple(game.seats[s].name for s in game.rules.outcome(game.state).winners)
    chinese = say(T("Winner: {names}.", names=winners), ZH)
    assert chinese != say(T("Winner: {names}.", names=winners), "en")
    result = message_by_id(channel, game.row.turn_message_id)
    assert chinese in result.content and "Winner" not in result.content
    dm = users[0].dm_channel.history()[-1]
    assert chinese in dm.content and "Winner" not in dm.content
    status = reply(await alice.slash(channel, "game status"))
    assert chinese in status.content and "Winner" not in status.content
    board = reply(await alice.slash(channel, "game board"))
    assert chinese in board.content and "Winner" not in board.content

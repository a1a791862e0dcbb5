"""Bot players at levels through the real UI (issue 37 items 2, 4, 6; issue 34 item 2; issue 36
item 4): a bot added at a level from the lobby's menu and with `/game seat bot level:`, shown on
the seat as "Bot · hard" in both languages and kept across a restart; a stand-in for a timed-out
turn at the table's `bots` level; a hard bot thinking in the worker while another table's click is
answered (by the order of events, never by wall time); Suggest deferred first, then answered
with its reason. Searches are limited by simulated steps in tests (tests/conftest.py)."""

from __future__ import annotations

import asyncio
import time

from bot.platform.bot_thinker import BOT_THINKER
from tests.discord.driver import message_by_id, panel_of, restart, start_table, take_turn
from tests.discord.test_platform import acknowledge

DAY = 86_400


def reply(result):
    return result.followups[-1] if result.followups else result.response


def seat_lines(message) -> str:
    return "\n".join(f.value for f in message.embeds[0].fields)


class HeldThoughts:
    """Holds every bot thought at the door of the worker until `release()`: the test sees what
    the bot answered while a thought was pending. The thought itself still runs in the worker."""

    def __init__(self, env, monkeypatch) -> None:
        self.env = env
        self.events: list[str] = []
        self.asked: list[tuple[str, bool]] = []  # (level, analysis) of each thought
        self._open = asyncio.Event()
        original = BOT_THINKER._answer

        async def held(rules, state, seat, ask):
            self.asked.append((ask.request.level, ask.analysis))
            self.events.append("thinking")
            await env.external_wait(self._open.wait(), reason="the test holds a bot's thought")
            thought = await original(rules, state, seat, ask)
            self.events.append("thought")
            return thought

        monkeypatch.setattr(BOT_THINKER, "_answer", held)

    async def release(self) -> None:
        self._open.set()
        await self.env.settle()


async def test_a_bot_added_from_the_lobby_at_a_level_shows_on_the_seat_in_both_languages(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="pocket-mars")).response
    await alice.select(lobby, ["hard"], custom_id=f"gh:lobbybot:{(await env.bot.sessions.in_channel(channel.id)).id}")
    await alice.click(lobby, label="Add bot")  # the plain button: the table's level (normal by default)
    shown = seat_lines(message_by_id(channel, lobby.id))
    assert "Bot 1 (Bot · hard)" in shown and "Bot 2 (Bot · normal)" in shown
    game = await env.bot.sessions.in_channel(channel.id)
    assert [s.level for s in await env.bot.storage.seats(game.id)] == [None, "hard", "normal"]
    mark = env.error_cursor

    other = guild.create_text_channel("zh")
    zh_lobby = (await bob.slash(other, "game new", game="petrichor", language="zh-TW",
                                options="bots=easy")).response
    zh_game = await env.bot.sessions.in_channel(other.id)
    await bob.select(zh_lobby, ["hard"], custom_id=f"gh:lobbybot:{zh_game.id}")
    await bob.click(zh_lobby, custom_id=f"gh:lobby:addbot:{zh_game.id}")
    shown = seat_lines(message_by_id(other, zh_lobby.id))
    assert "（機器人 · 困難）" in shown and "（機器人 · 簡單）" in shown  # the plain button: the table's bots=easy
    await bob.click(zh_lobby, custom_id=f"gh:lobby:start:{zh_game.id}")
    status = reply(await bob.slash(other, "game status")).content  # an ephemeral answer: bob reads English
    assert "Bot 1 (Bot · hard)" in status and "Bot 2 (Bot · easy)" in status
    await bob.slash(other, "settings language", language="zh-TW")
    status = reply(await bob.slash(other, "game status")).content
    assert "機器人 · 困難" in status and "機器人 · 簡單" in status

    await alice.click(lobby, label="Start")
    bot = await restart(env, settings)
    game = await bot.sessions.in_channel(channel.id)
    assert [s.bot_level for s in game.seats] == [None, "hard", "normal"]  # the level is stored with the seat
    assert "Bot · hard" in reply(await carol.slash(channel, "game status")).content
    assert not env.errors_since(mark)


async def test_game_seat_bot_takes_a_level(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob])
    done = reply(await alice.slash(channel, "game seat bot", seat=2, level="hard"))
    assert "Bot (bob) (Bot · hard)" in done.content
    assert game.seats[1].bot_level == "hard"
    assert (await env.bot.storage.seats(game.id))[1].level == "hard"
    assert "Bot · hard" in reply(await carol.slash(channel, "game status")).content
    # the host can change the level of a bot seat
    reply(await alice.slash(channel, "game seat bot", seat=2, level="easy"))
    assert game.seats[1].bot_level == "easy" and game.seats[1].name == "Bot (bob)"
    assert not env.errors


async def test_a_game_without_search_offers_only_its_bot(world):
    env, guild, channel, (alice, bob, carol), _ = world
    refused = reply(await alice.slash(channel, "game new", game="tiny-duel", options="bots=hard"))
    assert refused.ephemeral and "bot levels" in refused.content
    lobby = (await alice.slash(channel, "game new", game="tiny-duel")).response
    assert not any("gh:lobbybot" in str(row) for row in lobby.components)  # one level: no menu
    acknowledge(env)


async def test_a_timed_out_turn_is_played_at_the_tables_level(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="petrichor", pace="daily", options="bots=hard")).response
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    game = await env.bot.sessions.in_channel(channel.id)
    await alice.slash(channel, "game timeout", policy="bot")
    await bob.slash(channel, "game timeout", policy="bot")
    levels: list[str] = []
    original = BOT_THINKER.think

    async def spying(rules, state, seat, level="normal"):
        levels.append(level)
        return await original(rules, state, seat, level)

    monkeypatch.setattr(BOT_THINKER, "think", spying)
    await env.bot.get_cog("RemindersCog").check(now=time.time() + 10 * DAY)
    actions = await env.bot.storage.actions(game.id)
    stood_in = [a for a in actions if a.user_id is None and a.kind == "choice"]
    assert stood_in and levels and set(levels) == {"hard"}  # every stand-in thought at bots=hard
    assert all(not s.is_bot for s in game.seats)  # a stand-in for a turn, not a seat taken
    assert not env.errors


async def test_a_hard_bot_thinks_in_the_worker_while_another_tables_click_is_answered(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    lobby = (await alice.slash(channel, "game new", game="pocket-mars")).response
    game = await env.bot.sessions.in_channel(channel.id)
    await alice.select(lobby, ["hard"], custom_id=f"gh:lobbybot:{game.id}")
    await alice.click(lobby, label="Start")
    other = guild.create_text_channel("other")
    busy = await start_table(env, other, "petrichor", bob, [carol])
    held = HeldThoughts(env, monkeypatch)
    in_process = BOT_THINKER.in_process
    clicked = None
    for _ in range(40):  # alice plays until her move hands the turn to the hard bot
        clicked = await take_turn(env.bot, channel, game, alice)
        if held.events:
            break
    assert held.events == ["thinking"] and held.asked[-1] == ("hard", False)
    assert clicked is not None and clicked.acknowledged  # alice's click was answered before the bot thought
    version = game.version
    up = {bob.id: bob, carol.id: carol}[busy.seats[busy.to_act()[0]].user_id]
    answer = await up.click(message_by_id(other, busy.row.turn_message_id), label="Take turn")
    held.events.append("other table answered")
    assert answer.acknowledged and panel_of(answer).ephemeral
    assert game.version == version  # the hard bot has not moved yet
    await held.release()
    assert held.events[:3] == ["thinking", "other table answered", "thought"]
    assert game.version > version and BOT_THINKER.in_process == in_process  # it thought in the worker
    assert not env.errors


async def test_suggest_is_deferred_then_answered_with_a_reason_in_the_readers_language(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob], options="suggest=on")
    user = {alice.id: alice, bob.id: bob}[game.seats[game.to_act()[0]].user_id]
    panel = panel_of(await user.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    held = HeldThoughts(env, monkeypatch)
    result = await user.click(panel, label="Suggest")
    assert result.deferred and result.ephemeral and not result.followups  # thinking… shown at once
    assert held.asked == [("hard", True)]  # the hard search, analysed for its reason
    await held.release()
    answer = reply(result)
    assert "The bot player would choose" in answer.content and "Why:" in answer.content
    assert "imagined continuations" in answer.content or "only choice" in answer.content
    # a reader of Traditional Chinese reads it in Chinese
    await user.slash(channel, "settings language", language="zh-TW")
    held._open.set()
    zh = reply(await user.click(panel, label="Suggest"))
    assert "機器人玩家會這樣選" in zh.content and "原因" in zh.content
    assert not env.errors

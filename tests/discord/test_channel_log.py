"""The channel tells the story (issue 21 item 6): someone scrolling a game's channel reads every
public line the game wrote, in order and whole, in messages Discord accepts, without a new
message per click; and lines written but not yet posted reach the channel after a crash.

The expected lines come from the rules alone: the game is replayed from its seed and stored
choices, collecting `log_for(state, None)` after the setup and after every choice.
`GAMEHOST_WHOLE_GAMES=1` plays Ares Expedition and Voidfall to the end too (by default they
stop after `SHORT_MOVES` human moves; the other titles always finish)."""

from __future__ import annotations

import os
import re
from collections import Counter

import pytest

from bot.platform import channel_log
from bot.shell import panels
from bot.shell.app import create_bot
from games.core import fill_names
from tests.discord.driver import message_by_id, start_table, take_turn

WHOLE = bool(os.environ.get("GAMEHOST_WHOLE_GAMES"))
SHORT_MOVES = 60
LONG = {"ares-expedition", "voidfall"}
HOUR = 3600.0
# (title, people besides alice, bot seats, options): 2-3 seats, the shortest settings
TABLES = [("pocket-mars", 1, 0, None), ("petrichor", 2, 0, "length=short"), ("impulse", 2, 0, None),
          ("ares-expedition", 1, 0, None), ("voidfall", 0, 1, None), ("voidfall", 1, 0, None)]


async def expected_lines(bot, game) -> list[str]:
    """Every public line of the game, from its rules: the setup's, then each choice's."""
    rules, names = game.rules, game.names()
    state = rules.setup(len(game.seats), game.row.seed, game.row.options)
    found = [fill_names(text, names) for text in rules.log_for(state, None)]
    for action in await bot.sessions.kept_actions(game.id):
        state = rules.apply(state, action.seat, action.choice)
        found += [fill_names(text, names) for text in rules.log_for(state, None)]
    return found


def public_messages(channel) -> list:
    return [m for m in channel.history() if not m.flags.ephemeral]


def shown_lines(channel) -> list[str]:
    """The log lines the channel's public messages show, oldest message first."""
    found: list[str] = []
    for message in public_messages(channel):
        texts = [message.content or ""]
        for embed in message.embeds:
            texts += [embed.description or ""] + [field.value for field in embed.fields]
        found += [line[2:] if line.startswith("• ") else line for text in texts for line in text.split("\n")
                  if line.startswith("• ") or HEADING.match(line)]
    return found


HEADING = re.compile(r"^\*\*[^*]+\*\*$")  # a part of the game's opening line, shown as a heading


def listed(line: str) -> str:
    """A log line as the channel lists it, without its bullet (an opening line is a heading)."""
    item = panels.list_item(line)
    return item[2:] if item.startswith("• ") else item


def assert_subsequence(wanted: list[str], shown: list[str]) -> None:
    """Every wanted line is shown, whole and in order (other lines may come between)."""
    position = 0
    for index, line in enumerate(map(listed, wanted)):
        try:
            position = shown.index(line, position) + 1
        except ValueError:
            raise AssertionError(f"line {index + 1} of {len(wanted)} never reached the channel: {line!r}") from None


def assert_within_discord_limits(channel) -> None:
    for message in public_messages(channel):
        assert len(message.content or "") <= 2000
        assert len(message.embeds) <= 10
        total = 0
        for embed in message.embeds:
            assert len(embed.description or "") <= 4096 and len(embed.title or "") <= 256
            assert all(len(field.value) <= 1024 and len(field.name) <= 256 for field in embed.fields)
            total += len(embed)
        assert total <= 6000


async def play(env, channel, game, members, limit: int) -> int:
    by_id = {m.id: m for m in members}
    moves = 0
    while game.row.status == "active" and moves < limit:
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
        moves += 1
    return moves


@pytest.mark.parametrize("slug,people,bots,options", TABLES,
                         ids=[f"{t[0]}-{1 + t[1] + t[2]}p{'-bot' if t[2] else ''}" for t in TABLES])
async def test_the_channel_shows_every_public_line_of_a_game(world, slug, people, bots, options):
    env, guild, channel, members, _ = world
    alice, others = members[0], list(members[1:1 + people])
    game = await start_table(env, channel, slug, alice, others, bots=bots, options=options)
    limit = SHORT_MOVES if slug in LONG and not WHOLE else 5000
    moves = await play(env, channel, game, [alice, *others], limit)
    assert slug in LONG or game.row.status == "finished"
    if game.row.status != "active":
        game = await env.bot.sessions.ended(game.id)
    wanted = await expected_lines(env.bot, game)
    assert wanted  # the game wrote a story to tell
    assert_subsequence(wanted, shown_lines(channel))
    assert_within_discord_limits(channel)
    assert not env.errors
    messages = public_messages(channel)
    print(f"\n{slug}, {len(game.seats)} seats: {moves} human moves, {len(wanted)} public lines, "
          f"{len(messages)} public messages")
    assert len(messages) <= moves  # not a message per click: turn messages are edited in place


async def test_a_long_stretch_of_one_seat_is_told_whole_in_order(world, monkeypatch):
    """A seat clicking through a long stretch (the issue: 90 lines, about 4 shown): the turn
    message is edited while its lines fit, then a new one takes over (pinging nobody), and the
    old one keeps its lines."""
    monkeypatch.setattr(channel_log, "LOG_BUDGET", 300)
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "impulse", alice, [bob])
    moves = await play(env, channel, game, [alice, bob], 40)
    assert_subsequence(await expected_lines(env.bot, game), shown_lines(channel))
    turns = [m for m in public_messages(channel) if m.embeds and "move" in (m.embeds[0].title or "")]
    assert len(turns) > 2 and all(len(m.embeds[0].description or "") <= 300 for m in turns)
    assert len(public_messages(channel)) < moves


async def test_lines_written_before_a_crash_reach_the_channel_after_the_restart(world, settings):
    """Moves stored, then the process dies before posting them: the restarted bot's sweep posts
    the turn message with every one of their lines."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob])
    await play(env, channel, game, [alice, bob], 3)
    sessions = env.bot.sessions
    for _ in range(6):  # stored, never announced: the crash comes before every post
        seat = game.to_act()[0]
        await sessions.choose(game, game.seats[seat].user_id, game.stamp(seat),
                              game.rules.bot_choice(game.state, seat))
    unposted = (await sessions.storage.actions(game.id))[-6:]
    lines = [fill_names(text, game.names()) for action in unposted for text in action.lines]  # stored as messages
    assert lines and not set(map(listed, lines)) <= set(shown_lines(channel))
    await env.bot.storage.close()
    await env.restart_bot(create_bot(settings))
    assert await env.bot.get_cog("RemindersCog").sweep(now=game.row.updated_at + HOUR) == 1
    restored = await env.bot.sessions.in_channel(channel.id)
    assert_subsequence(await expected_lines(env.bot, restored), shown_lines(channel))
    assert message_by_id(channel, restored.row.turn_message_id).embeds


async def test_a_deleted_turn_message_loses_no_line(world):
    """Someone deletes the turn message: its lines are posted again (on the next turn message
    when that one would have been edited, else just after it), so every line is still there."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    await play(env, channel, game, [alice, bob], 2)
    turn = message_by_id(channel, game.row.turn_message_id)
    await turn.delete()
    seat = game.to_act()[0]
    step = await env.bot.sessions.choose(game, game.seats[seat].user_id, game.stamp(seat),
                                         game.rules.bot_choice(game.state, seat))
    assert await env.bot.publisher.after_step(step)
    await play(env, channel, game, [alice, bob], 5000)
    wanted = Counter(map(listed, await expected_lines(env.bot, await env.bot.sessions.ended(game.id))))
    assert not wanted - Counter(shown_lines(channel))


async def test_the_platforms_own_lines_reach_the_channel_once_and_stay(world):
    """Lines no action stores (the opening line, a voted bot turn) are kept with the channel log
    until posted: they stay on the turn message through later edits and are never doubled."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "impulse", alice, [bob, carol])
    seat = game.to_act()[0]
    step = await env.bot.sessions.takeover(game, {seat})
    assert await env.bot.publisher.after_step(step)
    await play(env, channel, game, [alice, bob, carol], 6)
    shown = shown_lines(channel)
    assert shown.count("Impulse begins with alice, bob, carol.") == 1
    note = f"A bot player takes this turn for {game.seats[seat].name}."
    assert shown.count(note) == 1
    assert_subsequence(["Impulse begins with alice, bob, carol.", *await expected_lines(env.bot, game)],
                       [line for line in shown if line != note])

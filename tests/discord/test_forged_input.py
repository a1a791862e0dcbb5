"""Forged components end to end (issue 34 item 4): every custom_id and menu value is parsed in
one place (bot/shell/custom_ids.py), ASCII digits only, every number in its range. A forged
replay round '²' (which passes `str.isdigit`), Arabic-Indic digits in replay and history ids, a
page number far past the last page and a game id no database holds each get a plain answer
(or, for digits no real message carries, no component at all), never a traceback, Discord's
400 or the generic error."""

from __future__ import annotations

import logging

import discord

from bot.shell import custom_ids
from bot.shell import panels
from tests.discord.driver import component_ids, message_by_id, panel_of, play_to_end, start_table


def reply(result):
    return result.followups[-1] if result.followups else result.response


def errors_logged(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def send_forged(env, channel, *items: discord.ui.Item) -> discord.Message:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    await env.bot.get_channel(channel.id).send("forged", view=view)
    await env.settle()
    return channel.last_message


def arabic(number: int) -> str:
    """`number` in Arabic-Indic digits, which Python's int() reads as the same number."""
    return "".join(chr(0x0660 + int(d)) for d in str(number))


def test_only_ascii_digits_count_and_numbers_are_clamped():
    assert custom_ids.menu_index("²") is None and custom_ids.menu_index("٣") is None
    assert custom_ids.menu_index("3") == 3 and custom_ids.menu_index("7", high=5) is None
    assert custom_ids.first_index(["²", "x", "4"]) == 4 and custom_ids.first_index(["²"]) == 0
    assert custom_ids.position("99999", high=10) == 10 and custom_ids.position("-1", low=-1) == -1
    for bad in ("٣", "²", "", "-", "9" * 20, "0"):
        try:
            custom_ids.game_id(bad)
        except custom_ids.ForgedInput:
            continue
        raise AssertionError(bad)
    assert custom_ids.game_id("9223372036854775807") == (1 << 63) - 1
    assert not custom_ids.PICK.match(f"gh:pick:{arabic(12)}:1:0") and custom_ids.PICK.match("gh:pick:12:1:0")


async def test_a_forged_replay_round_with_a_superscript_digit_gets_the_first_step(world, caplog):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, game, [alice, bob])
    menu = discord.ui.Select(custom_id=f"gh:rpr:{game.id}", options=[discord.SelectOption(label="x", value="²")])
    forged = await send_forged(env, channel, menu)
    result = await alice.select(forged, ["²"])
    assert result.response is not None or result.followups, "the click must be answered"
    assert not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]
    shown = result.response
    assert shown.embeds and "Move 0 of" in (shown.embeds[0].author.name or "")


async def test_replay_and_history_ids_with_other_digits_match_nothing(world):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, game, [alice, bob])
    for custom_id in (f"gh:rp:{arabic(game.id)}:0:first", f"gh:rpr:{arabic(game.id)}", f"gh:hist:{arabic(2)}",
                      f"gh:rp:{game.id}:{arabic(3)}:next"):
        if custom_id.startswith("gh:rpr"):
            forged = await send_forged(env, channel, discord.ui.Select(
                custom_id=custom_id, options=[discord.SelectOption(label="x", value="1")]))
            result = await alice.select(forged, ["1"])
        else:
            forged = await send_forged(env, channel, discord.ui.Button(label="forged", custom_id=custom_id))
            result = await alice.click(forged, label="forged")
        assert result.response is None and not result.followups, f"{custom_id} was answered"


async def test_a_page_far_past_the_last_is_the_last_page(world, caplog):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob], options="hand=30")  # 30 options: pages
    turn = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await alice.click(turn, label="Take turn"))
    last = [c for c in component_ids(panel) if c.startswith("gh:page:")]
    assert last, "a decision of 30 options comes in pages"
    forged = await send_forged(env, channel, discord.ui.Button(
        label="forged", custom_id=f"gh:page:{game.id}:{game.stamp(0)}:99999"))
    page = await alice.click(forged, label="forged")
    assert page.response is not None and not errors_logged(caplog), [r.getMessage() for r in errors_logged(caplog)]
    shown = component_ids(page.response)
    assert shown and not any(":99999" in i or ":100000" in i for i in shown)
    count = panels.page_count(panels.with_names(game.rules.decision_for(game.state, 0), game.names()))
    assert f"gh:sel:{game.id}:{game.stamp(0)}:{count - 1}" in shown  # the last page's menu


async def test_a_game_id_no_database_holds_is_refused_plainly(world, caplog):
    env, guild, channel, (alice, bob, _), _ = world
    await start_table(env, channel, "tiny-duel", alice, [bob])
    forged = await send_forged(env, channel, discord.ui.Button(label="forged", custom_id="gh:turn:9999999999999999999"))
    answer = reply(await alice.click(forged, label="forged"))
    assert answer.ephemeral and "does not belong" in answer.content
    assert not errors_logged(caplog)

"""What a table sees in (simulated) Discord over a game: turn-message buttons for every kind of
person, one ping per player per turn, superseded turn messages, recaps after an absence, the
log in pages, and a finished game that stays readable."""

from __future__ import annotations

from bot.platform import texts as platform_texts
from bot.shell import panels
from bot.shell.ui import table as ui_table
from tests.discord.driver import (components, message_by_id, panel_of, pick, pinged, play_to_end, restart, start_table,
                                  take_turn, texts)

WRONG = "Something went wrong"


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def press_all(member, message):
    """Every turn-message button pressed by `member`: what they saw for each."""
    seen = {}
    for label in ("Take turn", "My hand", "Board"):
        seen[label] = reply(await member.click(message, label=label))
    return seen


async def test_every_turn_button_for_a_seated_player_not_up_an_outsider_and_after_restart(world, settings):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-chain", alice, [bob])
    assert game.to_act() == [0]  # alice picks; bob is seated but not up
    for restarted in (False, True):
        if restarted:
            await restart(env, settings)
            game = await env.bot.sessions.in_channel(channel.id)
        turn = message_by_id(channel, game.row.turn_message_id)
        seen = await press_all(bob, turn)
        assert all(m.ephemeral and WRONG not in m.content for m in seen.values())
        assert "Nothing to decide right now. Waiting for alice" in texts(seen["Take turn"])
        assert seen["My hand"].attachments[0].filename == "private.png"
        assert seen["Board"].attachments[0].filename == "board.png"
        outsider = await press_all(carol, turn)
        assert "not playing" in outsider["Take turn"].content and "not playing" in outsider["My hand"].content
        assert outsider["Board"].attachments[0].filename == "board.png"
    before = game.version
    await take_turn(env.bot, channel, game, alice)
    assert game.version > before


async def test_one_ping_per_player_per_turn_and_old_turn_messages_look_old(world):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    first = message_by_id(channel, game.row.turn_message_id)
    assert {m.id for m in first.mentions} == {alice.id, bob.id, carol.id}
    # the simultaneous swap: each pick shrinks the set of players to act; nobody is pinged again
    await take_turn(env.bot, channel, game, alice)
    await take_turn(env.bot, channel, game, bob)
    pings = [m for m in channel.history() if m.author.bot and m.mentions]
    assert len(pings) == 1 and game.row.turn_message_id == first.id
    # the last swap starts round 1: a new turn message pings everyone once, the old one is superseded
    await take_turn(env.bot, channel, game, carol)
    current = message_by_id(channel, game.row.turn_message_id)
    assert current.id != first.id and {m.id for m in current.mentions} == {alice.id, bob.id, carol.id}
    old = message_by_id(channel, first.id)
    assert "turn is over" in old.content and not old.components and not old.attachments
    assert "past turn" in old.embeds[0].title and current.jump_url in old.content
    assert not any(f.name == "Waiting for" for f in old.embeds[0].fields)  # it no longer waits for anyone
    # DMs link to the message they are about; alice, at the table playing in the channel, gets no
    # DM for the new round (Take turn is her panel)
    dms = [m.content + texts(m) for m in users[0].dm_channel.history()]  # a notice or a DM panel
    assert any(first.jump_url in text for text in dms) and not any(current.jump_url in text for text in dms)


async def test_single_option_is_played_for_the_player_and_announced(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-chain", alice, [bob])
    panel = panel_of(await alice.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    decision = game.rules.decision_for(game.state, 0)
    assert panels.layout(decision) == "sections"  # two options, each a text with its button
    result = await pick(alice, panel, game, decision, "a")
    # "confirm" had one option and revealed nothing: the platform chose it; "draw" reveals, so alice does
    assert game.rules.decision_for(game.state, 0).prompt == "Draw a card"
    refreshed = reply(result) if result.followups else panel_of(result)
    shown = texts(message_by_id(channel, refreshed.id, viewer=alice) if not refreshed.ephemeral else refreshed)
    assert "confirm: ok" in shown and "Draw a card" in shown
    turn = message_by_id(channel, game.row.turn_message_id)
    assert "confirm: ok" in turn.embeds[0].description


async def test_recap_after_a_long_absence_and_the_log_in_pages(world, monkeypatch):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    sessions = env.bot.sessions
    for member in (alice, bob, carol):
        await sessions.choose(game, member.id, game.stamp(game.seat_of(member.id)), [])
    await sessions.choose(game, alice.id, game.stamp(0), game.state.hands[0][0])
    for _ in range(2):  # a day away: the others play two whole rounds (alice's picks made by the table)
        for member in (bob, carol):
            await sessions.choose(game, member.id, game.stamp(game.seat_of(member.id)),
                                  game.rules.bot_choice(game.state, game.seat_of(member.id)))
        if game.row.status == "active" and 0 in game.to_act() and len(game.to_act()) > 1:
            break
    recap = await sessions.recap(game, alice.id)
    assert any("only you" in line for line in recap) and len(recap) > 6
    monkeypatch.setattr(platform_texts, "RECAP_BUDGET", 120)
    panel = panel_of(await alice.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    shown = texts(panel)
    assert "Since your last move" in shown and recap[-1][:40] in shown
    full = [c for c in components(panel) if c.get("label", "").startswith("Full recap")]
    assert full
    monkeypatch.setattr(ui_table, "LOG_PAGE", 150)
    pager = reply(await alice.click(panel, custom_id=full[0]["custom_id"]))
    pages = [pager.content]
    while any(c.get("label") == "Newer ▶" for c in components(pager)):
        pager = reply(await alice.click(pager, label="Newer ▶"))
        pages.append(pager.content)
    assert len(pages) > 1
    body = [line for page in pages for line in page.split("\n")[1:]]
    assert body == [f"• {line}" for line in recap]  # every line, whole, in order
    as_file = reply(await alice.click(pager, label="As a file"))
    assert as_file.attachments[0].filename.endswith(".txt")


async def test_game_over_names_everyone_tells_each_by_their_route_and_stays_readable(world):
    env, guild, channel, (alice, bob, carol), users = world
    await env.bot.storage.set_dm_mode(carol.id, "notice")  # carol asked for DM notices
    game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await play_to_end(env.bot, channel, game, [alice, bob, carol])
    final = channel.last_message
    assert "Game over" in final.content
    assert {m.id for m in final.mentions} == {alice.id, bob.id, carol.id}  # everyone named
    # issue 38: one route each: alice and bob played in the channel (pinged there), carol by DM
    assert pinged(env, final) == {alice.id, bob.id}
    over = {user.id: [m for m in user.dm_channel.history() if "is over" in m.content] for user in users}
    assert not over[alice.id] and not over[bob.id]
    assert len(over[carol.id]) == 1 and final.jump_url in over[carol.id][0].content
    status = reply(await bob.slash(channel, "game status"))
    assert "finished" in status.content and "points" in status.content
    board = reply(await bob.slash(channel, "game board"))
    assert board.ephemeral and board.attachments[0].filename == "board.png"
    log = reply(await carol.slash(channel, "game log", whole=True))
    assert log.ephemeral and "Game log" in log.content
    export = reply(await alice.slash(channel, "game export"))
    text = (await export.attachments[0].read()).decode()
    assert "Seat 1 swapped" in text and "wins round 3" in text
    # the channel is free for the next game
    assert await env.bot.sessions.in_channel(channel.id) is None


async def test_card_lookup_reads_every_text_the_game_shows(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "impulse", alice, [bob], bots=1)
    from bot.platform import reading

    entries = reading.game_glossary(game, alice.id)
    assert entries
    name, text = next(iter(entries.items()))
    choices = await alice.autocomplete(channel, "card", "name", name[:4])
    assert name in [c["value"] for c in choices]
    shown = reply(await alice.slash(channel, "card", name=name))
    assert shown.ephemeral and text[:80] in shown.content
    missing = reply(await alice.slash(channel, "card", name="x" * 3000))
    assert env.errors and len(missing.content) <= 2000 and "Nothing called" in missing.content

"""/game replay steps forward and back through a finished game, drawn from public views only:
no hand, deck card or secret pick ever shows, in the image's view or in the text."""

from __future__ import annotations

import json
import re

from bot.platform.history.record import kept
from tests.discord.driver import play_to_end, start_table


def reply(result):
    return result.followups[-1] if result.followups else result.response


def shown_step(message) -> int:
    return int(re.match(r"Move (\d+) of", message.embeds[0].author.name)[1])


async def test_replay_steps_through_a_finished_game_and_never_shows_hidden_information(world, monkeypatch):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, game, [alice, bob])
    rules, row = game.rules, game.row
    drawn: list[tuple[str, dict]] = []
    original = env.bot.renders.draw

    async def recording(kind, slug, view, names, locale="en"):
        drawn.append((kind, view))
        return await original(kind, slug, view, names, locale=locale)

    monkeypatch.setattr(env.bot.renders, "draw", recording)
    # the true states, to know what was hidden at each step
    moves = kept(await env.bot.storage.actions(row.id))
    states = [rules.setup(2, row.seed, row.options)]
    for move in moves:
        states.append(rules.apply(states[-1], move.seat, move.choice))

    def assert_public(message, index):
        kind, view = drawn[-1]
        assert kind == "public" and view["viewer"] is None and view["hand"] == []
        shown = json.dumps(view) + "\n" + (message.embeds[0].description or "")
        for token in rules.hidden_tokens(states[index], None):
            assert not re.search(rf"\b{re.escape(token)}\b", shown), (index, token)

    panel = reply(await bob.slash(channel, "game replay"))
    assert panel.ephemeral and shown_step(panel) == 0 and panel.attachments[0].filename == "replay.png"
    assert_public(panel, 0)
    last = len(moves)
    for index in range(1, last + 1):  # forward to the end, one move at a time
        panel = reply(await bob.click(panel, label="Next ›"))
        assert shown_step(panel) == index
        assert_public(panel, index)
        assert panel.embeds[0].description.strip()
    for index in range(last - 1, last - 4, -1):  # and back
        panel = reply(await bob.click(panel, label="‹ Prev"))
        assert shown_step(panel) == index
        assert_public(panel, index)
    panel = reply(await bob.click(panel, label="⏮ First"))
    assert shown_step(panel) == 0
    panel = reply(await bob.click(panel, label="Round »"))
    second_round = shown_step(panel)
    assert 0 < second_round < last
    assert states[second_round].round == 2 and states[second_round - 1].round == 1
    panel = reply(await bob.click(panel, label="Last ⏭"))
    assert shown_step(panel) == last
    third = next(index for index, state in enumerate(states) if state.round == 3)
    panel = reply(await bob.select(panel, [str(third)], custom_id=f"gh:rpr:{game.id}"))
    assert shown_step(panel) == third and "round 3" in panel.embeds[0].author.name
    assert_public(panel, third)
    assert not env.errors


async def test_replay_refuses_unknown_running_and_foreign_games(world):
    env, guild, channel, (alice, bob, _), _ = world
    result = reply(await alice.slash(channel, "game replay"))
    assert "No game has finished in this channel" in result.content
    result = reply(await alice.slash(channel, "game replay", number=99))
    assert "no game #99" in result.content
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    result = reply(await alice.slash(channel, "game replay", number=game.id))
    assert "Only finished games" in result.content
    env.errors.clear()


async def test_a_table_that_chose_reveal_sees_every_seats_private_lines_in_the_replay(world):
    """Issue 24: hidden information stays hidden unless the table chose at the start to reveal
    everything after the end (`reveal=on`): then each step carries the seats' private lines."""
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob], options="reveal=on")
    assert game.row.options.get("reveal") == "on"
    await play_to_end(env.bot, channel, game, [alice, bob])
    moves = kept(await env.bot.storage.actions(game.row.id))
    secret = next(index for index, move in enumerate(moves, 1) if any(move.private_lines.values()))
    panel = reply(await bob.slash(channel, "game replay"))
    while shown_step(panel) < secret:
        panel = reply(await bob.click(panel, label="Next ›"))
    text = panel.embeds[0].description
    owner = next(int(seat) for seat, lines in moves[secret - 1].private_lines.items() if lines)
    private = moves[secret - 1].private_lines
    line = (private.get(owner) or private.get(str(owner)))[0]
    assert f"({game.seats[owner].name} only) {line}" in text
    assert not env.errors

"""A group following the games from Discord alone (issue 21): /card finds every named thing of
the channel's game for anyone, on and off turn and after the game; /rules pages through
sections; the panel explains the current decision and (opt-in) suggests a move; /game status
names the mode and shows where everyone stands."""

from __future__ import annotations

import pytest

import games
from bot.shell.ui import help
from bot.platform import coach, reading
from bot.shell import panels
from tests.discord.test_platform import acknowledge
from tests.discord.driver import (component_ids, components, message_by_id, panel_of, pick, play_to_end, restart,
                                  start_table, take_turn, texts)
from tests.support.sampling import sample

TITLES = sorted(slug for slug in games.REGISTRY if not slug.startswith("tiny-") and slug != "chain-test")
CARDS_ASKED = 40  # /card asked through Discord per title and person (tests/support/sampling.py)


def reply(result):
    return result.followups[-1] if result.followups else result.response


@pytest.mark.parametrize("slug", TITLES)
async def test_card_finds_every_named_thing_for_everyone(world, slug):
    env, guild, channel, (alice, bob, carol), _ = world
    rules = games.get(slug)
    entries = rules.catalogue().entries
    if not entries:  # a game joins by adding its catalogue module
        pytest.xfail(f"{rules.title} has no catalogue yet")
    game = await start_table(env, channel, slug, alice, [bob] if rules.max_players > 1 else [])
    up = game.seats[game.to_act()[0]].user_id
    waiting = bob if up == alice.id and rules.max_players > 1 else alice
    for user in (carol, waiting):  # an onlooker, and a player who is not up (or the only one)
        # every entry is in the glossary /card reads, under its own name (which /card shows whole)...
        glossary = reading.game_glossary(game, user.id)
        for entry in entries:
            name, text = str(entry.name), str(entry.text)  # as an English reader reads them (texts may be messages)
            assert text.splitlines()[0] in glossary.get(name, ""), (user.name, name)
        # ...and a fixed sample of them (every one with GAMEHOST_FULL_WALK=1) is asked for through Discord
        for entry in sample(entries, CARDS_ASKED):
            name, text = str(entry.name), str(entry.text)
            answer = reply(await user.slash(channel, "card", name=name))
            assert answer.ephemeral and text.splitlines()[0] in answer.content, (user.name, name)
    # part of a name, through autocomplete
    part = str(entries[0].name).split()[0][:4].lower()
    offered = await carol.autocomplete(channel, "card", "name", part)
    assert any(str(entries[0].name) == choice["value"] for choice in offered)


async def test_card_after_the_game_and_nothing_found(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "pocket-mars", alice)
    await play_to_end(env.bot, channel, game, [alice])
    assert game.row.status == "finished"
    entry = games.get("pocket-mars").catalogue().entries[0]
    answer = reply(await carol.slash(channel, "card", name=str(entry.name)[:5]))
    assert str(entry.name) in answer.content
    missing = reply(await carol.slash(channel, "card", name="zzzz no such card"))
    acknowledge(env)
    assert "Nothing called" in missing.content


async def test_ares_card_on_the_table_is_found(world):
    """The issue's example: a card in play in Ares, asked for by a player who is not up."""
    env, guild, channel, (alice, bob, carol), _ = world
    answer = reply(await carol.slash(channel, "card", name="Advanced Alloys"))
    acknowledge(env)
    assert "no game" in answer.content.lower()  # no game in this channel yet
    game = await start_table(env, channel, "ares-expedition", alice, [bob])
    answer = reply(await carol.slash(channel, "card", name="Advanced Alloys"))
    assert "Each steel and each titanium level" in answer.content
    answer = reply(await bob.slash(channel, "card", name="research"))
    assert "V Research" in answer.content


async def test_rules_are_sections_a_player_pages_through(world):
    env, guild, channel, (alice, bob, carol), _ = world
    rules = games.get("pocket-mars")
    pages = help.rules_pages(rules)
    first = reply(await carol.slash(channel, "rules", game="pocket-mars"))
    assert first.ephemeral and f"page 1/{len(pages)}" in first.content and "Options" in first.content
    second = await carol.click(first, label="Next ▶")
    message = second.response or first
    assert f"page 2/{len(pages)}" in message.content
    solo = next(i for i, page in enumerate(pages) if page[0].startswith("Solo"))
    picked = await carol.select(message, [str(solo)], custom_id="gh:rsec:pocket-mars:0")
    assert "Solo" in (picked.response or message).content
    # nothing is cut: every section's text is on its pages, whole
    for section in help.rules_sections(rules):
        joined = "\n".join(p[1] for p in pages if p[0].startswith(section.title))
        assert all(line.strip() in joined for line in section.text.splitlines() if line.strip())


async def test_how_does_this_work_explains_the_ares_phases(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "ares-expedition", alice, [bob])
    by_id = {alice.id: alice, bob.id: bob}
    while game.state.stage != "plan":  # past the corporations, to the first phase pick
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
    user = by_id[game.seats[game.to_act()[0]].user_id]
    panel = panel_of(await user.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    assert not any(cid.endswith(":suggest") for cid in component_ids(panel))  # off unless the table turns it on
    answer = reply(await user.click(panel, label="How does this work?"))
    assert answer.ephemeral and "Everyone picks one phase card in secret" in answer.content
    assert "III Action" in answer.content and "Bonus" in answer.content


async def test_suggest_is_opt_in_and_shows_the_bot_players_choice(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob], options="suggest=on")
    by_id = {alice.id: alice, bob.id: bob}
    user = by_id[game.seats[game.to_act()[0]].user_id]
    seat = game.seat_of(user.id)
    panel = panel_of(await user.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
    version = game.version
    answer = reply(await user.click(panel, label="Suggest"))
    decision = game.rules.decision_for(game.state, seat)
    advice = await coach.advise(game, seat)  # the same search, the same pick (by work: see tests/conftest.py)
    assert "The bot player would choose" in answer.content
    assert panels.with_names(decision, game.names()).option(advice.choice).label.split()[0] in answer.content
    assert "Why:" in answer.content and advice.reason in answer.content
    assert game.version == version  # a suggestion changes nothing


async def test_status_names_the_mode_and_shows_the_standings(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "ares-expedition", alice, [bob])
    status = reply(await carol.slash(channel, "game status"))
    assert "Mode: competitive (2 players)" in status.content
    assert "Standings" in status.content and "TR 5" in status.content and "alice" in status.content


async def test_lost_solo_game_ends_with_both_scores(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice)
    status = reply(await alice.slash(channel, "game status"))
    assert "Mode: solo" in status.content and "South Wind" in status.content  # the opponent's running score
    await play_to_end(env.bot, channel, game, [alice])
    final = channel.last_message
    assert "the automatic opponent" not in final.content
    status = reply(await alice.slash(channel, "game status"))
    assert "South Wind:" in status.content and "harvest/dice" in status.content and "Mode: solo" in status.content


async def test_help_buttons_for_a_waiting_player_an_outsider_and_after_a_restart(world, settings):
    """The panel's Suggest and How does this work? buttons: an onlooker gets no panel to press
    them on, a seated player who is not up is answered from their own panel without anything
    changing, and the buttons keep working in a new bot process."""
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "petrichor", alice, [bob], options="suggest=on")
    by_id = {alice.id: alice, bob.id: bob}
    up = by_id[game.seats[game.to_act()[0]].user_id]
    waiting = bob if up is alice else alice
    turn_message = message_by_id(channel, game.row.turn_message_id)
    panel = panel_of(await up.click(turn_message, label="Take turn"))
    version = game.version
    onlooker = reply(await carol.click(turn_message, label="Take turn"))
    assert onlooker.ephemeral and "gh:help:" not in " ".join(component_ids(onlooker))
    own = panel_of(await waiting.click(turn_message, label="Take turn"))
    if f"gh:help:{game.id}:explain" in component_ids(own):
        explained = reply(await waiting.click(own, label="How does this work?"))
        assert explained.ephemeral and explained.content.strip()
    assert game.version == version
    bot = await restart(env, settings)
    game = await bot.sessions.get(game.id)
    answer = reply(await up.click(panel, label="Suggest"))
    assert "The bot player would choose" in answer.content and game.version == version
    assert not env.errors


@pytest.mark.parametrize("slug", ["voidfall", "ares-expedition"])
async def test_panels_say_options_in_words(world, slug):
    """Issue 21 item 3 as a player sees it: the first 40 panels of a two-player game show no
    resource or tag codes; in Voidfall a Focus card's option says what each action does."""
    from tests.test_words_not_codes import coded

    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, slug, alice, [bob])
    by_id = {alice.id: alice, bob.id: bob}
    seen_focus = False
    for _ in range(40):
        if game.row.status != "active":
            break
        user = by_id[game.seats[game.to_act()[0]].user_id]
        panel = panel_of(await user.click(message_by_id(channel, game.row.turn_message_id), label="Take turn"))
        shown = texts(panel) + "\n" + "\n".join(
            f"{o['label']} {o.get('description', '')}" for c in components(panel) if c.get("type") == 3 for o in c["options"])
        assert not [line for line in shown.splitlines() if coded(slug, line)], shown
        decision = game.rules.decision_for(game.state, game.seat_of(user.id))
        if slug == "voidfall" and str(decision.prompt).startswith("Choose step"):  # the Focus cards, each with its actions
            seen_focus = True
            assert "cost:" in shown or "; free" in shown
        await pick(user, panel, game, decision, game.rules.bot_choice(game.state, game.seat_of(user.id)))
    assert seen_focus or slug != "voidfall"
    assert not env.errors

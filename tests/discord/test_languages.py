"""Each reader in their own language (issue 23), end to end in SimCord with Pocket Mars: one
player's Discord client is set to Traditional Chinese and the other's to English; each sees
their panel, hand, DMs, /card and /rules in their own language while the channel shows the
table's language, which comes from /game new language:, else /settings server language, else
the server's preferred locale, else English.

SimCord sends every interaction as "en-US"; `client_locales` sets the locale of the
interactions a given user makes, the field a real client fills in."""

from __future__ import annotations

import discord
import pytest
import simcord.interactions

from bot.shell import messages, panels
from bot.platform.words import T, say
from tests.discord.driver import components, message_by_id, panel_of, texts

ZH = "zh-TW"


@pytest.fixture
def client_locales(monkeypatch):
    """user id -> the Discord client locale their interactions carry (others: en-US)."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def with_locale(backend, **fields):
        record, payload = original(backend, **fields)
        if fields["user_id"] in chosen:
            payload["locale"] = chosen[fields["user_id"]]
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locale)
    return chosen


@pytest.fixture
def drawn(simcord_env):
    """Every image drawn, as (kind, locale)."""
    found: list[tuple[str, str]] = []
    original = simcord_env.bot.renders.draw

    async def recording(kind, slug, view, names, locale="en"):
        found.append((kind, locale))
        return await original(kind, slug, view, names, locale=locale)

    simcord_env.bot.renders.draw = recording
    return found


def zh(text) -> str:
    return say(text, ZH)


def labels(message) -> list[str]:
    return [c.get("label") or "" for c in components(message) if c.get("type") == 2]


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def open_mars(env, channel, host, other, **new):
    """A Pocket Mars table of `host` and `other` (and one bot seat), joined and started through
    the lobby's buttons whatever language they are labelled in."""
    lobby = (await host.slash(channel, "game new", game="pocket-mars", **new)).response
    game = await env.bot.sessions.in_channel(channel.id)
    await other.click(lobby, custom_id=f"gh:lobby:join:{game.id}")
    await host.click(lobby, custom_id=f"gh:lobby:addbot:{game.id}")
    await host.click(lobby, custom_id=f"gh:lobby:start:{game.id}")
    return lobby, game


def turn_message(channel, game):
    return message_by_id(channel, game.row.turn_message_id)


async def panel(member, channel, game):
    return panel_of(await member.click(turn_message(channel, game), custom_id=f"gh:turn:{game.id}"))


async def test_each_player_reads_their_own_language_and_the_channel_the_tables(world, client_locales, drawn):
    env, guild, channel, (alice, bob, carol), users = world
    client_locales[alice.id] = ZH          # alice's Discord is in Traditional Chinese, bob's in English
    lobby, game = await open_mars(env, channel, alice, bob)
    # the channel reads the table's language: nothing chose one and the server's locale is en-US
    assert "Join" in labels(lobby) or game.row.status == "active"
    turn = turn_message(channel, game)
    assert labels(turn)[:3] == ["Take turn", "My hand", "Board"]
    assert "your turn in **Pocket Mars**" in turn.content
    assert ("public", "en") in drawn and all(locale == "en" for kind, locale in drawn if kind == "public")
    # each panel in its reader's language (the bot's own words: headings, buttons, help), with
    # its private image drawn in that language (for the DM panel at the start, or now)
    mine, theirs = await panel(alice, channel, game), await panel(bob, channel, game)
    assert zh(T("How does this work?")) in labels(mine) and "How does this work?" not in labels(mine)
    assert zh(T("**Since your last move**")) in texts(mine)
    assert "How does this work?" in labels(theirs) and "**Since your last move**" in texts(theirs)
    assert sorted({k for k in drawn if k[0] == "private"}) == [("private", "en"), ("private", ZH)]
    # the game's own texts too: each reads the prompt of their decision in their language
    for member, shown, locale in ((alice, mine, ZH), (bob, theirs, "en")):
        decision = game.rules.decision_for(game.state, game.seat_of(member.id))
        assert panels.tidy(decision.prompt, game.names(), locale) in texts(shown)
    hand = panel_of(await alice.click(turn, custom_id=f"gh:hand:{game.id}"))
    assert hand.ephemeral and hand.attachments[0].filename == "private.png"
    # /card and an error in each reader's language
    refused = reply(await alice.slash(channel, "card", name="zzz-no-such-card"))
    assert refused.ephemeral and "這場遊戲中沒有叫" in refused.content
    assert "Nothing called" in reply(await bob.slash(channel, "card", name="zzz-no-such-card")).content
    assert len(env.errors) == 2  # the two refusals, reported to the users above
    cursor = env.error_cursor
    found = reply(await alice.slash(channel, "card", name="Lichen Mats"))  # the English name finds it too
    entry = next(e for e in game.rules.catalogue().entries if say(e.name) == "Lichen Mats")
    assert found.ephemeral and say(entry.name, ZH) in found.content and say(entry.text, ZH) in found.content
    # /rules: the overview's headings in the reader's language
    rules = reply(await alice.slash(channel, "rules", game="pocket-mars"))
    assert zh(T("Overview and options")) in rules.content
    assert "Overview and options" in reply(await bob.slash(channel, "rules", game="pocket-mars")).content
    # /game status is private: each reads it in their own language
    assert "等待中" in reply(await alice.slash(channel, "game status")).content
    assert "Waiting for" in reply(await bob.slash(channel, "game status")).content
    assert not env.errors_since(cursor)


async def test_dms_follow_the_stored_setting_or_the_last_seen_client(world, client_locales):
    env, guild, channel, (alice, bob, carol), users = world
    client_locales[alice.id] = ZH
    await alice.slash(channel, "settings dm", mode="notice")  # short notices: one line of text each
    await bob.slash(channel, "settings dm", mode="notice")
    lobby, game = await open_mars(env, channel, alice, bob)
    assert sorted(game.to_act()) == [0, 1]  # both choose at the start: both were told in a DM
    to_alice, to_bob = users[0].dm_channel.history(), users[1].dm_channel.history()
    assert to_alice and all("輪到你了" in m.content and "Your turn" not in m.content for m in to_alice)
    assert to_bob and all("Your turn" in m.content for m in to_bob)
    # the language alice chose wins over her client; DMs, with no interaction, follow it too
    await alice.slash(channel, "settings language", language="en")
    assert (await env.bot.languages.user(alice.id)) == "en"
    mine = await panel(alice, channel, game)
    assert "How does this work?" in labels(mine)
    await alice.slash(channel, "settings language", language="auto")
    assert (await env.bot.languages.user(alice.id)) == ZH
    assert not env.errors


async def test_the_table_language_from_game_new(world, client_locales):
    env, guild, channel, (alice, bob, carol), users = world
    lobby, game = await open_mars(env, channel, alice, bob, language=ZH)
    assert game.meta.get("language") == ZH
    assert lobby.content == zh(T("{title} has started.", title="口袋火星"))  # the lobby, closed in Chinese
    assert "語言" in [field.name for field in messages.lobby_embed(game, ZH).fields]
    turn = turn_message(channel, game)
    assert labels(turn)[:3] == [zh(T("Take turn")), zh(T("My hand")), zh(T("Board"))]
    assert "輪到你了" in turn.content and turn.embeds[0].footer.text.startswith("輪到我")
    # bob's Discord is English: his panel stays English at a Chinese table
    assert "How does this work?" in labels(await panel(bob, channel, game))
    assert not env.errors


async def test_the_table_language_from_the_server_setting_and_the_servers_locale(simcord_env, client_locales):
    env = simcord_env
    guild = env.create_guild(preferred_locale=ZH)
    channel = guild.create_text_channel("table")
    users = [env.create_user(name) for name in ("alice", "bob", "mod")]
    alice, bob = guild.add_member(users[0]), guild.add_member(users[1])
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    moderator = guild.add_member(users[2], roles=[mods])
    # a server whose Discord language is Traditional Chinese: its tables read Chinese
    lobby, game = await open_mars(env, channel, alice, bob)
    assert "輪到你了" in turn_message(channel, game).content
    assert "**口袋火星**" in turn_message(channel, game).content  # the game named as its article names it
    await alice.slash(channel, "game abandon")
    # the server default chosen with /settings server (Manage Server only) comes first
    refused = reply(await alice.slash(channel, "settings server", language="en"))
    assert refused.ephemeral and "Manage Server" in refused.content
    saved = reply(await moderator.slash(channel, "settings server", language="en"))
    assert "Saved" in saved.content and "`language` = en" in saved.content
    lobby, game = await open_mars(env, channel, alice, bob)
    assert "your turn in **Pocket Mars**" in turn_message(channel, game).content
    assert len(env.errors) == 1  # only alice's refused /settings server

"""Every title read in two languages at one table (issue 23, done means): alice's Discord
client is in Traditional Chinese, bob's in English, and the table reads Chinese. Through the
real bot under SimCord they take turns from their panels; each reads their panel, hand, DMs and
`/card` in their own language, and the channel (turn messages, public images) in the table's.

The Chinese check is the one tests/test_translations.py makes of a game's texts, here made of
what Discord actually shows: no English word beyond the game's listed proper names."""

from __future__ import annotations

import games
import re

import pytest

from bot.shell import panels
from bot.platform.words import T, say
from games.core.i18n import render
from tests.discord.driver import components, message_by_id, panel_of, pick, texts
from tests.discord.test_languages import client_locales, drawn  # noqa: F401  (fixtures)
from tests.support import translations

ZH = "zh-TW"
TITLES = games.SHIPPED
TURNS_EACH = 3     # panels each player reads and plays
MOST_STEPS = 120   # human moves at the most before both have had their turns
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


def english_words(text: str, keep: set[str]) -> list[str]:
    """English words in `text` a zh-TW reader should not meet: not a player's name, not a
    proper name the game keeps, not a Discord link or mention."""
    text = re.sub(r"https?://\S+|<[@#:!&][^>]*>|`[^`]*`", " ", text)
    return [word for word in WORD.findall(text) if word.lower() not in keep]


def keep_words(rules) -> set[str]:
    domain = translations.domain_of(rules)
    kept = translations.keep_english(domain) | translations.keep_english("games.core")
    title = {word.lower() for word in WORD.findall(rules.title)}  # a title is a proper name
    return {word.lower() for word in kept} | title | {"alice", "bob", "carol", "bot"}


def turn_message(channel, game):
    return message_by_id(channel, game.row.turn_message_id)


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def open_table(env, channel, slug, host, other):
    """A Chinese table of `host` and `other`, opened and started through the lobby's buttons."""
    lobby = (await host.slash(channel, "game new", game=slug, language=ZH)).response
    game = await env.bot.sessions.in_channel(channel.id)
    await other.click(lobby, custom_id=f"gh:lobby:join:{game.id}")
    await host.click(lobby, custom_id=f"gh:lobby:start:{game.id}")
    return game


async def play_a_turn(game, channel, member, locale: str, keep: set[str]) -> None:
    """`member` opens their panel from the turn message, reads it in `locale` and plays."""
    seat = game.seat_of(member.id)
    shown = panel_of(await member.click(turn_message(channel, game), custom_id=f"gh:turn:{game.id}"))
    assert shown.ephemeral
    decision = game.rules.decision_for(game.state, seat)
    body = texts(shown)
    assert panels.tidy(decision.prompt, game.names(), locale) in body
    if locale == ZH:
        left = english_words(body, keep)
        assert not left, f"{game.rules.slug}: English on a zh-TW panel: {left[:8]}\n{body[:1500]}"
    else:
        assert not re.search(r"[\u4e00-\u9fff]", body), body[:600]
    await pick(member, shown, game, decision, game.rules.bot_choice(game.state, seat), locale=locale)


@pytest.mark.parametrize("slug", TITLES)
async def test_two_readers_two_languages_at_a_chinese_table(slug, world, client_locales, drawn):  # noqa: F811
    env, guild, channel, (alice, bob, carol), users = world
    client_locales[alice.id] = ZH
    game = await open_table(env, channel, slug, alice, bob)
    keep = keep_words(game.rules)
    played = {alice.id: 0, bob.id: 0}
    for _ in range(MOST_STEPS):
        if game.row.status != "active" or min(played.values()) >= TURNS_EACH:
            break
        member = alice if game.seats[game.to_act()[0]].user_id == alice.id else bob
        await play_a_turn(game, channel, member, ZH if member is alice else "en", keep)
        played[member.id] += 1
    assert min(played.values()) >= 1
    # the channel reads the table's language: turn message and public images
    turn = turn_message(channel, game)
    assert say(T("Take turn"), ZH) in [c.get("label") for c in components(turn)]
    assert not english_words(turn.content, keep), turn.content
    assert {locale for kind, locale in drawn if kind == "public"} == {ZH}
    # each private image in its reader's language
    assert {locale for kind, locale in drawn if kind == "private"} <= {ZH, "en"}
    for member, locale in ((alice, ZH), (bob, "en")):
        hand = panel_of(await member.click(turn, custom_id=f"gh:hand:{game.id}"))
        assert hand.ephemeral and hand.attachments
        assert ("private", locale) in drawn
    # DMs: each "your turn" DM in its reader's language
    to_alice = [m.content for m in users[0].dm_channel.history()] if users[0].dm_channel else []
    to_bob = [m.content for m in users[1].dm_channel.history()] if users[1].dm_channel else []
    assert to_alice and to_bob
    assert all(not english_words(text, keep) for text in to_alice), to_alice[:2]
    assert all(not re.search(r"[\u4e00-\u9fff]", text) for text in to_bob), to_bob[:2]
    # /card: the same card, found by its English name, in each reader's language
    entry = game.rules.catalogue().entries[-1]
    english = render(entry.name)
    mine = reply(await alice.slash(channel, "card", name=english))
    theirs = reply(await bob.slash(channel, "card", name=english))
    assert render(entry.name, ZH) in mine.content and render(entry.text, ZH).split("\n")[0] in mine.content
    assert not english_words(mine.content, keep | {w.lower() for w in WORD.findall(english)}), mine.content
    assert english in theirs.content and render(entry.text).split("\n")[0] in theirs.content
    assert not env.errors

"""Endings that say what happened (issue 38 item 5), end to end in SimCord: every title played to
its end (solo against its automatic opponent where it has one) shows, in the result message and in
`/game status` after the end, where each side's final score came from, source by source, in the
reader's language (the table's for the message, each reader's own for the status); its final
board names who won (the automatic opponent too); and a solo game's score chart has the
opponent's line beside the player's."""

from __future__ import annotations

import asyncio
import io
import re

import pytest
from PIL import Image

import renderers
from bot.platform import reading
from bot.platform.words import T, say
from bot.shell import messages
from games.core.i18n import ENGLISH, render
from tests.discord.driver import message_by_id, start_table
from tests.discord.test_history_e2e import finish_by_sessions
from tests.discord.test_languages import ZH, client_locales  # noqa: F401  (fixture)
from tests.discord.test_languages_every_game import english_words, keep_words

# (title, players, options, the table's language): solo against the opponent where there is one;
# the tables alternate languages, and each result is read in the other one too
CASES = [
    ("pocket-mars", 1, "difficulty=hard", ZH),
    ("petrichor", 1, None, ENGLISH),
    ("impulse", 2, None, ZH),
    ("ares-expedition", 2, None, ENGLISH),
    ("voidfall", 1, "difficulty=easy", ZH),
]
OPPONENT = {"pocket-mars", "petrichor", "voidfall"}  # titles whose solo game has an opponent with a score


def reply(result):
    return result.followups[-1] if result.followups else result.response


def other(locale: str) -> str:
    return ENGLISH if locale == ZH else ZH


def assert_reads_in(text: str, locale: str, rules) -> None:
    """`text` reads in `locale`: no Chinese in English, no English word (beyond names the game
    keeps) in Chinese."""
    if locale == ZH:
        text = re.sub(r"/game \w+", " ", text)  # a slash command keeps its name
        left = english_words(text, keep_words(rules) | {"voidborn"})
        assert not left, f"English in a zh-TW ending: {left[:8]}\n{text[:1500]}"
    else:
        assert not re.search(r"[\u4e00-\u9fff]", text), text[:800]


def assert_breakdown_in_embed(embed, game, locale: str) -> None:
    """The result's embed has a field per side, headed by who with the total, holding the sum."""
    fields = {field.name: field.value for field in embed.fields}
    sides = reading.breakdown_sides(game, locale)
    assert len(sides) >= len(game.seats)
    for heading, sources, notes in sides:
        assert fields[heading].split("\n")[0] == sources, (heading, fields)
        assert all(f"*{note}*" in fields[heading] for note in notes)


@pytest.mark.parametrize("slug,players,options,table", CASES, ids=[case[0] for case in CASES])
async def test_the_end_names_the_winner_and_says_where_every_score_came_from(
        slug, players, options, table, world, client_locales, states_only_bots):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    client_locales[carol.id] = ZH  # carol, who watches, reads Chinese; alice English
    kwargs = {"options": options} if options else {}
    lobby = reply(await alice.slash(channel, "game new", game=slug, language=table, **kwargs))
    game = await env.bot.sessions.in_channel(channel.id)
    if players > 1:
        await bob.click(lobby, custom_id=f"gh:lobby:join:{game.id}")
    await alice.click(lobby, custom_id=f"gh:lobby:start:{game.id}")
    await finish_by_sessions(env, game)
    await env.settle()
    rules, state, names = game.rules, game.state, game.names()
    outcome = rules.outcome(state)
    sides = rules.breakdown(state)
    assert [side.seat for side in sides[:players]] == list(range(players))
    assert all(sum(s.points for s in side.sources) == side.total for side in sides)
    opponents = [side for side in sides if side.seat is None]
    assert (len(opponents) == 1) == (slug in OPPONENT)

    # the result message: a field per side, the sources as a sum, in the table's language
    result = message_by_id(channel, game.row.turn_message_id)
    embed = result.embeds[0]
    assert_breakdown_in_embed(embed, game, table)
    assert_reads_in("\n".join(f"{f.name}\n{f.value}" for f in embed.fields), table, rules)
    for side in sides:  # each source that gave or cost something, by name
        for source in side.sources:
            if source.points:
                assert say(source.what, table, names) in embed.fields[sides.index(side)].value
    if opponents:  # the opponent's side, by its name in the table's language, with its total
        assert embed.fields[players].name == say(T("{name}: {total}", name=say(opponents[0].name, table),
                                                   total=opponents[0].total), table)
    # the same message for a table in the other language
    _, other_embed, _ = messages.results(game, other(table))
    assert_breakdown_in_embed(other_embed, game, other(table))
    assert_reads_in("\n".join(f"{f.name}\n{f.value}" for f in other_embed.fields), other(table), rules)

    # /game status after the end, each reader in their own language: the breakdown, whole
    for member, locale in ((alice, ENGLISH), (carol, ZH)):
        answer = await member.slash(channel, "game status")
        pages = [answer.response.content] + [f.content for f in answer.followups if f.content]
        shown = "\n".join(pages)
        assert say(T("**Where the points came from:**"), locale) in shown
        assert all(len(page) <= 2000 for page in pages)
        for heading, sources, _ in reading.breakdown_sides(game, locale):
            assert say(T("{side} = {sources}", side=f"**{heading}**", sources=sources), locale) in shown
        assert_reads_in(shown, locale, rules)

    # the final board names who won (the opponent too): the image drawn is the one posted, and its
    # drawing read the view's verdict
    view = rules.view(state, None)
    png = renderers.render_public(slug, view, names, table)
    paths = renderers.read_paths()
    assert any(path[:1] == ("verdict",) for path, _ in paths), paths
    posted = next(a for a in result.attachments if a.filename == "board.png")
    assert await posted.read() == png
    verdict = renderers.named(view, names, table)["verdict"]
    assert verdict == say(outcome.verdict(), table, names)
    winners = [names[s] for s in outcome.winners] or ([say(outcome.opponent, table)] if outcome.opponent else [])
    assert winners and all(who in verdict for who in winners), (verdict, winners)

    # the final detail image ends with where the scores came from (Ares draws its own VP sums)
    assert renderers.render_detail(slug, view, names, table) is not None
    read = {path[:1] for path, _ in renderers.read_paths()}
    assert (("breakdown",) in read) != getattr(renderers._module(slug), "DRAWS_BREAKDOWN", False), read

    # a solo game against an opponent: the chart has two lines, the player's and the opponent's
    if opponents:
        charted = (await env.bot.history.record(game.row)).summary["chart"]
        assert [line["seat"] for line in charted["lines"]] == [0, None]
        assert render(charted["lines"][1]["name"], ENGLISH) == render(opponents[0].name, ENGLISH)
        assert charted["lines"][1]["values"][-1] == opponents[0].total
        await asyncio.gather(*env.bot.history.background)  # the chart is added once the result is out
        await env.settle()
        result = message_by_id(channel, game.row.turn_message_id)
        assert [a.filename for a in result.attachments] == ["board.png", "scores.png"]
        chart = Image.open(io.BytesIO(await result.attachments[1].read()))
        assert chart.width == 1000
    assert not env.errors

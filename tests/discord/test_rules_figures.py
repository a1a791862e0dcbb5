"""`/rules` pages show the rulebook's pictures (issue 36 item 1): a page whose text names a
figure carries it as an image in the reader's language, the figure line reads as a caption,
and turning to a page without one takes the picture away. End to end in SimCord."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import games
from bot.shell.ui import help
from games.core import figures_on
from tests.discord.test_languages import ZH, client_locales  # noqa: F401  (a fixture)


def reply(result):
    return result.followups[-1] if result.followups else result.response


def first_page_with_a_figure(slug: str, locale: str) -> tuple[int, str]:
    pages = help.rules_pages(games.get(slug), locale)
    return next((number, figures_on(text)[0]) for number, (_, text, _) in enumerate(pages) if figures_on(text))


async def jump(member, message, page: int, slug: str):
    """Jump with the section menu to `page` (0-based; the first page of a section)."""
    return reply(await member.select(message, [str(page)], custom_id=f"gh:rsec:{slug}:0"))


@pytest.mark.parametrize("locale", ["en", ZH])
async def test_a_rules_page_with_a_figure_shows_it_in_the_readers_language(world, client_locales, locale):  # noqa: F811
    env, guild, channel, (alice, bob, carol), _ = world
    client_locales[alice.id] = locale
    slug = "pocket-mars"
    number, name = first_page_with_a_figure(slug, "en" if locale == "en" else locale)
    first = reply(await alice.slash(channel, "rules", game="Pocket Mars"))
    assert not first.attachments  # the overview has no picture
    shown = await jump(alice, first, number, slug)
    assert f"{number + 1}/{len(help.rules_pages(games.get(slug), locale))}" in shown.content.splitlines()[0]
    assert "figure:" not in shown.content and "🖼" in shown.content  # the figure line reads as a caption
    assert [a.filename for a in shown.attachments] == [f"{slug}-{name}.png"]
    png = await shown.attachments[0].read()
    assert Image.open(io.BytesIO(png)).width <= 1000
    expected = await env.bot.renders.figure(slug, name, locale)
    assert png == expected
    other = await env.bot.renders.figure(slug, name, "en" if locale == ZH else ZH)
    assert png != other  # drawn in the reader's language
    overview = await jump(alice, shown, 0, slug)
    assert not overview.attachments  # a page without a picture takes it away


async def test_a_figure_that_fails_to_draw_is_logged_and_the_page_still_shows(world, monkeypatch, caplog):
    env, guild, channel, (alice, bob, carol), _ = world
    slug = "pocket-mars"
    number, name = first_page_with_a_figure(slug, "en")

    async def broken(*args, **kwargs):
        raise RuntimeError("a drawing bug")

    monkeypatch.setattr(env.bot.renders, "figure", broken)
    monkeypatch.setattr(env.bot.renders, "has_figure", lambda *args: False)
    first = reply(await alice.slash(channel, "rules", game="Pocket Mars"))
    shown = await jump(alice, first, number, slug)
    assert "🖼" in shown.content and not shown.attachments
    assert any("drawing figure" in r.getMessage() and r.levelname == "ERROR" for r in caplog.records)

"""Issue 33 item 6 end to end: a Chinese reader sees every game named in Chinese in the
`game:` list of /game new and /rules, and typing a Chinese title (口袋火星) opens that game."""

from __future__ import annotations

from tests.discord.test_languages import client_locales  # noqa: F401 (a fixture)

ZH = "zh-TW"


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_a_chinese_title_finds_the_game_and_the_list_speaks_the_readers_language(world, client_locales):
    env, guild, channel, (alice, bob, carol), _ = world
    client_locales[alice.id] = ZH
    offered = await alice.autocomplete(channel, "game new", "game", "火星")
    assert {(c["name"], c["value"]) for c in offered} == {("口袋火星", "pocket-mars"),
                                                          ("殖民火星：Ares Expedition", "ares-expedition")}
    everything = await alice.autocomplete(channel, "rules", "game", "")
    assert [c["name"] for c in everything if not c["value"].startswith("tiny-")] == ["殖民火星：Ares Expedition", "星際的脈動", "雨的味道", "口袋火星", "Voidfall"]
    english = await bob.autocomplete(channel, "rules", "game", "口袋")
    assert [(c["name"], c["value"]) for c in english] == [("Pocket Mars", "pocket-mars")]
    rules = reply(await alice.slash(channel, "rules", game="星際的脈動"))
    assert rules.content.startswith("**星際的脈動：") and "unknown game" not in rules.content
    lobby = (await alice.slash(channel, "game new", game="口袋火星", language=ZH)).response  # a Chinese table
    game = await env.bot.sessions.in_channel(channel.id)
    assert game is not None and game.rules.slug == "pocket-mars"
    assert lobby.embeds[0].title.startswith("口袋火星")
    assert not env.errors

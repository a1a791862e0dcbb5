from tests.discord.driver import message_by_id, play_to_end, start_table


def reply(result):
    return result.followups[-1] if result.followups else result.response


async def test_smoke(world):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, game, [alice, bob])
    final = message_by_id(channel, game.row.turn_message_id)
    print([a.filename for a in final.attachments])
    r = reply(await alice.slash(channel, "leaderboard", game="tiny-duel"))
    print(r.embeds[0].description)
    r = reply(await alice.slash(channel, "stats"))
    print(r.embeds[0].fields)
    r = reply(await alice.slash(channel, "game history"))
    print(r.embeds[0].description)
    r = reply(await alice.slash(channel, "game replay"))
    print(r.embeds[0].author.name, r.embeds[0].description, [a.filename for a in r.attachments])
    r2 = reply(await alice.click(r, label="Next ›"))
    print(r2, env.errors)

"""History in (simulated) Discord: a series of finished games of two titles (a team game, a game
with a substitute, an abandoned game) updates /leaderboard and /stats as README documents; a
member who hides their stats does not appear; /game history lists the games; the game-over
message carries the score chart."""

from __future__ import annotations

import re

from tests.discord.driver import message_by_id, play_to_end, start_table


def reply(result):
    return result.followups[-1] if result.followups else result.response


def board(text: str) -> list[tuple[int, int, int, bool]]:
    """(user id, rating, games, provisional) per leaderboard line, in order."""
    found = []
    for line in text.splitlines():
        match = re.match(r"\d+\. (?:<@(\d+)>|(Bot · \w+)) \*\*(-?\d+)\*\* · (\d+) games? ?(· provisional)?", line)
        assert match, line
        who = int(match[1]) if match[1] else match[2]  # a member, or a bot level ("Bot · hard")
        found.append((who, int(match[3]), int(match[4]), bool(match[5])))
    return found


async def finish_by_sessions(env, game) -> None:
    """Play every human seat with the bot's choice through the platform's sessions (a long game
    needs no panel per move), then post the result as a click would."""
    sessions, step = env.bot.sessions, None
    while game.row.status == "active":
        seat = game.to_act()[0]
        choice = game.rules.bot_choice(game.state, seat)
        step = await sessions.choose(game, game.seats[seat].user_id, game.stamp(seat), choice)
    await env.bot.publisher.after_step(step)


async def leaderboard(user, channel, slug):
    result = reply(await user.slash(channel, "leaderboard", game=slug))
    return board(result.embeds[0].description) if result.embeds else []


async def test_a_series_of_games_updates_leaderboard_stats_and_history(world):
    env, guild, channel, (alice, bob, carol), _ = world
    dave = guild.add_member(env.create_user("dave"))
    # 1: alice beats or loses to bob at Tiny Duel
    duel = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, duel, [alice, bob])
    await env.settle()  # the chart is added once the result message is out
    final = message_by_id(channel, duel.row.turn_message_id)
    assert [a.filename for a in final.attachments] == ["board.png", "scores.png"]
    # 2: carol hands her seat to dave before her first move: dave plays it all and is rated for it
    sub_game = await start_table(env, channel, "tiny-duel", alice, [bob, carol])
    await carol.slash(channel, "game seat give", seat=3, member=dave)
    await play_to_end(env.bot, channel, sub_game, [alice, bob, dave])
    # 3: an abandoned game counts for nothing
    dropped = await start_table(env, channel, "tiny-duel", alice, [bob])
    await alice.slash(channel, "game abandon")
    assert dropped.row.status == "abandoned"
    # 4: Impulse in teams of two: alice, bob, carol and a bot player (rated as the bot of its level)
    other = guild.create_text_channel("impulse")
    team_game = await start_table(env, other, "impulse", alice, [bob, carol], bots=1, options="teams=pairs")
    await finish_by_sessions(env, team_game)
    assert team_game.row.status == "finished"

    duel_board = await leaderboard(alice, channel, "tiny-duel")
    games_of = {uid: n for uid, _, n, _ in duel_board}
    assert games_of == {alice.id: 2, bob.id: 2, dave.id: 1}  # carol never played; the abandoned game is not counted
    assert all(provisional for *_, provisional in duel_board)
    assert [r for _, r, _, _ in duel_board] == sorted((r for _, r, _, _ in duel_board), reverse=True)

    impulse_board = await leaderboard(carol, other, "impulse")
    assert {uid for uid, *_ in impulse_board} == {alice.id, bob.id, carol.id, "Bot · normal"}
    outcome = team_game.rules.outcome(team_game.state)
    teams = [team_game.rules.view(team_game.state, None)["players_info"][s]["team"] for s in range(4)]
    rating = {uid: r for uid, r, _, _ in impulse_board}
    by_seat = {s.seat: s.user_id for s in team_game.seats if s.user_id is not None}
    winners = {by_seat[s] for s in outcome.winners if s in by_seat}
    losers = set(by_seat.values()) - winners
    assert winners and losers and min(rating[u] for u in winners) > max(rating[u] for u in losers)
    mates = [by_seat[s] for s in by_seat if teams[s] == teams[next(iter(by_seat))]]
    assert len({rating[u] for u in mates}) == 1  # teammates share the result

    stats = reply(await alice.slash(channel, "stats"))
    fields = {f.name: f.value for f in stats.embeds[0].fields}
    assert fields["Tiny Duel"].startswith("2 played") and fields["Impulse"].startswith("1 played")
    assert "Average time to move" in fields["Tiny Duel"]

    listing = reply(await bob.slash(channel, "game history")).embeds[0].description
    assert listing.count("Tiny Duel") == 2 and listing.count("Impulse") == 1  # newest first, no abandoned game
    assert listing.index("Impulse") < listing.index("Tiny Duel")
    assert f"/{channel.id}/{duel.row.turn_message_id})" in listing

    # bob hides his stats: gone from the leaderboard, /stats refuses others, shows him his own
    await bob.slash(channel, "settings stats", shown="off")
    assert bob.id not in {uid for uid, *_ in await leaderboard(alice, channel, "tiny-duel")}
    refused = reply(await alice.slash(channel, "stats", member=bob))
    env.errors.clear()
    assert "keeps their stats private" in refused.content
    own = reply(await bob.slash(channel, "stats"))
    assert own.embeds and own.embeds[0].fields
    await bob.slash(channel, "settings stats", shown="on")
    assert bob.id in {uid for uid, *_ in await leaderboard(alice, channel, "tiny-duel")}


async def test_results_are_recorded_once_even_when_the_game_over_hook_never_ran(world, settings):
    env, guild, channel, (alice, bob, _), _ = world
    duel = await start_table(env, channel, "tiny-duel", alice, [bob])
    await play_to_end(env.bot, channel, duel, [alice, bob])
    store = env.bot.history.store
    # as if the process died between the game's end and its result: drop the stored result
    await env.bot.storage.write_rows([("DELETE FROM result_seats", ()), ("DELETE FROM results", ())])
    first = await leaderboard(alice, channel, "tiny-duel")
    again = await leaderboard(alice, channel, "tiny-duel")
    assert first == again and {n for _, _, n, _ in first} == {1}
    assert len(await store.listed(guild.id)) == 1


async def test_solo_games_count_for_stats_and_a_game_against_a_bot_level_is_rated(world):
    env, guild, channel, (alice, bob, _), _ = world
    solo = await start_table(env, channel, "pocket-mars", alice, options="difficulty=hard")
    await finish_by_sessions(env, solo)
    other = guild.create_text_channel("bots")
    versus_bot = await start_table(env, other, "tiny-duel", alice, bots=1)
    await finish_by_sessions(env, versus_bot)
    assert await leaderboard(alice, channel, "pocket-mars") == []
    # one person against a bot player: both rated, the bot as its level (issue 37 item 5), and
    # after one game nobody shows a negative number, whoever lost (issue 38 item 4)
    duel_board = await leaderboard(alice, channel, "tiny-duel")
    assert {who for who, *_ in duel_board} == {alice.id, "Bot · normal"}
    assert all(rating >= 0 and games == 1 and provisional for _, rating, games, provisional in duel_board)
    fields = {f.name: f.value for f in reply(await alice.slash(channel, "stats")).embeds[0].fields}
    won = solo.rules.outcome(solo.state).winners == (0,)
    assert f"Solo (hard): 1 played, {int(won)} won, best score {solo.rules.outcome(solo.state).scores[0]}" \
        in fields["Pocket Mars"]
    assert fields["Tiny Duel"].startswith("1 played")
    assert not env.errors

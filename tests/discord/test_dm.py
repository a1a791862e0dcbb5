"""Playing from DMs (issue 25): the "your turn" DM carries the whole panel (hand, decision,
recap, link) and is played in place; stale or foreign DM buttons are refused; a seat handed
over stops reaching its old holder; closed DMs are explained once in the channel."""

from __future__ import annotations

import pytest

from tests.discord.http_tally import DM_OPEN, Tally

from bot.shell.publisher import direct as dm

from tests.discord.driver import (component_ids, decision_components, message_by_id, pick, pinged, restart,
                                  start_table, take_turn, texts)


def dm_panel(user):
    """The newest DM panel the bot sent `user` (as it is now, edits included)."""
    found = [m for m in user.dm_channel.history() if m.components]
    assert found, "no DM panel"
    return found[-1]


def an_hour_later(env) -> None:
    """The bot's clock an hour on: whoever moved before is no longer at the table, so their next
    turn comes to their DMs even if they played it in the channel (`live.playing_from_dms`)."""
    now = env.bot.sessions.clock() + 3600
    env.bot.sessions.clock = lambda: now


async def dm_turn(game, member, user):
    """One choice made on the DM panel, as a bot player would choose."""
    panel = dm_panel(user)
    seat = game.seat_of(member.id)
    decision = game.rules.decision_for(game.state, seat)
    assert game.rules.title in texts(panel) and decision is not None
    return await pick(user, panel, game, decision, game.rules.bot_choice(game.state, seat))  # the user clicks in DMs


async def play_from_dms_and_channel(env, channel, game, in_dms, in_channel, users_by_id, max_steps=3000):
    """Play to the end: `in_dms` only from their DM panels, `in_channel` only from the channel.
    Returns (moves made in DMs, all moves)."""
    dm_moves = 0
    for step in range(max_steps):
        if game.row.status != "active":
            return dm_moves, step
        user_id = game.seats[game.to_act()[0]].user_id
        if user_id == in_dms.id:
            before = game.version
            result = await dm_turn(game, in_dms, users_by_id[user_id])
            assert game.version > before or (result.response and result.response.components), "a DM pick was lost"
            dm_moves += 1
        else:
            await take_turn(env.bot, channel, game, in_channel)
    raise AssertionError("game did not end")


@pytest.mark.parametrize("slug", ["tiny-duel", "pocket-mars"])
async def test_a_whole_game_played_from_dms_by_one_player_and_the_channel_by_another(world, slug):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, slug, alice, [bob])
    panel = dm_panel(users[0])
    shown = texts(panel)
    assert game.rules.title in shown and f"/{game.row.channel_id}/" in shown  # which game, and the way to it
    assert any(a.filename == "private.png" for a in panel.attachments) or game.seat_of(alice.id) not in game.to_act()
    assert "gh:dmr:%d" % game.id in component_ids(panel)
    moves, _ = await play_from_dms_and_channel(env, channel, game, alice, bob, {u.id: u for u in users})
    assert game.row.status == "finished" and moves > 0
    assert "Game over" in channel.last_message.content
    # the DM moves were announced in the channel like any other; no private image went public
    assert all(a.filename != "private.png" for m in channel.history() for a in m.attachments)
    assert not env.errors


async def click_first_option(user, panel):
    """Click (or select) the first option a panel shows, whatever the game's state is now."""
    found = decision_components(panel)[0]
    if found.get("type") == 3:
        return await user.select(panel, [found["options"][0]["value"]], custom_id=found["custom_id"])
    return await user.click(panel, custom_id=found["custom_id"])


def refused(result) -> str:
    """The ephemeral refusal a click got ('' when it was not refused)."""
    answer = result.followups[-1] if result.followups else result.response
    return answer.content if answer is not None and answer.ephemeral and not answer.components else ""


async def test_stale_dm_buttons_are_refused_and_change_nothing(world):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    while game.seats[game.to_act()[0]].user_id != alice.id:
        await take_turn(env.bot, channel, game, bob)
    old_panel = dm_panel(users[0])
    seat = game.seat_of(alice.id)
    stamp = game.stamp(seat)
    await take_turn(env.bot, channel, game, alice)  # alice plays from the channel instead, then leaves
    an_hour_later(env)
    while game.row.status == "active" and game.seats[game.to_act()[0]].user_id != alice.id:
        await take_turn(env.bot, channel, game, bob)
    # she plays in the channel now: her next turn pinged her there (issue 38: one route), no new DM panel
    assert dm_panel(users[0]).id == old_panel.id
    assert alice.id in pinged(env, message_by_id(channel, game.row.turn_message_id))
    version = game.version
    result = await click_first_option(users[0], old_panel)
    assert "changed" in refused(result) or "stale" in refused(result).lower()
    assert game.version == version and game.stamp(seat) != stamp


async def test_a_seat_handed_over_stops_its_old_holders_dm_panel(world):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])

    async def to_alice():
        while game.seats[game.to_act()[0]].user_id != alice.id:
            await take_turn(env.bot, channel, game, bob)

    await to_alice()
    kept = dm_panel(users[0])
    await dm_turn(game, alice, users[0])  # she plays from her DMs
    an_hour_later(env)  # away: her next turn comes to her DMs, where she plays
    await to_alice()
    current = dm_panel(users[0])
    assert current.id != kept.id
    seat = game.seat_of(alice.id)
    await alice.slash(channel, "game seat give", seat=seat + 1, member=carol)
    assert game.seats[seat].user_id == carol.id
    # her current panel says so at once and has no buttons left
    retired = next(m for m in users[0].dm_channel.history() if m.id == current.id)
    assert "no longer works" in texts(retired) and not component_ids(retired)
    # a button kept on an older panel is refused: she no longer holds the seat
    version = game.version
    refresh = await users[0].click(kept, custom_id=f"gh:dmr:{game.id}")
    assert "not playing" in refused(refresh)
    # the new holder gets the DM panel and plays from it
    await dm_turn(game, carol, users[2])
    assert game.version > version


async def test_refresh_redraws_the_hand_while_waiting(world):
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    while game.seats[game.to_act()[0]].user_id != alice.id:
        await take_turn(env.bot, channel, game, bob)
    await dm_turn(game, alice, users[0])  # her panel now waits for bob
    panel = dm_panel(users[0])
    sent_before = len(users[0].dm_channel.history())
    result = await users[0].click(panel, custom_id=f"gh:dmr:{game.id}")
    redrawn = dm_panel(users[0])
    assert not refused(result) and redrawn.id == panel.id  # edited in place, no new DM, no ping
    assert any(a.filename == "private.png" for a in redrawn.attachments)
    assert len(users[0].dm_channel.history()) == sent_before


async def test_closed_dms_are_explained_once_in_the_channel(world):
    env, guild, channel, (alice, bob, carol), users = world
    env.inject_error("POST", f"/channels/{users[1].dm_channel.id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    for _ in range(6):
        if game.row.status != "active":
            break
        user_id = game.seats[game.to_act()[0]].user_id
        await take_turn(env.bot, channel, game, alice if user_id == alice.id else bob)
    told = [m for m in channel.history() if "cannot send you direct messages" in m.content]
    assert len(told) == 1 and bob.mention in told[0].content
    assert dm.DMS_CLOSED == 50007


async def test_game_hand_and_status_in_a_dm_with_two_running_games(world):
    env, guild, channel, (alice, bob, carol), users = world
    other = guild.create_text_channel("second-table")
    first = await start_table(env, channel, "tiny-duel", alice, [bob])
    second = await start_table(env, other, "pocket-mars", alice, [carol])
    # two games: the player is asked to pick one, offered only their own, by title and channel
    ask = (await users[0].slash("game hand")).response
    assert ask.ephemeral and "several games" in ask.content
    choices = await users[0].autocomplete("game hand", "game", "")
    labels = [c["name"] if isinstance(c, dict) else c.name for c in choices]
    assert any("Tiny Duel" in label and "#table" in label for label in labels)
    assert any("Pocket Mars" in label and "#second-table" in label for label in labels)
    narrowed = await users[0].autocomplete("game hand", "game", "second")
    assert [c["name"] if isinstance(c, dict) else c.name for c in narrowed] == [labels[1]]
    for game in (first, second):
        hand = await users[0].slash("game hand", game=game.id)
        shown = hand.followups[-1] if hand.followups else hand.response
        assert shown.ephemeral and shown.attachments[0].filename == "private.png"
        status = (await users[0].slash("game status", game=game.id)).response
        assert status.ephemeral and "alice" in status.content
    # never someone else's game, nor another seat's hand
    carols = await users[1].slash("game hand", game=second.id)
    answer = carols.followups[-1] if carols.followups else carols.response
    assert "not playing" in answer.content and not answer.attachments
    # other /game commands stay in the game's channel; in the channel hand keeps working as before
    refused_new = (await users[0].slash("game undo")).response
    assert "only /game hand and /game status" in refused_new.content
    assert len(env.errors) == 3  # the three refusals above, each explained to the user
    here = await alice.slash(channel, "game hand")
    assert (here.followups[-1] if here.followups else here.response).attachments[0].filename == "private.png"


async def test_notice_mode_sends_the_short_dm_and_dm_panels_survive_a_restart(world, settings):
    env, guild, channel, (alice, bob, carol), users = world
    answer = (await bob.slash(channel, "settings dm", mode="notice")).response
    assert answer.ephemeral and "notice" in answer.content
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    for _ in range(8):
        if game.seats[game.to_act()[0]].user_id == alice.id and len(users[1].dm_channel.history()):
            break
        user_id = game.seats[game.to_act()[0]].user_id
        await take_turn(env.bot, channel, game, alice if user_id == alice.id else bob)
    notices = users[1].dm_channel.history()
    assert notices and all(not m.components and "Your turn in **Tiny Duel**" in m.content for m in notices)
    # alice's DM panel keeps working in a new bot process (the game comes from the button's id)
    bot = await restart(env, settings)
    game = await bot.sessions.get(game.id)
    version = game.version
    await dm_turn(game, alice, users[0])
    assert game.version > version


async def test_requests_of_a_game_played_from_dms(world):
    """Figures for the request budget (tests/discord/test_requests.py): a move made in a DM
    answers through its own interaction, but its turn message cannot ride that interaction's
    webhook (it is not in the game's channel), so it goes through the channel."""
    env, guild, channel, (alice, bob, carol), users = world
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    tally = Tally(env, {channel.id})
    in_dms, moves = await play_from_dms_and_channel(env, channel, game, alice, bob, {u.id: u for u in users})
    tally.take()
    kinds = ", ".join(f"{kind} {n / moves:.2f}" for kind, n in sorted(tally.by_kind.items()))
    print(f"\npocket-mars, {moves} moves ({in_dms} in DMs): {tally.outside_interactions / moves:.2f} outside the "
          f"interaction endpoints per move ({kinds})")
    assert tally.by_kind[DM_OPEN] <= 2


async def test_at_the_table_a_channel_player_gets_no_dm_and_a_dm_player_a_silent_panel(world):
    """Within `present_minutes` of their last move a player is at the table: one who plays in
    the channel gets no DM (Take turn is their panel), one who plays from their DMs gets the
    next DM panel there without a notification; once away, the DM panel notifies again."""
    env, guild, channel, (alice, bob, carol), users = world
    now = [1_000_000.0]
    env.bot.sessions.clock = lambda: now[0]  # a click a minute: both stay at the table
    game = await start_table(env, channel, "pocket-mars", alice, [bob])
    dms = {alice.id: users[0], bob.id: users[1]}

    def newest(user_id):
        return max((m.id for m in dms[user_id].dm_channel.history()), default=0)

    def up():
        return {game.seats[s].user_id for s in game.to_act()}

    async def move(user_id):
        if user_id == alice.id:
            await dm_turn(game, alice, users[0])
        else:
            await take_turn(env.bot, channel, game, bob)

    first_move: dict[int, int] = {}  # user -> their newest DM when they first moved
    moves = 0
    while game.row.status == "active" and (moves < 12 or up() != {alice.id}):
        now[0] += 60
        user_id = game.seats[game.to_act()[0]].user_id
        await move(user_id)
        first_move.setdefault(user_id, newest(user_id))
        moves += 1
    assert game.row.status == "active" and len(first_move) == 2

    def since_first_move(user_id):
        return [m for m in dms[user_id].dm_channel.history() if m.id > first_move[user_id]]

    assert not since_first_move(bob.id)  # bob plays in the channel
    from_dms = since_first_move(alice.id)
    assert from_dms and all(m.flags.suppress_notifications for m in from_dms)  # alice's panels came silently
    # an hour later both have left the table: when each is up again, each is notified by their own
    # route (issue 38): bob, who plays in the channel, by the mention; alice by her DM panel
    now[0] += 3600
    turn = game.row.turn_message_id
    while game.row.status == "active" and bob.id not in up():
        await move(alice.id)
    assert not since_first_move(bob.id)
    assert game.row.turn_message_id != turn and bob.id in pinged(env, message_by_id(channel, game.row.turn_message_id))
    now[0] += 3600
    while game.row.status == "active" and alice.id not in up():
        await move(bob.id)
    newest_panel = dm_panel(users[0])
    assert not newest_panel.flags.suppress_notifications and newest_panel.id not in {m.id for m in from_dms}
    assert alice.id not in pinged(env, message_by_id(channel, game.row.turn_message_id))

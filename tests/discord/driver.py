"""Plays games through the Discord UI the way people do: Take turn, then click or select."""

from __future__ import annotations

from bot.shell import panels


def panel_of(result):
    """The ephemeral panel a Take turn click produced."""
    return result.followups[-1] if result.followups else result.response


def message_by_id(channel, message_id, viewer=None):
    return next(m for m in channel.history(viewer=viewer) if m.id == message_id)


def pinged(env, message) -> set[int]:
    """The users a posted message notified (named and let through its allowed mentions), as
    SimCord's backend recorded it."""
    return set(env.backend.messages[message.channel.id][message.id].ping_user_ids)


def components(message) -> list[dict]:
    """Every component on a message, Components V2 nesting (sections, rows) walked."""
    from simcord.components import walk_components

    raw = [c if isinstance(c, dict) else c.to_dict() for c in message.components]
    return list(walk_components(raw))


def component_ids(message) -> list[str]:
    """Every custom_id on a message."""
    return [c["custom_id"] for c in components(message) if c.get("custom_id")]


def texts(message) -> str:
    """All text a V2 message shows (its text displays), joined."""
    return "\n".join(c.get("content", "") for c in components(message) if c.get("type") == 10)


def decision_components(message) -> list[dict]:
    """The buttons and menus that pick options (not page or recap buttons)."""
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith(("gh:pick:", "gh:sel:"))]


async def pick(user, panel, game, decision, choice, locale: str = "en"):
    """Submit `choice` for `decision` through the panel's components (read in `locale`)."""
    places = game.rules.places(game.state, decision)
    decision = panels.with_names(decision, game.names(), locale)   # texts as the panel shows them
    if panels.board_marks(decision, places):
        decision = panels.numbered(decision)   # beside a marked board the panel numbers its options
    items = panels.entries(decision)
    values = [e.value for e in items]
    kind = panels.layout(decision)
    if kind == "sections":
        kind = "buttons"
    gid, ver = game.id, game.stamp(decision.seat)
    if kind in ("buttons", "grid"):
        return await user.click(panel, custom_id=f"gh:pick:{gid}:{ver}:{values.index(choice)}")
    wanted = [choice] if panels.single_pick(decision) else list(choice)
    indexes = [values.index(v) for v in wanted]
    if kind == "select":
        if not indexes:  # a real menu cannot submit nothing: the panel has a "Pick none" button
            return await user.click(panel, custom_id=f"gh:done:{gid}:{ver}")
        return await user.select(panel, [str(i) for i in indexes], custom_id=f"gh:sel:{gid}:{ver}:0")
    # paged: visit each page holding a pick, then confirm (or pick directly when single)
    # the panel's own pages: at most 25 options, fewer when long texts fill a page first
    page_of = {i: next(p for p, shown in enumerate(panels.pages(decision)) if i in shown) for i in indexes}
    async def turn_to(panel, current: int, page: int):
        """The panel shows only the previous and next page buttons: step through them."""
        while current < page:
            current += 1
            result = await user.click(panel, custom_id=f"gh:page:{gid}:{ver}:{current}")
            panel = result.response or panel
        return panel, current

    if panels.single_pick(decision):
        page = page_of[indexes[0]]
        panel, _ = await turn_to(panel, 0, page)
        return await user.select(panel, [str(indexes[0])], custom_id=f"gh:sel:{gid}:{ver}:{page}")
    current = 0
    for page in sorted(set(page_of.values())):
        panel, current = await turn_to(panel, current, page)
        chosen = [str(i) for i in indexes if page_of[i] == page]
        result = await user.select(panel, chosen, custom_id=f"gh:sel:{gid}:{ver}:{page}")
        panel = result.response or panel
    return await user.click(panel, custom_id=f"gh:done:{gid}:{ver}")


async def take_turn(bot, channel, game, user):
    """One human choice: open the panel from the turn message and pick what a bot player would."""
    turn = message_by_id(channel, game.row.turn_message_id)
    result = await user.click(turn, label="Take turn")
    panel = panel_of(result)
    assert panel.ephemeral
    seat = game.seat_of(user.id)
    decision = game.rules.decision_for(game.state, seat)
    assert_details_shown(panel, panels.with_names(decision, game.names()))
    choice = game.rules.bot_choice(game.state, seat)
    return await pick(user, panel, game, decision, choice)


def assert_details_shown(panel, decision) -> None:
    """Every option on the panel's first page is shown with its detail text, and no two
    options look alike (issue: bare labels, two identical "Red 1 Draw" buttons)."""
    shown = texts(panel)
    items = panels.entries(decision)
    visible = range(len(items)) if panels.layout(decision) in ("sections", "grid") else panels.page_slice(decision, 0)
    described = {o.get("description") for c in components(panel) if c.get("type") == 3 for o in c["options"]}
    for index in visible:
        if items[index].detail:  # listed above, or whole in its menu entry
            assert (panels.clip(items[index].detail, panels.DETAIL_LIMIT) in shown
                    or items[index].detail in described), (decision.prompt, items[index])
    faces = [c["components"][0]["content"] for c in components(panel) if c.get("type") == 9]
    faces += [(o["label"], o.get("description")) for c in components(panel) if c.get("type") == 3 for o in c["options"]]
    assert len(faces) == len(set(faces)), decision.prompt


async def play_to_end(bot, channel, game, users, max_steps=5000):
    by_id = {u.id: u for u in users}
    for _ in range(max_steps):
        if game.row.status != "active":
            return
        seat = game.to_act()[0]
        await take_turn(bot, channel, game, by_id[game.seats[seat].user_id])
    raise AssertionError("game did not end")


async def start_table(env, channel, slug, creator, others=(), bots=0, options=None):
    """Open `slug` in `channel`, seat the others and bot players, start it; returns the live game."""
    kwargs = {"options": options} if options else {}
    lobby = (await creator.slash(channel, "game new", game=slug, **kwargs)).response
    for member in others:
        await member.click(lobby, label="Join")
    for _ in range(bots):
        await creator.click(lobby, label="Add bot")
    await creator.click(lobby, label="Start")
    return await env.bot.sessions.in_channel(channel.id)


async def restart(env, settings):
    """A new bot process on the same database (the old one's storage closed, as a dead process's is)."""
    from bot.shell.app import create_bot

    await env.bot.storage.close()
    await env.restart_bot(create_bot(settings))
    return env.bot


def dm_panel(user):
    """The newest DM panel the bot sent `user` (as it is now, edits included)."""
    found = [m for m in user.dm_channel.history() if m.components]
    assert found, "no DM panel"
    return found[-1]


async def take_turn_in_dms(game, user):
    """One choice made on the player's newest DM panel, as a bot player would choose; the panel is
    refreshed first when it offers Refresh (another seat's move may have changed its decision)."""
    panel = dm_panel(user)
    if f"gh:dmr:{game.id}" in component_ids(panel):
        await user.click(panel, custom_id=f"gh:dmr:{game.id}")
        panel = dm_panel(user)
    seat = game.seat_of(user.id)
    decision = game.rules.decision_for(game.state, seat)
    return await pick(user, panel, game, decision, game.rules.bot_choice(game.state, seat))

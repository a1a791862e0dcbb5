"""Texts and embeds the bot posts, built from a game without touching Discord: the lobby,
the turn message, the results, and the channel permissions the bot needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from games.core.i18n import ENGLISH, Msg, languages

from . import panels
from ..platform import guide, reading
from ..platform.clock import PACE_WORDS, POLICY_WORDS
from ..platform.language import language_name
from ..platform.words import T, say

if TYPE_CHECKING:
    from ..platform.sessions import LiveGame

def not_posted(done: Msg) -> Msg:
    """What a player is told when their move or start is stored but the turn message could not go out."""
    return T("{done}, but I could not post the turn message in this channel (Discord refused; the bot may "
             "lack a permission here). I will keep retrying, and /game board posts it again.", done=done)

# The permissions the bot needs in a game's channel, named as Discord's settings name them.
REQUIRED_PERMISSIONS = (
    ("view_channel", "View Channels"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
WAITING = T("Waiting for")
GUIDED_LOBBY = T("🎓 **A guided first game.** A coach explains every decision on each player's panel and "
                 "suggests a move with its reason (you still choose; **Coach off** hides it), and a short "
                 "summary follows each round. Guided games stay out of the ratings. Friends press **Join**; "
                 "**Add bot** seats bot players.")
GUIDED_TURN = T("🎓 Guided game: Take turn shows the coach's explanation and suggestion")
EMBEDS_LIMIT = 5800  # characters of all embeds of one message (Discord: 6,000), with room to spare
THREAD_PERMISSION = ("send_messages_in_threads", "Send Messages in Threads")


def missing_permissions(permissions: discord.Permissions | None, in_thread: bool) -> list[str]:
    """Names of the permissions the bot lacks in a channel (or thread) to host a game there."""
    if permissions is None:
        return []
    needed = list(REQUIRED_PERMISSIONS)
    if in_thread:
        needed = [p for p in needed if p[0] != "send_messages"] + [THREAD_PERMISSION]
    return [label for name, label in needed if not getattr(permissions, name, False)]


def host_name(game: "LiveGame", locale: str = ENGLISH) -> str:
    seat = game.seat_of(game.row.creator_id)
    return game.seats[seat].name if seat is not None else say(T("nobody"), locale)


def lobby_embed(game: "LiveGame", locale: str = ENGLISH) -> discord.Embed:
    rules = game.rules
    embed = discord.Embed(title=say(T("{title}: waiting for players", title=rules.title_text), locale),
                          description=say(T("{low}-{high} players. Press **Join** to take a seat; the host presses "
                                            "**Start**.", low=rules.min_players, high=rules.max_players), locale))
    if guide.is_guided(game):
        embed.description = f"{embed.description}\n\n{say(GUIDED_LOBBY, locale)}"
    seats = "\n".join(f"{s.seat + 1}. {game.seat_line(s.seat, locale)}" for s in game.seats)
    embed.add_field(name=say(T("Seats"), locale), value=seats or say(T("nobody yet"), locale), inline=False)
    embed.add_field(name=say(T("Host"), locale), value=host_name(game, locale), inline=False)
    if game.row.options:
        embed.add_field(name=say(T("Options"), locale),
                        value="\n".join(say(line, locale) for line in rules.options_in_words(game.row.options)),
                        inline=False)
    if (game.meta or {}).get("language"):  # chosen with /game new language:
        embed.add_field(name=say(T("Language"), locale), value=language_name(game.meta["language"]), inline=False)
    clock = (game.meta or {}).get("clock_setup") or {}
    if clock.get("pace", "off") != "off":
        quiet = say(T(", quiet hours {hours} UTC", hours=clock["quiet"]), locale) if clock.get("quiet") else ""
        embed.add_field(name=say(T("Turn clock"), locale),
                        value=say(T("{pace}; at zero: {policy}", pace=PACE_WORDS.get(clock["pace"], clock["pace"]),
                                    policy=POLICY_WORDS.get(clock.get("on_timeout", "wait"), "wait")), locale) + quiet,
                        inline=False)
    return embed


def mention(game: "LiveGame", seat: int) -> str:
    user_id = game.seats[seat].user_id
    return f"<@{user_id}>" if user_id is not None else game.seats[seat].name


def clock_text(game: "LiveGame", seat: int, locale: str = ENGLISH) -> str:
    """The seat's remaining time on the turn clock, when the game has one."""
    try:
        return game.clock_text(seat, locale=locale)
    except Exception:  # noqa: BLE001 - a clock problem must not stop the turn message
        return ""


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def turn_content(game: "LiveGame", log: str, waiting, board: bool = True, locale: str = ENGLISH
                 ) -> tuple[str, discord.Embed]:
    """The turn message in the table's `locale`: mentions of whoever must act, every public line
    since the previous turn message (`log`, already in that language and fitted to an embed by
    `bot.platform.channel_log`), whom the game waits for (a text), the board image."""
    to_act = [s for s in game.to_act() if not game.seats[s].is_bot]
    title = game.rules.title_text
    content = (say(T("{mentions}: your turn in **{title}**.", mentions=" ".join(mention(game, s) for s in to_act),
                     title=title), locale) if to_act else f"**{say(title, locale)}**")
    embed = discord.Embed(title=say(T("{title} · move {n}", title=title, n=game.version), locale),
                          colour=discord.Colour.blurple())
    if log:
        embed.description = log
    clocks = [f"{game.seats[s].name}: {clock_text(game, s, locale)}" for s in to_act if clock_text(game, s)]
    embed.add_field(name=say(WAITING, locale),
                    value=panels.clip(say(waiting, locale) + ("\n" + "\n".join(clocks) if clocks else ""), 1024),
                    inline=False)
    if board:
        embed.set_image(url="attachment://board.png")
    footer = say(T("Take turn: your choices and what you missed · My hand: your cards · "
                   "Board: the board and card details · /card looks up any text"), locale)
    if guide.is_guided(game):  # the table says it is a guided game on every turn message
        footer = say(GUIDED_TURN, locale) + "\n" + footer
    embed.set_footer(text=footer)
    return content, embed


def superseded_embed(old: discord.Embed | None, locale: str = ENGLISH) -> discord.Embed | None:
    """An old turn message's embed, greyed and without the board or whom it waited for, marked as
    no longer current (its log lines stay as history)."""
    if old is None:
        return None
    data = old.to_dict()
    data.pop("image", None)
    waiting = {say(WAITING, code) for code in languages()}
    data["fields"] = [f for f in data.get("fields", []) if f.get("name") not in waiting]
    embed = discord.Embed.from_dict(data)
    embed.title = panels.clip(say(T("{title} · past turn", title=old.title or ""), locale), 256)
    embed.colour = discord.Colour.light_grey()
    embed.remove_footer()
    return embed


def last_moves(log: str, locale: str = ENGLISH) -> discord.Embed:
    """The second embed of the game-over message: the lines no turn message showed yet."""
    return discord.Embed(title=say(T("Last moves"), locale), description=log, colour=discord.Colour.gold())


def results(game: "LiveGame", locale: str = ENGLISH) -> tuple[str, discord.Embed, str]:
    """The game-over message in the table's `locale` (every player mentioned), its embed
    (scores, the scoring summary), and its headline for DMs (in that language too)."""
    outcome = game.rules.outcome(game.state) if game.state is not None else None
    if outcome is None:
        raise ValueError(f"game {game.id} has no result yet")  # only a finished game gets its results
    order = sorted(range(len(game.seats)), key=lambda s: -outcome.scores[s])
    rows = [say(T("{crown}**{name}**: {n} points", crown="🏆 " if s in outcome.winners else "",
                  name=game.seats[s].name, n=outcome.scores[s]), locale) for s in order]
    embed = discord.Embed(title=say(T("{title}: game over", title=game.rules.title_text), locale),
                          description="\n".join(rows), colour=discord.Colour.gold())
    for heading, sources, notes in reading.breakdown_sides(game, locale):  # where each score came from
        value = "\n".join([sources, *(f"*{note}*" for note in notes)])
        embed.add_field(name=panels.clip(heading, 256), value=panels.clip(value, 1024), inline=False)
    if outcome.summary:
        summary = "\n".join(panels.bullets([say(line, locale, game.names()) for line in outcome.summary]))
        embed.add_field(name=say(T("Scoring"), locale), value=panels.clip(summary, 1024), inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text=say(T("/game log, /game status and /game board still work here; /game export sends the "
                                "whole log."), locale))
    players = " ".join(mention(game, s) for s in range(len(game.seats)) if not game.seats[s].is_bot)
    headline = reading.result_headline(game, outcome, locale)
    return say(T("Game over! {headline} {players}", headline=headline, players=players), locale).strip(), embed, headline

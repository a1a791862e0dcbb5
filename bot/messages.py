"""Texts and embeds the bot posts, built from a game without touching Discord: the lobby,
the turn message, the results, and the channel permissions the bot needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from games.core import fill_names

from . import panels, reading

if TYPE_CHECKING:
    from .session import LiveGame

NOT_POSTED = ("{done}, but I could not post the turn message in this channel (Discord refused; the bot may "
              "lack a permission here). I will keep retrying, and /game board posts it again.")

# The permissions the bot needs in a game's channel, named as Discord's settings name them.
REQUIRED_PERMISSIONS = (
    ("view_channel", "View Channels"),
    ("send_messages", "Send Messages"),
    ("embed_links", "Embed Links"),
    ("attach_files", "Attach Files"),
    ("read_message_history", "Read Message History"),
)
WAITING = "Waiting for"
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


def host_name(game: "LiveGame") -> str:
    seat = game.seat_of(game.row.creator_id)
    return game.seats[seat].name if seat is not None else "nobody"


def lobby_embed(game: "LiveGame") -> discord.Embed:
    rules = game.rules
    embed = discord.Embed(title=f"{rules.title}: waiting for players",
                          description=f"{rules.min_players}-{rules.max_players} players. "
                                      "Press **Join** to take a seat; the host presses **Start**.")
    seats = "\n".join(f"{s.seat + 1}. {s.name}{' (bot)' if s.is_bot else ''}" for s in game.seats)
    embed.add_field(name="Seats", value=seats or "nobody yet", inline=False)
    embed.add_field(name="Host", value=host_name(game), inline=False)
    if game.row.options:
        embed.add_field(name="Options", value=" ".join(f"`{k}={v}`" for k, v in game.row.options.items()), inline=False)
    clock = (game.meta or {}).get("clock_setup") or {}
    if clock.get("pace", "off") != "off":
        quiet = f", quiet hours {clock['quiet']} UTC" if clock.get("quiet") else ""
        embed.add_field(name="Turn clock", value=f"{clock['pace']}; at zero: {clock.get('on_timeout', 'wait')}{quiet}",
                        inline=False)
    return embed


def mention(game: "LiveGame", seat: int) -> str:
    user_id = game.seats[seat].user_id
    return f"<@{user_id}>" if user_id is not None else game.seats[seat].name


def clock_text(game: "LiveGame", seat: int) -> str:
    """The seat's remaining time on the turn clock, when the game has one."""
    try:
        return game.clock_text(seat)
    except Exception:  # noqa: BLE001 - a clock problem must not stop the turn message
        return ""


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def turn_content(game: "LiveGame", log: str, waiting: str, board: bool = True) -> tuple[str, discord.Embed]:
    """The turn message: mentions of whoever must act, every public line since the previous turn
    message (`log`, already fitted to an embed by `bot.channel_log`), the board image."""
    to_act = [s for s in game.to_act() if not game.seats[s].is_bot]
    title = game.rules.title
    content = f"{' '.join(mention(game, s) for s in to_act)}: your turn in **{title}**." if to_act else f"**{title}**"
    embed = discord.Embed(title=f"{title} · move {game.version}", colour=discord.Colour.blurple())
    if log:
        embed.description = log
    clocks = [f"{game.seats[s].name}: {clock_text(game, s)}" for s in to_act if clock_text(game, s)]
    embed.add_field(name=WAITING, value=panels.clip(waiting + ("\n" + "\n".join(clocks) if clocks else ""), 1024),
                    inline=False)
    if board:
        embed.set_image(url="attachment://board.png")
    embed.set_footer(text="Take turn: your choices and what you missed · My hand: your cards · "
                          "Board: the board and card details · /card looks up any text")
    return content, embed


def superseded_embed(old: discord.Embed | None) -> discord.Embed | None:
    """An old turn message's embed, greyed and without the board or whom it waited for, marked as
    no longer current (its log lines stay as history)."""
    if old is None:
        return None
    data = old.to_dict()
    data.pop("image", None)
    data["fields"] = [f for f in data.get("fields", []) if f.get("name") != WAITING]
    embed = discord.Embed.from_dict(data)
    embed.title = panels.clip(f"{old.title or ''} · past turn", 256)
    embed.colour = discord.Colour.light_grey()
    embed.remove_footer()
    return embed


def last_moves(log: str) -> discord.Embed:
    """The second embed of the game-over message: the lines no turn message showed yet."""
    return discord.Embed(title="Last moves", description=log, colour=discord.Colour.gold())


def results(game: "LiveGame") -> tuple[str, discord.Embed, str]:
    """The game-over message (every player mentioned), its embed (scores, the scoring summary),
    and its headline for DMs."""
    outcome = game.rules.outcome(game.state)
    order = sorted(range(len(game.seats)), key=lambda s: -outcome.scores[s])
    rows = [f"{'🏆 ' if s in outcome.winners else ''}**{game.seats[s].name}**: {outcome.scores[s]} points" for s in order]
    embed = discord.Embed(title=f"{game.rules.title}: game over", description="\n".join(rows),
                          colour=discord.Colour.gold())
    if outcome.summary:
        summary = "\n".join(panels.bullets([fill_names(line, game.names()) for line in outcome.summary]))
        embed.add_field(name="Scoring", value=panels.clip(summary, 1024), inline=False)
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text="/game log, /game status and /game board still work here; /game export sends the whole log.")
    players = " ".join(mention(game, s) for s in range(len(game.seats)) if not game.seats[s].is_bot)
    headline = reading.result_headline(game, outcome)
    return f"Game over! {headline} {players}".strip(), embed, headline

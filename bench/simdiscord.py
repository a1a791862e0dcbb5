"""What the load bench adds to SimCord: Discord's round trips and global rate limit, request
counts, and clicks that do not wait for each other.

SimCord answers every REST call at once and serialises its own actor verbs (each click waits
until the bot is idle), which suits tests but not a load bench. `SimulatedDiscord` wraps the
two transports SimCord gives the bot (the REST client and the interaction webhook adapter):

* every request takes one round trip (`rtt`) before SimCord's backend handles it;
* requests outside the interaction endpoints count against Discord's global limit (`limit`
  a second, a sliding one-second window): beyond it the request gets a 429 after a round
  trip and, as discord.py does with a global 429, every such request waits `retry_after`;
* requests are counted (interaction vs other), with the CPU SimCord's backend spent on them
  (Discord's side of the work, which a real bot process does not pay);
* waiters learn when a table's channel messages change (the board) or an interaction's
  webhook calls complete (a panel).

`Clicker` presses buttons and picks from menus as SimCord's actors do, but only dispatches
the interaction and returns its record: the caller decides what to wait for. It uses a few
of SimCord's building blocks that are not its public API (named here, in one place).
"""

from __future__ import annotations

import asyncio
import collections
import re
import time
from dataclasses import dataclass, field
from typing import Any, cast

from simcord import InteractionResult
from simcord.actors import _resolve_visible_command
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import AppCommandType, ComponentType, InteractionType
from simcord.interactions import base_payload, build_options, nest_options, walk_to_subcommand

_CHANNEL_MESSAGE = re.compile(r"^/channels/(\d+)/messages(?:/\d+)?$")
_WEBHOOK_TOKEN = re.compile(r"^/(?:interactions/\d+|webhooks/\d+)/([^/]+)")
# a public post through an interaction's webhook: a follow-up, or an edit of a message other than the
# (ephemeral) original response; the bot posts and edits turn messages this way while the click's token lives
_WEBHOOK_PUBLIC = re.compile(r"^/webhooks/\d+/[^/]+(?:/messages/\d+)?$")
# an interaction's first answer (a response, or a deferral): Discord wants it within 3 seconds of the click
_CALLBACK = re.compile(r"^/interactions/\d+/([^/]+)/callback$")
ACK_LIMIT = 3.0  # seconds Discord waits for an interaction's first answer before the click fails


# The loop's own clock: SimCord makes time.monotonic virtual inside the bot's tasks.
_loop_clock = time.monotonic


def _resolve(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def wire_sleep(delay: float) -> asyncio.Future:
    """Sleep for simulated wire time. SimCord turns the bot's timers into virtual ones whose
    real-time fallback settles all bot work before firing (which would serialise every
    request); a round trip is real time, so its timer goes straight onto the event loop."""
    loop = asyncio.get_running_loop()
    future = loop.create_future()
    # the base class's call_at, past SimCord's virtual timers; every asyncio loop is a BaseEventLoop
    asyncio.BaseEventLoop.call_at(cast(asyncio.BaseEventLoop, loop), _loop_clock() + delay, _resolve, future)
    return future


def _path(url: str) -> str:
    """The API path of a routed URL ("/channels/1/messages"), without the version or query."""
    path = url.split("?", 1)[0]
    at = path.find("/api/v")
    if at != -1:
        path = path[at + len("/api/v"):]
        path = path[path.find("/"):]
    return path


@dataclass
class Counters:
    """Requests the bot made since the last `take()`."""

    interaction: int = 0  # interaction callbacks and webhook (follow-up / original response) calls
    other: int = 0        # everything under the global limit: channel messages, DMs, ...
    rate_limited: int = 0  # 429s answered
    acks: list[float] = field(default_factory=list)  # the people's clicks: seconds from the click to its first answer
    backend_cpu_s: float = 0.0  # CPU SimCord's backend spent answering (Discord's side)
    routes: collections.Counter = field(default_factory=collections.Counter)


class SimulatedDiscord:
    """Latency, the global limit and counting around SimCord's transports of `env`'s bot."""

    def __init__(self, env, rtt: float, limit: int) -> None:
        self.env = env
        self.rtt = rtt
        self.limit = limit
        self.counters = Counters()
        self._window: collections.deque[float] = collections.deque()
        self._blocked_until = 0.0
        self._board_waiters: dict[int, list[asyncio.Future]] = {}
        self._token_waiters: dict[str, list[asyncio.Future]] = {}
        self.token_channels: dict[str, int] = {}  # interaction token -> the channel clicked in
        self.clicked: dict[str, float] = {}  # the people's clicks not answered yet: token -> when clicked
        http = env.bot.http
        http.request = self._wrap(http.request)
        adapter = env._webhook_adapter  # SimCord's interaction transport (not public API)
        adapter.request = self._wrap(adapter.request)

    def take(self) -> Counters:
        taken, self.counters = self.counters, Counters()
        return taken

    def unanswered(self) -> int:
        """The people's clicks with no answer yet (forgotten: a later step does not count them)."""
        count = len(self.clicked)
        self.clicked.clear()
        return count

    async def _global_gate(self) -> None:
        while True:
            now = _loop_clock()
            if now < self._blocked_until:
                await wire_sleep(self._blocked_until - now)
                continue
            while self._window and self._window[0] <= now - 1.0:
                self._window.popleft()
            if len(self._window) < self.limit:
                self._window.append(now)
                return
            self.counters.rate_limited += 1
            self._blocked_until = max(self._blocked_until, self._window[0] + 1.0)
            await wire_sleep(self.rtt)  # the 429 comes back after a round trip

    def _wrap(self, original):
        async def request(route, *args, **kwargs):
            path = _path(route.url)
            token = _WEBHOOK_TOKEN.match(path)
            if token is None:
                await self._global_gate()
            else:
                self._answered(path)
            await wire_sleep(self.rtt)
            started = time.thread_time()
            try:
                return await original(route, *args, **kwargs)  # SimCord answers synchronously
            finally:
                counters = self.counters
                counters.backend_cpu_s += time.thread_time() - started
                if token is not None:
                    counters.interaction += 1
                    self._wake(self._token_waiters, token[1])
                    channel_id = self._channel_of(token[1])
                    if channel_id is not None and route.method in ("POST", "PATCH") and _WEBHOOK_PUBLIC.match(path):
                        self._wake(self._board_waiters, channel_id)
                else:
                    counters.other += 1
                    channel = _CHANNEL_MESSAGE.match(path)
                    if channel is not None and route.method in ("POST", "PATCH"):
                        self._wake(self._board_waiters, int(channel[1]))
                counters.routes[(route.method, re.sub(r"\d{6,}|/[A-Za-z0-9_-]{40,}", "#", path))] += 1
        return request

    def _answered(self, path: str) -> None:
        """A click's first answer leaves the bot: it reaches Discord half a round trip later."""
        callback = _CALLBACK.match(path)
        if callback is not None:
            clicked = self.clicked.pop(callback[1], None)
            if clicked is not None:
                self.counters.acks.append(time.perf_counter() + self.rtt / 2 - clicked)

    def _channel_of(self, token: str) -> int | None:
        """The channel an interaction token was clicked in: told by the Clicker, else SimCord's record
        (a table's first turn message is posted through the Start click of SimCord's own actors)."""
        if token in self.token_channels:
            return self.token_channels[token]
        interaction_id = token.rsplit("_", 1)[-1]
        record = self.env.backend.interactions.get(int(interaction_id)) if interaction_id.isdigit() else None
        return None if record is None else record.channel_id

    @staticmethod
    def _wake(waiters: dict, key) -> None:
        for future in waiters.pop(key, ()):
            if not future.done():
                future.set_result(time.perf_counter())

    def board_changed(self, channel_id: int) -> asyncio.Future:
        """Resolves (with the time) when the next message is posted or edited in the channel."""
        future = asyncio.get_running_loop().create_future()
        self._board_waiters.setdefault(channel_id, []).append(future)
        return future

    def webhook_called(self, token: str) -> asyncio.Future:
        """Resolves when the next interaction call with `token` (a response, a follow-up) is done."""
        future = asyncio.get_running_loop().create_future()
        self._token_waiters.setdefault(token, []).append(future)
        return future


class ClickError(ValueError):
    """The component a simulated person wanted is not on the message."""


class Clicker:
    """Dispatches component interactions as a member would, without waiting for the bot."""

    def __init__(self, env, discord: SimulatedDiscord | None = None) -> None:
        self.env = env
        self.discord = discord  # told each click's token and channel, to see boards posted through webhooks
        self.payload_cpu_s = 0.0  # CPU spent finding components and building payloads (people's and Discord's side)

    def message(self, channel_id: int, message_id: int):
        return self.env.backend.get_message(channel_id, message_id)

    @staticmethod
    def components(stored) -> list[dict]:
        return list(walk_components(stored.components))

    def result(self, record) -> InteractionResult:
        return InteractionResult(self.env, record)

    def _find(self, stored, custom_id: str | None = None, label: str | None = None) -> dict:
        for component in self.components(stored):
            if custom_id is not None and component.get("custom_id") != custom_id:
                continue
            if label is not None and component.get("label") != label:
                continue
            if component.get("custom_id"):
                return component
        raise ClickError(f"no component custom_id={custom_id!r} label={label!r} on message {stored.id}")

    def click(self, member, channel_id: int, message_id: int, *, custom_id: str | None = None,
              label: str | None = None):
        """Press a button; returns the interaction's record (see `InteractionResult`)."""
        started = time.thread_time()
        stored = self.message(channel_id, message_id)
        button = self._find(stored, custom_id, label)
        self.payload_cpu_s += time.thread_time() - started
        return self._dispatch(member, stored, {"custom_id": button["custom_id"],
                                               "component_type": ComponentType.BUTTON})

    def select(self, member, channel_id: int, message_id: int, custom_id: str, values: list[str]):
        """Pick `values` from a string select menu."""
        started = time.thread_time()
        stored = self.message(channel_id, message_id)
        menu = self._find(stored, custom_id)
        self.payload_cpu_s += time.thread_time() - started
        return self._dispatch(member, stored, {"custom_id": menu["custom_id"], "component_type": menu["type"],
                                               "values": list(values)})

    def slash(self, member, channel, name: str, **options):
        """Run a slash command ("game seat bot") in `channel` (a SimCord ChannelHandle)."""
        parts = name.split()
        root = _resolve_visible_command(member, channel.id, parts[0], AppCommandType.CHAT_INPUT)
        leaf, nesting = walk_to_subcommand(root, parts[1:])
        leaf_options, resolved = build_options(member, name, leaf, options, channel_id=channel.id)
        data = {"id": root["id"], "name": root["name"], "type": root.get("type", AppCommandType.CHAT_INPUT),
                "options": nest_options(root, nesting, leaf_options)}
        if resolved:
            data["resolved"] = resolved
        return self._dispatch(member, None, data, InteractionType.APPLICATION_COMMAND, channel.id)

    def _dispatch(self, member, stored, data: dict, kind=InteractionType.MESSAGE_COMPONENT, channel_id: int = 0):
        started = time.thread_time()
        backend = self.env.backend
        record, payload = base_payload(backend, type=kind, channel_id=stored.channel_id if stored else channel_id,
                                       guild_id=member.guild.id, user_id=member.id, data=data)
        if stored is not None:
            payload["message"] = dict(serializers.message_payload(backend, stored))
            record.source_message_id = stored.id
        if self.discord is not None:
            self.discord.token_channels[record.token] = record.channel_id
            self.discord.clicked[record.token] = time.perf_counter()
        self.payload_cpu_s += time.thread_time() - started
        backend.emit("INTERACTION_CREATE", payload)  # discord.py parses it and runs the bot's handler
        return record

"""Game sessions: the lobby, then load, lock, apply, persist for each choice.

Nothing here knows Discord; the cogs turn Discord interactions into these calls and
turn the returned `Step`s into messages. Everything here drives games only through the
`games.core` contract, so it works for every registered game.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import games
from games.core import CoreState, Decision, GameError, GameRules, IllegalChoice, StaleChoice, fill_names

from .storage import ActionRow, GameRow, SeatRow, Storage

MAX_BOT_STEPS = 2_000  # bot seats acting in a row; far above any real chain


class SessionError(GameError):
    """A request the session cannot carry out (wrong channel state, not seated, ...)."""


@dataclass
class Seat:
    seat: int
    user_id: int | None  # None: a bot player
    name: str

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass
class LiveGame:
    """A game this process hosts: its record, seats and (once started) current state."""

    row: GameRow
    seats: list[Seat]
    state: CoreState | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    idle_since: float = field(default_factory=time.time)
    reminded: bool = False
    takeover_offered: bool = False
    takeover_votes: set[int] = field(default_factory=set)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def rules(self) -> GameRules:
        return games.get(self.row.slug)

    @property
    def version(self) -> int:
        return self.row.version

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def pending(self) -> list[Decision]:
        return [] if self.state is None else self.rules.pending(self.state)

    def to_act(self) -> list[int]:
        return sorted({d.seat for d in self.pending()})

    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]


@dataclass
class Step:
    """What one request changed: public log lines per applied action, private lines per seat."""

    game: LiveGame
    lines: list[str] = field(default_factory=list)
    private: dict[int, list[str]] = field(default_factory=dict)
    finished: bool = False
    to_act_before: list[int] = field(default_factory=list)


def _parse_options(rules: GameRules, text: str | None) -> dict[str, str]:
    """'key=value key=value' into a validated option dict (BadSetup explains mistakes)."""
    given: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep:
            valid = ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in rules.options) or "none"
            raise SessionError(f"options are written key=value; {rules.title} has: {valid}")
        given[key.strip()] = value.strip()
    return rules.resolve_options(given)


class Sessions:
    """All games of this process, backed by `Storage`."""

    def __init__(self, storage: Storage, clock=time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.live: dict[int, LiveGame] = {}

    # -- restore ---------------------------------------------------------------
    async def restore(self) -> int:
        """Load every lobby and active game; returns how many."""
        rows = await self.storage.games("status IN ('lobby', 'active')")
        ids = [r.id for r in rows]
        seats = await self.storage.seats_by_game(ids)
        snaps = await self.storage.snapshots(ids)
        for row in rows:
            game = LiveGame(row, [Seat(s.seat, s.user_id, s.name) for s in seats[row.id]], idle_since=row.updated_at)
            if row.status == "active":
                snap = snaps.get(row.id)
                if snap and snap[0] == row.version:
                    game.state = game.rules.load(snap[1])
                else:  # no usable snapshot: rebuild from the action log
                    game.state = await self._replay(game)
            self.live[row.id] = game
        return len(rows)

    async def _replay(self, game: LiveGame) -> CoreState:
        return self._rebuild(game, await self.kept_actions(game.id))

    def _rebuild(self, game: LiveGame, actions: list[ActionRow]) -> CoreState:
        """The state reached from the seed by `actions`."""
        rules = game.rules
        state = rules.setup(len(game.seats), game.row.seed, game.row.options)
        for action in actions:
            state = rules.apply(state, action.seat, action.choice)
        return state

    async def kept_actions(self, game_id: int) -> list[ActionRow]:
        """The choices still in force: the append-only log folded with its undos."""
        kept: list[ActionRow] = []
        for action in await self.storage.actions(game_id):
            if action.kind == "choice":
                kept.append(action)
            elif action.kind == "undo":
                kept.pop()
        return kept

    # -- lookup ----------------------------------------------------------------
    def in_channel(self, channel_id: int) -> LiveGame | None:
        return next((g for g in self.live.values() if g.row.channel_id == channel_id), None)

    def require_channel(self, channel_id: int) -> LiveGame:
        game = self.in_channel(channel_id)
        if game is None:
            raise SessionError("There is no game in this channel. Start one with /game new.")
        return game

    def require(self, game_id: int) -> LiveGame:
        game = self.live.get(game_id)
        if game is None:
            raise SessionError("That game has ended or no longer exists.")
        return game

    def in_guild(self, guild_id: int) -> list[LiveGame]:
        return [g for g in self.live.values() if g.row.guild_id == guild_id]

    # -- lobby -----------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, slug: str, creator_id: int, creator_name: str,
                     options_text: str | None = None) -> LiveGame:
        if self.in_channel(channel_id):
            raise SessionError("This channel already has a game. Finish or /game abandon it, or use another channel or thread.")
        try:
            rules = games.find(slug)
            slug = rules.slug
        except KeyError:
            raise SessionError(f"Unknown game {slug!r}. Known games: {', '.join(sorted(games.REGISTRY))}.") from None
        options = _parse_options(rules, options_text)
        seed = random.SystemRandom().randrange(1 << 62)
        game_id = await self.storage.create_game(guild_id, channel_id, slug, options, seed, creator_id)
        row = await self.storage.game(game_id)
        game = LiveGame(row, [Seat(0, creator_id, creator_name)])
        await self.storage.set_seats(game_id, self._seat_rows(game))
        self.live[game_id] = game
        return game

    @staticmethod
    def _seat_rows(game: LiveGame) -> list[SeatRow]:
        return [SeatRow(s.seat, s.user_id, s.name) for s in game.seats]

    async def _save_seats(self, game: LiveGame) -> None:
        game.seats = [Seat(i, s.user_id, s.name) for i, s in enumerate(game.seats)]
        await self.storage.set_seats(game.id, self._seat_rows(game))

    def _require_lobby(self, game: LiveGame) -> None:
        if game.row.status != "lobby":
            raise SessionError("The game has already started.")

    async def join(self, game: LiveGame, user_id: int, name: str) -> None:
        async with game.lock:
            self._require_lobby(game)
            if game.seat_of(user_id) is not None:
                raise SessionError("You are already seated in this game.")
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(f"The table is full ({game.rules.max_players} players).")
            game.seats.append(Seat(len(game.seats), user_id, name))
            await self._save_seats(game)

    async def leave(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError("You are not seated in this game.")
            game.seats.pop(seat)
            await self._save_seats(game)
            if not game.human_ids():
                await self._close(game, "abandoned")

    async def add_bot(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, "add bot players")
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(f"The table is full ({game.rules.max_players} players).")
            count = sum(s.is_bot for s in game.seats) + 1
            game.seats.append(Seat(len(game.seats), None, f"Bot {count}"))
            await self._save_seats(game)

    async def remove_bot(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, "remove bot players")
            bots = [s for s in game.seats if s.is_bot]
            if not bots:
                raise SessionError("There is no bot seat to remove.")
            game.seats.remove(bots[-1])
            await self._save_seats(game)

    @staticmethod
    def _require_creator(game: LiveGame, user_id: int, what: str) -> None:
        if user_id != game.row.creator_id:
            raise SessionError(f"Only the player who created the game can {what}.")

    async def start(self, game: LiveGame, user_id: int) -> Step:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, "start it")
            rules = game.rules
            count = len(game.seats)
            if not rules.min_players <= count <= rules.max_players:
                raise SessionError(f"{rules.title} needs {rules.min_players}-{rules.max_players} players; {count} seated.")
            game.state = rules.setup(count, game.row.seed, game.row.options)
            game.row.status = "active"
            await self.storage.update_game(game.id, status="active")
            step = Step(game, lines=[f"{rules.title} begins with {', '.join(game.names())}."])
            await self.storage.save_snapshot(game.id, game.version, rules.dump(game.state))
            await self._run_bots(game, step)
            self._touch(game)
            return step


    # -- play ------------------------------------------------------------------
    async def choose(self, game: LiveGame, user_id: int, version: int | None, choice: Any) -> Step:
        """Apply a player's choice. `version` (from the button) must be the current one."""
        async with game.lock:
            self._require_active(game)
            if version is not None and version != game.version:
                raise StaleChoice("That panel is out of date: the game has moved on. Press **Take turn** for the current decision.")
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError("You are not playing in this game.")
            if game.rules.decision_for(game.state, seat) is None:
                raise IllegalChoice(f"It is not your turn. Waiting for {self.waiting_on(game)}.")
            step = Step(game, to_act_before=game.to_act())
            await self._apply(game, step, seat, choice, user_id)
            await self._run_bots(game, step)
            self._touch(game)
            return step

    async def _apply(self, game: LiveGame, step: Step, seat: int, choice: Any, user_id: int | None) -> None:
        rules = game.rules
        before = game.state
        after = rules.apply(before, seat, choice)  # raises before anything is stored
        names = game.names()
        public = [fill_names(text, names) for text in rules.log_for(after, None)]
        private: dict[int, list[str]] = {}
        for line in after.log:
            if line.seat is not None:
                private.setdefault(line.seat, []).append(fill_names(line.text, names))
        action = ActionRow(game.version + 1, "choice", seat, user_id, choice, public, private,
                           rules.revealed(before, after), self.clock())
        await self.storage.record(game.id, action, rules.dump(after), action.seq)
        game.state = after
        game.row.version = action.seq
        step.lines.extend(public)
        for who, texts in private.items():
            step.private.setdefault(who, []).extend(texts)
        if rules.outcome(after) is not None:
            await self._close(game, "finished")
            step.finished = True

    async def _run_bots(self, game: LiveGame, step: Step, seats: set[int] | None = None) -> None:
        """Let bot seats (or the given seats) make their pending choices."""
        rules = game.rules
        for _ in range(MAX_BOT_STEPS):
            if game.row.status != "active":
                return
            acting = [d for d in rules.pending(game.state)
                      if (game.seats[d.seat].is_bot if seats is None else d.seat in seats)]
            if not acting:
                return
            seat = acting[0].seat
            await self._apply(game, step, seat, rules.bot_choice(game.state, seat), None)

    def _require_active(self, game: LiveGame) -> None:
        if game.row.status != "active" or game.state is None:
            raise SessionError("The game has not started yet." if game.row.status == "lobby" else "The game is over.")

    def _touch(self, game: LiveGame) -> None:
        game.idle_since = self.clock()
        game.reminded = False
        game.takeover_offered = False
        game.takeover_votes.clear()

    def waiting_on(self, game: LiveGame) -> str:
        names = [game.seats[s].name for s in game.to_act()]
        return ", ".join(names) if names else "nobody"

    async def undo(self, game: LiveGame, user_id: int) -> Step:
        """Take back the user's own last choice, if nobody acted since and it revealed nothing."""
        async with game.lock:
            self._require_active(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError("You are not playing in this game.")
            kept = await self.kept_actions(game.id)
            if not kept:
                raise SessionError("There is nothing to undo.")
            last = kept[-1]
            if last.seat != seat or last.user_id != user_id:
                raise SessionError("You can only undo your own last choice, and someone else has acted since.")
            if last.revealed:
                raise SessionError("That choice revealed something new (a draw, a flip or a roll), so it cannot be undone.")
            rules = game.rules
            state = self._rebuild(game, kept[:-1])
            line = f"{game.seats[seat].name} took back their last choice."
            undo = ActionRow(game.version + 1, "undo", seat, user_id, last.seq, [line], {}, False, self.clock())
            await self.storage.record(game.id, undo, rules.dump(state), undo.seq)
            step = Step(game, lines=[line], to_act_before=game.to_act())
            game.state = state
            game.row.version = undo.seq
            self._touch(game)
            return step

    async def takeover(self, game: LiveGame, seats: set[int]) -> Step:
        """A bot player makes the pending choices of `seats` (voted in for idle players)."""
        async with game.lock:
            self._require_active(game)
            step = Step(game, to_act_before=game.to_act())
            names = ", ".join(game.seats[s].name for s in sorted(seats))
            step.lines.append(f"The table voted: a bot player takes this turn for {names}.")
            await self._run_bots(game, step, seats)
            await self._run_bots(game, step)
            self._touch(game)
            return step

    async def abandon(self, game: LiveGame, user_id: int, can_manage: bool) -> None:
        async with game.lock:
            if user_id != game.row.creator_id and not can_manage:
                raise SessionError("Only the game's creator or a member with Manage Server can abandon it.")
            await self._close(game, "abandoned")

    async def _close(self, game: LiveGame, status: str) -> None:
        game.row.status = status
        await self.storage.update_game(game.id, status=status)
        self.live.pop(game.id, None)

    async def set_turn_message(self, game: LiveGame, message_id: int | None) -> None:
        game.row.turn_message_id = message_id
        await self.storage.update_game(game.id, turn_message_id=message_id)

    # -- reading ---------------------------------------------------------------
    async def recent_lines(self, game: LiveGame, user_id: int | None, limit: int = 25) -> list[str]:
        """Log lines since the user's last own action (at most `limit`), private lines included."""
        actions = await self.storage.actions(game.row.id)
        seat = game.seat_of(user_id) if user_id is not None else None
        last_own = max((a.seq for a in actions if a.user_id == user_id and a.user_id is not None), default=0)
        lines: list[str] = []
        for action in actions:
            if action.seq < last_own:
                continue
            lines.extend(action.lines)
            if seat is not None:
                lines.extend(f"(only you) {text}" for text in action.private_lines.get(seat, []))
        return lines[-limit:]

    def idle_games(self, now: float, remind_after: float, afk_after: float) -> tuple[list[LiveGame], list[LiveGame]]:
        """Games due a reminder, and games where the table may now vote a bot in."""
        remind, afk = [], []
        for game in self.live.values():
            if game.row.status != "active" or not any(not game.seats[s].is_bot for s in game.to_act()):
                continue
            idle = now - game.idle_since
            if idle >= afk_after and not game.takeover_offered:
                afk.append(game)
            elif idle >= remind_after and not game.reminded:
                remind.append(game)
        return remind, afk

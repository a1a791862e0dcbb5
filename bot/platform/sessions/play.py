"""Playing: a player's choice, the platform's own moves after it, and undo.

Every applied choice is one storage transaction (action, snapshot, version, status and the
platform metadata together). After a human's choice the platform keeps playing what needs no
human: bot seats, and decisions with a single legal option (unless taking it reveals something).
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from games.core import CoreState, GameRules, StaleChoice
from games.core.levels import NORMAL

from ..bot_thinker import BOT_THINKER
from ..live import LiveGame, SessionError, Step, restamped
from ..storage import ActionRow, VersionConflict
from ..waits import KEY as WAITS, dump_waits, reconcile, waits_of
from ..words import T, stored
from .checks import check_stamp, require_active, require_seat
from .clocks import Clocks
from .games import LiveGames, rebuild

MAX_PLATFORM_STEPS = 2_000  # bot and automatic choices in a row; far above any real chain
MAX_FORCED_STEPS = 60       # choices a bot makes for a voted-out seat's one turn
UNDO_WINDOW = 40            # log rows undo reads; a longer tail of bot moves reads the whole log


async def think(rules: GameRules, state: CoreState, seat: int, level: str = NORMAL) -> Any:
    """The bot player's choice for `seat` at `level`, computed in the bot-thinking process (see
    bot_thinker); a decision with a single legal option is answered here, at once."""
    decision = rules.decision_for(state, seat)
    forced = decision.only_choice() if decision is not None else None
    if forced is not None:
        return forced
    return await BOT_THINKER.think(rules, state, seat, level)


def table_level(game: LiveGame) -> str:
    """The level of the table's stand-in bots (the `bots` table option; "normal" by default, and
    for a level the game does not offer)."""
    level = str((game.row.options or {}).get("bots", NORMAL))
    return level if level in game.rules.bot_levels() else NORMAL


def seat_level(game: LiveGame, seat: int) -> str:
    """The level `seat`'s moves are thought at now: its bot's, or the table's stand-in level."""
    return game.seats[seat].bot_level or table_level(game)


def turn_over(game: LiveGame, before: CoreState, seat: int) -> bool:
    """Whether a bot playing `seat`'s turn should stop: the seat has nothing left to decide,
    something came to light (a new round, a draw), or the turn passed to another person."""
    rules = game.rules
    after_seats = {d.seat for d in game.pending()}
    before_seats = {d.seat for d in rules.pending(before)}
    others = {s for s in after_seats - before_seats if not game.seats[s].is_bot}
    return seat not in after_seats or rules.revealed(before, game.state) or bool(others)


class Playing:
    """Applies choices to the live games and plays what needs no person."""

    def __init__(self, games: LiveGames, clocks: Clocks, clock: Callable[[], float]) -> None:
        self.games = games
        self.storage = games.storage
        self.clocks = clocks
        self.clock = clock

    # -- a player's choice ---------------------------------------------------------
    async def choose(self, game: LiveGame, user_id: int, stamp: int | None, choice: Any,
                     from_dm: bool = False, before_thinking: Callable[[], Awaitable[None]] | None = None) -> Step:
        """Apply a player's choice. `stamp` (from the panel) must be that seat's current stamp;
        `from_dm`: the click came from the player's DMs (`live.playing_from_dms`);
        `before_thinking`: awaited once, after the choice is stored and before a bot seat thinks
        (a hard bot thinks for seconds: the interface answers its click first)."""
        async with game.lock:
            seat = check_stamp(game, user_id, stamp)
            step = Step(game, to_act_before=game.to_act(), actor=seat, before_thinking=before_thinking)
            await self.apply(game, step, seat, choice, user_id, from_dm=from_dm)
            await self.advance(game, step)
            return step

    async def apply(self, game: LiveGame, step: Step, seat: int, choice: Any, user_id: int | None,
                    kind: str = "choice", from_dm: bool = False, applied: CoreState | None = None) -> None:
        """Apply and store one choice (call with the game's lock held); memory changes only once
        the write succeeded. `applied`: the state after this choice, when the caller already
        worked it out from the current state."""
        rules = game.rules
        before = game.state
        assert before is not None  # a running game (checked by every caller)
        # raises before anything is stored
        after = applied if applied is not None else rules.apply(before, seat, choice, pending=game.pending())
        names = game.names()
        # stored as messages with the names in them: each reader reads them in their language
        public = [stored(line.text, names) for line in rules.log_lines(after, None)]
        private: dict[int, list] = {}
        for line in after.log:
            if line.seat is not None:
                private.setdefault(line.seat, []).append(stored(line.text, names))
        now = self.clock()
        version = game.version + 1
        pending_after = rules.pending(after)
        meta = restamped(game.meta, game.pending(), pending_after, seat, version, len(game.seats))
        meta.pop("votes", None)
        meta["moved_at"] = now
        if user_id is not None and kind == "choice":  # a person clicked: at the table for a while (live.at_table)
            meta["acted"] = {**meta.get("acted", {}), str(seat): now}
            from_dms = {k: v for k, v in meta.get("acted_from_dm", {}).items() if k != str(seat)}
            meta["acted_from_dm"] = {**from_dms, str(seat): True} if from_dm else from_dms
        self.clocks.tick(meta, sorted({d.seat for d in pending_after}), [seat], now)
        # who became needed over the whole request (so a player's own run of decisions, and the
        # bot moves after it, never open a new wait): stored with the move
        meta[WAITS] = dump_waits(reconcile(step.waits_before, [s.user_id for s in game.seats],
                                           {d.seat for d in pending_after}, now, step.actor))
        self.clocks.arm(meta, version, now)
        finished = rules.outcome(after) is not None
        action = ActionRow(version, kind, seat, user_id, choice, public, private, rules.revealed(before, after), now)
        try:
            await self.storage.record(game.id, action, rules.dump(after), status="finished" if finished else None,
                                      meta=meta, announce=True)
        except VersionConflict:
            self.games.drop(game)  # another writer moved it: reload on next use
            raise StaleChoice(T("The game changed in the meantime; press **Take turn** again.")) from None
        except BaseException:
            self.games.tails.forget(game.id)  # stored or not: the storage will tell
            raise
        self.games.tails.stored(game.id, action)
        game.state, game.row.version, game.row.meta = after, version, meta
        game.known_pending(after, pending_after)
        game.row.updated_at, game.row.announce = now, True
        if kind == "choice":
            self.games.chose(game, user_id, version)
        self.games.trim_tail(game)
        step.lines.extend(public)
        for who, texts in private.items():
            step.private.setdefault(who, []).extend(texts)
        if finished:
            game.row.status = "finished"
            step.finished = True
            self.games.drop(game)

    async def advance(self, game: LiveGame, step: Step, forced: set[int] | None = None) -> None:
        """Play what needs no human: bot seats, `forced` seats (a voted bot turn) and single-option
        decisions that reveal nothing. Call with the game's lock held."""
        rules = game.rules
        held_back: set[int] = set()  # single options that would reveal something: left to the player
        forced_left = MAX_FORCED_STEPS
        for _ in range(MAX_PLATFORM_STEPS):
            if game.row.status != "active" or game.state is None:
                return
            move: tuple[int, Any, int | None, str, CoreState | None] | None = None
            for decision in game.pending():
                seat = decision.seat
                if game.seats[seat].is_bot or (forced and seat in forced and forced_left > 0):
                    if step.before_thinking is not None and decision.only_choice() is None:
                        waiting, step.before_thinking = step.before_thinking, None
                        await waiting()  # e.g. the click that led here is answered before a bot thinks
                    move = (seat, await think(rules, game.state, seat, seat_level(game, seat)), None, "choice", None)
                    if not game.seats[seat].is_bot:
                        forced_left -= 1
                    break
                only = decision.only_choice()
                if only is None or seat in held_back:
                    continue
                taken = rules.apply(game.state, seat, only, pending=game.pending())
                if rules.revealed(game.state, taken):
                    held_back.add(seat)
                    continue
                move = (seat, only, game.seats[seat].user_id, "auto", taken)
                break
            if move is None:
                return
            seat, choice, user_id, kind, applied = move
            before = game.state
            await self.apply(game, step, seat, choice, user_id, kind, applied=applied)
            if kind == "auto":
                step.auto.append(seat)
            if forced and seat in forced and turn_over(game, before, seat):
                forced = forced - {seat}

    async def settle(self, game: LiveGame) -> Step:
        """Finish whatever the stored state implies: due bot seats and single-option decisions
        are played, a game whose outcome is reached is closed."""
        async with game.lock:
            step = Step(game, to_act_before=game.to_act())
            if game.row.status == "active" and game.state is not None and game.rules.outcome(game.state) is not None:
                await self.games.close(game, "finished")
                step.finished = True
                return step
            await self.advance(game, step)
            return step

    # -- undo ----------------------------------------------------------------------
    async def _undo_tail(self, game: LiveGame) -> tuple[list[ActionRow], bool]:
        """The recent kept actions undo needs, read from the log's tail (constant time) unless the
        tail is not enough; and whether the list starts at the game's first action."""
        since = max(0, game.version - UNDO_WINDOW)
        if since:
            tail = await self.games.kept_actions(game.id, since)
            if tail and any(a.user_id is not None and a.kind == "choice" for a in tail[1:]):
                return tail, False
        return await self.games.kept_actions(game.id) or [], True

    async def undo(self, game: LiveGame, user_id: int) -> Step:
        """Take back the user's own last choice (and the bot and automatic moves that followed it),
        if no other player chose since and nothing was revealed."""
        async with game.lock:
            require_active(game)
            seat = require_seat(game, user_id)
            kept, complete = await self._undo_tail(game)
            start = len(kept)
            while start and (kept[start - 1].user_id is None or kept[start - 1].kind == "auto"):
                start -= 1
            if not start:
                raise SessionError(T("There is nothing of yours to undo."))
            last = kept[start - 1]
            if last.seat != seat or last.user_id != user_id:
                raise SessionError(T("You can only undo your own last choice, and someone else has acted since."))
            if any(a.revealed for a in kept[start - 1:]):
                raise SessionError(T("That choice (or what followed it) revealed something new: a draw, a flip, a "
                                     "roll or everyone's secret picks. It cannot be undone."))
            state = await self.state_after(game, kept[: start - 1], complete)
            rules = game.rules
            line = stored(T("{name} took back their last choice.", name=game.seats[seat].name), game.names())
            version = game.version + 1
            now = self.clock()
            pending = rules.pending(state)
            meta = restamped(game.meta, game.pending(), pending, seat, version, len(game.seats))
            meta.pop("votes", None)
            self.clocks.tick(meta, sorted({d.seat for d in pending}), [], now)
            meta["moved_at"] = now
            users = [s.user_id for s in game.seats]
            meta[WAITS] = dump_waits(reconcile(waits_of(game.meta, users), users, {d.seat for d in pending}, now,
                                               actor=seat))
            self.clocks.arm(meta, version, now)
            taken = len(kept) - start + 1
            undo = ActionRow(version, "undo", seat, user_id, {"count": taken, "of": last.seq}, [line], {}, False, now)
            try:
                await self.storage.record(game.id, undo, rules.dump(state), meta=meta, announce=True)
            except BaseException:
                self.games.tails.forget(game.id)  # stored or not: the storage will tell
                raise
            self.games.tails.stored(game.id, undo)
            step = Step(game, lines=[line], to_act_before=game.to_act(), actor=seat)
            game.state, game.row.version, game.row.meta, game.row.updated_at = state, version, meta, now
            game.row.announce = True
            game.known_pending(state, pending)
            return step

    async def state_after(self, game: LiveGame, kept: list[ActionRow], complete: bool = True) -> CoreState:
        """The state after the `kept` actions (all of them, or the log's tail when not `complete`):
        their last snapshot, or a replay from the seed."""
        seq = kept[-1].seq if kept else 0
        snap = await self.storage.snapshot(game.id, seq)
        if snap is not None and snap[0] == seq:
            loaded: CoreState = game.rules.load(snap[1])
            return loaded
        if not complete:
            kept = [a for a in await self.games.kept_actions(game.id) or [] if a.seq <= seq]
        return rebuild(game, kept)


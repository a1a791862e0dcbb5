"""Seats during a game: a seat handed to a bot player or a substitute (and back), a member who
leaves, a player who can no longer see the game's channel (and sees it again), the table's vote
to let a bot play for idle seats, and a turn clock that reached zero.

Nothing here waits on a person who is gone: a seat can go to a bot player or a substitute,
a member who leaves the server, or loses sight of the game's channel, is replaced by a bot,
and a turn clock that reaches zero does what the table chose.
"""

from __future__ import annotations

import copy
from typing import Awaitable, Callable

from games.core import IllegalChoice, StaleChoice

from .. import waits
from ..live import LiveGame, Seat, SessionError, Step, bot_label
from ..words import T
from .checks import require_active, require_seat
from .games import LiveGames
from .lobby import Lobby, require_level
from .play import Playing, table_level


AWAY = "away"  # meta: seat -> the player who lost sight of the channel while a bot plays it for them


def away(meta: dict) -> dict[int, int]:
    """The seats a bot plays because their player can no longer see the game's channel (in the
    game's meta), each with that player: the seat goes back to them when they see it again."""
    return {int(seat): int(user_id) for seat, user_id in meta.get(AWAY, {}).items()}


def require_offered(game: LiveGame, stamp: int) -> None:
    """Refuse a takeover vote the table was never offered at version `stamp` (a forged button):
    only the reminders loop offers one, once a seat has idled long enough or ran out of time."""
    if game.meta.get("offered") != stamp:
        raise IllegalChoice(T("No vote to let a bot player take over was offered for this turn."))


class Seats:
    """Who plays each seat of a running game, and bots standing in for idle seats."""

    def __init__(self, games: LiveGames, play: Playing, lobby: Lobby) -> None:
        self.games = games
        self.storage = games.storage
        self.play = play
        self.lobby = lobby

    # -- seats handed over -----------------------------------------------------------
    async def hand_over(self, game: LiveGame, actor_id: int, seat: int, to_user_id: int | None,
                        to_name: str, can_manage: bool, level: str | None = None) -> Step:
        """Give `seat` to a bot player (`to_user_id` None) at `level` (None: the table's stand-in
        level) or to a substitute person, or back."""
        async with game.lock:
            require_active(game)
            bot_level = require_level(game, level) if to_user_id is None else None
            if not 0 <= seat < len(game.seats):
                raise SessionError(T("There is no seat {number}; seats go from 1 to {count}.", number=seat + 1,
                                     count=len(game.seats)))
            current = game.seats[seat]
            former = {int(s): uid for s, uid in game.meta.get("former", {}).items()}
            allowed = (can_manage or actor_id == game.row.creator_id or actor_id == current.user_id
                       or (actor_id == to_user_id and former.get(seat) == actor_id))
            if not allowed:
                raise SessionError(T("Only the host, a member with Manage Server, or the seat's own player "
                                     "(also to take it back) can hand a seat over."))
            if to_user_id is not None:
                taken = game.seat_of(to_user_id)
                if taken is not None:
                    raise SessionError(T("{name} already plays seat {number} of this game.", name=to_name,
                                         number=taken + 1))
            if to_user_id == current.user_id and (to_user_id is not None or current.bot_level == bot_level):
                raise SessionError(T("That seat is already theirs."))
            return await self.reseat(game, seat, to_user_id, to_name, bot_level)

    async def reseat(self, game: LiveGame, seat: int, to_user_id: int | None, to_name: str,
                     level: str | None = None, before_thinking: Callable[[], Awaitable[None]] | None = None,
                     away_player: int | None = None) -> Step:
        """Give `seat` to `to_user_id` (None: a bot player at `level`, None: the table's stand-in
        level) and play on (call with the lock held). `away_player`: the person the bot stands in
        for until they can see the channel again."""
        current = game.seats[seat]
        level = (level or table_level(game)) if to_user_id is None else None
        name = to_name if to_user_id is not None else current.name if current.is_bot else f"Bot ({current.name})"
        meta = copy.deepcopy(game.meta)
        if current.user_id is not None:
            # The seat's own player (its first person) stays on record through any chain of
            # substitutes, so they can always take it back.
            meta.setdefault("former", {}).setdefault(str(seat), current.user_id)
        if away_player is not None:
            meta.setdefault(AWAY, {})[str(seat)] = away_player
        elif str(seat) in meta.get(AWAY, {}):
            del meta[AWAY][str(seat)]

        # the new holder has not moved in this game: how they play is theirs to show, and a turn
        # of the seat that is up now is a new wait, theirs
        for key in ("acted", "acted_from_dm"):
            meta.get(key, {}).pop(str(seat), None)
        users = [s.user_id for s in game.seats]
        handed = users[:seat] + [to_user_id] + users[seat + 1:]
        meta[waits.KEY] = waits.dump_waits(waits.reconcile(waits.waits_of(meta, users), handed,
                                                           meta.get("to_act", []), self.play.clock()))
        await self.storage.update_seat(game.id, seat, to_user_id, name, level)
        await self.storage.update_game(game.id, meta=meta)
        game.row.meta = meta
        game.seats[seat] = Seat(seat, to_user_id, name, level)
        if current.user_id == game.row.creator_id and to_user_id is None and game.human_ids():
            game.row.creator_id = game.human_ids()[0]
            await self.storage.update_game(game.id, creator_id=game.row.creator_id)
        who = T("a bot player ({what})", what=bot_label(level)) if level is not None else to_name
        step = Step(game, lines=[T("Seat {number} ({name}) is now played by {who}.", number=seat + 1,
                                   name=current.name, who=who)],
                    to_act_before=[s for s in game.to_act() if s != seat], before_thinking=before_thinking)
        if not game.human_ids():
            step.lines.append(T("No person is left at the table, so the game was abandoned."))
            await self.games.close(game, "abandoned")
            return step
        await self.play.advance(game, step)
        return step

    async def member_left(self, guild_id: int, user_id: int) -> list[Step]:
        """A member left the server: their lobby seats are freed, their game seats go to bots."""
        steps = []
        for row in await self.storage.running_of_user(guild_id, user_id):
            try:
                game = await self.games.get(row.id)
            except SessionError:
                continue
            seat = game.seat_of(user_id)
            if seat is None:
                continue
            if game.row.status == "lobby":
                async with game.lock:
                    await self.lobby.remove_seat(game, seat)
                who = game.seats[seat].name if seat < len(game.seats) else T("A player")
                steps.append(Step(game, lines=[T("{name} left the server and the table.", name=who)]))
                continue
            async with game.lock:
                step = await self.reseat(game, seat, None, "")
            step.lines.insert(0, T("A player left the server."))
            steps.append(step)
        return steps

    # -- a player who can no longer see the game's channel ------------------------------
    async def lost_access(self, game: LiveGame, user_id: int) -> Step | None:
        """The user can no longer view the game's channel: as for a member who leaves the server,
        their lobby seat is freed and their game seat goes to a bot player, which stands in for
        them (`away`) until they can see the channel again. The table's last person keeps their
        seat: the game waits for them instead of ending. None when nothing changed."""
        async with game.lock:
            seat = game.seat_of(user_id)
            if seat is None or game.row.status not in ("lobby", "active"):
                return None
            name = game.seats[seat].name
            if game.row.status == "lobby":
                await self.lobby.remove_seat(game, seat)
                return Step(game, lines=[T("{name} can no longer see this channel and left the table.", name=name)])
            if game.human_ids() == [user_id]:
                return None
            step = await self.reseat(game, seat, None, "", away_player=user_id)
        step.lines.insert(0, T("{name} can no longer see this channel.", name=name))
        return step

    async def regained_access(self, game: LiveGame, user_id: int, name: str) -> Step | None:
        """The user sees the game's channel again: the seat a bot played for them since they lost
        it comes back to them (unless someone else took it meanwhile). None when nothing changed."""
        async with game.lock:
            seat = next((s for s, uid in away(game.meta).items() if uid == user_id), None)
            if seat is None or game.row.status != "active":
                return None
            if not game.seats[seat].is_bot or game.seat_of(user_id) is not None:
                meta = copy.deepcopy(game.meta)  # the seat is someone's now: nothing to give back
                del meta[AWAY][str(seat)]
                await self.storage.update_game(game.id, meta=meta)
                game.row.meta = meta
                return None
            step = await self.reseat(game, seat, user_id, name)
        step.lines.insert(0, T("{name} can see this channel again and takes their seat back.", name=name))
        return step

    # -- a bot for an idle seat ------------------------------------------------------
    async def vote_takeover(self, game: LiveGame, voter_id: int, stamp: int, rest_of_game: bool = False,
                            before_thinking: Callable[[], Awaitable[None]] | None = None
                            ) -> tuple[int, int, Step | None]:
        """Count a vote to let a bot take the idle seats' turn (called at version `stamp`), or their
        seats for the rest of the game (`rest_of_game`: votes for each kind are counted apart).
        Returns (votes, needed, the step if the vote passed and the bot played). `before_thinking`:
        awaited once before a bot thinks (see `Playing.choose`)."""
        async with game.lock:
            require_active(game)
            if stamp != game.version:
                raise StaleChoice(T("The game has moved on since this vote was called."))
            require_offered(game, stamp)
            voter = require_seat(game, voter_id)
            idle = {s for s in game.to_act() if not game.seats[s].is_bot}
            if voter in idle:
                raise IllegalChoice(T("You can simply take your turn: press **Take turn**."))
            if not idle:
                raise IllegalChoice(T("Nobody is holding the game up."))
            voters = [uid for uid in game.human_ids() if game.seat_of(uid) not in idle]
            meta = copy.deepcopy(game.meta)
            kind = "seat" if rest_of_game else "turn"
            votes = meta.setdefault("votes", {"version": game.version, "turn": [], "seat": []})
            chosen = votes.setdefault(kind, [])
            if voter_id not in chosen:
                chosen.append(voter_id)
            needed = len(voters) // 2 + 1
            if len(chosen) < needed:
                await self.storage.update_game(game.id, meta=meta)
                game.row.meta = meta
                return len(chosen), needed, None
            names = tuple(game.seats[s].name for s in sorted(idle))
            if rest_of_game:
                step = Step(game, lines=[T("The table voted: bot players take over from {names} for the rest "
                                           "of the game (they can take their seats back with /game seat).",
                                           names=names)],
                            to_act_before=game.to_act())
                for seat in sorted(idle):
                    done = await self.reseat(game, seat, None, "", before_thinking=before_thinking)
                    before_thinking = None
                    step.lines.extend(done.lines)
                    step.auto.extend(done.auto)
                return len(chosen), needed, step
            step = Step(game, to_act_before=game.to_act(), before_thinking=before_thinking)
            step.lines.append(T("The table voted: a bot player takes this turn for {names}.", names=names))
            await self.play.advance(game, step, forced=idle)
            return len(chosen), needed, step

    async def takeover(self, game: LiveGame, seats: set[int]) -> Step:
        """A bot player makes the pending choices of `seats` for their current turn."""
        async with game.lock:
            require_active(game)
            step = Step(game, to_act_before=game.to_act())
            names = tuple(game.seats[s].name for s in sorted(seats))
            step.lines.append(T("A bot player takes this turn for {names}.", names=names))
            await self.play.advance(game, step, forced=set(seats))
            return step

    async def time_out(self, game: LiveGame, seats: set[int]) -> Step | None:
        """Seats whose clock reached zero: skip their turn or let a bot play it, as the table
        chose; None when the table chose to wait."""
        clock = game.clock
        policy = clock.on_timeout if clock else "wait"
        if policy == "wait":
            return None
        async with game.lock:
            require_active(game)
            assert game.state is not None
            seats = {s for s in seats if s in game.to_act() and not game.seats[s].is_bot}
            step = Step(game, to_act_before=game.to_act())
            names = tuple(game.seats[s].name for s in sorted(seats))
            if not seats:
                return None
            if policy == "skip":
                for seat in sorted(seats):
                    choice = game.rules.skip_choice(game.state, seat)
                    if choice is not None:
                        await self.play.apply(game, step, seat, choice, None)
                        seats = seats - {seat}
                step.lines.insert(0, T("Time ran out for {names}: their turn is skipped.", names=names))
            else:
                step.lines.insert(0, T("Time ran out for {names}: a bot player takes their turn.", names=names))
            await self.play.advance(game, step, forced=seats or None)
            return step

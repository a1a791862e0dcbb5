"""The checks every session service makes before it changes a game: is it running, does the
user hold a seat, was their panel drawn for their current decision. Pure functions of a
`LiveGame`; a failed check raises the session's or the game's own error (a player's mistake)."""

from __future__ import annotations

from games.core import IllegalChoice, StaleChoice
from games.core.i18n import Msg

from ..live import LiveGame, SessionError
from ..words import T

STALE = T("That panel is out of date: your decision has changed. Press **Take turn** for the current one.")


def require_active(game: LiveGame) -> None:
    """Refuse a game that has not started or is over."""
    if game.row.status != "active" or game.state is None:
        raise SessionError(T("The game has not started yet.") if game.row.status == "lobby"
                           else T("The game is over."))


def require_seat(game: LiveGame, user_id: int) -> int:
    """The user's seat, refused when they hold none."""
    seat = game.seat_of(user_id)
    if seat is None:
        raise SessionError(T("You are not playing in this game."))
    return seat


def waiting_on(game: LiveGame) -> Msg:
    """Who the game waits for, as a text: their names, or "nobody"."""
    names = tuple(game.seats[s].name for s in game.to_act())
    return T("{names}", names=names) if names else T("nobody")


def check_stamp(game: LiveGame, user_id: int, stamp: int | None) -> int:
    """The user's seat, or StaleChoice when their panel was drawn for an older decision."""
    require_active(game)
    seat = require_seat(game, user_id)
    if stamp is not None and stamp != game.stamp(seat):
        raise StaleChoice(STALE)
    if game.decision_for(seat) is None:
        raise IllegalChoice(T("It is not your turn. Waiting for {names}.", names=waiting_on(game)))
    return seat

"""The game's log as one player may read it: everything since their own last choice (a recap,
read from storage as just the log's tail) or the whole game, in their language."""

from __future__ import annotations

from ..live import LiveGame
from ..recap import opens_part
from ..words import T, say
from .games import LiveGames


class Recaps:
    """Reads the log of the live games for one reader at a time."""

    def __init__(self, games: LiveGames) -> None:
        self.games = games

    async def _lines(self, game: LiveGame, user_id: int | None, since_own: bool, locale: str,
                     openings: list[bool] | None = None) -> list[str]:
        """The log as `user_id` may read it in `locale`: all of it, or (`since_own`) from their
        newest own choice on, read from storage as just that tail (its length does not grow with
        the game). Lines are stored as messages (or, before issue 23, English strings). Given
        `openings`, it is filled with whether each line opens a part of the game (`recap`)."""
        seat = game.seat_of(user_id) if user_id is not None else None
        start = await self.games.last_choice_seq(game, user_id) if since_own and user_id is not None else 0
        lines: list[str] = []
        names = game.names()
        for action in await self.games.tails.actions(game.row.id, since=max(start - 1, 0)):
            lines.extend(say(text, locale, names) for text in action.lines)
            if openings is not None:
                openings.extend(map(opens_part, action.lines))
            if seat is not None:
                private = action.private_lines.get(seat, [])
                lines.extend(say(T("(only you) {line}", line=text), locale, names) for text in private)
                if openings is not None:
                    openings.extend(False for _ in private)
        return lines

    async def recap(self, game: LiveGame, user_id: int, locale: str = "en") -> list[str]:
        """Every line since the user's own last choice, their private lines included."""
        return await self._lines(game, user_id, since_own=True, locale=locale)

    async def marked_recap(self, game: LiveGame, user_id: int, locale: str = "en") -> tuple[list[str], list[bool]]:
        """The recap and, for each line, whether it opens a part of the game (in any language)."""
        openings: list[bool] = []
        lines = await self._lines(game, user_id, since_own=True, locale=locale, openings=openings)
        return lines, openings

    async def full_log(self, game: LiveGame, user_id: int | None, locale: str = "en") -> list[str]:
        """The whole game's log as `user_id` may read it."""
        return await self._lines(game, user_id, since_own=False, locale=locale)

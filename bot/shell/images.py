"""The images of a game as Discord attachments: the public board (with its detail image), a
seat's private image, and the board beside a choice with its places marked.

Every image is drawn from a view in the render pool and never stops a move from being shown:
a drawing that fails is logged as an error and the message goes out without it (or, for a
marked board, with the seat's usual image, said in the log as the marked board's failure)."""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from games.core import Decision, Marks
from games.core.i18n import ENGLISH, jsonable

from ..platform.live import LiveGame
from . import panels

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger(__name__)

# panel images kept for redrawn panels: a seat's latest of each kind, so a table's every seat
# keeps its own while a busy bot's other tables play (a DM panel's image shown again on Take turn
# a minute later, without working out the view again). Mostly the same bytes the render pool
# keeps (`DrawnImages`), so they cost little memory of their own.
PRIVATE_IMAGES_KEPT = 1024
BOARD = "board"  # LiveGame.attached: (version, language, the board being drawn for the next turn message)


class Images:
    """Draws a game's images for the messages and panels that show them."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot
        # (game, seat, kind) -> (version, names and language drawn with, PNG): a panel shown again
        # at the same version (its DM panel then Take turn, page turns, multi-page picks) shows the
        # image without working out the view or drawing it again
        self._private: OrderedDict[tuple[int, int, str], tuple[tuple[Any, ...], bytes]] = OrderedDict()

    def forget(self, game_id: int) -> None:
        """The game left memory: drop its kept images."""
        for key in [key for key in self._private if key[0] == game_id]:
            del self._private[key]

    def sizes(self) -> dict[str, int]:
        return {"private images": len(self._private)}

    async def _image(self, game: LiveGame, kind: str, seat: int | None, filename: str,
                     extra: dict[str, Any] | None = None, locale: str = ENGLISH) -> discord.File | None:
        """One image of the game drawn from the seat's view in `locale` (in the render pool), or
        None when drawing failed (logged as an error: a broken image must never stop a move from
        being shown). `extra` is added to the view (the places a panel's board image marks)."""
        png = await self._png(game, kind, seat, extra, locale)
        return discord.File(io.BytesIO(png), filename=filename) if png else None

    async def _png(self, game: LiveGame, kind: str, seat: int | None, extra: dict[str, Any] | None = None,
                   locale: str = ENGLISH) -> bytes | None:
        """`_image`'s PNG bytes (None when the game draws none or drawing failed, logged)."""
        try:
            view = game.view(seat) | jsonable(extra or {})
            return await self.bot.renders.draw(kind, game.row.slug, view, game.names(), locale=locale)
        except Exception:  # noqa: BLE001 - logged; the message goes out without this image
            log.exception("drawing the %s image of game %s for seat %s failed", kind, game.id, seat)
            return None

    async def public_file(self, game: LiveGame, locale: str | None = None) -> discord.File | None:
        """The public board, in the table's language unless `locale` says otherwise."""
        locale = locale or await self.bot.languages.table(game)
        started = game.attached.get(BOARD)
        if started is not None and started[0] != game.version:
            del game.attached[BOARD]  # a board of an older move: never shown
        elif started is not None and started[1] == locale:
            del game.attached[BOARD]
            board: discord.File | None = await started[2]
            return board
        return await self._image(game, "public", None, "board.png", locale=locale)

    async def start_board(self, game: LiveGame) -> None:
        """Start drawing the board of the game as it is now, for the turn message that will
        show it (`public_file` takes it over; a newer move makes it unused)."""
        locale = await self.bot.languages.table(game)
        task = asyncio.create_task(self._image(game, "public", None, "board.png", locale=locale))
        game.attached[BOARD] = (game.version, locale, task)
        await asyncio.sleep(0)  # the task runs up to handing the board to the render pool, ahead of the panel

    async def private_file(self, game: LiveGame, seat: int, *, marks: Marks | None = None,
                           locale: str = ENGLISH) -> discord.File | None:
        """The seat's private image in its reader's `locale`, drawn once per game version (the
        state changes only then), seat names and language. With `marks` (a decision about board
        places, `board_marks`) it is the board with those places marked by the options' numbers
        instead, when the game draws one (else the usual private image; a marked board that fails
        to draw is logged as an error)."""
        if marks:
            marked = await self._kept_image(game, seat, "marked", {"marks": marks}, locale)
            if marked is not None:
                return marked
        return await self._kept_image(game, seat, "private", locale=locale)

    async def _kept_image(self, game: LiveGame, seat: int, kind: str, extra: dict[str, Any] | None = None,
                          locale: str = ENGLISH) -> discord.File | None:
        """A panel image of `kind` for the seat, kept for panels shown again at the same game version."""
        key, drawn_for = (game.id, seat, kind), (game.version, tuple(game.names()), locale)
        kept = self._private.get(key)
        if kept is not None and kept[0] == drawn_for:
            self._private.move_to_end(key)
            return discord.File(io.BytesIO(kept[1]), filename="private.png")
        png = await self._png(game, kind, seat, extra, locale)
        if not png:
            return None
        if game.id in self.bot.sessions.live:  # kept only for games in memory
            self._private[key] = (drawn_for, png)
            self._private.move_to_end(key)
            while len(self._private) > PRIVATE_IMAGES_KEPT:
                self._private.popitem(last=False)
        return discord.File(io.BytesIO(png), filename="private.png")

    async def board_files(self, game: LiveGame, locale: str | None = None) -> list[discord.File]:
        """The public board and, when the game draws one, the detail image (card texts, scores),
        in `locale` (a reader's) or else the table's language."""
        locale = locale or await self.bot.languages.table(game)
        found = [await self.public_file(game, locale),
                 await self._image(game, "detail", None, "detail.png", locale=locale)]
        return [f for f in found if f is not None]

    @staticmethod
    def board_marks(game: LiveGame, decision: Decision | None) -> Marks:
        """The places the decision's board image marks (`panels.board_marks`), {} when it names
        none or the game's hook failed (logged: the panel then shows the usual image)."""
        if decision is None or game.state is None:
            return {}
        try:
            return panels.board_marks(decision, game.rules.places(game.state, decision))
        except Exception:  # noqa: BLE001 - a broken hook must never stop a panel
            log.exception("naming the board places of game %s failed", game.id)
            return {}

"""A seat's decision panel put together (recap, private image, the decision), and the views
the publisher posts, drawn here so the publisher never reaches into the components: the bot
hands it this `Views` object (`Host.views`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from games.core.i18n import ENGLISH

from ...platform import guide
from ...platform.recap import summary as summarised
from ...platform.sessions import checks
from ...platform.live import LiveGame
from ...platform.words import T, say
from .. import messages, panels
from .base import drafts
from .decision import DECISION_ITEMS, panel_view
from .dm import RefreshButton, add_dm_parts, dm_heading
from .guide import GUIDE_ITEMS, coach_block
from .help import HELP_ITEMS
from .table import LobbyBotSelect, LobbyButton, LogButton, TakeoverButton, TurnButton, lobby_message, turn_view

if TYPE_CHECKING:
    from ..host import Host

# every persistent component the bot answers, registered once at start-up
DYNAMIC_ITEMS = (TurnButton, *DECISION_ITEMS, LobbyButton, LobbyBotSelect, TakeoverButton, LogButton, *HELP_ITEMS,
                 RefreshButton, *GUIDE_ITEMS)
TURN_VIEW = "turn view"  # LiveGame.attached: (language, the turn message's buttons in it)


class Views:
    """Draws what a player sees: the decision panel, the turn message's buttons, the lobby."""

    def __init__(self, bot: "Host") -> None:
        self.bot = bot

    def turn(self, game: LiveGame, locale: str = ENGLISH) -> discord.ui.View:
        """The turn message's buttons, in the table's `locale`: the same for every move, and a
        stopped view is only read when sent (never stored), so it is built once per language and
        kept on the game (it goes with it)."""
        kept = game.attached.get(TURN_VIEW)
        if kept is None or kept[0] != locale:
            kept = game.attached[TURN_VIEW] = (locale, turn_view(game.id, locale))
        view: discord.ui.View = kept[1]
        return view

    def lobby(self, game: LiveGame, locale: str = ENGLISH) -> dict[str, Any]:
        """The lobby message's fields (embed and buttons) in the table's `locale`."""
        return lobby_message(game, locale)

    async def panel(self, game: LiveGame, seat: int, user_id: int, page: int = 0, dm: bool = False,
                    locale: str = ENGLISH) -> tuple[discord.ui.LayoutView, list[discord.File]]:
        """Components V2 panel for `seat` in its reader's `locale`: recap, private image, current
        decision. The private image comes only with a decision to make (**My hand** shows it any
        time). A `dm` panel names its game, links its turn message, shows the image always and
        can be refreshed."""
        bot = self.bot
        decision = game.decision_for(seat)
        wanted = (decision is not None or dm) and game.row.status == "active"
        marks = bot.images.board_marks(game, decision) if wanted else {}
        image = await bot.images.private_file(game, seat, marks=marks, locale=locale) if wanted else None
        files = [image] if image is not None else []
        coach = await coach_block(game, seat, decision, locale)  # a guided game's coach (None otherwise)
        lines, openings = await bot.sessions.marked_recap(game, user_id, locale)
        shown, more = summarised(lines, budget=guide.PANEL_RECAP if coach else None, locale=locale,
                                 openings=openings)
        recap = ""
        if shown:
            head = (T("**Since your last move** (in brief: **Full recap** shows every line)") if more
                    else T("**Since your last move**"))
            recap = say(head, locale) + "\n" + "\n".join(panels.bullets(shown))
        draft = drafts(game).get(user_id, set())
        if game.row.status != "active":
            heading, decision = say(T("The game is over: the results are in the channel."), locale), None
        elif decision is None:
            heading = say(T("Nothing to decide right now. Waiting for {names}; you will be mentioned when it is "
                            "your turn.", names=checks.waiting_on(game)), locale)
            clock = messages.clock_text(game, seat, locale)
            if clock:
                heading += "\n" + say(T("Your clock: {clock}.", clock=clock), locale)
        else:
            decision = panels.with_names(decision, game.names(), locale)
            if marks:  # the board image marks places with these numbers
                decision = panels.numbered(decision)
            heading = panels.describe(decision, page, len(draft), locale)
        if dm:
            heading = f"{dm_heading(game, locale)}\n{heading}"
        view = panel_view(game, seat, recap, heading, decision, page, draft, image=bool(files), recap_more=more,
                          locale=locale, coach=coach)
        return (add_dm_parts(view, game, locale) if dm else view), files

"""What the load bench imports from the bot, found where either layout keeps it: today's
(`bot.platform`, `bot.shell`) or the one before bot/ was split in two rooms (a flat `bot`), so
`bench --load --against` can drive an older checkout with this bench's code (`bench/paired.py`).
The layout is told by the checkout's files, not by trying imports: an editable install of this
repository would otherwise lend an older checkout this one's `bot.platform`."""

from __future__ import annotations

from pathlib import Path

import bot

if (Path(bot.__file__).parent / "platform").is_dir():
    from bot.platform.bot_thinker import BOT_THINKER
    from bot.platform.config import Settings
    from bot.platform.render_pool import RenderPool
    from bot.shell import panels
    from bot.shell.app import create_bot
else:  # the flat layout (before the platform/shell split)
    import bot.panels as panels  # type: ignore[no-redef]
    from bot.app import create_bot  # type: ignore[no-redef]
    from bot.bot_thinker import BOT_THINKER  # type: ignore[no-redef]
    from bot.config import Settings  # type: ignore[no-redef]
    from bot.render_pool import RenderPool  # type: ignore[no-redef]

__all__ = ["BOT_THINKER", "RenderPool", "Settings", "create_bot", "panels"]

"""Which sends and edits skip discord.py's parsing of Discord's answer (`bot.shell.lean`): only
those whose views no longer answer clicks themselves (a live view must be stored by the library
against its message) and whose fields the helpers pass on whole."""

from __future__ import annotations

import discord

from bot.shell import lean
from bot.shell.ui.base import layout_view, static_view


def _live_view() -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Go", custom_id="live:go"))
    return view


async def test_stopped_views_and_plain_fields_go_the_lean_way() -> None:
    button = discord.ui.Button(label="Go", custom_id="gh:turn:turn:1")
    assert lean.lean({"content": "hi", "view": static_view(button), "allowed_mentions": None})
    assert lean.lean({"view": layout_view(discord.ui.TextDisplay("panel")), "attachments": []})
    assert lean.lean({"content": "hi", "view": None, "embed": None})


async def test_a_live_view_or_an_unknown_field_takes_the_librarys_path() -> None:
    assert not lean.lean({"content": "hi", "view": _live_view()})
    assert not lean.lean({"content": "hi", "delete_after": 5.0})

"""Clicks handed to the bot's dynamic items without rebuilding the clicked message as a view.

For every click whose custom_id matches a `DynamicItem` template, discord.py turns the whole
message into a `View` (`View.from_message`: every text, section and button of a panel made
into ui items) only to find the clicked component in it and give it to the item's
`from_custom_id`. The bot's items read nothing of that view (only the clicked component, and
a menu's picked values), so here the clicked component alone is made into its ui item; the
rest is discord.py's own sequence (item from the custom_id, its state from the click, its
check, its callback, failures logged). Those views took about 5% of the bot's own CPU per move
at 30 moves/s (cProfile of the load bench, issue 39)."""

from __future__ import annotations

import inspect
import logging
import re
import types
from typing import Any

import discord
from discord.ui.view import ViewStore

try:  # discord.py's own helpers for `View.from_message` (private: another release may lack them)
    from discord.ui.view import _component_to_item, _walk_all_components
except ImportError:  # pragma: no cover - then discord.py dispatches as it always does
    _component_to_item = _walk_all_components = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

# the parameters of the discord.py method replaced here, as this module was written against (2.7)
EXPECTED = ("self", "component_type", "factory", "interaction", "custom_id", "match")


def clicked_item(message: discord.Message, component_type: int, custom_id: str) -> discord.ui.Item | None:
    """The ui item of the component of `message` that was clicked (None when it is not there),
    as `View.from_message` would have made it."""
    for component in _walk_all_components(message.components):
        if component.type.value == component_type and getattr(component, "custom_id", None) == custom_id:
            item: discord.ui.Item = _component_to_item(component)
            return item
    return None


async def _dynamic_item_call(store: Any, component_type: int, factory: type[discord.ui.DynamicItem],
                             interaction: discord.Interaction, custom_id: str, match: re.Match[str]) -> None:
    """`ViewStore.schedule_dynamic_item_call` without the view of the whole message."""
    if interaction.message is None:
        return
    base_item = clicked_item(interaction.message, component_type, custom_id)
    if base_item is None:
        return
    try:
        item = await factory.from_custom_id(interaction, base_item, match)
    except Exception:  # noqa: BLE001 - as discord.py: logged, the click goes unanswered
        log.exception("Ignoring exception in dynamic item creation for %r", factory)
        return
    item._rendered_row = base_item._rendered_row
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]  # a menu's picked values
    try:
        allow = await item.interaction_check(interaction)
    except Exception:  # noqa: BLE001 - as discord.py: a failing check refuses the click
        allow = False
    if not allow:
        return
    try:
        await item.callback(interaction)
    except Exception:  # noqa: BLE001 - as discord.py (the bot's items report their own errors first)
        log.exception("Ignoring exception in dynamic item callback for %r", item)


def fits(library_method: Any = ViewStore.schedule_dynamic_item_call) -> bool:
    """Whether this discord.py dispatches dynamic items as the release this was written for: the
    same private method and helpers. Any other release keeps its own dispatch (correct, only
    slower), so an upgrade can never leave clicks unanswered."""
    try:
        parameters = tuple(inspect.signature(library_method).parameters)
    except (TypeError, ValueError):
        return False
    return parameters == EXPECTED and _component_to_item is not None and _walk_all_components is not None


def install(bot: discord.Client) -> bool:
    """Dispatch `bot`'s dynamic items' clicks with `_dynamic_item_call` (its own view store only),
    when this discord.py `fits`; whether it did."""
    store = getattr(getattr(bot, "_connection", None), "_view_store", None)
    if store is None or not fits():
        log.info("discord.py %s dispatches the bot's clicks itself", discord.__version__)
        return False
    store.schedule_dynamic_item_call = types.MethodType(_dynamic_item_call, store)
    return True

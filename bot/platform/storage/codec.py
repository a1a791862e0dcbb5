"""Rows to and from the database: JSON text columns, the same for both engines."""

from __future__ import annotations

import json
from typing import Any, Sequence

from .base import ActionRow, GameRow

GAME_COLUMNS = ("id, guild_id, channel_id, slug, options, seed, status, creator_id, version, "
                "turn_message_id, created_at, updated_at, meta, announce")
ACTION_COLUMNS = "seq, kind, seat, user_id, choice, lines, private_lines, revealed, created_at"


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def game_from_row(row: Sequence) -> GameRow:
    (gid, guild, channel, slug, options, seed, status, creator, version, message, created, updated,
     meta, announce) = row
    return GameRow(gid, guild, channel, slug, json.loads(options), seed, status, creator, version, message,
                   created, updated, json.loads(meta), bool(announce))


def action_from_row(row: Sequence) -> ActionRow:
    seq, kind, seat, user, choice, lines, private, revealed, at = row
    return ActionRow(seq, kind, seat, user, json.loads(choice), json.loads(lines),
                     {int(s): texts for s, texts in json.loads(private).items()}, bool(revealed), at)


def action_values(game_id: int, action: ActionRow) -> tuple:
    """The values of an actions row, in ACTION_COLUMNS order after game_id."""
    return (game_id, action.seq, action.kind, action.seat, action.user_id, dumps(action.choice),
            dumps(action.lines), dumps({str(s): t for s, t in action.private_lines.items()}),
            bool(action.revealed), action.created_at)

"""The channel's running log: which public lines the channel already shows, so that every one
of them reaches it, in order, whole, and within Discord's limits.

A game's public log is the lines of its stored actions in order, with the platform's own notes
("Time ran out for bob", "X begins with ...") that are not actions placed among them. The
current turn message carries every line from `Cursor.start` on and is edited in place while
seats click through a stretch; when someone new must act, or the lines outgrow the message, a
new turn message takes over from where the old one stopped (a past turn message keeps its
lines), and lines too many for one message go out just before it as plain log messages.

The cursor is kept in the game's meta (stored with the game row), so after a crash or restart
the next announcement still carries every line written but not yet posted. Nothing here
touches Discord."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import orjson

from .texts import bullets, chunk

KEY = "channel_log"  # the cursor's key in a game's meta
LOG_BUDGET = 3800    # characters of log on a turn message's embed (Discord: 4,096 a description, 6,000 an embed)
PAGE_LIMIT = 1900    # characters of a plain log message (Discord: 2,000)


@dataclass(frozen=True, order=True)
class Position:
    """Where a line stands in the public log: the `index`th line of action `seq`'s part (the
    platform notes written just before action `seq`, then the action's own lines)."""

    seq: int
    index: int


@dataclass(frozen=True)
class Line:
    """One public line and where it stands."""

    at: Position
    text: Any  # a stored line: a message's data form, or (lines stored before issue 23) a string


@dataclass(frozen=True)
class Cursor:
    """How far the channel got: the current turn message carries the lines from `start` up to
    (not including) `shown`; `notes` are platform lines not stored as actions, each with the
    seq of the action it comes before (kept until posted for good)."""

    start: Position
    shown: Position
    notes: tuple[tuple[int, str | dict[str, Any]], ...] = ()  # a text, or a message's data form

    @classmethod
    def load(cls, meta: dict, version: int) -> "Cursor":
        data = meta.get(KEY)
        if not data:  # a game started before the channel kept a cursor: from its newest action on
            return cls(Position(max(version, 1), 0), Position(max(version, 1), 0))
        return cls(Position(*data["start"]), Position(*data["shown"]),
                   tuple((int(seq), text if isinstance(text, dict) else str(text))
                         for seq, text in data.get("notes", [])))

    def dump(self) -> dict:
        return {"start": [self.start.seq, self.start.index], "shown": [self.shown.seq, self.shown.index],
                "notes": [[seq, text] for seq, text in self.notes]}

    def with_notes(self, texts: list[str], version: int) -> "Cursor":
        """The cursor with platform notes written at this step, right after what the turn
        message shows (so "Time ran out" precedes the bot's moves) when no line of that action
        went out yet, else after the newest action; lines already out never move."""
        if not texts:
            return self
        seq = self.shown.seq
        if self.shown.index > sum(1 for note in self.notes if note[0] == seq):
            seq = version + 1
        return replace(self, notes=self.notes + tuple((seq, text) for text in texts))

    def moved(self, start: Position, shown: Position) -> "Cursor":
        """The cursor once the lines before `start` went out for good and `shown` was shown."""
        return Cursor(start, shown, tuple(note for note in self.notes if note[0] >= start.seq))


def fresh(opening: list[Any]) -> dict:
    """The cursor of a game that has just started: nothing shown yet, and its `opening` lines
    (who plays, what the setup wrote) to come before the first action's."""
    return Cursor(Position(1, 0), Position(1, 0), tuple((1, text) for text in opening)).dump()


def pending(actions, cursor: Cursor, version: int) -> list[Line]:
    """Every public line from the cursor's start on: `actions` are the stored actions after
    `cursor.start.seq - 1` (anything earlier is ignored)."""
    notes: dict[int, list[Any]] = {}
    for seq, text in cursor.notes:
        notes.setdefault(seq, []).append(text)
    stored = {action.seq: action.lines for action in actions}
    found: list[Line] = []
    for seq in range(cursor.start.seq, version + 2):  # version + 1: notes after the newest action
        for index, text in enumerate(notes.get(seq, []) + list(stored.get(seq, []))):
            if Position(seq, index) >= cursor.start:
                found.append(Line(Position(seq, index), text))
    return found


def line_key(text: Any) -> str | bytes:
    """A stored line as a key that compares equal for equal lines: a message's data form (a
    dict) as its canonical JSON bytes, a plain string (stored before issue 23) as itself. Every
    announcement keys all the lines of the turn message's stretch, so orjson's (a fifth of
    `json`'s time), with `json` for what orjson refuses."""
    if not isinstance(text, dict):
        return str(text)
    try:
        return orjson.dumps(text, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:
        return json.dumps(text, sort_keys=True, ensure_ascii=False).encode()


def notes_among(step_lines: list, stored: list) -> list:
    """The step's lines that no stored action wrote (the platform's own notes), in order."""
    left = Counter(line_key(text) for text in stored)
    notes = []
    for text in step_lines:
        key = line_key(text)
        if left[key] > 0:
            left[key] -= 1
        else:
            notes.append(text)
    return notes


def after(lines: list[Line], shown: Position) -> list[Line]:
    """The lines a turn message that showed everything before `shown` does not carry."""
    return [line for line in lines if line.at >= shown]


def end(lines: list[Line], version: int) -> Position:
    """Where a message showing all of `lines` (everything up to `version`) stops: after the
    newest action's lines and any notes already written after it."""
    return Position(version + 1, sum(1 for line in lines if line.at.seq == version + 1))


def text_of(lines: list[Line]) -> str:
    return "\n".join(bullets([line.text for line in lines]))


def fits(lines: list[Line], budget: int | None = None) -> bool:
    return len(text_of(lines)) <= (LOG_BUDGET if budget is None else budget)


def split(lines: list[Line], budget: int | None = None, page: int = PAGE_LIMIT) -> tuple[list[str], list[Line]]:
    """The newest lines that fit a turn message (`budget` characters as bullets), and the older
    ones as whole-line pages of plain messages to post before it (nothing cut, nothing dropped)."""
    budget = LOG_BUDGET if budget is None else budget
    kept: list[Line] = []
    used = 0
    for line in reversed(lines):
        size = len(line.text) + 3  # "• " and the newline
        if used + size > budget + 1:
            break
        kept.append(line)
        used += size
    kept.reverse()
    older = lines[: len(lines) - len(kept)]
    pages = chunk(bullets([line.text for line in older]), page) if older else []
    return pages, kept

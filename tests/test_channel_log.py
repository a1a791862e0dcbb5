"""The channel log's bookkeeping without Discord: positions of lines, platform notes, and the
split of many lines into a turn message and log pages (whole lines, in order, none dropped)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.platform import channel_log
from bot.platform.channel_log import Cursor, Line, Position


def action(seq: int, *lines: str):
    return SimpleNamespace(seq=seq, lines=list(lines))


def test_pending_reads_every_line_from_the_start_notes_first():
    cursor = Cursor(Position(2, 1), Position(2, 1), ((2, "note before 2"), (4, "note after 3")))
    actions = [action(2, "a", "b"), action(3, "c")]
    lines = channel_log.pending(actions, cursor, version=3)
    assert [line.text for line in lines] == ["a", "b", "c", "note after 3"]
    assert lines[0].at == Position(2, 1) and lines[-1].at == Position(4, 0)
    assert channel_log.end(lines, 3) == Position(4, 1)
    assert [line.text for line in channel_log.after(lines, Position(3, 0))] == ["c", "note after 3"]


def test_notes_go_right_after_what_was_shown_and_never_move_shown_lines():
    shown_all = Cursor(Position(1, 0), Position(3, 0))
    assert shown_all.with_notes(["time ran out"], version=5).notes == ((3, "time ran out"),)
    # unit 3 already showed one of its action lines: the note goes after the newest action
    partly = Cursor(Position(1, 0), Position(3, 1))
    assert partly.with_notes(["x"], version=5).notes == ((6, "x"),)
    with_note = Cursor(Position(1, 0), Position(3, 1), ((3, "shown note"),))
    assert with_note.with_notes(["y"], version=5).notes == ((3, "shown note"), (3, "y"))


def test_the_cursor_survives_a_round_trip_through_meta_and_drops_posted_notes():
    cursor = Cursor(Position(2, 0), Position(5, 1), ((1, "old"), (5, "new")))
    assert Cursor.load({channel_log.KEY: cursor.dump()}, 4) == cursor
    assert cursor.moved(Position(5, 0), Position(5, 1)).notes == ((5, "new"),)
    legacy = Cursor.load({}, 7)  # a game from before the cursor: from its newest action on
    assert legacy.start == legacy.shown == Position(7, 0)


def test_platform_notes_are_the_lines_no_action_stored():
    assert channel_log.notes_among(["Time ran out", "a", "b", "a"], ["a", "b", "a", "z"]) == ["Time ran out"]


def test_many_lines_split_into_whole_pages_and_a_turn_message_that_fit():
    lines = [Line(Position(i, 0), f"line {i} " + "word " * (i % 40)) for i in range(1, 400)]
    lines.append(Line(Position(400, 0), "long " * 900))  # longer than any message
    lines.append(Line(Position(401, 0), "the newest"))
    pages, kept = channel_log.split(lines)
    assert kept and kept[-1].text == "the newest" and channel_log.fits(kept)
    assert all(len(page) <= channel_log.PAGE_LIMIT for page in pages)
    rebuilt = "\n".join(pages).replace("\n  ", " ")  # an over-long line continues indented
    older = lines[: len(lines) - len(kept)]
    assert [row.rstrip() for row in rebuilt.split("\n")] == [f"• {line.text}".rstrip() for line in older]
    assert channel_log.split(lines[-1:]) == ([], lines[-1:])  # what fits goes on the turn message alone

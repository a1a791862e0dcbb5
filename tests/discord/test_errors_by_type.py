"""Errors in one place, by type (issue 35 item 4, issue 34 item 5), end to end in SimCord: a
player's mistake is explained and not logged as a bug; a bug (a bare ValueError raised inside a
rule) is logged with its traceback and the player gets the generic line; a database that is
read-only or a full disk is said plainly (the move was not saved, and why), logged as a
storage fault, and nothing is lost: once the fault is gone the same click plays the move."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.platform.errors import storage_fault
from bot.shell.errors import UNEXPECTED
from games.core import IllegalChoice
from tests.discord.driver import message_by_id, panel_of, start_table
from tests.support import tinygame


def reply(result):
    return result.followups[-1] if result.followups else result.response


def records(caplog, level=logging.ERROR) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= level]


async def open_panel(env, channel, game, user):
    turn = message_by_id(channel, game.row.turn_message_id)
    return panel_of(await user.click(turn, label="Take turn"))


async def pick_first(user, panel, game, seat=0):
    """Pick the first option of the seat's open decision through its panel (a swap of nothing:
    the tiny duel's first decision is a multi-pick in a menu, so pick none)."""
    return await user.click(panel, custom_id=f"gh:done:{game.id}:{game.stamp(seat)}")


async def test_a_bare_value_error_inside_a_rule_is_logged_and_the_player_gets_the_generic_line(
        world, caplog, monkeypatch):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    version = game.version

    def broken(self, state, decision, choice):
        int("not a number")  # a bug in a rule: a ValueError nobody meant for the player

    monkeypatch.setattr(tinygame.TinyDuel, "_apply", broken)
    panel = await open_panel(env, channel, game, alice)
    answer = reply(await pick_first(alice, panel, game))
    assert answer.ephemeral and answer.content == str(UNEXPECTED)
    logged = [r for r in records(caplog) if r.getMessage() == "unexpected error"]
    assert logged and logged[0].exc_info and logged[0].exc_info[0] is ValueError
    assert game.version == version  # nothing changed


async def test_a_players_mistake_is_explained_and_not_logged_as_a_bug(world, caplog, monkeypatch):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])

    def refused(self, state, decision, choice):
        raise IllegalChoice("those cards cannot be swapped now")

    monkeypatch.setattr(tinygame.TinyDuel, "_apply", refused)
    panel = await open_panel(env, channel, game, alice)
    answer = reply(await pick_first(alice, panel, game))
    assert answer.ephemeral and answer.content == "those cards cannot be swapped now"
    assert not records(caplog)


@pytest.mark.parametrize("fault, words", [("PRAGMA query_only = 1", "read-only"), (None, "disk")])
async def test_a_storage_fault_is_said_plainly_logged_as_one_and_loses_nothing(world, caplog, monkeypatch, fault,
                                                                                words):
    env, guild, channel, (alice, bob, _), _ = world
    game = await start_table(env, channel, "tiny-duel", alice, [bob])
    storage = env.bot.storage
    conn = storage.connection
    before = (game.version, len(await storage.actions(game.id)))
    if fault is None:  # a full disk: SQLite's own error for it, from the write that stores the move
        real_record = storage.record

        async def disk_full(*args, **kwargs):
            raise sqlite3.OperationalError("database or disk is full")

        monkeypatch.setattr(storage, "record", disk_full)
        assert storage_fault(sqlite3.OperationalError("database or disk is full")) is not None
    else:
        await conn.execute_fetchall(fault)
    panel = await open_panel(env, channel, game, alice)
    caplog.clear()
    answer = reply(await pick_first(alice, panel, game))
    assert answer.ephemeral and "could not be saved" in answer.content and words in answer.content
    assert "Something went wrong" not in answer.content
    logged = records(caplog)
    assert logged and all(r.getMessage().startswith("storage fault") for r in logged), [r.getMessage() for r in logged]
    assert (game.version, len(await storage.actions(game.id))) == before  # nothing half-stored
    # the fault is repaired: the same panel plays the move, nothing was lost
    if fault is None:
        monkeypatch.setattr(storage, "record", real_record)
    else:
        await conn.execute_fetchall("PRAGMA query_only = 0")
    caplog.clear()
    await pick_first(alice, panel, game)
    assert not records(caplog)
    assert game.version == before[0] + 1 and len(await storage.actions(game.id)) == before[1] + 1

"""Whose a failure is, decided by its type, in one place.

* A player's mistake: the games' own errors (`games.core.errors.GameError`: an illegal or
  stale choice, a bad option) and the platform's (`SessionError` and its kinds: not seated, not
  your turn, a forged button). The player reads its message; nothing is logged as a bug.
* A storage fault: the database refused to write (read-only, a full disk, an I/O error). The
  move was not stored and nothing changed; the player is told plainly why, and it is logged as
  a storage fault.
* Anything else is a bug: logged with its traceback; the player gets one generic line.

A bare `ValueError` is a bug like any other (a rule's `int(...)` on bad data), never shown to
the player as their mistake."""

from __future__ import annotations

import errno
import sqlite3

from games.core import GameError
from games.core.i18n import Msg

from .words import T

READ_ONLY = T("the bot's database is read-only")
DISK_FULL = T("the disk of the bot's database is full")
NOT_WRITTEN = T("the bot's database could not be written")
# SQLSTATE codes a PostgreSQL server answers for the same faults
_POSTGRES = {"25006": READ_ONLY, "53100": DISK_FULL, "53000": NOT_WRITTEN, "58030": NOT_WRITTEN}


def players_mistake(error: BaseException) -> bool:
    """Whether `error` is something the player did wrong (its message is for them)."""
    return isinstance(error, GameError)


def storage_fault(error: BaseException) -> Msg | None:
    """Why the storage could not write, when `error` is a fault of the storage medium, else None."""
    for found in _chain(error):
        if isinstance(found, sqlite3.OperationalError):
            name = getattr(found, "sqlite_errorname", "") or ""
            text = str(found).lower()
            if name.startswith("SQLITE_READONLY") or "readonly database" in text:
                return READ_ONLY
            if name.startswith("SQLITE_FULL") or "disk is full" in text:
                return DISK_FULL
            if name.startswith("SQLITE_IOERR") or "disk i/o error" in text:
                return NOT_WRITTEN
        elif isinstance(found, OSError) and found.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS):
            return READ_ONLY if found.errno == errno.EROFS else DISK_FULL
        code = getattr(found, "sqlstate", None)  # asyncpg's errors carry the server's SQLSTATE
        if isinstance(code, str) and code in _POSTGRES:
            return _POSTGRES[code]
    return None


def _chain(error: BaseException) -> list[BaseException]:
    """`error` and the errors it was raised from (a storage error wrapping the engine's)."""
    found: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in found:
        found.append(current)
        current = current.__cause__ or current.__context__
    return found

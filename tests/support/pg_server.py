"""A throwaway PostgreSQL server for the tests: initdb into a temporary directory, listen on a
unix socket only, hand out fresh databases, delete everything at the end.

Needs the server binaries (Debian: `apt-get install postgresql`). When they are missing the
PostgreSQL tests fail, unless GAMEHOST_SKIP_PG=1 says to skip them. Running as root, the
server runs as the `postgres` system user (initdb refuses root).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

SKIP_ENV = "GAMEHOST_SKIP_PG"


def find_bin_dir() -> Path | None:
    """The directory holding initdb and pg_ctl: $PATH first, then Debian's versioned dirs."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
                        if Path(p).parent.name.isdigit() else 0)
    for directory in reversed(candidates):
        if (Path(directory) / "initdb").exists() and (Path(directory) / "pg_ctl").exists():
            return Path(directory)
    return None


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


class PostgresServer:
    """A private server. `url(name)` is a database URL; `new_database()` makes an empty one."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="gamehost-pg-"))
        self.data = self.root / "data"
        self.socket_dir = self.root
        self.port = 54329
        self.user = "gamehost"
        self._run_as = None
        self._names = itertools.count(1)
        if os.geteuid() == 0:
            # initdb refuses root: run the server as postgres (or nobody on a bare machine)
            self._run_as = next(name for name in ("postgres", "nobody") if _user_exists(name))
            info = pwd.getpwnam(self._run_as)
            os.chown(self.root, info.pw_uid, info.pw_gid)

    def _cmd(self, *args: str) -> list[str]:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        return ["runuser", "-u", self._run_as, "--", *command] if self._run_as else command

    def start(self) -> "PostgresServer":
        _run(self._cmd("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8", "--no-sync"))
        options = (f"-k {self.socket_dir} -p {self.port} -c listen_addresses='' -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")
        _run(self._cmd("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "start"))
        return self

    def stop(self) -> None:
        subprocess.run(self._cmd("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop"), capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@/{database}?host={self.socket_dir}&port={self.port}"

    def new_database(self) -> str:
        """The URL of a fresh, empty database."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        _run(self._cmd("psql", "-h", str(self.socket_dir), "-p", str(self.port), "-U", self.user,
                       "-d", "postgres", "-q", "-c", f'CREATE DATABASE "{name}"'))
        return self.url(name)


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        output = done.stderr.strip() or done.stdout.strip()
        raise RuntimeError(f"{' '.join(command)} failed ({done.returncode}): {output}")


def start_or_explain() -> PostgresServer | None:
    """A started server, or None when skipping is allowed; fails the test otherwise."""
    if os.environ.get(SKIP_ENV) == "1":
        pytest.skip(f"PostgreSQL tests skipped ({SKIP_ENV}=1)")
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.fail("PostgreSQL server binaries (initdb, pg_ctl) not found: install them "
                    f"(apt-get install postgresql) or set {SKIP_ENV}=1 to skip the PostgreSQL tests")
    return PostgresServer(bin_dir).start()


_shared: PostgresServer | None = None


@pytest.fixture(scope="session")
def postgres_server():
    """One private PostgreSQL server for the whole test session. Each test module that imports
    this fixture gets its own definition of it from pytest, so the server itself is shared
    here: started on first use, stopped when the session's fixtures are torn down."""
    global _shared
    if _shared is None:
        _shared = start_or_explain()
    yield _shared
    if _shared is not None:
        _shared.stop()
        _shared = None


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh database of each engine: the storage tests run once per engine."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return request.getfixturevalue("postgres_server").new_database()


@pytest.fixture
async def storage(database_url):
    """An open storage on a fresh database of each engine (SQLite, then PostgreSQL)."""
    from bot.platform.storage import open_storage

    store = open_storage(database_url)
    await store.open()
    yield store
    await store.close()

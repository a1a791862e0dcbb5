"""The type checker runs with the suite (issue 35 item 3): mypy over games/ (the contract and
every game), bot/, renderers/ and bench/ as pyproject.toml configures it, strict on the contract
and the seams between the packages (the Protocols the shell's parts get the bot and each other
as, the sessions' services, the parsing of custom_ids, the images). It finds the kind of mismatch
that once sent the reader's language into the marked map's places (issue 33 item 3)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def cache_dir() -> str:
    """Where mypy keeps what it learned between runs (repeated runs take seconds)."""
    venv = Path(os.environ.get("GAMEHOST_VENV", ROOT / ".venv"))
    base = venv if venv.is_dir() else Path(tempfile.gettempdir())
    return str(base / ".mypy_cache")


def mypy(*args: str) -> tuple[int, str]:
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", cache_dir(), *args])
    return status, out + err


def test_the_games_the_platform_the_shell_the_renderers_and_the_bench_type_check():
    os.chdir(ROOT)
    status, report = mypy()
    assert status == 0, report


def test_the_checker_finds_the_language_passed_where_the_marked_places_go(tmp_path):
    os.chdir(ROOT)
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "from bot.platform.live import LiveGame\n"
        "from bot.shell.host import Host\n\n\n"
        "async def hand(bot: Host, game: LiveGame, seat: int, locale: str) -> None:\n"
        "    await bot.images.private_file(game, seat, locale)\n")
    status, report = mypy(str(wrong))
    assert status == 1 and "private_file" in report, report


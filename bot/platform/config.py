"""Settings for the bot, read from a TOML file and the environment."""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Mapping

from .clock import PACE_NAMES

DEFAULT_CONFIG_PATH = Path("config.toml")
log = logging.getLogger(__name__)
# Settings older configs may still hold: ignored with a warning, never refused.
RETIRED = {"recent_log_lines": "the turn message now carries every public line since the previous one"}


class ConfigError(ValueError):
    """The configuration file has a key or value the bot cannot use."""


@dataclass
class Settings:
    """Every setting the bot reads. See config.example.toml for what each one means."""

    token: str = ""
    database: str = "gamehost.sqlite3"
    guilds: list[int] = field(default_factory=list)
    reminder_minutes: int = 720
    afk_hours: int = 48
    present_minutes: int = 10
    check_interval_seconds: int = 300
    log_level: str = "INFO"
    default_pace: str = "off"
    lobby_expiry_hours: int = 72
    shard_count: int = 1
    shard_ids: list[int] = field(default_factory=list)
    render_workers: int | str = "auto"  # "auto": one drawing process per core on a multi-core machine
    track_members: bool = True

    @classmethod
    def load(cls, path: Path | str | None = None, environ: Mapping[str, str] | None = None) -> "Settings":
        """Settings from `path` (default config.toml if it exists), then DISCORD_TOKEN from the environment."""
        environ = os.environ if environ is None else environ
        path = Path(path or environ.get("GAMEHOST_CONFIG") or DEFAULT_CONFIG_PATH)
        values: dict = {}
        if path.exists():
            with path.open("rb") as handle:
                values = tomllib.load(handle)
        known = {f.name: f for f in fields(cls)}
        for name in RETIRED.keys() & values.keys():
            log.warning("%s: setting %r is no longer used (%s); it can be removed", path, name, RETIRED[name])
            del values[name]
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise ConfigError(f"{path}: unknown setting {unknown[0]!r}; see config.example.toml")
        settings = cls(**values)
        if environ.get("DISCORD_TOKEN"):
            settings.token = environ["DISCORD_TOKEN"]
        settings.validate()
        return settings

    @property
    def render_worker_count(self) -> int:
        """How many processes draw images: the setting, or for "auto" one per core when there
        are two or more (the load bench gets through about twice the clicks a second with two
        workers as drawing on the event loop, see bot.platform.render_pool); one core draws inline."""
        if self.render_workers == "auto":
            cores = os.cpu_count() or 1
            return cores if cores >= 2 else 0
        return int(self.render_workers)

    @property
    def server_defaults(self) -> dict:
        """Server settings for servers whose admins set none."""
        return {"pace": self.default_pace, "lobby_expiry_hours": self.lobby_expiry_hours,
                "reminder_minutes": self.reminder_minutes, "afk_hours": self.afk_hours}

    def validate(self) -> None:
        if not isinstance(self.guilds, list) or not all(isinstance(g, int) for g in self.guilds):
            raise ConfigError("guilds must be a list of server ids (numbers)")
        if self.default_pace not in PACE_NAMES:
            raise ConfigError(f"default_pace must be one of {', '.join(PACE_NAMES)}")
        if not isinstance(self.shard_ids, list) or not all(
                isinstance(s, int) and 0 <= s < self.shard_count for s in self.shard_ids):
            raise ConfigError("shard_ids must be a list of shard numbers below shard_count")
        if self.render_workers != "auto" and (not isinstance(self.render_workers, int)
                                              or isinstance(self.render_workers, bool) or self.render_workers < 0):
            raise ConfigError('render_workers must be "auto", 0 (draw in the bot process) or a number of worker '
                              'processes')
        for name in ("reminder_minutes", "afk_hours", "check_interval_seconds",
                     "lobby_expiry_hours", "shard_count"):
            value = getattr(self, name)
            if not isinstance(value, int) or value <= 0:
                raise ConfigError(f"{name} must be a positive whole number")
        if isinstance(self.present_minutes, bool) or not isinstance(self.present_minutes, int) \
                or self.present_minutes < 0:
            raise ConfigError("present_minutes must be 0 (always ping) or a positive whole number")
        if self.log_level.upper() not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise ConfigError("log_level must be DEBUG, INFO, WARNING or ERROR")

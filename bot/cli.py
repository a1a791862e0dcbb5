"""`gamehost`: run the Discord bot, or play in the terminal sandbox."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

NO_TOKEN = """No Discord bot token is configured.

To run the bot in Discord:
  1. Create an application at https://discord.com/developers/applications,
     open Bot, press "Reset Token" and copy it.
  2. Invite it with the OAuth2 URL generator (scopes: bot, applications.commands;
     permissions: Send Messages, Embed Links, Attach Files, Read Message History).
  3. Put the token in the DISCORD_TOKEN environment variable, or copy
     config.example.toml to config.toml and set `token`.

To play without Discord, use the terminal sandbox, e.g.:
  gamehost sandbox pocket-mars --players 3 --bots 2
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gamehost", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the Discord bot (the default)")
    run.add_argument("--config", type=Path, help="config file (default: config.toml)")
    sandbox = sub.add_parser("sandbox", help="play a game in the terminal against bot players")
    sandbox.add_argument("game", help="game slug, e.g. pocket-mars")
    sandbox.add_argument("--players", type=int, required=True)
    sandbox.add_argument("--bots", type=int, default=0, help="how many seats bot players take (the last ones)")
    sandbox.add_argument("--seed", type=int, help="fixed seed for a repeatable game")
    sandbox.add_argument("--out", type=Path, default=Path("sandbox-images"), help="folder for board images")
    sandbox.add_argument("--options", default="", help="game options as key=value pairs")
    sub.add_parser("games", help="list the games")
    args = parser.parse_args(argv)

    if args.command == "sandbox":
        from . import sandbox as sandbox_mod

        options = dict(part.split("=", 1) for part in args.options.split()) if args.options else None
        try:
            return sandbox_mod.run(args.game, args.players, args.bots, args.seed, args.out, options)
        except (KeyError, ValueError) as error:
            print(f"gamehost: {error.args[0] if error.args else error}", file=sys.stderr)
            return 2
    if args.command == "games":
        import games

        for slug, rules in sorted(games.REGISTRY.items()):
            print(f"{slug:18} {rules.title} ({rules.min_players}-{rules.max_players} players)")
        return 0
    return run_bot(getattr(args, "config", None))


def run_bot(config: Path | None) -> int:
    from .config import ConfigError, Settings

    try:
        settings = Settings.load(config)
    except ConfigError as error:
        print(f"gamehost: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from .app import create_bot

    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    create_bot(settings).run(settings.token, log_handler=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())

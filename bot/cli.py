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
     permissions: View Channels, Send Messages, Send Messages in Threads, Embed Links,
     Attach Files, Read Message History). Under Bot, turn on the Server Members Intent
     (or set track_members = false in config.toml).
  3. Put the token in the DISCORD_TOKEN environment variable, or copy
     config.example.toml to config.toml and set `token`. Put your server's id in
     `guilds` there so the slash commands appear at once.

To play without Discord, use the terminal sandbox, e.g.:
  python3 dev.py sandbox pocket-mars --players 3 --bots 2
(the same as `gamehost sandbox ...` inside the project's .venv)
"""

BAD_TOKEN = ("gamehost: Discord refused the token. Copy it again from the developer portal "
             "(Bot -> Reset Token) into DISCORD_TOKEN or config.toml.")
NO_INTENT = ("gamehost: Discord refused the Server Members Intent. Turn it on in the developer portal "
             "(Bot -> Privileged Gateway Intents) or set track_members = false in config.toml.")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gamehost", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run the Discord bot (the default)")
    run.add_argument("--config", type=Path, help="config file (default: config.toml)")
    sandbox = sub.add_parser("sandbox", help="play a game in the terminal against bot players")
    sandbox.add_argument("game", help="game name or title, e.g. pocket-mars or \"Pocket Mars\"")
    sandbox.add_argument("--players", type=int, required=True, help="how many seats (you play the first ones)")
    sandbox.add_argument("--bots", type=int, default=0, help="how many seats bot players take (the last ones)")
    sandbox.add_argument("--seed", type=int, help="fixed seed for a repeatable game")
    sandbox.add_argument("--out", type=Path, default=Path("sandbox-images"), help="folder for board images")
    sandbox.add_argument("--options", default="", help="game options as key=value pairs")
    sandbox.add_argument("--lang", default="en", help="the language of every text and image, e.g. en or zh-TW")
    sub.add_parser("games", help="list the games")
    args = parser.parse_args(argv)

    if args.command == "sandbox":
        from .platform import sandbox as sandbox_mod

        parts = args.options.replace(",", " ").split()
        if any("=" not in part for part in parts):
            print("gamehost: options are written key=value, e.g. --options \"length=long\"; "
                  f"`gamehost sandbox {args.game} --help` and /rules list them", file=sys.stderr)
            return 2
        options = dict(part.split("=", 1) for part in parts) or None
        try:
            return sandbox_mod.run(args.game, args.players, args.bots, args.seed, args.out, options,
                                   locale=args.lang)
        except (KeyError, ValueError) as error:
            print(f"gamehost: {error.args[0] if error.args else error}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("\nStopped.", file=sys.stderr)
            return 1
    if args.command == "games":
        import games

        for slug, rules in sorted(games.REGISTRY.items()):
            print(f"{slug:18} {rules.title} ({rules.min_players}-{rules.max_players} players)")
        return 0
    return run_bot(getattr(args, "config", None))


def run_bot(config: Path | None) -> int:
    from .platform.config import ConfigError, Settings

    try:
        settings = Settings.load(config)
    except ConfigError as error:
        print(f"gamehost: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from .shell.app import create_bot

    import discord

    from .platform.storage import AlreadyRunning

    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        create_bot(settings, own_process=True).run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(NO_INTENT, file=sys.stderr)
        return 2
    except AlreadyRunning as error:
        print(f"gamehost: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

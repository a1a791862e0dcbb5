"""The platform: everything the bot does that does not need Discord.

Storage (the append-only action log with snapshots, one transaction per move), sessions (the
live games of this process: lobby and loading, playing, seats and clocks, each a small
service over one shared cache), turn clocks, history (results, ratings, stats, replays), the
recap and the channel's log, languages, the texts a player reads, the render pool and the bot
players' thinking process, config and the terminal sandbox. Nothing here imports discord.py
(tests/test_bot_imports.py checks it): the shell (`bot.shell`) asks the platform, never the
other way round.
"""

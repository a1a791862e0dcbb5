"""The discord.py shell: the thin layer that turns Discord into calls on the platform.

`app` builds the bot and wires the services; `cogs/` are the slash commands (one feature per
cog); `ui/` the persistent components (each a `DynamicItem` whose custom_id, parsed in one
place by `custom_ids`, carries the game and the stamp it was drawn for) and the decision panel;
`publisher/` posts what changed (turn messages, lobbies, notices, DMs, results); `errors` turns
every failure into one reply. The shell asks the platform (`bot.platform`); the UI asks and
the publisher posts, never the other way round.
"""

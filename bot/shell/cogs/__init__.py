"""The slash commands, one feature per cog: `game` (the /game group: lobby, turn helpers, log,
undo, abandon, list, with `seats` mixed in), `general` (/rules, /card, /settings), `history`
(/game history and replay, /leaderboard, /stats) and `reminders` (the background duties:
announcements to retry, reminders, clocks at zero, lobbies that expire)."""

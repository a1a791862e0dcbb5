"""The components players press and the decision panel they see (see bot.shell)."""

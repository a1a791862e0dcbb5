"""The Discord application hosting the games."""


def create_bot(settings=None):
    """The fully configured bot without connecting (see bot.app.create_bot)."""
    from .shell.app import create_bot as build

    return build(settings)

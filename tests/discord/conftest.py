"""A guild with one channel and three members (alice, bob, carol) for SimCord tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def world(simcord_env):
    """(env, guild, channel, members, users): users are the handles that own DM channels.
    Every bot decision (bot seats, Suggest) runs in the bot worker process, spawned on first use at
    a low priority: on a loaded machine its start alone can outlast SimCord's default 5 s wait."""
    simcord_env.settle_timeout = max(simcord_env.settle_timeout, 60.0)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("table")
    users = [simcord_env.create_user(name) for name in ("alice", "bob", "carol")]
    members = [guild.add_member(u) for u in users]
    return simcord_env, guild, channel, members, users

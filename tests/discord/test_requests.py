"""How many Discord HTTP requests a move costs, by kind, over whole games of every title."""

from __future__ import annotations

import pytest

from tests.discord.driver import start_table, take_turn
from tests.discord.http_tally import INTERACTION, Tally

TITLES = [("pocket-mars", None), ("petrichor", None), ("impulse", None), ("ares-expedition", None),
          ("voidfall", None)]


@pytest.mark.parametrize("slug,options", TITLES)
async def test_requests_per_move(world, slug, options):
    env, guild, channel, (alice, bob, carol), _ = world
    game = await start_table(env, channel, slug, alice, [bob, carol], options=options)
    tally = Tally(env, {channel.id})
    by_id = {m.id: m for m in (alice, bob, carol)}
    moves = 0
    while game.row.status == "active" and moves < 3000:
        await take_turn(env.bot, channel, game, by_id[game.seats[game.to_act()[0]].user_id])
        moves += 1
    tally.take()
    outside = tally.outside_interactions
    print(f"\n{slug}: {moves} moves, version {game.version}, {outside / moves:.2f} outside/move, "
          f"{tally.by_kind[INTERACTION] / moves:.2f} interaction/move")
    print("   ", dict(tally.by_kind))
    for route, n in tally.by_route.most_common():
        print(f"   {n / moves:6.2f}  {route}")

"""Every kind of decision of a game, met the way players meet it: seeded games played by the bot
players (with some random picks, to reach more of the rules) in each of the game's ways to play and
player counts, plus built situations for the kinds such games rarely reach
(tests/support/situations.py).

A decision's kind is its prompt's template with its fixed phrases ("{task} (you have {mc} MC…)"
with task "Development: play one green card"); content names (a card, a crop), numbers and worded
texts with fields of their own do not make a new kind."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from games.core import Decision, GameRules, play
from games.core.i18n import Msg, Text
from tests.support import situations
from tests.support.translations import option_sets, player_counts


@dataclass(frozen=True)
class Met:
    """One decision as a seat met it, with the state it was met in."""

    rules: GameRules
    state: Any
    decision: Decision
    where: str  # how it was reached ("seed 1, 2 players, {...}" or a built situation's name)


def kind(prompt: Text) -> str:
    """The kind of decision a prompt asks (see the module's docstring)."""
    if not isinstance(prompt, Msg):
        return prompt
    worded = [f"{key}={value.text}" for key, value in prompt.args
              if isinstance(value, Msg) and not value.context and not value.args]
    return prompt.text + (" [" + "; ".join(worded) + "]" if worded else "")


def ways_to_play(rules: GameRules) -> list[tuple[int, dict]]:
    """(players, options) of each way to play the game (every option value, each declared
    combination) at its smallest and a middle player count, or at the smallest count it allows
    when neither fits (a co-op mode for exactly 2, teams of 2 for 4 players)."""
    ways = []
    for options in option_sets(rules):
        counts = player_counts(rules, options) or fitting(rules, options)[:1]
        ways += [(players, options) for players in counts]
    return ways


def fitting(rules: GameRules, options: dict) -> list[int]:
    """Every player count the options allow."""
    found = []
    for players in range(rules.min_players, rules.max_players + 1):
        try:
            rules.setup(players, 1, options)
        except ValueError:
            continue
        found.append(players)
    return found


def walk(rules: GameRules, visit: Callable[[Met], None], seeds: range = range(1, 2), explore: float = 0.25,
         only_first_way: bool = False) -> None:
    """Show `visit` every decision met in seeded bot games in every way to play (only the first
    when `only_first_way`: enough to show a game is not there yet), then every decision open in
    the game's built situations."""
    ways = ways_to_play(rules)
    for players, options in ways[:1] if only_first_way else ways:
        for seed in seeds:
            where = f"seed {seed}, {players} player(s), {options or 'default options'}"

            def look(state, decisions, where=where) -> None:
                for decision in decisions:
                    visit(Met(rules, state, decision, where))

            play(rules, players, seed, options, explore=explore, on_step=look)
    for name, state in situations.built(rules.slug):
        decisions = rules.pending(state)
        assert decisions, f"{rules.slug}: the built situation {name!r} has no open decision"
        for decision in decisions:
            visit(Met(rules, state, decision, f"built: {name}"))

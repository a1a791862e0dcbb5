"""Play a game in the terminal against bot players, through the same contract as Discord.

Human seats answer prompts typed at the keyboard; board and private images are written
to a folder after every change so they can be opened next to the terminal.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any, Callable, TextIO

import games
import renderers
from games.core import Decision, GameRules, fill_names


def parse_answer(decision: Decision, text: str) -> Any:
    """Typed text to a choice: option numbers (1-based, spaces between several) or a number."""
    text = text.strip()
    if decision.number is not None:
        low, high = decision.number
        if not text.lstrip("-").isdigit():
            raise ValueError(f"type a number from {low} to {high}")
        return int(text)
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isdigit() for part in parts):
        several = " (several separated by spaces)" if decision.max_picks > 1 else ""
        raise ValueError(f"type the number of an option, 1 to {len(decision.options)}{several}")
    picks = [int(part) - 1 for part in parts]
    if any(not 0 <= p < len(decision.options) for p in picks):
        raise ValueError(f"pick numbers from 1 to {len(decision.options)}")
    ids = [decision.options[p].id for p in picks]
    return ids[0] if decision.max_picks == 1 and len(ids) == 1 else ids


def describe(decision: Decision) -> str:
    lines = [decision.prompt]
    if decision.number is not None:
        lines.append(f"  (a number from {decision.number[0]} to {decision.number[1]})")
    else:
        for index, option in enumerate(decision.options, 1):
            detail = f" — {option.detail}" if option.detail else ""
            lines.append(f"  {index:>2}. {option.label}{detail}")
        if decision.max_picks > 1:
            low, high = decision.min_picks, decision.max_picks
            count = f"{low}" if low == high else f"up to {high}" if low == 0 else f"{low} to {high}"
            lines.append(f"  (pick {count}: numbers separated by spaces)")
    return "\n".join(lines)


def run(slug: str, players: int, bots: int, seed: int | None = None, out: Path = Path("sandbox-images"),
        options: dict | None = None, ask: Callable[[str], str] = input, echo: TextIO = sys.stdout) -> int:
    """Play one game; returns the process exit code. `slug` may also be the game's title."""
    rules: GameRules = games.find(slug)
    slug = rules.slug
    if not 0 <= bots <= players:
        raise ValueError("--bots must be between 0 and --players")
    seed = random.SystemRandom().randrange(1 << 62) if seed is None else seed
    state = rules.setup(players, seed, options)
    humans = set(range(players - bots))
    names = [f"You ({i + 1})" if i in humans else f"Bot {i + 1}" for i in range(players)]
    out.mkdir(parents=True, exist_ok=True)

    def say(text: str) -> None:
        print(text, file=echo)

    def draw() -> None:
        """The board and every human seat's private image, as they are now."""
        (out / "board.png").write_bytes(renderers.render_public(slug, rules.view(state, None), names))
        for seat in sorted(humans):
            (out / f"seat{seat + 1}.png").write_bytes(renderers.render_private(slug, rules.view(state, seat), names))

    say(f"{rules.title}: {players} players, {bots} bots. Images go to {out}/"
        + (" and are redrawn after every change." if humans else " (the final board when the game ends)."))
    if humans:
        draw()
    while True:
        decisions = rules.pending(state)
        if not decisions:
            break
        human = next((d for d in decisions if d.seat in humans), None)
        decision = human or decisions[0]
        if human is None:
            choice = rules.bot_choice(state, decision.seat)
        else:
            say(f"\n[{names[decision.seat]}] board: {out / 'board.png'}  yours: {out / f'seat{decision.seat + 1}.png'}")
            say(fill_names(describe(decision), names))
            while True:
                try:
                    answer = ask("> ")
                except EOFError:
                    say("\nInput closed; the game stops here.")
                    return 1
                try:
                    choice = decision.validate(parse_answer(decision, answer))
                    break
                except ValueError as error:
                    say(f"Not accepted: {error}")
        try:
            state = rules.apply(state, decision.seat, choice)
        except ValueError as error:
            say(f"Not accepted: {error}")
            continue
        viewer = decision.seat if decision.seat in humans else None
        for line in rules.log_for(state, viewer):
            say(f"  {fill_names(line, names)}")
        if humans:
            draw()
    outcome = rules.outcome(state)
    (out / "board.png").write_bytes(renderers.render_public(slug, rules.view(state, None), names))
    say(f"\nGame over after {state.seq} choices. Final board: {out / 'board.png'}")
    for seat in sorted(range(players), key=lambda s: -outcome.scores[s]):
        crown = " (winner)" if seat in outcome.winners else ""
        say(f"  {names[seat]}: {outcome.scores[seat]}{crown}")
    for line in outcome.summary:
        say(f"  {fill_names(line, names)}")
    return 0

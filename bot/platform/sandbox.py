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
from games.core import Decision, GameRules
from games.core.i18n import ENGLISH, languages, supported

from .render_pool import draw_image
from .words import T, say as words_say


def parse_answer(decision: Decision, text: str) -> Any:
    """Typed text to a choice: option numbers (1-based, spaces between several) or a number."""
    text = text.strip()
    if decision.number is not None:
        low, high = decision.number
        if not text.lstrip("-").isdigit():
            raise ValueError(T("type a number from {low} to {high}", low=low, high=high))
        return int(text)
    parts = text.replace(",", " ").split()
    if not parts or not all(part.isdigit() for part in parts):
        if decision.max_picks > 1:
            raise ValueError(T("type the number of an option, 1 to {n} (several separated by spaces)",
                               n=len(decision.options)))
        raise ValueError(T("type the number of an option, 1 to {n}", n=len(decision.options)))
    picks = [int(part) - 1 for part in parts]
    if any(not 0 <= p < len(decision.options) for p in picks):
        raise ValueError(T("pick numbers from 1 to {n}", n=len(decision.options)))
    ids = [decision.options[p].id for p in picks]
    return ids[0] if decision.max_picks == 1 and len(ids) == 1 else ids


def describe(decision: Decision, locale: str = ENGLISH, names: list[str] | tuple = ()) -> str:
    """The decision as the terminal shows it, in `locale` with the seats' names."""
    def text(value) -> str:
        return words_say(value, locale, names)

    lines = [text(decision.prompt)]
    if decision.number is not None:
        lines.append("  " + text(T("(a number from {low} to {high})", low=decision.number[0], high=decision.number[1])))
    else:
        for index, option in enumerate(decision.options, 1):
            detail = f" — {text(option.detail)}" if option.detail else ""
            lines.append(f"  {index:>2}. {text(option.label)}{detail}")
        if decision.max_picks > 1:
            low, high = decision.min_picks, decision.max_picks
            count = (T("{n}", n=low) if low == high else T("up to {high}", high=high) if low == 0
                     else T("{low} to {high}", low=low, high=high))
            lines.append("  " + text(T("(pick {count}: numbers separated by spaces)", count=count)))
    return "\n".join(lines)


def run(slug: str, players: int, bots: int, seed: int | None = None, out: Path = Path("sandbox-images"),
        options: dict | None = None, ask: Callable[[str], str] = input, echo: TextIO = sys.stdout,
        locale: str = ENGLISH) -> int:
    """Play one game in `locale` (every text and image); returns the process exit code. `slug`
    may also be the game's title."""
    rules: GameRules = games.find(slug)
    slug = rules.slug
    if not 0 <= bots <= players:
        raise ValueError("--bots must be between 0 and --players")
    if supported(locale) is None:
        raise ValueError(f"--lang must be one of {', '.join(languages())}")
    locale = supported(locale) or ENGLISH
    seed = random.SystemRandom().randrange(1 << 62) if seed is None else seed
    state = rules.setup(players, seed, options)
    humans = set(range(players - bots))
    names = [words_say(T("You ({n})", n=i + 1), locale) if i in humans else words_say(T("Bot {n}", n=i + 1), locale)
             for i in range(players)]
    out.mkdir(parents=True, exist_ok=True)

    def say(text) -> None:
        print(words_say(text, locale, names), file=echo)

    def draw() -> None:
        """The board and every human seat's private image, as they are now."""
        (out / "board.png").write_bytes(draw_image("public", slug, rules.view(state, None), names, locale) or b"")
        for seat in sorted(humans):
            (out / f"seat{seat + 1}.png").write_bytes(draw_image("private", slug, rules.view(state, seat), names,
                                                                 locale) or b"")

    say(T("{title}: {players} players, {bots} bots. Images go to {out}/ and are redrawn after every change.",
          title=rules.title_text, players=players, bots=bots, out=str(out)) if humans else
        T("{title}: {players} players, {bots} bots. Images go to {out}/ (the final board when the game ends).",
          title=rules.title_text, players=players, bots=bots, out=str(out)))
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
            say("\n" + words_say(T("[{name}] board: {board}  yours: {yours}", name=names[decision.seat],
                                   board=str(out / "board.png"), yours=str(out / f"seat{decision.seat + 1}.png")),
                                 locale))
            say(describe(decision, locale, names))
            while True:
                try:
                    answer = ask("> ")
                except EOFError:
                    say("\n" + words_say(T("Input closed; the game stops here."), locale))
                    return 1
                try:
                    choice = decision.validate(parse_answer(decision, answer))
                    break
                except ValueError as error:
                    say(T("Not accepted: {reason}", reason=_reason(error)))
        try:
            state = rules.apply(state, decision.seat, choice)
        except ValueError as error:
            say(T("Not accepted: {reason}", reason=_reason(error)))
            continue
        viewer = decision.seat if decision.seat in humans else None
        for line in rules.log_lines(state, viewer):
            say("  " + words_say(line.text, locale, names))
        if humans:
            draw()
    outcome = rules.outcome(state)
    assert outcome is not None  # the loop ends with the game
    (out / "board.png").write_bytes(draw_image("public", slug, rules.view(state, None), names, locale) or b"")
    say("\n" + words_say(T("Game over after {n} choices. Final board: {board}", n=state.seq,
                           board=str(out / "board.png")), locale))
    for seat in sorted(range(players), key=lambda s: -outcome.scores[s]):
        crown = words_say(T(" (winner)"), locale) if seat in outcome.winners else ""
        say(f"  {names[seat]}: {outcome.scores[seat]}{crown}")
    for summary_line in outcome.summary:
        say("  " + words_say(summary_line, locale, names))
    return 0


def _reason(error: ValueError):
    """An error's message (a text in any language) or its English string."""
    first = error.args[0] if error.args else ""
    return first if not isinstance(first, str) else str(error)

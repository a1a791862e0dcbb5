"""The coach: what a seat's bot player would choose now, and why, in the reader's language.

Suggest and the guided first game both ask `advise`. The recommendation comes from the levels'
search (`games.core.levels.analyse` through the bot worker: never on the event loop, from the
seat's own information only, because the search starts from a `redeal` sample of what the seat
may see); its reason is the search's estimate of the pick's winning chance against the next best
option. A decision with one legal option costs no search; a game without a searching level gets
its one bot's pick, said plainly.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from games.core import Choice, Decision
from games.core.i18n import ENGLISH
from games.core.search import Estimate, SearchResult

from .bot_thinker import BOT_THINKER, BotThinker, NoAnalysis
from .live import LiveGame, SessionError
from .words import T, say

CLOSE_CALL = 0.02  # a pick this close to the next best (in winning chance) is "about as good"


@dataclass(frozen=True)
class Advice:
    """A recommendation for `seat`'s pending decision, read in one language.

    `choice` is what `apply` takes (an option id, a list of ids, or a number); `option_ids` are the
    options it picks (empty for a number); `label` names the pick for a person, `reason` says why in
    one or two sentences. `chance` is the pick's estimated winning chance and `runner_up` that of
    the next best option (None without a search). `stamp` is the seat's stamp the advice was
    worked out at (`LiveGame.stamp`): a panel drawn at another stamp shows another decision."""

    seat: int
    choice: Choice
    option_ids: tuple[str, ...]
    label: str
    reason: str
    chance: float | None = None
    runner_up: float | None = None
    stamp: int = 0


def _key(choice: Choice) -> Hashable:
    return tuple(sorted(choice)) if isinstance(choice, list) else choice


def _ids(choice: Choice) -> tuple[str, ...]:
    if isinstance(choice, int):
        return ()
    return (choice,) if isinstance(choice, str) else tuple(choice)


def choice_label(game: LiveGame, decision: Decision, choice: Choice, locale: str = ENGLISH) -> str:
    """A choice as a player reads it: the option's label (several joined), or the number."""
    if isinstance(choice, int):
        return str(choice)
    ids = _ids(choice)
    if not ids:
        return say(T("nothing (pick none)"), locale)
    names = game.names()
    return ", ".join(say(decision.option(option_id).label, locale, names) for option_id in ids)


def _percent(value: float) -> int:
    return round(max(0.0, min(1.0, value)) * 100)


def reason_text(game: LiveGame, decision: Decision, result: SearchResult, locale: str = ENGLISH) -> str:
    """Why the search picked `result.choice`, as a sentence (see the module's docstring)."""
    mine = next((e for e in result.estimates if _key(e.choice) == _key(result.choice)), None)
    others = [e for e in result.estimates if _key(e.choice) != _key(result.choice)]
    if mine is None or not others or not result.rounds:
        return say(T("It is what the bot player judges best from what you can see (there was no time to try "
                     "the options against each other right now)."), locale)
    best_other: Estimate = max(others, key=lambda e: e.value)
    other_label = choice_label(game, decision, best_other.choice, locale)
    if mine.value - best_other.value < CLOSE_CALL:
        return say(T("Over {rounds} imagined continuations of the game from what you can see, it won about "
                     "{chance}% of the time, about as often as the next best, {other} ({other_chance}%): "
                     "either is a fine choice.", rounds=result.rounds, chance=_percent(mine.value),
                     other=other_label, other_chance=_percent(best_other.value)), locale)
    return say(T("Over {rounds} imagined continuations of the game from what you can see, it won about "
                 "{chance}% of the time, against {other_chance}% for the next best, {other}.",
                 rounds=result.rounds, chance=_percent(mine.value), other=other_label,
                 other_chance=_percent(best_other.value)), locale)


async def advise(game: LiveGame, seat: int, locale: str = ENGLISH, thinker: BotThinker = BOT_THINKER) -> Advice:
    """The recommendation for `seat`'s pending decision in `game`, with its reason in `locale`,
    worked out in the bot worker (the caller's event loop stays free; defer an interaction first:
    a search takes up to HARD_SECONDS of CPU). SessionError when the seat has nothing to decide, or
    when the game moved on while the bot was thinking (ask again)."""
    state = game.state
    decision = game.decision_for(seat)
    if state is None or decision is None or game.row.status != "active":
        raise SessionError(T("There is nothing for you to decide right now."))
    stamp = game.stamp(seat)
    forced = decision.only_choice()
    if forced is not None:
        return Advice(seat, forced, _ids(forced), choice_label(game, decision, forced, locale),
                      say(T("It is the only choice you have here."), locale), stamp=stamp)
    rules = game.rules
    try:
        result = await thinker.analyse(rules, state, seat)
    except NoAnalysis:
        choice = await thinker.think(rules, state, seat)
        result = SearchResult(choice, (), 0, 0, 0.0)
    if game.state is not state and game.stamp(seat) != stamp:
        raise SessionError(T("The game moved on while the bot player was thinking; press **Suggest** again."))
    choice = decision.validate(result.choice)
    mine = next((e for e in result.estimates if _key(e.choice) == _key(choice)), None)
    others = [e.value for e in result.estimates if _key(e.choice) != _key(choice)]
    return Advice(seat, choice, _ids(choice), choice_label(game, decision, choice, locale),
                  reason_text(game, decision, result, locale), mine.value if mine else None,
                  max(others) if others else None, stamp)

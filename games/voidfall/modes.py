"""How a game of Voidfall is played: the competitive game, and the hooks another mode fills.

`Mode` is the competitive game at each point where the modes differ (the map layout, what the
Evaluation asks instead of nothing, how the game ends, ...). The solo and co-op modes against the
Voidborn (games/voidfall/solo) subclass it and are registered under their names where the package
is assembled (games/voidfall/__init__.py), so the engine's modules call `mode_of(state)` and never
import the solo package. The registry is filled as the package is imported, before any game is
set up or loaded, whatever module a process imported first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Breakdown, Option, Standing
from games.core.errors import IllegalChoice
from games.core.i18n import Text

from .board import name
from .catalogue import CatalogueExtras
from .data import HOMES, event_def
from .economy import total_corruption
from .messages import T, joined
from .state import Sector, Task, VoidfallState
from .tasks import push


class Mode:
    """The competitive game (2-4 houses against each other); a subclass overrides what its mode
    changes. Every hook gets the state it acts on and returns nothing unless it says so."""

    def layout(self, state: VoidfallState) -> dict[str, Any]:
        """Home, outpost and fallen house sectors of the map for this player count."""
        return HOMES[str(state.players)]

    def setup(self, state: VoidfallState) -> None:
        """After the houses and the map are set up and the first Cycle is pushed."""

    def preparation(self, state: VoidfallState) -> None:
        """At the start of every Cycle's preparation, after the competitive steps."""

    def focus_step(self, state: VoidfallState, progress: dict[str, Any]) -> bool:
        """From the Focus-phase driver before it starts the next turn (`progress`: round `r`, turn
        `t`); True when the mode pushed something to run first."""
        return False

    def first_round_frames(self, state: VoidfallState, seat: int) -> None:
        """Before `seat`'s turn of the first round: the Event's delayed frames (3G), once per house."""
        for i, frame in enumerate(event_def(state)["frames"]):
            if frame["scope"] == "delayed":
                push(state, "frame", seat, i=i)

    def choose_options(self, state: VoidfallState, seat: int, options: list[Option]) -> list[Option]:
        """The choose step's options: the Focus cards in hand, and what the mode adds or hides."""
        return options

    def select(self, state: VoidfallState, seat: int, turn: dict[str, Any], choice: str) -> None:
        """A choose-step option the mode added (`turn`: the turn's data)."""
        raise IllegalChoice(T("Choose one of the Focus cards in your hand."))

    def card(self, key: str) -> dict[str, Any]:
        """A played card the mode adds (a turn's data marks it `heroic`)."""
        raise KeyError(f"no card {key!r} in the competitive game")

    def card_name(self, key: str) -> Text:
        """That card's name in the log."""
        raise KeyError(f"no card {key!r} in the competitive game")

    def card_title(self, state: VoidfallState, key: str) -> Text:
        """That card's name as this game calls it (solo and co-op name some cards apart)."""
        return self.card_name(key)

    def after_action(self, state: VoidfallState, seat: int) -> None:
        """As a Focus action starts (what the mode pushes runs once the action is done)."""

    def turn_end(self, state: VoidfallState, seat: int) -> None:
        """At the end of `seat`'s turn."""

    def evaluation(self, state: VoidfallState) -> None:
        """The Evaluation's first step: each house's Voidborn Skirmish, the first in turn order on top."""
        for seat in reversed(state.order):
            push(state, "skirmish", seat)

    def skirmish_bonus(self, state: VoidfallState) -> int:
        """Voidborn cubes a Galactic Event's Skirmish adds to the house mat's Corruption."""
        return 0

    def on_invasion_won(self, state: VoidfallState, seat: int, sector: Sector) -> None:
        """After `seat` won an invasion of `sector`."""

    def end(self, state: VoidfallState) -> None:
        """After the third Cycle."""
        end_game(state)

    def view(self, state: VoidfallState) -> dict[str, Any] | None:
        """What the public view adds under "solo" (None: nothing)."""
        return None

    def goal(self, state: VoidfallState) -> Text:
        """How the game is won, as "How does this work?" ends."""
        return T("Most Influence after Cycle 3 wins; ties: fewest Corruption markers.")

    def standings(self, state: VoidfallState) -> tuple[Standing, ...]:
        """Standings after the houses' (the Voidborn's, in solo/co-op)."""
        return ()

    def opponent(self) -> Text:
        """The automatic opponent the houses play against, by name ("" in a competitive game)."""
        return ""

    def breakdown(self, state: VoidfallState) -> tuple[Breakdown, ...]:
        """Final breakdowns after the houses' (the Voidborn's final Influence, in solo/co-op)."""
        return ()

    def task_words(self) -> dict[str, Text]:
        """What the mode's own kinds of task are part of, in words ("How does this work?")."""
        return {}

    def task_lines(self) -> dict[str, Callable[[VoidfallState, int, Task], Text]]:
        """The rule behind each of the mode's own kinds of decision, as a line of "How does this
        work?" (keyed by task kind, or "eff:<verb>" for an effect the mode adds)."""
        return {}

    def catalogue_extras(self) -> CatalogueExtras | None:
        """What the mode adds to `/card`."""
        return None


def end_game(state: VoidfallState) -> None:
    """Competitive end: most Influence wins; ties go to the fewest Corruption markers, then shared."""
    state.over = True
    state.phase = "over"
    key = {s: (state.houses[s].influence, -total_corruption(state, s)) for s in range(state.players)}
    best = max(key.values())
    state.winners = [s for s in range(state.players) if key[s] == best]
    state.end_lines = [T("Most Influence wins; ties go to the fewest Corruption markers, then the win is shared.")]
    for s in range(state.players):
        state.end_lines.append(T("{seat}: {influence} Influence, {corruption} Corruption", seat=name(s),
                                 influence=state.houses[s].influence, corruption=total_corruption(state, s)))
    state.say(T("The third Cycle is over. {scores}", scores=joined(state.end_lines[1:], T("{a} / {b}"))))


COMPETITIVE = Mode()
MODES: dict[str, Mode] = {"competitive": COMPETITIVE}


class UnknownMode(LookupError):
    """A game whose mode no module registered (the package was not imported as a whole)."""


def register(mode: Mode, *names: str) -> None:
    """Play the games whose `state.mode` is one of `names` with `mode`."""
    for mode_name in names:
        MODES[mode_name] = mode


def mode_of(state: VoidfallState) -> Mode:
    """The mode `state` is played in."""
    try:
        return MODES[state.mode]
    except KeyError:
        raise UnknownMode(f"no Voidfall mode {state.mode!r} registered; known: {', '.join(sorted(MODES))}") from None


def modes() -> list[Mode]:
    """Every registered mode once, the competitive game first."""
    out: list[Mode] = []
    for mode in MODES.values():
        if mode not in out:
            out.append(mode)
    return out

"""VoidfallRules: setup, outcome, views (the task stack is driven by games.core.taskstack).

The rules object is built where the package is assembled (games/voidfall/__init__.py), with the
bot players it is given (games/voidfall/bots); the Voidborn's modes are registered there too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from games.core import Breakdown, Catalogue, Decision, GameOption, Outcome, Progress, Rng, SearchPieces, Standing
from games.core.contract import Places
from games.core.i18n import Text
from games.core.taskstack import TaskStackRules

# Every module of the game that registers task handlers or effects (the solo package registers
# its own), so that the registries are complete once the package is imported (issue 19).
from . import (actions, corruption, cycle, defence, develop, evaluation, events, focus, gains, military,  # noqa: F401
               placements, tokens, tracks)
from .breakdown import final_breakdown
from .catalogue import build_catalogue
from .cycle import build_map
from .data import AGENDAS, EVENTS
from .explain import explain
from .figures import FIGURES
from .fleets import normalise
from .messages import T
from .modes import mode_of, modes
from .places import decision_places
from .standings import progress, standings
from .state import House, Task, VoidfallState
from .tasks import APPLY, AUTO, DECIDE
from .view import build_view

SUMMARY = T("""\
Voidfall (1-4 players): a 4X over three Cycles. Each Cycle: preparation (turn order from low to
high Influence, the Galactic Event and its frames), the Focus phase (as many turns as the Event
says: play a Focus card, take 2 of its 3 actions or 3 by flipping a Trade token, an Agenda's
action if you play one; cleanup keeps 2 fleet markers per sector and 4 Glory tokens) and the
Evaluation (a Voidborn Skirmish as strong as the Corruption on your house mat, Upkeep, the
Event's objectives, your Agendas, Focus cards back). Five resources capped at 15 (Credits stand
in for Food, Energy and Materials); production level = Guilds x Population, yields from a table;
overproducing gives 3 Influence. Combat has no dice: every invasion shows its exact result first.
Most Influence after Cycle 3 wins; ties: fewest Corruption markers, then shared.
Solo (1 player) and co-op (mode=coop, 2-4) against the Voidborn: each round an alert card brings a
crisis to resolve (or a war); an open crisis becomes a penalty, a permanent crisis or a
catastrophe (the fourth loses at once); each house needs at least the Voidborn's final Influence
(60/100/140 by difficulty plus rifts, havens, catastrophes, harbingers, crises, Corruption...).
Winning takes a campaign: on easy, close the rift (30 off the Voidborn) and take back most sectors;
medium and hard are much harder.
""")


MODE_WORDS = {"solo": T("solo"), "coop": T("coop")}

# The bot players: (rules, state, seat) -> the choice for seat's open decision; the sampler of the
# hidden parts (rules, state, seat, rng) -> a sample; the search's pieces (games/voidfall/bots/levels.py).
BotPlayer = Callable[["VoidfallRules", VoidfallState, int], Any]
Redeal = Callable[["VoidfallRules", VoidfallState, int, Rng], VoidfallState]


class VoidfallRules(TaskStackRules[VoidfallState]):
    DECIDE, APPLY, AUTO = DECIDE, APPLY, AUTO  # the task handlers every module registered
    slug = "voidfall"
    title = "Voidfall"
    min_players = 1
    max_players = 4
    options = (
        GameOption("houses", T("Houses"), ("starter", "all"), "starter",
                   T("starter: the four houses suggested for a first game; all: any of the 14 houses.")),
        GameOption("mode", T("Mode"), ("competitive", "coop"), "competitive",
                   T("competitive: 2-4 houses against each other; coop: 2-4 houses together against the Voidborn. "
                     "One player always plays solo against the Voidborn.")),
        GameOption("difficulty", T("Voidborn difficulty"), ("easy", "medium", "hard"), "medium",
                   T("solo/co-op only: the Voidborn's strength and final Influence.")),
        GameOption("secret_focus", T("Secret Focus cards"), ("off", "on"), "off",
                   T("solo/co-op only: choose each round's Focus card in secret before the alert is revealed.")),
    )
    conformance_options = (
        {"mode": "coop", "difficulty": "easy"},
        {"mode": "coop", "difficulty": "hard"},
        {"mode": "coop", "secret_focus": "on", "houses": "all"},
    )
    summary = SUMMARY
    state_type = VoidfallState

    def __init__(self, bot: BotPlayer, sampler: Redeal, pieces: Callable[["VoidfallRules"], SearchPieces]) -> None:
        self._bot, self._sampler, self._pieces = bot, sampler, pieces(self)

    def _setup(self, players: int, seed: int, options: dict[str, str]) -> VoidfallState:
        state = VoidfallState(**self.new_core(players, seed, options))
        state.mode = "solo" if players == 1 else options.get("mode", "competitive")
        build_map(state)
        state.houses = [House() for _ in range(players)]
        state.tasks = [Task("pick_house", -1, {"order": list(range(players))[::-1], "i": 0, "step": "house", "chosen": {}})]
        if state.mode == "competitive":
            state.say(T("Each player chooses a house and its origin, last seat first."))
        else:
            state.say(T("Each player chooses a house and its origin, last seat first. Mode: {mode} against the Voidborn.",
                        mode=MODE_WORDS.get(state.mode, state.mode)))
        self.advance(state)
        return state

    def outcome(self, state: VoidfallState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(scores=tuple(h.influence for h in state.houses), winners=tuple(state.winners),
                       summary=tuple(state.end_lines), opponent="" if state.winners else mode_of(state).opponent())

    def breakdown(self, state: VoidfallState) -> tuple[Breakdown, ...]:
        return final_breakdown(state)

    def _view(self, state: VoidfallState, seat: int | None) -> dict:
        view = build_view(self, state, seat)
        extra = mode_of(state).view(state)
        if extra is not None:
            view["solo"] = extra
        return view

    def hidden_tokens(self, state: VoidfallState, viewer: int | None) -> set[str]:
        hidden: set[str] = set()
        for deck in state.agenda_decks.values():
            hidden.update(deck)
        for s, h in enumerate(state.houses):
            if s != viewer:
                hidden.update(h.agenda_hand)
        for c, pile in state.event_piles.items():
            hidden.update(pile)
        for task in state.tasks:
            if task.kind == "eff" and "drawn" in task.data and task.seat != viewer:
                hidden.update(task.data["drawn"])
        return {x for x in hidden if x in AGENDAS or x in EVENTS}

    def load(self, data: dict) -> VoidfallState:
        """States saved before fleet markers were tracked get their cubes packed on markers."""
        state = super().load(data)
        normalise(state)
        return state

    # -- reading: /card, How does this work?, /game status (games/core/catalogue.py) --
    def catalogue(self) -> Catalogue:
        return self._catalogue

    @cached_property
    def _catalogue(self) -> Catalogue:
        """Built on first use, when every mode is registered."""
        return build_catalogue(mode.catalogue_extras() for mode in modes())

    def figures(self) -> dict:
        return FIGURES

    def explain(self, state: VoidfallState, seat: int) -> tuple[Text, ...]:
        return explain(state, seat)

    def standings(self, state: VoidfallState) -> tuple[Standing, ...]:
        return standings(state)

    score_measure = "Influence"

    def progress(self, state: VoidfallState) -> Progress | None:
        return progress(state)

    def places(self, state: VoidfallState, decision: Decision) -> Places:  # the map beside the choice
        return decision_places(state, decision)

    def baseline_choice(self, state: VoidfallState, seat: int) -> Any:
        return self._bot(self, state, seat)

    def redeal(self, state: VoidfallState, seat: int, rng: Rng) -> VoidfallState:
        return self._sampler(self, state, seat, rng)

    def search_pieces(self) -> SearchPieces:
        return self._pieces

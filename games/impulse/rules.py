"""ImpulseRules: setup, outcome, views (the task stack is driven by games.core.taskstack)."""

from __future__ import annotations

from typing import Any

from games.core import (BadSetup, Breakdown, Catalogue, Figure, GameOption, Outcome, Progress, Rng, Round, SearchPieces,
                        Source, Standing, seat_ref)
from games.core.i18n import Text
from games.core.taskstack import TaskStackRules

from .catalogue import CATALOGUE
from .explain import explain
from .figures import FIGURES
from . import actions, bot_levels, movement, setup_steps  # noqa: F401  (register their task handlers)
from .bot import choose
from .engine import SOURCES
from .data import ALL_CARD_IDS, CARDS, CENTER, CONTENT, CORE, CORNERS, GATES, POS, RACES
from .messages import T
from .state import ImpulseState, Player, Task
from .tasks import APPLY, AUTO, DECIDE
from .view import build_view

SUMMARY = T("""\
Impulse (2-6 players, team variant for 4 or 6): first to 20 points wins at once.
Setup: choose a race (last seat first; option races=random deals them), then a home card.
Your turn: 1) add a hand card to the shared Impulse row; 2) use one of your two techs;
3) resolve the Impulse cards left to right (at most 4); 4) use your Plan or delay it
(it must be used at 4+ cards); 5) score 1 per Sector Core gate your cruisers hold;
6) draw 2 (hand limit 10) and trim the Impulse to its 3 newest cards.
Ships: transports sit on cards, cruisers on gates between cards. Transports that move onto a
card activate it after the Command (each moved transport boosts like a gem). Cruisers patrol
both cards of their gate: hostile transports cannot enter a patrolled card and hostile
cruisers cannot cross it except to fight. Cruisers passing a card destroy hostile transports there.
Battles: the defender commits hand cards face down, then the attacker, seeing how many; a card
counts only if a card in the Impulse, your Plan or techs shares its colour and size (others return
to hand). Add one deck card per cruiser; most icons wins, ties to the defender; +1 for the win and +1 per ship destroyed.
Boost: every 2 gems of the card's colour in your minerals add +1 to its boxed number.
Actions: Command, Build, Mine, Trade, Research, Draw, Sabotage, Plan, Execute, Refine.
Exploring a face-down card: take it, then place any hand card face up there.
""")


class ImpulseRules(TaskStackRules[ImpulseState]):
    DECIDE, APPLY, AUTO = DECIDE, APPLY, AUTO  # the task handlers every module registered
    slug = "impulse"
    title = "Impulse"
    min_players = 2
    max_players = 6
    options = (
        GameOption("teams", T("Team variant"), ("off", "pairs", "triples"), "off",
                   T("pairs: teams of 2 (4 or 6 players); triples: two teams of 3 (6 players).")),
        GameOption("races", T("Races"), ("choose", "random"), "choose",
                   T("choose: players pick their race in turn, last seat first; random: races are dealt.")),
    )
    summary = SUMMARY
    state_type = ImpulseState

    def figures(self) -> dict[str, Figure]:
        return dict(FIGURES)

    def catalogue(self) -> Catalogue:
        return CATALOGUE

    def explain(self, state: ImpulseState, seat: int) -> tuple[Text, ...]:
        return explain(state, seat)

    # ------------------------------------------------------------ setup
    def _setup(self, players: int, seed: int, options: dict[str, str]) -> ImpulseState:
        mode = options.get("teams", "off")
        if mode == "off":
            corners = CONTENT["homes"][str(players)]
            teams = list(range(players))
        else:
            key = f"{players}-{mode}"
            if key not in CONTENT["team_homes"]:
                raise BadSetup("team variant: pairs needs 4 or 6 players, triples needs 6")
            corners = CONTENT["team_homes"][key]["corners"]
            teams = CONTENT["team_homes"][key]["teams"]
        state = ImpulseState(**self.new_core(players, seed, options))
        deck = list(ALL_CARD_IDS)
        state.rng.shuffle(deck)
        state.grid = []
        for pos in range(len(POS)):
            state.grid.append(CORE if pos == CENTER else deck.pop())
        state.face_up = [pos == CENTER for pos in range(len(POS))]
        state.tr = [[0] * players for _ in POS]
        state.cr = [[0] * players for _ in GATES]
        races = [r["key"] for r in RACES]
        state.rng.shuffle(races)
        team_ids = sorted(set(teams))
        for s in range(players):
            home = CORNERS[corners[s]]
            hand = [deck.pop() for _ in range(CONTENT["settings"]["start_hand"])]
            hand.append(state.grid[home])
            state.grid[home] = ""
            team = team_ids.index(teams[s])
            race = races[s] if options.get("races") == "random" else ""
            state.ps.append(Player(race=race, home=home, team=team, imp=team if mode != "off" else 0,
                                   hand=hand, techs=["basic", "race"]))
        state.deck = deck
        state.impulses = [[] for _ in (team_ids if mode != "off" else [0])]
        state.tasks = [Task("home", -1, {"picked": {}})]
        if options.get("races") != "random":
            state.tasks.append(Task("race", -1, {"order": list(range(players))[::-1]}))
            state.say(T("Each player chooses a race, last seat first."))
        state.say(T("Each player looks at 5 cards plus the card at their home corner and picks a home card."))
        return state

    # ------------------------------------------------------------ end
    def outcome(self, state: ImpulseState) -> Outcome | None:
        if not state.over:
            return None
        scores = tuple(p.score for p in state.ps)
        lines = [state.end_reason]
        lines += [T("{seat}: {n} point(s) (eliminated)", seat=seat_ref(s), n=p.score) if p.out
                  else T("{seat}: {n} point(s)", seat=seat_ref(s), n=p.score) for s, p in enumerate(state.ps)]
        if len({p.team for p in state.ps}) < state.players:
            lines.append(T("Team game: the whole team of a winner wins."))
        return Outcome(scores=scores, winners=tuple(state.winners), summary=tuple(lines))

    def breakdown(self, state: ImpulseState) -> tuple[Breakdown, ...]:
        """Each player's points by source (trading, refining, the Sector Core, patrols, battles,
        ships destroyed; a game saved before sources were noted keeps the rest together)."""
        if not state.over:
            return ()
        found = []
        for seat, p in enumerate(state.ps):
            sources = [Source(what, p.scored.get(key, 0)) for key, what in SOURCES.items()]
            rest = p.score - sum(p.scored.values())
            if rest:
                sources.append(Source(T("earlier points (not itemised)"), rest))
            notes = (T("eliminated"),) if p.out else ()
            found.append(Breakdown(seat, p.score, tuple(sources), notes))
        return tuple(found)

    def standings(self, state: ImpulseState) -> tuple[Standing, ...]:
        """Points scored so far (the race to the target score is public)."""
        return tuple(Standing(s, p.score, (T("eliminated"),) if p.out else ()) for s, p in enumerate(state.ps))

    score_measure = "Points"

    def progress(self, state: ImpulseState) -> Progress | None:
        """The round (a turn of every player) and each player's points."""
        number = state.turns // max(1, state.players) + 1
        return Progress(Round((number,), str(number)), self.standings(state))

    def teams(self, state: ImpulseState) -> tuple[int, ...] | None:
        """Each seat's team in the team variant."""
        if state.options.get("teams", "off") == "off":
            return None
        return tuple(p.team for p in state.ps)

    # ------------------------------------------------------------ information
    def _view(self, state: ImpulseState, seat: int | None) -> dict:
        return build_view(state, seat)

    def hidden_tokens(self, state: ImpulseState, viewer: int | None) -> set[str]:
        hidden = set(state.deck)
        hidden.update(c for c, up in zip(state.grid, state.face_up) if not up and c in CARDS)
        for s, p in enumerate(state.ps):
            if s != viewer:
                hidden.update(p.hand)
        for task in state.tasks:
            if task.kind == "home":
                hidden.update(c for s, c in task.data["picked"].items() if int(s) != viewer)
            if task.kind == "battle":
                for side, who in (("a", task.data["att"]), ("d", task.data["dfn"])):
                    if who != viewer and task.data[side]:
                        hidden.update(task.data[side])
        return hidden

    # ------------------------------------------------------------ bot players (games/core/levels.py)
    def baseline_choice(self, state: ImpulseState, seat: int) -> Any:
        return choose(self, state, seat)

    def redeal(self, state: ImpulseState, seat: int, rng: Rng) -> ImpulseState:
        return bot_levels.redeal(state, seat, rng)

    def search_pieces(self) -> SearchPieces:
        return bot_levels.PIECES

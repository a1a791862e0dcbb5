"""Petrichor rules: the GameRules implementation tying state, steps and flow together."""

from __future__ import annotations

from typing import ClassVar

from games.core import (Breakdown, Catalogue, Decision, Figure, GameOption, GameRules, IllegalChoice, Outcome, Progress,
                        Rng, Round, SearchPieces, Standing)
from games.core.i18n import Text

from .catalogue import CATALOGUE
from .explain import explain
from .figures import FIGURES
from . import board as B
from . import bot_levels
from . import flow
from .bot import choose
from .data import CARD_TYPE, DATA, WEATHERS, tile_list, track_points
from .messages import SOUTH_WIND, T
from .scoring import final_breakdown
from .state import PetrichorState, Step, Tile
from .steps import CELL_KINDS, apply_step, options, prompt
from .view import build_view

SUMMARY = T("""\
You are clouds. Over 4 (short) or 6 (long) rounds you water a field of crop tiles and score
when crops are harvested.
Action phase, clockwise: play a weather card (Frost: new white cloud with 1 drop on an empty
tile; Sun: 2 drops into a cloud holding yours; Wind: blow a cloud holding yours one tile,
clouds meet and merge; Rain: up to 2 clouds holding yours drop 1 drop each), or any two
cards as a third weather (one neither card shows). Then vote: put a marker on the card's
weather or the next one (Frost>Sun>Wind>Rain>Frost), or advance a harvest die for points.
While nobody has passed you may double-play (two identical cards, or any four as another
weather). Passing discards your hand, takes the first-player marker, and everyone else gets
one last turn; then hands are cut to 4.
Clouds turn dark at 4 drops and burst at 8. Weather phase: the two weathers with most votes
resolve in Frost, Sun, Wind, Rain order (all voted ones in the last round): Frost darkens
white clouds, Sun lets each player double their drops in one cloud (coffee grows), Wind lets
each player move 1 drop on the field, Rain empties dark clouds (rice grows). The biggest
voter on each winning weather moves up the vote track. Harvest comes on the last round or
when all 3 dice show wheat: sprouted crops score by each player's drops (rank ties share
the lower place). Final score adds vote-track points and 12 for the most wheat tokens.
Solo: play against South Wind, a 9-card deck plus d6 that acts before each of your turns.""")


class PetrichorRules(GameRules[PetrichorState]):
    slug: ClassVar[str] = "petrichor"
    title: ClassVar[str] = "Petrichor"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[GameOption, ...]] = (
        GameOption("length", T("Game length"), ("short", "long"), "short",
                   T("short: 4 rounds, long: 6 rounds.")),
    )
    summary: ClassVar[Text] = SUMMARY
    state_type: ClassVar[type] = PetrichorState

    def figures(self) -> dict[str, Figure]:
        return dict(FIGURES)

    def catalogue(self) -> Catalogue:
        return CATALOGUE

    def explain(self, state: PetrichorState, seat: int) -> tuple[Text, ...]:
        return explain(state, seat)

    # -- setup -------------------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, str]) -> PetrichorState:
        core = self.new_core(players, seed, options)
        rng = core["rng"]
        ncol = 2 if players == 1 else players
        rows, cols = DATA["field"][str(players)]
        tiles = tile_list()
        rng.shuffle(tiles)
        field = [Tile(id=tid, crop=crop, threshold=th, drops=[0] * ncol) for tid, crop, th in tiles[: rows * cols]]
        deck = list(CARD_TYPE)
        rng.shuffle(deck)
        state = PetrichorState(
            **core, ncol=ncol, rows=rows, cols=cols, tiles=field, deck=deck,
            supply=[DATA["drops_per_player"]] * ncol, markers=[DATA["markers_per_player"]] * ncol,
            votes={w: [0] * ncol for w in WEATHERS},
            dice=[rng.choice(DATA["die_faces"]) for _ in range(DATA["dice"])],
            score=[0] * ncol, track=[0] * ncol, wheat=[0] * ncol,
            hands=[[] for _ in range(players)], rounds=DATA["rounds"][options["length"]],
        )
        state.say(T("A {rows}x{cols} field is dealt; {n} rounds will be played.", rows=rows, cols=cols, n=state.rounds))
        flow.deal(state)
        if players == 1:
            state.steps.append(Step("auto_sw_place", 1))
        for seat in reversed(range(players)):
            state.steps.append(Step("place", seat))
        flow.settle(state)
        return state

    # -- decisions ---------------------------------------------------------------
    def _decision(self, state: PetrichorState, st: Step) -> Decision:
        opts = tuple(options(state, st))
        kw: dict = {}
        if st.kind in CELL_KINDS and all(o.id.startswith("cell:") for o in opts):
            kw["columns"] = state.cols
        if st.kind in ("cards", "keep"):
            kw["min_picks"] = kw["max_picks"] = st.n
        if st.kind == "keep":
            kw["secret"] = True  # simultaneous, and which cards are discarded stays hidden
        if st.kind == "tie" and st.n > 1:
            kw["min_picks"] = kw["max_picks"] = st.n
        return Decision(seat=st.seat, prompt=prompt(state, st), options=opts, **kw)

    def pending(self, state: PetrichorState) -> list[Decision]:
        if state.phase == "over" or not state.steps:
            return []
        head = state.steps[0]
        if head.kind == "keep":
            return [self._decision(state, st) for st in state.steps if st.kind == "keep"]
        return [self._decision(state, head)]

    def _apply(self, state: PetrichorState, decision: Decision, choice) -> None:
        idx = next((i for i, st in enumerate(state.steps)
                    if st.seat == decision.seat and (i == 0 or st.kind == "keep")), None)
        if idx is None:
            raise IllegalChoice(T("nothing to decide"))
        st = state.steps.pop(idx)
        if st.kind == "tie":
            picks = [choice] if isinstance(choice, str) else list(choice)
            flow.apply_tie(state, [p[2:] for p in picks])
        else:
            apply_step(state, st, choice)
        flow.settle(state)

    # -- end -----------------------------------------------------------------------
    def final_scores(self, state: PetrichorState) -> tuple[list[int], list[Text]]:
        totals = list(state.score)
        lines: list[Text] = []
        bonus = DATA["wheat_bonus"]
        most = max(state.wheat)
        wheat_lead = [c for c in range(state.ncol) if most > 0 and state.wheat[c] == most]
        for c in range(state.ncol):
            tp = track_points(state.track[c])
            wb = bonus // len(wheat_lead) if c in wheat_lead else 0
            totals[c] = state.score[c] + tp + wb
            lines.append(T("{seat}: {harvest} harvest/dice + {track} vote track (step {step}) + {bonus} wheat bonus "
                           "({wheat} wheat) = {total}", seat=B.who(state, c), harvest=state.score[c], track=tp,
                           step=state.track[c], bonus=wb, wheat=state.wheat[c], total=totals[c]))
        return totals, lines

    def breakdown(self, state: PetrichorState) -> tuple[Breakdown, ...]:
        return final_breakdown(state) if state.phase == "over" else ()

    def standings(self, state: PetrichorState) -> tuple[Standing, ...]:
        """Points if the game ended now: harvest and dice points, vote track, wheat bonus."""
        totals, _ = self.final_scores(state)
        return tuple(Standing(c if c < state.players else None, totals[c],
                              (T("harvest/dice {n}", n=state.score[c]), T("vote track step {n}", n=state.track[c]),
                               T("wheat {n}", n=state.wheat[c])), "" if c < state.players else SOUTH_WIND)
                     for c in range(state.ncol))

    score_measure = "Points"

    def progress(self, state: PetrichorState) -> Progress | None:
        """The round and each colour's points so far: harvest and dice points and the vote track
        (South Wind's too in a solo game; the wheat bonus comes only at the end)."""
        if not state.round:
            return None
        solo = state.players == 1
        scores = tuple(Standing(None if solo and c == 1 else c, state.score[c] + track_points(state.track[c]),
                                name=SOUTH_WIND if solo and c == 1 else "")
                       for c in range(state.ncol))
        return Progress(Round((state.round,), str(state.round)), scores)

    def difficulty(self, options: dict[str, str]) -> str:
        """The game's length stands for its difficulty in solo records."""
        return str(options.get("difficulty") or options.get("length") or "standard")

    def outcome(self, state: PetrichorState) -> Outcome | None:
        if state.phase != "over":
            return None
        totals, lines = self.final_scores(state)
        if state.players == 1:
            won = totals[0] > totals[1]
            lines.append(T("South Wind scores {n}. You beat South Wind!", n=totals[1]) if won
                         else T("South Wind scores {n}. South Wind wins (you must beat its score).", n=totals[1]))
            return Outcome(scores=(totals[0],), winners=(0,) if won else (), summary=tuple(lines),
                           opponent="" if won else SOUTH_WIND)
        best = max(totals)
        tied = [c for c in range(state.players) if totals[c] == best]
        if len(tied) > 1:
            top_track = max(state.track[c] for c in tied)
            tied = [c for c in tied if state.track[c] == top_track]
            lines.append(T("Tie on points: the player furthest on the vote track wins (still tied: shared win)."))
        return Outcome(scores=tuple(totals), winners=tuple(tied), summary=tuple(lines))

    # -- information ---------------------------------------------------------------
    def _view(self, state: PetrichorState, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def hidden_tokens(self, state: PetrichorState, viewer: int | None) -> set[str]:
        mine = set(state.hands[viewer]) if viewer is not None and 0 <= viewer < state.players else set()
        return set(CARD_TYPE) - mine

    # -- bot players (games/core/levels.py) -----------------------------------------------
    def baseline_choice(self, state: PetrichorState, seat: int):
        decision = self.decision_for(state, seat)
        if decision is None:
            raise IllegalChoice(T("seat {n} has nothing to decide", n=seat))
        return choose(self, state, decision)

    def redeal(self, state: PetrichorState, seat: int, rng: Rng) -> PetrichorState:
        return bot_levels.redeal(state, seat, rng)

    def search_pieces(self) -> SearchPieces:
        return bot_levels.PIECES

"""Terraforming Mars: Ares Expedition rules (GameRules implementation)."""

from __future__ import annotations

from games.core import (BadSetup, Breakdown, Catalogue, Decision, Figure, GameOption, GameRules, IllegalChoice, Outcome,
                        Progress, Rng, Round, SearchPieces, Source, Standing)

from games.core.i18n import Text

from . import bot_levels, flow
from .board import COOP, GAME, OCEAN_REWARDS
from .bot import choose as bot_choose
from .cards import CORP_IDS, PROJECT_IDS
from .catalogue import CATALOGUE
from .decisions import choose, decision
from .economy import all_maxed
from .explain import explain
from .figures import FIGURES
from .messages import T
from .effects import who
from .scoring import breakdown, scoring_cards, tiebreak
from .solo import coop_setup, new_dummy
from .state import AresState, Player, Task
from .view import build_view, hidden

SUMMARY = T("""\
Terraform Mars with project cards: raise temperature (-30 to +8 C), oxygen (0-14%) and flip 9 oceans.
Start: 5 TR, keep 1 of 2 corporations, 8 cards. Each round everyone secretly picks a phase card (not the
one picked last round); only picked phases run, in order I-V, and everyone acts in each at the same time;
the chooser gets the bonus. I Development: play a green card (chooser -3 MC). II Construction: play a blue
or red card (chooser: a second one or draw 1). III Action: each blue action once (chooser one twice),
standard actions and conversions (8 plants = forest, 8 heat = temperature, 20 MC forest, 14 MC
temperature, 15 MC ocean); left-over 8 heat / 8 plants must be converted. IV Production: MC = TR + MC
production, heat, plants, cards (chooser +4 MC). V Research: draw 2 keep 1 (chooser draw 5 keep 2).
Hand limit 10 (3 MC per card discarded). Steel -2 MC on building cards, titanium -3 MC on space cards;
any card sells for 3 MC (when paying, and any time in the Action phase). The game ends after the phase in
which all three parameters are maxed. VP = TR + forests + card VP; tie: heat + MC + 3 per hand card + plants.
Solo: terraform within 25 rounds against a dummy phase hand; each reshuffle of it gives novice 2 free steps
of oxygen or of temperature (advanced 1); free steps completing Mars end the game at once.
Co-op (2 players): always 15 rounds (until the cubes and markers run out, even when Mars is terraformed
earlier); win by terraforming with 80 VP together.""")


class AresRules(GameRules[AresState]):
    slug = "ares-expedition"
    title = "Terraforming Mars: Ares Expedition"
    min_players = 1
    max_players = 4
    options = (
        GameOption("difficulty", T("Solo difficulty"), ("novice", "advanced", "expert"), "novice",
                   T("1 player only: each time the dummy hand is reshuffled (4 times) novice gives 2 free steps "
                     "of oxygen or 2 of temperature (you choose), advanced 1 step; no TR; expert none.")),
        GameOption("setup", T("Setup"), ("standard", "advanced"), "standard",
                   T("'advanced' is the article's advanced rule: before choosing a corporation each player may "
                     "discard any of their 8 cards and draw as many new ones.")),
        GameOption("mode", T("Mode"), ("standard", "coop"), "standard",
                   T("2 players only: 'coop' is the article's cooperative game (27 copper cubes and 3 markers, "
                     "15 rounds, win by terraforming with 80 VP together).")),
    )
    summary = SUMMARY
    state_type = AresState

    def catalogue(self) -> Catalogue:
        return CATALOGUE

    def figures(self) -> dict[str, Figure]:
        return FIGURES

    def explain(self, state: AresState, seat: int) -> tuple[Text, ...]:
        return explain(state, seat)

    def _setup(self, players: int, seed: int, options: dict[str, str]) -> AresState:
        if options["mode"] == "coop" and players != 2:
            raise BadSetup(T("the co-op mode is for exactly 2 players"))
        if options["difficulty"] != "novice" and players != 1:
            raise BadSetup(T("difficulty is a solo option (1 player)"))
        state = AresState(**self.new_core(players, seed, options), pl=[Player() for _ in range(players)],
                          deck=list(PROJECT_IDS))
        state.rng.shuffle(state.deck)
        state.oceans = list(OCEAN_REWARDS)
        state.rng.shuffle(state.oceans)
        corps = list(CORP_IDS)
        state.rng.shuffle(corps)
        for p in state.pl:
            p.tr = GAME["start_tr"]
            p.hand = [state.deck.pop() for _ in range(GAME["start_hand"])]
            offer = [corps.pop() for _ in range(GAME["corp_offer"])]
            if options["setup"] == "advanced":
                p.queue.append(Task("mulligan", cards=list(offer)))
            p.queue.append(Task("corp", cards=offer))
        if players == 1:
            new_dummy(state)
        if options["mode"] == "coop":
            coop_setup(state)
        state.say(T("Ares Expedition begins: everyone keeps one of two corporations."))
        return state

    # -- decisions -----------------------------------------------------------------------------
    def pending(self, state: AresState) -> list[Decision]:
        if state.over:
            return []
        out = []
        for seat, p in enumerate(state.pl):
            if p.queue:
                d = decision(state, seat, p.queue[0])
                if d is not None:
                    out.append(d)
        return out

    def _apply(self, state: AresState, decision_: Decision, choice) -> None:
        seat = decision_.seat
        p = state.pl[seat]
        if not p.queue:
            raise IllegalChoice(T("nothing to decide"))
        choose(state, seat, p.queue[0], choice)
        flow.advance(state)

    # -- result --------------------------------------------------------------------------------
    def outcome(self, state: AresState) -> Outcome | None:
        if not state.over:
            return None
        parts = [breakdown(p) for p in state.pl]
        scores = tuple(b["total"] for b in parts)
        lines: list[Text] = [state.end_reason]
        for seat, b in enumerate(parts):
            lines.append(T("{seat}: {total} VP (TR {tr}, forests {forests}, cards {cards})", seat=who(seat),
                           total=b["total"], tr=b["tr"], forests=b["forests"], cards=b["cards"]))
        terraformed = all_maxed(state)
        winners: tuple[int, ...]
        if state.players == 1:
            winners = (0,) if terraformed else ()
            lines.append(T("Mars is terraformed: you win!") if terraformed else T("Mars is not terraformed: you lose."))
        elif state.options.get("mode") == "coop":
            total = sum(scores)
            won = terraformed and total >= COOP["goal_vp"]
            winners = (0, 1) if won else ()
            lines.append(T("Together {n} VP; you win together!", n=total) if won else
                         T("Together {n} VP; the goal was terraforming with {goal} VP: you lose.", n=total,
                           goal=COOP["goal_vp"]))
        else:
            key = [(scores[s], tiebreak(state.pl[s])) for s in range(state.players)]
            best = max(key)
            winners = tuple(s for s in range(state.players) if key[s] == best)
            if sum(1 for s in scores if s == best[0]) > 1:
                lines.append(T("Tie on VP: broken by heat + MC + 3 per hand card + plants."))
        return Outcome(scores, winners, tuple(line for line in lines if line))

    def breakdown(self, state: AresState) -> tuple[Breakdown, ...]:
        """Each player's VP by source (article 遊戲結束): TR, forests and the VP of played cards;
        in co-op, beside them, the VP together against the goal."""
        if not state.over:
            return ()
        parts = [breakdown(p) for p in state.pl]
        notes: tuple[Text, ...] = ()
        if state.options.get("mode") == "coop":
            notes = (T("together {n} of the {goal} VP the table needed", n=sum(b["total"] for b in parts),
                       goal=COOP["goal_vp"]),)
        return tuple(Breakdown(seat, b["total"], (
            Source(T("Terraform Rating"), b["tr"]),
            Source(T("forests"), b["forests"]),
            Source(T("VP on cards"), b["cards"], T("{n} card(s) with VP", n=scoring_cards(p)))), notes)
            for seat, (p, b) in enumerate(zip(state.pl, parts)))

    def standings(self, state: AresState) -> tuple[Standing, ...]:
        """VP if the game ended now (TR, forests and the VP of played cards are all public)."""
        parts = [breakdown(p) for p in state.pl]
        return tuple(Standing(seat, b["total"], (T("TR {n}", n=b["tr"]), T("forests {n}", n=b["forests"]),
                                                 T("cards {n}", n=b["cards"])))
                     for seat, b in enumerate(parts))

    score_measure = "VP"

    def progress(self, state: AresState) -> Progress | None:
        """The generation (round) and each player's VP if the game ended now."""
        if not state.round:
            return None
        return Progress(Round((state.round,), str(state.round)), self.standings(state))

    # -- information ---------------------------------------------------------------------------
    def _view(self, state: AresState, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def hidden_tokens(self, state: AresState, viewer: int | None) -> set[str]:
        return hidden(state, viewer)

    def skip_choice(self, state: AresState, seat: int):
        """Passing: play nothing more, finish the Action phase (mandatory conversions still
        happen), decline an optional effect. Other decisions are taken by the bot player."""
        d = self.decision_for(state, seat)
        if d is None:
            return None
        ids = {o.id for o in d.options}
        return next((pick for pick in ("pass", "done", "no", "skip") if pick in ids), None)

    # -- bot players (games/core/levels.py) ------------------------------------------------------
    def redeal(self, state: AresState, seat: int, rng: Rng) -> AresState:
        return bot_levels.redeal(state, seat, rng)

    def search_pieces(self) -> SearchPieces:
        return bot_levels.PIECES

    def baseline_choice(self, state: AresState, seat: int):
        d = self.decision_for(state, seat)
        if d is None:
            raise IllegalChoice(T("seat {n} has nothing to decide", n=seat))
        choice = bot_choose(state, seat, d)
        if d.max_picks == 1 and isinstance(choice, list):
            return choice[0]           # single picks are plain option ids
        return choice

"""Pocket Mars rules (GameRules implementation)."""

from __future__ import annotations

from games.core.i18n import Text
from games.core import (Breakdown, Catalogue, Decision, Figure, GameOption, GameRules, IllegalChoice, Outcome, Progress,
                        Rng, Round, SearchPieces, Standing)

from .catalogue import CATALOGUE
from .explain import explain
from . import bot_levels, flow
from .bot import choose as bot_choose
from .cards import CARD_IDS, CARDS, COLOUR, COLOURS, describe
from .effects import labels, who
from .figures import FIGURES
from .messages import AUTOMATON, T
from .scoring import breakdown, colonists_on_mars, final_breakdown
from .solo import AUTO
from .state import COLONISTS, DRAFT_DEAL, HAND_SIZE, PREP_SIZE, Building, Player, PMState, Step
from .view import build_view, hidden
from .wording import as_prep, both_halves

SUMMARY = T("""\
Race to move your 7 colonists from Earth to your ship and on to the four habitable buildings of Mars.
Each player keeps 2 cards in hand and 2 face down in a prep module (everyone sees the prep colours).
On your turn do ONE: play a hand card (its upper half); play one of your prep cards (it goes under the
building of its colour: if its value beats the card/value shown there, land a ship colonist in that
building's star area; then you may use its lower half, then the building ability); play another
player's prep card (they may use its lower half, you use the building ability); launch 1 colonist
from Earth to your ship; or discard a card for 1 energy (max 7).
Then everybody refills to 2 hand + 2 prep cards (4-card rule).
Abilities: Ecology moves any colonist between star/double star, Energy +1 energy, Science launches 1,
Water tucks one of your cards under the deck, Construction lands a ship colonist anywhere.
The game ends after the round in which someone has all 7 colonists on Mars.
Score: ship 1, star 2, double star 4 (room for 1 with 2 players, 2 with 3-4), +2 for a colonist in all
four buildings, +3 for 4 of yours in one building, +1 for the highest energy (ties all score).
Tie: most colonists on Mars. Solo (1 player): beat the Devious Automatics; see /rules.""")


DIFFICULTY = {"normal": 5, "hard": 6, "brutal": 7}   # colonists on the automaton's ship at the start


class PocketMarsRules(GameRules[PMState]):
    slug = "pocket-mars"
    title = "Pocket Mars"
    min_players = 1
    max_players = 4
    options = (
        GameOption("difficulty", T("Solo difficulty"), tuple(DIFFICULTY), "normal",
                   T("Only used with 1 player: Devious Automatics start with 5 (normal), 6 (hard) or 7 (brutal) "
                     "colonists on their ship.")),
        GameOption("setup", T("Card setup"), ("deal", "draft"), "deal",
                   T("2-4 players: 'draft' is the article's variant - deal 5 each, keep 1 and pass the rest to the "
                     "left until everyone kept 4; leftovers are shuffled back into the deck.")),
    )
    summary = SUMMARY
    state_type = PMState

    def figures(self) -> dict[str, Figure]:
        return dict(FIGURES)

    def catalogue(self) -> Catalogue:
        return CATALOGUE

    def explain(self, state: PMState, seat: int) -> tuple[Text, ...]:
        return explain(state, seat)

    # -- setup ---------------------------------------------------------------------------
    def _setup(self, players: int, seed: int, options: dict[str, str]) -> PMState:
        solo = players == 1
        colonies = 2 if solo else players
        pl = [Player() for _ in range(colonies)]
        if solo:
            ship = DIFFICULTY[options["difficulty"]]
            pl[AUTO] = Player(ship=ship, earth=COLONISTS - ship, auto=True)
        state = PMState(
            **self.new_core(players, seed, options),
            pl=pl,
            buildings=[Building(c, star=[0] * colonies, dstar=[0] * colonies) for c in COLOURS],
            deck=list(CARD_IDS),
            solo=solo,
        )
        state.rng.shuffle(state.deck)
        if not solo and options.get("setup") == "draft":
            state.packs = [[state.deck.pop() for _ in range(DRAFT_DEAL)] for _ in range(players)]
            state.draft_picks = HAND_SIZE + PREP_SIZE
        else:
            for s in range(players):
                state.pl[s].hand = [state.deck.pop() for _ in range(HAND_SIZE + PREP_SIZE)]
        if solo:
            state.pl[AUTO].prep = [state.deck.pop() for _ in range(2)]
            state.start = 0
        else:
            state.start = state.rng.randrange(players)
        state.turn = state.start
        state.setup_waiting = list(range(players))
        state.say(T("Pocket Mars begins. {colony} is the start player.", colony=who(state, state.start)))
        return state

    # -- decisions -----------------------------------------------------------------------
    def pending(self, state: PMState) -> list[Decision]:
        if state.over:
            return []
        if state.packs:
            return [Decision(s, T("Draft: keep 1 of these {n} cards; the rest pass to the player on your left "
                                  "({picks} pick(s) to go).", n=len(state.packs[s]), picks=state.draft_picks),
                             flow.card_options(state.packs[s], both_halves), secret=True)
                    for s in state.setup_waiting]
        if state.setup_waiting:
            return [Decision(s, T("Setup: choose 2 of your 4 cards to place face down in your prep module "
                                  "(the rest stay in hand)."),
                             flow.card_options(state.pl[s].hand, lambda c: as_prep(state, c)),
                             min_picks=2, max_picks=2, secret=True)
                    for s in state.setup_waiting]
        if not state.steps:
            return []
        d = flow.decision(state, state.steps[0])
        return [d] if d is not None else []

    def _apply(self, state: PMState, decision: Decision, choice) -> None:
        s = decision.seat
        if state.packs:
            self._draft(state, s, choice.split(":", 1)[1])
            return
        if state.setup_waiting:
            p = state.pl[s]
            picks = [c.split(":", 1)[1] for c in choice]
            for c in picks:
                p.hand.remove(c)
                p.prep.append(c)
            state.setup_waiting.remove(s)
            state.say(T("{colony} has prepared their module.", colony=who(state, s)))
            state.say(T("You prepared {cards}.", cards=labels(picks)), seat=s)
            if not state.setup_waiting:
                colours = tuple(T("{colony}: {colours}", colony=who(state, t),
                                  colours=tuple(COLOUR[CARDS[c].colour] for c in state.pl[t].prep))
                                for t in range(len(state.pl)))
                state.say(T("Prep modules are ready ({modules}). Round 1 begins.", modules=colours))
                state.steps = [Step("turn", state.start)]
            return
        if not state.steps:
            raise IllegalChoice(T("nothing to decide"))
        st = state.steps.pop(0)
        flow.choose(state, st, choice)
        flow.advance(state)

    def _draft(self, state: PMState, s: int, cid: str) -> None:
        """Article 遊戲設置 05 變體: keep 1, pass the rest left; after 4 picks shuffle the leftovers back."""
        state.packs[s].remove(cid)
        state.pl[s].hand.append(cid)
        state.setup_waiting.remove(s)
        state.say(T("{colony} keeps a card from their draft pack.", colony=who(state, s)))
        state.say(T("You keep {card}.", card=CARDS[cid].label), seat=s)
        if state.setup_waiting:
            return
        state.draft_picks -= 1
        state.setup_waiting = list(range(state.players))
        if state.draft_picks > 0:
            n = state.players
            state.packs = [state.packs[(t - 1) % n] for t in range(n)]   # seat t receives from its right
            state.say(T("Draft packs pass to the left."))
            return
        left = [c for pack in state.packs for c in pack]
        state.packs = []
        state.deck.extend(left)
        state.rng.shuffle(state.deck)
        state.say(T("The draft is over: {n} card(s) are shuffled back into the deck. Now choose prep modules.",
                    n=len(left)))

    # -- result --------------------------------------------------------------------------
    def outcome(self, state: PMState) -> Outcome | None:
        if not state.over:
            return None
        colonies = range(len(state.pl))
        parts = {t: breakdown(state, t) for t in colonies}
        key = {t: (parts[t]["total"], colonists_on_mars(state, t)) for t in colonies}
        best = max(key.values())
        top = [t for t in colonies if key[t] == best]
        lines = [state.end_reason]
        for t in colonies:
            b = parts[t]
            lines.append(T("{colony}: {total} (ship {ship}, star {star}, double star {double_star}, all four "
                           "{all_four}, four in one {four_in_one}, energy {energy}; {on_mars} on Mars)",
                           colony=who(state, t), total=b["total"], ship=b["ship"], star=b["star"],
                           double_star=b["double_star"], all_four=b["all_four"], four_in_one=b["four_in_one"],
                           energy=b["energy"], on_mars=colonists_on_mars(state, t)))
        tied = [t for t in colonies if parts[t]["total"] == best[0]]
        if len(tied) > 1:
            lines.append(T("Tie on points: broken by colonists on Mars; still tied, victory shared.") if len(top) > 1
                         else T("Tie on points: broken by colonists on Mars."))
        winners = tuple(t for t in top if not state.pl[t].auto)
        if state.solo:
            lines.append(T("You beat the {automaton}!", automaton=AUTOMATON) if winners
                         else T("{automaton} win.", automaton=AUTOMATON))
        scores = tuple(parts[t]["total"] for t in range(state.players))
        beaten_by = AUTOMATON if state.solo and not winners else ""
        return Outcome(scores, winners, tuple(line for line in lines if line), beaten_by)

    def breakdown(self, state: PMState) -> tuple[Breakdown, ...]:
        return final_breakdown(state) if state.over else ()

    def standings(self, state: PMState) -> tuple[Standing, ...]:
        """Points if the game ended now (colonists' places and energy are public)."""
        found = []
        for t in range(len(state.pl)):
            b = breakdown(state, t)
            terms = (T("ship {n}", n=b["ship"]), T("star {n}", n=b["star"]), T("double star {n}", n=b["double_star"]),
                     T("all four {n}", n=b["all_four"]), T("four in one {n}", n=b["four_in_one"]),
                     T("energy {n}", n=b["energy"]))
            auto = state.pl[t].auto
            found.append(Standing(None if auto else t, b["total"], terms, AUTOMATON if auto else ""))
        return tuple(found)

    score_measure = "Points"

    def progress(self, state: PMState) -> Progress | None:
        """The round and each colony's points if the game ended now (the automaton's too)."""
        if not state.round:
            return None
        return Progress(Round((state.round,), str(state.round)), self.standings(state))

    # -- information -----------------------------------------------------------------------
    def _view(self, state: PMState, seat: int | None) -> dict:
        return build_view(self, state, seat)

    def hidden_tokens(self, state: PMState, viewer: int | None) -> set[str]:
        return hidden(state, viewer)

    # -- bot players (games/core/levels.py) -------------------------------------------------
    def baseline_choice(self, state: PMState, seat: int):
        decision = self.decision_for(state, seat)
        if decision is None:
            raise IllegalChoice(T("seat {n} has nothing to decide", n=seat))
        return bot_choose(state, seat, decision)

    def redeal(self, state: PMState, seat: int, rng: Rng) -> PMState:
        return bot_levels.redeal(state, seat, rng)

    def search_pieces(self) -> SearchPieces:
        return bot_levels.PIECES
